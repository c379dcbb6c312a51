//! Time controls and clock readings (milliseconds).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A time control with a base per colour and an increment per move (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub red_base_ms: i64,
    pub black_base_ms: i64,
    pub increment_ms: i64,
}

impl TimeControl {
    pub const fn symmetric(base_ms: i64, increment_ms: i64) -> TimeControl {
        TimeControl {
            red_base_ms: base_ms,
            black_base_ms: base_ms,
            increment_ms,
        }
    }

    pub fn base_ms(&self, red: bool) -> i64 {
        if red {
            self.red_base_ms
        } else {
            self.black_base_ms
        }
    }

    /// The most clock time a side can have used after making `own_moves` moves.
    pub fn max_used_ms(&self, red: bool, own_moves: u32) -> i64 {
        self.base_ms(red) + self.increment_ms * own_moves as i64
    }

    /// Time used, from the time left on the clock after `own_moves` moves.
    pub fn used_from_left(&self, red: bool, own_moves: u32, left_ms: i64) -> i64 {
        self.max_used_ms(red, own_moves) - left_ms
    }
}

/// Why a time-control text was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTimeControlError {
    pub text: String,
    /// The reason, by key (`err.tc.*`).
    pub why: crate::i18n::Msg,
}

impl ParseTimeControlError {
    /// The error as a keyed message, for any UI language.
    pub fn msg(&self) -> crate::i18n::Msg {
        crate::i18n::msg!("err.tc.bad", text = &self.text, why = self.why.clone())
    }
}

crate::i18n::english_display!(ParseTimeControlError);

impl std::error::Error for ParseTimeControlError {}

fn minutes_ms(s: &str) -> Option<i64> {
    let p: crate::domain::Points = s.trim().parse().ok()?;
    // Points are hundredths: minutes with up to two decimals.
    if p.0 < 0 {
        return None;
    }
    // checked: a huge number is refused, not an overflow
    p.0.checked_mul(60_000).map(|v| v / 100)
}

fn seconds_ms(s: &str) -> Option<i64> {
    let p: crate::domain::Points = s.trim().parse().ok()?;
    if p.0 < 0 {
        return None;
    }
    p.0.checked_mul(1000).map(|v| v / 100)
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `90+30` (base minutes + increment seconds), `90` (no increment) or
    /// `red=60,black=30,inc=15` (minutes, minutes, seconds; `inc` optional).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: crate::i18n::Msg| ParseTimeControlError {
            text: s.to_string(),
            why,
        };
        use crate::i18n::msg;
        let t = s.trim();
        if t.contains('=') {
            let (mut red, mut black, mut inc) = (None, None, Some(0));
            for part in t.split(',') {
                let (k, v) = part
                    .split_once('=')
                    .ok_or_else(|| err(msg!("err.tc.not_key_value", part)))?;
                let k = k.trim();
                match k {
                    "red" => {
                        red = Some(minutes_ms(v).ok_or_else(|| err(msg!("err.tc.red_minutes")))?)
                    }
                    "black" => {
                        black =
                            Some(minutes_ms(v).ok_or_else(|| err(msg!("err.tc.black_minutes")))?)
                    }
                    "inc" | "increment" => {
                        inc = Some(seconds_ms(v).ok_or_else(|| err(msg!("err.tc.inc_seconds")))?)
                    }
                    other => return Err(err(msg!("err.tc.unknown_key", key = other))),
                }
            }
            let red = red.ok_or_else(|| err(msg!("err.tc.red_missing")))?;
            let black = black.ok_or_else(|| err(msg!("err.tc.black_missing")))?;
            return Ok(TimeControl {
                red_base_ms: red,
                black_base_ms: black,
                increment_ms: inc.unwrap_or(0),
            });
        }
        let (base, inc) = match t.split_once('+') {
            Some((b, i)) => (b, i),
            None => (t, "0"),
        };
        let base = minutes_ms(base).ok_or_else(|| err(msg!("err.tc.base_minutes")))?;
        let inc = seconds_ms(inc).ok_or_else(|| err(msg!("err.tc.increment_seconds")))?;
        if base == 0 && inc == 0 {
            return Err(err(msg!("err.tc.no_time")));
        }
        Ok(TimeControl::symmetric(base, inc))
    }
}

fn fmt_minutes(ms: i64) -> String {
    let h = ms * 100 / 60_000;
    crate::domain::Points(h)
        .to_string()
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

fn fmt_seconds(ms: i64) -> String {
    let h = ms / 10;
    crate::domain::Points(h)
        .to_string()
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

impl TimeControl {
    /// The time control as a secretary reads it in `lang`: `90+30` for
    /// equal times, `红 5 分 · 黑 4 分 · 每步加 3 秒` (`red 5 min, black 4
    /// min, +3 s`) for time odds.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        if self.red_base_ms == self.black_base_ms {
            return self.to_string();
        }
        crate::i18n::msg!(
            "tc.odds",
            red = fmt_minutes(self.red_base_ms),
            black = fmt_minutes(self.black_base_ms),
            inc = fmt_seconds(self.increment_ms)
        )
        .render(lang)
    }
}

