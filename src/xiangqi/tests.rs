use super::*;
use crate::domain::Colour;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0').unwrap()
}

/// Legal destinations of the piece on `from`, sorted.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| m.to().iccs())
        .collect();
    v.sort();
    v
}

#[test]
fn perft_start_depths_1_to_3() {
    let mut p = Position::start();
    assert_eq!(p.perft(1), 44);
    assert_eq!(p.perft(2), 1_920);
    assert_eq!(p.perft(3), 79_666);
}

#[test]
fn perft_start_depth_4() {
    let mut p = Position::start();
    assert_eq!(p.perft(4), 3_290_240);
}

#[test]
fn perft_leaves_the_position_unchanged() {
    let mut p = Position::start();
    p.perft(3);
    assert_eq!(p, Position::start());
}

#[test]
fn kings_may_not_face_each_other() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(targets(&p, "e0"), ["e1", "f0"]);
    // A piece between the kings is pinned to its file.
    let p = pos("4k4/9/9/9/9/4N4/9/9/9/4K4 w");
    assert!(targets(&p, "e4").is_empty());
    let p = pos("3k5/9/9/9/9/4N4/9/9/9/4K4 w");
    assert_eq!(targets(&p, "e4").len(), 8);
}

#[test]
fn horse_leg_blocks() {
    let p = pos("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w");
    assert_eq!(targets(&p, "b0"), ["d1"]);
}

#[test]
fn elephant_eye_blocks_and_elephant_stays_home() {
    let p = pos("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w");
    assert_eq!(targets(&p, "c0"), ["a2"]);
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
    assert_eq!(targets(&p, "c4"), ["a2", "e2"]);
}

#[test]
fn king_and_advisors_stay_in_the_palace() {
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w");
    assert_eq!(targets(&p, "d0"), ["d1"]);
    let p = pos("4k4/9/9/9/9/9/9/9/4A4/3K5 w");
    assert_eq!(targets(&p, "e1"), ["d2", "f0", "f2"]);
}

#[test]
fn pawns_go_sideways_only_across_the_river() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/9/3K5 w");
    assert_eq!(targets(&p, "e3"), ["e4"]);
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w");
    assert_eq!(targets(&p, "e5"), ["d5", "e6", "f5"]);
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K4p b");
    // A pawn on the last rank only moves sideways.
    assert_eq!(targets(&p, "i0"), ["h0"]);
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let p = pos("4k4/9/9/4p4/9/9/4P4/4C4/9/3K5 w");
    assert_eq!(
        targets(&p, "e2"),
        ["a2", "b2", "c2", "d2", "e1", "e0", "e6", "f2", "g2", "h2", "i2"]
            .iter()
            .map(|s| s.to_string())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
}

#[test]
fn check_mate_and_stalemate() {
    let mate = pos("3k5/4R4/9/9/9/9/9/9/9/3RK4 b");
    assert!(mate.in_check());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());
    // 困毙: no legal move without being in check (the horse is pinned).
    let stale = pos("3aka3/4n4/9/9/4R4/9/9/9/9/3K5 b");
    assert!(!stale.in_check());
    assert!(stale.is_stalemate());
    assert!(!Position::start().is_checkmate());
    // The flying general gives check.
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w");
    let m = Move::new(sq("d0"), sq("e0"));
    assert!(!p.is_legal(m));
}

#[test]
fn fen_accepts_letter_variants_and_normalises() {
    let p = pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
    assert_eq!(p, Position::start());
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.side_to_move(), Colour::Red);
    assert!(Position::from_fen("rnbakabnr/9/1c5c1 w").is_err());
    assert!(
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w")
            .is_err()
    );
    assert!(
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w").is_err()
    );
    // Two red kings.
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/4K4/3K5 w").is_err());
    // An elephant across the river.
    assert!(Position::from_fen("4k4/9/9/9/2B6/9/9/9/9/3K5 w").is_err());
}

