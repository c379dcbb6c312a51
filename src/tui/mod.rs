//! The terminal UI, Elm-style: a [`Model`], keys resolved to [`Action`]s
//! through the one [`keymap`] table, [`update`] returning [`Command`]s that
//! [`execute`] runs against the app layer, and a side-effect-free [`view`].

pub mod keymap;
pub mod model;
pub mod view;

pub use keymap::{Action, Ctx, KEYMAP};
pub use model::{execute, update, Command, Component, Model, Screen, Tab};
pub use view::view;

use crate::app::App;
use crossterm::event::{self, Event, KeyEventKind};
use std::time::Duration;

/// Feeds one key through handle → update → execute (what the event loop
/// does; tests drive the UI with it). `redraw` is called before long work
/// so the "pairing…" frame is on screen while the work runs.
pub fn press(
    app: &mut App,
    m: &mut Model,
    key: crossterm::event::KeyEvent,
    redraw: &mut dyn FnMut(&Model),
) {
    if let Some(action) = m.handle(key) {
        if let Some(cmd) = update(m, action) {
            if m.busy.is_some() {
                redraw(m);
            }
            execute(app, m, cmd);
        }
    }
}

/// Runs the TUI until the user quits. The terminal is restored on every
/// exit path: normal return, error, and panic (ratatui's hook).
pub fn run(mut app: App) -> std::io::Result<()> {
    let mut model = Model::load(&app).map_err(std::io::Error::other)?;
    let mut terminal = ratatui::init();
    let result = (|| -> std::io::Result<()> {
        loop {
            terminal.draw(|f| view(&model, f))?;
            if model.quit {
                return Ok(());
            }
            if !event::poll(Duration::from_millis(250))? {
                continue;
            }
            match event::read()? {
                Event::Key(k) if k.kind == KeyEventKind::Press => {
                    let mut redraw = |m: &Model| {
                        let _ = terminal.draw(|f| view(m, f));
                    };
                    press(&mut app, &mut model, k, &mut redraw);
                }
                _ => {}
            }
        }
    })();
    ratatui::restore();
    result
}
