//! End-to-end: FIDE tie-breaks through `import trf --scheme chess
//! --tiebreaks`, and standings that count complete rounds only.

use crate::common::shared_or_skip;
use crate::common::Club;
use std::collections::HashMap;
use std::path::PathBuf;

fn conformance() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/tiebreaks")
}

/// CSV rows as maps by column.
fn csv_rows(text: &str) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            h.iter()
                .zip(rec.unwrap().iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn by_name(rows: &[HashMap<String, String>], name: &str) -> HashMap<String, String> {
    rows.iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row for {name}"))
        .clone()
}

fn num(s: &str) -> i64 {
    // hundredths, for exact comparison of "4.0", "4.00", "4"
    let (w, f) = s.split_once('.').unwrap_or((s, ""));
    let f = format!("{f:0<2}");
    w.parse::<i64>().unwrap() * 100 + f[..2].parse::<i64>().unwrap()
}

/// Every value the FIDE checker computed for the first two conformance
/// tournaments (the full six run in `conformance/tiebreaks/check.py`).
#[test]
fn fide_tiebreaks_agree_with_the_fide_checker() {
    shared_or_skip!("conformance/tiebreaks");
    let expected: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(conformance().join("expected.json")).unwrap(),
    )
    .unwrap();
    for case in ["tb_01_12p_5r", "tb_02_16p_5r"] {
        let c = Club::new();
        let e = &expected[case];
        let codes: Vec<&str> = e["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let trf = conformance().join(format!("{case}.trf"));
        crate::tiebreaks_2026::import_chess(&c, &trf, case, &codes.join(","));
        let rows = csv_rows(&c.ok(&["standings", case, "--format", "csv"]));
        let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
        for line in text.lines().filter(|l| l.starts_with("001")) {
            let sno = line[4..8].trim();
            let name = line[14..47].trim();
            let got = by_name(&rows, name);
            for (k, want) in e["players"][sno].as_object().unwrap() {
                let want = want.as_str().unwrap();
                let g = &got[k.as_str()];
                if k == "rank" {
                    assert_eq!(g.trim_end_matches('='), want, "{case} #{sno} rank");
                } else {
                    assert_eq!(num(g), num(want), "{case} #{sno} {k}: {g} vs {want}");
                }
            }
        }
    }
}

#[test]
fn import_trf_refuses_an_unknown_scheme_or_tiebreak_and_creates_nothing() {
    shared_or_skip!("conformance/tiebreaks");
    let c = Club::new();
    let trf = conformance().join("tb_01_12p_5r.trf");
    let err = c.fails(&["import", "trf", trf.to_str().unwrap(), "--scheme", "chesss"]);
    assert!(err.contains("chesss") && err.contains("chess"), "{err}");
    let err = c.fails(&[
        "import",
        "trf",
        trf.to_str().unwrap(),
        "--tiebreaks",
        "buchholz,bucholz",
    ]);
    assert!(
        err.contains("bucholz") && err.contains("fore-buchholz"),
        "{err}"
    );
    assert!(!c.ok(&["event", "list"]).contains("AutoTest"));
}

/// Five players, standard scheme; round 1 complete (A beats B, D beats C,
/// E has the bye); round 2 paired (E-A, B-C, D bye) with only E-A in.
fn mid_round(c: &Club) {
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "M",
        "--scheme",
        "standard",
        "--rounds",
        "3",
        "--time-control",
        "90+30",
    ]);
    c.ok(&["event", "enter", "M", "A", "B", "C", "D", "E"]);
    c.ok(&["round", "set", "M", "1", "1-2", "3-4", "5-bye"]);
    c.ok(&["result", "M", "1", "1", "1-0"]);
    c.ok(&["result", "M", "1", "2", "0-1"]);
    c.ok(&["round", "set", "M", "2", "5-1", "2-3", "4-bye"]);
    c.ok(&["result", "M", "2", "1", "1-0"]);
}

