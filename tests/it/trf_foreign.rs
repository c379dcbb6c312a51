//! TRF files as other programs write them: a UTF-8 byte-order mark,
//! Windows-1252 names, no `142`, older date forms; and an export that
//! comes back line for line through import → export.

use crate::common::Club;
use qishe::formats::trf::Trf;
use std::path::Path;

fn full() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/trf2026/full_2026.trf");
    std::fs::read_to_string(p).unwrap()
}

/// The hand-made file's lines with `edit` applied to each (`None` drops it).
fn edited(edit: impl Fn(&str) -> Option<String>) -> String {
    full()
        .split('\r')
        .filter(|l| !l.is_empty())
        .filter_map(edit)
        .map(|l| l + "\r\n")
        .collect()
}

/// A UTF-8 byte-order mark (Windows editors write one) is not part of
/// the first line's code, for `pair-trf` as for `import trf`.
#[test]
fn a_byte_order_mark_is_read_past() {
    let c = Club::new();
    let plain = c.path("plain.trf");
    std::fs::write(&plain, full()).unwrap();
    let bom = c.path("bom.trf");
    std::fs::write(&bom, format!("\u{FEFF}{}", full())).unwrap();
    let want = c.ok(&["pair-trf", plain.to_str().unwrap()]);
    assert_eq!(c.ok(&["pair-trf", bom.to_str().unwrap()]), want);
    c.ok(&["import", "trf", bom.to_str().unwrap()]);
}

/// A Windows-1252 file (older European programs): `Müller, Jörg` takes
/// twelve columns as twelve bytes, and the rating after the name is read
/// where it stands, by `import trf` (which once read the bytes as GBK and
/// shifted the line) and by `pair-trf` alike.
#[test]
fn windows_1252_names_keep_their_columns() {
    let c = Club::new();
    let text = edited(|l| {
        Some(if l.starts_with("001    4") {
            format!(
                "{}{:<33}{}",
                &l[..14],
                "Müller, Jörg",
                &l[l.find(" 2620").unwrap()..]
            )
        } else {
            l.to_string()
        })
    });
    assert!(
        text.contains("Müller, Jörg                      2620"),
        "{text}"
    );
    let (bytes, _, bad) = encoding_rs::WINDOWS_1252.encode(&text);
    assert!(!bad);
    let f = c.path("latin.trf");
    std::fs::write(&f, &bytes).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    let t = Trf::parse(&out).unwrap();
    let p = t.players.iter().find(|p| p.id == 4).unwrap();
    assert_eq!((p.name.as_str(), p.rating), ("Müller, Jörg", 2620));
    let utf8 = c.path("utf8.trf");
    std::fs::write(&utf8, &text).unwrap();
    assert_eq!(
        c.ok(&["pair-trf", f.to_str().unwrap()]),
        c.ok(&["pair-trf", utf8.to_str().unwrap()])
    );
}

/// Without `142` the event gets the rounds the file's `132`, `240` and
/// `250` records name (5), not only the rounds played (3): the export's
/// `240` for round 5 fits the event, and the export imports again to the
/// same rounds. The export adds no `142` the file did not have.
#[test]
fn a_file_without_142_gets_the_rounds_its_records_name() {
    let c = Club::new();
    let f = c.path("no142.trf");
    std::fs::write(
        &f,
        edited(|l| (!l.starts_with("142")).then(|| l.to_string())),
    )
    .unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    assert!(!out.contains("\n142"), "{out}");
    assert!(out.contains("\n240 Z 005    7\n"), "{out}");
    let again = c.path("again.trf");
    std::fs::write(&again, &out).unwrap();
    let d = Club::new();
    d.ok(&["import", "trf", again.to_str().unwrap()]);
    assert_eq!(d.ok(&["export", "trf", "Spring Open 2026"]), out);
}

/// `042` and `052` in the forms older programs write (`DD.MM.YYYY`,
/// `DD/MM/YYYY`, TRF-16's `YY/MM/DD`, lichess's `Apr 3, 2026`) are read
/// and written in TRF-2026's `YYYY/MM/DD`.
#[test]
fn older_date_forms_are_written_in_the_2026_form() {
    for (start, end) in [
        ("03.04.2026", "05.04.2026"),
        // a blank after each dot, as a 2005 German file among
        // Sharly-Chess's tests has them (`042 28. 07. 2005`)
        ("03. 04. 2026", "05. 04. 2026"),
        ("03/04/2026", "05/04/2026"),
        ("26/04/03", "26/04/05"),
        // lichess's Swiss export
        ("Apr 3, 2026", "Apr 5, 2026"),
    ] {
        let c = Club::new();
        let f = c.path("dates.trf");
        let text = edited(|l| {
            Some(match l.get(..3) {
                Some("042") => format!("042 {start}"),
                Some("052") => format!("052 {end}"),
                _ => l.to_string(),
            })
        });
        std::fs::write(&f, text).unwrap();
        c.ok(&["import", "trf", f.to_str().unwrap()]);
        let out = c.ok(&["export", "trf", "Spring Open 2026"]);
        assert!(
            out.contains("\n042 2026/04/03\n") && out.contains("\n052 2026/04/05\n"),
            "{start} {end}:\n{out}"
        );
    }
}

