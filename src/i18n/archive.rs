//! Texts of the game archive (issue 23): what the game-record readers
//! repaired or skipped, and the `archive` commands.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "err.record.binary",
        "不是棋谱: 二进制数据 ({why})",
        "不是棋譜: 二進位資料 ({why})",
        "not a game record: binary data ({why})",
    ),
    (
        "note.record.fen_side",
        "{game}: FEN 的走子方与第一步矛盾, 按第一步改正",
        "{game}: FEN 的走子方與第一步矛盾, 按第一步改正",
        "{game}: the FEN's side to move contradicts the first move; the first move decides",
    ),
    (
        "note.record.legal_prefix",
        "{game}: 主线走了{plies}步之后不合规则, 保留合规的着法 ({why})",
        "{game}: 主線走了{plies}步之後不合規則, 保留合規的著法 ({why})",
        "{game}: the main line turns illegal after {plies} plies; the legal moves are kept ({why})",
    ),
    (
        "note.record.variation_dropped",
        "{game}: 第{line}行的变着有误, 已略去",
        "{game}: 第{line}行的變著有誤, 已略去",
        "{game}: the variation at line {line} is broken and was left out",
    ),
    (
        "note.record.branch_dropped",
        "{game}: 变着 {branch} 有误, 已略去",
        "{game}: 變著 {branch} 有誤, 已略去",
        "{game}: branch {branch} is broken and was left out",
    ),
    (
        "err.record.skipped",
        "第{game}局 (第{line}行): {why}",
        "第{game}局 (第{line}行): {why}",
        "game {game} (line {line}): {why}",
    ),
    (
        "err.record.skipped_binary",
        "第{game}局: {why}",
        "第{game}局: {why}",
        "game {game}: {why}",
    ),
    (
        "err.archive.bad_result",
        "结果 \"{result}\" 不明: 用 1-0、0-1 或 1/2-1/2",
        "結果 \"{result}\" 不明: 用 1-0、0-1 或 1/2-1/2",
        "unknown result \"{result}\": use 1-0, 0-1 or 1/2-1/2",
    ),
    (
        "err.archive.bad_fen",
        "FEN \"{fen}\" 有误: {why}",
        "FEN \"{fen}\" 有誤: {why}",
        "bad FEN \"{fen}\": {why}",
    ),
    ("col.archive_ply", "步", "步", "ply"),
    ("col.archive_next", "下一着", "下一著", "next move"),
    ("col.archive_games", "局数", "局數", "games"),
    ("col.archive_score", "得分", "得分", "score"),
];
