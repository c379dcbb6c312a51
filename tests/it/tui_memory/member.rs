//! The member page and its head-to-head.

use super::*;

#[test]
fn member_page_keys() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    assert_eq!(m.handle(k(KeyCode::Enter)), Some(Action::MemberPage));
    assert_eq!(m.handle(c('S')), Some(Action::Statistics));
    open_member(&mut app, &mut m, "王天一");
    let p = m.pages().member.as_ref().expect("the page opens");
    assert_eq!(p.member.name, "王天一");
    let cases = [
        (c('v'), Action::HeadToHead),
        (k(KeyCode::Tab), Action::NextTab),
        (k(KeyCode::Esc), Action::Back),
        (c('q'), Action::Back),
        (c('j'), Action::Down),
        (k(KeyCode::Up), Action::Up),
        (c('?'), Action::Help),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(
        m.handle(c('u')),
        None,
        "nothing to undo on a read-only page"
    );
    assert_eq!(m.handle(c('a')), None, "club keys do not reach through");
    go(&mut app, &mut m, c('v'));
    assert_eq!(m.contexts(), vec![Ctx::Form], "the picker takes text");
    assert_eq!(m.handle(c('q')), Some(Action::Input('q')));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().member.as_ref().unwrap().picker.is_none());
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().member.is_none());
    assert_eq!(m.screen(), Screen::Club, "Esc goes back to the club");
    assert!(!m.quitting());
}

#[test]
fn member_page_lists_every_game_and_scrolls() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    let p = m.pages().member.as_ref().unwrap();
    assert_eq!(p.history.games.len(), 6);
    assert_eq!(p.history.events.len(), 2);
    assert_eq!(p.history.years.len(), 2);
    assert!(p.rating.is_some(), "two finished events: rated");
    for _ in 0..10 {
        go(&mut app, &mut m, c('j'));
    }
    assert_eq!(
        m.pages().member.as_ref().unwrap().sel,
        5,
        "stops at the last game"
    );
    let text = screen(&m);
    assert!(
        text.contains("秋季快棋") && text.contains("许银川"),
        "{text}"
    );
    // A member without games.
    go(&mut app, &mut m, k(KeyCode::Esc));
    open_member(&mut app, &mut m, "汪洋");
    assert!(screen(&m).contains("no games yet"));
}

/// On a club file the member page and the statistics screen are read on
/// the worker: the key returns at once with the busy box drawn, and the page
/// that arrives holds what the event loop reads itself on an in-memory club.
#[test]
fn pages_of_a_club_file_are_read_on_the_worker() {
    let dir = tempfile::tempdir().unwrap();
    let file = App::open(config(Lang::ZhHans), &dir.path().join("club.db")).unwrap();
    let mut app = history_club_in(file);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    assert!(m.job().is_some(), "the page is read on the worker");
    assert!(m.pages().member.is_none() && m.busy().is_some());
    assert!(screen(&m).contains("正在读取"), "the busy box is drawn");
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.job().is_none() && m.busy().is_none());
    let p = m.pages().member.as_ref().expect("the page arrived");
    let mut mem_app = history_club(Lang::ZhHans);
    let mut mem = Model::load(&mem_app).unwrap();
    open_member(&mut mem_app, &mut mem, "王天一");
    let q = mem.pages().member.as_ref().unwrap();
    assert_eq!(p.member.name, "王天一");
    assert_eq!(p.history.games.len(), 6);
    assert_eq!(p.history, q.history);
    assert_eq!(screen(&m), screen(&mem), "the same page either way");
    // The statistics screen, from the Events screen.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Events);
    go(&mut app, &mut m, c('S'));
    assert!(m.job().is_some() && m.pages().stats.is_none());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.pages().stats.is_some());
    assert!(
        !m.status().is_some_and(|s| s.1),
        "{:?}",
        m.status().cloned()
    );
}

#[test]
fn head_to_head_shows_the_right_totals() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    go(&mut app, &mut m, c('v'));
    typed(&mut app, &mut m, "郑");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages().member.as_ref().unwrap();
    let h = p.h2h.as_ref().expect("head-to-head shown");
    assert_eq!(h.b_name, "郑惟桐");
    // 春季赛: 王 (red) beat 郑; 秋季快棋: 郑 (red) drew with 王.
    assert_eq!((h.games, h.a_wins, h.draws, h.b_wins), (2, 1, 1, 0));
    assert_eq!(h.a_score.to_string(), "1.50");
    assert_eq!((h.a_red, h.a_black), ([1, 0, 0], [0, 1, 0]));
    let text = screen(&m);
    assert!(
        text.contains("王天一 v 郑惟桐: 2 games, 1/1/0 (w/d/l), score 1.50"),
        "{text}"
    );
    // No match: a message, the page unchanged.
    go(&mut app, &mut m, c('v'));
    typed(&mut app, &mut m, "nobody");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.status().unwrap().1);
    assert_eq!(
        m.pages()
            .member
            .as_ref()
            .unwrap()
            .h2h
            .as_ref()
            .unwrap()
            .b_name,
        "郑惟桐"
    );
}

#[test]
fn member_page_snapshots_zh_hans() {
    member_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn member_page_snapshots_en() {
    member_snapshots(Lang::En, "en");
}
