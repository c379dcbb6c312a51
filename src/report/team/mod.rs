//! Team event documents (团体赛): team standings with board prizes and
//! the team crosstable here; the pairing sheet by match and the match
//! score sheets in `round.rs`, the check-in sheet by team in `checkin.rs`.
//! Built from plain data like the individual documents; rendered by the
//! same text/HTML/CSV renderers.

mod checkin;
mod round;

pub use checkin::{team_checkin_sheet, TeamCheckinData, TeamCheckinLine};
pub use round::{match_score_sheets, team_pairing_sheet};

use super::{ColKind, Column, Doc, EventInfo, Part, Table};
use crate::domain::AfterRound;
use crate::i18n::{tr, Lang};

/// One board of a match: the home and away players (empty = no player),
/// the home player's colour, the games' result codes and the board's
/// points for home and away once it is decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamBoardLine {
    pub board: crate::domain::BoardNo,
    pub home: String,
    pub away: String,
    /// The home team's player has red on this board.
    pub home_red: bool,
    /// The games' result codes (`1-0`, `*` while unplayed).
    pub result: String,
    /// Home and away points on this board, once decided.
    pub points: Option<(String, String)>,
}

/// A match: home, away (`None`: a team bye), boards, and the score when known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamMatchLine {
    pub number: u32,
    pub home: String,
    pub away: Option<String>,
    pub boards: Vec<TeamBoardLine>,
    /// Game points home:away and match points home:away, once decided.
    pub score: Option<(String, String)>,
}

/// A team round's matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRoundData {
    pub event: EventInfo,
    pub round: crate::domain::RoundNo,
    pub matches: Vec<TeamMatchLine>,
}

/// One team's standings line: values already formatted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamStandingLine {
    pub rank: String,
    pub name: String,
    pub match_points: String,
    pub game_points: String,
    pub values: Vec<String>,
}

/// One board-prize line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPrizeLine {
    pub board: crate::domain::BoardNo,
    pub rank: String,
    pub name: String,
    pub team: String,
    pub game_points: String,
    pub games: u32,
    pub percent: String,
}

/// Team standings and board prizes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamStandingsData {
    pub event: EventInfo,
    pub after_round: AfterRound,
    /// A paired round after `after_round` not all played (named, not counted).
    pub in_progress: Option<u32>,
    /// Tie-break codes shown after game points.
    pub codes: Vec<String>,
    pub rows: Vec<TeamStandingLine>,
    pub prizes: Vec<BoardPrizeLine>,
}

/// The team crosstable: per team, per opponent the game points scored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamCrossData {
    pub event: EventInfo,
    pub after_round: AfterRound,
    /// A paired round after `after_round` not all played (named, not counted).
    pub in_progress: Option<u32>,
    /// Team names in pairing order.
    pub teams: Vec<String>,
    /// Per team: one cell per team (its own cell is marked `#`), then
    /// match and game points and rank.
    pub rows: Vec<(Vec<String>, String, String, String)>,
    /// Printed as a round-robin's wall chart (循环赛总表): the same grid,
    /// titled as the document asked for.
    pub wall_chart: bool,
}

fn heading(ev: &EventInfo, lang: Lang, key: &str) -> Part {
    Part::Heading(format!("{} · {}", ev.name, tr(lang, key)))
}

fn round_info(lang: Lang, key: &'static str, n: u32) -> Part {
    Part::Info(vec![(
        String::new(),
        crate::i18n::Msg::new(key).with("n", n).render(lang),
    )])
}

/// "after round N", and "round N+1 in progress (not counted)" when one is.
fn after_info(lang: Lang, after: AfterRound, in_progress: Option<u32>) -> Part {
    let mut v = vec![(
        String::new(),
        crate::report::after_round_msg(after).render(lang),
    )];
    if let Some(n) = in_progress {
        v.push((
            String::new(),
            crate::i18n::msg!("rep.in_progress", n).render(lang),
        ));
    }
    Part::Info(v)
}

/// A document's title with the round it stands after, so a site's list
/// of standings pages (and a browser's tabs) tell them apart.
fn title_after(ev: &EventInfo, lang: Lang, key: &str, after: AfterRound) -> String {
    format!(
        "{} · {} · {}",
        ev.name,
        tr(lang, key),
        crate::report::after_round_msg(after).render(lang)
    )
}

fn c(lang: Lang, key: &str, heading: &str, kind: ColKind) -> Column {
    Column::new(key, tr(lang, heading), kind)
}

