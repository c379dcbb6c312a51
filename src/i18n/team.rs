//! Texts of team events (团体赛, issue 19).

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "err.team.exists",
        "{event} 已有名为 {team} 的队",
        "{event} 已有名為 {team} 的隊",
        "{event} already has a team named {team}",
    ),
    (
        "err.team.two_teams",
        "{player} 不能同时在 {team} 和 {other} 两队",
        "{player} 不能同時在 {team} 和 {other} 兩隊",
        "{player} cannot be on two teams: {team} and {other}",
    ),
    (
        "err.team.lineup_after_result",
        "第 {round} 轮这场比赛已有成绩, 不能再改出场名单",
        "第 {round} 輪這場比賽已有成績, 不能再改出場名單",
        "a result of this match in round {round} is already entered; the lineup can no longer change",
    ),
    (
        "err.team.not_team_event",
        "{event} 不是团体赛",
        "{event} 不是團體賽",
        "{event} is not a team event",
    ),
    (
        "err.team.boards",
        "台数必须在 1 到 64 之间 (现为 {boards})",
        "台數必須在 1 到 64 之間 (現為 {boards})",
        "the number of boards must be 1 to 64 (not {boards})",
    ),
    (
        "err.team.needs_name",
        "队名不能为空",
        "隊名不能為空",
        "a team needs a name",
    ),
    (
        "err.team.twice_on_roster",
        "{player} 在 {team} 的名单上出现两次",
        "{player} 在 {team} 的名單上出現兩次",
        "{player} is listed twice for {team}",
    ),
    (
        "err.team.csv_two_teams",
        "{file}:{line}: {player} 不能同时在 {team} 和 {other} 两队 (第 {other_line} 行)",
        "{file}:{line}: {player} 不能同時在 {team} 和 {other} 兩隊 (第 {other_line} 行)",
        "{file}:{line}: {player} cannot be on two teams: {team} and {other} (line {other_line})",
    ),
    (
        "err.team.csv_ambiguous",
        "{file}:{line}: 有多名会员叫 {player}; 请填写单位以区分",
        "{file}:{line}: 有多名會員叫 {player}; 請填寫單位以區分",
        "{file}:{line}: several members are named {player}; give the club to tell them apart",
    ),
    (
        "err.team.csv_position_twice",
        "{file}:{line}: {team} 的第 {position} 位出现两次",
        "{file}:{line}: {team} 的第 {position} 位出現兩次",
        "{file}:{line}: {team} has roster position {position} twice",
    ),
    (
        "err.team.lineup_too_long",
        "{team} 的出场名单有 {count} 人, 但每场只有 {boards} 台",
        "{team} 的出場名單有 {count} 人, 但每場只有 {boards} 台",
        "the lineup of {team} names {count} players, but a match has {boards} boards",
    ),
    (
        "err.team.not_on_roster",
        "{player} 不在 {team} 的名单上",
        "{player} 不在 {team} 的名單上",
        "{player} is not on the roster of {team}",
    ),
    (
        "err.team.lineup_order",
        "{team} 的出场名单不符合名单顺序: 第 {board} 台的 {player} 排在名单中前面一台棋手之前",
        "{team} 的出場名單不符合名單順序: 第 {board} 台的 {player} 排在名單中前面一台棋手之前",
        "the lineup of {team} is out of roster order: {player} on board {board} stands above a player on a higher board in the roster",
    ),
    (
        "err.team.no_team",
        "没有编号为 {team} 的队",
        "沒有編號為 {team} 的隊",
        "no team #{team}",
    ),
    (
        "err.team.too_few_teams",
        "{event} 至少需要两个队才能编排",
        "{event} 至少需要兩個隊才能編排",
        "{event} needs at least two teams to pair",
    ),
    (
        "err.team.board_range",
        "没有第 {board} 台 (每场 {boards} 台)",
        "沒有第 {board} 台 (每場 {boards} 台)",
        "there is no board {board} (a match has {boards} boards)",
    ),
    (
        "err.team.at_line",
        "{file}:{line}: {why}",
        "{file}:{line}: {why}",
        "{file}:{line}: {why}",
    ),
    (
        "err.team.unknown",
        "没有名为 {team} 的队",
        "沒有名為 {team} 的隊",
        "no team named {team}",
    ),
    (
        "err.team.no_bye_rows",
        "团体赛的对局文件不列轮空",
        "團體賽的對局檔案不列輪空",
        "a team event's games file has no bye rows",
    ),
    (
        "err.team.player_not_in_match",
        "{player} 不在 {home} 或 {away} 的名单上",
        "{player} 不在 {home} 或 {away} 的名單上",
        "{player} is not on the roster of {home} or {away}",
    ),
    (
        "err.team.no_such_match",
        "第 {round} 轮没有 {home} 对 {away} 的比赛 (已编排: {paired})",
        "第 {round} 輪沒有 {home} 對 {away} 的比賽 (已編排: {paired})",
        "round {round} has no match {home} – {away} (paired: {paired})",
    ),
    (
        "err.team.not_in_lineup",
        "{player} 不在 {team} 第 {round} 轮第 {board} 台的出场名单上",
        "{player} 不在 {team} 第 {round} 輪第 {board} 台的出場名單上",
        "{player} is not in the lineup of {team} on board {board} in round {round}",
    ),
    (
        "err.team.round_gap",
        "第 {round} 轮不能接在已有各轮之后 (下一轮是第 {next} 轮)",
        "第 {round} 輪不能接在已有各輪之後 (下一輪是第 {next} 輪)",
        "round {round} does not follow the rounds before it (the next is round {next})",
    ),
    (
        "err.team.two_matches",
        "{team} 在第 {round} 轮有两场比赛",
        "{team} 在第 {round} 輪有兩場比賽",
        "{team} has two matches in round {round}",
    ),
    (
        "err.team.board_taken",
        "第 {board} 台已有另一名棋手, {player} 不能再坐",
        "第 {board} 台已有另一名棋手, {player} 不能再坐",
        "board {board} already has another player; {player} cannot sit there too",
    ),
    (
        "err.team.two_boards",
        "{player} 在第 {round} 轮坐了两台",
        "{player} 在第 {round} 輪坐了兩台",
        "{player} sits on two boards in round {round}",
    ),
    (
        "err.team.game_twice",
        "第 {board} 台第 {game} 局出现两次",
        "第 {board} 台第 {game} 局出現兩次",
        "board {board} game {game} is entered twice",
    ),
];
