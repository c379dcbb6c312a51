//! The repetition ruling dialog of the Results tab.

use super::*;
use qishe::app::RoundNo;

#[test]
fn ruling_keys() {
    let (mut app, mut m, _) = ruling_club(Lang::En);
    assert_eq!(m.handle(c('J')), Some(Action::Judge));
    let help = help_entries(&m.contexts(), false);
    assert!(
        help.iter()
            .any(|(keys, a)| *a == Action::Judge && keys == "J"),
        "help lists the ruling key: {help:?}"
    );
    go(&mut app, &mut m, c('J'));
    assert!(m.pages().judge.is_some());
    assert_eq!(m.contexts(), vec![Ctx::Judge]);
    let cases = [
        (k(KeyCode::Left), Action::ChoicePrev),
        (k(KeyCode::Right), Action::ChoiceNext),
        (k(KeyCode::Enter), Action::Submit),
        (k(KeyCode::Esc), Action::Cancel),
        (k(KeyCode::Down), Action::Down),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(m.handle(c('r')), None, "no result keys in the dialog");
    assert_eq!(m.handle(c('u')), None, "no undo under the dialog");
}

#[test]
fn ruling_dialog_switches_rule_books_and_esc_changes_nothing() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    go(&mut app, &mut m, c('J'));
    let d = m.pages().judge.as_ref().expect("the dialog opens");
    assert_eq!(d.rules().code(), "cxa2011", "the default rule book");
    assert_eq!(d.judgement.moves.len(), 4);
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(m.pages().judge.as_ref().unwrap().rules().code(), "simple");
    go(&mut app, &mut m, k(KeyCode::Left));
    go(&mut app, &mut m, k(KeyCode::Left));
    assert_eq!(m.pages().judge.as_ref().unwrap().rules().code(), "asian");
    for _ in 0..10 {
        go(&mut app, &mut m, k(KeyCode::Down));
    }
    assert_eq!(
        m.pages().judge.as_ref().unwrap().scroll,
        3,
        "scrolls to the last move"
    );
    assert!(screen(&m).contains("e9e8") && !screen(&m).contains("a9a8"));
    go(&mut app, &mut m, k(KeyCode::Up));
    assert_eq!(m.pages().judge.as_ref().unwrap().scroll, 2);
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().judge.is_none());
    let g = board_game(&app, ev, 1);
    assert_eq!(
        (g.outcome, g.facts.termination),
        (Outcome::Draw, Some(Termination::Agreement))
    );
    // Enter then n: the confirmation refused, nothing stored.
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.confirm().is_some());
    go(&mut app, &mut m, c('n'));
    assert_eq!(board_game(&app, ev, 1).outcome, Outcome::Draw);
    assert!(m.pages().judge.is_some(), "the dialog stays after a no");
}

#[test]
fn tab_moves_the_ruling_to_the_boards_second_game() {
    let (mut app, mut m, ev) = ruling_club_with(Lang::En, 2);
    assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextTab));
    go(&mut app, &mut m, c('J'));
    let d = m.pages().judge.as_ref().expect("the dialog opens");
    assert_eq!((d.game_no, d.recorded.len()), (1, 2));
    assert!(screen(&m).contains("board 1 game 1"), "{}", screen(&m));
    go(&mut app, &mut m, k(KeyCode::Right)); // simple
    assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextTab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    let d = m.pages().judge.as_ref().unwrap();
    assert_eq!(d.game_no, 2, "Tab moves to game 2");
    assert_eq!(d.rules().code(), "simple", "the rule book stays");
    assert!(screen(&m).contains("board 1 game 2"));
    let moves2 = d.judgement.moves.len();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(
        m.pages().judge.as_ref().unwrap().game_no,
        1,
        "and round again"
    );
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(
        m.pages().judge.as_ref().unwrap().judgement.moves.len(),
        moves2
    );
    // The ruling is stored on game 2; game 1 keeps its agreed draw.
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert!(m.pages().judge.is_none());
    let games: Vec<Game> = app
        .games(qishe::app::EventId(ev), Some(RoundNo(1)))
        .unwrap()
        .into_iter()
        .filter(|g| g.round == 1 && g.board == 1)
        .map(|g| g.game)
        .collect();
    let g1 = games.iter().find(|g| g.game_no == 1).unwrap();
    let g2 = games.iter().find(|g| g.game_no == 2).unwrap();
    assert_eq!(g1.facts.termination, Some(Termination::Agreement));
    assert_eq!(g2.facts.termination, Some(Termination::RepetitionRuling));
}

