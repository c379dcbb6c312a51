//! Moving players between boards on the Round tab (the arbiter's manual
//! change). Select a board, press `m`: its red player is marked (←/→ marks
//! the black one instead). Go to another board, pick a side with ←/→ and
//! press `m` again: the two players change places. A change that breaks a
//! pairing rule (rematch, colour limit, forbidden pair, …) is not stored:
//! a dialog names the rule broken, `y` stores it anyway, `n` cancels.
//! Moves are refused once results are in.

use super::outcome::Outcome;
use super::{Command, Model, Tab};
use crate::app::BoardNo;
use crate::app::EventId;
use crate::app::{App, BoardView};
use crate::domain::{Colour, Entry};
use crate::i18n::{tr, Lang};
use crate::pairing::check::RuleViolation;
use crate::tui::keymap::Action;

/// A move in progress: the marked seat (board index, side) and the side
/// the cursor is on (its board is the selected row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    pub marked: (usize, Colour),
    pub side: Colour,
}

fn seat(b: &BoardView, side: Colour) -> Option<&Entry> {
    match side {
        Colour::Red => Some(&b.red),
        Colour::Black => b.black.as_ref(),
    }
}

fn has_result(b: &BoardView) -> bool {
    b.results.iter().any(|r| r != "*")
}

fn err(m: &mut Model, key: &'static str, board: BoardNo) {
    // Each of these keys takes the one argument `board`.
    let text = crate::i18n::Msg::new(key)
        .with("board", board)
        .render(m.lang);
    m.say(text, true);
}

/// The hint on the status line while a player is marked.
fn hint(m: &mut Model) {
    let Some(mv) = m.open.mover else { return };
    let name = m
        .open
        .ev
        .round
        .as_ref()
        .and_then(|r| r.boards.get(mv.marked.0))
        .and_then(|b| seat(b, mv.marked.1))
        .map(|e| format!("{} ({})", e.name, e.start_no))
        .unwrap_or_default();
    let text = crate::i18n::msg!("tui.move.hint", name).render(m.lang);
    m.popups.status = Some((text, false));
}

/// Handles an action while a move is in progress (or `m` starting one).
/// `None`: not handled here, the generic handling goes on.
pub fn update(m: &mut Model, a: Action) -> Option<Option<Command>> {
    match a {
        Action::MarkMove => Some(mark(m)),
        Action::OtherSide => {
            let here = m.nav.row_sel;
            let mv = m.open.mover.as_mut()?;
            mv.side = mv.side.opposite();
            if mv.marked.0 == here {
                // Still on the marked board: choose which of its players.
                mv.marked.1 = mv.side;
            }
            hint(m);
            Some(None)
        }
        Action::SelectSeat(row, black) => {
            let here = row < m.open.ev.round.as_ref().map_or(0, |r| r.boards.len());
            let mv = m.open.mover.as_mut().filter(|_| here)?;
            mv.side = if black { Colour::Black } else { Colour::Red };
            if mv.marked.0 == row {
                mv.marked.1 = mv.side;
            }
            m.nav.row_sel = row;
            hint(m);
            Some(None)
        }
        Action::Cancel => {
            m.open.mover.take()?;
            m.popups.status = Some((m.t("tui.msg.cancelled"), false));
            Some(None)
        }
        Action::Quit
        | Action::Back
        | Action::NextTab
        | Action::PrevTab
        | Action::SelectTab(_)
        | Action::PairNext
        | Action::Unpair
        | Action::Undo => {
            m.open.mover = None;
            None
        }
        _ => None,
    }
}

fn mark(m: &mut Model) -> Option<Command> {
    if m.nav.tab != Tab::Round {
        return None;
    }
    if m.open.ev.round.is_none() {
        m.say(m.t("tui.round.none"), true);
        return None;
    }
    if m.open.mover.is_none() && refused(m) {
        return None;
    }
    let round = m.open.ev.round.as_ref()?;
    let here = m.nav.row_sel;
    let b = round.boards.get(here)?;
    let Some(mv) = m.open.mover else {
        m.open.mover = Some(Mover {
            marked: (here, Colour::Red),
            side: Colour::Red,
        });
        hint(m);
        return None;
    };
    if (here, mv.side) == mv.marked {
        m.open.mover = None;
        m.popups.status = Some((m.t("tui.msg.cancelled"), false));
        return None;
    }
    let Some(from) = round.boards.get(mv.marked.0) else {
        // The round changed under the mark (it cannot while moving, but
        // a stale mark must not panic): start again.
        m.open.mover = None;
        return None;
    };
    let (Some(a), Some(target)) = (seat(from, mv.marked.1), seat(b, mv.side)) else {
        let n = b.number;
        err(m, "tui.move.empty_seat", n);
        return None;
    };
    let blocked = [from, b]
        .into_iter()
        .find(|x| has_result(x))
        .map(|x| ("tui.move.has_result", x.number))
        .or_else(|| {
            round
                .boards
                .iter()
                .find(|x| has_result(x))
                .map(|x| ("tui.move.round_has_results", x.number))
        });
    let cmd = Command::SwapPlayers {
        event: EventId(m.open.ev.event.as_ref()?.id),
        round: round.number,
        a: a.key(),
        b: target.key(),
        insist: false,
    };
    m.open.mover = None;
    if let Some((key, n)) = blocked {
        err(m, key, n);
        return None;
    }
    m.popups.status = None;
    m.open.mover = None;
    Some(cmd)
}

