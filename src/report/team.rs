//! Team event documents (团体赛): pairing sheet with lineups, match score
//! sheets, team standings with board prizes, team crosstable. Built from
//! plain data like the individual documents; rendered by the same
//! text/HTML/CSV renderers.

use super::{ColKind, Column, Doc, EventInfo, Part, Table};
use crate::i18n::{tr, Lang};

/// One board of a match: red and black (names; empty = no player) and the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamBoardLine {
    pub board: u32,
    pub red: String,
    pub black: String,
    /// The home team's player has red on this board.
    pub home_red: bool,
    pub result: String,
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamRoundData {
    pub event: EventInfo,
    pub round: u32,
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardPrizeLine {
    pub board: u32,
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
    pub after_round: u32,
    /// Tie-break codes shown after game points.
    pub codes: Vec<String>,
    pub rows: Vec<TeamStandingLine>,
    pub prizes: Vec<BoardPrizeLine>,
}

/// The team crosstable: per team, per opponent the game points scored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamCrossData {
    pub event: EventInfo,
    pub after_round: u32,
    /// Team names in pairing order.
    pub teams: Vec<String>,
    /// Per team: one cell per team (own cell empty), then match and game points and rank.
    pub rows: Vec<(Vec<String>, String, String, String)>,
}

fn heading(ev: &EventInfo, lang: Lang, key: &str) -> Part {
    Part::Heading(format!("{} · {}", ev.name, tr(lang, key)))
}

fn round_info(lang: Lang, key: &str, n: u32) -> Part {
    Part::Info(vec![(
        String::new(),
        tr(lang, key).replace("{}", &n.to_string()),
    )])
}

fn c(lang: Lang, key: &str, heading: &str, kind: ColKind) -> Column {
    Column::new(key, tr(lang, heading), kind)
}

