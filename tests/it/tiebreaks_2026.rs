//! FIDE C.07 (2026) tie-breaks qishe added: REP (GE before
//! 2026), PTP, APRO, APPO, SB/C1 and ARO/C1, and the Cut/Median modifiers
//! on BH, FB, SB and ARO (`data/tiebreaks_2026/modifiers.json`), against the values FIDE's
//! TEC checker gives on the six conformance tournaments
//! (`data/tiebreaks_2026/expected.json`, made with `tiebreakchecker.py
//! -s`); and FIDE's codes read wherever
//! qishe's are (`--tiebreaks BH/C1,SB`, TRF `202`).

use crate::common::{shared_or_skip, Club};
use qishe::domain::Points;
use std::path::Path;

/// `import trf FILE --name CASE --scheme chess --tiebreaks LIST`.
pub(crate) fn import_chess(c: &Club, trf: &Path, case: &str, tiebreaks: &str) {
    c.ok(&[
        "import",
        "trf",
        trf.to_str().unwrap(),
        "--name",
        case,
        "--scheme",
        "chess",
        "--tiebreaks",
        tiebreaks,
    ]);
}

fn value(s: &str) -> Points {
    s.trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a value: {s:?}"))
}

/// The criteria compared, by qishe's code (the standings CSV's columns).
const CODES: [&str; 6] = [
    "rep",
    "ptp",
    "apro",
    "appo",
    "sonneborn-berger-cut1",
    "aro-cut1",
];

#[test]
fn rep_ptp_apro_appo_and_cuts_match_the_fide_checker() {
    // FIDE's codes, GE being REP's old name.
    compare_with_checker("expected.json", "GE,PTP,APRO,APPO,SB/C1,ARO/C1", &CODES);
}

/// The modifiers FIDE C.07 and the checker apply to BH, FB, SB and ARO:
/// Cut-n (`/C1`, `/C2`: the n least significant values) and Median-n
/// (`/M1`, `/M2`: the n least and the n most significant).
#[test]
fn cut_and_median_modifiers_match_the_fide_checker() {
    compare_with_checker(
        "modifiers.json",
        "BH/M2,FB/C1,FB/C2,FB/M1,FB/M2,SB/C2,SB/M1,SB/M2,ARO/C2,ARO/M1,ARO/M2",
        &MODIFIED,
    );
}

/// FIDE C.07's limits and cuts beyond the named modifiers, against the
/// checker (`data/tiebreaks_2026/limits.json`, made by `gen_limits.py`
/// there): the Koya limit as a percentage (`KS/L60`) and as a move of the
/// 50% limit (`KS/L+2`: two half points; `KS/L-1.5`: points); Cut-n on PS,
/// TPR, PTP, AOB, APRO and APPO, Median-n on TPR, PTP, AOB and APRO; and
/// n > 2 on BH, FB, SB and ARO.
#[test]
fn limits_and_cuts_match_the_fide_checker() {
    let data =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/tiebreaks_2026/limits.json");
    let exp: serde_json::Value = serde_json::from_slice(&std::fs::read(data).unwrap()).unwrap();
    let codes = exp["codes"].as_object().unwrap();
    let fide: Vec<&str> = codes.keys().map(|k| k.as_str()).collect();
    let ours: Vec<&str> = codes.values().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(fide.len(), 26);
    compare_with_checker("limits.json", &fide.join(","), &ours);
}

/// The checker's working values qishe ranks by — ABH (the adjusted
/// score), AFB (the same the Fore-Buchholz way), VUR (voluntarily
/// unplayed rounds), NUM (games played), RIP (rounds paired) — and its
/// modifier letters: `/P` (a forfeit counted as a game against its
/// opponent) on BH, FB, SB and AOB, `/F` (the Fore-Buchholz way) on BH,
/// SB and AOB, `/D` (every round's share a draw's) on SB, alone and with
/// cuts (`data/tiebreaks_2026/flags.json`, made by `gen_flags.py` one
/// code a run).
#[test]
fn working_values_and_modifier_letters_match_the_fide_checker() {
    let (fide, ours) = flag_codes("codes");
    assert_eq!(fide.len(), 17);
    compare_cases("flags.json", &fide.join(","), &ours, false);
}

/// `/U<n>` (a rating for the unrated) on ARO, TPR, PTP, APRO, APPO and
/// RTNG, with a cut too, and RTG (the listed rating, the unrated last),
/// against the checker on the six tournaments with every player numbered
/// 2 mod 5 made unrated.
#[test]
fn the_unrated_modifier_matches_the_fide_checker() {
    let (fide, ours) = flag_codes("unrated_codes");
    assert_eq!(fide.len(), 8);
    compare_cases("flags.json", &fide.join(","), &ours, true);
}

