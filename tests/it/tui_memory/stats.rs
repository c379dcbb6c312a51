//! The statistics screen.

use super::*;

#[test]
fn statistics_keys() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Events);
    assert_eq!(m.handle(c('S')), Some(Action::Statistics));
    go(&mut app, &mut m, c('S'));
    assert!(m.pages().stats.is_some());
    let cases = [
        (c('f'), Action::Filter),
        (k(KeyCode::Tab), Action::NextTab),
        (k(KeyCode::Esc), Action::Back),
        (c('?'), Action::Help),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(m.handle(c('n')), None, "event keys do not reach through");
    let bar = help_entries(&m.contexts(), true);
    assert!(bar.iter().any(|(_, a)| *a == Action::Filter), "{bar:?}");
    go(&mut app, &mut m, c('f'));
    assert_eq!(m.contexts(), vec![Ctx::Form]);
    assert_eq!(m.handle(c('2')), Some(Action::Input('2')));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().stats.is_none());
    assert_eq!(m.screen(), Screen::Events);
}

#[test]
fn the_filter_changes_the_counts_and_bad_input_changes_nothing() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('S'));
    let s = &m.pages().stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_wins, s.draws, s.black_wins), (11, 5, 3, 3));
    assert_eq!(s.forfeits, 1);
    assert!(screen(&m).contains("games         11"), "{}", screen(&m));
    // Time control 90+30: the spring event only.
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "90+30");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages().stats.as_ref().unwrap();
    assert!(p.editing.is_none());
    assert_eq!((p.stats.games, p.stats.red_wins, p.stats.draws), (6, 2, 2));
    assert!(screen(&m).contains("games          6"));
    // A bad date: a translated error, the figures kept, still editing.
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "2025-13-01");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("is not a date"), "{text}");
    assert_eq!(m.pages().stats.as_ref().unwrap().stats.games, 6);
    // Esc drops the typed text; from 2025 and no time control: 5 games.
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert_eq!(m.pages().stats.as_ref().unwrap().fields[0], "");
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "2025-01-01");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    for _ in 0.."90+30".len() {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = &m.pages().stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_wins, s.draws, s.black_wins), (5, 3, 1, 1));
    // A scheme is chosen with ←/→; typed nonsense is refused.
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    assert_eq!(m.pages().stats.as_ref().unwrap().editing, Some(3));
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(m.pages().stats.as_ref().unwrap().fields[3], "standard");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(
        m.pages().stats.as_ref().unwrap().stats.games,
        0,
        "2025 had no standard event"
    );
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    typed(&mut app, &mut m, "x");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("not a scoring scheme"), "{text}");
    // From after to.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "2024-01-01");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("start date is after"), "{text}");
}

#[test]
fn statistics_snapshots_zh_hans() {
    stats_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn statistics_snapshots_en() {
    stats_snapshots(Lang::En, "en");
}
