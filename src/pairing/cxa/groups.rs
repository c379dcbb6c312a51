//! §2.4 of the spec: rounds ≥ 2 by the group loop, top to bottom —
//! floaters (A), greedy (B), repair (C) and floating down (D).

use super::*;

/// Rounds ≥ 2 (§2): the group loop, then colours and board order.
pub(super) fn later_round(ctx: &mut Ctx) -> Result<(Pairs, Option<usize>), PairingError> {
    let n = ctx.pl.len();
    let mut order: Vec<usize> = (0..n).collect();
    ctx.sort(&mut order);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if ctx.pl[g[0]].s == ctx.pl[i].s => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs: Pairs = Vec::new();
    let mut paired = vec![false; n];
    let mut floaters: Vec<usize> = Vec::new();
    let ng = groups.len();
    for (gi, group) in groups.iter().enumerate() {
        let last = gi + 1 == ng;
        let g = ctx.pl[group[0]].step;
        let group_start = pairs.len();
        // A. Floaters.
        if !floaters.is_empty() {
            floaters_step(
                ctx,
                &floaters,
                group,
                g,
                &mut pairs,
                &mut paired,
                group_start,
            );
        }
        // B. Greedy.
        greedy(ctx, &floaters, group, &mut pairs, &mut paired);
        // C. Repair.
        let unpaired: Vec<usize> = floaters
            .iter()
            .chain(group.iter())
            .copied()
            .filter(|&i| !paired[i])
            .collect();
        if unpaired.len() >= 2 || last {
            repair(
                ctx,
                &unpaired,
                g,
                last,
                group_start,
                &mut pairs,
                &mut paired,
            )?;
        }
        // D. Float down.
        let mut next: Vec<usize> = floaters
            .iter()
            .chain(group.iter())
            .copied()
            .filter(|&i| !paired[i])
            .collect();
        ctx.sort(&mut next);
        floaters = next;
    }
    // The last group's repair may dissolve pairs of upper groups, so look at
    // everybody, not only the last floaters.
    let mut floaters: Vec<usize> = (0..n).filter(|&i| !paired[i]).collect();
    ctx.sort(&mut floaters);
    if floaters.len() > 1 {
        let ids: Vec<String> = floaters.iter().map(|&i| ctx.pl[i].id.to_string()).collect();
        return Err(PairingError::NoLegalPairing {
            round: ctx.round,
            why: msg!("err.pairing.cxa_by_hand", ids = ids.join(", ")),
        });
    }
    let bye = floaters.first().copied();
    if let Some(b) = bye {
        if !ctx.bye_ok[b] {
            ctx.notes
                .push(msg!("note.cxa.bye_not_eligible", id = ctx.pl[b].id));
        }
    }
    // Colours and board order (§3).
    let mut boards: Vec<(usize, (usize, usize))> = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| (k, colours(ctx, a, b)))
        .collect();
    boards.sort_by(|(ka, (a1, a2)), (kb, (b1, b2))| {
        let hi = |x: usize, y: usize| ctx.pl[x].s.max(ctx.pl[y].s);
        let lo = |x: usize, y: usize| ctx.pl[x].s.min(ctx.pl[y].s);
        hi(*b1, *b2)
            .cmp(&hi(*a1, *a2))
            .then(lo(*b1, *b2).cmp(&lo(*a1, *a2)))
            .then(ka.cmp(kb))
    });
    Ok((boards.into_iter().map(|(_, p)| p).collect(), bye))
}

