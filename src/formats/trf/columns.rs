//! Column-exact fields and the numbers in them, shared by the player
//! lines (`read`) and the other records (`records`). Columns are 1-based
//! and inclusive, as the format's tables give them.

use super::{err, TrfError};
use crate::domain::Points;
use crate::i18n::msg;

pub(super) fn field(chars: &[char], from: usize, to: usize) -> String {
    // 1-based inclusive column range.
    let a = (from - 1).min(chars.len());
    let b = to.min(chars.len());
    chars[a..b].iter().collect::<String>()
}

pub(super) fn parse_uint(
    s: &str,
    line: usize,
    col: usize,
    what: &'static str,
) -> Result<u32, TrfError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    t.parse::<u32>().map_err(|_| {
        err(
            line,
            col,
            msg!("err.trf.not_whole", what = msg!(what), value = t),
        )
    })
}

pub(super) fn parse_points(s: &str, line: usize, col: usize) -> Result<Points, TrfError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(Points::ZERO);
    }
    let p: Points = t
        .parse()
        .map_err(|_| err(line, col, msg!("err.trf.points", value = t)))?;
    if p.0 < 0 || p.0 > 100_000 {
        return Err(err(line, col, msg!("err.trf.points_range", value = t)));
    }
    Ok(p)
}
