//! The demo club (deterministic): every page reachable by keys, figures
//! checked against the store.

use super::*;

#[test]
fn pages_on_the_demo_club() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    qishe::cli::demo::build_demo(&mut app).unwrap();
    let mut m = Model::load(&app).unwrap();
    let first = m.filtered_members("")[0].clone();
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages().member.as_ref().expect("the member page opens");
    assert_eq!(p.member.id, first.id);
    let want = app.member_history(first.key()).unwrap();
    assert_eq!(p.history, want, "the same history as `qishe player show`");
    let rated = app.rating_list(None).unwrap();
    assert_eq!(
        p.rating.as_ref(),
        rated.rows.iter().find(|r| r.member_id == first.id)
    );
    for _ in 0..4 {
        std::env::var("SHOW")
            .is_ok()
            .then(|| eprintln!("{}", screen(&m)));
        screen(&m);
        go(&mut app, &mut m, k(KeyCode::Tab));
        go(&mut app, &mut m, k(KeyCode::End));
    }
    go(&mut app, &mut m, c('v'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let h = m.pages().member.as_ref().unwrap().h2h.clone().expect("h2h");
    let again = app
        .head_to_head(qishe::app::MemberId(h.a), qishe::app::MemberId(h.b))
        .unwrap();
    assert_eq!(h, again);
    std::env::var("SHOW")
        .is_ok()
        .then(|| eprintln!("{}", screen(&m)));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().member.is_none());
    go(&mut app, &mut m, c('S'));
    let played: u64 = app
        .events()
        .unwrap()
        .iter()
        .flat_map(|e| app.games(e.key(), None).unwrap())
        .filter(|g| g.game.outcome.is_played())
        .count() as u64;
    let page = m.pages().stats.as_ref().unwrap();
    assert_eq!(page.stats.games, played);
    assert_eq!(page.stats, app.stats(&Default::default()).unwrap());
    assert_eq!(page.ratings, app.rating_list(None).unwrap());
    for _ in 0..4 {
        std::env::var("SHOW")
            .is_ok()
            .then(|| eprintln!("{}", screen(&m)));
        screen(&m);
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Esc));
    // The finished Swiss, last round, board 1: a record without a repetition.
    go(&mut app, &mut m, k(KeyCode::Tab));
    let finished = m
        .events()
        .iter()
        .position(|e| e.status == EventStatus::Finished)
        .unwrap();
    m.select_event(finished);
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    m.select_row(0);
    go(&mut app, &mut m, c('J'));
    assert!(m.pages().judge.is_none());
    let (text, err) = m.status().cloned().unwrap();
    assert!(err && text.contains("棋谱中没有重复局面"), "{text}");
}

#[test]
fn empty_club_and_small_terminals_do_not_break_the_pages() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    app.add_member(&NewMember {
        name: "甲".into(),
        ..Default::default()
    })
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('S'));
    let s = &m.pages().stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_score.mean), (0, None));
    for _ in 0..4 {
        let text = screen(&m);
        assert!(!text.contains("NaN"), "{text}");
        for (w, h) in [(40, 10), (20, 5), (80, 4)] {
            let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
            t.draw(|f| view(&m, f)).unwrap();
        }
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(screen(&m).contains("no games"), "{}", screen(&m));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let text = screen(&m);
    assert!(
        text.contains("unrated") && text.contains("no games yet"),
        "{text}"
    );
    // The only member: the head-to-head picker offers nobody.
    go(&mut app, &mut m, c('v'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.status().unwrap().1);
    let mut t = Terminal::new(TestBackend::new(30, 6)).unwrap();
    t.draw(|f| view(&m, f)).unwrap();
}

#[test]
fn every_page_is_translated_in_traditional_chinese() {
    let (mut app, mut m, _) = ruling_club(Lang::ZhHant);
    go(&mut app, &mut m, c('J'));
    let text = screen(&m);
    assert!(
        text.contains("重複局面裁決") && text.contains("紅方須變著"),
        "{text}"
    );
    go(&mut app, &mut m, c('?'));
    screen(&m);
    let mut app = history_club(Lang::ZhHant);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    for _ in 0..3 {
        assert!(screen(&m).contains("棋社等級分"));
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('S'));
    for _ in 0..4 {
        assert!(screen(&m).contains("篩選"));
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
}