/// An exported file imported and exported again comes back line for
/// line, also when qishe added the `192`, `202` and `222` records the
/// first time.
#[test]
fn an_export_comes_back_line_for_line() {
    let c = Club::new();
    let f = c.path("no192.trf");
    std::fs::write(
        &f,
        edited(|l| (!l.starts_with("192") && !l.starts_with("222")).then(|| l.to_string())),
    )
    .unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let first = c.ok(&["export", "trf", "Spring Open 2026"]);
    let g = c.path("first.trf");
    std::fs::write(&g, &first).unwrap();
    let d = Club::new();
    d.ok(&["import", "trf", g.to_str().unwrap()]);
    assert_eq!(d.ok(&["export", "trf", "Spring Open 2026"]), first);
}

/// What Sharly-Chess writes: `132` dates a column to the right of
/// TRF-2026's (93–100), `240` lines ending in a tab, `192
/// FIDE_DUTCH_2026_BAKU`. The dates are read word by word, the tab is
/// not a field, and the export writes the dates where TRF-2026 puts them.
#[test]
fn sharly_chess_round_dates_and_a_tab_after_a_240_line_are_read() {
    let c = Club::new();
    let f = c.path("sharly.trf");
    let text = edited(|l| {
        Some(match l.get(..3) {
            Some("132") => format!(
                "132{}{}",
                " ".repeat(89),
                ["26/04/03", "26/04/03", "26/04/04", "26/04/04", "26/04/05"].join("  ")
            ),
            Some("240") => format!("{l}\t "),
            Some("192") => "192 FIDE_DUTCH_2026_BAKU".to_string(),
            _ => l.to_string(),
        })
    });
    std::fs::write(&f, text).unwrap();
    let t = Trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
    assert_eq!(
        t.round_dates,
        ["26/04/03", "26/04/03", "26/04/04", "26/04/04", "26/04/05"]
    );
    assert_eq!(t.byes.len(), 2);
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    let dates = out.lines().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(dates.find("26/04/03"), Some(91), "{dates}");
    c.ok(&["pair-trf", f.to_str().unwrap()]);
}

/// A team tournament's file (`013` of TRF-16, `310` of TRF-2026) is
/// refused by both commands with the line and the record, before any
/// other line is judged: `import trf` took a file with `310` lines as an
/// individual event, and `pair-trf` paired its players.
#[test]
fn team_records_are_refused_by_import_and_pair_trf() {
    for (code, record) in [
        (
            "310",
            "310   1 Russia                           RUS   2793      4.0",
        ),
        ("013", "013 Russia                             1    2"),
    ] {
        let c = Club::new();
        let f = c.path("team.trf");
        let text = edited(|l| {
            Some(if l.starts_with("222") {
                format!("{l}\r\n{record}")
            } else {
                l.to_string()
            })
        });
        std::fs::write(&f, text).unwrap();
        let err = c.fails(&["import", "trf", f.to_str().unwrap()]);
        assert!(
            err.contains("line 22") && err.contains(&format!("team lines ({code})")),
            "{err}"
        );
        let err = c.fails(&["pair-trf", f.to_str().unwrap()]);
        assert!(
            err.contains("line 22") && err.contains(&format!("({code})")),
            "{err}"
        );
    }
}

/// A file with `lines` in its header, two players and one round.
fn two_players_with(lines: &[&str]) -> String {
    let player = |no: u32, name: &str, rating: u32, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {name:<33} {rating:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            "", "", "", ""
        )
    };
    let mut out: Vec<String> = vec!["012 Open".into(), "142 3".into()];
    out.extend(lines.iter().map(|l| l.to_string()));
    out.push(player(1, "Alpha", 2000, "1.0", "   2 w 1"));
    out.push(player(2, "Beta", 1900, "0.0", "   1 b 0"));
    out.join("\n") + "\n"
}

/// FIDE's tie-break checker ranks by `212` (the whole order, points
/// first) when a file has no `202`: the import ranks by it, and the
/// export keeps it without a `202` of its own beside it that would say
/// otherwise. It used to rank by the scheme's default list and write
/// that as `202` next to the file's `212`.
#[test]
fn a_212_record_with_the_points_first_gives_the_tie_breaks() {
    let c = Club::new();
    let f = c.path("t.trf");
    std::fs::write(&f, two_players_with(&["212 PTS,DE,BH"])).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let show = c.ok(&["event", "show", "Open"]);
    let line = show.lines().find(|l| l.contains("tie-breaks")).unwrap();
    assert!(
        line.ends_with("tie-breaks direct, buchholz (FIDE C.07, 2026 edition)"),
        "{show}"
    );
    let out = c.ok(&["export", "trf", "Open"]);
    assert!(out.contains("\n212 PTS,DE,BH\n"), "{out}");
    assert!(!out.contains("\n202"), "{out}");
    // A `202` wins over `212`; a `212` ranking by something else first
    // (a team's match points) is not read as the players' tie-breaks.
    for (lines, want) in [
        (
            &["202 SB", "212 PTS,DE,BH"][..],
            "tie-breaks sonneborn-berger",
        ),
        (&["212 MPTS,DE"][..], "tie-breaks buchholz-cut1, buchholz"),
    ] {
        let c = Club::new();
        std::fs::write(&f, two_players_with(lines)).unwrap();
        c.ok(&["import", "trf", f.to_str().unwrap()]);
        let show = c.ok(&["event", "show", "Open"]);
        let line = show.lines().find(|l| l.contains("tie-breaks")).unwrap();
        assert!(line.contains(want), "{lines:?}: {show}");
    }
}

