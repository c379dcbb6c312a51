//! The seven scoring examples of `../shared/conformance/scoring/`: read each
//! games CSV with the CSV reader, build the event, compute the standings with
//! the scheme's default order and compare every value of `expected.json`.

use crate::common::shared_or_skip;
use qishe::domain::{ByeSettings, Points, TimeControl};
use qishe::formats::games_csv::read_games_csv;
use qishe::scoring::{event_from_rows, standings, Scheme, TieBreak};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/scoring")
}

#[test]
fn all_seven_examples_match_expected_json() {
    shared_or_skip!("conformance/scoring");
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir().join("expected.json")).unwrap()).unwrap();
    let examples = expected.as_object().unwrap();
    assert_eq!(examples.len(), 7);
    let mut failures = Vec::new();
    let mut compared = 0;
    for (file, e) in examples {
        let bytes = std::fs::read(dir().join(file)).unwrap();
        let rows = read_games_csv(&bytes, file).unwrap();
        let tc: TimeControl = e["time_control"].as_str().unwrap().parse().unwrap();
        let gpr = e["games_per_round"].as_u64().unwrap() as u32;
        let ev = event_from_rows(&rows, file, gpr, tc, ByeSettings::default()).unwrap();
        assert_eq!(
            ev.last_round() as u64,
            e["rounds"].as_u64().unwrap(),
            "{file}"
        );
        let scheme = Scheme::from_id(e["scheme"].as_str().unwrap(), &Default::default()).unwrap();
        let order = scheme.default_tiebreaks();
        let st = standings(&ev, &scheme, &order, None).unwrap();
        for (name, want) in e["players"].as_object().unwrap() {
            let row = st.rows.iter().find(|r| &r.player.name == name).unwrap();
            for (col, v) in want.as_object().unwrap() {
                let want: Points = v.as_str().unwrap().parse().unwrap();
                let got = if col == "points" {
                    row.points
                } else {
                    let tb = TieBreak::parse(col).unwrap();
                    match row.values.iter().find(|(t, _)| *t == tb) {
                        Some((_, v)) => *v,
                        None => {
                            // Not in the scheme's default order: compute it alone.
                            let one = standings(&ev, &scheme, &[tb], None).unwrap();
                            one.rows
                                .iter()
                                .find(|r| &r.player.name == name)
                                .unwrap()
                                .values[0]
                                .1
                        }
                    }
                };
                compared += 1;
                if got != want {
                    failures.push(format!("{file} {name} {col}: got {got}, want {want}"));
                }
            }
        }
        // Ranks follow points, then the tie-breaks, in order.
        for w in st.rows.windows(2) {
            assert!(w[0].points >= w[1].points, "{file}: not sorted by points");
            assert!(w[0].rank <= w[1].rank);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared > 150, "compared only {compared} values");
}

#[test]
fn csv_rows_with_byes_forfeits_and_two_games_build_the_event() {
    let text = "round,game,red,black,result,moves\n\
                1,1,A,B,1-0,30\n\
                1,2,B,A,1-0,31\n\
                1,1,C,BYE,,\n\
                1,2,C,BYE,,\n\
                2,1,C,A,+/-,\n\
                2,2,A,C,-/+,\n\
                2,1,B,BYE,,\n";
    let rows = read_games_csv(text.as_bytes(), "g.csv").unwrap();
    let tc: TimeControl = "90+30".parse().unwrap();
    let ev = event_from_rows(&rows, "g.csv", 2, tc, ByeSettings::default()).unwrap();
    let names: Vec<&str> = ev.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["A", "B", "C"], "order of first appearance");
    assert_eq!(ev.rounds[0].boards.len(), 2, "one board per pair, one bye");
    assert_eq!(ev.rounds[0].boards[0].games.len(), 2);
    let scheme = Scheme::from_id("two-game", &Default::default()).unwrap();
    let st = standings(&ev, &scheme, &[TieBreak::SmallPoints, TieBreak::Wins], None).unwrap();
    let get = |n: &str| st.rows.iter().find(|r| r.player.name == n).unwrap();
    // Round 1: one win each, A won in fewer moves. Round 2: C wins by forfeit.
    assert_eq!(get("A").points, Points::new(2));
    assert_eq!(get("B").points, Points::new(2)); // round-2 bye
    assert_eq!(get("C").points, Points::new(4)); // bye + forfeit win
    assert_eq!(get("C").values[0].1, Points::new(6)); // 2 (bye) + 4 (two game wins)
    assert_eq!(get("C").values[1].1, Points::new(2));
    // Without a game column, a pair's second row in a round is game 2.
    let text = "round,red,black,result\n1,A,B,1/2-1/2\n1,A,B,1-0\n1,C,BYE,\n1,C,BYE,\n";
    let rows = read_games_csv(text.as_bytes(), "g.csv").unwrap();
    let ev = event_from_rows(&rows, "g.csv", 2, tc, ByeSettings::default()).unwrap();
    let games = &ev.rounds[0].boards[0].games;
    assert_eq!(games.iter().map(|g| g.game_no).collect::<Vec<_>>(), [1, 2]);
    let hu = Scheme::from_id("hu-two-game", &Default::default()).unwrap();
    let st = standings(&ev, &hu, &[TieBreak::SmallPoints], None).unwrap();
    let get = |n: &str| st.rows.iter().find(|r| r.player.name == n).unwrap();
    assert_eq!(get("A").points, Points::new(2)); // 1 (red draw) + 3 (red win)
    assert_eq!(get("A").values[0].1, Points::new(4));
    assert_eq!(get("C").points, Points::new(2));
    // A game the clock cannot allow is refused with its line.
    let bad = "round,red,black,result,moves,black_used\n1,A,B,0-1,20,2:00:01\n";
    let rows = read_games_csv(bad.as_bytes(), "g.csv").unwrap();
    let e = event_from_rows(&rows, "g.csv", 1, tc, ByeSettings::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("g.csv:2: A – B: black used 2:00:01"),
        "{e}"
    );
    // A second game in a one-game event.
    let two = "round,game,red,black,result\n1,2,A,B,1-0\n";
    let rows = read_games_csv(two.as_bytes(), "g.csv").unwrap();
    let e = event_from_rows(&rows, "g.csv", 1, tc, ByeSettings::default()).unwrap_err();
    assert!(e.to_string().contains("one game"), "{e}");
}
