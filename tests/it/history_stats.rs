//! Statistics over stored games: known counts, the interval by hand,
//! filters, buckets; and what-if scoring under other schemes.

use qishe::app::{App, StatsFilter};
use qishe::config::Config;
use qishe::domain::SplitMix64;
use qishe::domain::{
    EventSettings, EventStatus, Game, NewMember, Outcome, Termination, TimeControl,
};
use qishe::store::{ImportBoard, ImportEvent, ImportPlayer};

fn club(members: usize) -> (App, Vec<i64>) {
    let mut app = App::in_memory(Config::default()).unwrap();
    let new: Vec<NewMember> = (0..members)
        .map(|i| NewMember {
            name: format!("P{i:02}"),
            rating: Some(1500 + 10 * i as i32),
            ..Default::default()
        })
        .collect();
    let ids = app.store_for_tests().import_members(&new, "t").unwrap();
    (app, ids)
}

/// A board by member index: red, black (None = a bye), its game.
type Board = (usize, Option<usize>, Option<Game>);

/// Imports an event whose rounds are lists of (red, black, game) by member index;
/// `black` None = a bye.
fn import(
    app: &mut App,
    ids: &[i64],
    name: &str,
    date: &str,
    tc: TimeControl,
    scheme: &str,
    rounds: Vec<Vec<Board>>,
) -> i64 {
    let mut used: Vec<usize> = rounds
        .iter()
        .flatten()
        .flat_map(|(r, b, _)| std::iter::once(*r).chain(*b))
        .collect();
    used.sort();
    used.dedup();
    let no = |m: usize| used.iter().position(|&u| u == m).unwrap() as u32 + 1;
    let ev = ImportEvent {
        name: name.into(),
        date: Some(date.parse().unwrap()),
        settings: EventSettings {
            scheme: scheme.into(),
            time_control: tc,
            rounds: rounds.len() as u32,
            ..Default::default()
        },
        players: used
            .iter()
            .enumerate()
            .map(|(i, &m)| ImportPlayer::member(ids[m], i as u32 + 1, None))
            .collect(),
        forbidden: vec![],
        requested_byes: vec![],
        rounds: rounds
            .into_iter()
            .map(|r| {
                r.into_iter()
                    .map(|(red, black, g)| ImportBoard {
                        red: no(red),
                        black: black.map(no),
                        games: g.into_iter().collect(),
                    })
                    .collect()
            })
            .collect(),
    };
    let id = app.store_for_tests().import_event(&ev, "test").unwrap();
    app.store_for_tests()
        .set_event_status(id, EventStatus::Finished)
        .unwrap();
    id
}

fn g(o: Outcome, moves: u32, red_ms: i64, black_ms: i64, t: Termination) -> Option<Game> {
    let mut g = Game::bare(0, 0, o);
    g.facts.moves = Some(moves);
    g.facts.red_used_ms = Some(red_ms);
    g.facts.black_used_ms = Some(black_ms);
    g.facts.termination = Some(t);
    Some(g)
}

