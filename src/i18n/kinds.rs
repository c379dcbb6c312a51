//! Texts of the event kinds on every front end: the kind's name, a
//! knockout's ranking and round names, team events in the TUI.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    ("kind.individual", "个人赛", "個人賽", "individual"),
    ("kind.team", "团体赛", "團體賽", "team event"),
    ("kind.knockout", "淘汰赛", "淘汰賽", "knockout"),
    ("ko.round.final", "决赛", "決賽", "final"),
    ("ko.round.semi", "半决赛", "半決賽", "semi-final"),
    (
        "ko.round.quarter",
        "四分之一决赛",
        "四分之一決賽",
        "quarter-final",
    ),
    (
        "ko.round.last_n",
        "1/{n}决赛",
        "1/{n}決賽",
        "round of {players}",
    ),
    ("tui.ko.lost_in", "止步", "止步", "out in"),
    (
        "tui.ko.final_ranking",
        "最终名次",
        "最終名次",
        "final ranking",
    ),
    (
        "tui.ko.ranking_so_far",
        "名次 (赛事未完)",
        "名次 (賽事未完)",
        "ranking so far (not finished)",
    ),
    (
        "tui.system.team",
        "团体 · {system}",
        "團體 · {system}",
        "teams · {system}",
    ),
];
