//! Who gets which prize of an event's prize list, from its standings
//! (`../shared/specs/prizes.md` §2–§5). Pure: the caller hands in the
//! list and the field in standings order, and gets the allocation back;
//! money is whole amounts, shares are computed exactly and rounded down,
//! the units left over going to the best-ranked.

mod explain;
#[cfg(test)]
mod tests;

pub use explain::{explain, Why};

use crate::domain::{Category, Points, PrizeFacts, PrizeList, PrizeValue, Sharing};

/// A player of the standings, as the allocation sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// His standings rank (players still level after every tie-break
    /// share one).
    pub rank: u32,
    pub name: String,
    pub points: Points,
    pub facts: PrizeFacts,
}

/// What a player receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    Money(u64),
    Item(String),
}

/// How a shared overall amount was made (`equal` and `hort`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    /// The group's overall places (its members' positions), first..=last.
    pub first: u32,
    pub last: u32,
    /// The overall money of those places.
    pub pool: u64,
    pub size: u32,
    /// The money of the member's own place (what `hort` halves).
    pub own: u64,
    pub sharing: Sharing,
    /// One of the units left over by rounding down went to him.
    pub extra_unit: bool,
}

/// One prize given: to whom, as which category and place, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    /// Index of the player in the field (position − 1).
    pub player: usize,
    pub category: Category,
    /// The prize's place in its category; for a share, the member's own
    /// overall place.
    pub place: u32,
    /// The list's prize (index into the list); `None` for a share of a
    /// place that has no money prize of its own.
    pub prize: Option<usize>,
    pub given: Given,
    pub share: Option<Share>,
    /// Better-ranked players who were eligible but already had a prize,
    /// with the award (index into [`Allocation::awards`]) they held.
    pub passed_over: Vec<(usize, usize)>,
}

/// Why a prize of the list went to nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unawarded {
    /// Nobody in the field is in its category.
    NobodyEligible,
    /// Every eligible player already had a prize.
    AllHavePrizes,
    /// An overall place beyond the field (`equal`, `hort`: overall places go
    /// by position).
    NoPlayerAtPlace,
}

/// A prize of the list that was not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAwarded {
    pub prize: usize,
    pub why: Unawarded,
}

/// The allocation of a prize list over a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    pub sharing: Sharing,
    /// Every prize given, in the order given.
    pub awards: Vec<Award>,
    /// The prizes given to nobody, in list order.
    pub not_awarded: Vec<NotAwarded>,
}

impl Allocation {
    /// The awards in standings order, a player's in the order he received
    /// them (the rows of `qishe prizes`).
    pub fn in_standings_order(&self) -> Vec<&Award> {
        let mut v: Vec<(usize, &Award)> = self.awards.iter().enumerate().collect();
        v.sort_by_key(|(i, a)| (a.player, *i));
        v.into_iter().map(|(_, a)| a).collect()
    }

    /// The money handed out.
    pub fn money_given(&self) -> u128 {
        self.awards
            .iter()
            .map(|a| match a.given {
                Given::Money(m) => u128::from(m),
                Given::Item(_) => 0,
            })
            .sum()
    }

    /// The awards of one player, in the order he received them.
    pub fn of_player(&self, player: usize) -> impl Iterator<Item = (usize, &Award)> {
        self.awards
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.player == player)
    }

    /// The award that gave the list's prize `prize`, if any.
    pub fn award_of_prize(&self, prize: usize) -> Option<(usize, &Award)> {
        self.awards
            .iter()
            .enumerate()
            .find(|(_, a)| a.prize == Some(prize) && a.share.is_none())
    }
}

/// The order prizes are handed out in (§4.1): money by decreasing amount
/// (equal amounts in list order), then the items in list order. `only`
/// picks which of the list's prizes take part.
pub fn hand_out_order(list: &PrizeList, only: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut money: Vec<(u64, usize)> = Vec::new();
    let mut items: Vec<usize> = Vec::new();
    for (i, p) in list.prizes.iter().enumerate().filter(|(i, _)| only(*i)) {
        match p.value {
            PrizeValue::Money(m) => money.push((m, i)),
            PrizeValue::Item(_) => items.push(i),
        }
    }
    money.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    money.into_iter().map(|(_, i)| i).chain(items).collect()
}

/// Hands out the list over `field` (the standings, best first).
pub fn allocate(list: &PrizeList, field: &[Contender]) -> Allocation {
    let mut st = State {
        list,
        field,
        holder: vec![None; field.len()],
        alloc: Allocation {
            sharing: list.sharing,
            awards: Vec::new(),
            not_awarded: Vec::new(),
        },
    };
    match list.sharing {
        Sharing::None => {
            for i in hand_out_order(list, |_| true) {
                st.give_to_best_without_prize(i);
            }
        }
        Sharing::Equal | Sharing::Hort => {
            st.share_overall_money();
            st.overall_items_by_position();
            let cat = |i: usize| list.prizes[i].category != Category::Overall;
            for i in hand_out_order(list, cat) {
                st.give_to_best_without_prize(i);
            }
        }
    }
    st.alloc.not_awarded.sort_by_key(|n| n.prize);
    st.alloc
}

struct State<'a> {
    list: &'a PrizeList,
    field: &'a [Contender],
    /// Each player's first prize (an index into the awards), if any.
    holder: Vec<Option<usize>>,
    alloc: Allocation,
}

