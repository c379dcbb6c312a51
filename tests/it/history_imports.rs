//! Imports that stay linear keep their answers: a TRF player is
//! matched to a member by FIDE id, else by a unique exact name, else made a
//! new member; the event list's one-query summary shows rounds paired,
//! players and the pairing system.

use crate::common::Club;
use qishe::app::RoundNo;
use qishe::app::{build_history_db, rating_list, stat_games, App, EventId, HistorySpec};
use qishe::app::{RatingList, StatsFilter};
use qishe::config::Config;
use qishe::domain::{EventStatus, Outcome};
use qishe::history::{compute_ratings, member_history, stats, Stats};

/// A TRF-16 player line (columns as the reader reads them).
fn line(id: u32, name: &str, fide: &str, blocks: &str) -> String {
    format!(
        "001 {id:>4}      {name:<33} 2000     {fide:>11} {:10}  0.0 {:>4}{blocks}",
        "", id
    )
}

#[test]
fn trf_players_match_members_by_id_then_unique_name_and_the_list_counts_them() {
    let c = Club::new();
    c.ok(&["player", "add", "Ann Old Name", "--id", "123456"]);
    c.ok(&["player", "add", "Bob", "--club", "East"]);
    c.ok(&["player", "add", "Bob", "--club", "West"]);
    c.ok(&["player", "add", "Cat"]);
    let trf = c.path("open.trf");
    let lines = [
        "012 Spring Open".to_string(),
        "XXR 3".to_string(),
        line(1, "Ann", "123456", "     3 w 1"),
        line(2, "Bob", "", "     4 w ="),
        line(3, "Cat", "", "     1 b 0"),
        line(4, "Dan", "777", "     2 b ="),
    ];
    std::fs::write(&trf, lines.join("\n") + "\n").unwrap();
    let out = c.run(&["import", "trf", trf.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let matched: Vec<&str> = err.lines().filter(|l| l.starts_with("matched")).collect();
    assert_eq!(
        matched,
        ["matched: Ann → member #1", "matched: Cat → member #4"],
        "{err}"
    );
    // Bob is two members: a new one; Dan is new and keeps his id.
    let members = c.ok(&["player", "list", "--format", "csv"]);
    assert_eq!(members.lines().count(), 1 + 6, "{members}");
    assert!(members
        .lines()
        .any(|l| l.contains("Dan") && l.contains("777")));
    let list = c.ok(&["event", "list", "--format", "csv"]);
    let row = list.lines().nth(1).unwrap();
    assert!(row.contains("Spring Open"), "{list}");
    assert!(row.contains(",dutch,1/3,4,"), "{list}");
    let st = c.ok(&["standings", "Spring Open", "--format", "csv"]);
    let first = st.lines().nth(1).unwrap();
    assert!(first.contains("Ann"), "Ann beat Cat: {st}");
}

/// Kept copies of the history against the direct query, on one club file:
/// the history itself, the rating list and the statistics, and a few
/// members' pages. Returns the rating list and statistics, and how many
/// events had a kept copy before this read.
fn kept_equals_recomputed(c: &Club) -> (RatingList, Stats, i64) {
    let copies: i64 = rusqlite::Connection::open(&c.db)
        .unwrap()
        .query_row("SELECT count(*) FROM history_games", [], |r| r.get(0))
        .unwrap();
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let list = app.rating_list(None).unwrap();
    let st = app.stats(&StatsFilter::default()).unwrap();
    let kept = app.history().unwrap();
    let pages: Vec<_> = ["Member 0001", "Member 0005", "Newcomer"]
        .iter()
        .filter_map(|m| app.find_member(m).ok())
        .map(|m| (m.id, app.member_history(m.key()).unwrap()))
        .collect();
    let store = app.store_for_tests();
    let scratch = store.history_from_scratch(None).unwrap();
    assert_eq!(kept, scratch);
    let s = &Config::default().ratings;
    assert_eq!(
        list,
        rating_list(&scratch, &compute_ratings(&scratch, s, None), None)
    );
    assert_eq!(st, stats(&stat_games(&scratch, s, |_| true)));
    for (id, page) in pages {
        let h = store.history_from_scratch(Some(id)).unwrap();
        assert_eq!(store.history(Some(id)).unwrap(), h, "member {id}");
        assert_eq!(page, member_history(&h, id), "member {id}");
    }
    (list, st, copies)
}

/// The other decisive result of round 1 board `board` of `event`.
fn flipped(c: &Club, event: &str, board: u32) -> &'static str {
    let app = App::open(Config::default(), &c.db).unwrap();
    let e = app.find_event(event).unwrap();
    let g = app.games(EventId(e.id), Some(RoundNo(1))).unwrap();
    let g = g.iter().find(|g| g.round == 1 && g.board == board).unwrap();
    if g.game.outcome == Outcome::RedWin {
        "0-1"
    } else {
        "1-0"
    }
}

fn finish(c: &Club, event: &str) {
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let id = app.find_event(event).unwrap().id;
    app.set_event_status(EventId(id), EventStatus::Finished)
        .unwrap();
}

/// On a generated ten-year club (520 weekly events), the kept
/// history gives the same ratings, statistics and member pages as a
/// recomputation from scratch after a members import, a TRF import, a games
/// import, a correction, and undo of each (an undone TRF import deletes its
/// event; the next import may reuse its id).
#[test]
fn kept_history_equals_recomputed_after_imports_corrections_and_undo() {
    let c = Club::new();
    {
        let mut app = App::open(Config::default(), &c.db).unwrap();
        let spec = HistorySpec {
            members: 60,
            events: 520,
            players_per_event: 10,
            rounds: 3,
            ..HistorySpec::default()
        };
        let games = build_history_db(app.store_for_tests(), &spec).unwrap();
        assert_eq!(games, 520 * 3 * 5);
    }
    let (list0, stats0, copies) = kept_equals_recomputed(&c);
    assert_eq!(copies, 0, "a new club has no copies yet");
    assert_eq!(list0.events, 520);
    let (_, _, copies) = kept_equals_recomputed(&c);
    assert_eq!(copies, 520, "the first read kept every event");

    // A members import adds members, not games: every copy stays.
    std::fs::write(
        c.path("m.csv"),
        "name,rating\nNewcomer,1700\nLate Joiner,\n",
    )
    .unwrap();
    c.ok(&["player", "import", c.path("m.csv").to_str().unwrap()]);
    let (list1, stats1, copies) = kept_equals_recomputed(&c);
    assert_eq!(copies, 520);
    assert_eq!((&list1, &stats1), (&list0, &stats0));

    // A TRF import of a finished event among members and a newcomer.
    let trf = |title: &str| {
        [
            format!("012 {title}"),
            "XXR 2".to_string(),
            line(1, "Member 0001", "", "     3 w 1     2 b 0"),
            line(2, "Member 0005", "", "     4 w =     1 w 1"),
            line(3, "Newcomer", "", "     1 b 0     4 b ="),
            line(4, "Member 0009", "", "     2 b =     3 w ="),
        ]
        .join("\n")
            + "\n"
    };
    std::fs::write(c.path("a.trf"), trf("Winter Cup")).unwrap();
    c.ok(&["import", "trf", c.path("a.trf").to_str().unwrap()]);
    finish(&c, "Winter Cup");
    let (list2, stats2, _) = kept_equals_recomputed(&c);
    assert_eq!(list2.events, 521);
    assert_eq!(stats2.games, stats0.games + 4);

    // A games import into a new event, finished.
    c.ok(&["event", "new", "Club Night", "--rounds", "1"]);
    std::fs::write(
        c.path("g.csv"),
        "round,red,black,result\n1,Member 0005,Member 0002,0-1\n1,Newcomer,Member 0003,1-0\n",
    )
    .unwrap();
    c.ok(&[
        "import",
        "games",
        "Club Night",
        c.path("g.csv").to_str().unwrap(),
    ]);
    finish(&c, "Club Night");
    let (list3, stats3, copies) = kept_equals_recomputed(&c);
    assert_eq!(copies, 521, "the new event's copy is not kept yet");
    assert_eq!(stats3.games, stats2.games + 2);
    assert_ne!(list3, list2);

    // A correction in an early event moves every later rating.
    let ev = "Weekly 003 2016-01-17";
    for board in [1, 2] {
        let result = flipped(&c, ev, board);
        let board = board.to_string();
        c.ok(&[
            "result",
            ev,
            "1",
            &board,
            result,
            "--termination",
            "resignation",
        ]);
    }
    let (list4, _, copies) = kept_equals_recomputed(&c);
    assert_eq!(copies, 521, "the corrected event's copy was dropped");
    assert_ne!(list4, list3);

    // Undo the two corrections, the finish, the games import, the new
    // event, the finish and the TRF import: back to the members import.
    for _ in 0..7 {
        c.ok(&["undo"]);
        kept_equals_recomputed(&c);
    }
    let (list5, stats5, _) = kept_equals_recomputed(&c);
    assert_eq!((&list5, &stats5), (&list1, &stats1));

    // Another import takes the undone event's place.
    std::fs::write(c.path("b.trf"), trf("Spring Cup")).unwrap();
    c.ok(&["import", "trf", c.path("b.trf").to_str().unwrap()]);
    finish(&c, "Spring Cup");
    let (list6, stats6, _) = kept_equals_recomputed(&c);
    assert_eq!(stats6.games, stats0.games + 4);
    assert_eq!(list6.events, 521);
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    c.ok(&["redo"]);
    kept_equals_recomputed(&c);
}
