//! Texts of the pairing systems' notes to the arbiter: rules relaxed or
//! warnings about a round just paired (`qishe round pair`, the Round tab).

use super::Text;

pub(super) static TEXTS: &[Text] = &[
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
];
