//! The readers recover per game, never per file: real-shaped
//! files with one broken game, sloppy tags, a wrong FEN side, an illegal
//! XQF main line, a damaged XQF; comments and variations kept.

use super::*;

const GAME_A: &str = "[Event \"Club 2024\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n  1. 炮二平五 马８进７\n  2. 马二进三 车９平８\n1-0\n";

/// A three-game library whose game 2 has an illegal move on line 14.
fn library() -> String {
    format!(
        "{GAME_A}\n[Event \"Club 2024\"]\n[Red \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n  1. 炮二平五 马８进７\n  2. 马二进三 车９进９\n0-1\n\n[Event \"Club 2024\"]\n[Red \"E\"]\n[Black \"F\"]\n\n  1. 兵七进一 卒７进１\n*\n"
    )
}

#[test]
fn a_broken_game_is_skipped_and_the_others_are_read() {
    let text = library();
    let r = pgn::read_pgn_with(&text, ReadOptions::default());
    let names: Vec<_> = r.games.iter().map(|g| g.red().unwrap()).collect();
    assert_eq!(names, ["A", "E"]);
    assert_eq!(r.games[1].index, 2);
    assert_eq!(r.skipped.len(), 1);
    let s = &r.skipped[0];
    assert_eq!((s.index, s.line), (1, 16), "{s:?}");
    assert!(s.error.to_string().contains("车９进９"), "{}", s.error);
    // The same through the file reader.
    let f = read_games(text.as_bytes()).unwrap();
    assert_eq!(f.games.len(), 2);
    assert_eq!(f.skipped.len(), 1);
}

#[test]
fn a_syntax_error_loses_only_its_game() {
    // Game 1 has a stray ']' in its moves; game 2 is fine.
    let text = "[Red \"A\"]\n1. h2e2 ] h9g7\n\n[Red \"B\"]\n1. c3c4\n";
    let r = pgn::read_pgn_with(text, ReadOptions::default());
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].red(), Some("B"));
    assert_eq!((r.skipped[0].index, r.skipped[0].line), (0, 2));
    // A comment never closed ends at the next game's tags.
    let text = "[Red \"A\"]\n1. h2e2 {never closed\n\n[Red \"B\"]\n1. c3c4\n";
    let r = pgn::read_pgn_with(text, ReadOptions::default());
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].iccs_moves(), ["c3c4"]);
}

#[test]
fn unescaped_quotes_and_split_tags_are_forgiven() {
    let text = "[Event \"\"Huangshan Cup\" National GM,CM Tournament 2002\"]\n[Site \"Huang\nshan\"]\n[Red \"Lv Qin\"] [Black \"Xu\"]\n1. h2e2 h9g7\n";
    let g = &read_pgn(text).unwrap()[0];
    assert_eq!(
        g.tag("Event"),
        Some("\"Huangshan Cup\" National GM,CM Tournament 2002")
    );
    assert_eq!(g.tag("Site"), Some("Huang shan"));
    assert_eq!(g.black(), Some("Xu"));
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7"]);
}

#[test]
fn the_first_move_decides_a_wrong_fen_side() {
    // Written by a program that puts `b` for red to move.
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n1. 炮二平五 马８进７\n";
    let r = pgn::read_pgn_with(text, ReadOptions::default());
    assert_eq!(r.skipped, vec![]);
    let g = &r.games[0];
    assert_eq!(g.start, Position::start());
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7"]);
    assert_eq!(r.notes.len(), 1);
    assert!(
        r.notes[0].msg.en().contains("side to move"),
        "{:?}",
        r.notes
    );
    // A FEN that agrees with its first move gives no note.
    let text = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\"]\n1. h2e2\n";
    assert!(pgn::read_pgn_with(text, ReadOptions::default())
        .notes
        .is_empty());
}