/// The checker's letters qishe added after those: `/N` (a cut without
/// voluntarily unplayed rounds first) on BH, FB, SB and AOB; `/V` (the
/// edition of C.07: 2024's virtual opponent without 2026's ceilings on
/// BH, FB, SB and AOB; 2022's cuts on ARO, TPR and PTP, spent on
/// unplayed rounds first); `/S` (the event taken as a Swiss) and an
/// edition year after the name (`BH@24/C1`), which change nothing here
/// (`data/tiebreaks_2026/letters.json`, made by `gen_letters.py` one
/// code a run).
#[test]
fn plain_cuts_editions_and_swiss_match_the_fide_checker() {
    let (fide, ours) = flag_codes_of("letters.json", "codes");
    assert_eq!(fide.len(), 21);
    compare_cases("letters.json", &fide.join(","), &ours, false);
}

/// `/R` reverses a criterion's order: ranked by points and then `BH/R`
/// (`TPR/R`, `SB/C1/R`), every player has the checker's rank.
#[test]
fn the_reversed_order_ranks_as_the_fide_checker() {
    let dir = shared_or_skip!("conformance/tiebreaks");
    assert_eq!(ranks_match(&dir, "letters.json", "reversed"), 136 * 3);
}

/// `/R` and `/S` on the criteria that are not sums over rounds (DE,
/// DE/P, WIN, WON, BPG, BWG, REP, GE, TPN, RTG, ABH, AFB, VUR, NUM,
/// RIP), which FIDE's checker reads as it reads them on BH: `/S` keeps
/// the criterion's values, `/R` reverses its order (`TPN/R`: the higher
/// start number first). Values (but DE's, which are the checker's own
/// working numbers: DE/S and DE/P/S are compared by rank) and ranks are
/// the checker's
/// (`data/tiebreaks_2026/order.json`, made by `gen_order.py`).
#[test]
fn order_letters_on_every_criterion_match_the_fide_checker() {
    let (fide, ours) = flag_codes_of("order.json", "codes");
    assert_eq!(fide.len(), 13);
    compare_cases("order.json", &fide.join(","), &ours, false);
    let dir = shared_or_skip!("conformance/tiebreaks");
    assert_eq!(ranks_match(&dir, "order.json", "ranked"), 136 * 16);
}