/// Screen columns of the Round tab's red and black players (the table's
/// widths 5, 20, 8, 20 with one column between).
pub const RED_COLUMNS: std::ops::Range<u16> = 6..26;
pub const BLACK_COLUMNS: std::ops::Range<u16> = 36..56;

/// While moving, a click on a player of board row `row` picks that seat.
pub fn seat_at(m: &Model, row: usize, column: u16) -> Option<Action> {
    if m.open.mover.is_none() || m.nav.screen != super::Screen::Event || m.nav.tab != Tab::Round {
        return None;
    }
    if RED_COLUMNS.contains(&column) {
        Some(Action::SelectSeat(row, false))
    } else if BLACK_COLUMNS.contains(&column) {
        Some(Action::SelectSeat(row, true))
    } else {
        None
    }
}

/// The marker drawn before a player's name on the Round tab: `◆` the marked
/// player, `▶` the cursor's seat.
pub fn marker(m: &Model, row: usize, side: Colour) -> &'static str {
    match m.open.mover {
        Some(mv) if mv.marked == (row, side) => "◆ ",
        Some(mv) if (m.nav.row_sel, mv.side) == (row, side) => "▶ ",
        _ => "",
    }
}

/// A rule broken, in the UI language, players by name.
pub fn violation_text(lang: Lang, v: &RuleViolation, name: &dyn Fn(u32) -> String) -> String {
    v.msg_named(&|no| crate::i18n::Arg::Text(name(no)))
        .render(lang)
}

/// Runs a manual change of a round (players swapped between boards, or the
/// colours of one board). Broken rules open the insist dialog instead of
/// storing anything.
pub fn run_swap(app: &mut App, lang: Lang, cmd: &Command) -> crate::app::Result<Outcome> {
    let t = |k: &str| tr(lang, k).to_string();
    let (event, round, a, b, insist, done_key) = match *cmd {
        Command::SwapPlayers {
            event,
            round,
            a,
            b,
            insist,
        } => (event, round, a, b, insist, "tui.msg.moved"),
        Command::SwapColours {
            event,
            round,
            red,
            black,
            insist,
        } => (event, round, red, black, insist, "tui.msg.swapped"),
        _ => return Ok(Outcome::Said(String::new())),
    };
    let o = app.swap_players(event, round, a, b, insist)?;
    if o.violations.is_empty() || insist {
        return Ok(Outcome::Said(t(done_key)));
    }
    let question = insist_question(app, lang, event, &o.violations)?;
    let insisted = match cmd {
        Command::SwapPlayers { .. } => Command::SwapPlayers {
            event,
            round,
            a,
            b,
            insist: true,
        },
        _ => Command::SwapColours {
            event,
            round,
            red: a,
            black: b,
            insist: true,
        },
    };
    Ok(Outcome::Ask {
        question,
        then: insisted,
    })
}

/// The insist dialog's question: the rules a manual change breaks, the
/// players by name and start number, and whether to store it anyway.
fn insist_question(
    app: &App,
    lang: Lang,
    event: EventId,
    violations: &[RuleViolation],
) -> crate::app::Result<String> {
    let entries = app.entries(event)?;
    let name = |no: u32| {
        entries
            .iter()
            .find(|e| e.start_no == no)
            .map(|e| format!("{} ({no})", e.name))
            .unwrap_or_else(|| format!("#{no}"))
    };
    let rules: Vec<String> = violations
        .iter()
        .map(|v| violation_text(lang, v, &name))
        .collect();
    Ok(format!(
        "{} {}{}",
        tr(lang, "tui.move.warn"),
        rules.join("; "),
        tr(lang, "tui.move.insist")
    ))
}

/// Sets a round's boards by hand. Broken rules open the insist dialog
/// instead of storing anything; stored, the round is shown as paired.
pub fn run_set(app: &mut App, lang: Lang, cmd: &Command) -> crate::app::Result<Outcome> {
    let Command::SetBoards {
        event,
        round,
        boards,
        insist,
    } = cmd
    else {
        return Ok(Outcome::Said(String::new()));
    };
    let o = app.set_boards(*event, *round, boards, *insist)?;
    if o.violations.is_empty() || *insist {
        return Ok(Outcome::Paired {
            message: crate::i18n::msg!("tui.msg.boards_set", round = round.get()).render(lang),
            notice: super::pairing_notice(lang, &o.pairing.notes),
        });
    }
    let question = insist_question(app, lang, *event, &o.violations)?;
    Ok(Outcome::Ask {
        question,
        then: Command::SetBoards {
            event: *event,
            round: *round,
            boards: boards.clone(),
            insist: true,
        },
    })
}

/// Whether the selected board's change is refused because results are in
/// (with the translated reason on the status line).
pub fn refused(m: &mut Model) -> bool {
    let Some(round) = m.open.ev.round.as_ref() else {
        return false;
    };
    let here = round.boards.get(m.nav.row_sel).filter(|b| has_result(b));
    let other = round.boards.iter().find(|b| has_result(b));
    match (here, other) {
        (Some(b), _) => {
            let n = b.number;
            err(m, "tui.move.has_result", n);
            true
        }
        (None, Some(b)) => {
            let n = b.number;
            err(m, "tui.move.round_has_results", n);
            true
        }
        _ => false,
    }
}