#[test]
fn standings_in_the_middle_of_a_round_do_not_count_it() {
    let c = Club::new();
    mid_round(&c);
    let text = c.ok(&["standings", "M"]);
    assert!(text.starts_with("after round 1"), "{text}");
    assert!(text.contains("round 2 in progress"), "{text}");
    let rows = csv_rows(&c.ok(&["standings", "M", "--format", "csv"]));
    // After round 1 only: D's round-2 bye and E's round-2 win wait.
    assert_eq!(by_name(&rows, "D")["points"], "2.00");
    assert_eq!(by_name(&rows, "E")["points"], "2.00");
    assert_eq!(by_name(&rows, "A")["points"], "2.00");
    assert_eq!(by_name(&rows, "B")["points"], "0.00");
    // Asked for explicitly, round 2 counts its decided game, but not its bye.
    let rows = csv_rows(&c.ok(&["standings", "M", "--after-round", "2", "--format", "csv"]));
    assert_eq!(by_name(&rows, "E")["points"], "4.00");
    assert_eq!(by_name(&rows, "D")["points"], "2.00");
    // The printed standings say the same.
    let printed = c.ok(&["print", "standings", "M", "--lang", "en"]);
    assert!(printed.contains("After round 1"), "{printed}");
    assert!(printed.contains("round 2 in progress"), "{printed}");
    let printed = c.ok(&[
        "print",
        "standings",
        "M",
        "--after-round",
        "1",
        "--format",
        "csv",
    ]);
    let rows = csv_rows(&printed);
    assert_eq!(rows.len(), 5, "{printed}");
    // Once the round is complete, the bye counts.
    c.ok(&["result", "M", "2", "2", "1/2-1/2"]);
    let text = c.ok(&["standings", "M"]);
    assert!(
        text.starts_with("after round 2") && !text.contains("in progress"),
        "{text}"
    );
    let rows = csv_rows(&c.ok(&["standings", "M", "--format", "csv"]));
    assert_eq!(by_name(&rows, "D")["points"], "4.00");
}

/// The FIDE conformance tournament tb_01 imported with `tiebreaks`:
/// player #10's row of the standings (by column) and his `--explain`.
fn explain_tb01(tiebreaks: &str) -> (HashMap<String, String>, String) {
    let c = Club::new();
    let trf = conformance().join("tb_01_12p_5r.trf");
    c.ok(&[
        "import",
        "trf",
        trf.to_str().unwrap(),
        "--name",
        "T",
        "--tiebreaks",
        tiebreaks,
    ]);
    let rows = csv_rows(&c.ok(&["standings", "T", "--format", "csv"]));
    let table = by_name(&rows, "Test0010 Player0010");
    (table, c.ok(&["standings", "T", "--explain", "#10"]))
}

/// The lines of `code`'s block in an explanation: its heading, then its
/// indented parts.
fn explained<'a>(out: &'a str, code: &str) -> Vec<&'a str> {
    let head = format!("{code} (");
    out.lines()
        .skip_while(|l| !l.starts_with(&head))
        .take_while(|l| l.starts_with(&head) || l.starts_with("  "))
        .collect()
}

/// `--explain A`: a player with a pairing bye (round 2) and a forfeit loss
/// (round 3): each opponent's part, the virtual opponents, what was cut,
/// and values that agree with the table.
#[test]
fn explain_one_player_shows_each_part_of_his_values() {
    shared_or_skip!("conformance/tiebreaks");
    let (table, out) = explain_tb01("buchholz-cut1,sonneborn-berger,progressive");
    assert!(
        out.starts_with("Test0010 Player0010 (#10): 2.00 points"),
        "{out}"
    );
    let block = |code: &str| explained(&out, code);
    for code in ["buchholz-cut1", "sonneborn-berger", "progressive"] {
        let b = block(code);
        assert!(!b.is_empty(), "{code} missing: {out}");
        assert!(
            b[0].ends_with(&format!(": {}", table[code])),
            "{code}: {}",
            b[0]
        );
    }
    let bh = block("buchholz-cut1");
    assert_eq!(bh.len(), 6, "five rounds: {bh:?}");
    assert!(bh[2].contains("R2") && bh[2].contains("virtual opponent, pairing bye"));
    assert!(bh[3].contains("R3") && bh[3].contains("lost by forfeit, #5"));
    // The forfeit loss is voluntarily unplayed: it is the round cut.
    assert!(
        bh[3].contains("[voluntarily unplayed, not counted]"),
        "{}",
        bh[3]
    );
    let counted: i64 = bh[1..]
        .iter()
        .filter(|l| !l.contains("not counted"))
        .map(|l| {
            num(l
                .split_whitespace()
                .rev()
                .find(|w| w.contains('.'))
                .unwrap())
        })
        .sum();
    assert_eq!(counted, num(&table["buchholz-cut1"]));
}

