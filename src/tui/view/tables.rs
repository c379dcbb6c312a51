//! The Standings and Crosstable tabs: each draws what the app's door
//! answered for the event's kind (individual, team, knockout); none asks
//! the kind itself.

use super::super::draw::{fit, table};
use super::super::model::Model;
use super::tb_label;
use crate::app::{
    EventCrosstable, EventStandings, KnockoutCell, KnockoutCrosstable, KnockoutStandings, RoundNo,
};
use crate::report::bracket::{match_words, shown_rank};
use crate::scoring::{Crosstable, Standings};
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Stylize;
use ratatui::widgets::{Paragraph, Row, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Why there is nothing to show: the error, else "no round yet".
fn nothing(m: &Model, f: &mut Frame, area: Rect) {
    let msg = m
        .ev()
        .standings_error()
        .map(str::to_string)
        .unwrap_or_else(|| m.t("tui.round.none"));
    f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
}

/// The Standings tab.
pub fn draw_standings(m: &Model, f: &mut Frame, area: Rect) {
    let sel = Some(m.row_sel());
    match m.ev().standings() {
        None => nothing(m, f, area),
        Some(EventStandings::Individual(st)) => draw_individual_standings(m, st, f, area),
        Some(EventStandings::Team(st)) => {
            crate::tui::teams::standings_table(&m.ui(), st, sel, f, area)
        }
        Some(EventStandings::Knockout(st)) => draw_knockout_standings(m, st, f, area),
    }
}

/// The Crosstable tab.
pub fn draw_crosstable(m: &Model, f: &mut Frame, area: Rect) {
    let sel = Some(m.row_sel());
    match m.ev().crosstable() {
        None => nothing(m, f, area),
        Some(EventCrosstable::Individual(ct)) => draw_individual_crosstable(m, ct, f, area),
        Some(EventCrosstable::Team(x)) => crate::tui::teams::cross_table(&m.ui(), x, sel, f, area),
        Some(EventCrosstable::Knockout(x)) => draw_knockout_crosstable(m, x, f, area),
    }
}

/// A knockout's final ranking: rank, seed, name, the round lost in.
/// Where a player of a knockout went out, as the printed ranking says it:
/// the round by name, else the champion once decided, else still in.
fn out_in(m: &Model, lost_in_round: Option<u32>, rounds: u32, decided: bool) -> String {
    match lost_in_round {
        Some(n) => round_name(m, RoundNo(n), rounds),
        None => m.t(crate::report::bracket::not_out_key(decided)),
    }
}

/// The players of a knockout's ranking not out yet.
fn still_in(rows: &[crate::app::KnockoutRank]) -> usize {
    rows.iter().filter(|r| r.lost_in_round.is_none()).count()
}

fn draw_knockout_standings(m: &Model, st: &KnockoutStandings, f: &mut Frame, area: Rect) {
    let header = ["tui.standings.rank", "col.no", "col.name", "tui.ko.lost_in"]
        .iter()
        .map(|k| m.t(k))
        .collect();
    let widths = vec![
        Constraint::Length(5),
        Constraint::Length(4),
        Constraint::Length(14),
        Constraint::Min(10),
    ];
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let lost = out_in(m, r.lost_in_round, st.rounds, st.decided);
            Row::new(vec![
                shown_rank(&r.rank, r.lost_in_round, still_in(&st.rows), st.decided),
                r.entry.start_no.to_string(),
                fit(&r.entry.name, 14),
                lost,
            ])
        })
        .collect();
    let title = if st.decided {
        m.t("tui.ko.final_ranking")
    } else {
        m.t("tui.ko.ranking_so_far")
    };
    table(
        f,
        area,
        format!(" {title} "),
        header,
        widths,
        rows,
        (!st.rows.is_empty()).then_some(m.row_sel()),
    );
}

