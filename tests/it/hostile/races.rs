//! Races: a change made while a round is computed, a result against an
//! unpair or an undo.

use super::{both, paired_club};
use qishe::app::RoundNo;
use qishe::app::{set_before_round_save, App};
use qishe::config::Config;

// 3. A withdrawal and a late entry made while the round is computed are
// honoured: the round is not stored for a state that no longer exists.
#[test]
fn a_withdrawal_and_a_late_entry_during_pairing_are_honoured() {
    let c = paired_club();
    for b in ["1", "2"] {
        c.ok(&["result", "T", "1", b, "1-0"]);
    }
    c.ok(&["player", "add", "E", "--rating", "1600"]);
    c.ok(&["player", "add", "F", "--rating", "1500"]);
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let (dir, db) = (c.dir.path().to_path_buf(), c.db.clone());
    let mut done = false;
    set_before_round_save(Some(Box::new(move || {
        if done {
            return;
        }
        done = true;
        // another process, at the worst moment
        for args in [
            &["event", "withdraw", "T", "A"][..],
            &["event", "enter", "T", "E", "F"],
        ] {
            let o = crate::common::run_in(&dir, &db, args);
            assert!(o.status.success(), "{args:?}: {}", both(&o));
        }
    })));
    let out = app.pair_next_round(app.find_event("T").unwrap().key());
    set_before_round_save(None);
    let out = out.unwrap();
    assert_eq!(out.round, RoundNo(2));
    let v = app
        .round_view(app.find_event("T").unwrap().key(), Some(RoundNo(2)))
        .unwrap();
    let mut on_boards: Vec<String> = Vec::new();
    for b in &v.boards {
        on_boards.push(b.red.name.clone());
        if let Some(x) = &b.black {
            on_boards.push(x.name.clone());
        }
    }
    assert!(!on_boards.contains(&"A".to_string()), "{on_boards:?}");
    for late in ["E", "F"] {
        assert!(
            on_boards.contains(&late.to_string()),
            "{late}: {on_boards:?}"
        );
    }
    assert_eq!(on_boards.len(), 5, "{on_boards:?}");
}

// 11. A result racing an unpair or an undo says "round N has no board N",
// never a raw `FOREIGN KEY constraint failed`.
#[test]
fn a_result_racing_an_unpair_or_undo_says_which_board_is_gone() {
    let c = paired_club();
    for b in ["1", "2"] {
        c.ok(&["result", "T", "1", b, "1-0"]);
    }
    let spawn = |args: &[&str]| {
        crate::common::spawn_of(
            crate::common::qishe()
                .current_dir(c.dir.path())
                .arg("--db")
                .arg(&c.db)
                .args(args)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped()),
        )
    };
    let mut gone = 0;
    for i in 0..16 {
        c.ok(&["round", "pair", "T"]);
        let remove: &[&str] = if i % 2 == 0 {
            &["round", "unpair", "T", "--force"]
        } else {
            &["undo"]
        };
        let r = spawn(&["result", "T", "2", "1", "1-0"]);
        let u = spawn(remove);
        let r = r.wait_with_output().unwrap();
        let u = u.wait_with_output().unwrap();
        let (rt, ut) = (both(&r), both(&u));
        assert!(
            !rt.contains("FOREIGN KEY") && !ut.contains("FOREIGN KEY"),
            "{rt} {ut}"
        );
        assert!(
            !rt.contains("database error") && !ut.contains("database error"),
            "{rt} {ut}"
        );
        if !r.status.success() {
            assert!(rt.contains("no board"), "{rt}");
            gone += 1;
        }
        // whatever the order, round 2 is gone or still there whole
        let paired = c.run(&["round", "show", "T", "2"]);
        if paired.status.success() {
            c.ok(&["round", "unpair", "T", "--force"]);
        }
    }
    eprintln!("{gone} of 16 results came after their board was gone");
    super::intact(&c);
}

/// Runs `change` (qishe commands from another process) once, between the
/// app computing a round and storing it, then pairs `event`'s next round.
fn pair_with_a_change_meanwhile(
    c: &crate::common::Club,
    event: &str,
    change: &'static [&'static [&'static str]],
) -> qishe::app::PairOutcome {
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let (dir, db) = (c.dir.path().to_path_buf(), c.db.clone());
    let mut done = false;
    set_before_round_save(Some(Box::new(move || {
        if done {
            return;
        }
        done = true;
        for args in change {
            let o = crate::common::run_in(&dir, &db, args);
            assert!(o.status.success(), "{args:?}: {}", both(&o));
        }
    })));
    let out = app.pair_next_round(app.find_event(event).unwrap().key());
    set_before_round_save(None);
    out.unwrap()
}

// 3. The same for a team event: a team added while its round is computed
// gets a match (three teams would leave one out with a bye).
#[test]
fn a_team_added_during_a_team_pairing_is_paired() {
    let c = crate::common::Club::new();
    c.ok(&[
        "event", "new", "L", "--teams", "--boards", "2", "--rounds", "3",
    ]);
    for t in 1..=3 {
        let players = format!("L{t}a,L{t}b");
        c.ok(&[
            "team",
            "add",
            "L",
            &format!("T{t}"),
            "--players",
            &players,
            "--create",
        ]);
    }
    let out = pair_with_a_change_meanwhile(
        &c,
        "L",
        &[&["team", "add", "L", "T4", "--players", "L4a,L4b", "--create"]],
    );
    assert_eq!(out.round, RoundNo(1));
    assert_eq!(out.pairing.boards.len(), 2, "{:?}", out.pairing);
    assert_eq!(out.pairing.bye, None, "{:?}", out.pairing);
    let shown = c.ok(&["round", "show", "L", "1"]);
    assert!(shown.contains("L4a"), "{shown}");
    super::intact_db(&c);
}

// 3. And for a knockout: a late entry made while round 1 is drawn is in
// the bracket.
#[test]
fn a_late_entry_during_a_knockout_draw_is_in_the_bracket() {
    let c = crate::common::Club::new();
    for n in ["A", "B", "C", "D", "E"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&["event", "new", "K", "--system", "knockout"]);
    c.ok(&["event", "enter", "K", "A", "B", "C", "D"]);
    let out = pair_with_a_change_meanwhile(&c, "K", &[&["event", "enter", "K", "E"]]);
    assert_eq!(out.round, RoundNo(1));
    let bracket = c.ok(&["bracket", "K", "--format", "json"]);
    assert!(bracket.contains("\"E\""), "{bracket}");
    super::intact_db(&c);
}
