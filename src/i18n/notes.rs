//! Texts of the pairing systems' notes to the arbiter: rules relaxed or
//! warnings about a round just paired (`qishe round pair`, the Round tab),
//! and the rules a round changed by hand breaks (`rule.*`,
//! `pairing::check::RuleViolation`).

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "note.member.may_duplicate",
        "已有同名同单位的会员 {name} (编号 {id}): 请确认不是同一人",
        "已有同名同單位的會員 {name} (編號 {id}): 請確認不是同一人",
        "member {name} (id {id}) has this name and club: check it is not the same person",
    ),
    (
        "note.cxa.late_round",
        "第{round}轮对 {players} 人的赛事已偏晚 (超过 n−3 或 n/2+5 轮): 请检查编排",
        "第{round}輪對 {players} 人的賽事已偏晚 (超過 n−3 或 n/2+5 輪): 請檢查編排",
        "round {round} is late for {players} players (more than n−3 or n/2+5 rounds): check the pairing",
    ),
    (
        "note.cxa.round1_forbidden",
        "第1轮: 固定编排避不开禁配, 改按一个分组编排",
        "第1輪: 固定編排避不開禁配, 改按一個分組編排",
        "round 1: the fixed scheme cannot avoid a forbidden pair; paired as one score group instead",
    ),
    (
        "note.cxa.round1_same_club",
        "第1轮: {a} 号与 {b} 号同单位或为禁配, 调换也避不开",
        "第1輪: {a} 號與 {b} 號同單位或為禁配, 調換也避不開",
        "round 1: {a} and {b} are from the same club or a forbidden pair and no swap helps",
    ),
    (
        "note.cxa.bye_not_eligible",
        "轮空给了 {id} 号, 他本不该轮空 (没有合规的替代)",
        "輪空給了 {id} 號, 他本不該輪空 (沒有合規的替代)",
        "the bye goes to {id}, who is not the bye-eligible player (no legal alternative)",
    ),
    (
        "note.cxa.repair_capped",
        "{score} 分组: 调整到 {cap} 人时停止 (搜索上限); 请检查编排",
        "{score} 分組: 調整到 {cap} 人時停止 (搜尋上限); 請檢查編排",
        "score group {score}: repair stopped at {cap} players (the search cap); check the pairing",
    ),
    (
        "note.cxa.fallback_matching",
        "末尾分组超过 {cap} 人, 无法穷举: 已按守绝对规则的最大匹配编排; 请检查编排",
        "末尾分組超過 {cap} 人, 無法窮舉: 已按守絕對規則的最大匹配編排; 請檢查編排",
        "the bottom of the field was too large for the exhaustive search (more than {cap} players): paired by a maximum matching that keeps the absolute rules; check the pairing",
    ),
    (
        "note.cxa.fallback_matching_relaxed",
        "末尾分组超过 {cap} 人, 无法穷举: 已按守绝对规则的最大匹配编排 (放宽了禁连三); 请检查编排",
        "末尾分組超過 {cap} 人, 無法窮舉: 已按守絕對規則的最大匹配編排 (放寬了禁連三); 請檢查編排",
        "the bottom of the field was too large for the exhaustive search (more than {cap} players): paired by a maximum matching that keeps the absolute rules (禁连三 relaxed); check the pairing",
    ),
    (
        "note.cxa.best_candidate",
        "末尾分组无法完全按规则配对, 已取最佳方案",
        "末尾分組無法完全按規則配對, 已取最佳方案",
        "the bottom group could not be paired to the letter of the rules; best candidate taken",
    ),
    (
        "note.cxa.three_relaxed",
        "{pairs} 放宽了禁连三 (有棋手连续第三次执同一方)",
        "{pairs} 放寬了禁連三 (有棋手連續第三次執同一方)",
        "禁连三 relaxed for {pairs} (a player gets the same colour a third time in a row)",
    ),
    (
        "note.rr.forbidden_not_seated",
        "{a} 号与 {b} 号为禁配: 本轮排定的对局不安排",
        "{a} 號與 {b} 號為禁配: 本輪排定的對局不安排",
        "{a} and {b} are a forbidden pair: their scheduled game is not seated",
    ),
    (
        "note.rr.no_game",
        "{id} 号本轮无对局: 排定的对手 {opponent} 号不参赛",
        "{id} 號本輪無對局: 排定的對手 {opponent} 號不參賽",
        "{id} has no game: scheduled opponent {opponent} does not play",
    ),
    // The rules a round changed by hand breaks (pairing::check).
    (
        "rule.player",
        "{no} 号",
        "{no} 號",
        "player {no}",
    ),
    (
        "rule.unknown_player",
        "{p} 不在本赛事中",
        "{p} 不在本賽事中",
        "{p} is not in this event",
    ),
    (
        "rule.paired_with_self",
        "{p} 与自己配对",
        "{p} 與自己配對",
        "{p} is paired against himself",
    ),
    (
        "rule.paired_twice",
        "{p} 本轮被排了两次",
        "{p} 本輪被排了兩次",
        "{p} is paired twice in this round",
    ),
    (
        "rule.not_available",
        "{p} 已退赛或本轮不能出场, 却被排了对局",
        "{p} 已退賽或本輪不能出場, 卻被排了對局",
        "{p} is paired but is withdrawn or not available this round",
    ),
    (
        "rule.missing",
        "{p} 可以出场, 却既无台次也未轮空",
        "{p} 可以出場, 卻既無台次也未輪空",
        "{p} is available but has neither a board nor the bye",
    ),
    (
        "rule.rematch",
        "重复对局: {a} 与 {b} 已在第 {round} 轮交手",
        "重複對局: {a} 與 {b} 已在第 {round} 輪交手",
        "rematch: {a} and {b} already met in round {round}",
    ),
    (
        "rule.forbidden",
        "禁止配对: {a} 与 {b}",
        "禁止配對: {a} 與 {b}",
        "forbidden pair: {a} and {b}",
    ),
    (
        "rule.three_in_a_row",
        "先后手限制: {p} 将连续三局执{colour}",
        "先後手限制: {p} 將連續三局執{colour}",
        "colour limit: {p} would have {colour} three times in a row",
    ),
    (
        "rule.imbalance",
        "先后手限制: {p} 执{more}将比执{less}多 {n} 局",
        "先後手限制: {p} 執{more}將比執{less}多 {n} 局",
        "colour limit: {p} would have {n} more {more} than {less} games",
    ),
    (
        "rule.second_bye",
        "{p} 第二次轮空 (第 {round} 轮已轮空)",
        "{p} 第二次輪空 (第 {round} 輪已輪空)",
        "{p} gets a second bye (already had one in round {round})",
    ),
    (
        "rule.unneeded_bye",
        "{p} 轮空, 但可出场人数为偶数",
        "{p} 輪空, 但可出場人數為偶數",
        "{p} gets a bye although the available players are an even number",
    ),
];
