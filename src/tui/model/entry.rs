//! Result entry that cannot hit the wrong board: the board
//! number typed on the Results tab names the board or is an error; a result
//! that replaces another shows both and asks; correction forms start from
//! the stored values; a record is checked against the board's players.
//! Also the round shown on the event's tabs (`[` / `]`).

use super::{Command, Confirm, Field, Form, FormKind, Model};
use crate::app::BoardNo;
use crate::app::RoundNo;
use crate::app::{App, BoardView, ClockInput, EventId, PlacedGame, ResultInput};
use crate::domain::{format_duration_ms, Outcome};
use crate::i18n::{tr, Lang};
use crate::tui::component::outcome_text;

/// The round the event's tabs show: the one picked with `[` / `]`, else
/// the last paired.
pub fn shown_round(m: &Model) -> RoundNo {
    RoundNo(
        m.open
            .ev
            .round
            .as_ref()
            .map_or(m.open.ev.paired, |r| r.number.get()),
    )
}

/// Points without needless decimals: 2, 1.5, 0.8 (the domain's one copy).
pub use crate::domain::short_points;

/// The board number typed before a key, resolved: selects that board, or
/// says there is no such board (and nothing else happens). `None` typed:
/// the selected board.
pub fn take_board(m: &mut Model, typed: Option<String>) -> bool {
    let Some(t) = typed else { return true };
    let round = shown_round(m);
    let found = t.parse::<u32>().ok().and_then(|n| {
        m.open
            .ev
            .round
            .as_ref()
            .and_then(|r| r.boards.iter().position(|b| b.number.get() == n))
    });
    match found {
        Some(i) => {
            m.nav.row_sel = i;
            true
        }
        None => {
            let text = crate::i18n::msg!("tui.err.no_such_board", board = t, round).render(m.lang);
            m.say(text, true);
            false
        }
    }
}

/// Whether the typed board number names a board of the shown round.
pub fn typed_board_exists(m: &Model) -> bool {
    let Ok(n) = m.open.board_input.parse::<u32>() else {
        return false;
    };
    m.open
        .ev
        .round
        .as_ref()
        .is_some_and(|r| r.boards.iter().any(|b| b.number.get() == n))
}

/// The stored first game of board `board` of the shown round.
fn stored_game(m: &Model, board: BoardNo) -> Option<&PlacedGame> {
    m.open
        .ev
        .games
        .iter()
        .find(|g| g.board == board.get() && g.game.game_no == 1)
}

/// The result already entered on a board (game 1), if any.
fn entered(m: &Model, board: BoardNo) -> Option<Outcome> {
    stored_game(m, board)
        .map(|g| g.game.outcome)
        .filter(|o| *o != Outcome::Unplayed)
}

/// The question before a result replaces another: board, players, old
/// and new.
pub fn replace_question(m: &Model, board: BoardNo, old: Outcome, new: Outcome) -> String {
    let boards = m.open.ev.round.as_ref().map_or(&[][..], |r| &r.boards[..]);
    replace_text(m.lang, boards, board, old, new)
}

/// [`replace_question`] from a round's boards.
fn replace_text(
    lang: Lang,
    boards: &[BoardView],
    board: BoardNo,
    old: Outcome,
    new: Outcome,
) -> String {
    let names = boards
        .iter()
        .find(|b| b.number == board)
        .map(|b| {
            format!(
                "{}–{}",
                b.red.name,
                b.black.as_ref().map(|x| x.name.as_str()).unwrap_or("")
            )
        })
        .unwrap_or_default();
    crate::i18n::msg!(
        "tui.confirm.replace",
        board,
        players = names,
        old = outcome_text(lang, old),
        new = outcome_text(lang, new)
    )
    .render(lang)
}