/// `0000 - +` (a round won without an opponent) is how older programs
/// write the pairing-allocated bye, and the endorsed engine reads it so:
/// the import keeps its point and the export writes it as `U`. It used to
/// be read as an absence, the point lost.
#[test]
fn a_forfeit_win_without_an_opponent_is_the_pairing_bye() {
    let player = |no: u32, name: &str, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            2000 - no,
            "",
            "",
            "",
            ""
        )
    };
    let text = [
        "012 Old".to_string(),
        "XXR 3".to_string(),
        player(1, "Alpha", "1.0", "   2 w 1"),
        player(2, "Beta", "0.0", "   1 b 0"),
        player(3, "Gamma", "1.0", "0000 - +"),
    ]
    .join("\n")
        + "\n";
    let c = Club::new();
    let f = c.path("old.trf");
    std::fs::write(&f, &text).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let st = c.ok(&["standings", "Old", "--format", "csv"]);
    let gamma = st.lines().find(|l| l.contains("Gamma")).unwrap();
    assert!(gamma.contains(",1.00,"), "{st}");
    let out = c.ok(&["export", "trf", "Old"]);
    let line = out.lines().find(|l| l.contains("Gamma")).unwrap();
    assert!(line.ends_with("0000 - U"), "{out}");
    assert!(line.contains(" 1.0 "), "{out}");
}

/// Four players, two rounds played of three; in round 1, 3 against 4 is a
/// forfeit written without colours (`   4 - +` / `   3 - -`).
fn colourless_forfeit() -> String {
    let player = |no: u32, name: &str, pts: &str, rounds: &str| {
        format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}  {rounds}",
            2000 - no,
            "",
            "",
            "",
            ""
        )
    };
    [
        "012 Colourless".to_string(),
        "XXR 3".to_string(),
        player(1, "Alpha", "1.5", "   2 w 1     3 w ="),
        player(2, "Beta", "1.0", "   1 b 0     4 w 1"),
        player(3, "Gamma", "1.5", "   4 - +     1 b ="),
        player(4, "Delta", "0.0", "   3 - -     2 b 0"),
    ]
    .join("\n")
        + "\n"
}

/// A forfeit a file wrote without colours keeps none: the export (2026
/// and 2016) writes `-` as the file did, and the pairing history gives
/// the round no colour, as the endorsed engine reads it. The import used
/// to give the first player red and the export wrote `   4 w +`.
#[test]
fn a_forfeit_without_colours_keeps_none() {
    let c = Club::new();
    let f = c.path("colourless.trf");
    std::fs::write(&f, colourless_forfeit()).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    for version in ["2026", "2016"] {
        let out = c.ok(&["export", "trf", "Colourless", "--trf", version]);
        let line = |name: &str| out.lines().find(|l| l.contains(name)).unwrap().to_string();
        assert!(line("Gamma").contains("   4 - +     1 b ="), "{out}");
        assert!(line("Delta").contains("   3 - -     2 b 0"), "{out}");
        // The games over the board keep theirs.
        assert!(line("Alpha").contains("   2 w 1     3 w ="), "{out}");
    }
    let mut app = qishe::app::App::in_memory(qishe::config::Config::default()).unwrap();
    app.import_trf(colourless_forfeit().as_bytes(), "colourless.trf", None)
        .unwrap();
    let ev = app.find_event("Colourless").unwrap();
    let state = app.swiss_state(&ev, qishe::app::RoundNo(3)).unwrap();
    let history = |id: u32| &state.players.iter().find(|p| p.id == id).unwrap().history;
    assert_eq!(history(3)[0].colour, None);
    assert_eq!(history(4)[0].colour, None);
    assert_eq!(history(3)[1].colour, Some(qishe::domain::Colour::Black));
    assert_eq!(history(1)[0].colour, Some(qishe::domain::Colour::Red));
}

