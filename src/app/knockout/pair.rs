//! Pairing a knockout round by round, and placing players by hand before
//! round one.

use super::MatchView;
use crate::app::{invalid, App, AppError, Result};
use crate::app::{EntryId, EventId};
use crate::domain::SplitMix64;
use crate::domain::{Entry, EntryStatus, Game, Outcome};
use crate::pairing::knockout as ko;
use crate::store::{KnockoutBoard, NewBoard, StoreError};

impl App {
    /// Pairs the next knockout round (round 1 from the seeds); refused while
    /// a match of the current round is undecided, naming them. The round is
    /// stored only if the event is still as it was read (else it is drawn
    /// again from the new state).
    pub fn knockout_pair(&mut self, event: EventId) -> Result<Vec<MatchView>> {
        let id = self.event(event)?.id;
        let mut attempt = 1;
        loop {
            let stamp = self.store.event_stamp(id)?;
            match self.knockout_pair_from(event, stamp) {
                Err(AppError::Store(StoreError::Changed))
                    if attempt < crate::app::rounds::PAIR_ATTEMPTS =>
                {
                    attempt += 1
                }
                r => return r,
            }
        }
    }

    /// One attempt of [`App::knockout_pair`] from the event as it was when
    /// its stamp was `stamp`.
    fn knockout_pair_from(&mut self, event: EventId, stamp: u64) -> Result<Vec<MatchView>> {
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let n = br.entries.len();
        if n < 2 {
            return Err(invalid!("err.ko.too_few", event = &ev.name, count = n));
        }
        let paired = br.rounds.len() as u32;
        let total = ko::rounds_for(n);
        let round = paired + 1;
        // (place from the top of the bracket, board, upper slot).
        let mut boards: Vec<(u32, NewBoard, i64)> = Vec::new();
        if paired == 0 {
            let mut by_seed: Vec<&Entry> = br.entries.iter().collect();
            by_seed.sort_by_key(|e| e.start_no);
            let mut rng = SplitMix64(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(20),
            );
            let lot = (br.settings.draw == "lot").then_some(&mut rng);
            let placed = &br.settings.placement;
            let first: Vec<(u32, Option<u32>)> = if placed.is_empty() {
                ko::first_round(n, lot)
            } else {
                let seed = |id: i64| {
                    by_seed
                        .iter()
                        .position(|e| e.id == id)
                        .map(|i| i as u32 + 1)
                };
                placed
                    .chunks(2)
                    .map(|c| match (seed(c[0]), seed(c[1])) {
                        (Some(x), y) => (x, y),
                        (None, Some(y)) => (y, None),
                        (None, None) => (0, None),
                    })
                    .collect()
            };
            for (place, (sa, sb)) in (1..).zip(first) {
                let a = by_seed[sa as usize - 1].id;
                let nb = match sb {
                    None => NewBoard {
                        red: a,
                        black: None,
                    },
                    Some(sb) => {
                        let b = by_seed[sb as usize - 1].id;
                        let red = br.first_red(1, a, b);
                        NewBoard {
                            red,
                            black: Some(if red == a { b } else { a }),
                        }
                    }
                };
                boards.push((place, nb, a));
            }
        } else {
            if paired >= total {
                return Err(invalid!(
                    "err.ko.finished",
                    event = &ev.name,
                    rounds = total
                ));
            }
            let last = &br.rounds[paired as usize - 1];
            let open: Vec<crate::i18n::Msg> = last
                .iter()
                .filter(|s| !br.settled(s))
                .map(|s| {
                    let v = br.view(s);
                    let b = v.b.as_ref().map(|b| b.name.as_str()).unwrap_or("");
                    let a = &v.a.name;
                    match v.next {
                        Some(n) => {
                            let next = n.msg(self.lang());
                            crate::i18n::msg!("cl.ko.open_match", board = s.board, a, b, next)
                        }
                        None => crate::i18n::msg!("cl.ko.open_match_bare", board = s.board, a, b),
                    }
                })
                .collect();
            if let Some(matches) = crate::i18n::join_msgs(open) {
                return Err(invalid!("err.ko.undecided", round = paired, matches));
            }
            // Each place of the last round from the top of the bracket: its
            // winner, `None` when nobody went through (both players out by
            // a double forfeit, or no match at that place).
            let places = ko::bracket_size(n) >> paired;
            let winners: Vec<Option<i64>> = (1..=places as u32)
                .map(|p| {
                    last.iter()
                        .find(|s| s.board == p && !s.third_place)
                        .and_then(|s| br.winner(s))
                })
                .collect();
            let mut pairs: Vec<(u32, i64, Option<i64>)> = Vec::new();
            for (i, two) in winners.chunks(2).enumerate() {
                let place = i as u32 + 1;
                match two {
                    [Some(a), Some(b)] => pairs.push((place, *a, Some(*b))),
                    // The other match has no winner: a walkover.
                    [Some(a), None] | [None, Some(a)] | [Some(a)] => pairs.push((place, *a, None)),
                    // Nobody from either match: this place has no match,
                    // the one after it a walkover.
                    _ => {}
                }
            }
            if pairs.is_empty() {
                return Err(invalid!(
                    "err.ko.nobody_left",
                    event = &ev.name,
                    round = paired
                ));
            }
            // The third-place match: the semi-final losers; one alone (the
            // other semi-final forfeited by both, or a walkover) is third
            // by walkover.
            if round == total && br.settings.third_place && total >= 2 {
                let losers: Vec<i64> = last
                    .iter()
                    .filter(|s| !s.third_place)
                    .filter_map(|s| br.loser(s))
                    .collect();
                match losers.as_slice() {
                    [a, b] => pairs.push((2, *a, Some(*b))),
                    [a] => pairs.push((2, *a, None)),
                    _ => {}
                }
            }
            for (place, a, b) in pairs {
                let nb = match b {
                    Some(b) => {
                        let red = br.first_red(round, a, b);
                        NewBoard {
                            red,
                            black: Some(if red == a { b } else { a }),
                        }
                    }
                    None => NewBoard {
                        red: a,
                        black: None,
                    },
                };
                boards.push((place, nb, a));
            }
        }
        // A player who has withdrawn loses his new match by forfeit (a
        // walkover, recorded with the pairing and undone with it); both
        // withdrawn forfeit game 1 both: both are out, and the next
        // round's opponent has a walkover.
        let withdrawn = |id: i64| {
            br.entries
                .iter()
                .find(|e| e.id == id)
                .is_some_and(|e| !matches!(e.status, EntryStatus::Active) && !e.available_in(round))
        };
        // Every regular game of the match is forfeited (a two-game
        // round's second game with the colours swapped).
        let regular = br.rules.regular.max(1);
        let walkovers: Vec<(u32, Game)> = boards
            .iter()
            .filter_map(|&(i, b, _)| {
                let black = b.black?;
                let red_out = match (withdrawn(b.red), withdrawn(black)) {
                    (true, false) => true,
                    (false, true) => false,
                    (true, true) => {
                        let mut g = Game::bare(b.red, black, Outcome::DoubleForfeit);
                        g.game_no = 1;
                        return Some(vec![(i, g)]);
                    }
                    (false, false) => return None,
                };
                Some(
                    (1..=regular)
                        .map(move |n| {
                            let swap = n % 2 == 0;
                            let (r, bl) = if swap { (black, b.red) } else { (b.red, black) };
                            let outcome = match red_out != swap {
                                true => Outcome::RedForfeits,
                                false => Outcome::BlackForfeits,
                            };
                            let mut g = Game::bare(r, bl, outcome);
                            g.game_no = n;
                            (i, g)
                        })
                        .collect(),
                )
            })
            .flatten()
            .collect();
        #[cfg(any(test, feature = "testkit"))]
        crate::app::rounds::before_round_save();
        let boards: Vec<KnockoutBoard> = boards
            .into_iter()
            .map(|(number, board, upper)| KnockoutBoard {
                number,
                board,
                upper,
            })
            .collect();
        self.store
            .save_knockout_round(ev.id, round, &boards, &walkovers, total, Some(stamp))?;
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        Ok(br.rounds[round as usize - 1]
            .iter()
            .map(|s| br.view(s))
            .collect())
    }