#[test]
fn keep_legal_prefix_saves_a_pgn_main_line() {
    let text = "[Red \"A\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c7c7\n";
    let strict = pgn::read_pgn_with(text, ReadOptions::default());
    assert_eq!((strict.games.len(), strict.skipped.len()), (0, 1));
    let opts = ReadOptions {
        keep_legal_prefix: true,
    };
    let r = pgn::read_pgn_with(text, opts);
    assert_eq!(r.games[0].moves.len(), 7);
    assert!(
        r.notes[0].msg.en().contains("after 7 plies"),
        "{:?}",
        r.notes
    );
}

/// An unencrypted XQF (version 10) of the standard start with the given
/// ICCS moves (legal or not) and a comment on the first move.
fn xqf(moves: &[&str]) -> Vec<u8> {
    let nodes: Vec<_> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let comment = if i == 0 { "中炮开局" } else { "" };
            (*m, i + 1 < moves.len(), false, comment)
        })
        .collect();
    xqf_tree(10, "", &nodes)
}

/// An XQF of the standard start whose records after the root are the
/// given pre-order nodes (ICCS move, a continuation follows, an
/// alternative follows, comment), in the flag scheme of `version`: 10
/// has nibbles and a comment length in every record; 11 (here with zero
/// keys, so nothing is scrambled) has bits 0x80, 0x40 and 0x20 (a
/// comment follows) and comment lengths 767 too long.
fn xqf_tree(version: u8, opening: &str, nodes: &[(&str, bool, bool, &str)]) -> Vec<u8> {
    let mut b = vec![0u8; 1024];
    b[0] = b'X';
    b[1] = b'Q';
    b[2] = version;
    let red = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
    for (i, &v) in red.iter().enumerate() {
        b[16 + i] = v;
        b[32 + i] = v - v % 10 + (9 - v % 10);
    }
    let point = |s: &str| {
        let s = s.as_bytes();
        (s[0] - b'a') * 10 + (s[1] - b'0')
    };
    let mut rec = |from: u8, to: u8, next: bool, alt: bool, comment: &str| {
        let (gbk, _, _) = encoding_rs::GBK.encode(comment);
        let old = version <= 10;
        let bit = |on: bool, b: u8| if on { b } else { 0 };
        let flags = if old {
            bit(next, 0xF0) | bit(alt, 0x0F)
        } else {
            bit(next, 0x80) | bit(alt, 0x40) | bit(!gbk.is_empty(), 0x20)
        };
        b.extend([from + 24, to + 32, flags, 0]);
        if old || !gbk.is_empty() {
            let extra = if old { 0 } else { 767 };
            b.extend((gbk.len() as i32 + extra).to_le_bytes());
            b.extend(gbk.iter());
        }
    };
    rec(0, 0, !nodes.is_empty(), false, opening);
    for (m, next, alt, comment) in nodes {
        rec(point(&m[..2]), point(&m[2..]), *next, *alt, comment);
    }
    b
}

/// The main line h2e2 {中炮} h9g7 h0g2, with h7e7 {顺炮} h0g2 instead
/// of h9g7 and c3c4 instead of h2e2.
const TREE: &[(&str, bool, bool, &str)] = &[
    ("h2e2", true, true, "中炮"),
    ("h9g7", true, true, ""),
    ("h0g2", false, false, ""),
    ("h7e7", true, false, "顺炮"),
    ("h0g2", false, false, ""),
    ("c3c4", false, false, ""),
];

#[test]
fn xqf_variations_and_comments_are_read_in_both_flag_schemes() {
    for version in [10, 11] {
        let bytes = xqf_tree(version, "开局", TREE);
        let f = read_games(&bytes).unwrap();
        let g = &f.games[0];
        assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2"], "v{version}");
        assert_eq!(
            g.comments,
            vec![(0, "开局".to_string()), (1, "中炮".to_string())]
        );
        let lines: Vec<(usize, Vec<String>)> = g
            .variations
            .iter()
            .map(|v| (v.at, v.moves.iter().map(|m| m.iccs()).collect()))
            .collect();
        assert_eq!(
            lines,
            vec![
                (0, vec!["c3c4".to_string()]),
                (1, vec!["h7e7".to_string(), "h0g2".to_string()]),
            ],
            "v{version}"
        );
        assert_eq!(g.variations[1].comments, vec![(1, "顺炮".to_string())]);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }
}