/// A file imported without `192` and `222` is exported without them
/// (they were qishe's defaults, not the file's); a time control set by
/// hand afterwards is the event's and is written. A file that had them
/// keeps its own, and an event made in qishe writes both.
#[test]
fn the_export_adds_no_192_or_222_a_file_did_not_have() {
    use qishe::app::{App, EventDraft, EventId};
    let mut app = App::in_memory(qishe::config::Config::default()).unwrap();
    let ev = app
        .import_trf(two_players_with(&[]).as_bytes(), "open.trf", None)
        .unwrap()
        .event
        .id;
    let ev = EventId(ev);
    let out = app.export_trf(ev).unwrap();
    assert!(!out.contains("\n192") && !out.contains("\n222"), "{out}");
    let draft = EventDraft {
        time_control: Some(qishe::domain::TimeControl::symmetric(900_000, 10_000)),
        ..Default::default()
    };
    app.edit_event(ev, "Open", None, &draft).unwrap();
    let out = app.export_trf(ev).unwrap();
    assert!(out.contains("\n222 900+10\n"), "{out}");
    assert!(!out.contains("\n192"), "{out}");
    // The file's own records are kept as they were.
    let mut app = App::in_memory(qishe::config::Config::default()).unwrap();
    let text = two_players_with(&["192 FIDE_DUTCH_2025", "222 5400+30"]);
    let ev = EventId(
        app.import_trf(text.as_bytes(), "open.trf", None)
            .unwrap()
            .event
            .id,
    );
    let out = app.export_trf(ev).unwrap();
    assert!(out.contains("\n192 FIDE_DUTCH_2025\n"), "{out}");
    assert!(out.contains("\n222 5400+30\n"), "{out}");
    // An event made in qishe.
    let c = Club::new();
    c.five_members();
    c.dutch_event("Native", &[], &["A", "B"]);
    let out = c.ok(&["export", "trf", "Native"]);
    assert!(out.contains("\n192 FIDE_DUTCH_2025"), "{out}");
    assert!(out.contains("\n222 "), "{out}");
}

/// A file scored 3, 1, 0 is imported under the three-point scheme when
/// no `--scheme` is given, whether its `162` record says so or only its
/// points columns add up so (said in a note); one scoring otherwise is
/// refused with a message naming `--scheme`, and `--scheme` decides. It
/// used to be read under `chess` (1, ½, 0), its standings not the file's.
#[test]
fn a_three_point_file_is_imported_under_its_own_scheme() {
    let player = |no: u32, name: &str, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            2000 - no,
            "",
            "",
            "",
            ""
        )
    };
    let file = |header: &[&str], win: &str, draw: &str| {
        let mut out: Vec<String> = vec!["012 Three".into(), "142 3".into()];
        out.extend(header.iter().map(|l| l.to_string()));
        out.push(player(1, "Alpha", win, "   2 w 1"));
        out.push(player(2, "Beta", "0.0", "   1 b 0"));
        out.push(player(3, "Gamma", draw, "   4 w ="));
        out.push(player(4, "Delta", draw, "   3 b ="));
        out.join("\n") + "\n"
    };
    for (header, what) in [(&["162  W 3.0    D 1.0"][..], "162"), (&[][..], "columns")] {
        let c = Club::new();
        let f = c.path("three.trf");
        std::fs::write(&f, file(header, "3.0", "1.0")).unwrap();
        let o = c.run(&["import", "trf", f.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{what}: {err}");
        assert!(err.contains("three-point scheme"), "{what}: {err}");
        let show = c.ok(&["event", "show", "Three"]);
        assert!(show.contains("three-point"), "{what}: {show}");
        let st = c.ok(&["standings", "Three", "--format", "csv"]);
        let alpha = st.lines().find(|l| l.contains("Alpha")).unwrap();
        assert!(alpha.contains(",3.00,"), "{what}: {st}");
        // Asked for, `chess` is taken.
        let c = Club::new();
        c.ok(&["import", "trf", f.to_str().unwrap(), "--scheme", "chess"]);
        let show = c.ok(&["event", "show", "Three"]);
        assert!(show.contains("chess"), "{what}: {show}");
    }
    // A 1, ½, 0 file stays `chess`, without a note.
    let c = Club::new();
    let f = c.path("one.trf");
    std::fs::write(&f, file(&[], "1.0", "0.5")).unwrap();
    let o = c.run(&["import", "trf", f.to_str().unwrap()]);
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(c.ok(&["event", "show", "Three"]).contains("chess"));
    // 2, 1, 0: no scheme scores so by itself.
    let f = c.path("two.trf");
    std::fs::write(&f, file(&["162  W 2.0    D 1.0"], "2.0", "1.0")).unwrap();
    let err = c.fails(&["import", "trf", f.to_str().unwrap(), "--name", "Two"]);
    assert!(err.contains("--scheme") && err.contains("2.00"), "{err}");
    c.ok(&[
        "import",
        "trf",
        f.to_str().unwrap(),
        "--name",
        "Two",
        "--scheme",
        "standard",
    ]);
}

/// FIDE's checker (TieBreakServer's `tiebreakchecker.py -s -t PTS BH`,
/// and `SB`) computes an event that starts before 1 March 2026 (its
/// `042`) by C.07's 2024 edition: a forfeit's virtual opponent is not
/// capped (16.4). The values below are the checker's on the file dated
/// 2025 and on the same file dated 2026-06-01; qishe used to compute the
/// 2026 edition for both.
#[test]
fn an_event_that_starts_before_march_2026_ranks_by_the_2024_edition() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/trf2026/edition_2025.trf");
    let text = std::fs::read_to_string(p).unwrap();
    // start number: (BH, SB) by the checker.
    let checker_2025 = [
        (5.0, 3.0),
        (7.0, 2.0),
        (2.5, 1.5),
        (6.0, 1.0),
        (2.5, 2.5),
        (5.0, 0.0),
    ];
    let mut checker_2026 = checker_2025;
    checker_2026[0] = (3.5, 2.5);
    let names = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"];
    for (date, want) in [("2025/06/01", checker_2025), ("2026/06/01", checker_2026)] {
        let c = Club::new();
        let f = c.path("edition.trf");
        std::fs::write(&f, text.replace("2025/06/01", date)).unwrap();
        c.ok(&["import", "trf", f.to_str().unwrap()]);
        let st = c.ok(&["standings", "Edition", "--format", "csv"]);
        for (name, (bh, sb)) in names.iter().zip(want) {
            let row = st.lines().find(|l| l.contains(name)).unwrap();
            let v: Vec<f64> = row.split(',').skip(3).map(|x| x.parse().unwrap()).collect();
            assert_eq!(v, [bh, sb], "{date} {name}: {st}");
        }
    }
}