impl State<'_> {
    fn give(&mut self, a: Award) {
        let n = self.alloc.awards.len();
        let has = match &a.given {
            Given::Money(m) => *m > 0,
            Given::Item(_) => true,
        };
        if has && self.holder[a.player].is_none() {
            self.holder[a.player] = Some(n);
        }
        self.alloc.awards.push(a);
    }

    fn not_given(&mut self, prize: usize, why: Unawarded) {
        self.alloc.not_awarded.push(NotAwarded { prize, why });
    }

    fn given_of(v: &PrizeValue) -> Given {
        match v {
            PrizeValue::Money(m) => Given::Money(*m),
            PrizeValue::Item(t) => Given::Item(t.clone()),
        }
    }

    /// §4.2 / §5.4: the prize to the best-ranked eligible player who has
    /// no prize yet.
    fn give_to_best_without_prize(&mut self, i: usize) {
        let p = &self.list.prizes[i];
        let mut passed = Vec::new();
        let mut eligible = 0;
        let mut winner = None;
        for (k, c) in self.field.iter().enumerate() {
            if !p.category.admits(&c.facts) {
                continue;
            }
            eligible += 1;
            match self.holder[k] {
                Some(h) => passed.push((k, h)),
                None => {
                    winner = Some(k);
                    break;
                }
            }
        }
        match winner {
            Some(k) => self.give(Award {
                player: k,
                category: p.category.clone(),
                place: p.place,
                prize: Some(i),
                given: Self::given_of(&p.value),
                share: None,
                passed_over: passed,
            }),
            None if eligible == 0 => self.not_given(i, Unawarded::NobodyEligible),
            None => self.not_given(i, Unawarded::AllHavePrizes),
        }
    }

    /// The overall money prize of place `k` (0 for an item place, or a
    /// place the list does not have), and its index.
    fn overall_money(&self, place: u32) -> (u64, Option<usize>) {
        self.list
            .prizes
            .iter()
            .enumerate()
            .find(|(_, p)| p.category == Category::Overall && p.place == place)
            .and_then(|(i, p)| p.value.money().map(|m| (m, Some(i))))
            .unwrap_or((0, None))
    }

    /// §5.1–5.2: each group of players level on points shares the overall
    /// money of the places it occupies.
    fn share_overall_money(&mut self) {
        let n = self.field.len();
        let mut a = 0;
        while a < n {
            let mut b = a + 1;
            while b < n && self.field[b].points == self.field[a].points {
                b += 1;
            }
            let size = (b - a) as u32;
            let own: Vec<(u64, Option<usize>)> =
                (a..b).map(|k| self.overall_money(k as u32 + 1)).collect();
            let pool: u64 = own.iter().map(|o| o.0).sum();
            if pool > 0 {
                let shares = split(
                    self.list.sharing,
                    pool,
                    &own.iter().map(|o| o.0).collect::<Vec<_>>(),
                );
                for (j, (amount, extra)) in shares.into_iter().enumerate() {
                    let k = a + j;
                    if amount == 0 {
                        continue;
                    }
                    self.give(Award {
                        player: k,
                        category: Category::Overall,
                        place: k as u32 + 1,
                        prize: own[j].1,
                        given: Given::Money(amount),
                        share: (size > 1).then(|| Share {
                            first: a as u32 + 1,
                            last: b as u32,
                            pool,
                            size,
                            own: own[j].0,
                            sharing: self.list.sharing,
                            extra_unit: extra,
                        }),
                        passed_over: Vec::new(),
                    });
                }
            }
            a = b;
        }
        // Overall money places beyond the field go to nobody.
        for (i, p) in self.list.prizes.iter().enumerate() {
            if p.category == Category::Overall && p.value.money().is_some() && p.place as usize > n
            {
                self.alloc.not_awarded.push(NotAwarded {
                    prize: i,
                    why: Unawarded::NoPlayerAtPlace,
                });
            }
        }
    }

    /// §5.3: overall place k's item to the player in position k.
    fn overall_items_by_position(&mut self) {
        for (i, p) in self.list.prizes.iter().enumerate() {
            let PrizeValue::Item(t) = &p.value else {
                continue;
            };
            if p.category != Category::Overall {
                continue;
            }
            let k = p.place as usize - 1;
            if k >= self.field.len() {
                self.not_given(i, Unawarded::NoPlayerAtPlace);
                continue;
            }
            self.give(Award {
                player: k,
                category: Category::Overall,
                place: p.place,
                prize: Some(i),
                given: Given::Item(t.clone()),
                share: None,
                passed_over: Vec::new(),
            });
        }
    }
}

/// Splits `pool` among a group whose own places carry `own` (in tie-break
/// order): exact shares rounded down, the units left over one each to the
/// best-ranked. Returns each member's amount and whether he got a unit.
pub fn split(sharing: Sharing, pool: u64, own: &[u64]) -> Vec<(u64, bool)> {
    let size = own.len() as u128;
    if size == 0 {
        return Vec::new();
    }
    let pool128 = u128::from(pool);
    let mut shares: Vec<u128> = own
        .iter()
        .map(|&o| match sharing {
            // pool / size
            Sharing::Equal | Sharing::None => pool128 / size,
            // own / 2 + pool / (2 size) = (own·size + pool) / (2 size)
            Sharing::Hort => (u128::from(o) * size + pool128) / (2 * size),
        })
        .collect();
    let sum: u128 = shares.iter().sum();
    let left = pool128.saturating_sub(sum) as usize;
    let mut out = Vec::with_capacity(shares.len());
    for (j, s) in shares.iter_mut().enumerate() {
        let extra = j < left;
        if extra {
            *s += 1;
        }
        out.push((*s as u64, extra));
    }
    out
}