/// Ranks every conformance tournament by points and then each code of
/// `file`'s list `key` alone, and checks every player's rank against the
/// checker's; the number of ranks compared.
fn ranks_match(dir: &Path, file: &str, key: &str) -> usize {
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/tiebreaks_2026")
        .join(file);
    let exp: serde_json::Value = serde_json::from_slice(&std::fs::read(data).unwrap()).unwrap();
    let mut compared = 0;
    let mut wrong = Vec::new();
    for fide in exp[key].as_array().unwrap() {
        let fide = fide.as_str().unwrap();
        for (case, players) in exp["cases"].as_object().unwrap() {
            let c = Club::new();
            let trf = dir.join(format!("{case}.trf"));
            import_chess(&c, &trf, case, fide);
            let csv = c.ok(&["standings", case, "--format", "csv"]);
            let mut lines = csv.lines();
            let head: Vec<&str> = lines.next().unwrap().split(',').collect();
            let col = |k: &str| head.iter().position(|h| *h == k).unwrap();
            let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
            let no_of: std::collections::HashMap<String, String> = text
                .lines()
                .filter(|l| l.starts_with("001"))
                .map(|l| (l[14..47].trim().to_string(), l[4..8].trim().to_string()))
                .collect();
            for line in lines {
                let cells: Vec<&str> = line.split(',').collect();
                let no = &no_of[cells[col("name")]];
                let want = players[no.as_str()][format!("rank {fide}")]
                    .as_str()
                    .unwrap();
                compared += 1;
                if cells[col("rank")] != want {
                    wrong.push(format!(
                        "{case} #{no} {fide}: rank {} want {want}",
                        cells[col("rank")]
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}:\n{}", wrong.len(), wrong.join("\n"));
    compared
}

/// On an event in progress (the conformance tournaments with two more
/// rounds planned) the Fore-Buchholz way draws nothing: FIDE's checker
/// draws the games of the planned last round only, and C.07 8.3 speaks
/// of the tournament's last round. FB is BH, AFB the adjusted score,
/// SB/F and AOB/F are SB and AOB (`data/tiebreaks_2026/progress.json`,
/// made by `gen_progress.py`).
#[test]
fn fore_buchholz_draws_nothing_before_the_last_round() {
    let (fide, ours) = flag_codes_of("progress.json", "codes");
    assert_eq!(fide.len(), 6);
    compare_cases("progress.json", &fide.join(","), &ours, false);
}

/// `flags.json`'s FIDE codes and qishe's, from its object `key`.
fn flag_codes(key: &str) -> (Vec<String>, Vec<&'static str>) {
    flag_codes_of("flags.json", key)
}

/// The FIDE codes and qishe's of `file`'s object `key`.
fn flag_codes_of(file: &str, key: &str) -> (Vec<String>, Vec<&'static str>) {
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/tiebreaks_2026")
        .join(file);
    let exp: serde_json::Value = serde_json::from_slice(&std::fs::read(data).unwrap()).unwrap();
    let codes = exp[key].as_object().unwrap();
    let fide = codes.keys().cloned().collect();
    let ours = codes
        .values()
        .map(|v| &*Box::leak(v.as_str().unwrap().to_string().into_boxed_str()))
        .collect();
    (fide, ours)
}

/// The criteria of `modifiers.json`, by qishe's code, in the order of
/// the FIDE codes the test imports with.
const MODIFIED: [&str; 11] = [
    "buchholz-median2",
    "fore-buchholz-cut1",
    "fore-buchholz-cut2",
    "fore-buchholz-median1",
    "fore-buchholz-median2",
    "sonneborn-berger-cut2",
    "sonneborn-berger-median1",
    "sonneborn-berger-median2",
    "aro-cut2",
    "aro-median1",
    "aro-median2",
];

/// Imports each conformance tournament with the FIDE codes `fide`, and
/// compares every player's values of `codes` (qishe's codes, the CSV's
/// columns) with the checker's in `data/tiebreaks_2026/<file>`.
fn compare_with_checker(file: &str, fide: &str, codes: &[&str]) {
    compare_cases(file, fide, codes, false)
}

/// The TRF with the rating of every player numbered 2 mod 5 blanked
/// (columns 49-52), as `gen_flags.py` makes the `u_` cases.
fn unrated(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .split('\n')
        .map(|l| match l.get(4..8).map(|n| n.trim().parse::<u32>()) {
            Some(Ok(no)) if l.starts_with("001") && no % 5 == 2 => {
                format!("{}    {}", &l[..48], &l[52..])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\r")
}

/// The TRF with an `XXR` line of `rounds` after its `012` line, as
/// `gen_progress.py` makes the `p_` cases.
fn in_progress(text: &str, rounds: u32) -> String {
    let mut out = Vec::new();
    for l in text.replace("\r\n", "\n").replace('\r', "\n").split('\n') {
        out.push(l.to_string());
        if l.starts_with("012") {
            out.push(format!("XXR {rounds}"));
        }
    }
    out.join("\r")
}

/// [`compare_with_checker`] on the file's plain cases, or (`unrated`) on
/// its `u_` cases: the tournaments with some players made unrated.
fn compare_cases(file: &str, fide: &str, codes: &[&str], unrated_cases: bool) {
    let dir = shared_or_skip!("conformance/tiebreaks");
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/tiebreaks_2026")
        .join(file);
    let exp: serde_json::Value = serde_json::from_slice(&std::fs::read(data).unwrap()).unwrap();
    let mut compared = 0;
    let mut wrong = Vec::new();
    for (case, players) in exp["cases"].as_object().unwrap() {
        let c = Club::new();
        let trf = match case.strip_prefix("u_") {
            // An event in progress: `XXR` two rounds beyond those played.
            None if case.starts_with("p_") => {
                let plain = &case[2..];
                let played: u32 = plain
                    .rsplit('_')
                    .next()
                    .unwrap()
                    .trim_end_matches('r')
                    .parse()
                    .unwrap();
                let text = std::fs::read_to_string(dir.join(format!("{plain}.trf"))).unwrap();
                let path = c.path(&format!("{case}.trf"));
                std::fs::write(&path, in_progress(&text, played + 2)).unwrap();
                path
            }
            Some(_) if !unrated_cases => continue,
            None if unrated_cases => continue,
            Some(plain) => {
                let text = std::fs::read_to_string(dir.join(format!("{plain}.trf"))).unwrap();
                let path = c.path(&format!("{case}.trf"));
                std::fs::write(&path, unrated(&text)).unwrap();
                path
            }
            None => dir.join(format!("{case}.trf")),
        };
        import_chess(&c, &trf, case, fide);
        let csv = c.ok(&["standings", case, "--format", "csv"]);
        let mut lines = csv.lines();
        let head: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |k: &str| {
            head.iter()
                .position(|h| *h == k)
                .unwrap_or_else(|| panic!("{k}: {head:?}"))
        };
        // Players by name, as the file names them (start numbers by name).
        let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
        let no_of: std::collections::HashMap<String, String> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| (l[14..47].trim().to_string(), l[4..8].trim().to_string()))
            .collect();
        for line in lines {
            let cells: Vec<&str> = line.split(',').collect();
            let no = &no_of[cells[col("name")]];
            let want = &players[no.as_str()];
            for &code in codes {
                compared += 1;
                let got = value(cells[col(code)]);
                if got != value(want[code].as_str().unwrap()) {
                    wrong.push(format!("{case} #{no} {code}: {got} want {}", want[code]));
                }
            }
        }
    }
    assert_eq!(compared, 136 * codes.len(), "every player of the six cases");
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// FIDE's codes and the 2024 names are read where qishe's codes are; an
/// event keeps qishe's codes, and writes FIDE's in TRF `202`.
#[test]
fn fide_codes_are_read_and_written() {
    let c = Club::new();
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--scheme",
        "chess",
        "--tiebreaks",
        "BH/C1,bh,SB,ge,DE",
    ]);
    let show = c.ok(&["event", "show", "Open"]);
    assert!(
        show.contains("buchholz-cut1, buchholz, sonneborn-berger, rep, direct"),
        "{show}"
    );
    c.ok(&["event", "enter", "Open", "A", "B", "C", "D", "E"]);
    let trf = c.ok(&["export", "trf", "Open"]);
    assert!(trf.contains("202 BH/C1,BH,SB,REP,DE"), "{trf}");
    for bad in [
        "BH/C0", "PS/M1", "KS/L101", "KS/C1", "TPR/L60", "WIN/C1", "BH/C100",
    ] {
        let err = c.fails(&["event", "new", "X", "--tiebreaks", bad]);
        assert!(err.contains(bad), "{bad}: {err}");
    }
    assert!(!c.ok(&["event", "list"]).contains('X'));
}

/// The limits and cuts without a named variant: read in FIDE's form and
/// in qishe's, kept by qishe's codes, written back in FIDE's in `202`,
/// named in the standings (English columns are the codes, the Chinese
/// ones the names).
#[test]
fn limits_and_cuts_are_read_named_and_written() {
    let c = Club::new();
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--scheme",
        "chess",
        "--tiebreaks",
        "KS/L60,ks/l+2,TPR/C1,ptp-median1,BH/C3,PS/C1,AOB/M1,APRO/C2,KS/L50,BH/M1",
    ]);
    let show = c.ok(&["event", "show", "Open"]);
    assert!(
        show.contains(
            "koya-limit60, koya-limit+1.0, tpr-cut1, ptp-median1, buchholz-cut3, \
             progressive-cut1, aob-median1, apro-cut2, koya, buchholz-median1"
        ),
        "{show}"
    );
    c.ok(&["event", "enter", "Open", "A", "B", "C", "D", "E"]);
    let trf = c.ok(&["export", "trf", "Open"]);
    assert!(
        trf.contains("202 KS/L60,KS/L+1.0,TPR/C1,PTP/M1,BH/C3,PS/C1,AOB/M1,APRO/C2,KS,BH/M1"),
        "{trf}"
    );
    c.ok(&["round", "pair", "Open"]);
    let csv = c.ok(&["standings", "Open", "--format", "csv"]);
    let head = csv.lines().next().unwrap();
    assert!(
        head.contains("koya-limit60,koya-limit+1.0,tpr-cut1"),
        "{head}"
    );
    let zh = in_lang(&c, "zh_CN.UTF-8", &["standings", "Open"]);
    assert!(
        zh.contains("科亚分 (门槛 60%)") && zh.contains("布氏分减3"),
        "{zh}"
    );
    let hant = in_lang(&c, "zh_TW.UTF-8", &["standings", "Open"]);
    assert!(
        hant.contains("科亞分 (門檻 +1.0)") && hant.contains("表現分減1"),
        "{hant}"
    );
}

/// Runs qishe with `LANG=lang` on the club's database; its output.
fn in_lang(c: &Club, lang: &str, args: &[&str]) -> String {
    let o = c.run_lang(lang, args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// FIDE's lists start with `PTS` (points, as TRF `212` writes them):
/// `--tiebreaks PTS,BH/C1,SB` is read as `BH/C1,SB` (it was refused as
/// an unknown tie-break), and so is a `202` record that starts with it.
#[test]
fn a_list_that_starts_with_pts_is_read() {
    let c = Club::new();
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--tiebreaks",
        "PTS,BH/C1,SB",
    ]);
    let show = c.ok(&["event", "show", "Open"]);
    assert!(show.contains("buchholz-cut1, sonneborn-berger"), "{show}");
    assert!(!show.contains("PTS"), "{show}");
}

/// FIDE's TEC checker also writes a modifier after `#` or `!`, and the
/// Koya limit as `KS/Kn` (the 50% limit raised by n points): read as
/// the `/` forms.
#[test]
fn the_checkers_separators_and_koya_k_are_read() {
    let c = Club::new();
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--tiebreaks",
        "BH#C1,sb!c1,KS/K1,BH#M2",
    ]);
    let show = c.ok(&["event", "show", "Open"]);
    assert!(
        show.contains("buchholz-cut1, sonneborn-berger-cut1, koya-limit+1.0, buchholz-median2"),
        "{show}"
    );
}

/// FIDE's codes qishe does not compute are refused with why, in the
/// reader's language: a team event's criteria and point types, extended
/// direct encounter, the checker's working values, the modifiers qishe
/// does not apply, each with the reason its criterion does not take it
/// (`TPN/C1`: TPN has no round to cut; `BH/X`: an individual event has
/// no match and game points to swap). A typo is still a typo with its
/// nearest code.
#[test]
fn fide_codes_qishe_does_not_compute_say_why() {
    let c = Club::new();
    let cases = [
        ("SSSC", "team-event tie-break"),
        ("BH:GP", "team-event tie-break"),
        ("EDEC", "team-event tie-break"),
        ("COP", "working value of FIDE's tie-break checker"),
        ("RND", "working value of FIDE's tie-break checker"),
        ("ARO/P", "ARO takes no modifier P (/P counts a forfeit as a game; it changes only the criteria that count opponents' scores (BH, FB, SB, AOB) and DE); it takes: C1, M1, U1000"),
        ("BH#D", "BH takes no modifier D (/D takes each round's share as a draw's; only SB has a share per round); it takes: C1, M1, P, F"),
        ("PS/M1", "PS takes no modifier M1 (PS cuts its first rounds only (Cut-n); it has no median (Median-n)); it takes: C1"),
        ("TPR/U", "TPR takes no modifier U (each modifier once, with its number where it takes one); it takes: C1, M1, U1000"),
        ("SB/C1/C1", "SB takes no modifier C1/C1 (each modifier once"),
        ("SB/Q1", "did you mean \"C1\""),
        ("SB/Q1", "(neither C.07 nor FIDE's checker has this modifier)"),
        ("DE/C1", "DE takes no modifier C1 (DE is not a sum or an average of values per round: it has no round to cut); it takes: P, R, S"),
        ("TPN/C1", "TPN takes no modifier C1 (TPN is not a sum or an average of values per round: it has no round to cut); it takes: R, S"),
        ("RTNG/P", "RTNG takes no modifier P (/P counts a forfeit as a game"),
        ("BH/X", "BH takes no modifier X (/X swaps match and game points, which only a team event has; an individual event has one kind of points, and C.07 has no /X)"),
        ("WIN/X", "WIN takes no modifier X (/X swaps match and game points"),
        ("KS/R", "KS takes no modifier R (qishe's Koya system takes only its limit); it takes: L60, K1"),
        ("APRO/V0", "APRO takes no modifier V0 (the editions of C.07 differ only in the Buchholz family and the rating-based criteria (FIDE's checker fails on /V of APRO and APPO))"),
    ];
    for (code, why) in cases {
        let err = c.fails(&["event", "new", "X", "--tiebreaks", code]);
        assert!(err.contains(code) && err.contains(why), "{code}: {err}");
    }
    let err = c.fails(&["event", "new", "X", "--tiebreaks", "buchholtz"]);
    assert!(err.contains("did you mean \"buchholz\""), "{err}");
    for (lang, code, want) in [
        ("zh_CN.UTF-8", "SSSC", "是团体赛的同分排序"),
        ("zh_TW.UTF-8", "SSSC", "是團體賽的同分排序"),
        (
            "zh_CN.UTF-8",
            "TPN/C1",
            "(TPN 不是逐轮数值之和或平均, 没有可去掉的轮次); 它接受: R, S",
        ),
        (
            "zh_TW.UTF-8",
            "BH/X",
            "(/X 互換場分與局分, 只有團體賽有兩種積分; 個人賽只有一種積分, C.07 也沒有 /X)",
        ),
    ] {
        let o = c.run_lang(lang, &["event", "new", "X", "--tiebreaks", code]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{lang}: {err}");
    }
    assert!(!c.ok(&["event", "list"]).contains('X'));
}

/// A TRF file with two players and one round, `202` as given.
fn with_202(record: &str) -> String {
    let player = |no: u32, name: &str, rating: u32, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {name:<33} {rating:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            "", "", "", ""
        )
    };
    [
        "012 Open".to_string(),
        "142 3".to_string(),
        record.to_string(),
        player(1, "Alpha", 2000, "1.0", "   2 w 1"),
        player(2, "Beta", 1900, "0.0", "   1 b 0"),
    ]
    .join("\n")
        + "\n"
}

/// `202` lists its codes after blanks as well as commas (FIDE's checker
/// reads both); a code qishe does not compute is named with its line and
/// column and why (a typo with the nearest FIDE code), and the event
/// ranks by the codes before it; with none before it, by the scheme's
/// default list. It used to fall back to the default without a word.
#[test]
fn a_202_record_with_a_code_qishe_does_not_know_is_named() {
    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, with_202("202 PTS BH/C1 BH, SB")).unwrap();
    let o = c.run(&["import", "trf", f.to_str().unwrap()]);
    assert!(o.status.success() && o.stderr.is_empty(), "{o:?}");
    let show = c.ok(&["event", "show", "Open"]);
    assert!(
        show.contains("buchholz-cut1, buchholz, sonneborn-berger"),
        "{show}"
    );

    for (record, column, why, kept) in [
        (
            "202 PTS BH/C1 BHX SB",
            15,
            "\"BHX\" is not a FIDE tie-break code; did you mean \"BH\"?",
            "buchholz-cut1",
        ),
        (
            "202 BH/C1,EDEC,SB",
            11,
            "team-event tie-break",
            "buchholz-cut1",
        ),
    ] {
        let c = Club::new();
        let f = c.path("t.trf");
        std::fs::write(&f, with_202(record)).unwrap();
        let o = c.run(&["import", "trf", f.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{err}");
        let at = format!("t.trf line 3, column {column}");
        assert!(err.contains(&at) && err.contains(why), "{record}: {err}");
        assert!(
            err.contains("ties are broken by the codes before it, BH/C1"),
            "{err}"
        );
        let show = c.ok(&["event", "show", "Open"]);
        let line = show.lines().find(|l| l.contains("buchholz")).unwrap_or("");
        assert!(line.contains(kept) && !line.contains("sonneborn"), "{show}");
    }

    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, with_202("202 SSSC,BH")).unwrap();
    let o = c.run_lang("zh_CN.UTF-8", &["import", "trf", f.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("第 3 行第 5 列") && err.contains("团体赛") && err.contains("默认小分"),
        "{err}"
    );
}

/// `RTNG` (FIDE's checker): the player's own rating, more is better;
/// with someone unrated (and no `unrated_rating` in the scheme) the
/// criterion is dropped, 0 for everyone, as the checker drops it. On the
/// six conformance cases its values are the checker's (`tiebreakchecker.py
/// -s -t PTS RTNG`: 136 of 136). Written back as `RTNG` in `202`.
#[test]
fn rtng_is_the_players_rating_and_dropped_when_someone_is_unrated() {
    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, with_202("202 PTS RTNG")).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let csv = c.ok(&["standings", "Open", "--format", "csv"]);
    assert!(
        csv.contains("Alpha,1.00,2000.00") && csv.contains("Beta,0.00,1900.00"),
        "{csv}"
    );
    c.ok(&[
        "event",
        "new",
        "E",
        "--system",
        "dutch",
        "--tiebreaks",
        "rtng,BH",
    ]);
    assert!(c.ok(&["event", "show", "E"]).contains("rating, buchholz"));
    let trf = c.ok(&["export", "trf", "E"]);
    assert!(trf.contains("202 RTNG,BH"), "{trf}");

    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, with_202("202 PTS RTNG").replace("1900", "    ")).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let csv = c.ok(&["standings", "Open", "--format", "csv"]);
    assert!(
        csv.contains("Alpha,1.00,0.00") && csv.contains("Beta,0.00,0.00"),
        "{csv}"
    );
}

/// Four players, three rounds: 1 beat 2 by forfeit, and the two are level
/// on 2 points at the top; 3 and 4 level on 1 point, 3 beat 4 over the
/// board.
fn forfeit_between_leaders() -> String {
    let player = |no: u32, name: &str, pts: &str, rounds: [(u32, char, char); 3]| {
        let mut l = format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}",
            2000 - 10 * no,
            "",
            "",
            "",
            ""
        );
        for (o, c, r) in rounds {
            l += &format!("  {o:4} {c} {r}");
        }
        l
    };
    [
        "012 Forfeit".to_string(),
        // A Swiss: four players in three rounds would be a round robin.
        "092 Individual: Swiss-System".to_string(),
        "142 3".to_string(),
        player(
            1,
            "Alpha",
            "2.0",
            [(2, 'w', '+'), (3, 'b', '1'), (4, 'w', '0')],
        ),
        player(
            2,
            "Beta",
            "2.0",
            [(1, 'b', '-'), (4, 'w', '1'), (3, 'w', '1')],
        ),
        player(
            3,
            "Gamma",
            "1.0",
            [(4, 'w', '1'), (1, 'w', '0'), (2, 'b', '0')],
        ),
        player(
            4,
            "Delta",
            "1.0",
            [(3, 'b', '0'), (2, 'b', '0'), (1, 'b', '1')],
        ),
    ]
    .join("\r")
        + "\r"
}