/// A foreign file's header comes back as it was read: the export adds no
/// `062`, `142`/`XXR`, `152`/`XXC`, `202` or `XXS` the file did not have
/// (Sharly-Chess's `example_trf16` had none of them) and keeps its `132`
/// without dates; the rounds set by hand are written again. An event made
/// in qishe writes them all.
#[test]
fn the_export_writes_back_the_header_a_foreign_file_had() {
    use qishe::app::{App, EventDraft, EventId};
    let player = |no: u32, name: &str, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {name:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            2000 - no,
            "",
            "",
            "",
            ""
        )
    };
    let header = [
        "012 Open",
        "022 Frankfurt",
        "032",
        // Sharly-Chess's file has `28. 07. 2005`, written back in the
        // 2026 form (`older_date_forms_are_written_in_the_2026_form`).
        "042 2005/07/28",
        "092 Individual: Swiss-System",
        "132",
    ];
    let mut lines: Vec<String> = header.iter().map(|s| s.to_string()).collect();
    lines.push(player(1, "Alpha", "1.0", "   2 w 1"));
    lines.push(player(2, "Beta", "0.0", "   1 b 0"));
    let text = lines.join("\n") + "\n";
    let mut app = App::in_memory(qishe::config::Config::default()).unwrap();
    let ev = EventId(
        app.import_trf(text.as_bytes(), "open.trf", None)
            .unwrap()
            .event
            .id,
    );
    let head = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.starts_with("001") && !l.starts_with("###"))
            .map(|l| l.trim_end().to_string())
            .collect()
    };
    for version in ["2026", "2016"] {
        let out = match version {
            "2026" => app.export_trf(ev).unwrap(),
            _ => app
                .export_trf_as(ev, qishe::formats::trf::TrfVersion::V2016)
                .unwrap(),
        };
        // The date read, in TRF-2026's form.
        let want: Vec<&str> = header
            .iter()
            .map(|l| match l.starts_with("042") {
                true => "042 2005/07/28",
                false => l,
            })
            .collect();
        assert_eq!(head(&out), want, "{version}:\n{out}");
    }
    // The rounds set by hand are the event's own.
    let draft = EventDraft {
        rounds: Some(5),
        ..Default::default()
    };
    app.edit_event(ev, "Open", None, &draft).unwrap();
    let out = app.export_trf(ev).unwrap();
    assert!(out.contains("\n142 5\n"), "{out}");
    assert!(!out.contains("\n152") && !out.contains("\n202"), "{out}");
    // An event made in qishe.
    let c = Club::new();
    c.five_members();
    c.dutch_event("Native", &[], &["A", "B"]);
    let out = c.ok(&["export", "trf", "Native"]);
    for code in ["062", "142", "152", "192"] {
        assert!(out.contains(&format!("\n{code} ")), "{code}: {out}");
    }
}

fn real(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/trf_real")
        .join(name)
}

/// The exported `132` line's dates, by their TRF-2026 columns (92–99,
/// 102–109, …).
fn round_dates(text: &str) -> Vec<String> {
    let Some(l) = text.lines().find(|l| l.starts_with("132")) else {
        return Vec::new();
    };
    (0..)
        .map(|r| 91 + 10 * r)
        .take_while(|&at| at < l.len())
        .map(|at| l[at..(at + 8).min(l.len())].trim().to_string())
        .collect()
}

/// A program that writes each round's date on a `132` line of its own
/// (`132 2025/01/15`, a four-digit year at column 5): every line is a
/// round's date, kept in order, and the export writes them in the
/// columns TRF-2026 gives them.
#[test]
fn round_dates_written_one_to_a_132_line_are_kept() {
    let c = Club::new();
    let f = real("chesspairing_basic_2026.trf");
    c.ok(&["import", "trf", f.to_str().unwrap(), "--name", "B"]);
    let out = c.ok(&["export", "trf", "B"]);
    assert_eq!(round_dates(&out), ["25/01/15", "25/01/16"], "{out}");
    let out = c.ok(&["export", "trf", "B", "--trf", "2016"]);
    assert_eq!(round_dates(&out), ["25/01/15", "25/01/16"], "{out}");
}

