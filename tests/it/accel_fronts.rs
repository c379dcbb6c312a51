//! Accelerated pairings (Baku) and clubmates kept apart at every surface:
//! the printed pairing sheet (text, CSV, HTML, the published site) shows
//! the virtual points apart and the standings never; the TUI's event form
//! makes such an event and its Round tab shows them beside the points;
//! the CLI keeps clubmates apart (absolute, relaxed) and refuses both for
//! other systems and kinds; `export trf` writes the schedule as `132` and
//! the time control as `222`.

use crate::common::tui::{c, config, go, k, typed};
use crate::common::Club;
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::domain::NewMember;
use qishe::formats::trf::Trf;
use qishe::i18n::Lang;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// An accelerated open of eight (chess scoring, five rounds: GA is the
/// first four, one point in rounds 1–2 and a half in round 3), round 1
/// paired.
fn baku_open(c: &Club) {
    for i in 1..=8 {
        c.ok(&[
            "player",
            "add",
            &format!("P{i}"),
            "--rating",
            &(2100 - 10 * i).to_string(),
        ]);
    }
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--scheme",
        "chess",
        "--rounds",
        "5",
        "--acceleration",
        "baku",
    ]);
    let names: Vec<String> = (1..=8).map(|i| format!("P{i}")).collect();
    let mut args = vec!["event", "enter", "Open"];
    args.extend(names.iter().map(String::as_str));
    c.ok(&args);
    c.ok(&["round", "pair", "Open"]);
}

#[test]
fn the_pairing_sheet_shows_virtual_points_apart_and_the_standings_never() {
    let c = Club::new();
    baku_open(&c);
    // GA (1–4) plays among itself in round 1.
    let csv = c.ok(&["round", "show", "Open", "1", "--format", "csv"]);
    let first = csv.lines().nth(1).unwrap();
    assert!(first.contains("P1") && first.contains("P3"), "{csv}");
    let text = c.ok(&["print", "pairings", "Open"]);
    assert!(text.contains("Virt"), "{text}");
    assert_eq!(text.matches("+1").count(), 4, "{text}");
    assert!(text.contains("count for the pairing only"), "{text}");
    let zh = c.ok(&["print", "pairings", "Open", "--lang", "zh-Hans"]);
    assert!(zh.contains("加速分"), "{zh}");
    let csv = c.ok(&["print", "pairings", "Open", "--format", "csv"]);
    assert!(csv.contains("+1"), "{csv}");
    let html = c.ok(&["print", "pairings", "Open", "--format", "html"]);
    assert!(html.contains("+1") && html.contains("Virt"), "{html}");
    // Results: GA's winners have 1 real point, nothing more.
    for b in 1..=4 {
        c.ok(&["result", "Open", "1", &b.to_string(), "1-0"]);
    }
    let st = c.ok(&["standings", "Open", "--format", "csv"]);
    assert!(!st.contains("+1") && !st.contains("Virt"), "{st}");
    let top = st.lines().nth(1).unwrap();
    assert!(top.contains(",1.00,") || top.contains(",1,"), "{st}");
    let printed = c.ok(&["print", "standings", "Open"]);
    assert!(!printed.contains("Virt"), "{printed}");
    // Round 2 still gives GA a point; round 3 a half (FIDE: A = 3, ⌈A/2⌉ = 2).
    c.ok(&["round", "pair", "Open"]);
    let r2 = c.ok(&["print", "pairings", "Open", "--round", "2"]);
    assert_eq!(r2.matches("+1").count(), 4, "{r2}");
    for b in 1..=4 {
        c.ok(&["result", "Open", "2", &b.to_string(), "1/2-1/2"]);
    }
    c.ok(&["round", "pair", "Open"]);
    let r3 = c.ok(&["print", "pairings", "Open", "--round", "3"]);
    assert_eq!(r3.matches("+0.5").count(), 4, "{r3}");
    // The published site's round pages are the same sheets.
    let site = c.path("site");
    c.ok(&["publish", "Open", "-o", site.to_str().unwrap()]);
    let page = std::fs::read_to_string(site.join("round-1.html")).unwrap();
    assert!(page.contains("+1"), "{page}");
    assert!(page.contains("Virt") || page.contains("加速分"), "{page}");
}