#[test]
fn a_damaged_xqf_variation_keeps_the_main_line_with_a_note() {
    let mut bytes = xqf_tree(10, "", TREE);
    // The last record (c3c4, instead of h2e2) cut in half.
    bytes.truncate(bytes.len() - 6);
    let f = read_games(&bytes).unwrap();
    let g = &f.games[0];
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.variations[0].at, 1);
    assert!(
        f.notes[0].msg.en().contains("damaged at byte"),
        "{:?}",
        f.notes
    );
    // Cut inside the main line, the game is not read.
    let bytes = xqf_tree(10, "", TREE);
    assert!(read_games(&bytes[..1024 + 8 * 2 + 3]).is_err());
}

#[test]
fn an_illegal_xqf_main_line_keeps_its_legal_prefix_when_asked() {
    let mut moves = vec![
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "g3g4", "c6c5", "b0c2",
    ];
    moves.push("h9h0"); // ply 10: the chariot jumps over its own horse
    let bytes = xqf(&moves);
    let e = read_games(&bytes).unwrap_err();
    assert!(e.to_string().contains("h9h0"), "{e}");
    let opts = ReadOptions {
        keep_legal_prefix: true,
    };
    let f = read_games_with(&bytes, opts).unwrap();
    assert_eq!(f.games[0].moves.len(), 9);
    assert_eq!(f.games[0].comments, vec![(1, "中炮开局".to_string())]);
    assert!(
        f.notes[0].msg.en().contains("after 9 plies"),
        "{:?}",
        f.notes
    );
}

#[test]
fn a_damaged_xqf_is_named_binary_and_never_read_as_text() {
    let mut bytes = xqf(&["h2e2", "h9g7"]);
    bytes[0] = 0x00;
    bytes[1] = 0x1B;
    match read_games(&bytes) {
        Err(ImportError::Binary(why)) => assert!(why.en().contains("XQ"), "{}", why.en()),
        other => panic!("{other:?}"),
    }
    // Cut short after its signature.
    let bytes = xqf(&["h2e2"]);
    match read_games(&bytes[..600]) {
        Err(ImportError::Binary(why)) => assert!(why.en().contains("cut short"), "{}", why.en()),
        other => panic!("{other:?}"),
    }
    // UTF-16 text without a BOM is still text.
    let utf16: Vec<u8> = "1. h2e2 h9g7\n"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    assert!(!matches!(read_games(&utf16), Err(ImportError::Binary(_))));
}

fn annotated() -> GameRecord {
    let text = "[Red \"A\"]\n{start} 1. h2e2 {centre} (1. c3c4 {pawn} c6c5 (1... b9c7) 2. b0c2) 1... h9g7 2. h0g2 (2. b0c2 b9c7 {both}) 2... i9h9 {end}\n";
    read_pgn(text).unwrap().remove(0)
}

#[test]
fn pgn_keeps_comments_and_variations() {
    let g = annotated();
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(
        g.comments,
        vec![
            (0, "start".to_string()),
            (1, "centre".to_string()),
            (4, "end".to_string())
        ]
    );
    assert_eq!(g.variations.len(), 2);
    let v = &g.variations[0];
    assert_eq!(v.at, 0);
    assert_eq!(v.moves.len(), 3);
    assert_eq!(v.comments, vec![(1, "pawn".to_string())]);
    assert_eq!(v.variations.len(), 1);
    assert_eq!(v.variations[0].at, 1);
    assert_eq!(g.variations[1].at, 2);
    assert_eq!(g.variations[1].comments, vec![(2, "both".to_string())]);
}

fn same_annotations(a: &GameRecord, b: &GameRecord) {
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.comments, b.comments);
    assert_eq!(a.variations, b.variations);
}

