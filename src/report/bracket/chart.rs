//! The bracket chart (对阵图): the bracket drawn as a table (a column per
//! round, each name midway between the two it came from, joined by
//! connector columns), the third-place match as a match of its own, then
//! every round's matches (score, who went through, what decided it) and
//! their games, play-offs included.

use super::*;
use crate::report::{result_word, ColKind, Column, Part, Table};

/// Round-1 slots a chart section shows at most (a printed page); larger
/// brackets print a section per 16 slots, then the rounds after them.
const SECTION: usize = 16;

/// The connector cells (text) between two columns of a chart; the HTML
/// renderer draws them as lines (`report/html.rs`).
pub(crate) const LINK_TOP: &str = "─┐";
pub(crate) const LINK_MID: &str = " ├─";
pub(crate) const LINK_BAR: &str = " │";
pub(crate) const LINK_BOTTOM: &str = "─┘";

/// The CSV key prefix of a chart's name columns and of its connectors.
pub(crate) const CHART_KEY: &str = "chart-";
pub(crate) const LINK_KEY: &str = "chart-link-";

/// The bracket chart of a knockout, in `lang`.
pub fn bracket_chart(d: &KnockoutData, lang: Lang) -> Doc {
    let title = format!("{} · {}", d.event.name, tr(lang, "kp.bracket"));
    let mut parts = vec![Part::Heading(title.clone()), info(d, lang)];
    let p = d.size.max(2);
    let levels = p.trailing_zeros() as usize;
    // names[c][j]: column c (0 = the round-1 slots, c = winners of round c).
    let names: Vec<Vec<String>> = (0..=levels)
        .map(|c| (0..p >> c).map(|j| name_at(d, lang, c, j)).collect())
        .collect();
    let heading = |c: usize| -> String {
        if c == levels {
            tr(lang, "kp.champion").to_string()
        } else {
            round_name(lang, c as u32 + 1, d.total_rounds.max(levels as u32))
        }
    };
    if !d.rounds.is_empty() {
        if p <= SECTION {
            let cols = (0..=levels).map(|c| (heading(c), names[c].clone()));
            parts.push(Part::Table(chart_table(cols.collect())));
        } else {
            // A section per 16 slots (rounds 1–4), then the rest from
            // the sections' winners.
            let depth = SECTION.trailing_zeros() as usize;
            for k in 0..p / SECTION {
                if k > 0 {
                    parts.push(Part::PageBreak);
                }
                parts.push(Part::Note(msg!("kp.section", n = k + 1).render(lang)));
                let cols = (0..=depth).map(|c| {
                    let n = SECTION >> c;
                    (heading(c), names[c][k * n..(k + 1) * n].to_vec())
                });
                parts.push(Part::Table(chart_table(cols.collect())));
            }
            parts.push(Part::PageBreak);
            let cols = (depth..=levels).map(|c| (heading(c), names[c].clone()));
            parts.push(Part::Table(chart_table(cols.collect())));
        }
    }
    if let Some(m) = d.third_place() {
        parts.push(Part::Table(chart_table(vec![
            (
                tr(lang, "kp.third_place").to_string(),
                vec![
                    m.a.name.clone(),
                    m.b.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
                ],
            ),
            (
                tr(lang, "kp.third").to_string(),
                vec![m.winner.clone().unwrap_or_default()],
            ),
        ])));
    }
    let mut podium = Vec::new();
    if let Some(c) = &d.champion {
        podium.push((tr(lang, "kp.champion").to_string(), c.clone()));
    }
    if let Some(w) = d.third_place().and_then(|m| m.winner.clone()) {
        podium.push((tr(lang, "kp.third").to_string(), w));
    }
    if !podium.is_empty() {
        parts.push(Part::Info(podium));
    }
    for (i, round) in d.rounds.iter().enumerate() {
        let r = i as u32 + 1;
        let last = r == d.total_rounds;
        let tree: Vec<&KoMatch> = round.iter().filter(|m| !m.third_place).collect();
        parts.push(Part::Heading(round_name(lang, r, d.total_rounds)));
        parts.push(Part::Table(match_table(&tree, lang, last)));
        push_games(&mut parts, games_table(tree.into_iter(), lang, false));
        // The third-place match under its own heading, with its own games.
        if let Some(m) = round.iter().find(|m| m.third_place) {
            parts.push(Part::Heading(tr(lang, "kp.third_place").to_string()));
            parts.push(Part::Table(match_table(&[m], lang, true)));
            push_games(&mut parts, games_table(std::iter::once(m), lang, false));
        }
    }
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: Some(csv_table(d, lang)),
    }
}

