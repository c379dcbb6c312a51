//! Texts of the game archive (issue 23): what the game-record readers
//! repaired or skipped, and the `archive` commands.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    // The archive screen (`tui/archive.rs`).
    ("action.archive", "棋谱库", "棋譜庫", "game archive"),
    ("action.step-back", "退一步", "退一步", "one move back"),
    (
        "action.step-forward",
        "进一步",
        "進一步",
        "one move forward",
    ),
    (
        "action.position-search",
        "搜索此局面",
        "搜尋此局面",
        "search this position",
    ),
    ("tui.archive.title", "棋谱库", "棋譜庫", "Game archive"),
    (
        "tui.archive.search",
        "搜索 (f 修改)",
        "搜尋 (f 修改)",
        "Search (f to edit)",
    ),
    ("tui.archive.player", "棋手", "棋手", "Player"),
    ("tui.archive.event", "赛事", "賽事", "Event"),
    ("tui.archive.eco", "开局", "開局", "Opening"),
    ("tui.archive.result", "结果", "結果", "Result"),
    ("tui.archive.from", "从", "從", "From"),
    ("tui.archive.to", "到", "到", "To"),
    (
        "tui.archive.fen",
        "局面 (FEN)",
        "局面 (FEN)",
        "Position (FEN)",
    ),
    ("tui.archive.found", "找到对局", "找到對局", "Games found"),
    ("tui.archive.next", "下一步", "下一步", "Next move"),
    ("tui.archive.date", "日期", "日期", "Date"),
    ("tui.archive.red", "红方", "紅方", "Red"),
    ("tui.archive.black", "黑方", "黑方", "Black"),
    ("tui.archive.plies", "步数", "步數", "Plies"),
    ("tui.archive.ply", "第几步", "第幾步", "Ply"),
    ("tui.archive.moves", "着法", "著法", "Moves"),
    ("tui.archive.comment", "注解", "註解", "Comment"),
    // The river across the board, as boards print it.
    (
        "tui.archive.river",
        "楚  河    汉  界",
        "楚  河    漢  界",
        "楚  河    漢  界",
    ),
    (
        "err.archive.no_game",
        "棋谱库中没有编号为 {id} 的对局",
        "棋譜庫中沒有編號為 {id} 的對局",
        "no archive game with id {id}",
    ),
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
        "note.record.tree_cut",
        "{game}: 着法树在第{at}字节处损坏, 其后的变着已略去",
        "{game}: 著法樹在第{at}位元組處損壞, 其後的變著已略去",
        "{game}: the move tree is damaged at byte {at}; the variations after it were left out",
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
