//! Sane ranges for what a club stores, as pure rules: a birth
//! year 3000, clocks of 10^15 ms, 4,294,967,295 fouls, a 1 MB name or a
//! name with control characters (a NUL cuts it short in SQLite, an escape
//! sequence drives a terminal) are typing mistakes or hostile files. The
//! file readers apply them per row (the message names the line); the store
//! applies them again before any SQL runs (`store/limits.rs`), so no door
//! is left open.

use super::{EventSettings, Game, NewMember};
use crate::i18n::{msg, Msg};

/// Longest name (member, club, event, team), in characters.
pub const NAME_CHARS: usize = 100;
/// Longest clock reading or base time: 24 hours.
pub const CLOCK_MS: i64 = 24 * 3_600_000;
/// Most fouls of one side in one game.
pub const FOULS: u32 = 99;
/// Most moves of one game.
pub const MOVES: u32 = 10_000;
/// Most rounds of one event.
pub const ROUNDS: u32 = 999;
/// The rating range.
pub const RATING: (i64, i64) = (0, 4000);

/// The characters that never reach a terminal raw and are refused in
/// names: control characters (C0, DEL, C1 — `ESC [2J` clears the screen,
/// `ESC ]52;` writes the clipboard, `ESC ]0;` retitles the window, a NUL
/// cuts a name short in SQLite) and the bidirectional overrides that
/// reorder what is shown. `formats::safe` shows them escaped.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// What a limit speaks of, as the reader calls it: each code the limits
/// are called with (`rating`, `red fouls` …) is a key of its own; the
/// English of each is the code itself.
fn field(what: &str) -> Msg {
    let key = match what {
        "name" => "limit.field.name",
        "event" => "limit.field.event",
        "team" => "limit.field.team",
        "club" => "limit.field.club",
        "captain" => "limit.field.captain",
        "id" => "limit.field.id",
        "born" => "limit.field.born",
        "rating" => "limit.field.rating",
        "rounds" => "limit.field.rounds",
        "red" => "limit.field.red",
        "black" => "limit.field.black",
        "red base time (ms)" => "limit.field.red_base",
        "black base time (ms)" => "limit.field.black_base",
        "increment (ms)" => "limit.field.increment",
        "red clock (ms)" => "limit.field.red_clock",
        "black clock (ms)" => "limit.field.black_clock",
        "red fouls" => "limit.field.red_fouls",
        "black fouls" => "limit.field.black_fouls",
        "moves" => "limit.field.moves",
        _ => return msg!("limit.field.other", what),
    };
    Msg::new(key)
}

pub fn range(what: &str, value: i64, min: i64, max: i64) -> Result<(), Msg> {
    if value < min || value > max {
        let what = field(what);
        return Err(msg!("err.limit.range", what, value, min, max));
    }
    Ok(())
}

/// A short text (a name, a club, an id): at most [`NAME_CHARS`]
/// characters, no control character (a NUL, a line break, an escape).
pub fn text(what: &str, s: &str) -> Result<(), Msg> {
    let n = s.chars().count();
    if n > NAME_CHARS {
        let what = field(what);
        return Err(msg!("err.limit.text", what, chars = n, max = NAME_CHARS));
    }
    if let Some(c) = s.chars().find(|&c| is_unsafe(c)) {
        return Err(msg!(
            "err.limit.control",
            what = field(what),
            code = format!("U+{:04X}", c as u32)
        ));
    }
    Ok(())
}

/// A name: as [`text`], and not blank.
pub fn name(what: &str, s: &str) -> Result<(), Msg> {
    if s.trim().is_empty() {
        return Err(msg!("err.limit.blank", what = field(what)));
    }
    text(what, s)
}

pub fn member(m: &NewMember) -> Result<(), Msg> {
    name("name", &m.name)?;
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
        range("rating", r as i64, RATING.0, RATING.1)?;
    }
    Ok(())
}

pub fn event(name: &str, s: &EventSettings) -> Result<(), Msg> {
    self::name("event", name)?;
    range("rounds", s.rounds as i64, 1, ROUNDS as i64)?;
    let tc = &s.time_control;
    range("red base time (ms)", tc.red_base_ms, 0, CLOCK_MS)?;
    range("black base time (ms)", tc.black_base_ms, 0, CLOCK_MS)?;
    range("increment (ms)", tc.increment_ms, 0, 3_600_000)?;
    Ok(())
}

/// A team: its name, club and captain.
pub fn team(name: &str, club: Option<&str>, captain: Option<&str>) -> Result<(), Msg> {
    self::name("team", name)?;
    if let Some(c) = club {
        text("club", c)?;
    }
    if let Some(c) = captain {
        text("captain", c)?;
    }
    Ok(())
}

pub fn game(g: &Game) -> Result<(), Msg> {
    facts(&g.facts)
}

/// A game's facts: clocks, fouls, moves.
pub fn facts(f: &super::GameFacts) -> Result<(), Msg> {
    for (what, v) in [
        ("red clock (ms)", f.red_used_ms),
        ("black clock (ms)", f.black_used_ms),
    ] {
        if let Some(v) = v {
            range(what, v, 0, CLOCK_MS)?;
        }
    }
    range("red fouls", f.red_fouls as i64, 0, FOULS as i64)?;
    range("black fouls", f.black_fouls as i64, 0, FOULS as i64)?;
    if let Some(m) = f.moves {
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
        assert!(m(&|x| x.rating = Some(99_999)).is_err());
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
        assert!(team(&"队".repeat(20_000), None, None).is_err());
    }

    #[test]
    fn control_characters_and_blank_names_are_refused() {
        for bad in ["AB\0CD", "\0X", "王\u{1b}[2J", "a\nb", "x\u{202e}y"] {
            let e = name("name", bad).unwrap_err();
            assert!(e.en().contains("U+"), "{bad:?}: {}", e.en());
        }
        assert!(name("name", "   ").unwrap_err().en().contains("blank"));
        assert!(name("name", "Li Wei").is_ok());
    }
}
