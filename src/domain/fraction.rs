//! Exact fractions for values that thirds and weights make (a season's
//! event results and totals): an `i128` numerator over a positive `i128`
//! denominator, always in lowest terms. Never a float.
//!
//! Sums fail cleanly (`None`) instead of overflowing; comparison never
//! overflows (it compares continued-fraction terms).

use std::cmp::Ordering;
use std::fmt;

/// An exact fraction `num / den`, `den > 0`, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: i128,
    den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    // The usual case (small values): 64-bit division is far cheaper.
    if let (Ok(mut x), Ok(mut y)) = (u64::try_from(a), u64::try_from(b)) {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        return x as i128;
    }
    while b != 0 {
        (a, b) = (b, a % b);
    }
    // gcd(i128::MIN, 0) does not fit; it never divides anything here.
    i128::try_from(a).unwrap_or(i128::MAX)
}

/// The most digits after the point a decimal setting may have.
pub const MAX_DECIMALS: usize = 6;

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };

    /// `num / den` in lowest terms; `None` when `den` is 0.
    pub fn new(num: i128, den: i128) -> Option<Fraction> {
        if den == 0 {
            return None;
        }
        if den == 1 {
            return Some(Fraction { num, den });
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Fraction { num: n, den: d })
    }

    /// A whole number.
    pub const fn whole(n: i64) -> Fraction {
        Fraction {
            num: n as i128,
            den: 1,
        }
    }

    /// Exact hundredths (a `Points` value).
    pub fn from_hundredths(h: i64) -> Fraction {
        Fraction::new(h as i128, 100).unwrap_or(Fraction::ZERO)
    }

    pub fn numer(self) -> i128 {
        self.num
    }

    pub fn denom(self) -> i128 {
        self.den
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    pub fn is_positive(self) -> bool {
        self.num > 0
    }

    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    /// `self + o`, `None` on overflow.
    pub fn checked_add(self, o: Fraction) -> Option<Fraction> {
        let g = gcd(self.den, o.den).max(1);
        let l = (self.den / g).checked_mul(o.den)?;
        let a = self.num.checked_mul(l / self.den)?;
        let b = o.num.checked_mul(l / o.den)?;
        Fraction::new(a.checked_add(b)?, l)
    }

    /// `self × o`, `None` on overflow.
    pub fn checked_mul(self, o: Fraction) -> Option<Fraction> {
        // Cross-cancel first so that the products stay small.
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        let n = (self.num / g1).checked_mul(o.num / g2)?;
        let d = (self.den / g2).checked_mul(o.den / g1)?;
        Fraction::new(n, d)
    }

    /// `self / k` for a whole `k > 0`, `None` on overflow or `k == 0`.
    pub fn checked_div_int(self, k: i128) -> Option<Fraction> {
        if k == 0 {
            return None;
        }
        let g = gcd(self.num, k).max(1);
        Fraction::new(self.num / g, self.den.checked_mul(k / g)?)
    }

    /// Rounded to hundredths, half away from zero (19/3 → 633, 1/8 → 13).
    pub fn round_hundredths(self) -> i128 {
        let neg = self.num < 0;
        let n = self.num.unsigned_abs();
        let d = self.den as u128;
        // floor(n·100/d + 1/2) without forming n·100 when it would overflow.
        let q = n / d;
        let mut rem = n % d;
        // The next three decimal digits, one at a time: 10·rem is formed
        // as ten additions reduced modulo d, so nothing overflows.
        let mut digits = [0u128; 3];
        for digit in digits.iter_mut() {
            let mut acc = 0u128;
            for _ in 0..10 {
                acc += rem;
                if acc >= d {
                    acc -= d;
                    *digit += 1;
                }
            }
            rem = acc;
        }
        // Half up: the third digit decides.
        let frac = digits[0] * 10 + digits[1] + u128::from(digits[2] >= 5);
        let h = q
            .saturating_mul(100)
            .saturating_add(frac)
            .min(i128::MAX as u128) as i128;
        if neg {
            -h
        } else {
            h
        }
    }

    /// Parses a plain decimal: `2`, `0.5`, `.25`, `10.125` (at most
    /// [`MAX_DECIMALS`] digits after the point, no sign, no exponent).
    pub fn parse_decimal(s: &str) -> Option<Fraction> {
        let t = s.trim();
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        if (int.is_empty() && frac.is_empty())
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > MAX_DECIMALS
            || int.len() > 12
            || (t.contains('.') && frac.is_empty())
        {
            return None;
        }
        let whole: i128 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let mut den: i128 = 1;
        let mut num = whole;
        for b in frac.bytes() {
            num = num * 10 + (b - b'0') as i128;
            den *= 10;
        }
        Fraction::new(num, den)
    }

    /// The shortest decimal that is exactly this value, when there is one
    /// (a denominator of only 2s and 5s): `2`, `0.5`, `1.125`.
    pub fn exact_decimal(self) -> Option<String> {
        let mut d = self.den;
        let (mut twos, mut fives) = (0u32, 0u32);
        while d % 2 == 0 {
            d /= 2;
            twos += 1;
        }
        while d % 5 == 0 {
            d /= 5;
            fives += 1;
        }
        if d != 1 {
            return None;
        }
        let k = twos.max(fives);
        let scale = 10i128.checked_pow(k)?;
        let scaled = self.num.checked_mul(scale / self.den)?;
        let neg = scaled < 0;
        let a = scaled.unsigned_abs();
        let p = 10u128.pow(k);
        let mut s = format!("{}{}", if neg { "-" } else { "" }, a / p);
        if k > 0 {
            s.push_str(&format!(".{:0width$}", a % p, width = k as usize));
        }
        Some(s)
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Fraction) -> Ordering {
        // Compare a/b with c/d through their continued-fraction terms:
        // exact and free of overflow.
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        // Cross products when they fit (the usual case).
        if let (Some(x), Some(y)) = (
            self.num.checked_mul(other.den),
            other.num.checked_mul(self.den),
        ) {
            return x.cmp(&y);
        }
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flipped = false;
        loop {
            let (q1, r1) = (a.div_euclid(b), a.rem_euclid(b));
            let (q2, r2) = (c.div_euclid(d), c.rem_euclid(d));
            if q1 != q2 {
                let o = q1.cmp(&q2);
                return if flipped { o.reverse() } else { o };
            }
            match (r1 == 0, r2 == 0) {
                (true, true) => return Ordering::Equal,
                (true, false) => {
                    return if flipped {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
                }
                (false, true) => {
                    return if flipped {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    }
                }
                (false, false) => {
                    // a/b = q + r1/b: compare b/r1 with d/r2, reversed.
                    (a, b, c, d) = (b, r1, d, r2);
                    flipped = !flipped;
                }
            }
        }
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    /// Rounded to 2 decimals, half up, without trailing zeros: `7`, `7.5`,
    /// `7.25`, `6.33` for 19/3.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.round_hundredths();
        let sign = if h < 0 { "-" } else { "" };
        let a = h.unsigned_abs();
        let (int, frac) = (a / 100, a % 100);
        let s = if frac == 0 {
            format!("{sign}{int}")
        } else if frac % 10 == 0 {
            format!("{sign}{int}.{}", frac / 10)
        } else {
            format!("{sign}{int}.{frac:02}")
        };
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fr(n: i128, d: i128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    #[test]
    fn prints_rounded_half_up_without_trailing_zeros() {
        assert_eq!(fr(19, 3).to_string(), "6.33");
        assert_eq!(fr(38, 3).to_string(), "12.67");
        assert_eq!(fr(1, 8).to_string(), "0.13");
        assert_eq!(fr(7, 1).to_string(), "7");
        assert_eq!(fr(15, 2).to_string(), "7.5");
        assert_eq!(fr(29, 4).to_string(), "7.25");
        assert_eq!(fr(85, 3).to_string(), "28.33");
        assert_eq!(fr(22, 3).to_string(), "7.33");
        assert_eq!(fr(-1, 8).to_string(), "-0.13");
        assert_eq!(fr(1999, 200).to_string(), "10");
        assert_eq!(Fraction::ZERO.to_string(), "0");
    }

    #[test]
    fn a_total_is_the_rounding_of_the_exact_sum() {
        let t = fr(19, 3).checked_add(fr(19, 3)).unwrap();
        assert_eq!(t, fr(38, 3));
        assert_eq!(t.to_string(), "12.67");
    }

    #[test]
    fn arithmetic_is_exact_and_in_lowest_terms() {
        assert_eq!(fr(2, 4), fr(1, 2));
        assert_eq!(fr(1, -2), fr(-1, 2));
        assert_eq!(fr(1, 3).checked_add(fr(1, 6)).unwrap(), fr(1, 2));
        assert_eq!(fr(2, 3).checked_mul(fr(3, 4)).unwrap(), fr(1, 2));
        assert_eq!(fr(19, 1).checked_div_int(3).unwrap(), fr(19, 3));
        assert!(Fraction::new(1, 0).is_none());
        assert!(Fraction::whole(1).checked_div_int(0).is_none());
        let big = fr(i128::MAX / 2, 1);
        assert!(big.checked_add(big).unwrap().checked_add(big).is_none());
        assert!(fr(1, i128::MAX).checked_add(fr(1, i128::MAX - 1)).is_none());
    }

    #[test]
    fn comparison_is_exact_even_for_huge_terms() {
        assert!(fr(19, 3) > fr(6, 1));
        assert!(fr(19, 3) < fr(7, 1));
        assert!(fr(-1, 3) < fr(-1, 4));
        assert!(fr(1, 3) < fr(1, 2));
        assert_eq!(fr(4, 6).cmp(&fr(2, 3)), Ordering::Equal);
        // p/(p-1) = 1 + 1/(p-1) < (p-1)/(p-2) = 1 + 1/(p-2)
        let p = i128::MAX - 1;
        assert!(fr(p, p - 1) < fr(p - 1, p - 2));
        assert!(fr(p - 1, p) < Fraction::ONE);
        assert!(fr(i128::MAX, 3) > fr(i128::MAX - 1, 3));
    }

    #[test]
    fn decimals_parse_exactly() {
        assert_eq!(Fraction::parse_decimal("0.5"), Some(fr(1, 2)));
        assert_eq!(Fraction::parse_decimal("2"), Some(fr(2, 1)));
        assert_eq!(Fraction::parse_decimal(".25"), Some(fr(1, 4)));
        assert_eq!(Fraction::parse_decimal("10.125"), Some(fr(81, 8)));
        for bad in ["", ".", "-1", "1e3", "1.", "a", "1.2.3", "0.1234567", "+1"] {
            assert_eq!(Fraction::parse_decimal(bad), None, "{bad}");
        }
        assert_eq!(fr(81, 8).exact_decimal().as_deref(), Some("10.125"));
        assert_eq!(fr(2, 1).exact_decimal().as_deref(), Some("2"));
        assert_eq!(fr(1, 3).exact_decimal(), None);
    }

    #[test]
    fn rounding_survives_huge_denominators() {
        let x = fr(i128::MAX / 3, i128::MAX / 2);
        assert_eq!(x.round_hundredths(), 67);
    }
}
