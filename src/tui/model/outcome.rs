//! What a command came to ([`Outcome`]) and what it changed in the club
//! ([`Changed`]): the one answer `effects::run` gives, inline or from the
//! worker, that `effects::apply` puts on the model and `Model::reread`
//! reads again. Its own file so that the files that make outcomes (the
//! boards, printing, the worker) need not import `effects`, which calls
//! them.

use super::{Command, Form, Tab};
use crate::app::{EventId, RoundNo};
use crate::domain::Event;
use crate::history::HeadToHead;
use crate::i18n::Lang;
use crate::tui::archive::ArchiveDone;
use crate::tui::checkin::CheckInView;
use crate::tui::log::LogView;
use crate::tui::pages::Loaded;

/// What a command changed in the club, so the model re-reads only that
/// (`Model::reread`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Nothing was written: a question, a pop-up, a page read.
    Nothing,
    /// Nothing was written, but another event is open: its tabs are read.
    OpenedEvent,
    /// A result of `round` of `event`: that event's round, games and tables
    /// (the members, the events list and the other rounds are as they were).
    Results { event: EventId, round: RoundNo },
    /// Anything: the members, the events list, the open event.
    Everything,
}

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
    /// A question before `then` runs.
    Ask { question: String, then: Command },
    /// A page read from the club.
    Loaded(Loaded),
    /// A text in a box until a key (a player's tie-break breakdown).
    Notice(String),
    /// An event to open on `tab` (`None`: the Round tab once a round is
    /// paired, else Players).
    /// Another round of the open event was picked: its tabs are read.
    RoundShown,
    Opened {
        event: Box<Event>,
        paired: u32,
        tab: Option<Tab>,
        message: Option<String>,
        /// The event was just made (the events list has a new row).
        created: bool,
    },
    /// Players were entered: the picker closes.
    Entered(String),
    /// The last round was removed: the tabs show the last paired again.
    Unpaired(String),
    /// A result of `round` of `event` was stored: the Results tab moves
    /// on to the next board without one.
    Recorded {
        message: String,
        event: EventId,
        round: RoundNo,
    },
    /// A form to open (after a question was answered yes).
    Form(Box<Form>),
    /// A ruling on a game of `round` of `event` was stored: the dialog
    /// closes.
    Ruled {
        message: String,
        event: EventId,
        round: RoundNo,
    },
    /// A head-to-head for the member page.
    HeadToHead(Box<HeadToHead>),
    /// What the archive screen read.
    Archive(ArchiveDone),
    /// What the Season screen read.
    Season(crate::tui::season::SeasonDone),
    /// The action log to show, and what was done.
    Log(LogView, Option<String>),
    /// The check-in pop-up to open.
    CheckIn(CheckInView),
    /// The pages are served: where, and the QR code of the event's page.
    Served { lines: Vec<String>, qr: Vec<String> },
}

impl Outcome {
    /// What the command that came to this changed in the club.
    pub fn changed(&self) -> Changed {
        match self {
            Outcome::Ask { .. }
            | Outcome::Notice(_)
            | Outcome::Form(_)
            | Outcome::Loaded(_)
            | Outcome::HeadToHead(_) => Changed::Nothing,
            Outcome::Opened { created: false, .. } | Outcome::RoundShown => Changed::OpenedEvent,
            Outcome::Recorded { event, round, .. } | Outcome::Ruled { event, round, .. } => {
                Changed::Results {
                    event: *event,
                    round: *round,
                }
            }
            _ => Changed::Everything,
        }
    }
}

/// An app error in the UI language: every error is a keyed message, its
/// arguments (names, paths, numbers) inserted as they are.
pub fn error_text(lang: Lang, e: &crate::app::AppError) -> String {
    use crate::pairing::PairingError;
    match e {
        // A round the rules leave unpaired: the way on (on the Round tab)
        // first, as the status line cuts a long reason.
        crate::app::AppError::Pairing(PairingError::NoLegalPairing { .. }) => format!(
            "{} · {}",
            crate::i18n::tr(lang, "tui.hint.set_boards"),
            e.render(lang)
        ),
        _ => e.render(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_the_rules_cannot_pair_points_to_pairing_by_hand() {
        let e = crate::app::AppError::Pairing(crate::pairing::PairingError::NoLegalPairing {
            round: 2,
            why: crate::i18n::msg!("err.pairing.cxa_bottom", ids = "1, 3"),
        });
        for (lang, hint) in [
            (Lang::ZhHans, "按 M 手工编排本轮"),
            (Lang::ZhHant, "按 M 手工編排本輪"),
            (Lang::En, "press M to pair this round by hand"),
        ] {
            let t = error_text(lang, &e);
            assert!(t.starts_with(hint) && t.contains("1, 3"), "{t}");
        }
        let other = crate::app::AppError::Invalid(crate::i18n::msg!("tui.err.clock"));
        assert!(!error_text(Lang::En, &other).contains("press M"));
    }
}