/// DE counts games over the board only, so the forfeit leaves 1 and 2
/// tied; `DE/P` counts it (FIDE's checker's `/P`) and puts 1 ahead; EDE
/// ranks as DE (its secondary score is the points again); TPN (SNO) breaks
/// the rest by start number, lower first. The ranks are the checker's
/// (`tiebreakchecker.py -s -t PTS <code>` on this file; without `-s` the
/// same, its `092` naming a Swiss).
#[test]
fn de_with_forfeits_ede_and_the_start_number_rank_as_the_checker_does() {
    for (codes, want) in [
        ("DE", ["1", "1", "3", "4"]),
        ("EDE", ["1", "1", "3", "4"]),
        ("DE/P", ["1", "2", "3", "4"]),
        ("DE#P,SNO", ["1", "2", "3", "4"]),
        ("DE,TPN", ["1", "2", "3", "4"]),
        ("TPN", ["1", "2", "3", "4"]),
        ("BH", ["1", "1", "3", "3"]),
    ] {
        let c = Club::new();
        let f = c.path("t.trf");
        std::fs::write(&f, forfeit_between_leaders()).unwrap();
        c.ok(&["import", "trf", f.to_str().unwrap(), "--tiebreaks", codes]);
        let csv = c.ok(&["standings", "Forfeit", "--format", "csv"]);
        let rank_of = |name: &str| {
            let line = csv.lines().find(|l| l.contains(name)).unwrap();
            line.split(',')
                .next()
                .unwrap()
                .trim_end_matches('=')
                .to_string()
        };
        let got = ["Alpha", "Beta", "Gamma", "Delta"].map(rank_of);
        assert_eq!(got, want, "{codes}: {csv}");
    }
    let c = Club::new();
    c.ok(&["event", "new", "X", "--tiebreaks", "EDE,DE/P,TPN,VUR,ABH"]);
    let show = c.ok(&["event", "show", "X"]);
    assert!(
        show.contains("direct, direct-played, start-number, unplayed-rounds, adjusted-score"),
        "{show}"
    );
}