/// `--explain` of the averages of opponents' performances (APRO, APPO
/// and APRO/C1): one line per opponent met over the board with his
/// performance (his cut one for APRO/C1), and the average of the
/// counted lines, rounded half up, is the table's value.
#[test]
fn explain_lists_each_opponents_performance_for_apro_and_appo() {
    shared_or_skip!("conformance/tiebreaks");
    let (table, out) = explain_tb01("APRO,APPO,APRO/C1");
    let mut lists = Vec::new();
    for code in ["apro", "appo", "apro-cut1"] {
        let b = explained(&out, code);
        assert!(b.len() >= 2, "{code}: no parts\n{out}");
        assert!(
            b[0].ends_with(&format!(": {}", table[code])),
            "{code}: {}",
            b[0]
        );
        let vals: Vec<i64> = b[1..]
            .iter()
            .filter(|l| !l.contains("not counted"))
            .map(|l| {
                num(l
                    .split_whitespace()
                    .rev()
                    .find(|w| w.contains('.'))
                    .unwrap())
                    / 100
            })
            .collect();
        assert!(b[1..].iter().all(|l| l.contains('#')), "{code}: {b:?}");
        let n = vals.len() as i64;
        assert!(n > 0, "{code}: {b:?}");
        let avg = (2 * vals.iter().sum::<i64>() + n).div_euclid(2 * n);
        assert_eq!(avg * 100, num(&table[code]), "{code}: {b:?}");
        lists.push(vals);
    }
    // The cut changes the opponents' performances, not who they were.
    assert_eq!(lists[0].len(), lists[2].len());
    assert_ne!(lists[0], lists[2], "APRO/C1 shows the opponents' TPR/C1");
}

/// A 7-player round-robin: whoever sits out scores nothing by default, so
/// the wall chart's totals are the sums of its cells; a club that scores
/// the bye says so with `--bye-scores`.
#[test]
fn a_seven_player_round_robin_wall_chart_adds_up() {
    for bye_scores in [false, true] {
        let c = Club::new();
        let names = ["A", "B", "C", "D", "E", "F", "G"];
        for n in names {
            c.ok(&["player", "add", n]);
        }
        let mut new = vec![
            "event",
            "new",
            "RR",
            "--system",
            "berger",
            "--rounds",
            "7",
            "--scheme",
            "standard",
            "--time-control",
            "90+30",
        ];
        if bye_scores {
            new.push("--bye-scores");
        }
        c.ok(&new);
        let mut enter = vec!["event", "enter", "RR"];
        enter.extend(names);
        c.ok(&enter);
        let outcomes = ["1-0", "1/2-1/2", "0-1"];
        for r in 1..=7u32 {
            c.ok(&["round", "pair", "RR"]);
            let mut played = 0;
            for b in 1..=4u32 {
                let o = outcomes[((r + b) % 3) as usize];
                let out = c.run(&["result", "RR", &r.to_string(), &b.to_string(), o]);
                played += out.status.success() as u32;
            }
            assert_eq!(played, 3, "three games a round, one player sits out");
        }
        let csv = c.ok(&["print", "wallchart", "RR", "--format", "csv"]);
        let mut rd = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
        let head = rd.headers().unwrap().clone();
        let col = |k: &str| head.iter().position(|h| h == k).unwrap();
        let mut total = 0;
        for rec in rd.records() {
            let rec = rec.unwrap();
            let cells: i64 = (3..3 + names.len())
                .map(|k| {
                    rec[k]
                        .split_whitespace()
                        .map(|m| match m.chars().last() {
                            Some('+') => 200,
                            Some('=') => 100,
                            _ => 0,
                        })
                        .sum::<i64>()
                })
                .sum();
            let shown = num(&rec[col("points")]);
            // The bye column shows what the round without an opponent scored.
            let bye = num(&rec[col("bye")]);
            assert_eq!(bye, if bye_scores { 200 } else { 0 }, "{csv}");
            assert_eq!(shown, cells + bye, "{csv}");
            total += shown;
        }
        // 21 games of 2 points, plus 7 byes of 2 when they score.
        assert_eq!(total, if bye_scores { 5600 } else { 4200 }, "{csv}");
    }
}

#[test]
fn finishing_an_event_with_rounds_missing_needs_force() {
    let c = Club::new();
    mid_round(&c);
    // Round 1 complete, round 2 in progress, round 3 not paired: 2 missing.
    let err = c.fails(&["event", "finish", "M"]);
    assert!(
        err.contains("2 of 3 rounds") && err.contains("--force"),
        "{err}"
    );
    assert!(!c.ok(&["event", "list"]).contains("finished"));
    c.ok(&["event", "finish", "M", "--force"]);
    let list = c.ok(&["event", "list"]);
    assert!(list.contains("finished"), "{list}");
}

/// One `001` line of a finished event (TRF-16 columns).
fn trf_line(id: u32, name: &str, points: &str, rounds: &[(u32, char, char)]) -> String {
    let mut l = format!(
        "001 {id:>4}      {name:<33} {:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}",
        2000 - id,
        "",
        "",
        "",
        ""
    );
    for (opp, c, r) in rounds {
        l.push_str(&format!("  {opp:>4} {c} {r}"));
    }
    l
}

