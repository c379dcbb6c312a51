//! Imports that stay linear keep their answers (issue 22): a TRF player is
//! matched to a member by FIDE id, else by a unique exact name, else made a
//! new member; the event list's one-query summary shows rounds paired,
//! players and the pairing system.

use crate::common::Club;

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