/// `r` / `d` / `b` / `f` / `F` on the Results tab: a forfeit is recorded at
/// once (after the replace question when a result is in); other results
/// open the form, filled with what the board holds.
pub fn result_key(m: &mut Model, outcome: Outcome, typed: Option<String>) -> Option<Command> {
    if !take_board(m, typed) {
        return None;
    }
    let round = shown_round(m);
    let ev = m.open.ev.event.as_ref()?.id;
    let b = m.open.ev.round.as_ref()?.boards.get(m.nav.row_sel)?;
    if b.black.is_none() {
        m.say(m.t("tui.err.bye_board"), true);
        return None;
    }
    let board = b.number;
    // A knockout's board is its match: the game it needs, as on the
    // Bracket tab (not game 1 again, a play-off game may be due).
    let ko_match = m.open.bracket.as_ref().and_then(|br| {
        let mv = br
            .bracket
            .rounds
            .get((round.get() as usize).wrapping_sub(1))?
            .iter()
            .find(|x| x.board == board)?;
        Some(crate::tui::bracket::match_result(
            br.event, mv, outcome, m.lang,
        ))
    });
    match ko_match {
        Some(Ok(k)) => return match_result_key(m, k),
        Some(Err(e)) => {
            m.say(e, true);
            return None;
        }
        None => {}
    }
    let old = entered(m, board);
    if outcome.is_forfeit() {
        let cmd = Command::RecordResult {
            event: EventId(ev),
            round,
            board,
            input: ResultInput {
                outcome: Some(outcome),
                ..Default::default()
            },
        };
        return match old.filter(|o| *o != outcome) {
            Some(old) => {
                m.ask(Confirm {
                    message: replace_question(m, board, old, outcome),
                    command: cmd,
                });
                None
            }
            None => Some(cmd),
        };
    }
    let gpr = m
        .open
        .ev
        .event
        .as_ref()
        .map_or(1, |e| e.settings.games_per_round);
    if gpr > 1 {
        m.set_form(mini_match_form(m, (round, board), outcome, gpr));
        return None;
    }
    let g = stored_game(m, board).map(|g| &g.game);
    let mut form = result_form(round, board, outcome, g, old);
    super::facts::add_fields(&mut form, &super::facts::labels(m, outcome), g);
    m.set_form(form);
    None
}

/// The result form of a board that plays `gpr` games a round (分先): a
/// game field first, holding the first game without a result (game 1
/// when all are in, to correct it), and the stored facts of that game.
fn mini_match_form(
    m: &Model,
    (round, board): (RoundNo, BoardNo),
    outcome: Outcome,
    gpr: u32,
) -> Form {
    let games: Vec<&crate::domain::Game> = m
        .open
        .ev
        .games
        .iter()
        .filter(|g| g.board == board.get())
        .map(|g| &g.game)
        .collect();
    let results: Vec<(u32, Outcome)> = games.iter().map(|g| (g.game_no, g.outcome)).collect();
    let facts = games.iter().map(|g| (g.game_no, fact_texts(g))).collect();
    let done = |n: u32| {
        results
            .iter()
            .any(|&(g, o)| g == n && o != Outcome::Unplayed)
    };
    let game = (1..=gpr).find(|&n| !done(n)).unwrap_or(1);
    let stored = games.iter().copied().find(|g| g.game_no == game);
    let replaces = stored
        .map(|g| g.outcome)
        .filter(|o| *o != Outcome::Unplayed);
    let mut form = result_form(round, board, outcome, stored, replaces);
    super::facts::add_fields(&mut form, &super::facts::labels(m, outcome), stored);
    if let FormKind::Result {
        results: r,
        facts: f,
        sides: s,
        ..
    } = &mut form.kind
    {
        *r = results;
        *f = facts;
        *s = game_sides(m, board, &games, gpr);
    }
    form.fields
        .insert(0, Field::text("tui.field.game", game.to_string()));
    form
}

/// Red and black of each game 1..=`gpr` of `board`: a stored game's own,
/// else the board's, swapped where the event's scheme swaps them.
fn game_sides(
    m: &Model,
    board: BoardNo,
    games: &[&crate::domain::Game],
    gpr: u32,
) -> Vec<(u32, String, String)> {
    let Some(b) = m
        .open
        .ev
        .round
        .as_ref()
        .and_then(|r| r.boards.iter().find(|b| b.number == board))
    else {
        return Vec::new();
    };
    let Some(black) = b.black.as_ref() else {
        return Vec::new();
    };
    let name = |id: i64| {
        if id == black.id {
            black.name.clone()
        } else {
            b.red.name.clone()
        }
    };
    let kind = m
        .open
        .ev
        .event
        .as_ref()
        .and_then(|e| crate::scoring::SchemeKind::from_id(&e.settings.scheme).ok());
    (1..=gpr)
        .map(|n| match games.iter().find(|g| g.game_no == n) {
            Some(g) => (n, name(g.red), name(g.black)),
            None if kind.is_some_and(|k| k.swaps_colours_in(n)) => {
                (n, black.name.clone(), b.red.name.clone())
            }
            None => (n, b.red.name.clone(), black.name.clone()),
        })
        .collect()
}