/// A TRF file may give the next round's byes before that round is
/// paired (FIDE's checker's test files do: `0000 - H` in round 3 of a
/// two-round file). The standings are those after the rounds played, not
/// after the unpaired round with everyone else absent in it (which made
/// every VUR 1 and every Buchholz one virtual opponent too many).
#[test]
fn byes_given_ahead_do_not_make_an_unpaired_round_count() {
    let player = |no: u32, name: &str, pts: &str, rounds: &str| {
        format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}{rounds}",
            2000 - 10 * no,
            "",
            "",
            "",
            ""
        )
    };
    let text = [
        "012 Ahead".to_string(),
        "142 5".to_string(),
        player(1, "Alpha", "2.0", "     2 w 1     3 b 1  0000 - H"),
        player(2, "Beta", "1.0", "     1 b 0     4 w 1          "),
        player(3, "Gamma", "1.0", "     4 w 1     1 w 0          "),
        player(4, "Delta", "0.0", "     3 b 0     2 b 0          "),
    ]
    .join("\r")
        + "\r";
    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, text).unwrap();
    c.ok(&[
        "import",
        "trf",
        f.to_str().unwrap(),
        "--tiebreaks",
        "VUR,BH",
    ]);
    let st = c.ok(&["standings", "Ahead"]);
    assert!(st.contains("after round 2"), "{st}");
    let csv = c.ok(&["standings", "Ahead", "--format", "csv"]);
    let beta = csv.lines().find(|l| l.contains("Beta")).unwrap();
    // Beta: no unplayed round; Buchholz 2.0 (Alpha) + 0.0 (Delta).
    assert!(beta.ends_with(",1.00,0.00,2.00"), "{csv}");
    let alpha = csv.lines().find(|l| l.contains("Alpha")).unwrap();
    assert!(alpha.contains(",2.00,0.00,"), "{csv}");
}