/// Step A of §2.4: floaters first take residents of the opposite row, then
/// of their own row, then E1 if a floater is still unpaired.
pub(super) fn floaters_step(
    ctx: &Ctx,
    floaters: &[usize],
    group: &[usize],
    g: i64,
    pairs: &mut Pairs,
    paired: &mut [bool],
    group_start: usize,
) {
    let brow: Vec<usize> = floaters
        .iter()
        .copied()
        .filter(|&f| ctx.pl[f].b_row())
        .collect();
    let rrow: Vec<usize> = floaters
        .iter()
        .copied()
        .filter(|&f| !ctx.pl[f].b_row())
        .collect();
    // a. Cross.
    for &f in brow.iter().chain(rrow.iter()) {
        if paired[f] {
            continue;
        }
        let fb = ctx.pl[f].b_row();
        if let Some(&r) = group
            .iter()
            .find(|&&r| !paired[r] && ctx.pl[r].b_row() != fb && ctx.ok(f, r, true))
        {
            pairs.push((f, r));
            paired[f] = true;
            paired[r] = true;
        }
    }
    // b. Same row.
    let share = floaters.iter().any(|&f| {
        !paired[f]
            && group
                .iter()
                .any(|&r| !paired[r] && ctx.pl[r].b_row() == ctx.pl[f].b_row())
    });
    if share {
        for &f in brow.iter().chain(rrow.iter()) {
            if paired[f] {
                continue;
            }
            let fb = ctx.pl[f].b_row();
            if let Some(&r) = group
                .iter()
                .find(|&&r| !paired[r] && ctx.pl[r].b_row() == fb && ctx.ok(f, r, true))
            {
                pairs.push((f, r));
                paired[f] = true;
                paired[r] = true;
            }
        }
    }
    // c. E1.
    if floaters.iter().any(|&f| !paired[f]) {
        let weight: i128 = floaters
            .iter()
            .filter(|&&f| !paired[f])
            .map(|&f| pow100(ctx.pl[f].step - g))
            .sum();
        if let Some(m) = ctx.e1(floaters, group, g) {
            if !m.pairs.is_empty() && m.obj.y < weight {
                for (a, b) in pairs.drain(group_start..) {
                    paired[a] = false;
                    paired[b] = false;
                }
                for &(a, b) in &m.pairs {
                    pairs.push((a, b));
                    paired[a] = true;
                    paired[b] = true;
                }
            }
        }
    }
}

/// Step B of §2.4.
pub(super) fn greedy(
    ctx: &Ctx,
    floaters: &[usize],
    group: &[usize],
    pairs: &mut Pairs,
    paired: &mut [bool],
) {
    let all: Vec<usize> = floaters
        .iter()
        .chain(group.iter())
        .copied()
        .filter(|&i| !paired[i])
        .collect();
    let rrow: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !ctx.pl[i].b_row())
        .collect();
    let brow: Vec<usize> = all.iter().copied().filter(|&i| ctx.pl[i].b_row()).collect();
    if !rrow.is_empty() && !brow.is_empty() {
        let r_scans = match rrow.len().cmp(&brow.len()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let (hr, hb) = (ctx.pl[rrow[0]].id, ctx.pl[brow[0]].id);
                if ctx.round % 2 == 1 {
                    hr < hb
                } else {
                    hr > hb
                }
            }
        };
        let (scan, other) = if r_scans {
            (&rrow, &brow)
        } else {
            (&brow, &rrow)
        };
        for &s in scan {
            if paired[s] {
                continue;
            }
            if let Some(&t) = other.iter().find(|&&t| !paired[t] && ctx.ok(s, t, true)) {
                pairs.push((s, t));
                paired[s] = true;
                paired[t] = true;
            }
        }
    }
    if all.iter().filter(|&&i| !paired[i]).count() > 5 {
        for row in [&brow, &rrow] {
            for (k, &a) in row.iter().enumerate() {
                if paired[a] {
                    continue;
                }
                if let Some(&b) = row[k + 1..]
                    .iter()
                    .find(|&&b| !paired[b] && ctx.ok(a, b, true))
                {
                    pairs.push((a, b));
                    paired[a] = true;
                    paired[b] = true;
                }
            }
        }
    }
}

