//! A generated club history (members, finished events, rated games) for
//! benchmarks and tests: the same club from the same seed.

use super::Result;
use crate::domain::SplitMix64;
use crate::domain::{
    EventSettings, EventStatus, Game, NewMember, Outcome, PairingSystem, Termination, TimeControl,
};
use crate::store::{ImportBoard, ImportEvent, ImportPlayer, Store};
use chrono::NaiveDate;

#[derive(Clone, Debug)]
pub struct HistorySpec {
    pub members: usize,
    pub events: usize,
    /// Players per event (an odd number gives a bye each round).
    pub players_per_event: usize,
    pub rounds: u32,
    pub seed: u64,
    /// Date of the first event; one event a week after it.
    pub start: NaiveDate,
    /// Share of members with an entered rating (the rest get provisional ratings).
    pub rated_share: f64,
}

impl Default for HistorySpec {
    /// Ten years of weekly events: 520 events of 40 players and 10 rounds,
    /// 104,000 games, 200 members.
    fn default() -> Self {
        HistorySpec {
            members: 200,
            events: 520,
            players_per_event: 40,
            rounds: 10,
            seed: 2016,
            start: NaiveDate::from_ymd_opt(2016, 1, 3).expect("a valid date"),
            rated_share: 0.7,
        }
    }
}

/// Fills `store` with a generated club history through the bulk import
/// (one transaction per event), every event finished. Games have outcomes
/// drawn from hidden strengths (red a little stronger), terminations, move
/// counts and clock use; about 1 in 200 is a forfeit. The same spec gives
/// the same database. Returns the number of stored games. Used by the
/// benchmarks (ratings, statistics, the TUI's first frame).
pub fn build_history_db(store: &mut Store, spec: &HistorySpec) -> Result<usize> {
    let mut rng = SplitMix64(spec.seed);
    let mut strength = Vec::with_capacity(spec.members);
    let mut new = Vec::with_capacity(spec.members);
    for i in 0..spec.members {
        let s = 1200.0 + 1000.0 * (rng.unit() + rng.unit() + rng.unit()) / 3.0;
        strength.push(s);
        new.push(NewMember {
            name: format!("Member {:04}", i + 1),
            rating: (rng.unit() < spec.rated_share).then_some(s.round() as i32),
            ..Default::default()
        });
    }
    let ids = store.import_members(&new, "generated")?;
    let rapid = TimeControl::symmetric(15 * 60_000, 10_000);
    let slow = TimeControl::symmetric(90 * 60_000, 30_000);
    let mut games_stored = 0;
    let n = spec.players_per_event.min(spec.members);
    for e in 0..spec.events {
        let date = spec.start + chrono::Days::new(7 * e as u64);
        let monthly = e % 4 == 3;
        let tc = if monthly { slow } else { rapid };
        let settings = EventSettings {
            scheme: if monthly { "three-point" } else { "standard" }.into(),
            system: PairingSystem::Cxa,
            rounds: spec.rounds,
            time_control: tc,
            ..Default::default()
        };
        let mut pool: Vec<usize> = (0..spec.members).collect();
        rng.shuffle(&mut pool);
        pool.truncate(n);
        let players: Vec<ImportPlayer> = pool
            .iter()
            .enumerate()
            .map(|(i, &m)| ImportPlayer::member(ids[m], i as u32 + 1, new[m].rating))
            .collect();
        let mut rounds = Vec::new();
        for _ in 0..spec.rounds {
            let mut order: Vec<u32> = (1..=n as u32).collect();
            rng.shuffle(&mut order);
            let mut boards = Vec::new();
            for pair in order.chunks(2) {
                if pair.len() == 1 {
                    boards.push(ImportBoard {
                        red: pair[0],
                        black: None,
                        games: Vec::new(),
                    });
                    continue;
                }
                let (r, b) = (pool[pair[0] as usize - 1], pool[pair[1] as usize - 1]);
                let g = generated_game(&mut rng, strength[r], strength[b], tc);
                games_stored += 1;
                boards.push(ImportBoard {
                    red: pair[0],
                    black: Some(pair[1]),
                    games: vec![g],
                });
            }
            rounds.push(boards);
        }
        let id = store.import_event(
            &ImportEvent {
                name: format!("Weekly {:03} {date}", e + 1),
                date: Some(date),
                settings,
                players,
                forbidden: Vec::new(),
                requested_byes: Vec::new(),
                rounds,
            },
            "generated",
        )?;
        store.set_event_status(id, EventStatus::Finished)?;
    }
    Ok(games_stored)
}

fn generated_game(rng: &mut SplitMix64, red: f64, black: f64, tc: TimeControl) -> Game {
    let u = rng.unit();
    if u < 0.005 {
        let o = if u < 0.0025 {
            Outcome::RedForfeits
        } else {
            Outcome::BlackForfeits
        };
        return Game::bare(0, 0, o);
    }
    // Red's first move is worth about 35 rating points.
    let e = 1.0 / (1.0 + 10f64.powf((black - red - 35.0) / 400.0));
    let draw = 0.4 * (1.0 - (e - 0.5).abs() * 2.0);
    let x = rng.unit();
    let outcome = if x < e - draw / 2.0 {
        Outcome::RedWin
    } else if x < e + draw / 2.0 {
        Outcome::Draw
    } else {
        Outcome::BlackWin
    };
    let mut g = Game::bare(0, 0, outcome);
    let moves = 20 + rng.below(100) as u32;
    g.facts.moves = Some(moves);
    g.facts.termination = Some(if outcome == Outcome::Draw {
        Termination::Agreement
    } else {
        match rng.below(20) {
            0..=13 => Termination::Resignation,
            14..=16 => Termination::Checkmate,
            17..=18 => Termination::Time,
            _ => Termination::RepetitionRuling,
        }
    });
    let max = |red: bool| tc.max_used_ms(red, moves);
    g.facts.red_used_ms = Some((rng.unit() * max(true) as f64) as i64);
    g.facts.black_used_ms = Some((rng.unit() * max(false) as f64) as i64);
    g
}
