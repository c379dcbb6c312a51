//! The served pages in the TUI: the Results tab's conflict pop-up (two
//! different reports for one board), and the serve form of `W` (local or
//! the club's network, the port, the PIN; remembered; the phones' address
//! and a QR code that scans).

use crate::common::tui::{c, go, k};
use crate::tui_night::{club, open, screen};
use crossterm::event::KeyCode;
use qishe::app::EventId;
use qishe::app::{BoardNo, RoundNo};
use qishe::domain::Outcome;
use qishe::i18n::Lang;
use qishe::tui::model::Modal;
use qishe::tui::Tab;

fn outcome(app: &qishe::app::App, ev: EventId, board: u32) -> Outcome {
    app.games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == board && g.game.game_no == 1)
        .map_or(Outcome::Unplayed, |g| g.game.outcome)
}

#[test]
fn a_conflicting_board_is_marked_and_enter_lists_its_reports_to_pick_from() {
    let (mut app, ev) = club(Lang::En);
    app.report_result(ev, RoundNo(1), BoardNo(2), "1-0", "192.168.1.31")
        .unwrap();
    app.report_result(ev, RoundNo(1), BoardNo(2), "0-1", "192.168.1.47")
        .unwrap();
    app.report_result(ev, RoundNo(1), BoardNo(3), "1/2-1/2", "192.168.1.52")
        .unwrap();
    let mut m = open(&mut app, Tab::Results);
    m.refresh_reports(&app);
    let s = screen(&m, 110, 24);
    let row = |s: &str, b: &str| {
        s.lines()
            .find(|l| l.trim_start_matches('"').trim_start().starts_with(b))
            .unwrap_or_else(|| panic!("no board {b}:\n{s}"))
            .to_string()
    };
    assert!(row(&s, "2 ").contains("✉≠"), "the conflict mark:\n{s}");
    assert!(
        !row(&s, "3 ").contains('≠') && row(&s, "3 ").contains('✉'),
        "agreeing reports are not a conflict:\n{s}"
    );
    // Enter on board 2: the pop-up lists both reports, who and when.
    go(&mut app, &mut m, c('2'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(
        matches!(m.modal(), Some(Modal::Reports(_))),
        "{:?}",
        m.modal()
    );
    let s = screen(&m, 110, 24);
    for want in [
        "Reports disagree",
        "(1-0)",
        "(0-1)",
        "192.168.1.31",
        "192.168.1.47",
    ] {
        assert!(s.contains(want), "{want}:\n{s}");
    }
    // Esc closes it and changes nothing.
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.modal().is_none());
    assert_eq!(outcome(&app, ev, 2), Outcome::Unplayed);
    // The arbiter picks the second report: it stands, the reports close.
    go(&mut app, &mut m, c('2'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, k(KeyCode::Down));
    assert!(matches!(m.modal(), Some(Modal::Reports(r)) if r.sel == 1));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(
        m.modal().is_none(),
        "{:?} {:?}",
        m.modal(),
        m.status().cloned()
    );
    assert_eq!(outcome(&app, ev, 2), Outcome::BlackWin);
    assert!(app
        .pending_reports(ev)
        .unwrap()
        .iter()
        .all(|p| p.board != BoardNo(2)));
    // Undo takes it back.
    app.undo().unwrap();
    assert_eq!(outcome(&app, ev, 2), Outcome::Unplayed);
}

#[test]
fn in_the_conflict_pop_up_a_result_key_enters_the_arbiters_own() {
    let (mut app, ev) = club(Lang::ZhHans);
    app.report_result(ev, RoundNo(1), BoardNo(1), "1-0", "10.0.0.5")
        .unwrap();
    app.report_result(ev, RoundNo(1), BoardNo(1), "0-1", "10.0.0.6")
        .unwrap();
    let mut m = open(&mut app, Tab::Results);
    m.refresh_reports(&app);
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = screen(&m, 110, 24);
    assert!(s.contains("报告不一致") && s.contains("红胜"), "{s}");
    go(&mut app, &mut m, c('d'));
    assert!(m.modal().is_none(), "{:?}", m.modal());
    assert_eq!(outcome(&app, ev, 1), Outcome::Draw);
    assert!(app.pending_reports(ev).unwrap().is_empty());
}

/// A port free on this computer now.
fn free_port(ip: &str) -> u16 {
    std::net::TcpListener::bind((ip, 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Replaces the focused form field's text with `value`.
fn retype(app: &mut qishe::app::App, m: &mut qishe::tui::Model, value: &str) {
    let n = {
        let f = m.form().unwrap();
        f.fields[f.focus].value.chars().count()
    };
    for _ in 0..n {
        go(app, m, k(KeyCode::Backspace));
    }
    crate::common::tui::typed(app, m, value);
}

fn field(m: &qishe::tui::Model, label: &str) -> String {
    m.form()
        .unwrap()
        .fields
        .iter()
        .find(|f| f.label == label)
        .unwrap_or_else(|| panic!("no field {label}"))
        .value
        .clone()
}

fn served_lines(m: &qishe::tui::Model) -> Vec<String> {
    match m.modal() {
        Some(Modal::Served { lines, .. }) => lines.clone(),
        other => panic!("no served box: {other:?}"),
    }
}

/// The QR code drawn on screen, read back from the cells drawn black on
/// white: its module rows (`true` = dark), quiet zone included.
fn code_on_screen(m: &qishe::tui::Model, w: u16, h: u16) -> Vec<Vec<bool>> {
    use ratatui::style::Color;
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| qishe::tui::view(m, f)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut rows: Vec<(u16, Vec<(u16, String)>)> = Vec::new();
    for y in 0..h {
        let cells: Vec<(u16, String)> = (0..w)
            .filter_map(|x| {
                let c = &buf[(x, y)];
                (c.fg == Color::Black && c.bg == Color::White).then(|| (x, c.symbol().to_string()))
            })
            .collect();
        if !cells.is_empty() {
            rows.push((y, cells));
        }
    }
    let mut modules = Vec::new();
    for (i, (y, cells)) in rows.iter().enumerate() {
        assert_eq!(*y, rows[0].0 + i as u16, "the code's lines are together");
        let x0 = cells[0].0;
        for (j, (x, _)) in cells.iter().enumerate() {
            assert_eq!(*x, x0 + j as u16, "the code's columns are together");
        }
        let (top, bottom): (Vec<bool>, Vec<bool>) = cells
            .iter()
            .map(|(_, s)| match s.as_str() {
                "█" => (true, true),
                "▀" => (true, false),
                "▄" => (false, true),
                " " => (false, false),
                other => panic!("not a half block: {other:?}"),
            })
            .unzip();
        modules.push(top);
        modules.push(bottom);
    }
    modules
}

#[test]
fn w_asks_how_to_serve_remembers_it_and_shows_the_phones_address_with_a_code_that_scans() {
    let night = crate::serve::night();
    let mut app = qishe::app::App::open(crate::common::tui::config(Lang::En), &night.db).unwrap();
    let mut m = open(&mut app, Tab::Round);
    // W: the form, filled with the default: this computer only, 8080,
    // no PIN.
    go(&mut app, &mut m, c('W'));
    assert_eq!(field(&m, "tui.field.serve_reach"), "local");
    assert_eq!(field(&m, "tui.field.port"), "8080");
    assert_eq!(field(&m, "tui.field.entry_pin"), "");
    let s = screen(&m, 100, 30);
    assert!(
        s.contains("this computer only") && s.contains("reporting PIN"),
        "{s}"
    );
    // A port that is no port: said, nothing served, nothing stored.
    go(&mut app, &mut m, k(KeyCode::Tab));
    retype(&mut app, &mut m, "99999");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_some(), "the form stays");
    assert!(
        m.status()
            .cloned()
            .as_ref()
            .is_some_and(|s| s.1 && s.0.contains("99999")),
        "{:?}",
        m.status().cloned()
    );
    // This computer only, on a free port: served there; no code, since a
    // phone cannot open this computer's own address.
    let local = free_port("127.0.0.1");
    retype(&mut app, &mut m, &local.to_string());
    go(&mut app, &mut m, k(KeyCode::Enter));
    let lines = served_lines(&m).join("\n");
    assert!(lines.contains(&format!("127.0.0.1:{local}")), "{lines}");
    assert!(lines.contains("only this computer"), "{lines}");
    assert!(lines.contains("no reporting PIN"), "{lines}");
    assert!(matches!(m.modal(), Some(Modal::Served { qr, .. }) if qr.is_empty()));
    let events = crate::serve::get(([127, 0, 0, 1], local).into(), "/api/events");
    assert_eq!(events.status, 200);
    go(&mut app, &mut m, k(KeyCode::Esc));
    // W again: the choice remembered. Now the club's network, another
    // port and a PIN.
    go(&mut app, &mut m, c('W'));
    assert_eq!(field(&m, "tui.field.serve_reach"), "local");
    assert_eq!(field(&m, "tui.field.port"), local.to_string());
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(field(&m, "tui.field.serve_reach"), "lan");
    go(&mut app, &mut m, k(KeyCode::Tab));
    let lan = free_port("0.0.0.0");
    retype(&mut app, &mut m, &lan.to_string());
    go(&mut app, &mut m, k(KeyCode::Tab));
    crate::common::tui::typed(&mut app, &mut m, "2468");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let lines = served_lines(&m).join("\n");
    assert!(
        !lines.contains("0.0.0.0"),
        "phones cannot open 0.0.0.0:\n{lines}"
    );
    let phones = qishe::serve::reachable_addresses(([0, 0, 0, 0], lan).into());
    assert!(lines.contains(&format!("http://{}/", phones[0])), "{lines}");
    assert!(!lines.contains("no reporting PIN"), "{lines}");
    assert_eq!(app.entry_pin(ev_id()).unwrap().as_deref(), Some("2468"));
    let url = qishe::serve::event_url(([0, 0, 0, 0], lan).into(), 1, Lang::En);
    assert!(lines.contains(&url), "{lines}");
    // The old server stopped, the new one answers.
    assert!(std::net::TcpStream::connect(("127.0.0.1", local)).is_err());
    assert_eq!(
        crate::serve::get(([127, 0, 0, 1], lan).into(), "/api/events").status,
        200
    );
    // The code on screen is the event's address, dark modules dark, with
    // a quiet zone of four light modules; whole on a wide screen and on
    // an 80×24 one.
    let want = qishe::report::QrPart::new("", &url).unwrap();
    for (w, h) in [(120, 40), (80, 24)] {
        let got = code_on_screen(&m, w, h);
        let q = qishe::serve::qr::QUIET;
        let size = want.width + 2 * q;
        assert!(got.len() >= size, "{w}×{h}: {} module rows", got.len());
        for (y, row) in got.iter().enumerate().take(size) {
            assert_eq!(row.len(), size, "{w}×{h}: row {y}");
            for (x, &dark) in row.iter().enumerate() {
                let inside = x >= q && y >= q && x < q + want.width && y < q + want.width;
                let expect = inside && want.at(x - q, y - q);
                assert_eq!(dark, expect, "{w}×{h}: module ({x}, {y})");
            }
        }
        // The finder pattern's corner: dark.
        assert!(got[q][q], "{w}×{h}");
    }
    // Remembered for the next time, and undoable like every write.
    let choice = app.serve_choice(ev_id()).unwrap();
    assert!(choice.lan && choice.port == lan);
    app.undo().unwrap();
    let choice = app.serve_choice(ev_id()).unwrap();
    assert!(!choice.lan && choice.port == local && choice.pin.is_none());
    qishe::serve::stop_background();
}

fn ev_id() -> EventId {
    EventId(1)
}