/// A result key on a board of a team match or a knockout: a forfeit goes
/// straight in (after the question when the game has a result already);
/// any other outcome opens the result form, with the game number first
/// when `game` is given (it can be changed there to correct an earlier
/// game). The form and the question name the board as the tab does.
pub fn match_result_key(m: &mut Model, k: crate::tui::component::BoardResult) -> Option<Command> {
    let replaces = k
        .replaces
        .filter(|o| *o != k.outcome && *o != Outcome::Unplayed);
    if k.outcome.is_forfeit() {
        let cmd = Command::RecordResult {
            event: k.event,
            round: k.round,
            board: k.board,
            input: ResultInput {
                outcome: Some(k.outcome),
                game_no: k.game,
                ..Default::default()
            },
        };
        return match replaces {
            Some(old) => {
                m.ask(Confirm {
                    message: place_question(m.lang, &k.place, old, k.outcome),
                    command: cmd,
                });
                None
            }
            None => Some(cmd),
        };
    }
    let mut form = result_form(k.round, k.board, k.outcome, None, replaces);
    super::facts::add_fields(&mut form, &super::facts::labels(m, k.outcome), None);
    if let FormKind::Result {
        place,
        results,
        sides,
        ..
    } = &mut form.kind
    {
        *place = Some(k.place.clone());
        *results = k.results.clone();
        *sides = k.sides.clone();
    }
    if let Some(game) = k.game {
        form.fields
            .insert(0, Field::text("tui.field.game", game.to_string()));
    }
    m.set_form(form);
    None
}

/// The question before a result replaces another on a board named as its
/// tab names it: `场次 2 台 1 红方 甲 – 黑方 乙 已有成绩 和，改为 红胜？`.
pub fn place_question(lang: Lang, place: &str, old: Outcome, new: Outcome) -> String {
    crate::i18n::msg!(
        "tui.confirm.replace_at",
        place,
        old = outcome_text(lang, old),
        new = outcome_text(lang, new)
    )
    .render(lang)
}

/// The result form of a board, its fields filled from the stored game.
/// A game's clocks, moves and other facts as the result form shows them,
/// by field label.
fn fact_texts(g: &crate::domain::Game) -> Vec<(&'static str, String)> {
    let clock = |ms: Option<i64>| ms.map(format_duration_ms).unwrap_or_default();
    let mut v = vec![
        ("tui.field.red_used", clock(g.facts.red_used_ms)),
        ("tui.field.black_used", clock(g.facts.black_used_ms)),
        (
            "tui.field.moves",
            g.facts.moves.map(|x| x.to_string()).unwrap_or_default(),
        ),
    ];
    v.extend(super::facts::texts(g));
    v
}

/// After the game field of a result form changed: the clocks and moves
/// fields show the stored ones of the game it names now (empty for a
/// game not stored yet). A form without stored games keeps what is typed.
pub fn refill_facts(form: &mut Form) {
    let FormKind::Result { facts, .. } = &form.kind else {
        return;
    };
    if facts.is_empty() {
        return;
    }
    let game = crate::domain::typed::number::<u32>(form.value("tui.field.game"));
    let texts = facts
        .iter()
        .find(|(n, _)| Some(*n) == game)
        .map(|(_, t)| t.clone())
        .unwrap_or_default();
    // A game not stored yet shows every fact field empty.
    for f in form.fields.iter_mut() {
        if f.label == "tui.field.game" || f.label == "tui.field.clock_kind" {
            continue;
        }
        f.value = texts
            .iter()
            .find(|(l, _)| *l == f.label)
            .map(|(_, t)| t.clone())
            .unwrap_or_default();
    }
}

