//! A team round on paper: the pairing sheet by match (home team, away
//! team, the match score, then its boards with each side's player) and
//! the match score sheets (a page per match, within 80 columns however
//! long the team names: they head the sheet, the columns say 主队/客队).

use super::{c, heading, round_info};
use super::{TeamBoardLine, TeamMatchLine, TeamRoundData};
use crate::i18n::{msg, tr, Lang};
use crate::report::{result_word, ColKind, Doc, Part, Table};

/// A board's player, or the mark of an empty board.
fn player(name: &str, lang: Lang) -> String {
    match name.is_empty() {
        true => tr(lang, "tp.empty").to_string(),
        false => name.to_string(),
    }
}

/// Did the home (`home`) or away player of a board forfeit a game by not
/// coming? A lined-up player who did not come is the one absent (缺席);
/// the games swap colours on a two-game board.
fn forfeited(b: &TeamBoardLine, home: bool) -> bool {
    b.result.split_whitespace().enumerate().any(|(i, code)| {
        let home_red = b.home_red == (i % 2 == 0);
        let red = home == home_red;
        match code {
            "-/-" => true,
            "-/+" => red,
            "+/-" => !red,
            _ => false,
        }
    })
}

/// A side of a board as printed: the player, marked absent when he
/// forfeited by not coming.
fn side(b: &TeamBoardLine, home: bool, lang: Lang) -> String {
    let name = if home { &b.home } else { &b.away };
    match !name.is_empty() && forfeited(b, home) {
        true => format!("{name} ({})", tr(lang, "rep.reason.absent")),
        false => player(name, lang),
    }
}

/// The home player's colour on a board: 红 / 黑.
fn home_colour(home_red: bool, lang: Lang) -> String {
    tr(lang, if home_red { "tp.red" } else { "tp.black" }).to_string()
}

/// A board's result for people: the board's points home:away once decided
/// (`2:0`, `1:1`), else the games entered so far in words.
fn board_result(points: &Option<(String, String)>, result: &str, lang: Lang) -> String {
    if let Some((h, a)) = points {
        return format!("{h}:{a}");
    }
    result
        .split_whitespace()
        .filter(|r| *r != "*")
        .map(|r| result_word(lang, r))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `第1场  北京威凯 – 广东碧桂园  比分 5:3 · 场分 2:0`.
fn match_line(m: &TeamMatchLine, away: &str, lang: Lang) -> String {
    let mut s = format!(
        "{}  {} – {away}",
        msg!("tp.match_n", n = m.number).render(lang),
        m.home
    );
    if let Some((score, mp)) = &m.score {
        s.push_str("  ");
        s.push_str(&msg!("tp.match_score", score, mp).render(lang));
    }
    s
}

/// The team pairing sheet (对阵表): the round's matches (home, score,
/// away, match points), then each match with its boards: the home
/// player, his colour, the board's result, the away player.
pub fn team_pairing_sheet(d: &TeamRoundData, lang: Lang) -> Doc {
    let round = msg!("rep.round_n", n = d.round).render(lang);
    let title = format!("{} · {} · {round}", d.event.name, tr(lang, "rep.pairings"));
    let mut parts = vec![
        heading(&d.event, lang, "rep.pairings"),
        round_info(lang, "rep.round_n", d.round.get()),
    ];
    let mut list = Table::new(vec![
        c(lang, "match", "rep.team.match", ColKind::Number),
        c(lang, "home", "tp.home", ColKind::Text),
        c(lang, "score", "tp.score", ColKind::Mark),
        c(lang, "away", "tp.away", ColKind::Text),
        c(lang, "match-points", "rep.team.match_points", ColKind::Mark),
    ]);
    let mut csv = Table::new(vec![
        c(lang, "match", "rep.team.match", ColKind::Number),
        c(lang, "home_team", "tp.home", ColKind::Text),
        c(lang, "away_team", "tp.away", ColKind::Text),
        c(lang, "board", "rep.col.board", ColKind::Number),
        c(lang, "home", "tp.home", ColKind::Text),
        c(lang, "home_colour", "tp.home_colour", ColKind::Mark),
        c(lang, "away", "tp.away", ColKind::Text),
        c(lang, "result", "rep.col.result", ColKind::Mark),
    ]);
    let mut byes = Vec::new();
    for m in &d.matches {
        let Some(away) = &m.away else {
            byes.push(msg!("tp.bye", team = &m.home).render(lang));
            continue;
        };
        let (score, mp) = m.score.clone().unwrap_or_default();
        list.rows.push(vec![
            m.number.to_string(),
            m.home.clone(),
            score,
            away.clone(),
            mp,
        ]);
    }
    parts.push(Part::Table(list));
    for b in byes {
        parts.push(Part::Note(b));
    }
    for m in &d.matches {
        let Some(away) = &m.away else { continue };
        parts.push(Part::Note(match_line(m, away, lang)));
        let mut t = Table::new(vec![
            c(lang, "board", "rep.col.board", ColKind::Number),
            c(lang, "home", "tp.home", ColKind::Text),
            c(lang, "home_colour", "tp.home_colour", ColKind::Mark),
            c(lang, "result", "rep.col.result", ColKind::WriteIn(7)),
            c(lang, "away", "tp.away", ColKind::Text),
        ]);
        for b in &m.boards {
            let result = board_result(&b.points, &b.result, lang);
            t.rows.push(vec![
                b.board.to_string(),
                side(b, true, lang),
                home_colour(b.home_red, lang),
                result.clone(),
                side(b, false, lang),
            ]);
            csv.rows.push(vec![
                m.number.to_string(),
                m.home.clone(),
                away.clone(),
                b.board.to_string(),
                b.home.clone(),
                if b.home_red { "red" } else { "black" }.into(),
                b.away.clone(),
                b.result.clone(),
            ]);
        }
        parts.push(Part::Table(t));
    }
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: Some(csv),
    }
}

