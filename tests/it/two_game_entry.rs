//! A round of two games (分先, the two-game scheme) entered as a secretary
//! does: each game's result in turn, in the CLI (`--game 2`) and on the
//! TUI's Results tab (the form's game field), and what a round won one
//! game each still needs (the moves that decide it) said at entry.

use crate::common::tui::{go, k, typed};
use crate::common::Club;
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::i18n::Lang;
use qishe::tui::Model;

/// Four members in a two-game event 分先赛 (Dutch, two games a round),
/// round 1 paired: board 1 is A (red in game 1) against C.
fn two_game_club() -> Club {
    let club = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
        club.ok(&["player", "add", n, "--rating", r]);
    }
    club.dutch_event(
        "分先赛",
        &["--scheme", "two-game", "--games-per-round", "2"],
        &["A", "B", "C", "D"],
    );
    club.ok(&["round", "pair", "分先赛"]);
    club
}

fn stderr_of(club: &Club, locale: &str, args: &[&str]) -> String {
    let o = club.run_lang(locale, args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stderr).unwrap()
}

#[test]
fn a_round_won_one_game_each_says_at_entry_that_the_moves_are_missing() {
    let club = two_game_club();
    // Game 1 to A (red), game 2 to C (red in game 2): one game each.
    assert_eq!(
        stderr_of(&club, "zh_CN.UTF-8", &["result", "分先赛", "1", "1", "1-0"]),
        "",
        "one game in: nothing is missing yet"
    );
    let cases = [
        (
            "zh_CN.UTF-8",
            "注意: ",
            "新分先制需要步数, 但没有录入",
            "补录之前无法计算名次",
        ),
        (
            "zh_TW.UTF-8",
            "注意: ",
            "新分先制需要步數, 但沒有錄入",
            "補錄之前無法計算名次",
        ),
        (
            "en_US.UTF-8",
            "note: ",
            "the two-game scheme needs the number of moves",
            "standings cannot be computed",
        ),
    ];
    for (locale, head, what, then) in cases {
        let err = stderr_of(
            &club,
            locale,
            &["result", "分先赛", "1", "1", "1-0", "--game", "2"],
        );
        assert!(err.starts_with(head), "{locale}: {err}");
        assert!(err.contains(what) && err.contains(then), "{locale}: {err}");
        assert!(err.contains("qishe result 分先赛 1 1"), "{locale}: {err}");
    }
    // The standings say the same until the moves are in.
    let o = club.run_lang("zh_CN.UTF-8", &["standings", "分先赛"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("新分先制需要步数"));
    // With both games' moves, C won his game in fewer moves: C takes the
    // round, and nothing more is asked.
    club.ok(&["result", "分先赛", "1", "1", "1-0", "--moves", "40"]);
    let err = stderr_of(
        &club,
        "zh_CN.UTF-8",
        &[
            "result",
            "分先赛",
            "1",
            "1",
            "1-0",
            "--game",
            "2",
            "--moves",
            "35",
        ],
    );
    assert_eq!(err, "", "decided: no note");
    club.ok(&["result", "分先赛", "1", "2", "1-0"]);
    club.ok(&["result", "分先赛", "1", "2", "0-1", "--game", "2"]);
    let csv = club.ok(&["standings", "分先赛", "--format", "csv"]);
    let rank_of = |name: &str| {
        csv.lines()
            .position(|l| l.split(',').any(|f| f == name))
            .unwrap_or_else(|| panic!("{name} in {csv}"))
    };
    assert!(rank_of("C") < rank_of("A"), "{csv}");
}

#[test]
fn a_draw_is_taken_as_one_half_as_chess_secretaries_write_it() {
    let club = two_game_club();
    for draw in ["1/2", "½", "1/2-1/2", "和"] {
        club.ok(&["result", "分先赛", "1", "2", draw]);
        let shown = club.ok(&["round", "show", "分先赛", "1"]);
        assert!(shown.contains("1/2-1/2"), "{draw}: {shown}");
        club.ok(&["undo"]);
    }
}

fn results_tab(club: &Club, lang: Lang) -> (App, Model) {
    crate::common::tui::results_tab(&club.db, lang)
}

fn moves_of(app: &App, game: u32) -> Option<u32> {
    let ev = app.find_event("分先赛").unwrap().key();
    app.games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == 1 && g.game.game_no == game)
        .unwrap_or_else(|| panic!("game {game} of board 1"))
        .game
        .facts
        .moves
}

