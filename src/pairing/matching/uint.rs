//! A fixed-width unsigned integer (`N` little-endian 64-bit limbs) for edge
//! weights that pack many lexicographic criteria into one number.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// Unsigned integer of `64 * N` bits. Arithmetic wraps silently on overflow,
/// so callers size `N` with headroom (see [`Uint::BITS`]).
#[derive(Clone, Copy, Debug, Eq)]
pub struct Uint<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Uint<N> {
    fn default() -> Self {
        Uint([0; N])
    }
}

impl<const N: usize> Uint<N> {
    pub const BITS: u32 = 64 * N as u32;
    pub const ZERO: Uint<N> = Uint([0; N]);

    pub fn from_u64(v: u64) -> Self {
        let mut r = Self::ZERO;
        r.0[0] = v;
        r
    }

    /// Checks the top limb first: packed weights are rarely small.
    #[inline]
    pub fn is_zero(&self) -> bool {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return false;
            }
        }
        true
    }

    /// Shifts left by `bits` (bits pushed past the top are lost).
    pub fn shifted_left(self, bits: u32) -> Self {
        if bits == 0 {
            return self;
        }
        let mut r = Self::ZERO;
        let limbs = (bits / 64) as usize;
        let rem = bits % 64;
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rem;
            if rem > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rem);
            }
            r.0[i] = v;
        }
        r
    }

    /// Halves (shifts right by one).
    pub fn half(self) -> Self {
        let mut r = Self::ZERO;
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            r.0[i] = (self.0[i] >> 1) | hi;
        }
        r
    }

    /// `1 << pos`.
    pub fn bit(pos: u32) -> Self {
        let mut r = Self::ZERO;
        if (pos as usize) < 64 * N {
            r.0[(pos / 64) as usize] = 1u64 << (pos % 64);
        }
        r
    }

    pub fn or(self, other: Self) -> Self {
        let mut r = self;
        for i in 0..N {
            r.0[i] |= other.0[i];
        }
        r
    }

    pub fn add_u64(self, v: u64) -> Self {
        self + Self::from_u64(v)
    }

    pub fn sub_u64(self, v: u64) -> Self {
        self - Self::from_u64(v)
    }

    /// The `width` bits (at most 64) from bit `pos` up, as a number.
    pub fn get_bits(&self, pos: u32, width: u32) -> u64 {
        debug_assert!(width <= 64);
        let mut v = 0u64;
        for i in (0..width).rev() {
            let p = pos + i;
            let set = (p as usize) < 64 * N && self.0[(p / 64) as usize] >> (p % 64) & 1 == 1;
            v = v << 1 | set as u64;
        }
        v
    }

    /// `self` with the `width` bits (at most 64) from bit `pos` up replaced
    /// by the low bits of `v`.
    pub fn with_bits(mut self, pos: u32, width: u32, v: u64) -> Self {
        debug_assert!(width <= 64);
        for i in 0..width {
            let p = pos + i;
            if (p as usize) < 64 * N {
                let (limb, bit) = ((p / 64) as usize, p % 64);
                self.0[limb] = self.0[limb] & !(1 << bit) | (v >> i & 1) << bit;
            }
        }
        self
    }

    /// Number of significant bits.
    pub fn bit_len(&self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }
}

impl<const N: usize> Add for Uint<N> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        // Limb sums in u128 compile to one add-with-carry chain.
        let mut r = Self::ZERO;
        let mut carry = 0u64;
        for i in 0..N {
            let s = self.0[i] as u128 + o.0[i] as u128 + carry as u128;
            r.0[i] = s as u64;
            carry = (s >> 64) as u64;
        }
        r
    }
}

impl<const N: usize> Uint<N> {
    /// Difference and whether it borrowed (`o > self`).
    #[inline]
    pub fn overflowing_sub(self, o: Self) -> (Self, bool) {
        // Limb differences in u128 compile to one subtract-with-borrow chain.
        let mut r = Self::ZERO;
        let mut borrow = 0u64;
        for i in 0..N {
            let d = (self.0[i] as u128)
                .wrapping_sub(o.0[i] as u128)
                .wrapping_sub(borrow as u128);
            r.0[i] = d as u64;
            borrow = ((d >> 64) as u64) & 1;
        }
        (r, borrow != 0)
    }