pub fn result_form(
    round: RoundNo,
    board: BoardNo,
    outcome: Outcome,
    stored: Option<&crate::domain::Game>,
    replaces: Option<Outcome>,
) -> Form {
    let clock = |ms: Option<i64>| ms.map(format_duration_ms).unwrap_or_default();
    Form {
        kind: FormKind::Result {
            round,
            board,
            outcome,
            replaces,
            place: None,
            results: Vec::new(),
            facts: Vec::new(),
            sides: Vec::new(),
        },
        fields: vec![
            Field::text(
                "tui.field.red_used",
                clock(stored.and_then(|g| g.facts.red_used_ms)),
            ),
            Field::text(
                "tui.field.black_used",
                clock(stored.and_then(|g| g.facts.black_used_ms)),
            ),
            Field::text(
                "tui.field.moves",
                stored
                    .and_then(|g| g.facts.moves)
                    .map(|x| x.to_string())
                    .unwrap_or_default(),
            ),
            Field::choice("tui.field.clock_kind", &["used", "left"], "used"),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}

/// A clock as typed: `H:MM:SS`, `MM:SS`, or a bare number of minutes.
pub fn parse_clock_text(t: &str) -> Option<i64> {
    let t = crate::domain::typed::halfwidth(t);
    let t = t.trim();
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        return t.parse::<i64>().ok()?.checked_mul(60_000);
    }
    crate::domain::parse_duration_ms(t)
}

/// The result form's input, or the error naming its field. An emptied
/// clock clears the stored one (the form shows what is stored).
pub fn result_input(lang: Lang, f: &Form, outcome: Outcome) -> Result<ResultInput, String> {
    let left = f.value("tui.field.clock_kind") == "left";
    let clock = |label: &str| -> Result<Option<ClockInput>, String> {
        let t = f.value(label);
        if t.is_empty() {
            return Ok(Some(ClockInput::Clear));
        }
        match parse_clock_text(t) {
            Some(ms) if left => Ok(Some(ClockInput::Left(ms))),
            Some(ms) => Ok(Some(ClockInput::Used(ms))),
            None => Err(format!(
                "{}: {} \"{t}\"",
                tr(lang, label),
                tr(lang, "tui.err.clock")
            )),
        }
    };
    let red_clock = clock("tui.field.red_used")?;
    let black_clock = clock("tui.field.black_used")?;
    let moves_text = f.value("tui.field.moves");
    let moves = if moves_text.is_empty() {
        None
    } else {
        Some(
            crate::domain::typed::number::<u32>(moves_text).ok_or_else(|| {
                format!(
                    "{}: {} \"{moves_text}\"",
                    tr(lang, "tui.field.moves"),
                    tr(lang, "tui.err.number")
                )
            })?,
        )
    };
    let used = |c: &Option<ClockInput>| matches!(c, Some(ClockInput::Used(ms)) if *ms > 0);
    if moves == Some(0) && (used(&red_clock) || used(&black_clock)) {
        return Err(format!(
            "{}: {}",
            tr(lang, "tui.field.moves"),
            tr(lang, "tui.err.moves_zero")
        ));
    }
    let mut input = ResultInput {
        outcome: Some(outcome),
        red_clock,
        black_clock,
        moves,
        ..Default::default()
    };
    super::facts::read(lang, f, &mut input)?;
    Ok(input)
}

/// The question before a game record is attached to board `board` of
/// `round`: the players it names differ from the board's, or its result
/// differs from the one entered. `None`: nothing to ask.
pub fn record_question(
    app: &App,
    lang: Lang,
    (event, round, board): (EventId, RoundNo, BoardNo),
    bytes: &[u8],
) -> crate::app::Result<Option<String>> {
    let rec = app.preview_record(bytes)?;
    let view = app.round_view(event, Some(round))?;
    let Some(b) = view.boards.iter().find(|b| b.number == board) else {
        return Ok(None);
    };
    let black = b.black.as_ref().map(|x| x.name.as_str()).unwrap_or("");
    let differs =
        |named: &Option<String>, on_board: &str| named.as_deref().is_some_and(|n| n != on_board);
    let mut parts = Vec::new();
    if differs(&rec.red, &b.red.name) || differs(&rec.black, black) {
        parts.push(
            crate::i18n::msg!(
                "tui.confirm.record_names",
                record = format!(
                    "{}–{}",
                    rec.red.as_deref().unwrap_or("?"),
                    rec.black.as_deref().unwrap_or("?")
                ),
                board,
                players = format!("{}–{black}", b.red.name)
            )
            .render(lang),
        );
    }
    let entered = app
        .games(event, Some(round))?
        .into_iter()
        .find(|g| g.round == round.get() && g.board == board.get() && g.game.game_no == 1)
        .map(|g| g.game.outcome)
        .filter(|o| *o != Outcome::Unplayed);
    if let (Some(old), Some(new)) = (entered, rec.outcome) {
        if old != new {
            parts.push(replace_text(lang, &view.boards, board, old, new));
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    parts.push(tr(lang, "tui.confirm.record_attach").to_string());
    Ok(Some(parts.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Points;

    #[test]
    fn a_bare_number_is_minutes() {
        assert_eq!(parse_clock_text("5"), Some(5 * 60_000));
        assert_eq!(parse_clock_text("5:00"), Some(5 * 60_000));
        assert_eq!(parse_clock_text("1:05:00"), Some(65 * 60_000));
        assert_eq!(parse_clock_text("x"), None);
    }

    #[test]
    fn short_points_drops_needless_decimals() {
        assert_eq!(short_points(Points(200)), "2");
        assert_eq!(short_points(Points(150)), "1.5");
        assert_eq!(short_points(Points(80)), "0.8");
        assert_eq!(short_points(Points(0)), "0");
    }
}
