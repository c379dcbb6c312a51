//! Forbidden pairs at the door: two entries that must not meet, in every
//! round or in ranges of rounds (several a pair), and lifting them.

use super::{App, Result};
use crate::domain::{forbidden_by_pair, ranges_text, Entry, ForbiddenPair, RoundNo};
use crate::domain::{EntryId, EventId};
use crate::i18n::{msg, Msg};

/// A forbidden pair as the front ends list it: `A / B`, with its rounds
/// when it holds in some only (`A / B (rounds 1–3, 6–8)`).
pub fn forbidden_pair_msg(a: &str, b: &str, ranges: &[(u32, u32)]) -> Msg {
    match ranges.is_empty() {
        true => msg!("forbid.pair", a, b),
        false => msg!("forbid.pair_rounds", a, b, rounds = ranges_text(ranges)),
    }
}

impl App {
    /// Two entries that must not meet.
    pub fn forbid_pair(
        &mut self,
        event: EventId,
        a: EntryId,
        b: EntryId,
    ) -> Result<(Entry, Entry)> {
        self.forbid_pair_in(event, a, b, None)
    }

    /// Two entries that must not meet in rounds `rounds` (first, last),
    /// added to the rounds they are kept apart in already; `None`: in any
    /// round. A TRF-2026 `260` record each range.
    pub fn forbid_pair_in(
        &mut self,
        event: EventId,
        a: EntryId,
        b: EntryId,
        rounds: Option<(RoundNo, RoundNo)>,
    ) -> Result<(Entry, Entry)> {
        let rounds = rounds.map(|(from, to)| (from.get(), to.get()));
        self.refuse_in_knockout(event, "err.ko.no_forbidden_pairs")?;
        let (ea, eb) = (self.entry(event, a)?, self.entry(event, b)?);
        self.store.forbid_pair_in(event.0, &ea, &eb, rounds)?;
        Ok((ea, eb))
    }

    /// Lifts a forbidden pair: in every round (`None`) or in `rounds` only.
    pub fn lift_forbidden(
        &mut self,
        event: EventId,
        a: EntryId,
        b: EntryId,
        rounds: Option<(RoundNo, RoundNo)>,
    ) -> Result<(Entry, Entry)> {
        let rounds = rounds.map(|(from, to)| (from.get(), to.get()));
        let total = self.event(event)?.settings.rounds;
        let (ea, eb) = (self.entry(event, a)?, self.entry(event, b)?);
        self.store
            .lift_forbidden(event.0, &ea, &eb, rounds, total)?;
        Ok((ea, eb))
    }

    /// The event's forbidden pairs (a value a range of rounds).
    pub fn forbidden_pairs(&self, event: EventId) -> Result<Vec<ForbiddenPair>> {
        Ok(self.store.forbidden_pairs(event.0)?)
    }

    /// The event's forbidden pairs as the front ends list them, a line a
    /// pair with its rounds (see [`forbidden_pair_msg`]).
    pub fn forbidden_lines(&self, event: EventId) -> Result<Vec<Msg>> {
        let entries = self.entries(event)?;
        let name = |id: i64| {
            entries
                .iter()
                .find(|e| e.id == id)
                .map_or_else(|| format!("#{id}"), |e| e.name.clone())
        };
        let pairs = self.forbidden_pairs(event)?;
        Ok(forbidden_by_pair(&pairs)
            .into_iter()
            .map(|((a, b), ranges)| forbidden_pair_msg(&name(a), &name(b), &ranges))
            .collect())
    }
}