    /// The slots of a knockout placed by hand, read from what was typed
    /// (top to bottom; a player key, or `bye`, `-` or `轮空` for an empty
    /// slot: `None`), for [`App::knockout_place`].
    pub fn find_slots<S: AsRef<str>>(
        &self,
        event: EventId,
        keys: &[S],
    ) -> Result<Vec<Option<EntryId>>> {
        keys.iter()
            .map(|s| {
                let t = s.as_ref().trim();
                if t == "-" || t.eq_ignore_ascii_case("bye") || t == "轮空" {
                    Ok(None)
                } else {
                    Ok(Some(self.find_entry(event, t)?.key()))
                }
            })
            .collect()
    }

    /// Whether the players of `event` can be placed by hand now: a
    /// knockout whose round 1 is not paired yet. A front end asks before it
    /// reads the names typed, so that a placement that cannot be made is
    /// said before a typo in one of its names.
    pub fn check_knockout_place(&self, event: EventId) -> Result<()> {
        let ev = self.event(event)?;
        self.knockout_settings(&ev)?
            .ok_or_else(|| invalid!("err.ko.not_knockout", event = &ev.name))?;
        if self.store.rounds_paired(ev.id)? > 0 {
            return Err(invalid!("err.ko.place_after_pairing"));
        }
        Ok(())
    }

    /// Places the players by hand before round 1: `slots` top to bottom
    /// (`None`: an empty slot), exactly P of them.
    pub fn knockout_place(&mut self, event: EventId, slots: &[Option<EntryId>]) -> Result<()> {
        self.check_knockout_place(event)?;
        let ev = self.event(event)?;
        let mut settings = self
            .knockout_settings(&ev)?
            .ok_or_else(|| invalid!("err.ko.not_knockout", event = &ev.name))?;
        let entries = self.store.entries(ev.id)?;
        let p = ko::bracket_size(entries.len());
        let bad = || invalid!("err.ko.bad_placement", slots = p, count = entries.len());
        if slots.len() != p {
            return Err(bad());
        }
        let ids: Vec<i64> = slots.iter().map(|s| s.map_or(0, |e| e.0)).collect();
        let mut placed: Vec<i64> = ids.iter().copied().filter(|&x| x != 0).collect();
        placed.sort();
        let mut all: Vec<i64> = entries.iter().map(|e| e.id).collect();
        all.sort();
        if placed != all || ids.chunks(2).any(|c| c[0] == 0 && c[1] == 0) {
            return Err(bad());
        }
        settings.placement = ids;
        let json = serde_json::to_string(&settings)
            .map_err(|e| invalid!("err.app.bad_pairing_setting", why = e))?;
        self.store.set_knockout_settings(
            ev.id,
            &json,
            crate::i18n::msg!("log.ko_place", event = &ev.name),
        )?;
        Ok(())
    }
}
