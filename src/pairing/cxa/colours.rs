//! §3 of the spec: colours, assigned after pairing (the normal rule and
//! the last-rounds rule).

use super::*;

/// §3: who has red.
pub(super) fn colours(ctx: &Ctx, a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&ctx.pl[a], &ctx.pl[b]);
    let t = ctx.opts.last_rounds_threshold;
    if t > Points::ZERO
        && ctx.round + ctx.opts.last_rounds_from_end >= ctx.total_rounds
        && (pa.s - pb.s).abs() >= t
    {
        let (h, l) = if pa.s > pb.s { (a, b) } else { (b, a) };
        let (red, black) = if ctx.pl[h].x > 0 { (l, h) } else { (h, l) };
        let (pr, pk) = (&ctx.pl[red], &ctx.pl[black]);
        let three = ctx.opts.no_three_in_row;
        let legal = (!three || pr.run + 1 < 3)
            && pr.d + 1 < 3
            && (!three || pk.run - 1 > -3)
            && pk.d - 1 > -3;
        if legal {
            return (red, black);
        }
    }
    normal_colours(ctx, a, b)
}

pub(super) fn normal_colours(ctx: &Ctx, a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&ctx.pl[a], &ctx.pl[b]);
    if pa.x != pb.x {
        return if pa.x < pb.x { (a, b) } else { (b, a) };
    }
    for (ca, cb) in pa.hist.iter().rev().zip(pb.hist.iter().rev()) {
        if ca != cb {
            return if *ca == Colour::Black { (a, b) } else { (b, a) };
        }
    }
    let (lo, hi) = if pa.id < pb.id { (a, b) } else { (b, a) };
    let lower_red = if ctx.opts.identical_colour_option == 1 {
        (pa.id + pb.id) % 2 == 1
    } else {
        ctx.round % 2 == 1
    };
    if lower_red {
        (lo, hi)
    } else {
        (hi, lo)
    }
}
