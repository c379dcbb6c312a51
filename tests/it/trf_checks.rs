//! Bad TRF input refused with its file, line and column and nothing
//! written; impossible rounds name the players; the
//! cxa reading of an absence; config values checked at load; safe member
//! export.

use crate::common::Club;

/// A player line whose points (81–84) are its blocks' results, as the
/// endorsed engine and `pair-trf` check them.
fn line(id: u32, blocks: &str) -> String {
    let halves: u32 = blocks
        .chars()
        .skip(9)
        .step_by(10)
        .map(|r| match r {
            '1' | '+' | 'U' | 'F' => 2,
            '=' | 'H' => 1,
            _ => 0,
        })
        .sum();
    let points = format!("{}.{}", halves / 2, halves % 2 * 5);
    format!("001 {id:>4}      Player {id:<26} 2000                             {points:>3}    1{blocks}")
}

fn write(c: &Club, name: &str, lines: &[String]) -> String {
    let p = c.path(name);
    std::fs::write(&p, lines.join("\n") + "\n").unwrap();
    p.to_str().unwrap().to_string()
}

fn no_events(c: &Club) {
    let list = c.ok(&["event", "list", "--format", "csv"]);
    assert_eq!(list.lines().count(), 1, "something was imported: {list}");
}

#[test]
fn a_game_whose_two_lines_disagree_is_refused_with_file_line_and_column() {
    let c = Club::new();
    c.ok(&["player", "list"]);
    let f = write(
        &c,
        "bad.trf",
        &[
            "012 Bad".into(),
            "XXR 3".into(),
            line(1, "     2 w 1"),
            line(2, "     1 b 1"),
        ],
    );
    let err = c.fails(&["import", "trf", &f]);
    assert!(err.contains("bad.trf"), "{err}");
    assert!(err.contains("line 3") && err.contains("column 99"), "{err}");
    no_events(&c);
}

#[test]
fn more_rounds_than_the_event_has_and_duplicate_start_numbers_are_refused() {
    let c = Club::new();
    c.ok(&["player", "list"]);
    let f = write(
        &c,
        "long.trf",
        &[
            "XXR 1".into(),
            line(1, "     2 w 1     2 b 0"),
            line(2, "     1 b 0     1 w 1"),
        ],
    );
    let err = c.fails(&["import", "trf", &f]);
    assert!(err.contains("long.trf") && err.contains("line 2"), "{err}");
    let f = write(&c, "twice.trf", &[line(1, ""), line(2, ""), line(2, "")]);
    let err = c.fails(&["import", "trf", &f]);
    assert!(err.contains("twice.trf") && err.contains("line 3"), "{err}");
    no_events(&c);
}

#[test]
fn team_lines_are_refused_with_their_line() {
    let c = Club::new();
    c.ok(&["player", "list"]);
    let f = write(
        &c,
        "teams.trf",
        &[
            "012 Team cup".into(),
            "XXR 3".into(),
            line(1, "     2 w 1"),
            line(2, "     1 b 0"),
            "013 Lions                                1    2".into(),
        ],
    );
    let err = c.fails(&["import", "trf", &f]);
    assert!(err.contains("teams.trf") && err.contains("line 5"), "{err}");
    assert!(err.contains("013"), "{err}");
    no_events(&c);
}

/// Four players who have all met: round 4 has no legal pairing.
fn all_met(c: &Club) -> String {
    write(
        c,
        "met.trf",
        &[
            "XXR 5".into(),
            line(1, "     2 w 1     3 b 1     4 w 1"),
            line(2, "     1 b 0     4 w 1     3 b 1"),
            line(3, "     4 w 1     1 w 0     2 w 0"),
            line(4, "     3 b 0     2 b 0     1 b 0"),
        ],
    )
}

fn named_players(err: &str) -> Vec<u32> {
    let at = err.rfind("players ").expect("no players named");
    let rest = &err[at + 8..];
    let list: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == ' ')
        .collect();
    let mut v: Vec<u32> = list
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn an_impossible_round_names_the_players_dutch_and_cxa() {
    let c = Club::new();
    let f = all_met(&c);
    for system in ["dutch", "cxa"] {
        let o = c.run(&["pair-trf", "--system", system, &f]);
        assert_eq!(o.status.code(), Some(1), "{system}");
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(named_players(&err), vec![1, 2, 3, 4], "{system}: {err}");
    }
}