/// A team event takes FIDE's `GPTS` (its game points) and `MPTS` (the
/// match points, first anyway), writes `GPTS` back in TRF `202`, and
/// exports with a list of its own team criteria (it failed: the list was
/// read as an individual one). FIDE's other team codes are refused as
/// what they are, in the three languages.
#[test]
fn team_events_read_and_write_fides_team_codes_they_compute() {
    let c = Club::new();
    let teams = c.path("teams.csv");
    std::fs::write(
        &teams,
        "team,board,name,club,rating\nA,1,a1,,2000\nA,2,a2,,1900\nB,1,b1,,1950\nB,2,b2,,1850\n",
    )
    .unwrap();
    let new = |name: &str, tbs: &str| {
        c.ok(&[
            "event",
            "new",
            name,
            "--system",
            "dutch",
            "--teams",
            "--boards",
            "2",
            "--tiebreaks",
            tbs,
        ]);
        c.ok(&["import", "teams", name, teams.to_str().unwrap()]);
    };
    new("T", "MPTS,gpts@24");
    assert!(c
        .ok(&["event", "show", "T"])
        .contains("tie-breaks game-points"));
    assert!(c.ok(&["export", "trf", "T"]).contains("202 GPTS"));
    // Team SB has no FIDE twin: the file has no `202` rather than a
    // wrong one, and the export works.
    new("U", "game-points,team-sb");
    let trf = c.ok(&["export", "trf", "U"]);
    assert!(trf.contains("012 U") && !trf.contains("202 "), "{trf}");
    for (lang, want) in [
        ("en_US.UTF-8", "\"EMGSB\" is one of FIDE's team tie-breaks, and none of qishe's team criteria computes it the same way"),
        ("zh_CN.UTF-8", "\"EMGSB\" 是 FIDE 的团体赛小分, qishe 的团体小分中没有算法相同的"),
        ("zh_TW.UTF-8", "\"EMGSB\" 是 FIDE 的團體賽小分, qishe 的團體小分中沒有算法相同的"),
    ] {
        let out = c.run_lang(
            lang,
            &["event", "new", "X", "--teams", "--tiebreaks", "EMGSB"],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(want), "{lang}: {err}");
    }
}