/// A games table, when some game was played.
pub(super) fn push_games(parts: &mut Vec<Part>, games: Table) {
    if !games.rows.is_empty() {
        parts.push(Part::Table(games));
    }
}

/// The CSV of the chart: every match of every round, one line each (the
/// third-place match is the final round's match 2), what decided it by
/// its code.
fn csv_table(d: &KnockoutData, lang: Lang) -> Table {
    let col = |key: &str, heading: &str, kind| Column::new(key, tr(lang, heading), kind);
    let mut t = Table::new(vec![
        col("round", "kp.col.round", ColKind::Number),
        col("match", "kp.col.match", ColKind::Number),
        col("a_seed", "kp.col.seed", ColKind::Number),
        col("a", "kp.col.player", ColKind::Text),
        col("b_seed", "kp.col.seed", ColKind::Number),
        col("b", "kp.col.player", ColKind::Text),
        col("score", "kp.col.score", ColKind::Text),
        col("winner", "kp.col.winner", ColKind::Text),
        col("decided_by", "kp.col.decided", ColKind::Text),
    ]);
    for m in d.rounds.iter().flatten() {
        t.rows.push(vec![
            m.round.to_string(),
            m.board.to_string(),
            m.a.seed.to_string(),
            m.a.name.clone(),
            m.b.as_ref().map(|b| b.seed.to_string()).unwrap_or_default(),
            m.b.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
            score_words(m),
            m.winner.clone().unwrap_or_default(),
            m.decided_by.clone().unwrap_or_default(),
        ]);
    }
    t
}

/// The event's line: date, time control, games a match, the play-offs.
pub(super) fn info(d: &KnockoutData, lang: Lang) -> Part {
    let mut v = Vec::new();
    if let Some(date) = d.event.date {
        v.push((
            tr(lang, "rep.date").to_string(),
            date.format("%Y-%m-%d").to_string(),
        ));
    }
    if let Some(tc) = &d.event.time_control {
        v.push((tr(lang, "rep.time_control").to_string(), tc.clone()));
    }
    if d.regular_games > 0 {
        v.push((
            String::new(),
            msg!("kp.games_a_match", n = d.regular_games).render(lang),
        ));
    }
    if !d.ladder.is_empty() {
        let steps: Vec<String> = d
            .ladder
            .iter()
            .map(|(code, label)| step_words(lang, code, label.as_deref()))
            .collect();
        v.push((tr(lang, "kp.playoffs").to_string(), steps.join(" → ")));
    }
    Part::Info(v)
}

/// The name in chart column `c` at position `j`.
fn name_at(d: &KnockoutData, lang: Lang, c: usize, j: usize) -> String {
    if c == 0 {
        let Some(m) = d.tree(1).get(j / 2).copied() else {
            return String::new();
        };
        return match (j % 2, &m.b) {
            (0, _) => m.a.name.clone(),
            (_, Some(b)) => b.name.clone(),
            (_, None) => format!("({})", tr(lang, "kp.bye")),
        };
    }
    d.tree(c)
        .get(j)
        .and_then(|m| m.winner.clone())
        .unwrap_or_default()
}