/// A round of the bracket by name: 决赛, 半决赛, 四分之一决赛, else 第N轮.
pub fn round_name(m: &Model, round: RoundNo, rounds: u32) -> String {
    crate::app::knockout_round_name(m.lang(), round, rounds)
}

/// A knockout's crosstable: per round the opponent, + went through, -
/// out, with the match score; 轮空 for a bye.
fn draw_knockout_crosstable(m: &Model, x: &KnockoutCrosstable, f: &mut Frame, area: Rect) {
    let mut header = vec![m.t("tui.standings.rank"), m.t("col.name")];
    header.extend((1..=x.rounds).map(|r| round_name(m, RoundNo(r), x.rounds)));
    // Last, where each player went out (the printed crosstable's column):
    // a player still in is said so, not only ranked 1= with the others.
    header.push(m.t("tui.ko.lost_in"));
    let marks: Vec<Vec<String>> = x
        .rows
        .iter()
        .map(|r| r.cells.iter().map(|c| knockout_mark(m, c)).collect())
        .collect();
    // Each round as wide as its longest match (a play-off needs room, two
    // play-off steps more), within its share of the screen (28 at least).
    let rounds = (x.rounds as usize).max(1);
    let room = (area.width as usize).saturating_sub(5 + 12 + 10 + 2 + 2 * rounds) / rounds;
    let mut widths = vec![Constraint::Length(5), Constraint::Length(12)];
    widths.extend((0..x.rounds as usize).map(|i| {
        let w = marks
            .iter()
            .filter_map(|r| r.get(i))
            .chain(header.get(i + 2))
            .map(|s| s.width())
            .max()
            .unwrap_or(0);
        Constraint::Length(w.clamp(8, room.max(28)) as u16)
    }));
    widths.push(Constraint::Min(10));
    let still_in = x.rows.iter().filter(|r| r.lost_in_round.is_none()).count();
    let rows = x
        .rows
        .iter()
        .zip(marks)
        .map(|(r, marks)| {
            let rank = shown_rank(&r.rank, r.lost_in_round, still_in, x.decided);
            let mut cells = vec![rank, fit(&r.entry.name, 12)];
            cells.extend(marks);
            cells.push(out_in(m, r.lost_in_round, x.rounds, x.decided));
            Row::new(cells)
        })
        .collect();
    table(
        f,
        area,
        format!(" {} ", m.t("tui.tab.crosstable")),
        header,
        widths,
        rows,
        (!x.rows.is_empty()).then_some(m.row_sel()),
    );
}

/// A knockout cell, the match in games as the bracket shows it:
/// `+王天一 1–0`, `-赵鑫鑫 ½–½, 加赛 0–2`, `轮空`.
fn knockout_mark(m: &Model, c: &KnockoutCell) -> String {
    match c {
        KnockoutCell::Out => String::new(),
        KnockoutCell::Bye => m.t("tui.cross.bye"),
        KnockoutCell::Match {
            opponent,
            won,
            score,
            decided_by,
            ..
        } => {
            let mark = match (won, decided_by) {
                (Some(true), _) => "+",
                // Lost, or out with the opponent (both forfeited).
                (Some(false), _) | (None, Some(_)) => "-",
                (None, None) => "?",
            };
            let words = match_words(m.lang(), score.as_ref(), *decided_by);
            let name = fit(&opponent.name, 6);
            match words.is_empty() {
                true => format!("{mark}{}", name.trim_end()),
                false => format!("{mark}{} {words}", name.trim_end()),
            }
        }
    }
}

/// Tie-breaks whose value is a count (or a rating): shown as integers.
const COUNTS: &[&str] = &[
    "wins",
    "fouls",
    "black-games",
    "black-wins",
    "red-wins",
    "big-wins",
    "small-wins",
    "black-big-wins",
    "black-small-wins",
    "rounds-won",
    "games-won",
    "aro",
    "tpr",
];

fn tb_value(code: &str, v: crate::domain::Points) -> String {
    if COUNTS.contains(&code) && v.0 % 100 == 0 {
        (v.0 / 100).to_string()
    } else {
        v.to_string()
    }
}