#[test]
fn convert_is_lossless_in_every_notation_and_dhtmlxq() {
    let g = annotated();
    for n in Notation::ALL {
        let text = write_pgn(std::slice::from_ref(&g), n);
        assert!(text.starts_with("[Game \"Chinese Chess\"]"), "{text}");
        let back = read_pgn(&text).unwrap_or_else(|e| panic!("{n}: {e}\n{text}"));
        same_annotations(&g, &back[0]);
    }
    let text = dhtmlxq::write_dhtmlxq(std::slice::from_ref(&g));
    let back = dhtmlxq::read_dhtmlxq(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    same_annotations(&g, &back[0]);
    assert_eq!(back[0].red(), Some("A"));
}

#[test]
fn a_broken_dhtmlxq_block_is_skipped() {
    let text = "[DhtmlXQ][DhtmlXQ_red]A[/DhtmlXQ_red][DhtmlXQ_movelist]77477270[/DhtmlXQ_movelist][/DhtmlXQ]\n[DhtmlXQ][DhtmlXQ_red]B[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
    let r = dhtmlxq::read_dhtmlxq_with(text, ReadOptions::default());
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].red(), Some("B"));
    assert_eq!(r.skipped[0].index, 0);
}

#[test]
fn wxf_tandem_pawns_follow_the_published_convention() {
    let three = Position::from_fen("3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w").unwrap();
    let mv = |s: &str| parse_move(&three, s).unwrap().iccs();
    // Three pawns on a file: P+ the front, P3 the middle, P- the rear.
    assert_eq!(mv("P3.6"), "e6d6");
    assert_eq!(mv("P+.6"), "e7d7");
    assert_eq!(mv("P-.6"), "e5d5");
    // The older form is still read.
    assert_eq!(mv("2P.6"), "e6d6");
    for (iccs, wxf) in [("e6d6", "P3.6"), ("e7d7", "P+.6"), ("e5d5", "P-.6")] {
        let m = notation::parse_iccs(iccs).unwrap();
        assert_eq!(write_move(&three, m, Notation::Wxf), wxf);
    }
    // Two pawns: +P and -P, in full-width forms too.
    let two = Position::from_fen("3k5/9/4P4/4P4/9/9/9/9/9/4K4 w").unwrap();
    assert_eq!(parse_move(&two, "＋Ｐ．６").unwrap().iccs(), "e7d7");
    assert_eq!(parse_move(&two, "-P.6").unwrap().iccs(), "e6d6");
    let m = notation::parse_iccs("e7d7").unwrap();
    assert_eq!(write_move(&two, m, Notation::Wxf), "+P.6");
}

#[test]
fn plain_text_score_sheets_with_headings() {
    // Numbered, two moves a line, a heading and the players' line.
    let text =
        "2024年春季联赛 第三轮\n许银川 先胜 吕钦\n\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n";
    let g = &read_games(text.as_bytes()).unwrap().games[0];
    assert_eq!(g.red(), Some("许银川"));
    assert_eq!(g.black(), Some("吕钦"));
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.tag("Event"), Some("2024年春季联赛 第三轮"));
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    // Not numbered, commas between moves.
    let text = "炮二平五，马８进７。\n马二进三，车９平８。\n";
    let g = &read_games(text.as_bytes()).unwrap().games[0];
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

/// A CBR record made by hand from the documented layout: the standard
/// start, red to move, and the move tree given as pre-order nodes
/// (ICCS move, flags, comment).
fn cbr(red: &str, result: u8, nodes: &[(&str, u8, Option<&str>)]) -> Vec<u8> {
    let mut b = vec![0u8; 2214];
    b[..16].copy_from_slice(b"CCBridge Record\0");
    let put = |b: &mut Vec<u8>, at: usize, s: &str| {
        for (i, u) in s.encode_utf16().enumerate() {
            b[at + 2 * i..at + 2 * i + 2].copy_from_slice(&u.to_le_bytes());
        }
    };
    put(&mut b, 692, "象棋桥杯");
    put(&mut b, 1076, red);
    put(&mut b, 1300, "黑方");
    b[2076] = result;
    b[2116] = 1;
    let start = Position::start();
    for s in start.pieces() {
        let (sq, p) = s;
        let code = match p.kind {
            Kind::Chariot => 1,
            Kind::Horse => 2,
            Kind::Elephant => 3,
            Kind::Advisor => 4,
            Kind::King => 5,
            Kind::Cannon => 6,
            Kind::Pawn => 7,
        } + if p.colour == crate::domain::Colour::Red {
            0x10
        } else {
            0x20
        };
        b[2120 + (9 - sq.rank() as usize) * 9 + sq.file() as usize] = code;
    }
    b.extend(0i32.to_le_bytes()); // no opening comment
    let point = |s: &str| {
        let s = s.as_bytes();
        (9 - (s[1] - b'0')) * 9 + (s[0] - b'a')
    };
    for (mv, flags, comment) in nodes {
        let flags = flags | if comment.is_some() { 0x04 } else { 0 };
        b.extend([flags, 0, point(&mv[..2]), point(&mv[2..])]);
        if let Some(c) = comment {
            let text: Vec<u8> = c.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
            b.extend((text.len() as i32).to_le_bytes());
            b.extend(text);
        }
    }
    b.extend([0, 0, 0, 0]);
    b
}

