//! Fuzz-style property tests: random bytes and random move text fed to every
//! parser give errors, never panics; random legal games survive a round
//! trip through every notation.

use proptest::prelude::*;
use qishe::xiangqi::{
    dhtmlxq, parse_move, read_games, read_pgn, write_move, write_pgn, xqf, GameRecord, Notation,
    Position,
};

/// A real XQF file from `../shared/testdata`, read when the test runs (like
/// every other test's data), so the test binary builds without it.
/// `None` (and the cases pass, said once on stderr) without `../shared`.
fn xqf_sample() -> Option<&'static [u8]> {
    static SAMPLE: std::sync::OnceLock<Option<Vec<u8>>> = std::sync::OnceLock::new();
    SAMPLE
        .get_or_init(|| {
            let path = crate::common::shared("testdata/pgn/xqftools_sample.xqf")?;
            Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        })
        .as_deref()
}

/// Characters move texts are made of, in every notation.
const ALPHABET: &[char] = &[
    '炮', '砲', '包', '马', '馬', '傌', '车', '車', '俥', '相', '象', '仕', '士', '帅', '帥', '将',
    '將', '兵', '卒', '进', '進', '退', '平', '前', '后', '後', '中', '一', '二', '三', '四', '五',
    '六', '七', '八', '九', '1', '2', '5', '9', '0', '１', '５', '９', '+', '-', '.', '=', '＋',
    '＝', 'K', 'A', 'E', 'B', 'H', 'N', 'R', 'C', 'P', 'a', 'e', 'h', 'i', 'z', ' ', '[', ']', '{',
    '}', '(', ')', '"', '\n', ';', '$', '*', '/',
];

fn notation_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..8)
        .prop_map(|v| v.into_iter().collect())
}

