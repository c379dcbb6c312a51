//! The games export in the TUI's Print box, and beside it the team result
//! form's colours, a knockout's crosstable in progress and the events list
//! of a decided knockout.

use crate::common::tui::{go, k, typed};
use crate::tui_night::{club, open, result};
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::domain::Outcome;
use qishe::i18n::Lang;
use qishe::tui::{Model, Tab};

/// Print box: document `doc`, format `format`, file `path`.
fn export_to(app: &mut App, m: &mut Model, doc: &str, format: &str, path: &str) {
    go(app, m, k(KeyCode::Enter));
    let docs = m.form().unwrap().fields[0].choices.clone();
    assert!(docs.iter().any(|d| d == doc), "{doc}: {docs:?}");
    while m.form().unwrap().value("tui.print.doc") != doc {
        go(app, m, k(KeyCode::Right));
    }
    go(app, m, k(KeyCode::Tab));
    let formats = m.form().unwrap().fields[1].choices.clone();
    assert_eq!(formats, ["pgn", "csv"], "the games export's formats");
    while m.form().unwrap().value("tui.print.format") != format {
        go(app, m, k(KeyCode::Right));
    }
    for _ in 0..2 {
        go(app, m, k(KeyCode::Tab));
    }
    typed(app, m, path);
    go(app, m, k(KeyCode::Enter));
}

/// The Print box offers the games export; it writes every game of the
/// event as PGN (read back by qishe's reader) or CSV, and asks before it
/// replaces a file.
#[test]
fn the_print_box_writes_the_games_export() {
    let (mut app, _) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::RedWin);
    result(&mut app, 1, 2, Outcome::Draw);
    let dir = tempfile::tempdir().unwrap();
    let mut m = open(&mut app, Tab::Print);
    let pgn = dir.path().join("games.pgn");
    export_to(&mut app, &mut m, "games", "pgn", pgn.to_str().unwrap());
    assert!(m.confirm().is_none(), "{:?}", m.status().cloned());
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = qishe::xiangqi::read_pgn(&text).unwrap();
    assert_eq!(games.len(), 4, "round 1's four boards: {text}");
    assert_eq!(games[0].tag("Event"), Some("周赛"));
    assert_eq!(games[0].tag("Round"), Some("1.1"));
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].result.as_deref(), Some("1/2-1/2"));
    let csv = dir.path().join("games.csv");
    export_to(&mut app, &mut m, "games", "csv", csv.to_str().unwrap());
    let bytes = std::fs::read(&csv).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with("\u{feff}round,"), "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
    // Over an existing file: a question first.
    std::fs::write(&csv, "keep me").unwrap();
    export_to(&mut app, &mut m, "games", "csv", csv.to_str().unwrap());
    assert!(m.confirm().is_some(), "{:?}", m.status().cloned());
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "keep me");
}

/// Two teams of two, two boards, two games a board (分先): round 1 paired.
fn two_game_league() -> App {
    use qishe::domain::{EventSettings, PairingSystem};
    let s = EventSettings {
        system: PairingSystem::Berger,
        rounds: 1,
        scheme: "two-game".into(),
        games_per_round: 2,
        ..Default::default()
    };
    let teams: [(&str, &[&str]); 2] =
        [("East", &["East1", "East2"]), ("West", &["West1", "West2"])];
    let (mut app, ev) = crate::common::tui::team_league_in(
        Lang::En,
        "League",
        &s,
        2,
        &teams,
        |t, i| 2400 - 100 * t as i32 - (i as i32 + 1),
        None,
    );
    app.pair_team_round(ev).unwrap();
    app
}

fn screen(m: &Model) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| qishe::tui::view(m, f)).unwrap();
    format!("{}", t.backend())
}

