//! One knockout's final ranks, everywhere: the CLI's standings, the
//! printed standings, the published site and the TUI's Standings and
//! Crosstable tabs all say the same, on a cup with play-off games, an
//! armageddon and a third-place match.

use super::*;
use qishe::app::{App, EventStandings};
use qishe::i18n::Lang;

/// Eight players, `games:2, armageddon`, a third-place match. Round 1:
/// S04–S05 is drawn, the play-off games split and the armageddon drawn
/// (black, S05, goes through); the rest go to the favourites. The
/// semi-finals go to S01 and S02; S05 wins the third-place match against
/// S03 and S02 wins the final.
fn cup() -> Club {
    let c = club(8);
    knockout(
        &c,
        "杯赛",
        8,
        &["--third-place", "--playoff", "games:2,armageddon"],
    );
    pair(&c, "杯赛");
    assert_eq!(due(&c, "杯赛", 1, 2).1, "S04");
    play(&c, "杯赛", 1, 2, None, &[]);
    play(&c, "杯赛", 1, 2, Some("S05"), &[]);
    play(&c, "杯赛", 1, 2, Some("S04"), &[]);
    let (_, red, _) = due(&c, "杯赛", 1, 2);
    assert_eq!(red, "S04", "the armageddon: the higher seed has red");
    play(&c, "杯赛", 1, 2, None, &[]);
    favourites_win(&c, "杯赛", 1);
    let b = bracket(&c, "杯赛");
    assert_eq!(
        decided(&b, 1, 2),
        (Some("S05".into()), Some("armageddon".into()))
    );
    pair(&c, "杯赛");
    favourites_win(&c, "杯赛", 2);
    pair(&c, "杯赛");
    play(&c, "杯赛", 3, 1, Some("S02"), &[]);
    play(&c, "杯赛", 3, 2, Some("S05"), &[]);
    assert_eq!(bracket(&c, "杯赛")["champion"], "S02");
    c
}

const RANKS: [(&str, &str); 8] = [
    ("1", "S02"),
    ("2", "S01"),
    ("3", "S05"),
    ("4", "S03"),
    ("5=", "S04"),
    ("5=", "S06"),
    ("5=", "S07"),
    ("5=", "S08"),
];

/// (rank, name) pairs of a CSV with `rank` and `name` columns (any
/// language: the first and the name column found by its values).
fn csv_ranks(csv: &str) -> Vec<(String, String)> {
    csv.trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            let name = cells
                .iter()
                .find(|c| c.starts_with('S') && c.len() == 3)
                .unwrap_or_else(|| panic!("no name in {l}"));
            (cells[0].to_string(), name.to_string())
        })
        .collect()
}

fn want() -> Vec<(String, String)> {
    RANKS
        .iter()
        .map(|(r, n)| (r.to_string(), n.to_string()))
        .collect()
}

#[test]
fn a_knockouts_ranks_agree_in_the_cli_the_print_the_site_and_the_tui() {
    let c = cup();
    // The CLI.
    let cli = c.ok(&["standings", "杯赛", "--format", "csv"]);
    assert_eq!(csv_ranks(&cli), want(), "{cli}");
    // The printed standings.
    let printed = c.ok(&["print", "standings", "杯赛", "--format", "csv"]);
    assert_eq!(csv_ranks(&printed), want(), "{printed}");
    let text = c.ok(&["print", "standings", "杯赛", "--lang", "zh-Hans"]);
    let order: Vec<usize> = RANKS
        .iter()
        .map(|(_, n)| text.find(n).unwrap_or_else(|| panic!("{n}:\n{text}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
    // The published site: its standings page lists them in that order.
    let site = c.path("site");
    c.ok(&["publish", "杯赛", "-o", site.to_str().unwrap()]);
    let page = std::fs::read_dir(&site)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|f| f.to_string_lossy().starts_with("standings"))
        })
        .max()
        .expect("a standings page");
    let html = std::fs::read_to_string(&page).unwrap();
    let order: Vec<usize> = RANKS
        .iter()
        .map(|(_, n)| {
            html.find(&format!(">{n}<"))
                .unwrap_or_else(|| panic!("{n}:\n{html}"))
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{html}");
    assert!(html.contains(">3<") && html.contains(">4<"), "{html}");
    // The TUI: the Standings tab and its screen, in 简体.
    let config = qishe::config::Config {
        language: Some(Lang::ZhHans),
        ..Default::default()
    };
    let app = App::open(config, &c.db).unwrap();
    let mut m = qishe::tui::Model::load(&app).unwrap();
    let mut app = app;
    let ev = m.events().iter().position(|e| e.name == "杯赛").unwrap();
    crate::common::tui::go(
        &mut app,
        &mut m,
        crate::common::tui::k(crossterm::event::KeyCode::Tab),
    );
    m.select_event(ev);
    crate::common::tui::go(
        &mut app,
        &mut m,
        crate::common::tui::k(crossterm::event::KeyCode::Enter),
    );
    let Some(EventStandings::Knockout(st)) = m.ev().standings() else {
        panic!("a knockout's standings: {:?}", m.ev().standings());
    };
    let tui: Vec<(String, String)> = st
        .rows
        .iter()
        .map(|r| (r.rank.clone(), r.entry.name.clone()))
        .collect();
    assert_eq!(tui, want());
    while m.tab() != qishe::tui::Tab::Standings {
        crate::common::tui::go(
            &mut app,
            &mut m,
            crate::common::tui::k(crossterm::event::KeyCode::Tab),
        );
    }
    let s = screen(&m);
    let order: Vec<usize> = RANKS
        .iter()
        .map(|(r, n)| {
            s.lines()
                .position(|l| l.contains(n) && l.contains(r))
                .unwrap_or_else(|| panic!("{r} {n}:\n{s}"))
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{s}");
    assert!(s.contains("冠军") && s.contains("最终名次"), "{s}");
    assert!(s.contains("决赛") && s.contains("四分之一决赛"), "{s}");
    // The Crosstable tab: the bracket from each player's side.
    crate::common::tui::go(
        &mut app,
        &mut m,
        crate::common::tui::k(crossterm::event::KeyCode::Tab),
    );
    assert_eq!(m.tab(), qishe::tui::Tab::Crosstable);
    let s = screen(&m);
    assert!(s.contains("+S01") || s.contains("-S01"), "{s}");
    assert!(s.contains("半决赛"), "{s}");
    // The events list calls it a knockout.
    crate::common::tui::go(
        &mut app,
        &mut m,
        crate::common::tui::k(crossterm::event::KeyCode::Esc),
    );
    let s = screen(&m);
    assert!(s.contains("淘汰赛") && !s.contains("积分编排"), "{s}");
}

fn screen(m: &qishe::tui::Model) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| qishe::tui::view(m, f)).unwrap();
    format!("{}", t.backend())
}