/// TRF-16 and TRF-2026 mark a woman `w` in column 10 (JaVaFo's sample
/// does): she is imported as a woman, and the export says so.
#[test]
fn a_w_in_the_sex_column_is_a_woman() {
    let c = Club::new();
    let f = real("javafo_sample2.trf");
    c.ok(&["import", "trf", f.to_str().unwrap(), "--name", "J"]);
    let out = c.ok(&["export", "trf", "J"]);
    let t = Trf::parse(&out).unwrap();
    let p = t.players.iter().find(|p| p.id == 23).unwrap();
    assert_eq!(p.name, "Iglesias Gonzalez Veronica");
    assert_eq!(p.sex, "f", "{out}");
    let men = t.players.iter().filter(|p| p.sex == "m").count();
    assert!(men > 30, "{out}");
}

/// A tab in a player line (a text editor aligning the columns) is named
/// with its line and column, for `import trf` and `pair-trf` alike,
/// instead of a complaint about the field it pushed out of place.
#[test]
fn a_tab_in_a_player_line_is_named() {
    let c = Club::new();
    let f = c.path("tabs.trf");
    let mut text = edited(|l| Some(l.to_string()));
    let at = text.find("\n001    ").unwrap() + 4;
    text.replace_range(at..at + 4, "\t");
    let ln = text.lines().position(|l| l.contains('\t')).unwrap() + 1;
    std::fs::write(&f, &text).unwrap();
    for args in [
        vec!["import", "trf", f.to_str().unwrap()],
        vec!["pair-trf", f.to_str().unwrap()],
    ] {
        let err = c.fails(&args);
        assert!(
            err.contains(&format!("line {ln}, column 4")) && err.contains("a tab character"),
            "{err}"
        );
    }
}

/// A three-point file (`162  W 3.0    D 1.0`) comes back with a draw
/// worth 1.0, as its points columns count it: the export wrote half a
/// win (`D 1.5`), so the players' points did not add up and the
/// endorsed engine refused the exported file.
#[test]
fn a_three_point_export_writes_the_draw_it_scores() {
    let c = Club::new();
    let player = |no: u32, pts: &str, round: &str| {
        format!(
            "001 {no:4}      {:<33} {:4} {:3} {:11} {:10} {pts:>4} {:4}  {round}",
            format!("Player {no}"),
            2100 - no,
            "",
            "",
            "",
            ""
        )
    };
    let text = [
        "012 Three Draws".to_string(),
        "142 3".to_string(),
        "152 W".to_string(),
        "162  W 3.0    D 1.0".to_string(),
        player(1, "1.0", "   3 w ="),
        player(2, "3.0", "   4 b 1"),
        player(3, "1.0", "   1 b ="),
        player(4, "0.0", "   2 w 0"),
    ]
    .join("\n")
        + "\n";
    let f = c.path("three.trf");
    std::fs::write(&f, &text).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.path("out.trf");
    c.ok(&["export", "trf", "Three Draws", "-o", out.to_str().unwrap()]);
    let exported = std::fs::read_to_string(&out).unwrap();
    let t = Trf::parse(&exported).unwrap();
    let p = t.points.expect("a 162 record");
    assert_eq!(p.win.to_string(), "3.00", "{exported}");
    assert_eq!(p.draw.to_string(), "1.00", "{exported}");
    let one = t.players.iter().find(|p| p.id == 1).unwrap();
    assert_eq!(one.points.to_string(), "1.00", "{exported}");
    if let Some(engine) = crate::common::reference_engine() {
        let check = std::process::Command::new(engine)
            .arg("--dutch")
            .arg(&out)
            .arg("-c")
            .output()
            .unwrap();
        assert_eq!(check.status.code(), Some(0), "{exported}");
    }
}

/// JaVaFo's `XXC` words in any order (`XXC rank black1`, as its manual
/// has them, which the endorsed engine reads): the colour is taken and
/// `rank` (pair by the order of the player lines) changes nothing when
/// the lines are in start-number order.
#[test]
fn xxc_words_in_any_order_are_read() {
    let c = Club::new();
    let with = |xxc: &str| {
        edited(|l| {
            Some(if l.starts_with("152") {
                xxc.to_string()
            } else {
                l.to_string()
            })
        })
    };
    let plain = c.path("plain.trf");
    std::fs::write(&plain, with("152 B")).unwrap();
    let want = c.ok(&["pair-trf", plain.to_str().unwrap()]);
    for xxc in ["XXC rank black1", "XXC black1 rank", "XXC black1"] {
        let f = c.path("xxc.trf");
        std::fs::write(&f, with(xxc)).unwrap();
        assert_eq!(c.ok(&["pair-trf", f.to_str().unwrap()]), want, "{xxc}");
    }
    let f = c.path("xxc.trf");
    std::fs::write(&f, with("XXC rank black1")).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
}

/// A player line of six players' file, `rounds` its round blocks.
fn lichess_line(id: u32, name: &str, rating: u32, points: &str, rounds: &str) -> String {
    format!(
        "001 {id:>4}      {name:<33} {rating:>4}{:>28}{points:>4}{:>7}{rounds}",
        "", ""
    )
    .trim_end()
    .to_string()
}