#[test]
fn counts_interval_filters_and_buckets() {
    let (mut app, ids) = club(30);
    let slow = TimeControl::symmetric(90 * 60_000, 30_000);
    let rapid = TimeControl::symmetric(15 * 60_000, 10_000);
    // Event A (slow): 6 red wins, 2 draws, 2 black wins, one forfeit and one bye.
    let mut round = Vec::new();
    let outcomes = [
        Outcome::RedWin,
        Outcome::RedWin,
        Outcome::RedWin,
        Outcome::RedWin,
        Outcome::RedWin,
        Outcome::RedWin,
        Outcome::Draw,
        Outcome::Draw,
        Outcome::BlackWin,
        Outcome::BlackWin,
    ];
    for (i, &o) in outcomes.iter().enumerate() {
        let t = if o == Outcome::Draw {
            Termination::Agreement
        } else if i == 0 {
            Termination::Time
        } else {
            Termination::Resignation
        };
        round.push((
            2 * i,
            Some(2 * i + 1),
            g(o, 40 + i as u32, 60_000, 120_000, t),
        ));
    }
    round.push((20, Some(21), Some(Game::bare(0, 0, Outcome::BlackForfeits))));
    round.push((22, None, None));
    import(
        &mut app,
        &ids,
        "A",
        "2024-03-01",
        slow,
        "standard",
        vec![round],
    );
    // Event B (rapid): 1 red win, 3 draws.
    let round = vec![
        (
            0,
            Some(1),
            g(Outcome::RedWin, 30, 1, 1, Termination::RepetitionRuling),
        ),
        (
            2,
            Some(3),
            g(Outcome::Draw, 30, 1, 1, Termination::Agreement),
        ),
        (
            4,
            Some(5),
            g(Outcome::Draw, 30, 1, 1, Termination::Agreement),
        ),
        (
            6,
            Some(7),
            g(Outcome::Draw, 30, 1, 1, Termination::Agreement),
        ),
    ];
    import(
        &mut app,
        &ids,
        "B",
        "2024-06-01",
        rapid,
        "three-point",
        vec![round],
    );

    let a = app
        .stats(&StatsFilter {
            events: vec!["A".into()],
            ..Default::default()
        })
        .unwrap();
    assert_eq!((a.games, a.red_wins, a.draws, a.black_wins), (10, 6, 2, 2));
    assert_eq!(a.forfeits, 1, "the forfeit is seen but not a game");
    assert!((a.red_win_pct - 60.0).abs() < 1e-9);
    // By hand: mean 0.7, s² = 1.6/9, half-width 1.96·√(1.6/9)/√10 = 0.261333.
    assert!((a.red_score.mean.unwrap() - 0.7).abs() < 1e-12);
    assert!((a.red_score.ci95[0] - 0.438667).abs() < 1e-6);
    assert!((a.red_score.ci95[1] - 0.961333).abs() < 1e-6);
    // moves 40..49 → 44.5; clock 1:00 and 2:00
    assert_eq!(a.average_moves, Some(44.5));
    assert_eq!(a.clock.red_ms, Some(60_000.0));
    assert_eq!(a.clock.black_ms, Some(120_000.0));
    assert_eq!(a.terminations["resignation"], 7);
    assert_eq!(a.terminations["time"], 1);
    assert_eq!(a.terminations["agreement"], 2);
    // Ratings 1500 + 10i, red = 2i, black = 2i + 1: every difference is -10.
    assert_eq!(a.draw_rate_by_rating_diff.len(), 1);
    assert_eq!(a.draw_rate_by_rating_diff[0].label, "0-99");

    let all = app.stats(&StatsFilter::default()).unwrap();
    assert_eq!(
        (all.games, all.red_wins, all.draws, all.black_wins),
        (14, 7, 5, 2)
    );
    let tcs: Vec<(String, u64, u64)> = all
        .draw_rate_by_time_control
        .iter()
        .map(|b| (b.label.clone(), b.games, b.draws))
        .collect();
    assert_eq!(
        tcs,
        vec![("15+10".to_string(), 4, 3), ("90+30".to_string(), 10, 2)]
    );
    assert_eq!(all.terminations["repetition"], 1);

    // Filters: dates, time control, scheme.
    let by = |f: StatsFilter| app.stats(&f).unwrap().games;
    let d = |s: &str| Some(s.parse().unwrap());
    assert_eq!(
        by(StatsFilter {
            from: d("2024-04-01"),
            ..Default::default()
        }),
        4
    );
    assert_eq!(
        by(StatsFilter {
            to: d("2024-04-01"),
            ..Default::default()
        }),
        10
    );
    assert_eq!(
        by(StatsFilter {
            time_control: Some(rapid),
            ..Default::default()
        }),
        4
    );
    assert_eq!(
        by(StatsFilter {
            scheme: Some("three-point".into()),
            ..Default::default()
        }),
        4
    );
    assert!(app
        .stats(&StatsFilter {
            scheme: Some("nope".into()),
            ..Default::default()
        })
        .is_err());
}

