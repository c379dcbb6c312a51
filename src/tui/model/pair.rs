//! Pairing the next round from the TUI (the `p` key, a check-in's pair):
//! the round said with its notes, or, when the club rule is what blocks
//! it, the question whether clubmates may meet in this round.

use super::outcome::Outcome;
use super::Command;
use crate::app::{App, EventId};
use crate::i18n::{tr, Lang};

/// Pairs the next round of `event`; `checked` is what a check-in before
/// it saved, said first.
pub(super) fn pair(
    app: &mut App,
    lang: Lang,
    event: EventId,
    checked: Option<String>,
) -> crate::app::Result<Outcome> {
    let o = match app.pair_next_round(event) {
        Err(
            e @ crate::app::AppError::Pairing(crate::pairing::PairingError::NoLegalPairing {
                ..
            }),
        ) if app.club_rule_blocks(event)? => {
            // The club rule blocks the round: the arbiter may relax it for
            // this round, every other rule kept.
            return Ok(Outcome::Ask {
                question: format!(
                    "{}\n\n{}",
                    super::outcome::error_text(lang, &e),
                    tr(lang, "tui.confirm.allow_clubmates")
                ),
                then: Command::PairAllowingClubmates(event),
            });
        }
        r => r?,
    };
    paired(lang, &o, checked)
}

/// What a paired round says: the round, after what a check-in saved.
fn paired(
    lang: Lang,
    o: &crate::app::PairOutcome,
    checked: Option<String>,
) -> crate::app::Result<Outcome> {
    let paired = format!("{} {}", tr(lang, "tui.msg.paired"), o.round);
    Ok(Outcome::Paired {
        message: match checked {
            Some(c) => format!("{c}; {paired}"),
            None => paired,
        },
        notice: super::pairing_notice(lang, &o.pairing.notes),
    })
}

/// Pairs the next round of `event` with clubmates allowed to meet, as the
/// arbiter agreed after the club rule refused it.
pub(super) fn pair_allowing_clubmates(
    app: &mut App,
    lang: Lang,
    event: EventId,
) -> crate::app::Result<Outcome> {
    paired(lang, &app.pair_allowing_clubmates(event)?, None)
}