/// Plays `choices.len()` moves, each picked among the legal ones.
fn random_game(choices: &[u16]) -> GameRecord {
    let mut g = GameRecord::new(0);
    let mut p = Position::start();
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        p.make(m);
        g.moves.push(m);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::cases(256), ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let _ = read_games(&bytes);
        let _ = xqf::read_xqf(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        let _ = read_pgn(&text);
        let _ = dhtmlxq::read_dhtmlxq(&text);
        let _ = Position::from_fen(&text);
        let _ = qishe::xiangqi::decode(&bytes);
        let _ = parse_move(&Position::start(), &text);
    }

    #[test]
    fn damaged_xqf_never_panics(
        edits in prop::collection::vec((any::<u16>(), any::<u8>()), 1..16),
        cut in any::<u16>(),
    ) {
        let Some(sample) = xqf_sample() else { return Ok(()) };
        let mut bytes = sample.to_vec();
        for (at, b) in edits {
            let i = at as usize % bytes.len();
            bytes[i] = b;
        }
        let _ = xqf::read_xqf(&bytes);
        bytes.truncate(cut as usize % (bytes.len() + 1));
        let _ = xqf::read_xqf(&bytes);
    }

    #[test]
    fn random_move_text_never_panics(text in notation_text(), plies in prop::collection::vec(any::<u16>(), 0..20)) {
        let g = random_game(&plies);
        let p = g.final_position();
        let _ = parse_move(&p, &text);
        let _ = qishe::xiangqi::notation::parse_iccs(&text);
        let _ = qishe::xiangqi::normalise_fen(&text);
        let _ = read_pgn(&format!("1. {text}"));
        let _ = read_pgn(&text);
        let _ = dhtmlxq::read_dhtmlxq(&format!("[DhtmlXQ_movelist]{text}[/DhtmlXQ_movelist]"));
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn random_pgn_like_text_never_panics(parts in prop::collection::vec(notation_text(), 0..12)) {
        let text = format!("[Event \"x\"]\n[FEN \"{}\"]\n{}", parts.first().cloned().unwrap_or_default(), parts.join(" "));
        let _ = read_pgn(&text);
        let _ = read_games(text.as_bytes());
    }

}

proptest! {
    // Each case tries every legal move of every position of a game: fewer cases.
    #![proptest_config(ProptestConfig { cases: crate::common::cases(40), ..ProptestConfig::default() })]

    #[test]
    fn every_legal_move_reads_back_in_every_notation(plies in prop::collection::vec(any::<u16>(), 0..100)) {
        let g = random_game(&plies);
        let mut p = Position::start();
        for &m in &g.moves {
            for mv in p.legal_moves() {
                for n in Notation::ALL {
                    let text = write_move(&p, mv, n);
                    prop_assert_eq!(parse_move(&p, &text), Ok(mv), "{} in {} at {}", text, n, p.fen());
                }
            }
            p.make(m);
        }
    }

    #[test]
    fn random_games_round_trip_through_pgn(plies in prop::collection::vec(any::<u16>(), 0..150)) {
        let g = random_game(&plies);
        for n in Notation::ALL {
            let text = write_pgn(std::slice::from_ref(&g), n);
            let back = read_pgn(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(&back[0].moves, &g.moves);
        }
    }
}

/// A PGN game whose moves and variations follow `shape`: each step opens a
/// variation (`(` and an alternative first move), closes one (`)`), or
/// plays on; unbalanced on purpose at times. Depths far past the readers'
/// limit (MAX_VARIATION_DEPTH) come up often.
fn nested_pgn(shape: &[u8]) -> String {
    let mut s = String::from("[Result \"*\"]\n\n1. h2e2 ");
    let mut open = 0usize;
    for &b in shape {
        match b % 8 {
            0..=4 => {
                s.push_str(if open.is_multiple_of(2) {
                    "(1. b2e2 "
                } else {
                    "(1. h2e2 "
                });
                open += 1;
            }
            5 | 6 if open > 0 => {
                s.push_str(") ");
                open -= 1;
            }
            _ => s.push_str("{c} "),
        }
    }
    if !shape.len().is_multiple_of(3) {
        s.push_str(&")".repeat(open));
    }
    s.push_str(" h9g7 *\n");
    s
}

/// A DhtmlXQ block with branches whose parents come from `parents`:
/// mostly a chain (branch k a child of branch k−1, its first move at ply
/// k+1, legal: the b-horses shuffle, the h-horses answer), sometimes any
/// earlier branch (then mostly dropped as not fitting its parent).
fn branchy_dhtmlxq(parents: &[u16]) -> String {
    let mut s = String::from("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n");
    for (i, &p) in parents.iter().enumerate() {
        let id = i + 1;
        let parent = if p % 64 == 0 { p as usize % id } else { id - 1 };
        let step = id + 1;
        // ply `id`: black when odd; the side's j-th b-horse move
        let j = id.div_ceil(2);
        let first = match (id % 2 == 1, j % 2 == 1) {
            (true, true) => "1022",
            (true, false) => "2210",
            (false, true) => "1927",
            (false, false) => "2719",
        };
        let answer = if id % 2 == 1 { "7967" } else { "7062" };
        s.push_str(&format!(
            "[DhtmlXQ_move_{parent}_{step}_{id}]{first}{answer}[/DhtmlXQ_move_{parent}_{step}_{id}]\n[DhtmlXQ_comment{id}_{step}]c{id}[/DhtmlXQ_comment{id}_{step}]\n"
        ));
    }
    s.push_str("[/DhtmlXQ]\n");
    s
}

/// How deep a game's variations nest (walked without recursion).
fn variation_depth(g: &GameRecord) -> usize {
    let mut best = 0;
    let mut stack: Vec<(&qishe::xiangqi::Variation, usize)> =
        g.variations.iter().map(|v| (v, 1)).collect();
    while let Some((v, d)) = stack.pop() {
        best = best.max(d);
        stack.extend(v.variations.iter().map(|w| (w, d + 1)));
    }
    best
}

proptest! {
    // The recursion limit of every reader of variations (PGN, DhtmlXQ, and
    // the XQF/CBR move trees through damaged_xqf_never_panics): deep
    // nesting is read to the limit or refused, never a stack overflow, and
    // what is read writes and reads back.
    #![proptest_config(ProptestConfig { cases: crate::common::cases(48), ..ProptestConfig::default() })]

    #[test]
    fn nested_pgn_variations_stay_within_the_limit(shape in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = nested_pgn(&shape);
        if let Ok(games) = read_pgn(&text) {
            for g in &games {
                prop_assert!(variation_depth(g) < qishe::xiangqi::record::MAX_VARIATION_DEPTH);
                let back = write_pgn(std::slice::from_ref(g), Notation::Iccs);
                let again = read_pgn(&back).map_err(|e| TestCaseError::fail(format!("{e}\n{back}")))?;
                prop_assert_eq!(&again[0].moves, &g.moves);
            }
        }
        let _ = read_games(text.as_bytes());
    }

    #[test]
    fn chained_dhtmlxq_branches_stay_within_the_limit(parents in prop::collection::vec(any::<u16>(), 0..300)) {
        let text = branchy_dhtmlxq(&parents);
        let r = dhtmlxq::read_dhtmlxq_with(&text, Default::default());
        prop_assert_eq!(r.games.len(), 1);
        let chained = parents.iter().take_while(|&&p| p % 64 != 0).count();
        if chained > qishe::xiangqi::record::MAX_VARIATION_DEPTH {
            let notes: Vec<String> = r.notes.iter().map(|n| n.msg.en()).collect();
            prop_assert!(notes.iter().any(|n| n.contains("nested deeper")), "{:?}", notes);
            prop_assert_eq!(variation_depth(&r.games[0]), qishe::xiangqi::record::MAX_VARIATION_DEPTH - 1);
        }
        for g in &r.games {
            prop_assert!(variation_depth(g) < qishe::xiangqi::record::MAX_VARIATION_DEPTH);
            let back = dhtmlxq::write_dhtmlxq(std::slice::from_ref(g));
            let again = dhtmlxq::read_dhtmlxq(&back).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(&again[0].moves, &g.moves);
        }
    }
}
