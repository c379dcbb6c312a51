//! Texts of TRF-2026 files, accelerated pairings (Baku) and prohibited
//! pairings.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "err.trf26.number",
        "\"{value}\" 不是大于 0 的整数",
        "\"{value}\" 不是大於 0 的整數",
        "\"{value}\" is not a whole number above 0",
    ),
    (
        "err.trf26.layout",
        "此处应为空格 (字段须在规定的列)",
        "此處應為空格 (欄位須在規定的列)",
        "a blank is expected here (the fields must sit in their columns)",
    ),
    (
        "err.trf26.round_date",
        "132 轮次日期 \"{value}\" 不是 YY/MM/DD",
        "132 輪次日期 \"{value}\" 不是 YY/MM/DD",
        "132 round date \"{value}\" is not YY/MM/DD",
    ),
    (
        "err.trf26.short_162",
        "162 行过短: 第 6 列是结果代码, 7–10 列是分数",
        "162 行過短: 第 6 列是結果代碼, 7–10 列是分數",
        "162 line too short: column 6 is a result code, 7–10 its points",
    ),
    (
        "err.trf26.symbol_162",
        "162 结果代码 \"{value}\" 应为 W、D、L、A、Z、P 或 X",
        "162 結果代碼 \"{value}\" 應為 W、D、L、A、Z、P 或 X",
        "162 result code \"{value}\" is not W, D, L, A, Z, P or X",
    ),
    (
        "err.trf26.short",
        "行过短, 缺少必填字段",
        "行過短, 缺少必填欄位",
        "line too short: a required field is missing",
    ),
    (
        "err.trf26.bye_kind",
        "240 轮空类型 \"{value}\" 应为 F、H 或 Z",
        "240 輪空類型 \"{value}\" 應為 F、H 或 Z",
        "240 bye type \"{value}\" is not F, H or Z",
    ),
    (
        "err.trf26.short_250",
        "250 行须至少 31 列 (到末位棋手编号)",
        "250 行須至少 31 列 (到末位棋手編號)",
        "a 250 line has at least 31 columns (up to the last player id)",
    ),
    (
        "err.trf26.match_points",
        "个人赛的 250 行第 5–8 列 (虚拟场分) 须为空或 0",
        "個人賽的 250 行第 5–8 列 (虛擬場分) 須為空或 0",
        "columns 5–8 of a 250 line (virtual match points) must be blank or 0 for individuals",
    ),
    (
        "err.trf26.zero_acceleration",
        "250 行的虚拟分不能为 0",
        "250 行的虛擬分不能為 0",
        "the virtual points of a 250 line must not be 0",
    ),
    (
        "err.trf26.range",
        "范围的结束小于开始",
        "範圍的結束小於開始",
        "the range ends before it starts",
    ),
    (
        "err.trf26.blank_xxa",
        "XXA 行的每轮分数不能为空",
        "XXA 行的每輪分數不能為空",
        "an XXA line has no blank round fields",
    ),
    (
        "err.trf26.unknown_id",
        "没有序号 {id} 的棋手 (001 行)",
        "沒有序號 {id} 的棋手 (001 行)",
        "no player has start number {id} (001 lines)",
    ),
    (
        "err.trf26.round_beyond",
        "第 {round} 轮超出赛事的 {rounds} 轮",
        "第 {round} 輪超出賽事的 {rounds} 輪",
        "round {round} is beyond the event's {rounds} rounds",
    ),
    (
        "err.trf26.accel_rounds",
        "棋手 {id} 有 {found} 轮的虚拟分, 赛事只有 {rounds} 轮",
        "棋手 {id} 有 {found} 輪的虛擬分, 賽事只有 {rounds} 輪",
        "player {id} has virtual points for {found} rounds, the event has {rounds}",
    ),
    (
        "err.trf26.no_system",
        "192 行缺少赛制代码",
        "192 行缺少賽制代碼",
        "the 192 line has no tournament-type code",
    ),
    (
        "err.trf26.other_system",
        "192 \"{code}\" 不是荷兰制 (FIDE_DUTCH_2025…), 不能按 {system} 编排",
        "192 \"{code}\" 不是荷蘭制 (FIDE_DUTCH_2025…), 不能按 {system} 編排",
        "192 \"{code}\" is not the Dutch system (FIDE_DUTCH_2025…): not paired with {system}",
    ),
    (
        "err.accel.unknown_method",
        "\"{value}\" 不是加速编排方法; 可用 {allowed}",
        "\"{value}\" 不是加速編排方法; 可用 {allowed}",
        "\"{value}\" is not an acceleration method; use {allowed}",
    ),
    (
        "err.accel.dutch_only",
        "加速编排 (巴库法) 只用于荷兰制",
        "加速編排 (巴庫法) 只用於荷蘭制",
        "accelerated pairings (Baku) are for the Dutch system only",
    ),
    (
        "err.accel.scheme",
        "加速编排要求胜 = 两个和, 负 = 0; 计分方案 {scheme} 不是",
        "加速編排要求勝 = 兩個和, 負 = 0; 計分方案 {scheme} 不是",
        "accelerated pairings need a win worth two draws and a loss worth 0; scheme {scheme} is not",
    ),
    (
        "err.accel.individual_only",
        "加速编排和同单位回避只用于个人赛",
        "加速編排和同單位迴避只用於個人賽",
        "accelerated pairings and keeping clubmates apart are for individual events only",
    ),

    (
        "err.store.forbid_rounds",
        "轮次范围 {first}–{last} 无效",
        "輪次範圍 {first}–{last} 無效",
        "rounds {first}–{last} are not a range of rounds",
    ),

    (
        "err.pairing.clubmates_mode",
        "\"{value}\" 不是同单位回避方式; 可用 {allowed}",
        "\"{value}\" 不是同單位迴避方式; 可用 {allowed}",
        "\"{value}\" is not a way of keeping clubmates apart; use {allowed}",
    ),
    (
        "err.pairing.clubmates_dutch",
        "同单位回避选项用于荷兰制 (积分编排有自己的同队不相遇)",
        "同單位迴避選項用於荷蘭制 (積分編排有自己的同隊不相遇)",
        "keeping clubmates apart is an option of the Dutch system (the Chinese method has its own)",
    ),
    (
        "note.pairing.clubmates_relaxed",
        "第 {round} 轮: 同单位棋手无法全部回避, 本轮编排未回避同单位",
        "第 {round} 輪: 同單位棋手無法全部迴避, 本輪編排未迴避同單位",
        "round {round}: clubmates could not all be kept apart, so this round was paired without that rule",
    ),
    (
        "note.trf26.system_kept",
        "192 \"{code}\" 不是 qishe 的编排制度; 已按荷兰制导入, 导出时写回原代码",
        "192 \"{code}\" 不是 qishe 的編排制度; 已按荷蘭制匯入, 匯出時寫回原代碼",
        "192 \"{code}\" is not a system qishe pairs; imported as Dutch, and exported with the code as read",
    ),

    ("rep.col.virtual", "加速分", "加速分", "Virt"),
    (
        "rep.virtual_note",
        "加速编排 (巴库法): \"加速分\" 是本轮编排所加的虚拟分, 只用于编排, 不计入积分、名次和对手分。",
        "加速編排 (巴庫法): \"加速分\" 是本輪編排所加的虛擬分, 只用於編排, 不計入積分、名次和對手分。",
        "Accelerated pairings (Baku): \"Virt\" is the virtual points this round's pairing added; they count for the pairing only, never in points, ranks or tie-breaks.",
    ),

    ("tui.field.acceleration", "加速编排", "加速編排", "acceleration"),
    ("tui.field.clubmates", "同单位回避", "同單位迴避", "clubmates apart"),

    ("tui.choice.none", "不加速", "不加速", "none"),
    ("tui.choice.baku", "巴库加速法 (FIDE C.04.5.1)", "巴庫加速法 (FIDE C.04.5.1)", "Baku (FIDE C.04.5.1)"),
    ("tui.choice.off", "不回避", "不迴避", "not kept apart"),
    ("tui.choice.absolute", "绝对回避", "絕對迴避", "never meet"),
    ("tui.choice.relaxed", "尽量回避", "盡量迴避", "apart unless impossible"),

    ("tb.rep", "自选参赛轮数", "自選參賽輪數", "Rounds elected to play"),
    ("tb.ptp", "完美表现分", "完美表現分", "Perfect performance"),
    ("tb.apro", "对手平均表现分", "對手平均表現分", "Avg. opp. performance"),
    ("tb.appo", "对手平均完美表现分", "對手平均完美表現分", "Avg. opp. perfect perf."),
    ("tui.tb.rep", "参赛轮数", "參賽輪數", "REP"),
    ("tui.tb.ptp", "完美表现", "完美表現", "PTP"),
    ("tui.tb.apro", "对手均表现", "對手均表現", "APRO"),
    ("tui.tb.appo", "对手均完美", "對手均完美", "APPO"),
    ("tb.sonneborn-berger-cut1", "索伯分减一", "索伯分減一", "Sonneborn-Berger cut 1"),
    ("tb.aro-cut1", "对手平均等级分减一", "對手平均等級分減一", "Avg. opp. rating cut 1"),
    ("tui.tb.sonneborn-berger-cut1", "索伯减一", "索伯減一", "SB-1"),
    ("tui.tb.aro-cut1", "对手均分减一", "對手均分減一", "ARO-1"),

    (
        "trf.note.pairing",
        "第 {round} 轮: 人工调整对阵 (台次 {boards}), {at}",
        "第 {round} 輪: 人工調整對陣 (台次 {boards}), {at}",
        "round {round}: pairing changed by hand (boards {boards}), {at}",
    ),
    (
        "trf.note.result",
        "第 {round} 轮第 {board} 台: 成绩更正 {change}, {at}",
        "第 {round} 輪第 {board} 台: 成績更正 {change}, {at}",
        "round {round}, board {board}: result corrected {change}, {at}",
    ),
];