/// Step C of §2.4 (with Rec B6/B7/B8).
pub(super) fn repair(
    ctx: &mut Ctx,
    unpaired: &[usize],
    g: i64,
    last: bool,
    group_start: usize,
    pairs: &mut Pairs,
    paired: &mut [bool],
) -> Result<(), PairingError> {
    let first = if last { 0 } else { group_start };
    let count = pairs.len() - first;
    let apply = |m: &Matched, k: usize, pairs: &mut Pairs, paired: &mut [bool]| {
        for (a, b) in pairs.drain(pairs.len() - k..) {
            paired[a] = false;
            paired[b] = false;
        }
        for &(a, b) in &m.pairs {
            pairs.push((a, b));
            paired[a] = true;
            paired[b] = true;
        }
    };
    let set_for = |k: usize, pairs: &Pairs| -> Vec<usize> {
        let mut set: Vec<usize> = pairs[pairs.len() - k..]
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .collect();
        set.extend_from_slice(unpaired);
        set
    };
    let ks: Vec<usize> = if count == 0 {
        vec![0]
    } else {
        (1..=count).collect()
    };
    if !last {
        // Accept the first k that leaves fewer than two players of score g
        // unpaired. Failing that, take the best candidate by the E2 order,
        // then fewer dissolved pairs (Rec B6), if it improves on the greedy
        // result. Leftovers float down.
        let at_g = |ctx: &Ctx, v: &[usize]| v.iter().filter(|&&i| ctx.pl[i].step == g).count();
        let mut best: Option<(Matched, usize)> = None;
        for &k in &ks {
            let set = set_for(k, pairs);
            let Some(m) = ctx.e2(&set, g, false, true, false) else {
                let score = set
                    .iter()
                    .find(|&&i| ctx.pl[i].step == g)
                    .map_or(Points::ZERO, |&i| ctx.pl[i].s);
                ctx.notes.push(msg!(
                    "note.cxa.repair_capped",
                    score,
                    cap = ctx.opts.exhaustive_cap
                ));
                break;
            };
            if count == 0 || at_g(ctx, &m.unpaired) < 2 {
                apply(&m, k, pairs, paired);
                return Ok(());
            }
            if best.as_ref().is_none_or(|(b, _)| m.obj.better_than(&b.obj)) {
                best = Some((m, k));
            }
        }
        // 禁连三 is never relaxed here: the leftovers float down, and the
        // last group's repair, which can dissolve every pair of the round,
        // relaxes it only when no pairing without a third same colour in a
        // row exists (a relaxation here made avoidable threes).
        if let Some((m, k)) = best {
            if at_g(ctx, &m.unpaired) < at_g(ctx, unpaired) {
                apply(&m, k, pairs, paired);
            }
        }
        return Ok(());
    }
    // The last group: accept the first k where nobody is unpaired, or one
    // bye-eligible player is. Failing that (in this order): relax 禁连三;
    // then allow the bye to a player who is not bye-eligible; then both.
    // A second bye is worse than a third same colour in a row: when the
    // bye allowed to anyone goes to a player who had one while 禁连三
    // holds, the pairing without 禁连三 is taken if it gives the bye to a
    // player who never had one. The absolute rules (no rematch, forbidden
    // pairs, 禁多三) and the club rule are never relaxed; if nothing works
    // the arbiter pairs by hand (Rec B7).
    let three_on = ctx.opts.no_three_in_row;
    let mut tries = vec![(true, false)];
    if three_on {
        tries.push((false, false));
    }
    tries.push((true, true));
    if three_on {
        tries.push((false, true));
    }
    let mut capped = false;
    // A second bye found with 禁连三 kept, held while the next try looks
    // for a bye to a player who never had one.
    let mut held: Option<(Matched, usize)> = None;
    let second_bye = |ctx: &Ctx, m: &Matched| m.unpaired.first().is_some_and(|&b| ctx.had_bye[b]);
    for (three, any_bye) in tries {
        // Beyond the cap the exhaustive search has not seen every pairing:
        // a bye outside the eligible could be avoidable in the unexplored
        // part, so those tries go to the matching fallback alone.
        if !(any_bye && capped) {
            let best = last_group_best(ctx, &ks, &set_for, pairs, g, (three, any_bye), &mut capped);
            let chosen = match best {
                Some(m) if any_bye && three && three_on && second_bye(ctx, &m.0) => {
                    held = Some(m);
                    continue;
                }
                Some(m) if any_bye && second_bye(ctx, &m.0) && held.is_some() => {
                    held.take().map(|h| (h, true))
                }
                Some(m) => Some((m, three)),
                None => None,
            };
            if let Some(((m, k), three)) = chosen.or_else(|| held.take().map(|h| (h, true))) {
                if !three {
                    let note = relaxed_note(ctx, &m);
                    ctx.notes.push(note);
                }
                apply(&m, k, pairs, paired);
                return Ok(());
            }
        }
        if let Some((m, k)) = held.take() {
            apply(&m, k, pairs, paired);
            return Ok(());
        }
        if capped {
            // Rec B8's better option: a polynomial fallback that still keeps
            // the absolute rules (maximum-cardinality matching), with the
            // same rules as this try, before any later try relaxes more.
            let tiers = if any_bye { 0..3 } else { 0..1 };
            if let Some((m, k)) = matching_fallback(ctx, unpaired, &ks, pairs, three, tiers) {
                let cap = ctx.opts.exhaustive_cap;
                ctx.notes.push(if three {
                    msg!("note.cxa.fallback_matching", cap)
                } else {
                    msg!("note.cxa.fallback_matching_relaxed", cap)
                });
                apply(&m, k, pairs, paired);
                return Ok(());
            }
        }
    }
    Err(PairingError::NoLegalPairing {
        round: ctx.round,
        why: if capped {
            msg!("err.pairing.cxa_search_cap", cap = ctx.opts.exhaustive_cap)
        } else {
            let mut ids: Vec<u32> = unpaired.iter().map(|&i| ctx.pl[i].id).collect();
            ids.sort_unstable();
            let ids = ids
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let clash = club_clash(ctx, unpaired);
            if ctx.opts.avoid_same_club && !clash.is_empty() {
                msg!("err.pairing.cxa_bottom_club", ids, clash)
            } else {
                msg!("err.pairing.cxa_bottom", ids)
            }
        },
    })
}

