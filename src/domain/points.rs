//! Exact fixed-point points (hundredths). Never floats: 0.8 + 0.4 must equal 1.2.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use std::str::FromStr;

/// A score in hundredths of a point. `Points(120)` is 1.20.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub i64);

impl Points {
    pub const ZERO: Points = Points(0);

    /// Whole points: `Points::new(2)` is 2.00.
    pub const fn new(whole: i64) -> Points {
        Points(whole * 100)
    }

    /// From hundredths: `Points::from_hundredths(80)` is 0.80.
    pub const fn from_hundredths(h: i64) -> Points {
        Points(h)
    }

    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// Half of this value, exact when the hundredths are even; otherwise
    /// rounded half away from zero to the nearest hundredth.
    pub fn half(self) -> Points {
        if self.0 >= 0 {
            Points((self.0 + 1) / 2)
        } else {
            Points((self.0 - 1) / 2)
        }
    }

    pub fn abs(self) -> Points {
        Points(self.0.abs())
    }

    pub fn clamp_to(self, lo: Points, hi: Points) -> Points {
        Points(self.0.clamp(lo.0, hi.0))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{:02}", a / 100, a % 100);
        f.pad(&s)
    }
}

/// Why a text is not a point value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParsePointsError(pub String);

impl ParsePointsError {
    /// The error as a keyed message.
    pub fn msg(&self) -> crate::i18n::Msg {
        crate::i18n::msg!("err.points.parse", value = &self.0)
    }
}

impl FromStr for Points {
    type Err = ParsePointsError;

    /// Accepts `2`, `-1`, `0.8`, `1.25`, `.5`, `1/2` and `½`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let err = || ParsePointsError(s.to_string());
        if t == "½" {
            return Ok(Points(50));
        }
        if let Some((n, d)) = t.split_once('/') {
            let n: i64 = n.trim().parse().map_err(|_| err())?;
            let d: i64 = d.trim().parse().map_err(|_| err())?;
            if d == 0 || (n * 100) % d != 0 {
                return Err(err());
            }
            return Ok(Points(n * 100 / d));
        }
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        if body.is_empty() {
            return Err(err());
        }
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return Err(err());
        }
        if int.is_empty() && frac.is_empty() {
            return Err(err());
        }
        let frac_trim = frac.trim_end_matches('0');
        if frac_trim.len() > 2 {
            return Err(err());
        }
        let whole: i64 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| err())?
        };
        let mut h: i64 = 0;
        for (i, c) in frac_trim.chars().enumerate() {
            let d = c.to_digit(10).unwrap_or(0) as i64;
            h += d * if i == 0 { 10 } else { 1 };
        }
        let v = whole
            .checked_mul(100)
            .and_then(|w| w.checked_add(h))
            .ok_or_else(err)?;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}
impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}
impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}
impl SubAssign for Points {
    fn sub_assign(&mut self, o: Points) {
        self.0 -= o.0;
    }
}
impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}
impl Mul<i64> for Points {
    type Output = Points;
    fn mul(self, k: i64) -> Points {
        Points(self.0 * k)
    }
}
impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}
impl<'a> Sum<&'a Points> for Points {
    fn sum<I: Iterator<Item = &'a Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + *b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_exactly() {
        assert_eq!("0.8".parse::<Points>().unwrap(), Points(80));
        assert_eq!("1.25".parse::<Points>().unwrap(), Points(125));
        assert_eq!("-0.4".parse::<Points>().unwrap(), Points(-40));
        assert_eq!("1/2".parse::<Points>().unwrap(), Points(50));
        assert_eq!("2".parse::<Points>().unwrap(), Points(200));
        assert_eq!(".5".parse::<Points>().unwrap(), Points(50));
        assert_eq!(Points(120).to_string(), "1.20");
        assert_eq!(Points(-40).to_string(), "-0.40");
        assert_eq!(Points(5).to_string(), "0.05");
    }

    #[test]
    fn rejects_garbage_and_excess_precision() {
        for bad in ["", "abc", "1.234", "1/3", "1/0", "--1", "1.2.3", "."] {
            assert!(bad.parse::<Points>().is_err(), "{bad} should fail");
        }
    }

    #[test]
    fn arithmetic_is_exact() {
        let a: Points = "0.8".parse().unwrap();
        let b: Points = "0.4".parse().unwrap();
        assert_eq!(a + b, "1.2".parse().unwrap());
        assert_eq!(a - b - b, Points::ZERO);
        assert_eq!(Points(300).half(), Points(150));
        assert_eq!([a, b].iter().sum::<Points>(), Points(120));
    }
}

crate::i18n::english_display!(ParsePointsError);
