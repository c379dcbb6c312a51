//! Runs a [`Command`] inline through the one command path
//! (`effects::run`, then `effects::apply`) and re-reads what its outcome
//! changed. Its own file so that `command.rs`, which the files that make
//! commands import, does not import `effects` (which runs them).

use super::outcome::{error_text, Changed, Outcome};
use super::{Command, Model};
use crate::app::App;

/// Runs a command against the club through the one command path
/// (`effects::run`, then `effects::apply`) and re-reads what its outcome
/// says it changed (`Model::reread`). Errors
/// become the status line (translated prefix, the app's message).
pub fn execute(app: &mut App, m: &mut Model, cmd: Command) {
    m.popups.busy = None;
    let r = super::effects::run(app, m.lang, &cmd, &|_, _| {});
    let submitted = m.form_state.submitted.take();
    let ui = m.ui();
    if let (Command::Teams(_), Some(t)) = (&cmd, m.open.teams.as_mut()) {
        t.ran(&ui, r.as_ref().map(|_| ()));
    }
    let next_open = matches!(r, Ok(Outcome::Recorded { .. }));
    // A command that failed wrote nothing (each write is one transaction),
    // but the club is read again all the same: it may have changed behind
    // the model (another program, the worker).
    let changed = r.as_ref().map_or(Changed::Everything, |o| o.changed());
    match r {
        Ok(o) => {
            if matches!(
                cmd,
                Command::SwapColours { .. } | Command::SwapPlayers { .. }
            ) {
                m.marks.insist = None;
            }
            super::effects::apply(m, o);
        }
        Err(e) => {
            let text = error_text(m.lang, &e);
            // The form comes back as typed, the error under it (a long
            // one in a box when no form comes back).
            if let (None, Some(f)) = (&m.popups.modal, submitted) {
                m.set_form(f);
            }
            m.say(format!("{}: {text}", m.t("tui.err.prefix")), true);
        }
    }
    if let Err(e) = m.reread(app, changed) {
        let text = error_text(m.lang, &e);
        m.say(format!("{}: {text}", m.t("tui.err.prefix")), true);
    }
    if next_open {
        m.next_unfinished();
        if let Some(t) = m.open.teams.as_mut() {
            t.after_result();
        }
    }
    let n = m.rows();
    let s = m.sel_mut();
    if *s >= n {
        *s = n.saturating_sub(1);
    }
}