fn draw_individual_standings(m: &Model, st: &Standings, f: &mut Frame, area: Rect) {
    let mut header: Vec<String> = [
        "tui.standings.rank",
        "col.no",
        "col.name",
        "tui.standings.points",
    ]
    .iter()
    .map(|k| m.t(k))
    .collect();
    header.extend(st.tiebreaks.iter().map(|t| tb_label(m, t.code())));
    let mut widths = vec![
        Constraint::Length(5),
        Constraint::Length(4),
        Constraint::Length(14),
        Constraint::Length(7),
    ];
    widths.extend(st.tiebreaks.iter().map(|_| Constraint::Length(9)));
    let rows = st
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut cells = vec![
                format!("{}{}", r.rank, if r.shared { "=" } else { "" }),
                r.player.start_no.to_string(),
                fit(&r.player.name, 14),
                r.points.to_string(),
            ];
            cells.extend(r.values.iter().map(|(t, v)| tb_value(t.code(), *v)));
            let row = Row::new(cells);
            if m.marks.explain == Some(i) {
                row.underlined()
            } else {
                row
            }
        })
        .collect();
    let mut title = crate::tui::draw::standings_title(m.lang(), st.after_round, st.in_progress);
    // The edition of C.07 the FIDE criteria follow where a code names
    // none (2024 for an event that starts before March 2026).
    if let Some(e) = m
        .ev()
        .event()
        .filter(|_| st.tiebreaks.iter().any(|t| t.follows_edition()))
    {
        let year = e.c07_edition();
        title += &format!(
            "· {} ",
            crate::i18n::msg!("tui.standings.c07_edition", year).render(m.lang())
        );
    }
    table(
        f,
        area,
        title,
        header,
        widths,
        rows,
        (!st.rows.is_empty()).then_some(m.row_sel()),
    );
}

fn draw_individual_crosstable(m: &Model, ct: &Crosstable, f: &mut Frame, area: Rect) {
    let mut header = vec![m.t("col.no"), m.t("col.name")];
    header.extend((1..=ct.rounds).map(|r| r.to_string()));
    header.push(m.t("tui.standings.points"));
    let mut widths = vec![Constraint::Length(4), Constraint::Length(12)];
    let cell_width = if m.lang() == crate::i18n::Lang::En {
        5
    } else {
        7
    };
    widths.extend((1..=ct.rounds).map(|_| Constraint::Length(cell_width)));
    widths.push(Constraint::Length(6));
    let rows = ct
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![r.player.start_no.to_string(), fit(&r.player.name, 12)];
            cells.extend(r.cells.iter().map(|c| cross_mark(m, c)));
            cells.push(r.points.to_string());
            Row::new(cells)
        })
        .collect();
    table(
        f,
        area,
        format!(" {} ", m.t("tui.tab.crosstable")),
        header,
        widths,
        rows,
        (!ct.rows.is_empty()).then_some(m.row_sel()),
    );
}

/// A crosstable cell in the UI language: `5红+`, `3黑=`, `轮空` in Chinese,
/// `5r+`, `BYE` in English.
fn cross_mark(m: &Model, c: &crate::scoring::CrossCell) -> String {
    use crate::scoring::RoundKind;
    let opp = c
        .opponent_start_no
        .map(|n| n.to_string())
        .unwrap_or_default();
    let col = match c.colour {
        Some(crate::domain::Colour::Red) => m.t("tui.cross.red"),
        Some(crate::domain::Colour::Black) => m.t("tui.cross.black"),
        None => String::new(),
    };
    let res = match c.result {
        Some(crate::scoring::RoundResult::Win) => "+",
        Some(crate::scoring::RoundResult::Draw) => "=",
        Some(crate::scoring::RoundResult::Loss) => "-",
        None => "",
    };
    match c.kind {
        RoundKind::Played => format!("{opp}{col}{res}"),
        RoundKind::ForfeitWin | RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => {
            format!("{opp}{col}{res}{}", m.t("tui.cross.forfeit"))
        }
        RoundKind::PairingBye => m.t("tui.cross.bye"),
        RoundKind::RequestedBye => m.t("tui.cross.requested_bye"),
        RoundKind::Absent => "--".into(),
        RoundKind::Pending => format!("{opp}{col}?"),
    }
}

