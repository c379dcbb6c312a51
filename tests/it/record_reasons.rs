//! A broken game record's reason reaches the user in the user's language:
//! `qishe game show FILE` on a FEN that cannot be, a broken DhtmlXQ block,
//! a broken XQF file and bytes of no known format says why in 简体 and
//! 繁體, and in English as it always did.

use crate::common::Club;

/// The error line of `qishe game show FILE` in `locale`.
fn reason(c: &Club, locale: &str, file: &str) -> String {
    let o = c.run_lang(locale, &["game", "show", file]);
    assert!(!o.status.success(), "{file} was read in {locale}");
    String::from_utf8(o.stderr).unwrap().trim_end().to_string()
}

#[test]
fn a_broken_record_says_why_in_the_users_language() {
    let c = Club::new();
    let mut xqf = vec![0u8; 1100];
    xqf[..3].copy_from_slice(b"XQ\x0a");
    let files: [(&str, Vec<u8>); 4] = [
        (
            "advisor.pgn",
            b"[FEN \"4k4/9/9/9/9/9/9/9/3A5/4K4 w\"]\n\n1. d1e2 *\n".to_vec(),
        ),
        (
            "binit.txt",
            b"[DhtmlXQ]\n[DhtmlXQ_binit]1234[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
                .to_vec(),
        ),
        ("zeros.xqf", xqf),
        ("short.xqf", b"XQ\x0a\x00\x00\x01\x02".to_vec()),
    ];
    for (name, bytes) in &files {
        std::fs::write(c.path(name), bytes).unwrap();
    }
    let fen = "FEN \"4k4/9/9/9/9/9/9/9/3A5/4K4 w\"";
    let want = [
        (
            "advisor.pgn",
            [
                format!("qishe: advisor.pgn: game 1: {fen}: a red Advisor cannot stand on d1"),
                format!("qishe: advisor.pgn: 第1局: {fen}: 红方的仕不能放在 d1"),
                format!("qishe: advisor.pgn: 第1局: {fen}: 紅方的仕不能放在 d1"),
            ],
        ),
        (
            "binit.txt",
            [
                "qishe: binit.txt: DhtmlXQ: binit has 4 digits, not 64".into(),
                "qishe: binit.txt: DhtmlXQ 棋谱有误: binit 有 4 个数字, 应为 64 个".into(),
                "qishe: binit.txt: DhtmlXQ 棋譜有誤: binit 有 4 個數字, 應為 64 個".into(),
            ],
        ),
        (
            "zeros.xqf",
            [
                "qishe: zeros.xqf: XQF: start position: two pieces on a0".into(),
                "qishe: zeros.xqf: XQF 文件有误: 开局局面有误: a0 上有两个棋子".into(),
                "qishe: zeros.xqf: XQF 檔案有誤: 開局局面有誤: a0 上有兩個棋子".into(),
            ],
        ),
        (
            "short.xqf",
            [
                "qishe: short.xqf: not a game record: binary data (an XQF file cut short: 7 bytes, the header alone is 1024)".into(),
                "qishe: short.xqf: 不是棋谱: 二进制数据 (XQF 文件被截断: 只有 7 字节, 仅文件头就需 1024 字节)".into(),
                "qishe: short.xqf: 不是棋譜: 二進位資料 (XQF 檔案被截斷: 只有 7 位元組, 僅檔頭就需 1024 位元組)".into(),
            ],
        ),
    ];
    for (file, [en, hans, hant]) in want {
        assert_eq!(reason(&c, "en_US.UTF-8", file), en);
        assert_eq!(reason(&c, "zh_CN.UTF-8", file), hans);
        assert_eq!(reason(&c, "zh_TW.UTF-8", file), hant);
    }
}
