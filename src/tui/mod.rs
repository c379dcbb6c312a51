//! The terminal UI, Elm-style: a [`Model`], keys resolved to [`Action`]s
//! through the one [`keymap`] table, [`update`] returning [`Command`]s that
//! [`execute`] runs against the app layer, and a side-effect-free [`view`].

pub mod checkin;
pub mod component;
pub mod draw;
pub mod keymap;
pub mod log;
pub mod model;
pub mod page_cmd;
pub mod picker;
pub mod search;
pub mod view;

// The model's own parts, under their old names.
pub use model::{boards, effects, entry, worker};

pub use keymap::{Action, Ctx, KEYMAP};
pub use model::{execute, update, Command, Component, Model, Screen, Tab, PRINT_DOCS};
pub use view::view;

// The pages over the screen: ruling dialog, member page, statistics.
pub mod judge;
pub mod member;
pub mod pages;
pub mod stats;

// The archive, the Bracket tab of a knockout, the season screen, the Teams
// tab of a team event.
pub mod archive;
pub mod bracket;
pub mod season;
pub mod teams;

// The Prizes tab of an individual event.
pub mod prizes;

use crate::app::App;
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use std::time::Duration;

/// Feeds one key through handle → update → dispatch (what the event loop
/// does; tests drive the UI with it). While a worker runs, only Ctrl-C
/// counts (it quits); other keys are ignored with a word on the status line.
pub fn press(
    app: &mut App,
    m: &mut Model,
    key: crossterm::event::KeyEvent,
    redraw: &mut dyn FnMut(&Model),
) {
    if m.job().is_some() {
        let ctrl_c = key.code == crossterm::event::KeyCode::Char('c')
            && key
                .modifiers
                .contains(crossterm::event::KeyModifiers::CONTROL);
        if ctrl_c {
            update(m, Action::ForceQuit);
        } else {
            m.say(m.t("tui.msg.busy_wait"), false);
        }
        return;
    }
    // The visible tab's data, read if a result made it stale (also before
    // the key: a key may act on the tab's rows).
    m.fill(app);
    if let Some(action) = m.handle(key) {
        if let Some(cmd) = update(m, action) {
            dispatch(app, m, cmd, redraw);
        }
    }
    m.fill(app);
}

/// Runs a command from `update`: long work (pairing, imports, history
/// pages) on a worker
/// thread when the club is a file, everything else here. `redraw` shows
/// the busy frame before long work that has to run here (in-memory clubs).
pub fn dispatch(app: &mut App, m: &mut Model, cmd: Command, redraw: &mut dyn FnMut(&Model)) {
    if worker::is_long(&cmd) {
        if let Some(job) = worker::start(app, m.lang(), cmd.clone()) {
            m.start_job(job);
            return;
        }
        m.set_busy(m.t(worker::label(&cmd)));
    }
    if m.busy().is_some() {
        redraw(m);
    }
    execute(app, m, cmd);
}

/// The action of a left click at (`column`, `row`) on a screen `width`
/// wide: a header tab, or a list row (only without a modal open). Rows are
/// counted from the top of the list as drawn on a tall screen; see
/// [`click_in`] for a list scrolled to its selection.
pub fn click(m: &Model, width: u16, column: u16, row: u16) -> Option<Action> {
    click_in(m, width, u16::MAX, column, row)
}

/// As [`click`] on a screen `width` × `height`: a click on a list row
/// counts the rows scrolled off above it.
pub fn click_in(m: &Model, width: u16, height: u16, column: u16, row: u16) -> Option<Action> {
    if row >= height.saturating_sub(2) {
        return None; // the status line and the key bar
    }
    match click_line(m, width, column, row)? {
        Action::SelectRow(i) => {
            // A team match's header line selects nothing.
            let i = view::row_of_line(m, i + view::list_offset(m, height))?;
            Some(boards::seat_at(m, i, column).unwrap_or(Action::SelectRow(i)))
        }
        other => Some(other),
    }
}

fn click_line(m: &Model, width: u16, column: u16, row: u16) -> Option<Action> {
    if m.modal().is_some() || m.job().is_some() {
        return None;
    }
    if row == 0 {
        return view::tab_at(m, width, column).map(Action::SelectTab);
    }
    if row >= view::FIRST_ROW_LINE {
        Some(Action::SelectRow((row - view::FIRST_ROW_LINE) as usize))
    } else {
        None
    }
}

/// The `[keys]` of config.toml, checked before the TUI starts: an unknown
/// action or key is refused with its line and column.
pub fn check_keys(config: &crate::config::Config) -> Result<(), crate::config::ConfigError> {
    keymap::Keymap::from_config(config).map(|_| ())
}

/// Runs the TUI until the user quits. The terminal is restored on every
/// exit path: normal return, error, and panic (ratatui's hook).
pub fn run(mut app: App) -> std::io::Result<()> {
    let mut model = Model::load(&app).map_err(std::io::Error::other)?;
    let mut terminal = ratatui::init();
    // Mouse reporting is on for clicks on tabs and rows; every exit path
    // turns it off again (the panic hook too, before ratatui's restores).
    let _ = crossterm::execute!(std::io::stdout(), EnableMouseCapture);
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = crossterm::execute!(std::io::stdout(), DisableMouseCapture);
        prev(info);
    }));
    let result = (|| -> std::io::Result<()> {
        // Players' reports come from the served pages at any time: read
        // again every two seconds (one indexed query).
        let mut reports_read = std::time::Instant::now();
        loop {
            worker::poll(&mut app, &mut model);
            if reports_read.elapsed() >= Duration::from_secs(2) {
                model.refresh_reports(&app);
                reports_read = std::time::Instant::now();
            }
            model.set_status_width(terminal.size()?.width);
            terminal.draw(|f| view(&model, f))?;
            if model.quitting() {
                return Ok(());
            }
            // The spinner turns ten times a second while a worker runs.
            let wait = if model.job().is_some() { 100 } else { 250 };
            if !event::poll(Duration::from_millis(wait))? {
                continue;
            }
            match event::read()? {
                Event::Key(k) if k.kind == KeyEventKind::Press => {
                    let mut redraw = |m: &Model| {
                        let _ = terminal.draw(|f| view(m, f));
                    };
                    press(&mut app, &mut model, k, &mut redraw);
                }
                Event::Mouse(me) if me.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let size = terminal.size()?;
                    if let Some(a) = click_in(&model, size.width, size.height, me.column, me.row) {
                        if let Some(cmd) = update(&mut model, a) {
                            dispatch(&mut app, &mut model, cmd, &mut |_| {});
                        }
                        model.fill(&app);
                    }
                }
                _ => {}
            }
        }
    })();
    let _ = crossterm::execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}
