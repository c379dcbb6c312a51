//! Why a player got this prize and not that one: every prize of the list
//! seen from one player, in the order they were handed out.

use super::{hand_out_order, Allocation, Contender};
use crate::domain::{Category, PrizeList, Sharing};

/// One prize of the list as it concerns one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// He received this award (index into [`Allocation::awards`]).
    Won { award: usize },
    /// The prize went to a better-ranked eligible player who had no prize
    /// yet (`winner`: index in the field).
    BetterRanked { prize: usize, winner: usize },
    /// He was eligible, but when it was handed out he already had the
    /// award `held`; it went to `winner` (or to nobody).
    AlreadyHad {
        prize: usize,
        held: usize,
        winner: Option<usize>,
    },
    /// With shared overall money, overall place k goes by position: to the
    /// player in position k (`None`: no such player), not to him.
    ByPosition { prize: usize, winner: Option<usize> },
    /// He is not in the prize's category.
    NotEligible { prize: usize },
}

impl Why {
    /// The list's prize this line is about (`None` for a share of a place
    /// without a prize of its own).
    pub fn prize(&self, alloc: &Allocation) -> Option<usize> {
        match self {
            Why::Won { award } => alloc.awards[*award].prize,
            Why::BetterRanked { prize, .. }
            | Why::AlreadyHad { prize, .. }
            | Why::ByPosition { prize, .. }
            | Why::NotEligible { prize } => Some(*prize),
        }
    }
}

/// Every prize of the list as it concerns `player` (index in the field),
/// in the order prizes were handed out: first what he received, then each
/// other prize and why it is not his.
pub fn explain(
    list: &PrizeList,
    field: &[Contender],
    alloc: &Allocation,
    player: usize,
) -> Vec<Why> {
    let mut out: Vec<Why> = alloc
        .of_player(player)
        .map(|(award, _)| Why::Won { award })
        .collect();
    let Some(me) = field.get(player) else {
        return out;
    };
    let shared = list.sharing != Sharing::None;
    let order: Vec<usize> = if shared {
        // Step 1 (overall, by place), then the categories.
        let mut o: Vec<usize> = (0..list.prizes.len())
            .filter(|&i| list.prizes[i].category == Category::Overall)
            .collect();
        o.sort_by_key(|&i| list.prizes[i].place);
        o.extend(hand_out_order(list, |i| {
            list.prizes[i].category != Category::Overall
        }));
        o
    } else {
        hand_out_order(list, |_| true)
    };
    // The award he held (his first) and when he got it.
    let first_award = alloc.of_player(player).find(|(_, a)| match a.given {
        super::Given::Money(m) => m > 0,
        super::Given::Item(_) => true,
    });
    for i in order {
        let p = &list.prizes[i];
        if out
            .iter()
            .any(|w| matches!(w, Why::Won { award } if alloc.awards[*award].prize == Some(i)))
        {
            continue;
        }
        if shared && p.category == Category::Overall {
            let k = p.place as usize - 1;
            // A money place of his own group: his share says it already.
            let in_group =
                k < field.len() && field[k].points == me.points && p.value.money().is_some();
            if !in_group {
                out.push(Why::ByPosition {
                    prize: i,
                    winner: (k < field.len()).then_some(k),
                });
            }
            continue;
        }
        if !p.category.admits(&me.facts) {
            out.push(Why::NotEligible { prize: i });
            continue;
        }
        let winner = alloc.award_of_prize(i).map(|(_, a)| a.player);
        match (winner, first_award) {
            (Some(w), _) if w < player => out.push(Why::BetterRanked {
                prize: i,
                winner: w,
            }),
            (w, Some((held, _))) => out.push(Why::AlreadyHad {
                prize: i,
                held,
                winner: w,
            }),
            // Eligible, no prize and not given to him: cannot happen; say
            // who got it.
            (Some(w), None) => out.push(Why::BetterRanked {
                prize: i,
                winner: w,
            }),
            (None, None) => {}
        }
    }
    out
}
