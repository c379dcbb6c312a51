//! Texts of the game-record readers' reasons: why a position cannot be
//! (FEN, XQF, DhtmlXQ and CBR start positions), why an XQF file or a
//! DhtmlXQ block is broken, why bytes are no game record, an unknown
//! notation's name, and how a game of a file is named.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    // How messages name a game of a file (`GameRecord::label`).
    ("record.game", "第{n}局", "第{n}局", "game {n}"),
    (
        "record.game_of",
        "第{n}局 ({red} 对 {black})",
        "第{n}局 ({red} 對 {black})",
        "game {n} ({red} v {black})",
    ),
    // Why a position is impossible (`Position::validate`, `from_pieces`).
    (
        "err.position.two_pieces",
        "{square} 上有两个棋子",
        "{square} 上有兩個棋子",
        "two pieces on {square}",
    ),
    (
        "err.position.misplaced",
        "{colour}的{kind}不能放在 {square}",
        "{colour}的{kind}不能放在 {square}",
        "a {colour} {kind} cannot stand on {square}",
    ),
    (
        "err.position.one_king",
        "{colour}必须有且只有一个帅 (将)",
        "{colour}必須有且只有一個帥 (將)",
        "{colour} must have exactly one king",
    ),
    (
        "err.position.too_many",
        "{colour}的{kind}太多",
        "{colour}的{kind}太多",
        "{colour} has too many {kind} pieces",
    ),
    (
        "err.position.in_check",
        "不走棋的一方正被将军",
        "不走棋的一方正被將軍",
        "the side not to move is in check",
    ),
    // A piece kind inside those reasons, named by side in Chinese.
    ("err.position.kind.red.king", "帅", "帥", "King"),
    ("err.position.kind.red.advisor", "仕", "仕", "Advisor"),
    ("err.position.kind.red.elephant", "相", "相", "Elephant"),
    ("err.position.kind.red.horse", "马", "馬", "Horse"),
    ("err.position.kind.red.chariot", "车", "車", "Chariot"),
    ("err.position.kind.red.cannon", "炮", "炮", "Cannon"),
    ("err.position.kind.red.pawn", "兵", "兵", "Pawn"),
    ("err.position.kind.black.king", "将", "將", "King"),
    ("err.position.kind.black.advisor", "士", "士", "Advisor"),
    ("err.position.kind.black.elephant", "象", "象", "Elephant"),
    ("err.position.kind.black.horse", "马", "馬", "Horse"),
    ("err.position.kind.black.chariot", "车", "車", "Chariot"),
    ("err.position.kind.black.cannon", "炮", "砲", "Cannon"),
    ("err.position.kind.black.pawn", "卒", "卒", "Pawn"),
    // A broken XQF file (ImportError::Xqf).
    (
        "err.xqf.signature",
        "不是 XQF 文件 (没有 \"XQ\" 标记或不足 1024 字节)",
        "不是 XQF 檔案 (沒有 \"XQ\" 標記或不足 1024 位元組)",
        "not an XQF file (no \"XQ\" signature or shorter than 1024 bytes)",
    ),
    (
        "err.xqf.start",
        "开局局面有误: {why}",
        "開局局面有誤: {why}",
        "start position: {why}",
    ),
    (
        "err.xqf.cut_short",
        "第{at}字节处的{what}被截断",
        "第{at}位元組處的{what}被截斷",
        "{what} at byte {at} cut short",
    ),
    ("err.xqf.part.record", "着法记录", "著法記錄", "record"),
    (
        "err.xqf.part.comment_length",
        "注解长度",
        "註解長度",
        "comment length",
    ),
    ("err.xqf.part.comment", "注解", "註解", "comment"),
    (
        "err.xqf.comment_length",
        "第{at}字节处的注解长度 {n} 有误",
        "第{at}位元組處的註解長度 {n} 有誤",
        "bad comment length {n} at byte {at}",
    ),
    (
        "err.xqf.too_deep",
        "着法树层数过多",
        "著法樹層數過多",
        "the move tree is too deep",
    ),
    // A broken DhtmlXQ block (ImportError::Dhtml).
    (
        "err.dhtml.binit_digit",
        "binit 含有非数字字符",
        "binit 含有非數字字元",
        "binit holds a non-digit",
    ),
    (
        "err.dhtml.binit_length",
        "binit 有 {n} 个数字, 应为 64 个",
        "binit 有 {n} 個數字, 應為 64 個",
        "binit has {n} digits, not 64",
    ),
    (
        "err.dhtml.binit",
        "binit: {why}",
        "binit: {why}",
        "binit: {why}",
    ),
    (
        "err.dhtml.move_list",
        "{game}: 着法列表有 {n} 个数字, 不是 4 的倍数",
        "{game}: 著法列表有 {n} 個數字, 不是 4 的倍數",
        "{game}: the move list has {n} digits, not a multiple of 4",
    ),
    // Bytes that are no game record (ImportError::Binary).
    (
        "err.binary.xqf_cut",
        "XQF 文件被截断: 只有 {len} 字节, 仅文件头就需 1024 字节",
        "XQF 檔案被截斷: 只有 {len} 位元組, 僅檔頭就需 1024 位元組",
        "an XQF file cut short: {len} bytes, the header alone is 1024",
    ),
    (
        "err.binary.unknown",
        "没有 XQF 的 \"XQ\" 标记, 也不是已知格式; 开头字节 {bytes}",
        "沒有 XQF 的 \"XQ\" 標記, 也不是已知格式; 開頭位元組 {bytes}",
        "no \"XQ\" signature of XQF and no known format; first bytes {bytes}",
    ),
    // A notation's name that is none of the known ones.
    (
        "err.notation_name.unknown",
        "未知的记谱法 \"{name}\"; 请用 chinese、traditional、wxf、iccs 或 xboard",
        "未知的記譜法 \"{name}\"; 請用 chinese、traditional、wxf、iccs 或 xboard",
        "unknown notation \"{name}\"; use chinese, traditional, wxf, iccs or xboard",
    ),
];
