//! sysbench's random-number distributions, computed as sysbench 1.0 computes them
//! (`sb_rand_uniform`, `_gaussian`, `_special`, `_pareto`, `sb_rand_str`).

use crate::scenario::RandType;
use crate::sim::rng::Rng;

/// `--rand-spec-iter` default.
pub const RAND_SPEC_ITER: u32 = 12;
/// `--rand-spec-pct` default: special values fall in 1% of the range.
pub const RAND_SPEC_PCT: f64 = 1.0;
/// `--rand-spec-res` default: 75% of draws are special.
pub const RAND_SPEC_RES: f64 = 75.0;
/// `--rand-pareto-h` default.
pub const RAND_PARETO_H: f64 = 0.2;

/// A configured `sb_rand(a, b)`.
#[derive(Clone, Debug)]
pub struct SbRand {
    kind: RandType,
    /// ln(h) / ln(1 − h), precomputed as sysbench does.
    pareto_power: f64,
}

impl SbRand {
    /// The generator for `--rand-type=kind` with sysbench's default parameters.
    pub fn new(kind: RandType) -> SbRand {
        SbRand {
            kind,
            pareto_power: libm::log(RAND_PARETO_H) / libm::log(1.0 - RAND_PARETO_H),
        }
    }

    /// `sb_rand(a, b)`: an integer in [a, b] from the configured distribution.
    pub fn draw(&self, rng: &mut Rng, a: u32, b: u32) -> u32 {
        let v = match self.kind {
            RandType::Uniform => uniform(rng, a, b),
            RandType::Gaussian => gaussian(rng, a, b),
            RandType::Special => special(rng, a, b),
            RandType::Pareto => pareto(rng, a, b, self.pareto_power),
        };
        v.clamp(a, b)
    }
}

/// models `sb_rand_uniform`: a + u·(b − a + 1).
pub fn uniform(rng: &mut Rng, a: u32, b: u32) -> u32 {
    a.wrapping_add((rng.uniform_double() * (b as f64 - a as f64 + 1.0)) as u32)
}

/// models `sb_rand_gaussian`: the mean of `rand-spec-iter` uniforms over the range.
pub fn gaussian(rng: &mut Rng, a: u32, b: u32) -> u32 {
    let t = b as f64 - a as f64 + 1.0;
    let mut sum = 0.0;
    for _ in 0..RAND_SPEC_ITER {
        sum += rng.uniform_double() * t;
    }
    a.wrapping_add((sum / RAND_SPEC_ITER as f64) as u32)
}

/// models `sb_rand_special`: `rand-spec-res`% of draws land uniformly in the
/// central `rand-spec-pct`% of the range; the rest follow the gaussian.
pub fn special(rng: &mut Rng, a: u32, b: u32) -> u32 {
    let t = b as f64 - a as f64;
    let range_size = t * (100.0 / (100.0 - RAND_SPEC_RES));
    let rnd = rng.uniform_double();
    if rnd * range_size < t {
        let mut sum = 0.0;
        for _ in 0..RAND_SPEC_ITER {
            sum += rng.uniform_double();
        }
        return a.wrapping_add((sum * t / RAND_SPEC_ITER as f64) as u32);
    }
    let d = t * (RAND_SPEC_PCT / 100.0);
    let res = rnd * (d + 1.0) + t / 2.0 - t * (RAND_SPEC_PCT / 200.0);
    a.wrapping_add(res as u32)
}

/// models `sb_rand_pareto`: a + (b − a + 1)·u^power.
pub fn pareto(rng: &mut Rng, a: u32, b: u32, power: f64) -> u32 {
    let u = rng.uniform_double();
    a.wrapping_add(((b as f64 - a as f64 + 1.0) * libm::pow(u, power)) as u32)
}

/// models `sb_rand_str`: '#' → a digit, '@' → a lower-case letter, others kept.
/// Writes into `out` (cleared first) without allocating once it has capacity.
pub fn rand_str(rng: &mut Rng, template: &str, out: &mut Vec<u8>) {
    out.clear();
    for c in template.bytes() {
        out.push(match c {
            b'#' => uniform(rng, b'0' as u32, b'9' as u32) as u8,
            b'@' => uniform(rng, b'a' as u32, b'z' as u32) as u8,
            other => other,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::{Rng, Stream};

    fn histogram(kind: RandType, n: usize, b: u32) -> Vec<u32> {
        let g = SbRand::new(kind);
        let mut rng = Rng::stream(1, Stream::Prepare);
        let mut h = vec![0u32; b as usize + 1];
        for _ in 0..n {
            h[g.draw(&mut rng, 1, b) as usize] += 1;
        }
        h
    }

    #[test]
    fn uniform_covers_the_range_evenly() {
        let h = histogram(RandType::Uniform, 100_000, 10);
        assert_eq!(h[0], 0);
        for &c in &h[1..] {
            assert!((9_000..11_000).contains(&c), "{h:?}");
        }
    }

    #[test]
    fn special_puts_75_percent_in_the_central_1_percent() {
        // range 1..=10000: special values fall in [4951, 5051).
        let h = histogram(RandType::Special, 200_000, 10_000);
        let central: u32 = h[4950..=5051].iter().sum();
        let share = central as f64 / 200_000.0;
        assert!((0.75..0.80).contains(&share), "central share {share}");
    }

    #[test]
    fn pareto_concentrates_on_low_values() {
        // power = ln 0.2 / ln 0.8 ≈ 7.21: P(x ≤ 20% of range) = 0.2^(1/7.21) ≈ 0.80.
        let h = histogram(RandType::Pareto, 100_000, 1000);
        let low: u32 = h[1..=200].iter().sum();
        let share = low as f64 / 100_000.0;
        assert!((0.78..0.82).contains(&share), "low share {share}");
    }

    #[test]
    fn gaussian_is_centred() {
        let h = histogram(RandType::Gaussian, 100_000, 1000);
        // the mean of 12 uniforms has sd = range/12: ±1.2 sd holds ~77%, ±3 sd ~99.7%.
        let near: u32 = h[400..=600].iter().sum();
        let wide: u32 = h[250..=750].iter().sum();
        assert!((75_000..80_000).contains(&near), "near {near}");
        assert!(wide > 99_500, "wide {wide}");
    }

    #[test]
    fn rand_str_follows_the_template() {
        let mut rng = Rng::stream(3, Stream::Prepare);
        let mut s = Vec::new();
        rand_str(&mut rng, "###########-###########", &mut s);
        assert_eq!(s.len(), 23);
        assert_eq!(s[11], b'-');
        assert!(s
            .iter()
            .enumerate()
            .all(|(i, c)| i == 11 || c.is_ascii_digit()));
    }
}
