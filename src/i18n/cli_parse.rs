//! Texts of the command line's parse errors (`cli/parse_error.rs`): what
//! clap says in English, said again in the reader's language.

use super::Text;

pub static TEXTS: &[Text] = &[
    (
        "cli.err.unknown_argument",
        "不认识的参数 {arg}",
        "不認識的參數 {arg}",
        "unexpected argument {arg}",
    ),
    (
        "cli.err.unknown_argument_near",
        "不认识的参数 {arg}，是否要写 {near}?",
        "不認識的參數 {arg}，是否要寫 {near}?",
        "unexpected argument {arg}; did you mean {near}?",
    ),
    (
        "cli.err.negative",
        "{arg}: 此处不接受负数 (以 - 开头的值被当作选项)",
        "{arg}: 此處不接受負數 (以 - 開頭的值被當作選項)",
        "{arg}: no negative number is taken here (a value starting with - is read as an option)",
    ),
    (
        "cli.err.unknown_command",
        "不认识的命令 \"{name}\"",
        "不認識的命令 \"{name}\"",
        "unrecognised command \"{name}\"",
    ),
    (
        "cli.err.unknown_command_near",
        "不认识的命令 \"{name}\"，是否要写 \"{near}\"?",
        "不認識的命令 \"{name}\"，是否要寫 \"{near}\"?",
        "unrecognised command \"{name}\"; did you mean \"{near}\"?",
    ),
    (
        "cli.err.missing",
        "缺少参数: {args}",
        "缺少參數: {args}",
        "missing: {args}",
    ),
    (
        "cli.err.missing_command",
        "缺少命令",
        "缺少命令",
        "a command is missing",
    ),
    (
        "cli.err.value_missing",
        "{arg} 后面缺少值",
        "{arg} 後面缺少值",
        "{arg} needs a value",
    ),
    (
        "cli.err.value_not_allowed",
        "{arg} 的值 \"{value}\" 不可用; 可用: {allowed}",
        "{arg} 的值 \"{value}\" 不可用; 可用: {allowed}",
        "\"{value}\" is not a value of {arg}; allowed: {allowed}",
    ),
    (
        "cli.err.value_not_allowed_near",
        "{arg} 的值 \"{value}\" 不可用，是否要写 \"{near}\"? 可用: {allowed}",
        "{arg} 的值 \"{value}\" 不可用，是否要寫 \"{near}\"? 可用: {allowed}",
        "\"{value}\" is not a value of {arg}; did you mean \"{near}\"? Allowed: {allowed}",
    ),
    // Why qishe's own value parsers refuse a value (`cli::parse_error::ValueError`).
    (
        "cli.err.not_round_range",
        "\"{value}\" 不是轮次或轮次范围 (如 1-4)",
        "\"{value}\" 不是輪次或輪次範圍 (如 1-4)",
        "\"{value}\" is not a round or a range of rounds like 1-4",
    ),
    (
        "err.date.not_a_date",
        "\"{value}\" 不是日期 (年-月-日, 如 2026-03-01)",
        "\"{value}\" 不是日期 (年-月-日, 如 2026-03-01)",
        "\"{value}\" is not a date like 2026-03-01 (year-month-day)",
    ),
    (
        "err.date.no_such_day",
        "日历上没有 {value} 这一天",
        "日曆上沒有 {value} 這一天",
        "{value} is no day of the calendar",
    ),
    (
        "cli.err.not_round_start",
        "\"{value}\" 不是日期和时间 (如 2026-12-05 14:00)",
        "\"{value}\" 不是日期和時間 (如 2026-12-05 14:00)",
        "\"{value}\" is not a date and time like 2026-12-05 14:00",
    ),
    (
        "cli.err.not_sex",
        "\"{value}\" 不是性别; 用 m 或 f",
        "\"{value}\" 不是性別; 用 m 或 f",
        "\"{value}\" is not a sex; use m or f",
    ),
    (
        "cli.err.not_name_order",
        "\"{value}\": 用 pinyin (拼音) 或 strokes (笔画)",
        "\"{value}\": 用 pinyin (拼音) 或 strokes (筆畫)",
        "\"{value}\": use pinyin or strokes",
    ),
    (
        "cli.err.bad_value",
        "{arg} 的值 \"{value}\" 无效: {why}",
        "{arg} 的值 \"{value}\" 無效: {why}",
        "\"{value}\" is not valid for {arg}: {why}",
    ),
    (
        "cli.err.at_least",
        "须为整数，至少为 {low}",
        "須為整數，至少為 {low}",
        "it must be a whole number, at least {low}",
    ),
    (
        "cli.err.between",
        "须为 {low} 到 {high} 之间的整数",
        "須為 {low} 到 {high} 之間的整數",
        "it must be a whole number from {low} to {high}",
    ),
    (
        "cli.err.not_whole_number",
        "须为整数",
        "須為整數",
        "it must be a whole number",
    ),
    (
        "cli.err.too_large",
        "数太大",
        "數太大",
        "the number is too large",
    ),
    (
        "cli.err.too_small",
        "数太小",
        "數太小",
        "the number is too small",
    ),
    (
        "cli.err.conflict",
        "{arg} 不能与 {other} 同时使用",
        "{arg} 不能與 {other} 同時使用",
        "{arg} cannot be used with {other}",
    ),
    (
        "cli.err.extra_value",
        "多余的值 \"{value}\"",
        "多餘的值 \"{value}\"",
        "unexpected value \"{value}\"",
    ),
    (
        "cli.err.no_equals",
        "{arg} 的值须用 = 连接，如 {arg}=值",
        "{arg} 的值須用 = 連接，如 {arg}=值",
        "{arg} takes its value after =, like {arg}=VALUE",
    ),
    (
        "cli.err.usage_hint",
        "用 {help} 查看用法",
        "用 {help} 查看用法",
        "{help} shows the usage",
    ),
];
