//! Seeded random streams: one generator per named purpose, all derived from the
//! scenario seed, so adding draws in one stream never shifts another.

/// A deterministic random stream, identical natively and in WASM: PCG-64
/// (`rand_pcg::Lcg128Xsl64`, a 128-bit LCG with the XSL-RR output), its state held as
/// two 64-bit halves. `rand_pcg` multiplies a `u128`, which wasm32 lowers to a
/// `__multi3` call per draw (wasm has no 64×64→128 multiply); [`mul_wide`] does
/// the one full product the step needs with four 32-bit multiplies (issue #2). The
/// test `matches_rand_pcg` holds it to the crate's stream.
#[derive(Clone, Debug)]
pub struct Rng {
    state: [u64; 2],
    inc: [u64; 2],
}

/// The LCG multiplier of `rand_pcg`'s PCG-64, low and high halves.
const MUL: [u64; 2] = [0x4385_DF64_9FCC_F645, 0x2360_ED05_1FC6_5DA4];

/// The 128-bit product of two 64-bit numbers, (low, high).
#[inline]
fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    #[cfg(target_arch = "wasm32")]
    {
        mul_wide_by_halves(a, b)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let p = u128::from(a) * u128::from(b);
        (p as u64, (p >> 64) as u64)
    }
}

/// [`mul_wide`] from four 32×32→64 multiplies (schoolbook), for wasm32.
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline]
fn mul_wide_by_halves(a: u64, b: u64) -> (u64, u64) {
    const LOW: u64 = 0xFFFF_FFFF;
    let (a0, a1, b0, b1) = (a & LOW, a >> 32, b & LOW, b >> 32);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    // the middle column: at most 3 × (2^32 − 1) < 2^64
    let mid = (p00 >> 32) + (p01 & LOW) + (p10 & LOW);
    let lo = (mid << 32) | (p00 & LOW);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    (lo, hi)
}

/// Named streams; the number is mixed into the seed.
#[derive(Clone, Copy, Debug)]
pub enum Stream {
    /// Key and value generation of client thread `n`.
    Client(u32),
    /// Row generation of the untimed prepare phase.
    Prepare,
    /// Arrival times of the open-loop (fixed-rate) load.
    Arrivals,
}

impl Stream {
    fn id(self) -> u64 {
        match self {
            Stream::Client(n) => 0x1000_0000 + n as u64,
            Stream::Prepare => 1,
            Stream::Arrivals => 2,
        }
    }
}

/// splitmix64 finaliser: spreads a seed and stream id over all 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The stream `s` of a run seeded with `seed`.
    pub fn stream(seed: u64, s: Stream) -> Rng {
        let a = mix(seed ^ mix(s.id()));
        let b = mix(a ^ 0x5851_F42D_4C95_7F2D);
        Rng::from_words([a, b, mix(b), mix(a ^ b)])
    }

    /// `Lcg128Xsl64::from_seed` of the 32 bytes that are these four little-endian
    /// words: state and increment from the two halves (the increment made odd), then
    /// one step past state + increment.
    fn from_words(w: [u64; 4]) -> Rng {
        let inc = [w[2] | 1, w[3]];
        let (lo, c) = w[0].overflowing_add(inc[0]);
        let hi = w[1].wrapping_add(inc[1]).wrapping_add(u64::from(c));
        let mut r = Rng {
            state: [lo, hi],
            inc,
        };
        r.step();
        r
    }

    /// state = state × MUL + inc (mod 2^128).
    #[inline]
    fn step(&mut self) {
        let [lo, hi] = self.state;
        let (plo, phi) = mul_wide(lo, MUL[0]);
        let phi = phi
            .wrapping_add(lo.wrapping_mul(MUL[1]))
            .wrapping_add(hi.wrapping_mul(MUL[0]));
        let (lo, c) = plo.overflowing_add(self.inc[0]);
        let hi = phi.wrapping_add(self.inc[1]).wrapping_add(u64::from(c));
        self.state = [lo, hi];
    }

    /// 64 random bits: a step, then XSL-RR (the halves xor-ed, rotated right by the
    /// top six bits).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let [lo, hi] = self.state;
        (hi ^ lo).rotate_right((hi >> 58) as u32)
    }

    /// A double in [0, 1) with 53 random bits (sysbench's `sb_rand_uniform_double`).
    #[inline]
    pub fn uniform_double(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_independent() {
        let mut a = Rng::stream(7, Stream::Client(0));
        let mut b = Rng::stream(7, Stream::Client(0));
        let mut c = Rng::stream(7, Stream::Client(1));
        let va: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let vb: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        let vc: Vec<u64> = (0..4).map(|_| c.next_u64()).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
        let d = Rng::stream(7, Stream::Prepare).uniform_double();
        assert!((0.0..1.0).contains(&d));
    }

    #[test]
    fn matches_rand_pcg() {
        use rand_core::{RngCore, SeedableRng};
        for seed in [0u64, 1, 42, u64::MAX] {
            let mut bytes = [0u8; 32];
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = (seed.rotate_left(i as u32 * 7) >> (i % 8 * 8)) as u8 ^ i as u8;
            }
            let word = |i: usize| u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().unwrap());
            let mut ours = Rng::from_words([word(0), word(1), word(2), word(3)]);
            let mut theirs = rand_pcg::Pcg64::from_seed(bytes);
            for _ in 0..10_000 {
                assert_eq!(ours.next_u64(), theirs.next_u64());
            }
        }
    }

    #[test]
    fn wide_multiply_by_halves() {
        let mut r = Rng::stream(3, Stream::Arrivals);
        for i in 0..100_000 {
            let (a, b) = match i {
                0 => (u64::MAX, u64::MAX),
                1 => (u64::MAX, MUL[0]),
                2 => (0, u64::MAX),
                _ => (r.next_u64(), r.next_u64()),
            };
            let p = u128::from(a) * u128::from(b);
            let want = (p as u64, (p >> 64) as u64);
            assert_eq!(mul_wide_by_halves(a, b), want, "{a:#x} × {b:#x}");
            assert_eq!(mul_wide(a, b), want);
        }
    }
}