#[test]
fn enter_stores_the_ruling_and_one_undo_restores_the_result() {
    let (mut app, mut m, ev) = ruling_club(Lang::ZhHans);
    let record_before = board_game(&app, ev, 1).facts.record;
    assert!(record_before.is_some());
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let msg = m.confirm().expect("asks first").message.clone();
    assert!(msg.contains("红方须变着") && msg.contains("0-1"), "{msg}");
    go(&mut app, &mut m, c('y'));
    assert!(m.pages().judge.is_none(), "the dialog closes once stored");
    let g = board_game(&app, ev, 1);
    // Red checked for ever: red must change and did not, black wins.
    assert_eq!(
        (g.outcome, g.facts.termination),
        (Outcome::BlackWin, Some(Termination::RepetitionRuling))
    );
    assert_eq!(
        g.facts.record, record_before,
        "the record stays with the game"
    );
    let (text, err) = m.status().cloned().unwrap();
    assert!(
        !err && text.contains("0-1") && text.contains("repetition"),
        "{text}"
    );
    assert_eq!(
        m.ev().round().unwrap().boards[0].results,
        vec!["0-1".to_string()],
        "the Results tab shows the new result"
    );
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y')); // undo asks first
    let g = board_game(&app, ev, 1);
    assert_eq!(
        (g.outcome, g.facts.termination),
        (Outcome::Draw, Some(Termination::Agreement)),
        "one undo restores the agreed draw"
    );
}

#[test]
fn a_drawn_repetition_is_stored_as_the_arbiters_draw() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    m.select_row(1);
    assert_eq!(board_game(&app, ev, 2).outcome, Outcome::Draw);
    go(&mut app, &mut m, c('J'));
    let d = m.pages().judge.as_ref().unwrap();
    assert_eq!(
        d.judgement.must_change, None,
        "cxa2011: neither side forbidden"
    );
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    let g = board_game(&app, ev, 2);
    assert_eq!(
        (g.outcome, g.facts.termination),
        (Outcome::Draw, Some(Termination::ArbiterDecision))
    );
    // Under the simple rule the chase ranks higher: red must change.
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Right));
    let d = m.pages().judge.as_ref().unwrap();
    assert_eq!(d.rules().code(), "simple");
    assert_eq!(d.judgement.must_change, Some(qishe::domain::Colour::Red));
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert_eq!(board_game(&app, ev, 2).outcome, Outcome::BlackWin);
}

#[test]
fn boards_without_a_record_or_a_repetition_give_a_message() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    m.select_row(2);
    go(&mut app, &mut m, c('J'));
    assert!(m.pages().judge.is_none());
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("no position repeats"), "{text}");
    // A board whose game has no record.
    app.games(qishe::app::EventId(ev), Some(RoundNo(1)))
        .unwrap()
        .iter()
        .for_each(|g| assert!(g.game.facts.record.is_some()));
    let mut g = board_game(&app, ev, 3);
    g.facts.record = None;
    app.store_for_tests()
        .save_game(
            &g,
            qishe::i18n::Msg::new("log.text").with("text", "drop the record"),
        )
        .unwrap();
    m.refresh(&app).unwrap();
    go(&mut app, &mut m, c('J'));
    assert!(m.pages().judge.is_none());
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("no game record"), "{text}");
    assert!(!screen(&m).contains("Repetition ruling"));
}

#[test]
fn ruling_dialog_snapshots_zh_hans() {
    ruling_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn ruling_dialog_snapshots_en() {
    ruling_snapshots(Lang::En, "en");
}
