//! Sane ranges for what is stored (issue 21): a birth year 3000, clocks of
//! 10^15 ms, 4,294,967,295 fouls or a 1 MB name are typing mistakes or
//! hostile files, refused with a clear message before any SQL runs.

use super::{Result, StoreError};
use crate::domain::{EventSettings, Game, NewMember};
use crate::i18n::msg;

/// Longest name (member, club, event), in characters.
pub const NAME_CHARS: usize = 100;
/// Longest clock reading or base time: 24 hours.
pub const CLOCK_MS: i64 = 24 * 3_600_000;
/// Most fouls of one side in one game.
pub const FOULS: u32 = 99;
/// Most moves of one game.
pub const MOVES: u32 = 10_000;
/// Most rounds of one event.
pub const ROUNDS: u32 = 999;

fn range(what: &str, value: i64, min: i64, max: i64) -> Result<()> {
    if value < min || value > max {
        return Err(StoreError::Invalid(msg!(
            "err.limit.range",
            what,
            value,
            min,
            max
        )));
    }
    Ok(())
}

pub(crate) fn text(what: &str, s: &str) -> Result<()> {
    let n = s.chars().count();
    if n > NAME_CHARS {
        return Err(StoreError::Invalid(msg!(
            "err.limit.text",
            what,
            chars = n,
            max = NAME_CHARS
        )));
    }
    Ok(())
}

pub(crate) fn member(m: &NewMember) -> Result<()> {
    text("name", &m.name)?;
    if let Some(c) = &m.club {
        text("club", c)?;
    }
    if let Some(e) = &m.ext_id {
        text("id", e)?;
    }
    if let Some(y) = m.born {
        use chrono::Datelike;
        let this_year = chrono::Local::now().year() as i64;
        range("born", y as i64, 1900, this_year)?;
    }
    if let Some(r) = m.rating {
        range("rating", r as i64, 0, 4000)?;
    }
    Ok(())
}

pub(crate) fn event(name: &str, s: &EventSettings) -> Result<()> {
    text("name", name)?;
    range("rounds", s.rounds as i64, 1, ROUNDS as i64)?;
    let tc = &s.time_control;
    range("red base time (ms)", tc.red_base_ms, 0, CLOCK_MS)?;
    range("black base time (ms)", tc.black_base_ms, 0, CLOCK_MS)?;
    range("increment (ms)", tc.increment_ms, 0, 3_600_000)?;
    Ok(())
}

pub(crate) fn game(g: &Game) -> Result<()> {
    for (what, v) in [
        ("red clock (ms)", g.facts.red_used_ms),
        ("black clock (ms)", g.facts.black_used_ms),
    ] {
        if let Some(v) = v {
            range(what, v, 0, CLOCK_MS)?;
        }
    }
    range("red fouls", g.facts.red_fouls as i64, 0, FOULS as i64)?;
    range("black fouls", g.facts.black_fouls as i64, 0, FOULS as i64)?;
    if let Some(m) = g.facts.moves {
        range("moves", m as i64, 0, MOVES as i64)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Outcome;

    #[test]
    fn values_out_of_range_are_refused() {
        let m = |f: &dyn Fn(&mut NewMember)| {
            let mut x = NewMember {
                name: "王天一".into(),
                ..Default::default()
            };
            f(&mut x);
            member(&x)
        };
        assert!(m(&|_| {}).is_ok());
        assert!(m(&|x| x.born = Some(3000)).is_err());
        assert!(m(&|x| x.born = Some(1990)).is_ok());
        assert!(m(&|x| x.name = "名".repeat(101)).is_err());
        let mut g = Game::bare(1, 2, Outcome::Draw);
        assert!(game(&g).is_ok());
        g.facts.red_used_ms = Some(1_000_000_000_000_000);
        assert!(game(&g).is_err());
        g.facts.red_used_ms = None;
        g.facts.black_fouls = u32::MAX;
        assert!(game(&g).is_err());
        let s = EventSettings {
            rounds: 10_000,
            ..Default::default()
        };
        assert!(event("周赛", &s).is_err());
        let mut s = EventSettings::default();
        s.time_control.red_base_ms = 99_999_999_999_999 * 60_000;
        assert!(event("周赛", &s).is_err());
    }
}