    /// `a + b - c`, or zero when `c > a + b` (the slack of an edge), in one
    /// pass over the limbs.
    #[inline(always)]
    pub fn sum_minus_saturating(a: Self, b: Self, c: Self) -> Self {
        let mut r = Self::ZERO;
        let mut carry = 0u64;
        let mut borrow = 0u64;
        for i in 0..N {
            let s = a.0[i] as u128 + b.0[i] as u128 + carry as u128;
            carry = (s >> 64) as u64;
            let d = (s as u64 as u128)
                .wrapping_sub(c.0[i] as u128)
                .wrapping_sub(borrow as u128);
            r.0[i] = d as u64;
            borrow = ((d >> 64) as u64) & 1;
        }
        if borrow > carry {
            Self::ZERO
        } else {
            r
        }
    }
}

impl<const N: usize> Sub for Uint<N> {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        self.overflowing_sub(o).0
    }
}

impl<const N: usize> PartialEq for Uint<N> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        for i in (0..N).rev() {
            if self.0[i] != o.0[i] {
                return false;
            }
        }
        true
    }
}

impl<const N: usize> std::hash::Hash for Uint<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        for &limb in &self.0 {
            h.write_u64(limb);
        }
    }
}

impl<const N: usize> Ord for Uint<N> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Uint<N> {
    #[inline]
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_u128(x: Uint<2>) -> u128 {
        (x.0[0] as u128) | ((x.0[1] as u128) << 64)
    }
    fn from_u128(v: u128) -> Uint<2> {
        Uint([v as u64, (v >> 64) as u64])
    }

    proptest::proptest! {
        #[test]
        fn matches_u128(a in 0u128..u128::MAX / 2, b in 0u128..u128::MAX / 2, s in 0u32..128) {
            let (x, y) = (from_u128(a), from_u128(b));
            proptest::prop_assert_eq!(to_u128(x + y), a + b);
            proptest::prop_assert_eq!(to_u128(x.half()), a / 2);
            proptest::prop_assert_eq!(to_u128(x.shifted_left(s)), a << s);
            proptest::prop_assert_eq!(x.cmp(&y), a.cmp(&b));
            if a >= b {
                proptest::prop_assert_eq!(to_u128(x - y), a - b);
            }
            let c = from_u128(s as u128 * 0x1234_5678_9abc_def1);
            let want = (a + b).saturating_sub(s as u128 * 0x1234_5678_9abc_def1);
            proptest::prop_assert_eq!(to_u128(Uint::sum_minus_saturating(x, y, c)), want);
            let big = from_u128(a + b + 1 + (s as u128));
            proptest::prop_assert_eq!(to_u128(Uint::sum_minus_saturating(x, y, big)), 0);
            proptest::prop_assert_eq!(x.bit_len(), 128 - a.leading_zeros());
            let (pos, width) = (s % 100, (s * 7) % 29);
            let mask = (1u128 << width) - 1;
            proptest::prop_assert_eq!(x.get_bits(pos, width) as u128, (a >> pos) & mask);
            let v = (b as u64) & mask as u64;
            let put = (a & !(mask << pos)) | ((v as u128) << pos);
            proptest::prop_assert_eq!(to_u128(x.with_bits(pos, width, b as u64)), put);
        }

        /// Differences shifted by `Weight::bias` compare as the signed
        /// differences do (as `chain.rs` compares leaves), for `Uint` and
        /// `u64` alike.
        #[test]
        fn shifted_differences_compare_as_signed(
            a in 0u64..u64::MAX / 4, b in 0u64..u64::MAX / 4,
            c in 0u64..u64::MAX / 4, d in 0u64..u64::MAX / 4,
        ) {
            use crate::pairing::matching::Weight;
            let want = (a as i128 - b as i128).cmp(&(c as i128 - d as i128));
            let wide = |x: u64, y: u64| {
                let (x, y) = (from_u128(x as u128), from_u128(y as u128));
                x.wrapping_add(<Uint<2> as Weight>::bias()).wrapping_sub(y)
            };
            proptest::prop_assert_eq!(wide(a, b).cmp(&wide(c, d)), want);
            let narrow = |x: u64, y: u64| x.wrapping_add(<u64 as Weight>::bias()).wrapping_sub(y);
            proptest::prop_assert_eq!(narrow(a, b).cmp(&narrow(c, d)), want);
            proptest::prop_assert_eq!(
                to_u128(wide(a, b).wrapping_add(from_u128(b as u128)).wrapping_sub(<Uint<2> as Weight>::bias())),
                a as u128
            );
        }
    }
}
