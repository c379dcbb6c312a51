//! The club rating list: hand-computed cases, incremental == recompute,
//! corrections move only later ratings, and the list from a real database.

use qishe::domain::{Outcome, SplitMix64, TimeControl};
use qishe::history::{
    compute_ratings, HistEvent, HistGame, HistMember, History, RatedGame, RatingSettings,
    RatingState,
};
use std::collections::HashMap;

fn event(id: i64, day: u32, finished: bool) -> HistEvent {
    HistEvent {
        id,
        name: format!("E{id}"),
        date: chrono::NaiveDate::from_ymd_opt(2024, 1, day).unwrap(),
        finished,
        scheme: "standard".into(),
        time_control: TimeControl::symmetric(90 * 60_000, 30_000),
        rated_up_to_game: None,
    }
}

fn game(event_id: i64, board: u32, red: i64, black: i64, outcome: Outcome) -> HistGame {
    HistGame {
        event_id,
        round: 1,
        board,
        game_no: 1,
        red,
        black,
        outcome,
        termination: None,
        moves: None,
        red_used_ms: None,
        black_used_ms: None,
    }
}

fn member(id: i64, rating: Option<i32>) -> HistMember {
    HistMember {
        id,
        name: format!("M{id}"),
        entered_rating: rating,
    }
}

#[test]
fn three_players_by_hand() {
    // A 1500, B 1600, C 1700, K 40 (new players).
    // A beats B: E = 1/(1+10^0.25) = 0.359935; A draws C: E = 1/(1+10^0.5) = 0.240253.
    // A: 40 × (0.640065 + 0.259747) = 35.99 → +36.
    // B: 40 × (−0.640065 − 0.359935) = −40.00 → −40.
    // C: 40 × (−0.259747 + 0.359935) = 4.01 → +4.
    let mut h = History {
        events: vec![event(1, 1, true)],
        games: vec![
            game(1, 1, 1, 2, Outcome::RedWin),
            game(1, 2, 3, 1, Outcome::Draw),
            game(1, 3, 2, 3, Outcome::BlackWin),
            // forfeits and unplayed games do not count
            game(1, 4, 2, 1, Outcome::RedForfeits),
            game(1, 5, 3, 2, Outcome::Unplayed),
        ],
        members: vec![
            member(1, Some(1500)),
            member(2, Some(1600)),
            member(3, Some(1700)),
        ],
    };
    h.sort();
    let r = compute_ratings(&h, &RatingSettings::default(), None);
    assert_eq!(r.state.rating(1), Some(1536));
    assert_eq!(r.state.rating(2), Some(1560));
    assert_eq!(r.state.rating(3), Some(1704));
    let a: Vec<_> = r.changes_of(1).collect();
    assert_eq!(a.len(), 1);
    assert_eq!(
        (a[0].games, a[0].score_halves, a[0].k, a[0].delta()),
        (2, 3, 40, 36)
    );
    assert_eq!(
        r.state.players[&1].games, 2,
        "the forfeit is not a rated game"
    );
}

#[test]
fn k_drops_after_the_new_games_and_above_the_threshold() {
    // new_games 1: after one rated game K is 20, or 10 at 2400 and above.
    let s = RatingSettings {
        new_games: 1,
        ..RatingSettings::default()
    };
    let entered = HashMap::from([(1, 2400), (2, 2400), (3, 1500), (4, 1500)]);
    let mut st = RatingState::default();
    let g = |red, black, red_halves| RatedGame {
        red,
        black,
        red_halves,
    };
    st.apply_event(1, &[g(1, 2, 1), g(3, 4, 1)], &entered, &s);
    // draws between equals: no change, but one game played
    assert_eq!(st.rating(1), Some(2400));
    let ch = st.apply_event(2, &[g(1, 2, 2), g(3, 4, 2)], &entered, &s);
    // 2400 v 2400, win: 10 × 0.5 = 5; 1500 v 1500: 20 × 0.5 = 10
    assert_eq!(st.rating(1), Some(2405));
    assert_eq!(st.rating(2), Some(2395));
    assert_eq!(st.rating(3), Some(1510));
    assert_eq!(st.rating(4), Some(1490));
    assert_eq!(
        ch.iter().map(|c| c.k).collect::<Vec<_>>(),
        vec![10, 10, 20, 20]
    );
}

#[test]
fn an_unrated_member_gets_a_performance_rating_after_the_first_games() {
    let s = RatingSettings {
        provisional_games: 2,
        ..RatingSettings::default()
    };
    let entered = HashMap::from([(1, 1536), (3, 1704)]);
    let g = |red, black, red_halves| RatedGame {
        red,
        black,
        red_halves,
    };
    let mut st = RatingState::default();
    // one game: still unrated; the rated opponent does not move
    let ch = st.apply_event(1, &[g(4, 1, 2)], &entered, &s);
    assert_eq!(st.rating(4), None);
    assert_eq!(st.rating(1), Some(1536));
    assert_eq!(ch.iter().map(|c| c.delta()).sum::<i32>(), 0);
    // second game, a loss to 1704: (1536 + 1704)/2 + 400 × (1 − 1)/2 = 1620
    let ch = st.apply_event(2, &[g(3, 4, 2)], &entered, &s);
    assert_eq!(st.rating(4), Some(1620));
    assert_eq!(st.rating(3), Some(1704));
    let d = ch.iter().find(|c| c.member_id == 4).unwrap();
    assert_eq!((d.before, d.after, d.delta()), (None, Some(1620), 0));
}