/// `XXC rank` with the player lines out of their numbers' order, as
/// lichess writes its Swiss events (players by rating, numbers by
/// joining): the lines' order is the pairing order, as the endorsed
/// engine pairs them, and the file's numbers name the players. Before,
/// such a file was refused ('XXC rank … not in start-number order').
#[test]
fn xxc_rank_pairs_by_the_order_of_the_player_lines() {
    let c = Club::new();
    let file = |rounds: [&str; 6], points: [&str; 6]| {
        let who = [
            (4, "Delta", 2200),
            (1, "Alpha", 2100),
            (2, "Bravo", 2000),
            (3, "Charlie", 1900),
            (5, "Echo", 1800),
            (6, "Foxtrot", 1700),
        ];
        let mut text = "012 Line order\nXXR 3\nXXC rank white1\n".to_string();
        for (i, (id, name, rating)) in who.into_iter().enumerate() {
            text += &lichess_line(id, name, rating, points[i], rounds[i]);
            text += "\n";
        }
        text
    };
    // Round 1: the first line (number 4) is the top seed, with white.
    let r0 = c.path("r0.trf");
    std::fs::write(&r0, file([""; 6], ["0.0"; 6])).unwrap();
    let want = "3\n4 3\n5 1\n2 6\n";
    assert_eq!(c.ok(&["pair-trf", r0.to_str().unwrap()]), want);
    // Round 1 played as the engine paired it; round 2 in the file's numbers.
    let played = [
        "   3 w 1", "   5 b 1", "   6 w =", "   4 b 0", "   1 w 0", "   2 b =",
    ];
    let r1 = c.path("r1.trf");
    let points = ["1.0", "1.0", "0.5", "0.0", "0.0", "0.5"];
    std::fs::write(&r1, file(played, points)).unwrap();
    let want2 = "3\n1 4\n3 2\n6 5\n";
    assert_eq!(c.ok(&["pair-trf", r1.to_str().unwrap()]), want2);
    if let Some(engine) = crate::common::reference_engine() {
        for (f, want) in [(&r0, want), (&r1, want2)] {
            let out = std::process::Command::new(&engine)
                .arg("--dutch")
                .arg(f)
                .arg("-p")
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                want,
                "{}",
                f.display()
            );
        }
    }
    // Imported, the players take start numbers in line order, and say so.
    let out = c.run(&["import", "trf", r1.to_str().unwrap(), "--name", "L"]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("4 → 1"), "{said}");
    let t = Trf::parse(&c.ok(&["export", "trf", "L"])).unwrap();
    let names: Vec<(u32, &str, u32)> = t
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str(), p.rounds[0].opponent))
        .collect();
    assert_eq!(
        names,
        [
            (1, "Delta", 4),
            (2, "Alpha", 5),
            (3, "Bravo", 6),
            (4, "Charlie", 1),
            (5, "Echo", 2),
            (6, "Foxtrot", 3)
        ]
    );
    // The hand-made 2026 file (byes, 250 ranges, 260 records) with its
    // lines reversed pairs the same players as in start-number order.
    let text = edited(|l| {
        Some(if l.starts_with("152") {
            "XXC rank black1".to_string()
        } else {
            l.to_string()
        })
    });
    let lines: Vec<&str> = text.split("\r\n").collect();
    let players: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("001"))
        .collect();
    let mut reversed: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("001"))
        .collect();
    reversed.extend(players.iter().rev());
    let plain = c.path("plain.trf");
    std::fs::write(&plain, &text).unwrap();
    let rev = c.path("reversed.trf");
    std::fs::write(&rev, reversed.join("\r\n")).unwrap();
    let want = c.ok(&["pair-trf", plain.to_str().unwrap()]);
    assert_eq!(c.ok(&["pair-trf", rev.to_str().unwrap()]), want);
}

/// A Dutch event of five made in qishe, three rounds played (a pairing
/// bye each round), ranked by BH and SB: its standings.
fn native_event_with_byes(c: &Club, date: &str) -> String {
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "T",
        "--system",
        "dutch",
        "--rounds",
        "3",
        "--date",
        date,
        "--tiebreaks",
        "BH,SB",
    ]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D", "E"]);
    for r in ["1", "2", "3"] {
        c.ok(&["round", "pair", "T"]);
        c.ok(&["result", "T", r, "1", "1-0"]);
        c.ok(&["result", "T", r, "2", "0-1"]);
    }
    c.ok(&["standings", "T", "--format", "csv"])
}