/// `--explain` shows how FIDE's direct encounter (DE) placed the
/// tied players: who is tied, their games, the mini-table and the rule. In a
/// 4-player round-robin #1 and #3 tie on 1.5 and #3 won their game.
#[test]
fn explain_shows_the_direct_encounter_of_the_tied_players() {
    let c = Club::new();
    let lines = [
        "012 DE Round Robin".to_string(),
        "XXR 3".to_string(),
        trf_line(
            1,
            "Alpha",
            "1.5",
            &[(2, 'w', '1'), (3, 'b', '0'), (4, 'w', '=')],
        ),
        trf_line(
            2,
            "Beta",
            "2.0",
            &[(1, 'b', '0'), (4, 'w', '1'), (3, 'b', '1')],
        ),
        trf_line(
            3,
            "Gamma",
            "1.5",
            &[(4, 'w', '='), (1, 'w', '1'), (2, 'w', '0')],
        ),
        trf_line(
            4,
            "Delta",
            "1.0",
            &[(3, 'b', '='), (2, 'b', '0'), (1, 'b', '=')],
        ),
    ];
    let f = c.path("de.trf");
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    c.ok(&[
        "import",
        "trf",
        f.to_str().unwrap(),
        "--name",
        "DE",
        "--tiebreaks",
        "direct",
    ]);
    let rows = csv_rows(&c.ok(&["standings", "DE", "--format", "csv"]));
    let order: Vec<&str> = rows.iter().map(|r| r["name"].as_str()).collect();
    assert_eq!(order, ["Beta", "Gamma", "Alpha", "Delta"]);
    let out = c.ok(&["standings", "DE", "--explain", "#1"]);
    let block: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("direct ("))
        .take_while(|l| l.starts_with("direct (") || l.starts_with("  "))
        .collect();
    assert!(
        block[0].ends_with(&format!(": {}", by_name(&rows, "Alpha")["direct"])),
        "{out}"
    );
    assert_eq!(block[1].trim(), "tied: #3 Gamma, #1 Alpha", "{out}");
    assert!(
        block[2].contains("R2")
            && block[2].contains("#1 Alpha – #3 Gamma")
            && block[2].ends_with("0.00–1.00"),
        "{out}"
    );
    // The mini-table, best first, then why.
    assert!(
        block[3].contains("#3 Gamma") && block[3].contains("score 1.00  met 1/1"),
        "{out}"
    );
    assert!(
        block[4].contains("#1 Alpha") && block[4].contains("score 0.00  met 1/1"),
        "{out}"
    );
    assert!(
        block[5].contains("all tied players met each other"),
        "{out}"
    );
    // Beta is alone on 2 points: nothing to compare.
    let beta = c.ok(&["standings", "DE", "--explain", "#2"]);
    assert!(beta.contains("no one is tied with him"), "{beta}");
    // In Chinese too.
    let zh = c.run_lang("zh_CN.UTF-8", &["standings", "DE", "--explain", "#1"]);
    let zh = String::from_utf8(zh.stdout).unwrap();
    assert!(
        zh.contains("同分者: #3 Gamma, #1 Alpha") && zh.contains("相互得分"),
        "{zh}"
    );
}

/// DE in a Swiss where the tied players did not all meet: #3 beat #7, #5
/// met neither, and could still have had 2 points, so the rule keeps all
/// three tied, which the explanation shows with each best possible score.
#[test]
fn explain_direct_encounter_when_not_all_tied_players_met() {
    shared_or_skip!("conformance/tiebreaks");
    let c = Club::new();
    let trf = conformance().join("tb_01_12p_5r.trf");
    c.ok(&[
        "import",
        "trf",
        trf.to_str().unwrap(),
        "--name",
        "T",
        "--tiebreaks",
        "direct",
    ]);
    let rows = csv_rows(&c.ok(&["standings", "T", "--format", "csv"]));
    let de = |n: &str| by_name(&rows, n)["direct"].clone();
    assert_eq!(de("Test0003 Player0003"), de("Test0005 Player0005"));
    assert_eq!(de("Test0003 Player0003"), de("Test0007 Player0007"));
    let out = c.ok(&["standings", "T", "--explain", "#3"]);
    let block: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("direct ("))
        .take_while(|l| l.starts_with("direct (") || l.starts_with("  "))
        .collect();
    assert!(
        block[1].contains("#3 ") && block[1].contains("#5 ") && block[1].contains("#7 "),
        "{out}"
    );
    assert!(
        block
            .iter()
            .any(|l| l.contains("R2") && l.contains("#3 Test0003 Player0003 – #7")),
        "{out}"
    );
    let row3 = block
        .iter()
        .find(|l| l.trim_start().starts_with("#3 "))
        .unwrap();
    assert!(
        row3.contains("score 1.00  met 1/2  best possible 2.00"),
        "{row3}"
    );
    let row5 = block
        .iter()
        .find(|l| l.trim_start().starts_with("#5 "))
        .unwrap();
    assert!(
        row5.contains("score 0.00  met 0/2  best possible 2.00"),
        "{row5}"
    );
    assert!(
        block.last().unwrap().contains("not all tied players met"),
        "{out}"
    );
}