/// A knockout's match on its board in games from red's side (red of game
/// 1, as the row names the players), as the bracket shows it: `1–0`,
/// `½–½, 加赛 2–0`; `None` for another kind or before a game.
pub(super) fn knockout_match_text(
    m: &Model,
    r: &crate::app::RoundView,
    b: &crate::app::BoardView,
) -> Option<String> {
    let mv = m
        .bracket()?
        .bracket
        .rounds
        .get((r.number.get() as usize).wrapping_sub(1))?
        .iter()
        .find(|x| x.board == b.number)?;
    if mv.winner.is_none() && mv.decided_by.is_some() {
        return Some(m.t("kp.both_out"));
    }
    let score = mv
        .score
        .clone()
        .map(|s| if mv.a.id == b.red.id { s } else { s.swapped() });
    let text = crate::report::bracket::match_words(m.lang(), score.as_ref(), mv.decided_by);
    (!text.is_empty()).then_some(text)
}

/// The result column of an individual or team round: one result a game
/// (8 columns each), two games a round at most.
pub(super) fn games_result_width(m: &Model) -> u16 {
    8 * m
        .ev()
        .event()
        .map_or(1, |e| e.settings.games_per_round.clamp(1, 2)) as u16
}

/// The Round and Results tabs' result column for a knockout: as wide as
/// the round's longest match text, 24 at least, 40 at most.
pub(super) fn knockout_result_width(m: &Model) -> u16 {
    match m.ev().round() {
        Some(r) => r
            .boards
            .iter()
            .filter_map(|b| knockout_match_text(m, r, b))
            .map(|t| t.width() as u16 + 1)
            .max()
            .unwrap_or(0)
            .clamp(24, 40),
        None => 24,
    }
}

/// How many games of a board the Results tab shows: both of a two-game
/// round (分先), else game 1 (a knockout's match has its games on the
/// Bracket tab).
pub(super) fn games_shown(m: &Model) -> u32 {
    match (m.bracket(), m.ev().event()) {
        (None, Some(e)) => e.settings.games_per_round.clamp(1, 2),
        _ => 1,
    }
}