/// A chart table: `cols[c]` holds half as many names as `cols[c - 1]`;
/// 2n − 1 rows for the n names of the first column, each later name on
/// the row midway between the two it came from.
fn chart_table(cols: Vec<(String, Vec<String>)>) -> Table {
    let n = cols.first().map_or(0, |c| c.1.len()).max(1);
    let rows = 2 * n - 1;
    // Row of entry j in column c.
    let mut centre: Vec<Vec<usize>> = vec![(0..n).map(|j| 2 * j).collect()];
    for c in 1..cols.len() {
        let prev = &centre[c - 1];
        let next = (0..prev.len() / 2)
            .map(|j| (prev[2 * j] + prev[2 * j + 1]) / 2)
            .collect();
        centre.push(next);
    }
    let mut columns = Vec::new();
    for (c, (heading, _)) in cols.iter().enumerate() {
        columns.push(Column::new(
            &format!("{CHART_KEY}{}", c + 1),
            heading.clone(),
            ColKind::Text,
        ));
        if c + 1 < cols.len() {
            columns.push(Column::new(
                &format!("{LINK_KEY}{}", c + 1),
                "",
                ColKind::Text,
            ));
        }
    }
    let mut t = Table::new(columns);
    for r in 0..rows {
        let mut row = Vec::new();
        for (c, (_, names)) in cols.iter().enumerate() {
            // A place whose name is not known yet stays a line to write on.
            let name = match centre[c].iter().position(|&x| x == r) {
                Some(j) => names
                    .get(j)
                    .filter(|n| !n.is_empty())
                    .cloned()
                    .unwrap_or(" ".into()),
                None => String::new(),
            };
            row.push(name);
            if c + 1 == cols.len() {
                continue;
            }
            let mut link = "";
            for k in 0..centre[c].len() / 2 {
                let (top, bottom) = (centre[c][2 * k], centre[c][2 * k + 1]);
                let mid = centre[c + 1][k];
                if r == top {
                    link = LINK_TOP;
                } else if r == bottom {
                    link = LINK_BOTTOM;
                } else if r == mid {
                    link = LINK_MID;
                } else if r > top && r < bottom {
                    link = LINK_BAR;
                }
            }
            row.push(link.to_string());
        }
        t.rows.push(row);
    }
    t
}

/// A round's matches: 场次, both players with their seeds, the score,
/// who went through (the winner, in the final) and what decided it (or
/// what the match waits for).
pub(super) fn match_table(ms: &[&KoMatch], lang: Lang, last: bool) -> Table {
    let winner_key = if last {
        "kp.col.winner"
    } else {
        "kp.col.through"
    };
    let mut t = Table::new(vec![
        Column::new("match", tr(lang, "kp.col.match"), ColKind::Number),
        Column::new("a", tr(lang, "kp.col.player"), ColKind::Text),
        Column::new("score", tr(lang, "kp.col.score"), ColKind::Text),
        Column::new("b", tr(lang, "kp.col.player"), ColKind::Text),
        Column::new("winner", tr(lang, winner_key), ColKind::Text),
        Column::new("decided_by", tr(lang, "kp.col.decided"), ColKind::Text),
    ]);
    for m in ms {
        let b = match &m.b {
            Some(b) => with_seed(b),
            None => format!("({})", tr(lang, "kp.bye")),
        };
        t.rows.push(vec![
            m.board.to_string(),
            with_seed(&m.a),
            score_words(m),
            b,
            m.winner.clone().unwrap_or_default(),
            decided_text(lang, m),
        ]);
    }
    t
}

/// The games of some matches: 场次, 局, 阶段, 红方, 黑方, 结果 (and, with
/// `due`, the game due of each match, its result left blank, and every
/// game's time control).
pub(super) fn games_table<'a>(
    ms: impl Iterator<Item = &'a KoMatch>,
    lang: Lang,
    due: bool,
) -> Table {
    let mut cols = vec![
        Column::new("match", tr(lang, "kp.col.match"), ColKind::Number),
        Column::new("game", tr(lang, "kp.col.game"), ColKind::Number),
        Column::new("stage", tr(lang, "kp.col.stage"), ColKind::Text),
        Column::new("red", tr(lang, "rep.col.red"), ColKind::Text),
        Column::new("black", tr(lang, "rep.col.black"), ColKind::Text),
    ];
    if due {
        cols.push(Column::new("time", tr(lang, "kp.col.time"), ColKind::Text));
    }
    cols.push(Column::new(
        "result",
        tr(lang, "rep.col.result"),
        ColKind::WriteIn(6),
    ));
    let mut t = Table::new(cols);
    let with_time = due;
    for m in ms {
        let label = m.board.to_string();
        let due = due.then_some(m.due.as_ref()).flatten();
        for g in m.games.iter().chain(due) {
            let mut row = vec![
                label.clone(),
                g.game_no.to_string(),
                stage_words(lang, &g.stage),
                g.red.clone(),
                g.black.clone(),
            ];
            if with_time {
                row.push(time_short(lang, &g.time));
            }
            row.push(match g.result.is_empty() {
                true => String::new(),
                false => result_word(lang, &g.result),
            });
            t.rows.push(row);
        }
    }
    t
}