#[test]
fn cxa_reads_an_absence_as_an_absence_not_a_forfeit() {
    // Player 5 enters in round 3: two `0000 - -` blocks. Read as forfeits
    // he would be dropped after two (the club's default) and not paired.
    let c = Club::new();
    let f = write(
        &c,
        "late.trf",
        &[
            "XXR 5".into(),
            line(1, "     2 w 1     3 b 1"),
            line(2, "     1 b 0     4 w 1"),
            line(3, "     4 w 1     1 w 0"),
            line(4, "     3 b 0     2 b 0"),
            line(5, "  0000 - -  0000 - -"),
        ],
    );
    let out = c.ok(&["pair-trf", "--system", "cxa", &f]);
    let mentioned: Vec<u32> = out
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|x| x.parse::<u32>().unwrap()))
        .collect();
    assert!(
        mentioned.contains(&5),
        "the late entrant was not paired:\n{out}"
    );
    let boards = out.lines().next().unwrap().trim().parse::<usize>().unwrap();
    assert_eq!(boards, 3, "two boards and the bye:\n{out}");
}

#[test]
fn a_bad_scheme_setting_in_config_stops_any_command_with_file_line_column() {
    let c = Club::new();
    std::fs::write(
        c.path("config.toml"),
        "[event]\nscheme = \"standard\"\n[event.scheme_settings]\nblack_win = \"abc\"\n",
    )
    .unwrap();
    let err = c.fails(&["player", "list"]);
    assert!(err.contains("config.toml:4:13"), "{err}");
    assert!(err.contains("black_win"), "{err}");
}

#[test]
fn player_export_neutralises_formula_cells_unless_asked() {
    let c = Club::new();
    c.ok(&[
        "player",
        "add",
        "=HYPERLINK(\"http://evil\")",
        "--rating",
        "1500",
    ]);
    let out = c.ok(&["player", "export"]);
    assert!(out.contains("'=HYPERLINK"), "{out}");
    let raw = c.ok(&["--csv-formulas", "player", "export"]);
    assert!(raw.contains("\"=HYPERLINK") && !raw.contains("'="), "{raw}");
}

/// The points of a player line (81–84) are checked against its results
/// as the endorsed engine checks them (its `-p` says 'The score for
/// player 1 does not match the game results.', exit 3): `pair-trf`
/// refuses such a file with its line and column, and takes the points
/// with a bye already asked for in the round being paired. Before, it
/// paired the file as if the points were right.
#[test]
fn points_that_are_not_the_results_are_refused_as_the_engine_refuses_them() {
    let c = Club::new();
    let with = |points: &str, six: &str| {
        let mut lines = vec!["012 Points".to_string(), "XXR 3".to_string()];
        lines.extend([
            line(1, "     2 w 1"),
            line(2, "     1 b 0"),
            line(3, "     4 w ="),
            line(4, "     3 b ="),
            line(5, "     6 w 0"),
            line(6, &format!("     5 b 1{six}")),
        ]);
        lines[2] = lines[2].replacen(" 1.0 ", &format!(" {points} "), 1);
        lines
    };
    let bad = write(&c, "bad.trf", &with("3.0", ""));
    let o = c.run(&["pair-trf", &bad]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 3")
            && err.contains("column 81")
            && err.contains("3.0")
            && err.contains("1.0"),
        "{err}"
    );
    // Player 6 asked for a half-point bye in round 2: 1.5 counts it.
    let mut ahead = with("1.0", "  0000 - H");
    ahead[7] = ahead[7].replacen(" 1.0 ", " 1.5 ", 1);
    let ahead = write(&c, "ahead.trf", &ahead);
    let paired = c.ok(&["pair-trf", &ahead]);
    assert!(
        !paired.contains("6 ") && !paired.contains(" 6\n"),
        "{paired}"
    );
    if let Some(engine) = crate::common::reference_engine() {
        for (f, code) in [(&bad, 3), (&ahead, 0)] {
            let o = std::process::Command::new(&engine)
                .args(["--dutch", f.as_str(), "-p"])
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(code), "{f}");
        }
    }
}
