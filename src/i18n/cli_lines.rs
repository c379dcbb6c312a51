//! Texts of the command line's tables and lines that were printed in
//! English whatever the language: table headings, `--explain`, a round's
//! players without a game, a knockout's match lines, log summaries.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "explain.ahead",
        "{winner} 在{criterion}上领先 {loser}: {a} {av}, {b} {bv}",
        "{winner} 在{criterion}上領先 {loser}: {a} {av}, {b} {bv}",
        "{winner} is ahead of {loser} on {criterion}: {a} {av} against {b} {bv}",
    ),
    (
        "explain.ahead_shows",
        "{winner} 在{criterion}上领先 {loser}: {a} {av}, {b} {bv} (表中两人均显示 {value})",
        "{winner} 在{criterion}上領先 {loser}: {a} {av}, {b} {bv} (表中兩人均顯示 {value})",
        "{winner} is ahead of {loser} on {criterion}: {a} {av} against {b} {bv} (the table shows {value} for both)",
    ),
    // A criterion in an explanation: by name in Chinese, by the code typed
    // after `--tiebreaks` in English (the one text whose languages fill
    // different arguments; both are always given).
    ("explain.criterion", "{name}", "{name}", "{code}"),
    ("explain.criterion_detail", "{name} ({detail})", "{name} ({detail})", "{name} ({detail})"),
    (
        "explain.tied",
        "{a} 与 {b} 积分及所有对比分均相同, 名次并列",
        "{a} 與 {b} 積分及所有對比分均相同, 名次並列",
        "{a} and {b} are equal on points and every tie-break, and share the rank",
    ),
    ("cl.versus", "{a} 对 {b}", "{a} 對 {b}", "{a} v {b}"),
    ("cl.step", "  {name}: {a} 对 {b}", "  {name}: {a} 對 {b}", "  {name}: {a} v {b}"),
    ("cl.bye", "轮空", "輪空", "BYE"),
    ("cl.join", "{a}; {b}", "{a}; {b}", "{a}; {b}"),
    (
        "cl.ko.open_match",
        "第{board}台 {a} – {b} ({next})",
        "第{board}台 {a} – {b} ({next})",
        "board {board} {a} – {b} ({next})",
    ),
    (
        "cl.ko.open_match_bare",
        "第{board}台 {a} – {b}",
        "第{board}台 {a} – {b}",
        "board {board} {a} – {b}",
    ),
    (
        "cl.ko.round_board",
        "第{round}轮第{board}台",
        "第{round}輪第{board}台",
        "round {round} board {board}",
    ),
    ("cl.ko.due", "{what}: {red} – {black}", "{what}: {red} – {black}", "{what}: {red} – {black}"),
    (
        "cl.ko.later_match",
        "第{round}轮第{board}台 {a} – {b}",
        "第{round}輪第{board}台 {a} – {b}",
        "round {round} board {board} {a} – {b}",
    ),
    ("cl.ko.red", "(红方 {name})", "(紅方 {name})", "(red {name})"),
    ("cl.ko.winner", "胜者 {name} ({by})", "勝者 {name} ({by})", "winner {name} ({by})"),
    ("cl.ko.third_place", "[三四名决赛]", "[三四名決賽]", "[3rd place]"),
    (
        "log.team_add_typed",
        "为 {event} 加入 {count} 队: {names}",
        "為 {event} 加入 {count} 隊: {names}",
        "add {count} team(s) to {event}: {names}",
    ),
    (
        "log.lineup",
        "{event}: {team} 第 {round} 轮出场: {players}",
        "{event}: {team} 第 {round} 輪出場: {players}",
        "lineup of {team} in round {round} of {event}: {players}",
    ),
    (
        "log.team_round_pair",
        "{event} 第 {round} 轮编排 ({matches} 场)",
        "{event} 第 {round} 輪編排 ({matches} 場)",
        "pair round {round} of {event} ({matches} matches)",
    ),
    (
        "log.team_round_pair_clubmates",
        "{event} 第 {round} 轮编排 ({matches} 场, 本轮允许同单位的队相遇)",
        "{event} 第 {round} 輪編排 ({matches} 場, 本輪允許同單位的隊相遇)",
        "pair round {round} of {event} ({matches} matches, teams of one club allowed to meet this round)",
    ),
    (
        "log.team_games_import",
        "从 {file} 向 {event} 导入 {games} 局团体赛对局 ({rounds} 个新轮次)",
        "從 {file} 向 {event} 匯入 {games} 局團體賽對局 ({rounds} 個新輪次)",
        "import {games} team games ({rounds} new rounds) into {event} from {file}",
    ),
    (
        "log.ko_lot",
        "{event} 第 {round} 轮 第 {board} 场抽签: {name} 胜",
        "{event} 第 {round} 輪 第 {board} 場抽籤: {name} 勝",
        "lot {event} round {round} board {board}: {name} wins",
    ),
    (
        "log.ko_place",
        "{event}: 手工排定对阵位置",
        "{event}: 手工排定對陣位置",
        "place the players of {event} by hand",
    ),
    (
        "log.ko_import",
        "从 {file} 向淘汰赛 {event} 导入 {n} 局",
        "從 {file} 向淘汰賽 {event} 導入 {n} 局",
        "import {n} knockout games into {event} from {file}",
    ),
    (
        "log.roster_add",
        "{event}: {player} 加入 {team} 名单",
        "{event}: {player} 加入 {team} 名單",
        "add {player} to the roster of {team} in {event}",
    ),
    (
        "log.roster_remove",
        "{event}: {player} 离开 {team} 名单",
        "{event}: {player} 離開 {team} 名單",
        "remove {player} from the roster of {team} in {event}",
    ),
    (
        "log.round_start",
        "第{round}轮开始时间 {start}",
        "第{round}輪開始時間 {start}",
        "round {round} starts {start}",
    ),
    (
        "log.round_no_start",
        "第{round}轮不设开始时间",
        "第{round}輪不設開始時間",
        "round {round}: no start time",
    ),
    (
        "err.app.no_round_yet",
        "{event} 还没有编排任何一轮",
        "{event} 還沒有編排任何一輪",
        "no round of {event} is paired yet",
    ),
    (
        "err.scoring.missing_first_strike",
        "{game}: attacker-defender 计分需要首先吃子: 填 red 或 black (谁先吃子), 没有吃子则填 none (命令行 --first-strike none, 对局表 first_strike 列)",
        "{game}: attacker-defender 計分需要首先吃子: 填 red 或 black (誰先吃子), 沒有吃子則填 none (命令列 --first-strike none, 對局表 first_strike 欄)",
        "{game}: the attacker-defender scheme needs the first strike: red or black (who captured first), or none when no piece was captured (--first-strike none on the command line, the first_strike column of a games file)",
    ),
];
