//! The terminal UI. Until the full screens land: the club's name and a
//! quit key, with the terminal restored on every exit path.

use crate::app::App;
use crate::i18n::tr;
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

/// Draws the home screen.
pub fn view(app: &App, frame: &mut Frame) {
    let lang = app.lang();
    let area = frame.area();
    let [main, bar] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    let title = format!(" {} ", tr(lang, "app.title"));
    let body = Paragraph::new(app.config.club.clone())
        .alignment(Alignment::Center)
        .block(Block::default().borders(Borders::ALL).title(title));
    frame.render_widget(body, main);
    frame.render_widget(Paragraph::new(tr(lang, "app.quit_hint")), bar);
}

/// Runs the TUI until the user quits.
pub fn run(app: App) -> std::io::Result<()> {
    let mut terminal = ratatui::init();
    let result = (|| -> std::io::Result<()> {
        loop {
            terminal.draw(|f| view(&app, f))?;
            if let Event::Key(k) = event::read()? {
                if k.kind != KeyEventKind::Press {
                    continue;
                }
                let ctrl_c =
                    k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL);
                if ctrl_c || k.code == KeyCode::Char('q') {
                    return Ok(());
                }
            }
        }
    })();
    ratatui::restore();
    result
}
