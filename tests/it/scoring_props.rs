//! Properties of standings over random events: the order agrees with
//! `explain`, points are conserved, opponent scores add up.

use proptest::prelude::*;
use qishe::domain::{ByeOpponentScore, ByeSettings, Game, Outcome, Points, TimeControl};
use qishe::scoring::{
    player_rounds, standings, BoardData, EventData, PlayerRef, RoundData, Scheme, SchemeKind,
    TieBreak,
};

/// A random event: each round shuffles the players (by the given keys) and
/// pairs neighbours; an odd one out gets a bye.
fn event(n: usize, results: &[Vec<(u8, u8)>]) -> EventData {
    let players: Vec<PlayerRef> = (0..n)
        .map(|i| PlayerRef {
            id: i as i64 + 1,
            start_no: i as u32 + 1,
            name: format!("P{}", i + 1),
            rating: None,
        })
        .collect();
    let rounds = results
        .iter()
        .enumerate()
        .map(|(r, res)| {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| (res[i % res.len()].1 as usize * 31 + i * 7 + r * 13) % 97);
            let mut boards = Vec::new();
            for (b, pair) in order.chunks(2).enumerate() {
                let red = pair[0] as i64 + 1;
                let black = pair.get(1).map(|&x| x as i64 + 1);
                let games = match black {
                    Some(bk) => {
                        let o = match res[b % res.len()].0 % 8 {
                            0..=2 => Outcome::RedWin,
                            3..=4 => Outcome::BlackWin,
                            5 => Outcome::RedForfeits,
                            6 => Outcome::DoubleForfeit,
                            _ => Outcome::Draw,
                        };
                        vec![Game::bare(red, bk, o)]
                    }
                    None => vec![],
                };
                boards.push(BoardData {
                    number: b as u32 + 1,
                    red,
                    black,
                    games,
                });
            }
            RoundData {
                number: r as u32 + 1,
                boards,
                requested_byes: vec![],
            }
        })
        .collect();
    EventData {
        players,
        rounds,
        games_per_round: 1,
        time_control: TimeControl::symmetric(90 * 60_000, 30_000),
        byes: ByeSettings {
            opponent_score: ByeOpponentScore::Zero,
            ..ByeSettings::default()
        },
        planned_rounds: 0,
        round_robin: false,
        c07_2024: false,
    }
}

fn arb() -> impl Strategy<Value = (usize, Vec<Vec<(u8, u8)>>)> {
    (2usize..12).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec(prop::collection::vec((any::<u8>(), any::<u8>()), 6), 1..7),
        )
    })
}

proptest! {
    #[test]
    fn order_agrees_with_explain_and_totals_add_up((n, results) in arb()) {
        let ev = event(n, &results);
        let scheme = Scheme::new(SchemeKind::Standard);
        let all: Vec<TieBreak> = TieBreak::ALL.to_vec();
        let st = standings(&ev, &scheme, &all, None).unwrap();
        prop_assert_eq!(st.rows.len(), n);
        for w in st.rows.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let ex = st.explain(a.player.id, b.player.id).unwrap();
            if a.rank == b.rank {
                prop_assert!(ex.criterion.is_none());
                prop_assert!(a.shared && b.shared);
            } else {
                prop_assert!(a.rank < b.rank);
                prop_assert_eq!(ex.ahead, Some(a.player.id));
                prop_assert!(ex.criterion.is_some());
            }
        }
        // Points: 2 per decided game (a double forfeit gives 0), 2 per bye.
        let mut expected = Points::ZERO;
        for r in &ev.rounds {
            for b in &r.boards {
                expected += match b.games.first().map(|g| g.outcome) {
                    None => Points::new(2),
                    Some(Outcome::DoubleForfeit) => Points::ZERO,
                    Some(_) => Points::new(2),
                };
            }
        }
        let total: Points = st.rows.iter().map(|r| r.points).sum();
        prop_assert_eq!(total, expected);
        // Opponent scores (byes count 0): each player's points are counted
        // once per opponent he met.
        let rounds = player_rounds(&ev, &scheme, st.after_round).unwrap();
        let pts = |id: i64| st.row(id).unwrap().points;
        let mut sum_os = Points::ZERO;
        let mut weighted = Points::ZERO;
        for (i, rs) in rounds.iter().enumerate() {
            let me = ev.players[i].id;
            let met = rs.iter().filter(|pr| pr.kind.met()).count() as i64;
            weighted += pts(me) * met;
            sum_os += st.row(me).unwrap().values[0].1;
        }
        prop_assert_eq!(sum_os, weighted);
        // Progressive is at least the total; wins at most the rounds.
        for r in &st.rows {
            let v = |t: TieBreak| r.values.iter().find(|(x, _)| *x == t).unwrap().1;
            prop_assert!(v(TieBreak::Progressive) >= r.points);
            prop_assert!(v(TieBreak::Wins) <= Points::new(results.len() as i64));
            prop_assert!(v(TieBreak::BeatenSum) + v(TieBreak::DrawnSum) + v(TieBreak::LostSum)
                == v(TieBreak::OpponentScore));
        }
    }
}
