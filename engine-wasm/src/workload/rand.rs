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

/// Bits of the fixed-point fraction [`rand_str`] cuts characters from: 59, so the
/// fraction times 26 (the alphabet of '@') still fits in 64 bits.
const STR_FRAC_BITS: u32 = 59;

/// Most outcomes one 64-bit draw serves in [`rand_str`]: 2^39 (11 digits, 8 letters),
/// leaving at least 20 of its 59 bits unused, so every character sequence is equally
/// likely to within 2^-20 of its probability.
const STR_OUTCOMES_PER_DRAW: u64 = 1 << 39;

/// models `sb_rand_str`: '#' → a digit, '@' → a lower-case letter, others kept.
/// Writes into `out` (cleared first) without allocating once it has capacity.
///
/// sysbench draws one `sb_rand_uniform` per character; this draws one 64-bit number
/// per run of up to 11 digits (or 8 letters) and reads the characters off it as the
/// digits of a fraction in base 10 (or 26), each `floor(u · n)` of the fraction left
/// by the previous one, the way `sb_rand_uniform` turns its double into a character.
/// The characters are independent and uniform as sysbench's are (to within 2^-20),
/// for 2 draws instead of 22 on sysbench's `###########-###########` id (issue #2).
/// A caller that fills the same template many times keeps a [`StrTemplate`].
pub fn rand_str(rng: &mut Rng, template: &str, out: &mut Vec<u8>) {
    StrTemplate::new(template).fill(rng, out);
}

/// One character of a [`StrTemplate`]: `first + floor(frac · n)`, after a new draw
/// when `draw` is set. A literal is `n = 1`, which reads 0 off the fraction and
/// leaves it as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StrChar {
    first: u8,
    n: u8,
    draw: bool,
}

/// A `sb_rand_str` template compiled once: where [`rand_str`] takes its draws
/// depends on the template alone, so each character knows whether it starts one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrTemplate {
    chars: Vec<StrChar>,
}

impl StrTemplate {
    /// Compiles `template`.
    pub fn new(template: &str) -> StrTemplate {
        // Outcomes of the current draw used so far; "full" until the first draw.
        let mut used = STR_OUTCOMES_PER_DRAW;
        let chars = template
            .bytes()
            .map(|c| {
                let (first, n) = match c {
                    b'#' => (b'0', 10),
                    b'@' => (b'a', 26),
                    other => (other, 1),
                };
                let draw = n > 1 && used * u64::from(n) > STR_OUTCOMES_PER_DRAW;
                if draw {
                    used = 1;
                }
                used *= u64::from(n);
                StrChar { first, n, draw }
            })
            .collect();
        StrTemplate { chars }
    }

    /// One random string of the template into `out` (cleared first).
    pub fn fill(&self, rng: &mut Rng, out: &mut Vec<u8>) {
        const FRAC_MASK: u64 = (1 << STR_FRAC_BITS) - 1;
        out.clear();
        out.resize(self.chars.len(), 0);
        let mut frac = 0u64;
        for (o, c) in out.iter_mut().zip(&self.chars) {
            if c.draw {
                frac = rng.next_u64() >> (64 - STR_FRAC_BITS);
            }
            let p = frac * u64::from(c.n);
            *o = c.first + (p >> STR_FRAC_BITS) as u8;
            frac = p & FRAC_MASK;
        }
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
        rand_str(&mut rng, "@@x#", &mut s);
        assert_eq!(s.len(), 4);
        assert!(s[0].is_ascii_lowercase() && s[1].is_ascii_lowercase());
        assert_eq!(s[2], b'x');
        assert!(s[3].is_ascii_digit());
    }

    /// 64-bit draws `rand_str` takes for `template` (how far it moves the stream).
    fn draws_for(template: &str) -> usize {
        let mut a = Rng::stream(5, Stream::Prepare);
        rand_str(&mut a, template, &mut Vec::new());
        let next = a.next_u64();
        let mut b = Rng::stream(5, Stream::Prepare);
        (1..=template.len() + 1)
            .find(|_| b.next_u64() == next)
            .expect("rand_str took more draws than characters")
            - 1
    }

    /// A template compiled once and filled many times gives, row after row, the
    /// strings and stream positions of `rand_str` called afresh each time.
    #[test]
    fn a_compiled_template_fills_as_rand_str_does() {
        for tpl in ["###########-###########", "@@@@@@@@@-##", "ab#c@", ""] {
            let t = StrTemplate::new(tpl);
            let (mut a, mut b) = (
                Rng::stream(9, Stream::Prepare),
                Rng::stream(9, Stream::Prepare),
            );
            let (mut x, mut y) = (Vec::new(), Vec::new());
            for _ in 0..50 {
                t.fill(&mut a, &mut x);
                rand_str(&mut b, tpl, &mut y);
                assert_eq!(x, y, "{tpl}");
                assert_eq!(x.len(), tpl.len());
            }
            assert_eq!(a.next_u64(), b.next_u64(), "{tpl}");
        }
    }

    /// sysbench's 22-digit id takes two draws, 11 digits each; 12 digits need a
    /// second draw; 8 letters fit in one, 9 do not; literal characters take none.
    #[test]
    fn rand_str_draws_once_per_eleven_digits() {
        for (tpl, draws) in [
            ("###########-###########", 2),
            ("###########", 1),
            ("############", 2),
            ("@@@@@@@@", 1),
            ("@@@@@@@@@", 2),
            ("abc-", 0),
        ] {
            assert_eq!(draws_for(tpl), draws, "{tpl}");
        }
    }

    /// The first character is floor(u · 10) of the draw's top bits, as
    /// `sb_rand_uniform(0, 9)` makes it from a uniform double.
    #[test]
    fn rand_str_reads_the_draw_as_a_fraction() {
        let mut a = Rng::stream(9, Stream::Prepare);
        let mut b = a.clone();
        let mut s = Vec::new();
        rand_str(&mut a, "##", &mut s);
        let u = b.uniform_double();
        assert_eq!(s[0], b'0' + (u * 10.0) as u8);
        assert_eq!(s[1], b'0' + ((u * 10.0).fract() * 10.0) as u8);
    }

    /// Every position of the id is uniform over the ten digits, and neighbouring
    /// positions (cut from the same draw) are independent: each of the 100 digit
    /// pairs shows up about equally often.
    #[test]
    fn rand_str_digits_are_uniform_and_independent() {
        let mut rng = Rng::stream(11, Stream::Prepare);
        let mut s = Vec::new();
        let n = 100_000;
        let mut per_pos = vec![[0u32; 10]; 23];
        let mut pairs = [[0u32; 10]; 10];
        for _ in 0..n {
            rand_str(&mut rng, "###########-###########", &mut s);
            for (i, &c) in s.iter().enumerate() {
                if i != 11 {
                    per_pos[i][usize::from(c - b'0')] += 1;
                }
            }
            // positions 9 and 10: the last two digits of the first draw.
            pairs[usize::from(s[9] - b'0')][usize::from(s[10] - b'0')] += 1;
        }
        for (i, h) in per_pos.iter().enumerate().filter(|(i, _)| *i != 11) {
            for &c in h {
                assert!((9_400..10_600).contains(&c), "position {i}: {h:?}");
            }
        }
        for row in &pairs {
            for &c in row {
                assert!((800..1_200).contains(&c), "{pairs:?}");
            }
        }
    }
}