/// The clubs with more than one of `players`, each with their numbers
/// (`北京: 1, 2, 10`), joined by `; `; empty when no two share a club.
fn club_clash(ctx: &Ctx, players: &[usize]) -> String {
    let mut clubs: std::collections::BTreeMap<&str, Vec<u32>> = Default::default();
    for &i in players {
        if let Some(c) = &ctx.pl[i].club {
            clubs.entry(c.as_str()).or_default().push(ctx.pl[i].id);
        }
    }
    clubs
        .into_iter()
        .filter(|(_, ids)| ids.len() > 1)
        .map(|(club, mut ids)| {
            ids.sort_unstable();
            let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
            format!("{club}: {}", ids.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

pub(super) fn relaxed_note(ctx: &Ctx, m: &Matched) -> Msg {
    let three: Vec<String> = m
        .pairs
        .iter()
        .filter(|&&(a, b)| !ctx.ok(a, b, true))
        .map(|&(a, b)| format!("{}–{}", ctx.pl[a].id, ctx.pl[b].id))
        .collect();
    if three.is_empty() {
        msg!("note.cxa.best_candidate")
    } else {
        msg!("note.cxa.three_relaxed", pairs = three.join(", "))
    }
}

/// The last group's best candidate under one try's rules (`three`: 禁连三
/// kept; `any_bye`: the bye may go to anyone, by the E2 order with the
/// bye-eligible first, then who never had a bye): the first k that works,
/// or with every bye allowed the best over all k (smaller k may not reach
/// the player who should have the bye), then fewer dissolved pairs (Rec
/// B6). `capped` is set when the exhaustive search gave up.
fn last_group_best(
    ctx: &Ctx,
    ks: &[usize],
    set_for: &dyn Fn(usize, &Pairs) -> Vec<usize>,
    pairs: &Pairs,
    g: i64,
    (three, any_bye): (bool, bool),
    capped: &mut bool,
) -> Option<(Matched, usize)> {
    let mut best: Option<(Matched, usize)> = None;
    for &k in ks {
        let set = set_for(k, pairs);
        let Some(m) = ctx.e2(&set, g, true, three, any_bye) else {
            *capped = true;
            break;
        };
        let fine = m.unpaired.is_empty()
            || (m.unpaired.len() == 1 && (any_bye || ctx.bye_ok[m.unpaired[0]]));
        if !fine {
            continue;
        }
        if !any_bye {
            return Some((m, k));
        }
        if best.as_ref().is_none_or(|(b, _)| m.obj.better_than(&b.obj)) {
            best = Some((m, k));
        }
    }
    best
}
