//! Game records built to hurt: thousands of nested variations (PGN), tens
//! of thousands of chained branches (DhtmlXQ). Read (deep variations left
//! out with a note) or refused clearly, never a stack overflow; an archive
//! import with such a file imports the rest.

use super::{both, run_for};
use crate::common::Club;
use qishe::xiangqi::record::MAX_VARIATION_DEPTH;
use qishe::xiangqi::{dhtmlxq, read_games, Variation};

fn nested_pgn(n: usize) -> String {
    qishe::xiangqi::hostile::nested_pgn(n)
}

fn chained_dhtmlxq(n: usize) -> String {
    qishe::xiangqi::hostile::chained_dhtmlxq(n, true)
}

fn depth(vs: &[Variation]) -> usize {
    // iterative: the tree may be deep
    let mut best = 0;
    let mut stack: Vec<(&Variation, usize)> = vs.iter().map(|v| (v, 1)).collect();
    while let Some((v, d)) = stack.pop() {
        best = best.max(d);
        stack.extend(v.variations.iter().map(|w| (w, d + 1)));
    }
    best
}

// 2. The readers keep at most MAX_VARIATION_DEPTH levels and say so.
#[test]
fn nested_variations_are_read_to_the_limit_with_a_note() {
    let pgn = nested_pgn(7_000);
    assert!(pgn.len() > 80_000);
    let f = read_games(pgn.as_bytes()).unwrap();
    assert_eq!(f.games.len(), 1);
    assert_eq!(f.games[0].moves.len(), 2);
    assert!(depth(&f.games[0].variations) < MAX_VARIATION_DEPTH);
    assert!(depth(&f.games[0].variations) > 10);
    assert!(
        f.notes.iter().any(|n| n.msg.en().contains("nested deeper")),
        "{:?}",
        f.notes
    );
    let text = chained_dhtmlxq(3_000);
    let r = dhtmlxq::read_dhtmlxq_with(&text, Default::default());
    assert_eq!(r.games.len(), 1, "{:?}", r.skipped);
    let d = depth(&r.games[0].variations);
    assert!(d > 10 && d < MAX_VARIATION_DEPTH, "{d}");
    let note = r
        .notes
        .iter()
        .map(|n| n.msg.en())
        .collect::<Vec<_>>()
        .join("; ");
    assert!(note.contains("nested deeper"), "{note}");
    // one note for the lot, not one per branch
    assert!(r.notes.len() < 5, "{}", r.notes.len());
}

// 2. The game commands read such a file (exit 0), never abort.
#[test]
fn game_commands_survive_seven_thousand_nested_variations() {
    let c = Club::new();
    std::fs::write(c.path("deep.pgn"), nested_pgn(7_000)).unwrap();
    for args in [
        vec!["game", "show", "deep.pgn"],
        vec!["game", "stats", "deep.pgn"],
        vec!["game", "convert", "deep.pgn", "-o", "back.pgn"],
        vec!["game", "judge", "deep.pgn"],
    ] {
        let o = run_for(&c, 60, &args);
        assert!(
            o.status.code().is_some(),
            "{args:?} was killed: {}",
            both(&o)
        );
        if args[1] != "judge" {
            assert!(o.status.success(), "{args:?}: {}", both(&o));
        }
    }
    // what qishe writes, qishe reads
    let o = run_for(&c, 60, &["game", "show", "back.pgn"]);
    assert!(o.status.success(), "{}", both(&o));
    // a large DhtmlXQ file converted, and the PGN read back
    std::fs::write(c.path("chain.txt"), chained_dhtmlxq(3_000)).unwrap();
    let o = run_for(&c, 60, &["game", "convert", "chain.txt", "-o", "chain.pgn"]);
    assert!(o.status.success(), "{}", both(&o));
    let o = run_for(&c, 60, &["game", "show", "chain.pgn"]);
    assert!(o.status.success(), "{}", both(&o));
}

// 2. One such file in a folder: the archive import stores the rest.
#[test]
fn an_archive_folder_with_a_hostile_file_imports_the_rest() {
    let c = Club::new();
    let dir = c.path("games");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("a-deep.pgn"), nested_pgn(7_000)).unwrap();
    std::fs::write(dir.join("b-chain.dhtml"), chained_dhtmlxq(3_000)).unwrap();
    std::fs::write(
        dir.join("c-good.pgn"),
        "[Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n",
    )
    .unwrap();
    let o = run_for(&c, 120, &["archive", "import", "games"]);
    assert!(o.status.success(), "{}", both(&o));
    let list = c.ok(&["archive", "search"]);
    assert!(list.contains("许银川"), "{list}");
    assert!(list.contains("甲"), "{list}");
}