/// A round robin's unplayed games, as FIDE's checker takes a file it
/// tells is a round robin (`092`, or its players and rounds): a forfeit
/// counts as a game against its opponent unless a code says `/S` (then it
/// counts nothing), a round without an opponent is no part of the
/// Buchholz family, an opponent's rounds after his last one count nothing,
/// Koya's maximum leaves out the free rounds, and DE counts every
/// encounter as met. Hand-made round robins with forfeits, a double
/// forfeit and a withdrawal (`data/tiebreaks_2026/rr/`, from
/// `make_rr.py`); the checker's values and DE ranks in `rr.json` (made by
/// `gen_rr.py`, without `-s`).
#[test]
fn a_round_robins_unplayed_games_count_as_the_fide_checker_counts_them() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/tiebreaks_2026");
    let exp: serde_json::Value =
        serde_json::from_slice(&std::fs::read(data.join("rr.json")).unwrap()).unwrap();
    let codes = exp["codes"].as_object().unwrap();
    let ranked: Vec<&str> = exp["ranked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut compared = 0;
    let mut wrong = Vec::new();
    for (case, players) in exp["cases"].as_object().unwrap() {
        let trf = data.join("rr").join(format!("{case}.trf"));
        let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
        let no_of: std::collections::HashMap<String, String> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| (l[14..47].trim().to_string(), l[4..8].trim().to_string()))
            .collect();
        let all: Vec<&str> = codes.keys().map(|k| k.as_str()).collect();
        // Every value in one standings; each DE alone after points.
        let runs = std::iter::once(all.join(",")).chain(ranked.iter().map(|s| s.to_string()));
        for (run, list) in runs.enumerate() {
            let c = Club::new();
            import_chess(&c, &trf, case, &list);
            let csv = c.ok(&["standings", case, "--format", "csv"]);
            let mut lines = csv.lines();
            let head: Vec<&str> = lines.next().unwrap().split(',').collect();
            let col = |k: &str| {
                head.iter()
                    .position(|h| *h == k)
                    .unwrap_or_else(|| panic!("{k}: {head:?}"))
            };
            for line in lines {
                let cells: Vec<&str> = line.split(',').collect();
                let no = &no_of[cells[col("name")]];
                let want = &players[no.as_str()];
                if run > 0 {
                    let fide = &list;
                    compared += 1;
                    let w = want[format!("rank {fide}")].as_str().unwrap();
                    if cells[col("rank")].trim_end_matches('=') != w {
                        wrong.push(format!(
                            "{case} #{no} {fide}: rank {} want {w}",
                            cells[col("rank")]
                        ));
                    }
                    continue;
                }
                for (fide, ours) in codes {
                    let ours = ours.as_str().unwrap();
                    compared += 1;
                    let got = value(cells[col(ours)]);
                    if got != value(want[ours].as_str().unwrap()) {
                        wrong.push(format!("{case} #{no} {fide}: {got} want {}", want[ours]));
                    }
                }
            }
        }
    }
    assert_eq!(
        compared,
        31 * (codes.len() + ranked.len()),
        "every player of the four cases"
    );
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
