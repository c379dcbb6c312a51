//! §1 of the spec: round 1 by a fixed pairing and colour method, and
//! Rec B2's same-club swaps.

use super::*;

/// Round 1 (§1). Returns (red, black) pairs in board order, the bye and its colour.
pub(super) fn round_one(
    ctx: &mut Ctx,
) -> Result<(Pairs, Option<usize>, Option<Colour>), PairingError> {
    let opts = ctx.opts;
    let n = ctx.pl.len();
    // The random round-1 method and the coin-flip colour method,
    // reproducible from `CxaOptions::random_seed`: the project's one RNG.
    let mut rng = crate::domain::SplitMix64(opts.random_seed);
    let halves: Vec<u8> = ctx
        .pl
        .iter()
        .map(|p| {
            if opts.upper_half.contains(&p.id) {
                0
            } else if opts.lower_half.contains(&p.id) {
                2
            } else {
                1
            }
        })
        .collect();
    let half = |i: Option<usize>| -> u8 { i.map_or(1, |i| halves[i]) };
    // The list, players in seed order; None is the BYE (seed n+1).
    let mut list: Vec<Option<usize>> = (0..n).map(Some).collect();
    if opts.round1_method == 5 {
        list.sort_by_key(|&i| half(i));
    }
    let odd = n % 2 == 1;
    // Rec B3: with 首尾 the round-1 bye goes to the last seed, not to seed 1.
    let mut tail_bye = None;
    if odd {
        if opts.round1_method == 2 {
            tail_bye = list.pop();
        } else {
            list.push(None);
        }
    }
    if opts.round1_method == 4 {
        for i in (1..list.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            list.swap(i, j);
        }
    }
    let m = list.len() / 2;
    let mut boards: Vec<(Option<usize>, Option<usize>)> = match opts.round1_method {
        1 => (0..m).map(|i| (list[2 * i], list[2 * i + 1])).collect(),
        2 => (0..m).map(|i| (list[i], list[2 * m - 1 - i])).collect(),
        _ => (0..m).map(|i| (list[i], list[m + i])).collect(),
    };
    if let Some(t) = tail_bye {
        boards.push((t, None));
    }
    avoid_round_one_clashes(ctx, &mut boards);
    let forbidden_left = boards.iter().any(|&(a, b)| match (a, b) {
        (Some(a), Some(b)) => ctx.is_forbidden(ctx.pl[a].id, ctx.pl[b].id),
        _ => false,
    });
    if forbidden_left {
        // The forbidden pairs are absolute: pair round 1 as one score group.
        ctx.notes.push(msg!("note.cxa.round1_forbidden"));
        let (pairs, bye) = later_round(ctx)?;
        let col = bye.map(|b| {
            if ctx.pl[b].x < 0 {
                Colour::Red
            } else {
                Colour::Black
            }
        });
        return Ok((pairs, bye, col));
    }
    let max_id = ctx.pl.iter().map(|p| p.id).max().unwrap_or(0);
    let seed = |i: Option<usize>| -> u32 { i.map_or(max_id + 1, |i| ctx.pl[i].id) };
    let mut out = Vec::new();
    let mut bye = None;
    for (bi, &(a, b)) in boards.iter().enumerate() {
        let board_no = bi + 1;
        let (sa, sb) = (seed(a), seed(b));
        let lower_first = sa < sb;
        let swap = match opts.round1_colour {
            1 | 5 => {
                let s = half(a) > half(b);
                if opts.round1_colour == 5 {
                    !s
                } else {
                    s
                }
            }
            2 | 6 => {
                let want_lower = board_no % 2 == 1;
                let s = lower_first != want_lower;
                if opts.round1_colour == 6 {
                    !s
                } else {
                    s
                }
            }
            3 => sa % 2 == 0 && sb % 2 == 1,
            7 => sa % 2 == 1 && sb % 2 == 0,
            4 => rng.below(2) == 1,
            8 => !lower_first,
            9 => lower_first,
            _ => false,
        };
        let (red, black) = if swap { (b, a) } else { (a, b) };
        match (red, black) {
            (Some(r), Some(k)) => out.push((r, k)),
            (Some(r), None) => bye = Some((r, Colour::Red)),
            (None, Some(k)) => bye = Some((k, Colour::Black)),
            (None, None) => {}
        }
    }
    Ok((out, bye.map(|b| b.0), bye.map(|b| b.1)))
}

/// Rec B2 (and forbidden pairs, which are absolute): on a clashing board,
/// swap its second (lower-half) player with the next board's second player
/// (the previous board's for the last board); if that creates a clash, try
/// the other boards nearest first.
pub(super) fn avoid_round_one_clashes(
    ctx: &mut Ctx,
    boards: &mut [(Option<usize>, Option<usize>)],
) {
    let clash = |ctx: &Ctx, a: Option<usize>, b: Option<usize>| -> bool {
        match (a, b) {
            (Some(a), Some(b)) => !ctx.ok(a, b, false),
            _ => false,
        }
    };
    let nb = boards.len();
    for i in 0..nb {
        if !clash(ctx, boards[i].0, boards[i].1) || boards[i].1.is_none() {
            continue;
        }
        let mut cands: Vec<usize> = Vec::new();
        if i + 1 < nb {
            cands.push(i + 1);
        } else if i > 0 {
            cands.push(i - 1);
        }
        for dist in 1..nb {
            for j in [i + dist, i.wrapping_sub(dist)] {
                if j < nb && !cands.contains(&j) {
                    cands.push(j);
                }
            }
        }
        let mut fixed = false;
        for j in cands {
            if boards[j].1.is_none() || boards[j].0.is_none() {
                continue;
            }
            let (a1, b1) = boards[i];
            let (a2, b2) = boards[j];
            if !clash(ctx, a1, b2) && !clash(ctx, a2, b1) {
                boards[i].1 = b2;
                boards[j].1 = b1;
                fixed = true;
                break;
            }
        }
        if !fixed {
            // Second try: exchange with the other board's first player.
            for j in 0..nb {
                if j == i || boards[j].0.is_none() || boards[j].1.is_none() {
                    continue;
                }
                let (a1, b1) = boards[i];
                let (a2, b2) = boards[j];
                if !clash(ctx, a1, a2) && !clash(ctx, b1, b2) {
                    boards[i].1 = a2;
                    boards[j].0 = b1;
                    fixed = true;
                    break;
                }
            }
        }
        if !fixed {
            let (a, b) = (boards[i].0.unwrap_or(0), boards[i].1.unwrap_or(0));
            let (ia, ib) = (ctx.pl[a].id, ctx.pl[b].id);
            ctx.notes
                .push(msg!("note.cxa.round1_same_club", a = ia, b = ib));
        }
    }
}