impl fmt::Display for TimeControl {
    /// The canonical text, which parses back to the same value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red_base_ms == self.black_base_ms {
            write!(
                f,
                "{}+{}",
                fmt_minutes(self.red_base_ms),
                fmt_seconds(self.increment_ms)
            )
        } else {
            write!(
                f,
                "red={},black={},inc={}",
                fmt_minutes(self.red_base_ms),
                fmt_minutes(self.black_base_ms),
                fmt_seconds(self.increment_ms)
            )
        }
    }
}

/// Parses a clock reading: `H:MM:SS`, `MM:SS` or plain seconds (decimals allowed
/// on the seconds: `12:03.5`). Returns milliseconds.
pub fn parse_duration_ms(s: &str) -> Option<i64> {
    // Full-width digits and colon (`１：３０：００`) as typed in Chinese.
    let t = super::typed::halfwidth(s);
    let t = t.trim();
    if t.is_empty() {
        return None;
    }
    let parts: Vec<&str> = t.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut ms: i64 = 0;
    let last = parts.len() - 1;
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() {
            return None;
        }
        if i == last {
            let secs_ms = seconds_ms(p)?;
            if parts.len() > 1 && secs_ms >= 60_000 {
                return None;
            }
            ms = ms.checked_mul(60)?.checked_add(secs_ms)?;
        } else {
            if !p.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let v: i64 = p.parse().ok()?;
            if i > 0 && v >= 60 {
                return None;
            }
            ms = ms.checked_mul(60)?.checked_add(v.checked_mul(1000)?)?;
        }
    }
    Some(ms)
}

/// Formats milliseconds as `H:MM:SS` or `MM:SS`.
pub fn format_duration_ms(ms: i64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn huge_numbers_are_refused_not_overflowed() {
        assert_eq!(parse_duration_ms("99999999999999999"), None);
        assert_eq!(parse_duration_ms("9999999999999999:00"), None);
        assert_eq!(parse_duration_ms("1:9999999999999"), None);
        assert!("red=9999999999999999,black=1,inc=1"
            .parse::<TimeControl>()
            .is_err());
        assert_eq!(parse_duration_ms("1:02:03"), Some(3_723_000));
    }

    use super::*;

    #[test]
    fn time_controls_parse_and_print() {
        let tc: TimeControl = "90+30".parse().unwrap();
        assert_eq!(tc, TimeControl::symmetric(5_400_000, 30_000));
        assert_eq!(tc.to_string(), "90+30");
        let a: TimeControl = "red=60,black=30,inc=15".parse().unwrap();
        assert_eq!(a.red_base_ms, 3_600_000);
        assert_eq!(a.black_base_ms, 1_800_000);
        assert_eq!(a.increment_ms, 15_000);
        assert_eq!(a.to_string().parse::<TimeControl>().unwrap(), a);
        let b: TimeControl = "red=6,black=4,inc=3".parse().unwrap();
        assert_eq!(b.to_string(), "red=6,black=4,inc=3");
        assert!("abc".parse::<TimeControl>().is_err());
        assert!("red=60".parse::<TimeControl>().is_err());
        assert!("red=60,black=30,foo=1".parse::<TimeControl>().is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("10:56"), Some(656_000));
        assert_eq!(parse_duration_ms("1:02:03"), Some(3_723_000));
        assert_eq!(parse_duration_ms("75"), Some(75_000));
        assert_eq!(parse_duration_ms("12:03.5"), Some(723_500));
        assert_eq!(parse_duration_ms("1:75"), None);
        assert_eq!(parse_duration_ms("x"), None);
        assert_eq!(format_duration_ms(3_723_000), "1:02:03");
        assert_eq!(format_duration_ms(656_000), "10:56");
    }

    #[test]
    fn a_clock_typed_in_full_width_is_read() {
        assert_eq!(parse_duration_ms("１：３０：００"), Some(5_400_000));
        assert_eq!(parse_duration_ms("４５：１０"), Some(2_710_000));
        assert_eq!(parse_duration_ms("１：７０"), None);
    }

    #[test]
    fn used_from_left() {
        let tc: TimeControl = "90+30".parse().unwrap();
        // 40 own moves: 90 min + 20 min available; 30 min left → 80 min used.
        assert_eq!(tc.used_from_left(true, 40, 30 * 60_000), 80 * 60_000);
    }
}