/// On a team board of two games, the result form names the red and black
/// of the game it holds: game 2 has game 1's colours swapped.
#[test]
fn the_team_result_form_names_the_red_and_black_of_its_game() {
    use crate::common::tui::c;
    let mut app = two_game_league();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab() != Tab::Teams {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, c('v'));
    let r = app
        .team_round_view(app.find_event("League").unwrap().key(), None)
        .unwrap();
    let b = &r.matches[0].boards[0];
    let (red, black) = match b.home_red {
        true => (b.home.clone(), b.away.clone()),
        false => (b.away.clone(), b.home.clone()),
    };
    go(&mut app, &mut m, c('r'));
    let s = screen(&m);
    let game1 = format!("game 1: red {red} – black {black}");
    assert!(s.contains(&game1), "{game1}:\n{s}");
    go(&mut app, &mut m, k(KeyCode::Enter));
    // Back on board 1: its game 2, with the colours swapped.
    if m.teams().unwrap().sel != 0 {
        go(&mut app, &mut m, k(KeyCode::Up));
    }
    go(&mut app, &mut m, c('b'));
    let s = screen(&m);
    let game2 = format!("game 2: red {black} – black {red}");
    assert!(s.contains(&game2), "{game2}:\n{s}");
    // The title names the board, not game 1's red and black.
    assert!(!s.contains(&format!("red {red} – black {black}")), "{s}");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let ev = app.find_event("League").unwrap().key();
    let g2 = app
        .games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.board == b.number.get() && g.game.game_no == 2)
        .expect("game 2 stored");
    let (r2, b2) = app.game_players(ev, &g2.game).unwrap();
    assert_eq!((r2, b2), (black, red), "game 2 as the form named it");
    assert_eq!(g2.game.outcome, Outcome::BlackWin);
}

/// A knockout in progress: the TUI crosstable says where each player went
/// out and that the others are still in, as the printed crosstable does,
/// so the players ranked 1= together are not read as joint winners.
#[test]
fn a_knockout_crosstable_in_progress_says_who_is_still_in() {
    use qishe::app::{BoardNo, ResultInput, RoundNo};
    let (mut app, ev) = crate::common::tui::cup_in(Lang::En, &["P1", "P2", "P3", "P4"], &[]);
    app.event_pair(ev).unwrap();
    for board in 1..=2 {
        app.record_result(
            ev,
            RoundNo(1),
            BoardNo(board),
            &ResultInput {
                outcome: Some(Outcome::RedWin),
                ..Default::default()
            },
        )
        .unwrap();
    }
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab() != Tab::Crosstable {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let s = screen(&m);
    assert!(s.contains("out in"), "the column:\n{s}");
    let still: Vec<&str> = s.lines().filter(|l| l.contains("still in")).collect();
    assert_eq!(still.len(), 2, "the two finalists:\n{s}");
    // They share places 1 to 2, not 1= as if both had won.
    assert!(
        still
            .iter()
            .all(|l| l.trim_start_matches('"').starts_with("1–2")),
        "{s}"
    );
    assert!(!s.contains("1="), "{s}");
    let out = s.lines().filter(|l| l.contains("3=")).count();
    assert_eq!(out, 2, "the semi-final losers:\n{s}");
    // The printed crosstable says the same.
    let doc = app
        .print_doc(ev, qishe::app::print::DocKind::Crosstable, None, Lang::En)
        .unwrap();
    let text = qishe::app::print::render(
        &doc,
        qishe::app::print::OutputFormat::Text { lines_per_page: 60 },
    )
    .unwrap();
    assert_eq!(text.matches("still in").count(), 2, "{text}");
    assert_eq!(text.matches("1–2").count(), 2, "{text}");
    assert!(!text.contains("1="), "{text}");
    // CSV keeps the rank as the ranking has it.
    let csv = qishe::app::print::render(&doc, qishe::app::print::OutputFormat::Csv).unwrap();
    assert_eq!(csv.matches("1=").count(), 2, "{csv}");
}

/// The events list says a knockout's champion is decided once its final
/// has a result, before `event finish`.
#[test]
fn the_events_list_says_a_knockouts_champion_is_decided() {
    use qishe::app::{BoardNo, ResultInput, RoundNo};
    let (mut app, ev) = crate::common::tui::cup_in(Lang::En, &["P1", "P2"], &[]);
    app.event_pair(ev).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(screen(&m).contains("running"), "{}", screen(&m));
    app.record_result(
        ev,
        RoundNo(1),
        BoardNo(1),
        &ResultInput {
            outcome: Some(Outcome::RedWin),
            ..Default::default()
        },
    )
    .unwrap();
    m.refresh(&app).unwrap();
    let s = screen(&m);
    assert!(s.contains("decided") && !s.contains("running"), "{s}");
}