/// A random history of `events` events among 24 members (two thirds rated).
fn random_history(seed: u64, events: i64) -> History {
    let mut rng = SplitMix64(seed);
    let members: Vec<HistMember> = (1..=24)
        .map(|i| member(i, (i % 3 != 0).then(|| 1300 + rng.below(900) as i32)))
        .collect();
    let mut h = History {
        members,
        ..Default::default()
    };
    for e in 1..=events {
        // dates out of id order, some events not finished
        h.events.push(HistEvent {
            date: chrono::NaiveDate::from_ymd_opt(2020, 1, 1).unwrap()
                + chrono::Days::new(rng.below(1000)),
            ..event(e, 1, rng.below(10) != 0)
        });
        let mut ids: Vec<i64> = (1..=24).collect();
        for round in 1..=5 {
            rng.shuffle(&mut ids);
            for (b, pair) in ids[..20].chunks(2).enumerate() {
                let o = match rng.below(20) {
                    0..=7 => Outcome::RedWin,
                    8..=13 => Outcome::Draw,
                    14..=18 => Outcome::BlackWin,
                    _ => Outcome::BlackForfeits,
                };
                let mut g = game(e, b as u32 + 1, pair[0], pair[1], o);
                g.round = round;
                h.games.push(g);
            }
        }
    }
    h.sort();
    h
}

#[test]
fn incremental_updates_equal_a_recomputation_on_fifty_events() {
    let h = random_history(50, 50);
    let s = RatingSettings {
        new_games: 10,
        provisional_games: 4,
        ..RatingSettings::default()
    };
    let full = compute_ratings(&h, &s, None);
    assert!(full.events.len() > 35 && full.events.len() < 50);
    let entered: HashMap<i64, i32> = h
        .members
        .iter()
        .filter_map(|m| m.entered_rating.map(|r| (m.id, r)))
        .collect();
    // One event at a time, the state stored (as JSON) and read back between events.
    let mut stored = serde_json::to_string(&RatingState::default()).unwrap();
    let mut changes = Vec::new();
    for (ev, games) in h.by_event() {
        if !ev.finished {
            continue;
        }
        let mut st: RatingState = serde_json::from_str(&stored).unwrap();
        let rated: Vec<RatedGame> = games.iter().filter_map(RatedGame::from_game).collect();
        changes.extend(st.apply_event(ev.id, &rated, &entered, &s));
        stored = serde_json::to_string(&st).unwrap();
    }
    let st: RatingState = serde_json::from_str(&stored).unwrap();
    assert_eq!(st, full.state);
    assert_eq!(changes, full.changes);
    // The list really moved and new members got ratings along the way.
    assert!(full.changes.iter().any(|c| c.delta() != 0));
    assert!(full
        .changes
        .iter()
        .any(|c| c.before.is_none() && c.after.is_some()));
}

#[test]
fn a_corrected_event_moves_exactly_the_later_ratings() {
    let h = random_history(7, 50);
    let s = RatingSettings::default();
    let before = compute_ratings(&h, &s, None);
    // Correct one decisive game of the 25th finished event.
    let k = before.events[24].id;
    let mut fixed = h.clone();
    let g = fixed
        .games
        .iter_mut()
        .find(|g| g.event_id == k && g.outcome == Outcome::RedWin)
        .unwrap();
    g.outcome = Outcome::BlackWin;
    let (red, black) = (g.red, g.black);
    let after = compute_ratings(&fixed, &s, None);
    let pos = |r: &qishe::history::Ratings| r.changes.iter().position(|c| c.event_id == k).unwrap();
    let (pb, pa) = (pos(&before), pos(&after));
    assert_eq!(pb, pa);
    // Everything before the corrected event is untouched.
    assert_eq!(before.changes[..pb], after.changes[..pa]);
    // In it, the two players' changes moved (when they were rated).
    let of = |r: &qishe::history::Ratings, m: i64| {
        r.changes
            .iter()
            .find(|c| c.event_id == k && c.member_id == m)
            .cloned()
            .unwrap()
    };
    for m in [red, black] {
        let (x, y) = (of(&before, m), of(&after, m));
        assert_eq!(x.before, y.before);
        if x.before.is_some() && x.k > 0 {
            assert_ne!(x.after, y.after, "member {m}");
        }
    }
    // Members not in the corrected event and not in any later event keep their ratings.
    let later: std::collections::HashSet<i64> =
        after.changes[pa..].iter().map(|c| c.member_id).collect();
    for (m, p) in &before.state.players {
        if !later.contains(m) {
            assert_eq!(Some(p), after.state.players.get(m));
        }
    }
    assert_ne!(before.state, after.state);
}

#[test]
fn as_of_stops_at_the_date() {
    let h = random_history(3, 20);
    let s = RatingSettings::default();
    let all = compute_ratings(&h, &s, None);
    let mid = all.events[all.events.len() / 2].date;
    let part = compute_ratings(&h, &s, Some(mid));
    assert!(part.events.iter().all(|e| e.date <= mid));
    assert!(part.events.len() < all.events.len());
    assert_eq!(part.changes[..], all.changes[..part.changes.len()]);
}