/// Match score sheets (比赛记分表): one per match, a page each — the two
/// teams at the top, every board with space for the result and both
/// players' signatures, the match result and both captains' signatures.
pub fn match_score_sheets(d: &TeamRoundData, lang: Lang) -> Doc {
    let mut parts = Vec::new();
    for (i, m) in d.matches.iter().filter(|m| m.away.is_some()).enumerate() {
        if i > 0 {
            parts.push(Part::PageBreak);
        }
        let away = m.away.clone().unwrap_or_default();
        parts.push(heading(&d.event, lang, "rep.team.score_sheet"));
        parts.push(Part::Info(vec![
            (String::new(), msg!("rep.round_n", n = d.round).render(lang)),
            (String::new(), msg!("tp.match_n", n = m.number).render(lang)),
        ]));
        parts.push(Part::Info(vec![
            (tr(lang, "tp.home").to_string(), m.home.clone()),
            (tr(lang, "tp.away").to_string(), away.clone()),
        ]));
        let mut t = Table::new(vec![
            c(lang, "board", "rep.col.board", ColKind::Number),
            c(lang, "home", "tp.home", ColKind::Text),
            c(lang, "home_colour", "tp.home_colour", ColKind::Mark),
            c(lang, "away", "tp.away", ColKind::Text),
            c(lang, "result", "rep.col.result", ColKind::WriteIn(8)),
            c(lang, "signature", "rep.col.signature", ColKind::WriteIn(14)),
        ]);
        for b in &m.boards {
            t.rows.push(vec![
                b.board.to_string(),
                side(b, true, lang),
                home_colour(b.home_red, lang),
                side(b, false, lang),
                board_result(&b.points, &b.result, lang),
                String::new(),
            ]);
        }
        parts.push(Part::Table(t));
        parts.push(Part::Note(format!(
            "{}: {}",
            tr(lang, "rep.team.match_result"),
            m.score
                .as_ref()
                .map(|(g, mp)| msg!("tp.match_score", score = g, mp).render(lang))
                .unwrap_or_else(|| "____ : ____".into())
        )));
        parts.push(Part::Note(format!(
            "{}: ______________    {}: ______________",
            tr(lang, "tp.captain_home"),
            tr(lang, "tp.captain_away")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{render_text, EventInfo};
    use unicode_width::UnicodeWidthStr;

    fn round() -> TeamRoundData {
        let board = |board, home: &str, away: &str, result: &str, points: Option<(&str, &str)>| {
            TeamBoardLine {
                board: crate::domain::BoardNo(board),
                home: home.into(),
                away: away.into(),
                home_red: board % 2 == 1,
                result: result.into(),
                points: points.map(|(h, a)| (h.into(), a.into())),
            }
        };
        TeamRoundData {
            event: EventInfo {
                name: "联赛".into(),
                ..Default::default()
            },
            round: crate::domain::RoundNo(2),
            matches: vec![
                TeamMatchLine {
                    number: 1,
                    home: "四川成都懿锦控股象棋队".into(),
                    away: Some("深圳中国银行象棋俱乐部".into()),
                    boards: vec![
                        board(1, "郑惟桐", "许银川", "1-0", Some(("2", "0"))),
                        board(2, "孟辰", "李少庚", "1-0", Some(("0", "2"))),
                        board(3, "赵攀伟", "", "", Some(("2", "0"))),
                        board(4, "许文章", "曹岩磊", "-/+", Some(("2", "0"))),
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

    /// Each match is listed home – away with its score, then its boards
    /// with each team's player on its own side; an empty board is marked
    /// and the present player's team has the points; the bye is named.
    #[test]
    fn the_pairing_sheet_lists_matches_then_boards_by_team() {
        let text = render_text(&team_pairing_sheet(&round(), Lang::ZhHans), 60);
        assert!(
            text.contains("第1场  四川成都懿锦控股象棋队 – 深圳中国银行象棋俱乐部"),
            "{text}"
        );
        let cells = |name: &str| -> Vec<String> {
            let line = text.lines().find(|l| l.contains(name)).unwrap();
            line.split(" | ").map(|c| c.trim().to_string()).collect()
        };
        assert_eq!(
            cells("孟辰"),
            ["2", "孟辰", "黑", "0:2", "李少庚"],
            "{text}"
        );
        assert_eq!(
            cells("赵攀伟"),
            ["3", "赵攀伟", "红", "2:0", "(空台)"],
            "{text}"
        );
        // Board 4: the away player, red there, did not come: he alone is absent.
        assert_eq!(
            cells("许文章"),
            ["4", "许文章", "黑", "2:0", "曹岩磊 (缺席)"],
            "{text}"
        );
        assert_eq!(text.matches("缺席").count(), 1, "{text}");
        assert!(text.contains("广东 轮空"), "{text}");
        assert!(!text.contains("红方") && !text.contains("黑方"), "{text}");
    }

    /// The score sheet names the teams at its head and fits 80 columns:
    /// 台次 and the team names are never cut.
    #[test]
    fn a_score_sheet_fits_80_columns_with_long_team_names() {
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
            let text = render_text(&match_score_sheets(&round(), lang), 60);
            assert!(text.lines().all(|l| l.width() <= 80), "{text}");
            assert!(!text.contains('…'), "nothing cut:\n{text}");
            assert!(text.contains("四川成都懿锦控股象棋队"), "{text}");
            assert!(text.contains(tr(lang, "rep.col.board")), "{text}");
        }
        let zh = render_text(&match_score_sheets(&round(), Lang::ZhHans), 60);
        assert!(
            zh.contains("主队队长签名") && zh.contains("客队队长签名"),
            "{zh}"
        );
    }
}
