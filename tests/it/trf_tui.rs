//! TRF files in the TUI: the events list imports another program's file
//! (`i`) as `qishe import trf` does, a bad file is refused by its line and
//! column with nothing made, and the Print tab writes TRF-2026 or TRF-16
//! as `export trf --trf` does.

use crate::common::tui::{c, config, go, k, typed};
use crate::common::Club;
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::i18n::Lang;
use qishe::tui::worker;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

fn full_2026() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/trf2026/full_2026.trf")
}

/// The events list's import form, its file typed and submitted.
fn import(app: &mut App, m: &mut Model, path: &Path) {
    go(app, m, c('i'));
    let f = m.form().expect("the import form");
    assert_eq!(f.fields[0].label, "tui.field.path");
    typed(app, m, path.to_str().unwrap());
    go(app, m, k(KeyCode::Enter));
    // Read and stored on a worker, as a members import is.
    let job = m.job().expect("the import went to a worker");
    assert_eq!(job.label, "tui.msg.importing");
    assert!(worker::wait(app, m, Duration::from_secs(60)));
}

/// `i` on the events list makes the event the CLI's `import trf` makes
/// of the same file (their exports are the same file) and opens it on its
/// Standings tab, the count said in Chinese.
#[test]
fn the_events_list_imports_a_trf_file_as_the_cli_does() {
    let club = Club::new();
    let mut app = App::open(config(Lang::ZhHans), &club.db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    // The key is in the help of the events list.
    go(&mut app, &mut m, c('?'));
    let help = screen(&m);
    assert!(help.contains("i") && help.contains("导入TRF"), "{help}");
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.modal().is_none());
    import(&mut app, &mut m, &full_2026());
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let (said, err) = m.status().cloned().unwrap();
    assert!(!err, "{said}");
    assert!(
        said.contains("已导入 Spring Open 2026: 10 名棋手, 3 轮"),
        "{said}"
    );
    assert_eq!(m.screen(), Screen::Event);
    assert_eq!(m.tab(), Tab::Standings);
    let shown = screen(&m);
    assert!(shown.contains("Spring Open 2026"), "{shown}");
    let tui_event = app.find_event("Spring Open 2026").unwrap();

    let other = Club::new();
    other.ok(&["import", "trf", full_2026().to_str().unwrap()]);
    let cli_export = other.ok(&["export", "trf", "Spring Open 2026"]);
    let tui_export = app.export_trf(tui_event.key()).unwrap();
    let body = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with("###"))
            .map(|l| l.trim_end().to_string())
            .collect()
    };
    assert_eq!(body(&tui_export), body(&cli_export));
}

/// A file with a mistake is refused by its name, line and column on the
/// status line; no event is made and the form stays for a corrected path.
#[test]
fn a_bad_trf_file_is_refused_where_it_is_wrong_and_nothing_is_made() {
    let club = Club::new();
    let text = std::fs::read_to_string(full_2026()).unwrap();
    // A letter where the first player's rating stands.
    let bad = text.replacen(" 2680 CHN", " 26x0 CHN", 1);
    assert_ne!(bad, text);
    let path = club.path("坏文件.trf");
    std::fs::write(&path, &bad).unwrap();
    let mut app = App::open(config(Lang::ZhHans), &club.db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    import(&mut app, &mut m, &path);
    let (said, err) = m.status().cloned().unwrap();
    assert!(err, "{said}");
    let cli = club.fails(&["import", "trf", path.to_str().unwrap()]);
    let line = bad
        .split(['\r', '\n'])
        .position(|l| l.contains("26x0"))
        .unwrap()
        + 1;
    // The rating's place, as the CLI says it.
    assert!(said.contains(&format!("第{line}行第49列")), "{said}");
    assert!(cli.contains(&format!("line {line}, column 49")), "{cli}");
    assert!(said.contains("坏文件.trf"), "{said}");
    assert!(m.form().is_some(), "the form stays");
    assert!(app.events().unwrap().is_empty(), "nothing made");
    // Esc asks before it throws the typed path away; y closes it.
    crate::common::tui::discard_form(&mut app, &mut m);
    assert!(m.form().is_none());
}

/// The Print tab writes the event's TRF file as `export trf --trf 2026`
/// (its first choice) or `--trf 2016` does.
#[test]
fn the_print_tab_writes_trf_2026_or_trf_16_as_the_cli_does() {
    let club = Club::new();
    club.ok(&["import", "trf", full_2026().to_str().unwrap()]);
    let mut app = App::open(config(Lang::En), &club.db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab() != Tab::Print {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    for (choice, version) in [("trf-2026", "2026"), ("trf-2016", "2016")] {
        let out = club.path(&format!("out-{version}.trf"));
        go(&mut app, &mut m, k(KeyCode::Enter));
        while m.form().unwrap().value("tui.print.doc") != "trf" {
            go(&mut app, &mut m, k(KeyCode::Right));
        }
        go(&mut app, &mut m, k(KeyCode::Tab));
        let formats = m.form().unwrap().fields[1].choices.clone();
        assert_eq!(formats, ["trf-2026", "trf-2016"]);
        let drawn = screen(&m);
        assert!(drawn.contains("TRF-2026"), "{drawn}");
        while m.form().unwrap().value("tui.print.format") != choice {
            go(&mut app, &mut m, k(KeyCode::Right));
        }
        if choice == "trf-2016" {
            assert!(screen(&m).contains("TRF-16 (for older programs)"));
        }
        for _ in 0..2 {
            go(&mut app, &mut m, k(KeyCode::Tab));
        }
        typed(&mut app, &mut m, out.to_str().unwrap());
        go(&mut app, &mut m, k(KeyCode::Enter));
        assert!(m.form().is_none(), "{:?}", m.status().cloned());
        let written = std::fs::read_to_string(&out).unwrap();
        let cli = club.ok(&["export", "trf", "Spring Open 2026", "--trf", version]);
        let body = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| !l.starts_with("###"))
                .map(|l| l.trim_end().to_string())
                .collect()
        };
        assert_eq!(body(&written), body(&cli), "{version}");
        let edition_line = match version {
            "2026" => "\n142 ",
            _ => "\nXXR ",
        };
        assert!(written.contains(edition_line), "{version}: {written}");
    }
}