/// The Results tab's facts of board `board`: red's time used, black's and
/// the moves, each of every game shown (`1:05 / 0:58` in a two-game round,
/// the colours of each game as played; `—` for a game without it).
pub(super) fn board_facts(m: &Model, board: u32) -> [String; 3] {
    let n = games_shown(m);
    let games: Vec<Option<&crate::domain::GameFacts>> = (1..=n)
        .map(|no| {
            m.ev()
                .games()
                .iter()
                .find(|g| g.board == board && g.game.game_no == no)
                .map(|g| &g.game.facts)
        })
        .collect();
    let column = |f: &dyn Fn(&crate::domain::GameFacts) -> Option<String>| {
        let v: Vec<Option<String>> = games.iter().map(|g| g.and_then(f)).collect();
        if v.iter().all(Option::is_none) {
            return String::new();
        }
        v.into_iter()
            .map(|x| x.unwrap_or_else(|| "—".into()))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    let clock = |ms: Option<i64>| ms.map(crate::domain::format_duration_ms);
    [
        column(&|g| clock(g.red_used_ms)),
        column(&|g| clock(g.black_used_ms)),
        column(&|g| g.moves.map(|x| x.to_string())),
    ]
}

/// The Round and Results tabs' column headings and widths, and the width
/// of each player column (name, start number, points, virtual points):
/// [`NAME_COLUMN`] at least, as wide as the longest seat when the screen
/// (`width` columns) has room, so a long name is cut only where it must be.
pub(super) fn round_columns(
    m: &Model,
    results: bool,
    width: u16,
) -> (Vec<String>, Vec<Constraint>, usize) {
    let mut header: Vec<String> = [
        "tui.round.board",
        "tui.round.red",
        "tui.round.result",
        "tui.round.black",
    ]
    .iter()
    .map(|k| m.t(k))
    .collect();
    // A knockout's match reads in games with its play-off (`½–½, 加赛 2–0`;
    // two play-off steps `½–½, 快棋 1–1, 超快棋 1½–½`): as wide as the
    // round's longest, 24 at least, 40 at most. Two games a round (分先)
    // show both results (`红胜 和`).
    let result_width = match m.bracket() {
        Some(_) => knockout_result_width(m),
        None => games_result_width(m),
    };
    // Two games a round: each clock for both games (`1:05 / 0:58`).
    let clock = 8 * games_shown(m) as u16 + 3 * (games_shown(m) as u16 - 1);
    // Board and result, the Results tab's clocks and moves (4 at least,
    // kept 6), one column of spacing between columns.
    let others = |clocks: [u16; 2]| match results {
        true => 5 + result_width + clocks[0] + clocks[1] + 6 + 6,
        false => 5 + result_width + 3,
    };
    // A clock column as wide as its heading ("black used") where that
    // leaves the names [`NAME_COLUMN`].
    let heading = |k: &str| m.t(k).width() as u16;
    let wide = [
        clock.max(heading("tui.field.red_used")),
        clock.max(heading("tui.field.black_used")),
    ];
    let clocks = match width.saturating_sub(others(wide)) / 2 >= NAME_COLUMN {
        true => wide,
        false => [clock, clock],
    };
    // As wide as the round's longest seat (its marker, name, start number
    // and points), as the screen allows.
    let longest = m.ev().round().map_or(0, |r| {
        r.boards
            .iter()
            .flat_map(|b| std::iter::once(&b.red).chain(b.black.as_ref()))
            .map(|e| e.name.width() + seat_tail(m, e).width() + 2)
            .max()
            .unwrap_or(0)
    });
    let room = (width.saturating_sub(others(clocks)) / 2).min(NAME_COLUMN_MAX);
    let name = (longest as u16).min(room).max(NAME_COLUMN);
    let mut widths = vec![
        Constraint::Length(5),
        Constraint::Length(name),
        Constraint::Length(result_width),
        Constraint::Length(name),
    ];
    if results {
        header.extend(
            [
                "tui.field.red_used",
                "tui.field.black_used",
                "tui.field.moves",
            ]
            .iter()
            .map(|k| m.t(k)),
        );
        widths.extend([
            Constraint::Length(clocks[0]),
            Constraint::Length(clocks[1]),
            Constraint::Min(4),
        ]);
    }
    (header, widths, name as usize)
}

/// What follows a player's name on the Round and Results tabs: his start
/// number and, from round 2 on, his points before the round (积分) and
/// an accelerated pairing's virtual points, apart (`(7) 2 +1`). A team
/// event's players and a knockout's have no points of their own.
pub(super) fn seat_tail(m: &Model, e: &crate::domain::Entry) -> String {
    let short = crate::domain::short_points;
    let pts = m
        .ev()
        .points_before()
        .get(&e.id)
        .map(|p| format!(" {}", short(*p)))
        .unwrap_or_default();
    let virt = m
        .ev()
        .virtual_now()
        .get(&e.id)
        .map(|v| format!(" +{}", short(*v)))
        .unwrap_or_default();
    format!(" ({}){pts}{virt}", e.start_no)
}

/// The narrowest player column of the Round and Results tabs.
const NAME_COLUMN: u16 = 20;

/// The widest: a name of nine Chinese characters, its start number and
/// points.
const NAME_COLUMN_MAX: u16 = 30;