#[test]
fn the_results_tab_enters_the_second_game_and_shows_that_games_own_facts() {
    let club = two_game_club();
    club.ok(&["result", "分先赛", "1", "1", "1-0", "--moves", "40"]);
    let (mut app, mut m) = results_tab(&club, Lang::ZhHans);
    // Board 1 (typed before the key): the form opens on game 2, the one
    // still due, with no moves of game 1 in it.
    typed(&mut app, &mut m, "1r");
    let f = m.form().expect("result form");
    assert_eq!(f.value("tui.field.game"), "2", "{:?}", f.kind);

    assert_eq!(f.value("tui.field.moves"), "");
    // Naming game 1 shows game 1's moves; back to game 2, none.
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "1");
    assert_eq!(m.form().unwrap().value("tui.field.moves"), "40");
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "2");
    assert_eq!(m.form().unwrap().value("tui.field.moves"), "");
    // Game 2 without moves: saved, and the note says what decides it.
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().expect("status");
    assert!(!err, "{msg}");
    assert!(
        msg.contains("注意") && msg.contains("新分先制需要步数"),
        "{msg}"
    );
    // Its moves added through the form: game 2 holds 35, game 1 keeps 40.
    typed(&mut app, &mut m, "1r");
    let f = m.form_mut().unwrap();
    f.focus = 0;
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "2");
    let f = m.form_mut().unwrap();
    f.focus = f
        .fields
        .iter()
        .position(|x| x.label == "tui.field.moves")
        .unwrap();
    typed(&mut app, &mut m, "35");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, _) = m.status().cloned().expect("status");
    assert!(!msg.contains("注意"), "{msg}");
    assert_eq!(moves_of(&app, 1), Some(40));
    assert_eq!(moves_of(&app, 2), Some(35));
}

/// A board without results: its form replaces nothing (the title showed
/// "← *", the paired game's placeholder, as if a result were there).
#[test]
fn the_form_of_a_board_without_results_replaces_nothing() {
    let club = two_game_club();
    let (mut app, mut m) = results_tab(&club, Lang::En);
    typed(&mut app, &mut m, "1r");
    let f = m.form().expect("result form");
    assert_eq!(f.value("tui.field.game"), "1");
    assert!(
        matches!(
            f.kind,
            qishe::tui::model::FormKind::Result { replaces: None, .. }
        ),
        "{:?}",
        f.kind
    );
    let screen = crate::tui_night::screen(&m, 100, 24);
    assert!(!screen.contains('←'), "{screen}");
}

#[test]
fn the_results_tab_shows_both_games_of_a_board_in_full() {
    let club = two_game_club();
    club.ok(&["result", "分先赛", "1", "1", "1-0"]);
    club.ok(&["result", "分先赛", "1", "1", "1-0", "--game", "2"]);
    let (_app, m) = results_tab(&club, Lang::ZhHans);
    let screen = crate::tui_night::screen(&m, 120, 20);
    assert!(screen.contains("红胜 红胜"), "{screen}");
}

#[test]
fn the_result_form_names_the_red_and_black_of_the_game_it_holds() {
    let club = two_game_club();
    club.ok(&["result", "分先赛", "1", "1", "1-0"]);
    let (mut app, mut m) = results_tab(&club, Lang::ZhHant);
    // Board 1's row shows A as red; game 2 is played the other way round,
    // and r means C (game 2's red) wins: the form says who that is.
    typed(&mut app, &mut m, "1r");
    let screen = crate::tui_night::screen(&m, 120, 30);
    assert!(screen.contains("第 2 盤 紅方 C – 黑方 A"), "{screen}");
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "1");
    let screen = crate::tui_night::screen(&m, 120, 30);
    assert!(screen.contains("第 1 盤 紅方 A – 黑方 C"), "{screen}");
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "2");
    go(&mut app, &mut m, k(KeyCode::Enter));
    // The status line says whose win it stored.
    let (msg, _) = m.status().cloned().expect("status");
    assert!(msg.contains("第 2 盤 紅方 C – 黑方 A: 紅勝"), "{msg}");
    let ev = app.find_event("分先赛").unwrap().key();
    let g2 = app
        .games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == 1 && g.game.game_no == 2)
        .expect("game 2");
    assert_eq!(g2.game.outcome, qishe::domain::Outcome::RedWin);
    let names = app.entries(ev).unwrap();
    let red = names.iter().find(|e| e.id == g2.game.red).unwrap();
    assert_eq!(red.name, "C", "game 2's red is the row's black");
}

#[test]
fn the_cli_names_the_red_and_black_of_the_game_it_stored() {
    let club = two_game_club();
    let o = club.run_lang("zh_CN.UTF-8", &["result", "分先赛", "1", "1", "1-0"]);
    let one = String::from_utf8(o.stdout).unwrap();
    assert!(
        one.contains("第1轮第1台第1局 (红方 A – 黑方 C): 1-0"),
        "{one}"
    );
    // Game 2 is played the other way round: 1-0 is C's win, and says so.
    let o = club.run_lang(
        "zh_TW.UTF-8",
        &["result", "分先赛", "1", "1", "1-0", "--game", "2"],
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("第1輪第1台第2局 (紅方 C – 黑方 A): 1-0"),
        "{out}"
    );
    let o = club.run_lang("C", &["result", "分先赛", "1", "2", "0-1"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("round 1 board 2 game 1 (red D – black B): 0-1"),
        "{out}"
    );
}