#[test]
fn cbr_single_game_with_a_variation_and_comments() {
    // h2e2 {中炮}, h9g7 (alternative b9c7 {反宫马}), h0g2.
    let bytes = cbr(
        "红方",
        1,
        &[
            ("h2e2", 0, Some("中炮")),
            ("h9g7", 0x02, None),
            ("h0g2", 0x01, None),
            ("b9c7", 0x01, Some("反宫马")),
        ],
    );
    let f = read_games(&bytes).unwrap();
    assert_eq!(f.format, SourceFormat::Cbr);
    let g = &f.games[0];
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g.red(), Some("红方"));
    assert_eq!(g.tag("Event"), Some("象棋桥杯"));
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.comments, vec![(1, "中炮".to_string())]);
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.variations[0].at, 1);
    assert_eq!(g.variations[0].moves[0].iccs(), "b9c7");
    assert_eq!(g.variations[0].comments, vec![(1, "反宫马".to_string())]);
}

#[test]
fn cbl_library_reads_every_good_record() {
    let mut b = vec![0u8; 101_952];
    b[..16].copy_from_slice(b"CCBridgeLibrary\0");
    b[60..64].copy_from_slice(&3i32.to_le_bytes());
    for (red, first) in [("甲", "h2e2"), ("乙", "h2h8"), ("丙", "c3c4")] {
        let mut rec = cbr(red, 3, &[(first, 0x01, None)]);
        rec.resize(4096, 0);
        b.extend(rec);
    }
    let f = read_games(&b).unwrap();
    let reds: Vec<_> = f.games.iter().map(|g| g.red().unwrap()).collect();
    assert_eq!(reds, ["甲", "丙"]);
    assert_eq!(f.skipped.len(), 1);
    assert_eq!(f.skipped[0].index, 1);
    assert!(
        f.skipped[0].error.to_string().contains("move 1"),
        "{}",
        f.skipped[0].error
    );
}

#[test]
fn the_cbr_result_byte_reads_as_real_libraries_use_it() {
    let want = [
        (0, None),
        (1, Some("1-0")),
        (2, Some("0-1")),
        (3, Some("1/2-1/2")),
        (4, None),
        (0xFF, None),
    ];
    for (byte, result) in want {
        let bytes = cbr("红方", byte, &[("h2e2", 0x01, None)]);
        let g = &read_games(&bytes).unwrap().games[0];
        assert_eq!(g.result.as_deref(), result, "byte {byte}");
    }
}

