//! Seeded random streams: one generator per named purpose, all derived from the
//! scenario seed, so adding draws in one stream never shifts another.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

/// A deterministic random stream (PCG-64), identical natively and in WASM.
#[derive(Clone, Debug)]
pub struct Rng(Pcg64);

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
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&a.to_le_bytes());
        bytes[8..16].copy_from_slice(&b.to_le_bytes());
        bytes[16..24].copy_from_slice(&mix(b).to_le_bytes());
        bytes[24..].copy_from_slice(&mix(a ^ b).to_le_bytes());
        Rng(Pcg64::from_seed(bytes))
    }

    /// 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A double in [0, 1) with 53 random bits (sysbench's `sb_rand_uniform_double`).
    pub fn uniform_double(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
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
}
