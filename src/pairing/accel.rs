//! Accelerated pairings: virtual points that only the pairing sees.
//!
//! A player's pairing score when round r is paired is his real score plus
//! his virtual points for round r. They form the score groups, decide the
//! bye, the top-scorer test and which player of a pair ranks higher for
//! colours; standings, tie-breaks and the board order use real points.
//! Past rounds' virtual points stay in force for the float history.
//!
//! FIDE C.04.5.1 (Baku): before round 1 the pairing list is split into
//! GA, the first 2·⌈N/4⌉ players, and GB. In the first ⌈R/2⌉ rounds GA
//! players get a win's worth of virtual points in the first ⌈A/2⌉ of them
//! and a draw's worth in the rest. Late entries go into the list by the
//! usual order, and the last GA player stays the last GA player.

use crate::domain::Points;
use std::collections::BTreeMap;

/// Virtual points by start number: index r is what the player gets when
/// round r + 1 is paired (rounds past the end are 0).
pub type VirtualPoints = BTreeMap<u32, Vec<Points>>;

/// The virtual points of `id` when round `round` (1-based) is paired.
pub fn at(table: &VirtualPoints, id: u32, round: u32) -> Points {
    table
        .get(&id)
        .and_then(|v| v.get(round.wrapping_sub(1) as usize))
        .copied()
        .unwrap_or(Points::ZERO)
}

/// How many of the first rounds are accelerated, and how many of those
/// give a win's worth: (A, ⌈A/2⌉) with A = ⌈R/2⌉.
pub fn baku_rounds(total_rounds: u32) -> (u32, u32) {
    let a = total_rounds.div_ceil(2);
    (a, a.div_ceil(2))
}

/// The size of group GA for `n` players in round 1's pairing list:
/// "the first half, rounded up to the nearest even number", 2·⌈N/4⌉
/// (never more than `n`).
pub fn baku_group(n: usize) -> usize {
    (2 * n.div_ceil(4)).min(n)
}

/// FIDE's Baku virtual points. `ids`: every start number of the event in
/// pairing order; `at_start`: those in round 1's pairing list (the rest
/// entered late). GA is every player up to the last GA player of round 1's
/// list, late entries placed before him included.
pub fn baku(
    ids: &[u32],
    at_start: &[u32],
    total_rounds: u32,
    win: Points,
    draw: Points,
) -> VirtualPoints {
    let mut out = VirtualPoints::new();
    let ga = baku_group(at_start.len());
    if ga == 0 {
        return out;
    }
    let last = at_start[ga - 1];
    let Some(last_pos) = ids.iter().position(|&i| i == last) else {
        return out;
    };
    let (a, full) = baku_rounds(total_rounds);
    let values: Vec<Points> = (1..=a)
        .map(|r| if r <= full { win } else { draw })
        .collect();
    for &id in &ids[..=last_pos] {
        out.insert(id, values.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<u32> {
        (1..=n).collect()
    }

    #[test]
    fn ga_is_the_first_half_rounded_up_to_an_even_number() {
        assert_eq!(baku_group(161), 82);
        assert_eq!(baku_group(160), 80);
        assert_eq!(baku_group(30), 16);
        assert_eq!(baku_group(31), 16);
        assert_eq!(baku_group(29), 16);
        assert_eq!(baku_group(1), 1);
        assert_eq!(baku_group(0), 0);
    }

    #[test]
    fn nine_rounds_accelerate_five_three_with_a_full_point() {
        assert_eq!(baku_rounds(9), (5, 3));
        assert_eq!(baku_rounds(7), (4, 2));
        assert_eq!(baku_rounds(11), (6, 3));
        assert_eq!(baku_rounds(1), (1, 1));
        let t = baku(&ids(30), &ids(30), 7, Points(100), Points(50));
        assert_eq!(t.len(), 16);
        assert_eq!(
            t[&16],
            vec![Points(100), Points(100), Points(50), Points(50)]
        );
        assert!(!t.contains_key(&17));
        assert_eq!(at(&t, 1, 3), Points(50));
        assert_eq!(at(&t, 1, 5), Points::ZERO);
        assert_eq!(at(&t, 17, 1), Points::ZERO);
    }

    #[test]
    fn a_late_entry_before_the_last_ga_player_joins_ga() {
        // 8 at the start: GA = 1..4. Player 3 entered late and was placed
        // third: GA is 1..5 (the last GA player, 5, stays).
        let all = ids(9);
        let start: Vec<u32> = all.iter().copied().filter(|&i| i != 3).collect();
        let t = baku(&all, &start, 5, Points(100), Points(50));
        assert_eq!(t.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn ranges_give_back_the_table() {
        let mut t = baku(&ids(30), &ids(30), 9, Points(100), Points(50));
        t.get_mut(&3).unwrap()[4] = Points(150);
        let r = crate::formats::trf::as_ranges(&t);
        let mut back = VirtualPoints::new();
        for &(p, r1, r2, a, b) in &r {
            for id in a..=b {
                let v = back.entry(id).or_default();
                if v.len() < r2 as usize {
                    v.resize(r2 as usize, Points::ZERO);
                }
                for x in &mut v[r1 as usize - 1..r2 as usize] {
                    *x = p;
                }
            }
        }
        assert_eq!(back, t);
        assert!(r.len() <= 6, "{r:?}");
        let plain =
            crate::formats::trf::as_ranges(&baku(&ids(30), &ids(30), 9, Points(100), Points(50)));
        assert_eq!(
            plain,
            vec![(Points(100), 1, 3, 1, 16), (Points(50), 4, 5, 1, 16)]
        );
    }
}
