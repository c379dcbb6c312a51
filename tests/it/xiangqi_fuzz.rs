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
