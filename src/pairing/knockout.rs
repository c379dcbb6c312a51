//! Knockout brackets (淘汰赛对阵图): slot order, byes, the draw by lot
//! within seed groups, the next round from the winners, the third-place
//! match and the colours of a match's first game (`specs/knockout.md`).
//!
//! Pure: seeds in, matches out. Seeds are 1-based (seed 1 is the highest).

use crate::domain::Colour;
use crate::domain::SplitMix64;

/// The bracket size: the smallest power of two ≥ `n` (at least 2).
pub fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// The number of rounds of a knockout of `n` entries.
pub fn rounds_for(n: usize) -> u32 {
    bracket_size(n).trailing_zeros()
}

/// The standard slot order: order(1) = [1]; order(2P) = for each s in
/// order(P): s, 2P+1−s. `p` must be a power of two.
pub fn slot_order(p: usize) -> Vec<u32> {
    let mut order = vec![1u32];
    while order.len() < p {
        let size = 2 * order.len() as u32;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// The seed groups drawn by lot: 1–2, 3–4, 5–8, 9–16, … up to `p`.
pub fn seed_groups(p: usize) -> Vec<std::ops::RangeInclusive<u32>> {
    let mut out = vec![1..=2.min(p as u32)];
    let mut lo = 3u32;
    let mut hi = 4u32;
    while lo as usize <= p {
        out.push(lo..=hi.min(p as u32));
        lo = hi + 1;
        hi *= 2;
    }
    out
}

/// One match of round 1: the upper and lower slot's seeds (`None` = the
/// seed does not exist: the upper player has a bye).
pub type FirstRoundMatch = (u32, Option<u32>);

/// Round 1 of a knockout of `n` entries: P/2 matches in bracket order.
/// With `lot`, existing seeds are shuffled among their group's slots.
pub fn first_round(n: usize, lot: Option<&mut SplitMix64>) -> Vec<FirstRoundMatch> {
    let p = bracket_size(n);
    let mut slots = slot_order(p);
    if let Some(rng) = lot {
        // Within a group, seeds with a bye are drawn among the bye slots and
        // the others among the rest: the byes stay with the top P−N seeds.
        let plain = slots.clone();
        for g in seed_groups(p) {
            for bye in [true, false] {
                let pos: Vec<usize> = (0..p)
                    .filter(|&i| {
                        g.contains(&plain[i])
                            && plain[i] as usize <= n
                            && (plain[i ^ 1] as usize > n) == bye
                    })
                    .collect();
                let mut seeds: Vec<u32> = pos.iter().map(|&i| plain[i]).collect();
                rng.shuffle(&mut seeds);
                for (&i, s) in pos.iter().zip(seeds) {
                    slots[i] = s;
                }
            }
        }
    }
    let exists = |s: u32| (s as usize <= n).then_some(s);
    slots
        .chunks(2)
        .map(|c| match (exists(c[0]), exists(c[1])) {
            (Some(a), b) => (a, b),
            (None, Some(b)) => (b, None),
            (None, None) => unreachable!("a slot pair always holds a seed ≤ P/2"),
        })
        .collect()
}

/// Round r+1's matches from round r's winners (in board order): the winners
/// of consecutive matches meet, the first one in the upper slot.
pub fn next_round<T: Copy>(winners: &[T]) -> Vec<(T, T)> {
    winners.chunks(2).map(|c| (c[0], c[1])).collect()
}

/// Who has red in game 1 of a match between seeds `a` and `b` (lower number =
/// higher seed): round 1, the higher seed; later, fewer reds so far, equal:
/// the higher seed. Returns the colour of `a`.
pub fn first_colour(round: u32, a: (u32, u32), b: (u32, u32)) -> Colour {
    let (seed_a, reds_a) = a;
    let (seed_b, reds_b) = b;
    let a_red = if round <= 1 || reds_a == reds_b {
        seed_a < seed_b
    } else {
        reds_a < reds_b
    };
    if a_red {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// The place of a player who lost in `round` of a knockout of `rounds`
/// rounds (the final's loser: 2; semi-final losers: 3; …).
pub fn place_for_loss(round: u32, rounds: u32) -> u32 {
    (1u32 << (rounds - round)) + 1
}

/// One match as the ranking sees it: seeds of the upper and lower slot
/// (`None` = bye) and the winner, once decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    pub a: u32,
    pub b: Option<u32>,
    pub winner: Option<u32>,
    /// Both players forfeited: both are out in this round, no winner.
    pub both_out: bool,
}

/// A line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankRow {
    pub seed: u32,
    /// 1, 2, 3, 5, 9, … (3 and 4 with a decided third-place match).
    pub place: u32,
    /// Another player has the same place (`3=`).
    pub shared: bool,
    /// The round the player lost in; `None` for the champion (and players
    /// still in an unfinished knockout).
    pub lost_in: Option<u32>,
}

impl RankRow {
    /// `1`, `2`, `3=`, `5=` …
    pub fn rank_text(&self) -> String {
        if self.shared {
            format!("{}=", self.place)
        } else {
            self.place.to_string()
        }
    }
}

/// The final ranking of a knockout of `n` entries (seeds 1..=n) from its
/// rounds (in order, matches in board order) and the third-place match.
/// Within a shared place the order is by seed.
pub fn ranking(n: usize, rounds: &[Vec<MatchResult>], third: Option<MatchResult>) -> Vec<RankRow> {
    let total = rounds_for(n);
    let mut lost: Vec<Option<u32>> = vec![None; n + 1];
    for (i, r) in rounds.iter().enumerate() {
        for m in r {
            if let (true, Some(b)) = (m.both_out, m.b) {
                for out in [m.a, b] {
                    if lost[out as usize].is_none() {
                        lost[out as usize] = Some(i as u32 + 1);
                    }
                }
                continue;
            }
            let (Some(b), Some(w)) = (m.b, m.winner) else {
                continue;
            };
            let loser = if w == m.a { b } else { m.a };
            if lost[loser as usize].is_none() {
                lost[loser as usize] = Some(i as u32 + 1);
            }
        }
    }
    let mut rows: Vec<RankRow> = (1..=n as u32)
        .map(|seed| {
            let lost_in = lost[seed as usize];
            let place = match lost_in {
                None => 1,
                Some(r) => place_for_loss(r, total),
            };
            RankRow {
                seed,
                place,
                shared: false,
                lost_in,
            }
        })
        .collect();
    // A decided third-place match: its winner 3, every other semi-final
    // loser 4 (its loser; or, when it was a walkover, the two who both
    // forfeited the other semi-final).
    let semi = total.checked_sub(1).filter(|&r| r >= 1);
    let third_decided = matches!(
        third,
        Some(MatchResult {
            winner: Some(_),
            ..
        })
    );
    if let Some(MatchResult {
        winner: Some(w), ..
    }) = third
    {
        for r in rows.iter_mut() {
            if r.lost_in.is_some() && r.lost_in == semi && r.seed != w {
                r.place = 4;
            }
        }
    }
    rows.sort_by_key(|r| (r.place, r.seed));
    // Losers a round can have: one a match, two a match both forfeited.
    // A round's losers share their place by rule (3=, 5=) while some of
    // its matches still wait for a result.
    let losers: Vec<usize> = rounds
        .iter()
        .map(|r| {
            r.iter()
                .filter(|m| m.b.is_some())
                .map(|m| if m.both_out { 2 } else { 1 })
                .sum()
        })
        .collect();
    let places: Vec<u32> = rows.iter().map(|r| r.place).collect();
    for r in rows.iter_mut() {
        let by_rule = r.lost_in.is_some_and(|l| {
            losers.get(l as usize - 1).copied().unwrap_or(0) > 1
                && !(third_decided && Some(l) == semi)
        });
        r.shared = by_rule || places.iter().filter(|&&p| p == r.place).count() > 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A semi-final lost while the other is still to be played: the
    /// loser shares third place by rule (3=), as both losers will.
    #[test]
    fn a_round_loser_shares_the_place_while_the_round_is_under_way() {
        let m = |a, b, winner| MatchResult {
            a,
            b: Some(b),
            winner,
            both_out: false,
        };
        let rounds = vec![vec![m(1, 4, Some(4)), m(2, 3, None)]];
        let rows = ranking(4, &rounds, None);
        let one = rows.iter().find(|r| r.seed == 1).unwrap();
        assert_eq!((one.place, one.rank_text()), (3, "3=".to_string()));
        // The final still to come: nobody else has a place yet.
        let four = rows.iter().find(|r| r.seed == 4).unwrap();
        assert_eq!(four.lost_in, None);
    }

    #[test]
    fn slot_order_by_hand() {
        assert_eq!(slot_order(1), vec![1]);
        assert_eq!(slot_order(2), vec![1, 2]);
        assert_eq!(slot_order(4), vec![1, 4, 2, 3]);
        assert_eq!(slot_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            slot_order(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
    }

    #[test]
    fn slot_order_rules_for_every_size() {
        let mut p = 2;
        while p <= 128 {
            let o = slot_order(p);
            assert_eq!(o.len(), p);
            let mut sorted = o.clone();
            sorted.sort();
            assert_eq!(sorted, (1..=p as u32).collect::<Vec<_>>(), "P={p}");
            // Every first-round match adds up to P+1.
            for c in o.chunks(2) {
                assert_eq!(c[0] + c[1], p as u32 + 1, "P={p}");
            }
            // Seeds 1 and 2 are in different halves: they meet in the final at the earliest.
            let pos = |s| o.iter().position(|&x| x == s).unwrap();
            assert!(pos(1) < p / 2 && pos(2) >= p / 2, "P={p}");
            // order(2P) is built from order(P).
            let half = slot_order(p / 2);
            for (i, &s) in half.iter().enumerate() {
                assert_eq!(o[2 * i], s);
                assert_eq!(o[2 * i + 1], p as u32 + 1 - s);
            }
            p *= 2;
        }
    }

    #[test]
    fn byes_go_to_the_top_seeds() {
        // 6 entries in an 8-bracket: seeds 7 and 8 missing, 1 and 2 have byes.
        let r = first_round(6, None);
        assert_eq!(
            r,
            vec![(1, None), (4, Some(5)), (2, None), (3, Some(6))],
            "1–8, 4–5, 2–7, 3–6"
        );
        // 12 entries in 16: seeds 1–4 have byes.
        let r = first_round(12, None);
        let byes: Vec<u32> = r.iter().filter(|m| m.1.is_none()).map(|m| m.0).collect();
        assert_eq!(byes, vec![1, 4, 2, 3]);
        assert_eq!(rounds_for(12), 4);
        assert_eq!(rounds_for(2), 1);
        assert_eq!(rounds_for(7), 3);
    }

    #[test]
    fn lot_stays_within_seed_groups() {
        assert_eq!(seed_groups(16), vec![1..=2, 3..=4, 5..=8, 9..=16]);
        let plain = slot_order(16);
        for seed in 0..20 {
            let mut rng = SplitMix64(seed);
            let r = first_round(16, Some(&mut rng));
            let drawn: Vec<u32> = r.iter().flat_map(|&(a, b)| [a, b.unwrap()]).collect();
            for (x, y) in plain.iter().zip(&drawn) {
                let group = |s: u32| seed_groups(16).iter().position(|g| g.contains(&s));
                assert_eq!(group(*x), group(*y), "seed {y} left its group");
            }
        }
        // Byes stay with the top seeds when drawn by lot too.
        let mut rng = SplitMix64(3);
        let r = first_round(11, Some(&mut rng));
        let mut byes: Vec<u32> = r.iter().filter(|m| m.1.is_none()).map(|m| m.0).collect();
        byes.sort();
        assert_eq!(byes, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn colours_of_game_one() {
        assert_eq!(first_colour(1, (3, 0), (6, 0)), Colour::Red);
        assert_eq!(first_colour(1, (6, 0), (3, 0)), Colour::Black);
        // Later: fewer reds has red; equal: the higher seed.
        assert_eq!(first_colour(2, (1, 2), (4, 1)), Colour::Black);
        assert_eq!(first_colour(2, (4, 1), (1, 1)), Colour::Black);
        assert_eq!(first_colour(2, (4, 0), (1, 1)), Colour::Red);
    }

    #[test]
    fn places() {
        assert_eq!(place_for_loss(4, 4), 2);
        assert_eq!(place_for_loss(3, 4), 3);
        assert_eq!(place_for_loss(2, 4), 5);
        assert_eq!(place_for_loss(1, 4), 9);
        assert_eq!(next_round(&[1, 4, 2, 3]), vec![(1, 4), (2, 3)]);
    }

    mod generated {
        use super::super::*;
        use crate::domain::{Game, Material, Outcome};
        use crate::scoring::knockout::{decide_match, MatchPlayers, MatchRules, MatchState};
        use crate::scoring::{Scheme, SchemeKind};
        use proptest::prelude::*;

        /// Plays a whole knockout with random games; returns its rounds.
        fn play(n: usize, kind: SchemeKind, lot: bool, seed: u64) -> Vec<Vec<MatchResult>> {
            let mut rng = SplitMix64(seed);
            let rules = MatchRules {
                scheme: Scheme::new(kind),
                regular: 1 + (seed % 2) as u32,
                ladder: None,
            };
            let mut draw_rng = SplitMix64(seed ^ 0x55);
            let first = first_round(n, lot.then_some(&mut draw_rng));
            let mut current: Vec<(u32, Option<u32>)> = first;
            let mut rounds = Vec::new();
            let mut reds = vec![0u32; n + 1];
            let mut round = 1;
            loop {
                let mut results = Vec::new();
                for &(a, b) in &current {
                    let Some(b) = b else {
                        results.push(MatchResult {
                            a,
                            b: None,
                            winner: Some(a),
                            both_out: false,
                        });
                        continue;
                    };
                    let c = first_colour(round, (a, reds[a as usize]), (b, reds[b as usize]));
                    let p = MatchPlayers {
                        a: a as i64,
                        b: b as i64,
                        higher: a.min(b) as i64,
                        first_red: if c == Colour::Red { a as i64 } else { b as i64 },
                    };
                    let mut games: Vec<Game> = Vec::new();
                    let mut lot_winner = None;
                    let winner = loop {
                        let st = decide_match(&rules, &p, &games, lot_winner).unwrap();
                        match st.state {
                            MatchState::Decided { winner, .. } => break winner,
                            MatchState::BothOut => unreachable!("no game is forfeited here"),
                            MatchState::NeedsLot => {
                                lot_winner = Some(if rng.below(2) == 0 { p.a } else { p.b })
                            }
                            MatchState::Due(d) => {
                                let o = match rng.below(3) {
                                    0 => Outcome::RedWin,
                                    1 => Outcome::BlackWin,
                                    _ => Outcome::Draw,
                                };
                                let mut g = Game::bare(d.red, d.black, o);
                                g.game_no = d.game_no;
                                g.facts.moves = Some(30 + rng.below(3) as u32);
                                g.facts.red_used_ms = Some(60_000);
                                g.facts.black_used_ms = Some(60_000);
                                g.facts.red_pieces = crate::domain::PieceMoves::parse("5/5/5/5/5");
                                g.facts.black_pieces =
                                    crate::domain::PieceMoves::parse("5/5/5/5/5");
                                g.facts.first_strike = Some(crate::domain::FirstStrike {
                                    side: Some(Colour::Red),
                                    move_no: Some(5),
                                });
                                let m = ["R", "RH", "H"];
                                g.facts.red_residual =
                                    Some(Material::parse(m[rng.below(3) as usize]).unwrap());
                                g.facts.black_residual =
                                    Some(Material::parse(m[rng.below(3) as usize]).unwrap());
                                reds[d.red as usize] += 1;
                                games.push(g);
                            }
                        }
                    };
                    results.push(MatchResult {
                        a,
                        b: Some(b),
                        winner: Some(winner as u32),
                        both_out: false,
                    });
                }
                let winners: Vec<u32> = results.iter().map(|m| m.winner.unwrap()).collect();
                rounds.push(results);
                if winners.len() == 1 {
                    break;
                }
                current = next_round(&winners)
                    .into_iter()
                    .map(|(a, b)| (a, Some(b)))
                    .collect();
                round += 1;
            }
            rounds
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(crate::test_cases(64)))]

            #[test]
            fn every_knockout_has_one_champion_and_ranks_as_the_spec_says(
                n in 2usize..=100,
                k in 0usize..5,
                lot in any::<bool>(),
                seed in any::<u64>(),
            ) {
                let kind = [
                    SchemeKind::Standard,
                    SchemeKind::Draw08,
                    SchemeKind::TwoGame,
                    SchemeKind::HuTwoGame,
                    SchemeKind::AttackerDefender,
                ][k];
                let rounds = play(n, kind, lot, seed);
                prop_assert_eq!(rounds.len() as u32, rounds_for(n));
                // Every entrant plays round 1 (or has a bye), loses at most once.
                let mut losses = vec![0; n + 1];
                for r in &rounds {
                    for m in r {
                        if let (Some(b), Some(w)) = (m.b, m.winner) {
                            losses[if w == m.a { b } else { m.a } as usize] += 1;
                        }
                    }
                }
                prop_assert!(losses.iter().all(|&l| l <= 1));
                prop_assert_eq!(losses.iter().filter(|&&l| l == 0).count(), 2, "index 0 and the champion");
                let ranks = ranking(n, &rounds, None);
                prop_assert_eq!(ranks.len(), n);
                let champions: Vec<&RankRow> = ranks.iter().filter(|r| r.place == 1).collect();
                prop_assert_eq!(champions.len(), 1);
                prop_assert!(!champions[0].shared && champions[0].lost_in.is_none());
                prop_assert_eq!(ranks.iter().filter(|r| r.place == 2).count(), 1);
                let total = rounds_for(n);
                for (i, r) in ranks.iter().enumerate() {
                    if let Some(l) = r.lost_in {
                        prop_assert_eq!(r.place, (1 << (total - l)) + 1);
                    }
                    let same = ranks.iter().filter(|x| x.place == r.place).count();
                    prop_assert_eq!(r.shared, same > 1);
                    if i > 0 {
                        let prev = &ranks[i - 1];
                        prop_assert!((prev.place, prev.seed) < (r.place, r.seed));
                    }
                }
                // Seeds with a round-1 bye are exactly the top P−N.
                let byes: Vec<u32> = rounds[0].iter().filter(|m| m.b.is_none()).map(|m| m.a).collect();
                let p = bracket_size(n);
                let mut sorted = byes.clone();
                sorted.sort();
                prop_assert_eq!(sorted, (1..=(p - n) as u32).collect::<Vec<_>>());
            }
        }
    }
}