/// A CBR file cut short inside its move tree, or without its header, is
/// named a broken CBR record (its own keyed message in every language),
/// never an XQF one.
#[test]
fn a_broken_cbr_says_cbr_not_xqf() {
    use crate::i18n::Lang;
    // Cut inside the first move's comment (node, length, half the text).
    let mut bytes = cbr("红方", 1, &[("h2e2", 0, Some("中炮")), ("h9g7", 0, None)]);
    bytes.truncate(2214 + 4 + 4 + 4 + 2);
    let e = match read_games(&bytes) {
        Err(e) => e,
        Ok(f) => f
            .skipped
            .first()
            .expect("the broken record is reported")
            .error
            .clone(),
    };
    assert!(matches!(e, ImportError::Cbr(_)), "{e:?}");
    assert_eq!(e.to_string(), "CBR: cut short at byte 2226");
    let m = e.msg();
    assert_eq!(m.render(Lang::En), "CBR: cut short at byte 2226");
    assert_eq!(
        m.render(Lang::ZhHans),
        "象棋桥 CBR 棋谱有误: 文件在第2226字节处截断"
    );
    assert_eq!(
        m.render(Lang::ZhHant),
        "象棋橋 CBR 棋譜有誤: 檔案在第2226位元組處截斷"
    );
    // A header cut short.
    let short = &cbr("红方", 1, &[])[..1000];
    let e = super::cbr::read_cbr(short, 0, ReadOptions::default()).unwrap_err();
    assert_eq!(e.to_string(), "CBR: 1000 bytes, the header alone is 2214");
    assert!(!e.msg().render(Lang::ZhHans).contains("XQF"));
}

/// `plies` moves that can be played over and over: the horses out and back.
fn shuffled_horses(plies: usize) -> Vec<&'static str> {
    ["h0g2", "h9g7", "g2h0", "g7h9"]
        .into_iter()
        .cycle()
        .take(plies)
        .collect()
}

/// Runs `f` on a thread with a small stack (a Windows main thread has
/// 1 MB, the TUI's worker 2 MB): a reader that recursed once per move of
/// a long line would overflow it. A quarter of the main thread's: the
/// tests build qishe unoptimised, whose frames are several times those of
/// the release build (the 64 levels of nested variations need over 128 KB
/// there).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn binary_move_trees_as_deep_as_the_limit_are_read_and_dropped_without_recursion() {
    use super::tree::MAX_DEPTH;
    let n = MAX_DEPTH - 2;
    let plies = on_small_stack(move || {
        let moves = shuffled_horses(n);
        let nodes: Vec<_> = (0..n)
            .map(|i| (moves[i], if i + 1 < n { 0 } else { 0x01 }, None))
            .collect();
        let from_cbr = read_games(&cbr("红方", 1, &nodes)).unwrap();
        let from_xqf = read_games(&xqf(&moves)).unwrap();
        [from_cbr, from_xqf].map(|f| f.games[0].moves.len())
    });
    assert_eq!(plies, [n, n]);
    // Deeper than the limit: refused, by name.
    let (cbr_err, xqf_err) = on_small_stack(|| {
        let n = MAX_DEPTH + 5;
        let moves = shuffled_horses(n);
        let nodes: Vec<_> = moves.iter().map(|m| (*m, 0, None)).collect();
        let e = |b: &[u8]| match read_games(b) {
            Err(e) => e.to_string(),
            Ok(f) => f.skipped[0].error.to_string(),
        };
        (e(&cbr("红方", 1, &nodes)), e(&xqf(&moves)))
    });
    assert!(cbr_err.contains("too deep"), "{cbr_err}");
    assert!(xqf_err.contains("too deep"), "{xqf_err}");
}

#[test]
fn nested_text_variations_are_read_written_and_dropped_on_a_small_stack() {
    // 7,000 nested PGN variations and 3,000 chained DhtmlXQ branches: the
    // readers keep MAX_VARIATION_DEPTH levels, and reading, writing in
    // every format, the statistics and dropping the game stay within a
    // small stack.
    let kept = on_small_stack(|| {
        let mut kept = Vec::new();
        for text in [
            hostile::nested_pgn(7_000),
            hostile::chained_dhtmlxq(3_000, true),
        ] {
            let f = read_games(text.as_bytes()).unwrap();
            let g = &f.games[0];
            let _ = game_stats(g);
            let pgn = write_pgn(&f.games, Notation::Chinese);
            let dhtml = dhtmlxq::write_dhtmlxq(&f.games);
            let again = read_games(pgn.as_bytes()).unwrap();
            let twice = read_games(dhtml.as_bytes()).unwrap();
            kept.push((again.games[0].variations.len(), twice.games.len()));
        }
        kept
    });
    assert!(kept.iter().all(|&(v, n)| v > 0 && n == 1), "{kept:?}");
}