/// An event made in qishe that starts before 1 March 2026 ranks by C.07's
/// 2024 edition where a code names none, as FIDE's checker computes it
/// and as qishe's import reads its own `export trf` (its `042`): the
/// standings of the event and of its export imported are the same, ranks
/// and values (a pairing bye's virtual opponent has the player's own
/// score, not 2026's ceiling). An event from April 2026 keeps the 2026
/// values, its export too; the printed legend names the edition. Before,
/// the event in qishe always took 2026's values, so a 2025 event ranked
/// otherwise than its own export.
#[test]
fn a_native_event_ranks_by_the_edition_its_export_is_read_by() {
    let mut seen = Vec::new();
    for (date, b_row, year) in [
        ("2025-06-01", "1,B,4.00,12.00,8.00", "2024"),
        ("2026-04-01", "1,B,4.00,11.00,7.00", "2026"),
    ] {
        let c = Club::new();
        let native = native_event_with_byes(&c, date);
        assert!(native.lines().any(|l| l == b_row), "{date}:\n{native}");
        // The printed standings' legend names the edition.
        let printed = c.path("s.txt");
        c.ok(&[
            "print",
            "standings",
            "T",
            "--format",
            "text",
            "-o",
            printed.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&printed).unwrap();
        let legend =
            format!("Ranked by: Points, Buchholz, Sonneborn-Berger (FIDE C.07, {year} edition)");
        assert!(text.contains(&legend), "{date}:\n{text}");
        let f = c.path("t.trf");
        c.ok(&["export", "trf", "T", "-o", f.to_str().unwrap()]);
        c.ok(&[
            "import",
            "trf",
            f.to_str().unwrap(),
            "--name",
            "U",
            "--scheme",
            "standard",
        ]);
        let imported = c.ok(&["standings", "U", "--format", "csv"]);
        assert_eq!(native, imported, "{date}");
        seen.push(native);
    }
    // The same games, ranked otherwise by the two editions.
    assert_ne!(seen[0], seen[1]);
}

/// `event show` names the edition of C.07 the tie-breaks follow where a
/// code names none, in 简体, 繁體 and English: 2024 for an event that
/// starts in 2025, 2026 for one from April 2026; none when no tie-break
/// depends on it.
#[test]
fn event_show_names_the_edition_of_c07() {
    let c = Club::new();
    for (name, date, tbs) in [
        ("Old", "2025-11-08", "BH,SB"),
        ("New", "2026-04-04", "BH/C1"),
        ("Plain", "2025-11-08", "wins"),
    ] {
        c.ok(&[
            "event",
            "new",
            name,
            "--system",
            "dutch",
            "--date",
            date,
            "--tiebreaks",
            tbs,
        ]);
    }
    for (locale, old, new) in [
        (
            "zh_CN.UTF-8",
            "(FIDE C.07 2024 年版)",
            "(FIDE C.07 2026 年版)",
        ),
        (
            "zh_TW.UTF-8",
            "(FIDE C.07 2024 年版)",
            "(FIDE C.07 2026 年版)",
        ),
        (
            "en_US.UTF-8",
            "(FIDE C.07, 2024 edition)",
            "(FIDE C.07, 2026 edition)",
        ),
    ] {
        let show = |name: &str| {
            let o = c.run_lang(locale, &["event", "show", name]);
            assert!(o.status.success(), "{locale} {name}");
            String::from_utf8(o.stdout).unwrap()
        };
        let tiebreak_line = |text: &str| {
            text.lines()
                .find(|l| l.contains("破同分") || l.contains("tie-breaks"))
                .unwrap_or_else(|| panic!("{locale}: {text}"))
                .to_string()
        };
        let (o, n, p) = (show("Old"), show("New"), show("Plain"));
        assert!(tiebreak_line(&o).ends_with(old), "{locale}: {o}");
        assert!(tiebreak_line(&n).ends_with(new), "{locale}: {n}");
        assert!(!p.contains("C.07"), "{locale}: {p}");
    }
}

/// A file without `142` / `XXR` (Sharly-Chess's `example_trf16`, a
/// German program's export) is paired for the rounds its `132` dates,
/// `240` byes or virtual points name; with none of them it is refused,
/// exit 3, as the endorsed engine refuses it ('The total number of rounds
/// in the tournament must be specified.'). Before, `pair-trf` paired such
/// a file as if the round were the last one, whose rules differ.
#[test]
fn pair_trf_needs_the_number_of_rounds_a_file_names() {
    let c = Club::new();
    let with_142 = c.path("with.trf");
    std::fs::write(&with_142, full()).unwrap();
    let want = c.ok(&["pair-trf", with_142.to_str().unwrap()]);
    let named = c.path("named.trf");
    std::fs::write(
        &named,
        edited(|l| (!l.starts_with("142")).then(|| l.to_string())),
    )
    .unwrap();
    assert_eq!(c.ok(&["pair-trf", named.to_str().unwrap()]), want);
    let none = c.path("none.trf");
    let text = edited(|l| {
        let named = ["142", "132", "240", "250"]
            .iter()
            .any(|c| l.starts_with(c));
        (!named).then(|| l.to_string())
    });
    std::fs::write(&none, text).unwrap();
    let o = c.run(&["pair-trf", none.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("how many rounds") && err.contains("XXR"),
        "{err}"
    );
    if let Some(engine) = crate::common::reference_engine() {
        let o = std::process::Command::new(engine)
            .arg("--dutch")
            .arg(&none)
            .arg("-p")
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3));
    }
}

/// FIDE id 0 on every line (FIDE's tie-break examples, Swiss-Manager
/// exports) is said once, the players as runs of start numbers; an id
/// written twice is still said per player. Before, every player with id 0
/// had a note of its own (sixteen lines for the sixteen players of the
/// tie-break examples).
#[test]
fn fide_id_0_is_said_once_for_all_its_players() {
    let c = Club::new();
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/trf_real/tiebreakserver_held_round_robin.trf");
    let out = c.run(&["import", "trf", f.to_str().unwrap()]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr).to_string();
    let lines: Vec<&str> = said.lines().filter(|l| l.contains("FIDE id")).collect();
    assert_eq!(
        lines,
        ["players 1–6: FIDE id 0 (no id); imported without an id"],
        "{said}"
    );
}