fn read(p: &Position, text: &str) -> String {
    parse_move(p, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .iccs()
}

#[test]
fn opening_moves_in_every_notation() {
    let p = Position::start();
    for t in [
        "炮二平五",
        "砲二平五",
        "包二平五",
        "h2e2",
        "H2-E2",
        "C2.5",
        "C2=5",
        "Ｃ２＝５",
        "c2.5",
    ] {
        assert_eq!(read(&p, t), "h2e2", "{t}");
    }
    for t in ["马二进三", "馬二進三", "傌二進三", "H2+3", "N2+3"] {
        assert_eq!(read(&p, t), "h0g2", "{t}");
    }
    assert_eq!(read(&p, "俥一进一"), "i0i1");
    assert_eq!(read(&p, "相三进五"), "g0e2");
    assert_eq!(read(&p, "E3+5"), "g0e2");
    assert_eq!(read(&p, "B3+5"), "g0e2");
    assert_eq!(read(&p, "仕四进五"), "f0e1");
    assert_eq!(read(&p, "帅五进一"), "e0e1");
    assert_eq!(read(&p, "兵七进一"), "c3c4");
    let b = p.after(Move::new(sq("h2"), sq("e2")));
    for t in ["马８进７", "馬８進７", "马8进7", "H8+7", "h9g7"] {
        assert_eq!(read(&b, t), "h9g7", "{t}");
    }
    assert_eq!(read(&b, "卒３进１"), "c6c5");
    assert_eq!(read(&b, "將５進１"), "e9e8");
    assert_eq!(read(&b, "象３进５"), "c9e7");
}

#[test]
fn writing_the_opening() {
    let p = Position::start();
    let m = Move::new(sq("h2"), sq("e2"));
    assert_eq!(write_move(&p, m, Notation::Chinese), "炮二平五");
    assert_eq!(write_move(&p, m, Notation::Wxf), "C2.5");
    assert_eq!(write_move(&p, m, Notation::Iccs), "h2e2");
    let h = Move::new(sq("h0"), sq("g2"));
    assert_eq!(write_move(&p, h, Notation::Traditional), "傌二進三");
    let b = p.after(m);
    let bm = Move::new(sq("h9"), sq("g7"));
    assert_eq!(write_move(&b, bm, Notation::Chinese), "马８进７");
    assert_eq!(write_move(&b, bm, Notation::Traditional), "馬８進７");
    assert_eq!(write_move(&b, bm, Notation::Wxf), "H8+7");
}

#[test]
fn tandem_chariots() {
    let p = pos("3k5/9/9/9/9/4R4/9/4R4/9/5K3 w");
    assert_eq!(read(&p, "前车进一"), "e4e5");
    assert_eq!(read(&p, "前車進一"), "e4e5");
    assert_eq!(read(&p, "+R+1"), "e4e5");
    assert_eq!(read(&p, "R++1"), "e4e5");
    assert_eq!(read(&p, "后车平四"), "e2f2");
    assert_eq!(read(&p, "後俥平四"), "e2f2");
    assert_eq!(read(&p, "-R.4"), "e2f2");
    assert_eq!(read(&p, "R-=4"), "e2f2");
    let m = Move::new(sq("e2"), sq("f2"));
    assert_eq!(write_move(&p, m, Notation::Chinese), "后车平四");
    assert_eq!(write_move(&p, m, Notation::Traditional), "後俥平四");
    assert_eq!(write_move(&p, m, Notation::Wxf), "-R.4");
    // Black's front piece is the one nearer red.
    let b = pos("4k4/9/4r4/9/4r4/9/9/9/9/3K5 b");
    assert_eq!(read(&b, "前车平３"), "e5c5");
    assert_eq!(read(&b, "后车进１"), "e7e6");
}

#[test]
fn three_pawns_on_a_file() {
    let p = pos("3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w");
    for t in ["前兵平四", "一兵平四", "+P.4"] {
        assert_eq!(read(&p, t), "e7f7", "{t}");
    }
    for t in ["中兵平四", "二兵平四", "2P.4"] {
        assert_eq!(read(&p, t), "e6f6", "{t}");
    }
    for t in ["后兵平四", "三兵平四", "-P.4", "3P.4"] {
        assert_eq!(read(&p, t), "e5f5", "{t}");
    }
    let m = Move::new(sq("e6"), sq("f6"));
    assert_eq!(write_move(&p, m, Notation::Chinese), "中兵平四");
    assert_eq!(parse_move(&p, &write_move(&p, m, Notation::Wxf)), Ok(m));
}

#[test]
fn pawns_in_tandem_on_two_files_name_the_file() {
    let p = pos("3k5/9/9/2P1P4/2P1P4/9/9/9/9/4K4 w");
    let m = Move::new(sq("e6"), sq("e7"));
    let zh = write_move(&p, m, Notation::Chinese);
    assert_eq!(zh, "前五进一");
    assert_eq!(read(&p, &zh), "e6e7");
    assert_eq!(read(&p, "前兵五进一"), "e6e7");
    assert_eq!(read(&p, "五前进一"), "e6e7");
    assert_eq!(read(&p, "后七平六"), "c5d5");
    assert_eq!(read(&p, &write_move(&p, m, Notation::Wxf)), "e6e7");
    assert!(matches!(
        parse_move(&p, "前兵进一"),
        Err(MoveTextError::Ambiguous { .. })
    ));
}

#[test]
fn advisors_are_named_by_file_and_direction() {
    let p = pos("4k4/9/9/9/9/9/9/3A5/9/3A1K3 w");
    assert_eq!(read(&p, "仕六进五"), "d0e1");
    assert_eq!(read(&p, "仕六退五"), "d2e1");
    assert_eq!(
        write_move(&p, Move::new(sq("d2"), sq("e1")), Notation::Chinese),
        "仕六退五"
    );
}

#[test]
fn ambiguous_and_illegal_moves_are_errors() {
    let p = pos("4k4/9/9/9/9/9/9/7N1/9/3K3N1 w");
    match parse_move(&p, "马二进三") {
        Err(MoveTextError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["h0g2", "h2g4"])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(read(&p, "前马进三"), "h2g4");
    let s = Position::start();
    assert!(matches!(
        parse_move(&s, "车一进四"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert!(matches!(
        parse_move(&s, "e0e2"),
        Err(MoveTextError::Illegal { .. })
    ));
    assert!(matches!(
        parse_move(&s, "炮二平"),
        Err(MoveTextError::Unreadable { .. })
    ));
    assert!(matches!(
        parse_move(&s, "Z2.5"),
        Err(MoveTextError::Unreadable { .. })
    ));
}

#[test]
fn pgn_reports_game_move_and_text() {
    let text = "[Red \"A\"]\n[Black \"B\"]\n1. h2e2 h9g7\n2. h0g2 i9i5\n";
    let e = read_pgn(text).unwrap_err().to_string();
    assert!(e.contains("game 1 (A v B)"), "{e}");
    assert!(e.contains("move 2"), "{e}");
    assert!(e.contains("i9i5"), "{e}");
    assert!(e.contains("line 4"), "{e}");
    let e = read_pgn("[Event \"x\"]\n1. h2e2 {never closed\n").unwrap_err();
    assert_eq!(
        e,
        ImportError::Syntax {
            line: 2,
            col: 9,
            msg: crate::i18n::Msg::new("err.pgn.comment_open")
        }
    );
}

#[test]
fn pgn_skips_comments_variations_and_footers() {
    let text = "[Event \"e\"]\n[Result \"1-0\"]\n1. 炮二平五 {a comment} (1. 兵七进一 卒７进１) 马８进７\n 2. 马二进三 1-0\n=====\n马来西亚 text\nhttp://x\n\n[Event \"second\"]\n1. c3c4 *\n";
    let games = read_pgn(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].iccs_moves(), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].iccs_moves(), ["c3c4"]);
    assert_eq!(games[1].result, None);
}

#[test]
fn decoding_detects_gbk_and_big5() {
    let sample = "[Red \"许银川\"]\n1. 炮二平五 马８进７\n";
    let (gbk, _, _) = encoding_rs::GBK.encode(sample);
    let (text, enc) = decode(&gbk);
    assert_eq!(enc, TextEncoding::Gb18030);
    assert_eq!(text, sample);
    let trad = "[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 傌二進三 車９平８\n";
    let (big5, _, _) = encoding_rs::BIG5.encode(trad);
    let (text, enc) = decode(&big5);
    assert_eq!(enc, TextEncoding::Big5);
    assert_eq!(text, trad);
    let g = read_pgn(&text).unwrap();
    assert_eq!(g[0].iccs_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

#[test]
fn stats_first_strike_and_material() {
    let g = &read_pgn("1. h2e2 h9g7 2. e2e6 e9e8\n").unwrap()[0];
    let s = game_stats(g);
    assert_eq!(s.plies, 4);
    assert_eq!(s.full_moves, 2);
    // e2e6 took the central pawn on its start point: that is a strike.
    assert_eq!(s.first_strike.side, Some(Colour::Red));
    assert_eq!(s.first_strike.move_no, Some(2));
    assert_eq!(s.black_material.pawns_uncrossed, 4);
    assert_eq!(s.red_moves.horse_cannon, 2);
    assert_eq!(s.black_moves.king, 1);
    // Taking an ordinary pawn is not a strike.
    let g = &read_pgn("1. c3c4 c6c5 2. c4c5\n").unwrap()[0];
    let s = game_stats(g);
    assert_eq!(s.first_strike.side, None);
    assert_eq!(s.black_material.pawns_uncrossed, 4);
    assert_eq!(s.red_material.pawns_crossed, 1);
    assert_eq!(s.red_material.pawns_uncrossed, 4);
    assert_eq!(s.full_moves, 2);
}

#[test]
fn stats_fill_a_stored_game() {
    let g = &read_pgn("1. h2e2 h9g7\n").unwrap()[0];
    let s = game_stats(g);
    let mut game = crate::domain::Game::bare(1, 2, crate::domain::Outcome::Draw);
    s.to_domain(&mut game.facts);
    assert_eq!(game.facts.moves, Some(1));
    assert_eq!(
        game.facts.red_residual.unwrap().letters(),
        "RRHHCCAAEEPPPPP"
    );
    assert_eq!(game.facts.red_pieces.unwrap().text(), "0/1/0/0/0");
    assert_eq!(game.facts.first_strike.unwrap().side, None);
    assert_eq!(game.facts.termination, None);
    // A game ending in mate records it.
    let g = &read_pgn("[FEN \"3k5/4R4/9/9/9/9/9/9/9/R3K4 w\"]\n1. a0d0\n").unwrap()[0];
    let s = game_stats(g);
    assert_eq!(s.ending, Some(crate::domain::Termination::Checkmate));
    s.to_domain(&mut game.facts);
    assert_eq!(
        game.facts.termination,
        Some(crate::domain::Termination::Checkmate)
    );
}

#[test]
fn coordinates_may_carry_check_marks_and_results_are_normalised() {
    let g = &read_pgn("[Result \"红胜\"]\n1. h2e2+ h9g7 2. h0g2#\n").unwrap()[0];
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
}

#[test]
fn utf16_with_bom_is_read() {
    let text = "[Red \"许\"]\n1. 炮二平五\n";
    let mut bytes = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        bytes.extend_from_slice(&u.to_le_bytes());
    }
    let f = read_games(&bytes).unwrap();
    assert_eq!(f.encoding, Some(TextEncoding::Utf16));
    assert_eq!(f.games[0].red(), Some("许"));
    assert_eq!(f.games[0].iccs_moves(), ["h2e2"]);
}

/// An unencrypted XQF (version 10) built by hand: start position, names,
/// result and two moves with empty comments.
#[test]
fn plain_xqf_version_10() {
    let mut b = vec![0u8; 1024];
    b[0] = b'X';
    b[1] = b'Q';
    b[2] = 10;
    // Slots: R H E A K A E H R C C P P P P P, red then black; x*10+y.
    let red = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
    for (i, &v) in red.iter().enumerate() {
        b[16 + i] = v;
        // Black mirrors red across the river.
        b[32 + i] = v - v % 10 + (9 - v % 10);
    }
    b[51] = 3; // draw
    let name = "王天一".to_string();
    let (gbk, _, _) = encoding_rs::GBK.encode(&name);
    b[0x130] = gbk.len() as u8;
    b[0x131..0x131 + gbk.len()].copy_from_slice(&gbk);
    // Root record, then h2e2 and h9g7 (x*10+y, +24 / +32), each followed by
    // a 4-byte comment length of 0.
    let rec = |from: u8, to: u8, more: bool| {
        vec![
            from + 24,
            to + 32,
            if more { 0x80 } else { 0 },
            0,
            0,
            0,
            0,
            0,
        ]
    };
    b.extend(rec(0, 0, true));
    b.extend(rec(72, 42, true));
    b.extend(rec(79, 67, false));
    let f = read_games(&b).unwrap();
    let g = &f.games[0];
    assert_eq!(g.start, Position::start());
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7"]);
    assert_eq!(g.red(), Some("王天一"));
    assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
    // A header that says black moves first is overruled by a red first move.
    b[50] = 1;
    let f = read_games(&b).unwrap();
    assert_eq!(f.games[0].start, Position::start());
    assert_eq!(f.games[0].iccs_moves(), ["h2e2", "h9g7"]);
    // A move that is not legal is an error naming the move.
    let n = b.len();
    b[n - 8] = 79 + 24;
    b[n - 7] = 44 + 32;
    let e = read_games(&b).unwrap_err().to_string();
    assert!(e.contains("move 1") && e.contains("h9e4"), "{e}");
}

#[test]
fn fen_is_normalised_and_tags_may_share_a_line() {
    assert_eq!(
        normalise_fen("2eakae2/9/9/9/9/9/9/9/4H4/3AK4 r - - 0 12").unwrap(),
        "2bakab2/9/9/9/9/9/9/9/4N4/3AK4 w"
    );
    let g = &read_pgn("[Red \"A\"][Black \"B\"]\n1. h2e2\n").unwrap()[0];
    assert_eq!(g.black(), Some("B"));
    assert_eq!(g.iccs_moves(), ["h2e2"]);
}

#[test]
fn black_to_move_first_round_trips() {
    let text = "[FEN \"3k5/9/9/9/9/9/9/9/9/R4K3 b - - 0 1\"]\n1. ... d9e9 2. a0a9 e9e8\n";
    let g = &read_pgn(text).unwrap()[0];
    assert_eq!(g.iccs_moves(), ["d9e9", "a0a9", "e9e8"]);
    for n in Notation::ALL {
        let out = write_pgn(std::slice::from_ref(g), n);
        assert!(out.contains("  1. ..."), "{out}");
        let back = &read_pgn(&out).unwrap()[0];
        assert_eq!(back.moves, g.moves, "{n}: {out}");
        assert_eq!(back.start, g.start);
    }
    let s = game_stats(g);
    assert_eq!(s.plies, 3);
    assert_eq!(s.final_fen, "R8/4k4/9/9/9/9/9/9/9/5K3 w");
    assert_eq!(s.full_moves, 2);
}

#[test]
fn result_spellings() {
    use super::record::normalise_result as n;
    assert_eq!(n("1-0").as_deref(), Some("1-0"));
    assert_eq!(n(" 0-1 ").as_deref(), Some("0-1"));
    assert_eq!(n("½-½").as_deref(), Some("1/2-1/2"));
    assert_eq!(n("W").as_deref(), Some("1-0"));
    assert_eq!(n("红先胜").as_deref(), Some("1-0"));
    assert_eq!(n("紅先負").as_deref(), Some("0-1"));
    assert_eq!(n("黑胜").as_deref(), Some("0-1"));
    assert_eq!(n("黑负").as_deref(), Some("1-0"));
    assert_eq!(n("和棋").as_deref(), Some("1/2-1/2"));
    assert_eq!(n("*"), None);
    assert_eq!(n(""), None);
    assert_eq!(n("adjourned").as_deref(), Some("adjourned"));
}

#[test]
fn latin_names_fall_back_to_windows_1252() {
    let (bytes, _, _) =
        encoding_rs::WINDOWS_1252.encode("[Black \"Jos\u{e9} M\u{fc}ller\"]\n1. C2.5 H8+7\n");
    let (decoded, enc) = decode(&bytes);
    assert_eq!(enc, TextEncoding::Windows1252);
    let g = &read_pgn(&decoded).unwrap()[0];
    assert_eq!(g.black(), Some("Jos\u{e9} M\u{fc}ller"));
    assert_eq!(g.iccs_moves(), ["h2e2", "h9g7"]);
}

/// The readers' reasons are keyed messages whose English is the text the
/// readers gave before they were keyed, byte for byte, and whose 简体 and
/// 繁體 name the same fault.
#[test]
fn the_readers_reasons_keep_their_english_and_speak_chinese() {
    use crate::i18n::{Lang, Msg};
    fn why(fen: &str) -> Msg {
        match Position::from_fen(fen) {
            Err(FenError::Impossible { why, .. }) => why,
            other => panic!("{fen}: {other:?}"),
        }
    }
    let cases: Vec<(Msg, &str, &str, &str)> = vec![
        (
            why("4k4/9/9/9/9/9/9/9/3A5/4K4 w"),
            "a red Advisor cannot stand on d1",
            "红方的仕不能放在 d1",
            "紅方的仕不能放在 d1",
        ),
        (
            why("4k4/9/9/9/9/9/9/9/9/9 w"),
            "red must have exactly one king",
            "红方必须有且只有一个帅 (将)",
            "紅方必須有且只有一個帥 (將)",
        ),
        (
            why("3k5/9/9/9/9/p1p1p1p1p/p8/9/9/4K4 w"),
            "black has too many Pawn pieces",
            "黑方的卒太多",
            "黑方的卒太多",
        ),
        (
            why("4k4/9/9/9/9/9/9/9/4R4/3K5 w"),
            "the side not to move is in check",
            "不走棋的一方正被将军",
            "不走棋的一方正被將軍",
        ),
        (
            Position::from_pieces(
                &[
                    (sq("e0"), Piece::new(Colour::Red, Kind::King)),
                    (sq("e0"), Piece::new(Colour::Black, Kind::King)),
                ],
                Colour::Red,
            )
            .unwrap_err(),
            "two pieces on e0",
            "e0 上有两个棋子",
            "e0 上有兩個棋子",
        ),
        (
            "knight".parse::<Notation>().unwrap_err(),
            "unknown notation \"knight\"; use chinese, traditional, wxf, iccs or xboard",
            "未知的记谱法 \"knight\"; 请用 chinese、traditional、wxf、iccs 或 xboard",
            "未知的記譜法 \"knight\"; 請用 chinese、traditional、wxf、iccs 或 xboard",
        ),
    ];
    for (m, en, hans, hant) in cases {
        assert_eq!(m.en(), en);
        assert_eq!(m.render(Lang::ZhHans), hans);
        assert_eq!(m.render(Lang::ZhHant), hant);
    }
    let import = |bytes: &[u8]| match read_games(bytes) {
        Err(e) => e,
        Ok(_) => panic!("read"),
    };
    let dhtml = |binit: &str| {
        import(
            format!("[DhtmlXQ]\n[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n")
                .as_bytes(),
        )
    };
    let mut xqf = vec![0u8; 1100];
    xqf[..3].copy_from_slice(b"XQ\x0a");
    let cases = [
        (
            dhtml("1234"),
            "DhtmlXQ: binit has 4 digits, not 64",
            "DhtmlXQ 棋谱有误: binit 有 4 个数字, 应为 64 个",
        ),
        (
            dhtml(&"x".repeat(64)),
            "DhtmlXQ: binit holds a non-digit",
            "DhtmlXQ 棋谱有误: binit 含有非数字字符",
        ),
        (
            import(&xqf),
            "XQF: start position: two pieces on a0",
            "XQF 文件有误: 开局局面有误: a0 上有两个棋子",
        ),
        (
            import(b"XQ\x0a\x00\x00\x01\x02"),
            "not a game record: binary data (an XQF file cut short: 7 bytes, the header alone is 1024)",
            "不是棋谱: 二进制数据 (XQF 文件被截断: 只有 7 字节, 仅文件头就需 1024 字节)",
        ),
        (
            import(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            "not a game record: binary data (no \"XQ\" signature of XQF and no known format; first bytes 00 01 02 03 04 05 06 07)",
            "不是棋谱: 二进制数据 (没有 XQF 的 \"XQ\" 标记, 也不是已知格式; 开头字节 00 01 02 03 04 05 06 07)",
        ),
    ];
    for (e, en, hans) in cases {
        assert_eq!(e.to_string(), en);
        assert_eq!(e.msg().en(), en);
        assert_eq!(e.msg().render(Lang::ZhHans), hans);
    }
}