/// The team pairing sheet (对阵表): each match with both lineups, 台次,
/// 红方 and 黑方 per board.
pub fn team_pairing_sheet(d: &TeamRoundData, lang: Lang) -> Doc {
    let mut parts = vec![
        heading(&d.event, lang, "rep.pairings"),
        round_info(lang, "rep.round_n", d.round),
    ];
    for m in &d.matches {
        let Some(away) = &m.away else {
            parts.push(Part::Note(format!("{} {}", m.home, tr(lang, "rep.bye"))));
            continue;
        };
        parts.push(Part::Note(format!(
            "{} {}: {} – {}",
            tr(lang, "rep.team.match"),
            m.number,
            m.home,
            away
        )));
        let mut t = Table::new(vec![
            c(lang, "board", "rep.col.board", ColKind::Number),
            c(lang, "red", "rep.col.red", ColKind::Text),
            c(lang, "black", "rep.col.black", ColKind::Text),
            c(lang, "result", "rep.col.result", ColKind::Mark),
        ]);
        for b in &m.boards {
            t.rows.push(vec![
                b.board.to_string(),
                b.red.clone(),
                b.black.clone(),
                b.result.clone(),
            ]);
        }
        parts.push(Part::Table(t));
    }
    Doc {
        title: format!("{} · {}", d.event.name, tr(lang, "rep.pairings")),
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}

/// Match score sheets (比赛记分表): one per match, a page each — every
/// board with space for the result, both captains' signatures, the score.
pub fn match_score_sheets(d: &TeamRoundData, lang: Lang) -> Doc {
    let mut parts = Vec::new();
    for (i, m) in d.matches.iter().filter(|m| m.away.is_some()).enumerate() {
        if i > 0 {
            parts.push(Part::PageBreak);
        }
        let away = m.away.clone().unwrap_or_default();
        parts.push(heading(&d.event, lang, "rep.team.score_sheet"));
        parts.push(Part::Info(vec![
            (
                String::new(),
                tr(lang, "rep.round_n").replace("{}", &d.round.to_string()),
            ),
            (tr(lang, "rep.team.match").to_string(), m.number.to_string()),
        ]));
        parts.push(Part::Note(format!("{} – {}", m.home, away)));
        let mut t = Table::new(vec![
            c(lang, "board", "rep.col.board", ColKind::Number),
            Column::new("home", m.home.clone(), ColKind::Text),
            Column::new("away", away.clone(), ColKind::Text),
            c(lang, "red", "rep.col.red", ColKind::Text),
            c(lang, "result", "rep.col.result", ColKind::WriteIn(9)),
            c(lang, "signature", "rep.col.signature", ColKind::WriteIn(10)),
        ]);
        for b in &m.boards {
            let (home, awayp) = if b.home_red {
                (&b.red, &b.black)
            } else {
                (&b.black, &b.red)
            };
            t.rows.push(vec![
                b.board.to_string(),
                home.clone(),
                awayp.clone(),
                if b.home_red {
                    m.home.clone()
                } else {
                    away.clone()
                },
                if b.result.contains('*') {
                    String::new()
                } else {
                    b.result.clone()
                },
                String::new(),
            ]);
        }
        parts.push(Part::Table(t));
        parts.push(Part::Note(format!(
            "{}: {}",
            tr(lang, "rep.team.match_result"),
            m.score
                .as_ref()
                .map(|(g, mp)| format!("{g} ({mp})"))
                .unwrap_or_else(|| "____ : ____".into())
        )));
        parts.push(Part::Note(format!(
            "{} {}: ______________    {} {}: ______________",
            m.home,
            tr(lang, "rep.team.captain"),
            away,
            tr(lang, "rep.team.captain")
        )));
    }
    Doc {
        title: format!("{} · {}", d.event.name, tr(lang, "rep.team.score_sheet")),
        lang,
        parts,
        landscape: false,
        csv: None,
    }
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
        round_info(lang, "rep.after_round", d.after_round),
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
        title: format!("{} · {}", d.event.name, tr(lang, "rep.standings")),
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
        row.extend(cells.iter().cloned());
        row.push(mp.clone());
        row.push(gp.clone());
        row.push(rank.clone());
        t.rows.push(row);
    }
    Doc {
        title: format!("{} · {}", d.event.name, tr(lang, "rep.crosstable")),
        lang,
        parts: vec![
            heading(&d.event, lang, "rep.crosstable"),
            round_info(lang, "rep.after_round", d.after_round),
            Part::Table(t),
        ],
        landscape: d.teams.len() > 12,
        csv: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round() -> TeamRoundData {
        TeamRoundData {
            event: EventInfo {
                name: "联赛".into(),
                ..Default::default()
            },
            round: 2,
            matches: vec![
                TeamMatchLine {
                    number: 1,
                    home: "火车头".into(),
                    away: Some("四川".into()),
                    boards: vec![
                        TeamBoardLine {
                            board: 1,
                            red: "王天一".into(),
                            black: "郑惟桐".into(),
                            home_red: true,
                            result: "1-0".into(),
                        },
                        TeamBoardLine {
                            board: 2,
                            red: "孟辰".into(),
                            black: "蒋川".into(),
                            home_red: false,
                            result: "*".into(),
                        },
                    ],
                    score: None,
                },
                TeamMatchLine {
                    number: 2,
                    home: "广东".into(),
                    away: None,
                    boards: vec![],
                    score: None,
                },
            ],
        }
    }

    #[test]
    fn the_pairing_sheet_lists_every_board_with_red_and_black_and_the_bye() {
        let text = super::super::render_text(&team_pairing_sheet(&round(), Lang::ZhHans), 60);
        assert!(text.contains("火车头 – 四川"), "{text}");
        assert!(text.contains("王天一") && text.contains("蒋川"));
        assert!(text.contains("广东 轮空"), "{text}");
        let html = super::super::render_html(&team_pairing_sheet(&round(), Lang::En));
        assert!(html.contains("<table") && html.contains("郑惟桐"));
    }

    #[test]
    fn a_score_sheet_has_both_teams_every_board_and_signatures() {
        let doc = match_score_sheets(&round(), Lang::En);
        let text = super::super::render_text(&doc, 60);
        assert!(text.contains("火车头 captain"), "{text}");
        assert!(text.contains("四川 captain"));
        // Board 2: the home player (black) is 蒋川.
        let t = doc
            .parts
            .iter()
            .find_map(|p| match p {
                Part::Table(t) => Some(t),
                _ => None,
            })
            .unwrap();
        assert_eq!(t.rows[1][1], "蒋川");
        assert_eq!(t.rows[1][4], "", "an unplayed board is left to write in");
    }
}