fn members_with_clubs(c: &Club, clubs: &[&str]) -> Vec<String> {
    clubs
        .iter()
        .enumerate()
        .map(|(i, club)| {
            let name = format!("M{}", i + 1);
            let rating = (2000 - 10 * i).to_string();
            let mut args = vec!["player", "add", &name, "--rating", &rating];
            if !club.is_empty() {
                args.extend(["--club", club]);
            }
            c.ok(&args);
            name
        })
        .collect()
}

#[test]
fn clubmates_are_kept_apart_absolute_or_relaxed() {
    let c = Club::new();
    // Without the rule round 1 pairs 1–3 and 2–4; 1 and 3 are clubmates.
    let names = members_with_clubs(&c, &["东城", "", "东城", "西城"]);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    c.dutch_event("Apart", &["--clubmates", "absolute"], &refs);
    c.ok(&["round", "pair", "Apart"]);
    let csv = c.ok(&["round", "show", "Apart", "1", "--format", "csv"]);
    for line in csv.lines().skip(1) {
        assert!(
            !(line.contains("M1,") && line.contains("M3,")),
            "clubmates paired:\n{csv}"
        );
    }
    c.dutch_event("Open", &[], &refs);
    c.ok(&["round", "pair", "Open"]);
    let open = c.ok(&["round", "show", "Open", "1", "--format", "csv"]);
    assert!(
        open.lines().any(|l| l.contains("M1") && l.contains("M3")),
        "without the option they meet:\n{open}"
    );
    // Three of four in one club: absolute refuses, relaxed pairs and says so.
    let c = Club::new();
    let names = members_with_clubs(&c, &["东城", "东城", "东城", ""]);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    c.dutch_event("Hard", &["--clubmates", "absolute"], &refs);
    let err = c.fails(&["round", "pair", "Hard"]);
    assert!(err.contains("round 1"), "{err}");
    c.dutch_event("Soft", &["--clubmates", "relaxed"], &refs);
    let o = c.run(&["round", "pair", "Soft"]);
    assert!(o.status.success());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        said.contains("clubmates could not all be kept apart"),
        "{said}"
    );
    // Dutch individual events only.
    let err = c.fails(&[
        "event",
        "new",
        "X",
        "--system",
        "cxa",
        "--clubmates",
        "absolute",
    ]);
    assert!(err.contains("Dutch"), "{err}");
    let err = c.fails(&[
        "event",
        "new",
        "T",
        "--teams",
        "--system",
        "dutch",
        "--scheme",
        "chess",
        "--acceleration",
        "baku",
    ]);
    assert!(err.contains("individual events only"), "{err}");
}

#[test]
fn export_writes_the_schedule_as_132_and_the_time_control_as_222() {
    let c = Club::new();
    c.five_members();
    c.dutch_event(
        "Cup",
        &["--time-control", "90+30", "--date", "2026-04-03"],
        &["A", "B", "C", "D", "E"],
    );
    c.ok(&["event", "schedule", "Cup", "1", "2026-04-03 09:00"]);
    c.ok(&["event", "schedule", "Cup", "3", "2026-04-04 14:00"]);
    let out = c.ok(&["export", "trf", "Cup"]);
    let t = Trf::parse(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert_eq!(t.round_dates, ["26/04/03", "", "26/04/04"], "{out}");
    let line = out.lines().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(&line[91..99], "26/04/03", "round 1 at column 92");
    assert_eq!(&line[111..119], "26/04/04", "round 3 at column 112");
    assert!(out.lines().any(|l| l == "222 5400+30"), "{out}");
    assert!(out.lines().any(|l| l == "042 2026/04/03"), "{out}");
    assert!(out.lines().any(|l| l == "142 5"), "{out}");
    // A later schedule change is what the next export says.
    c.ok(&["event", "schedule", "Cup", "3", "--clear"]);
    let out = c.ok(&["export", "trf", "Cup"]);
    assert_eq!(Trf::parse(&out).unwrap().round_dates, ["26/04/03"]);
}

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    format!("{}", t.backend())
}

