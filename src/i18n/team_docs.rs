//! Texts of a team event's printed documents: the pairing sheet by match,
//! the match score sheet, the crosstable and the check-in sheet by team.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    ("tp.home", "主队", "主隊", "Home"),
    ("tp.away", "客队", "客隊", "Away"),
    ("tp.home_colour", "主队执", "主隊執", "Home has"),
    ("tp.red", "红", "紅", "red"),
    ("tp.black", "黑", "黑", "black"),
    ("tp.score", "比分", "比分", "Score"),
    ("tp.board_score", "本台得分", "本台得分", "Board score"),
    ("tp.match_n", "第{n}场", "第{n}場", "Match {n}"),
    ("tp.empty", "(空台)", "(空檯)", "(empty)"),
    ("tp.bye", "{team} 轮空", "{team} 輪空", "{team} has a bye"),
    (
        "tp.match_score",
        "比分 {score} · 场分 {mp}",
        "比分 {score} · 場分 {mp}",
        "score {score} · match points {mp}",
    ),
    ("tp.reserve", "替补", "替補", "reserve"),
    ("tp.roster_no", "台次", "台次", "Board"),
    (
        "tp.captain_home",
        "主队队长签名",
        "主隊隊長簽名",
        "Home captain",
    ),
    (
        "tp.captain_away",
        "客队队长签名",
        "客隊隊長簽名",
        "Away captain",
    ),
];