/// Team standings (团体名次表), then the board prizes (台次奖) on a new page.
pub fn team_standings_doc(d: &TeamStandingsData, lang: Lang) -> Doc {
    let mut cols = vec![
        c(lang, "rank", "rep.col.rank", ColKind::Number),
        c(lang, "team", "rep.team.team", ColKind::Text),
        c(
            lang,
            "match-points",
            "rep.team.match_points",
            ColKind::Number,
        ),
        c(lang, "game-points", "rep.team.game_points", ColKind::Number),
    ];
    for code in &d.codes {
        cols.push(Column::new(
            code,
            tr(lang, &format!("tb.team.{code}")),
            ColKind::Number,
        ));
    }
    let mut t = Table::new(cols);
    for r in &d.rows {
        let mut row = vec![
            r.rank.clone(),
            r.name.clone(),
            r.match_points.clone(),
            r.game_points.clone(),
        ];
        row.extend(r.values.iter().cloned());
        row.resize(t.columns.len(), String::new());
        t.rows.push(row);
    }
    let mut parts = vec![
        heading(&d.event, lang, "rep.standings"),
        after_info(lang, d.after_round, d.in_progress),
        Part::Table(t),
    ];
    if !d.prizes.is_empty() {
        parts.push(Part::PageBreak);
        parts.push(heading(&d.event, lang, "rep.team.board_prizes"));
        let mut p = Table::new(vec![
            c(lang, "board", "rep.col.board", ColKind::Number),
            c(lang, "rank", "rep.col.rank", ColKind::Number),
            c(lang, "name", "rep.col.name", ColKind::Text),
            c(lang, "team", "rep.team.team", ColKind::Text),
            c(lang, "game-points", "rep.team.game_points", ColKind::Number),
            c(lang, "games", "rep.team.games", ColKind::Number),
            c(lang, "percent", "rep.team.percent", ColKind::Number),
        ]);
        for b in &d.prizes {
            p.rows.push(vec![
                b.board.to_string(),
                b.rank.clone(),
                b.name.clone(),
                b.team.clone(),
                b.game_points.clone(),
                b.games.to_string(),
                b.percent.clone(),
            ]);
        }
        parts.push(Part::Table(p));
    }
    Doc {
        title: title_after(&d.event, lang, "rep.standings", d.after_round),
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}

/// The team crosstable (团体交叉表): game points scored against each team.
pub fn team_crosstable(d: &TeamCrossData, lang: Lang) -> Doc {
    let mut cols = vec![
        c(lang, "no", "rep.col.no", ColKind::Number),
        c(lang, "team", "rep.team.team", ColKind::Text),
    ];
    for i in 1..=d.teams.len() {
        cols.push(Column::new(&format!("t{i}"), i.to_string(), ColKind::Mark));
    }
    cols.push(c(
        lang,
        "match-points",
        "rep.team.match_points",
        ColKind::Number,
    ));
    cols.push(c(
        lang,
        "game-points",
        "rep.team.game_points",
        ColKind::Number,
    ));
    cols.push(c(lang, "rank", "rep.col.rank", ColKind::Number));
    let mut t = Table::new(cols);
    for (i, (cells, mp, gp, rank)) in d.rows.iter().enumerate() {
        let mut row = vec![(i + 1).to_string(), d.teams[i].clone()];
        // A team's own cell is marked (shaded in HTML): it never plays itself.
        row.extend(cells.iter().enumerate().map(|(j, c)| match i == j {
            true => "#".to_string(),
            false => c.clone(),
        }));
        row.push(mp.clone());
        row.push(gp.clone());
        row.push(rank.clone());
        t.rows.push(row);
    }
    let key = match d.wall_chart {
        true => "rep.wallchart",
        false => "rep.crosstable",
    };
    Doc {
        title: title_after(&d.event, lang, key, d.after_round),
        lang,
        parts: vec![
            heading(&d.event, lang, key),
            after_info(lang, d.after_round, d.in_progress),
            Part::Table(t),
        ],
        landscape: d.teams.len() > 12,
        csv: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `board-results` column (台次分) holds game points compared board
    /// by board, as the team spec names it: its heading is the tie-break's
    /// name in every language, never a single board ("Board 1").
    #[test]
    fn the_board_results_column_is_headed_as_game_points_by_board() {
        let d = TeamStandingsData {
            codes: vec!["game-points".into(), "board-results".into()],
            rows: vec![TeamStandingLine {
                rank: "1".into(),
                name: "红星".into(),
                match_points: "4".into(),
                game_points: "6".into(),
                values: vec!["6".into(), "2".into()],
            }],
            ..Default::default()
        };
        for (lang, want) in [
            (Lang::ZhHans, "台次分"),
            (Lang::ZhHant, "台次分"),
            (Lang::En, "Board GP"),
        ] {
            let doc = team_standings_doc(&d, lang);
            let Some(Part::Table(t)) = doc.parts.iter().find(|p| matches!(p, Part::Table(_)))
            else {
                panic!("{doc:?}")
            };
            let h = &t.columns.last().expect("a column").heading;
            assert_eq!(h, want, "{lang:?}");
            assert!(!h.chars().any(|c| c.is_ascii_digit()), "{h}");
            assert_ne!(h, &crate::i18n::msg!("rep.board_n", n = 1).render(lang));
        }
    }
}