#[test]
fn a_generated_history_has_its_known_counts() {
    let (mut app, ids) = club(30);
    let mut rng = SplitMix64(99);
    let (mut red, mut draw, mut black, mut forfeit) = (0u64, 0u64, 0u64, 0u64);
    let mut moves = 0u64;
    for e in 0..12 {
        let mut rounds = Vec::new();
        for _ in 0..4 {
            let mut order: Vec<usize> = (0..30).collect();
            rng.shuffle(&mut order);
            let mut round = Vec::new();
            for p in order.chunks(2) {
                let o = match rng.below(10) {
                    0..=3 => {
                        red += 1;
                        Outcome::RedWin
                    }
                    4..=6 => {
                        draw += 1;
                        Outcome::Draw
                    }
                    7..=8 => {
                        black += 1;
                        Outcome::BlackWin
                    }
                    _ => {
                        forfeit += 1;
                        Outcome::RedForfeits
                    }
                };
                let m = 10 + rng.below(90) as u32;
                if o.is_played() {
                    moves += m as u64;
                }
                round.push((p[0], Some(p[1]), g(o, m, 1, 1, Termination::Resignation)));
            }
            rounds.push(round);
        }
        let date = format!("2023-{:02}-01", e + 1);
        let tc = TimeControl::symmetric(60_000 * (10 + e % 3), 0);
        import(
            &mut app,
            &ids,
            &format!("E{e}"),
            &date,
            tc,
            "standard",
            rounds,
        );
    }
    let s = app.stats(&StatsFilter::default()).unwrap();
    let n = red + draw + black;
    assert_eq!(
        (s.games, s.red_wins, s.draws, s.black_wins),
        (n, red, draw, black)
    );
    assert_eq!(s.forfeits, forfeit);
    assert!((s.average_moves.unwrap() - moves as f64 / n as f64).abs() < 1e-9);
    assert_eq!(s.draw_rate_by_time_control.len(), 3);
    assert_eq!(
        s.draw_rate_by_time_control
            .iter()
            .map(|b| b.games)
            .sum::<u64>(),
        n
    );
    assert_eq!(
        s.draw_rate_by_rating_diff
            .iter()
            .map(|b| b.draws)
            .sum::<u64>(),
        draw
    );
    let m = (red as f64 + draw as f64 / 2.0) / n as f64;
    assert!((s.red_score.mean.unwrap() - m).abs() < 1e-12);
    assert!(s.red_score.ci95[0] < m && m < s.red_score.ci95[1]);
}

#[test]
fn what_if_two_schemes_disagree_on_the_winner() {
    // A (0) draws five games; B (1) wins two and loses three; everyone
    // else plays once. Standard (2-1-0): A 5, B 4. Three-point: A 5, B 6.
    let (mut app, ids) = club(12);
    let mut rounds = Vec::new();
    let b_games = [
        (Outcome::RedWin, 7),
        (Outcome::RedWin, 8),
        (Outcome::BlackWin, 9),
        (Outcome::BlackWin, 10),
        (Outcome::BlackWin, 11),
    ];
    for (r, &(o, opp)) in b_games.iter().enumerate() {
        let mut d = Game::bare(0, 0, Outcome::Draw);
        d.facts.moves = Some(60);
        rounds.push(vec![
            (0, Some(2 + r), Some(d)),
            (1, Some(opp), Some(Game::bare(0, 0, o))),
        ]);
    }
    import(
        &mut app,
        &ids,
        "What if",
        "2024-05-05",
        TimeControl::symmetric(90 * 60_000, 30_000),
        "standard",
        rounds,
    );
    let c = app
        .compare_schemes(
            app.find_event("What if").unwrap().key(),
            &App::find_schemes(&["three-point", "draw-0.8", "two-game"]).unwrap(),
        )
        .unwrap();
    let schemes: Vec<&str> = c.columns.iter().map(|x| x.scheme.as_str()).collect();
    assert_eq!(schemes, ["standard", "three-point", "draw-0.8", "two-game"]);
    let first = |col: usize| {
        let st = c.columns[col].standings.as_ref().unwrap();
        (
            st.rows[0].player.name.clone(),
            st.rows[0].points.to_string(),
        )
    };
    assert_eq!(first(0), ("P00".to_string(), "5.00".to_string()));
    assert_eq!(first(1), ("P01".to_string(), "6.00".to_string()));
    let a = c.players.iter().find(|p| p.name == "P00").unwrap().id;
    let b = c.players.iter().find(|p| p.name == "P01").unwrap().id;
    assert_eq!(c.rank_change(1, a), Some(-1));
    assert_eq!(c.rank_change(1, b), Some(1));
    // draw-0.8 needs the residual material of drawn games, which is not stored.
    let why = c.columns[2].standings.as_ref().unwrap_err().en();
    assert!(
        why.contains("residual") || why.contains("material"),
        "{why}"
    );
    let why = c.columns[3].standings.as_ref().unwrap_err().en();
    assert!(why.contains("two-game"), "{why}");
    assert!(App::find_schemes(&["nope"]).is_err());
}
