//! One command path for the work that may run off the event loop (pairing
//! a round, a member import and its preview, a member page, statistics):
//! [`run`] does it against an [`App`] and says what came of it as an
//! [`Outcome`]; [`apply`] puts that on the model. The worker thread runs
//! `run` on its own `App` and sends the `Outcome` back; an in-memory club
//! (tests) runs the very same `run` inline. So tests and users take one
//! path.

use super::{read_error, Command, Confirm, Model, Tab};
use crate::app::App;
use crate::i18n::{tr, Lang};
use crate::tui::pages::Loaded;

/// What a command came to, for the model.
#[derive(Debug)]
pub enum Outcome {
    /// A line for the status bar (none when empty).
    Said(String),
    /// A round was paired: the status line and the pairing notes.
    Paired {
        message: String,
        notice: Option<String>,
    },
    /// A question before `then` runs (the member import's preview).
    Ask { question: String, then: Command },
    /// A page read from the club.
    Loaded(Loaded),
}

/// Runs a long command against `app`, calling `progress(done, total)`
/// where the work counts rows. Other commands are refused (they change
/// the model as they run; see `model::execute`).
pub fn run(
    app: &mut App,
    lang: Lang,
    cmd: &Command,
    progress: &dyn Fn(usize, usize),
) -> crate::app::Result<Outcome> {
    let t = |k: &str| tr(lang, k).to_string();
    Ok(match cmd {
        Command::PairNext(ev) => {
            let o = app.pair_next_round(&ev.to_string())?;
            Outcome::Paired {
                message: format!("{} {}", t("tui.msg.paired"), o.round),
                notice: super::pairing_notice(lang, &o.pairing.notes),
            }
        }
        Command::PairPresent {
            event,
            present,
            excused,
        } => {
            let checked = crate::tui::checkin::save(app, lang, *event, present, excused)?;
            let o = app.pair_next_round(&event.to_string())?;
            Outcome::Paired {
                message: format!("{checked}; {} {}", t("tui.msg.paired"), o.round),
                notice: super::pairing_notice(lang, &o.pairing.notes),
            }
        }
        Command::PreviewImport(path) => Outcome::Ask {
            question: super::import_preview_text(app, lang, path)?,
            then: Command::ImportMembers(path.clone()),
        },
        Command::ImportMembers(path) => {
            let bytes = std::fs::read(path).map_err(|e| read_error(path, &e))?;
            let r = app.import_members_with(&bytes, path, true, progress)?;
            Outcome::Said(format!("{}: {}", t("tui.msg.imported"), r.added))
        }
        Command::Page(page) if crate::tui::pages::is_long(page) => {
            match crate::tui::pages::load(app, page)? {
                Some(l) => Outcome::Loaded(l),
                None => Outcome::Said(String::new()),
            }
        }
        other => {
            return Err(crate::app::AppError::Invalid(crate::i18n::msg!(
                "tui.err.not_on_worker",
                command = format!("{other:?}")
            )))
        }
    })
}

/// Puts an outcome on the model.
pub fn apply(m: &mut Model, o: Outcome) {
    match o {
        Outcome::Said(message) => {
            if !message.is_empty() {
                m.status = Some((message, false));
            }
        }
        Outcome::Paired { message, notice } => {
            // The Teams and Bracket tabs show the new round themselves.
            if !matches!(m.tab, Tab::Teams | Tab::Bracket) {
                m.tab = Tab::Round;
            }
            m.round_sel = None;
            m.row_sel = 0;
            if let Some(n) = notice {
                m.set_notice(n);
            }
            m.status = Some((message, false));
        }
        Outcome::Ask { question, then } => {
            m.ask(Confirm {
                message: question,
                command: then,
            });
        }
        Outcome::Loaded(l) => m.show(l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::domain::{EventSettings, NewMember};

    fn club() -> (App, i64) {
        let mut app = App::in_memory(Config {
            language: Some(Lang::En),
            ..Config::default()
        })
        .unwrap();
        for n in ["甲", "乙", "丙", "丁"] {
            app.add_member(&NewMember {
                name: n.into(),
                ..Default::default()
            })
            .unwrap();
        }
        let e = app
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let all: Vec<String> = (1..=4).map(|i| i.to_string()).collect();
        app.enter_players("E", &all).unwrap();
        (app, e.id)
    }

    #[test]
    fn a_pairing_outcome_moves_the_model_to_the_round() {
        let (mut app, ev) = club();
        let o = run(&mut app, Lang::En, &Command::PairNext(ev), &|_, _| {}).unwrap();
        let Outcome::Paired { message, .. } = &o else {
            panic!("{o:?}")
        };
        assert_eq!(message, "paired round 1");
        assert_eq!(app.rounds_paired(crate::app::EventId(ev)).unwrap(), 1);
        let mut m = Model::load(&app).unwrap();
        m.load_event(&app, ev).unwrap();
        apply(&mut m, o);
        assert_eq!(m.tab, Tab::Round);
        assert_eq!(m.status, Some(("paired round 1".into(), false)));
    }

    #[test]
    fn commands_that_change_the_model_as_they_run_are_refused() {
        let (mut app, _) = club();
        let e = run(&mut app, Lang::En, &Command::Undo, &|_, _| {}).unwrap_err();
        assert_eq!(e.msg().key, "tui.err.not_on_worker");
    }
}