/// Moves the open form's focus to `label` and gives it `value`.
fn set(app: &mut App, m: &mut Model, label: &str, value: &str) {
    for _ in 0..40 {
        let f = m.form().expect("a form");
        if f.fields[f.focus].label == label {
            break;
        }
        go(app, m, k(KeyCode::Tab));
    }
    let f = m.form().unwrap();
    let field = &f.fields[f.focus];
    assert_eq!(field.label, label, "no field {label}");
    if field.choices.is_empty() {
        for _ in 0..field.value.chars().count() {
            go(app, m, k(KeyCode::Backspace));
        }
        typed(app, m, value);
        return;
    }
    for _ in 0..=field.choices.len() {
        let f = m.form().unwrap();
        if f.fields[f.focus].value == value {
            return;
        }
        go(app, m, k(KeyCode::Right));
    }
    panic!("{label} offers no {value}");
}

#[test]
fn the_tui_makes_an_accelerated_event_and_shows_virtual_points_apart() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    for i in 1..=8 {
        app.add_member(&NewMember {
            name: format!("P{i}"),
            rating: Some(2100 - 10 * i),
            club: Some(if i % 2 == 0 { "East" } else { "West" }.into()),
            ..Default::default()
        })
        .unwrap();
    }
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "Open");
    set(&mut app, &mut m, "col.scheme", "chess");
    set(&mut app, &mut m, "col.system", "cxa");
    set(&mut app, &mut m, "col.rounds", "5");
    set(&mut app, &mut m, "tui.field.acceleration", "baku");
    assert!(screen(&m).contains("Baku (FIDE C.04.5.1)"));
    // 积分编排 has no acceleration: the form says why and stays open.
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_some(), "the form comes back as typed");
    let (err, is_err) = m.status().cloned().unwrap();
    assert!(is_err && err.contains("Dutch"), "{err}");
    set(&mut app, &mut m, "col.system", "dutch");
    set(&mut app, &mut m, "tui.field.clubmates", "relaxed");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let ev = app.find_event("Open").unwrap();
    let ps = ev.settings.pairing_settings.to_map();
    assert_eq!(ps.get("acceleration"), Some(&"baku".into()));
    assert_eq!(ps.get("clubmates"), Some(&"relaxed".into()));
    let names: Vec<String> = (1..=8).map(|i| format!("P{i}")).collect();
    app.enter_players(
        app.find_event("Open").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    app.pair_next_round(app.find_event("Open").unwrap().key())
        .unwrap();
    // The Round tab: GA's four with +1 beside their points.
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    while m.tab() != Tab::Round {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let s = screen(&m);
    assert_eq!(s.matches(" +1").count(), 4, "{s}");
    while m.tab() != Tab::Standings {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let s = screen(&m);
    assert!(!s.contains(" +1"), "{s}");
    // Once round 1 is paired the rounds cannot change.
    let draft = qishe::app::EventDraft {
        rounds: Some(7),
        ..Default::default()
    };
    let err = app.edit_event(ev.key(), "Open", None, &draft).unwrap_err();
    assert!(err.to_string().contains("round"), "{err}");
}

#[test]
fn the_round_tab_gives_names_the_room_a_wide_screen_has() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    let names: Vec<String> = (1..=16).map(|i| format!("Player {i}")).collect();
    for (i, name) in names.iter().enumerate() {
        app.add_member(&NewMember {
            name: name.clone(),
            rating: Some(2300 - 40 * i as i32),
            ..Default::default()
        })
        .unwrap();
    }
    let draft = qishe::app::EventDraft {
        system: Some(qishe::domain::PairingSystem::Dutch),
        acceleration: Some("baku".into()),
        ..Default::default()
    };
    let ev = app.create_event_of("Open", None, &draft).unwrap().key();
    app.enter_players(ev, &app.find_members(&names).unwrap())
        .unwrap();
    app.pair_next_round(ev).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab() != Tab::Round {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    // 120 columns: "Player 11 (11) +1" whole, where 20 columns a side cut
    // every two-digit name to "Player …".
    let s = screen(&m);
    for name in &names {
        let no = &name["Player ".len()..];
        assert!(s.contains(&format!("{name} ({no})")), "{name}\n{s}");
    }
    assert!(!s.contains('…'), "{s}");
    // The Results tab: the clock columns as wide as their headings.
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let s = screen(&m);
    assert!(s.contains("black used"), "{s}");
    assert!(s.contains("Player 11 (11)"), "{s}");
}
