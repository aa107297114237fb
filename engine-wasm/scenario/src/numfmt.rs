//! Decimal text of `f64`s for messages and status text, written exactly as `{}` and
//! `{:.N}` write them, without core's float formatting (its Grisu/Dragon code and
//! tables are ~8 KB of gzipped wasm; issue #2). The shortest round-trip digits come
//! from zmij, which serde_json already links for JSON numbers; fixed precision is
//! exact integer arithmetic on the float's bits, rounding ties to even like core.

use std::fmt;

/// `x` as `format!("{x}")` writes it: shortest digits that read back as `x`, never
/// an exponent ("1000000000000000000", "0.0000001"), "NaN", "inf", "-0".
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

/// `x` as `format!("{x:.N}")` writes it for `N` = the second field (at most 17).
#[derive(Clone, Copy, Debug)]
pub struct Fixed(pub f64, pub usize);

/// Writes "NaN"/"inf"/"-inf" and returns true, or writes the sign of a finite
/// negative number (also of -0.0) and returns false.
fn special_or_sign(x: f64, f: &mut fmt::Formatter<'_>) -> Result<bool, fmt::Error> {
    if x.is_nan() {
        f.write_str("NaN")?;
        return Ok(true);
    }
    if x.is_sign_negative() {
        f.write_str("-")?;
    }
    if x.is_infinite() {
        f.write_str("inf")?;
        return Ok(true);
    }
    Ok(false)
}

/// Writes digits held as bytes. Slicing bytes, not a `str`, keeps core's
/// char-boundary panic (and the char Debug code it formats with) out of the wasm.
fn ascii(f: &mut fmt::Formatter<'_>, digits: &[u8]) -> fmt::Result {
    f.write_str(std::str::from_utf8(digits).map_err(|_| fmt::Error)?)
}

/// Writes `n` zeros.
fn zeros(f: &mut fmt::Formatter<'_>, n: usize) -> fmt::Result {
    for _ in 0..n {
        f.write_str("0")?;
    }
    Ok(())
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if special_or_sign(self.0, f)? {
            return Ok(());
        }
        let mut buf = zmij::Buffer::new();
        let text = buf.format_finite(self.0.abs());
        // zmij writes "123.45", "0.001", "1e+21" or "1.5e-07".
        let (mantissa, exp) = match text.split_once('e') {
            Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
            None => (text, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        // The significant digits d (no leading or trailing zeros) and the position of
        // the point: the value is 0.d × 10^point.
        let mut digits = Vec::with_capacity(24);
        let mut point = int.len() as i32 + exp;
        for &c in int.as_bytes().iter().chain(frac.as_bytes()) {
            if digits.is_empty() && c == b'0' {
                point -= 1;
            } else {
                digits.push(c);
            }
        }
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        // zmij's digits are the shortest that read back as x; when two strings of
        // that length do, core writes the nearer (a tie goes up), zmij may write the
        // other: take the exact rounding to that length. Not at a power of two,
        // where the gap below is half the gap above and the nearer may not read back.
        if !digits.is_empty() && !parts(self.0).0.is_power_of_two() {
            (digits, point) = round_sig(self.0, digits.len());
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        let n = digits.len();
        let d = &digits[..];
        if n == 0 {
            f.write_str("0")
        } else if point <= 0 {
            f.write_str("0.")?;
            zeros(f, (-point) as usize)?;
            ascii(f, d)
        } else if point as usize >= n {
            ascii(f, d)?;
            zeros(f, point as usize - n)
        } else {
            ascii(f, &d[..point as usize])?;
            f.write_str(".")?;
            ascii(f, &d[point as usize..])
        }
    }
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Fixed(x, prec) = *self;
        if special_or_sign(x, f)? {
            return Ok(());
        }
        let prec = prec.min(17);
        // x = m · 2^e exactly.
        let (m, e) = parts(x);
        let scale = 10u128.pow(prec as u32);
        let mut out = [0u8; 400];
        let len = if e >= 0 {
            // An integer: its digits, then `prec` zeros.
            let d = big_digits(m, 2, e as u32);
            f.write_str(std::str::from_utf8(&d).map_err(|_| fmt::Error)?)?;
            if prec > 0 {
                f.write_str(".")?;
                zeros(f, prec)?;
            }
            return Ok(());
        } else {
            // round(m · 10^prec / 2^-e), ties to even; m · 10^prec < 2^110.
            let v = m as u128 * scale;
            let sh = (-e) as u32;
            let q = if sh >= 120 {
                0
            } else {
                let q = v >> sh;
                let r = v & ((1u128 << sh) - 1);
                let half = 1u128 << (sh - 1);
                if r > half || (r == half && q & 1 == 1) {
                    q + 1
                } else {
                    q
                }
            };
            u128_digits(q, &mut out)
        };
        // `len` digits of x · 10^prec: at least one digit before the point.
        let s = &out[..len];
        if len <= prec {
            f.write_str("0")?;
            if prec > 0 {
                f.write_str(".")?;
                zeros(f, prec - len)?;
            }
            ascii(f, s)
        } else {
            ascii(f, &s[..len - prec])?;
            if prec > 0 {
                f.write_str(".")?;
                ascii(f, &s[len - prec..])?;
            }
            Ok(())
        }
    }
}

/// Decimal digits of `v` into `out`; returns how many.
fn u128_digits(mut v: u128, out: &mut [u8]) -> usize {
    let mut tmp = [0u8; 40];
    let mut n = 0;
    loop {
        tmp[n] = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for i in 0..n {
        out[i] = tmp[n - 1 - i];
    }
    n
}

/// Decimal digits of `m · f^times` (`f` = 2 or 5: up to ~770 digits), no leading zeros.
fn big_digits(m: u64, f: u64, times: u32) -> Vec<u8> {
    // Little-endian limbs of 10^9; multiplied by f^chunk at a time (< 2^31).
    const BASE: u64 = 1_000_000_000;
    let chunk = if f == 2 { 30 } else { 13 };
    let mut limbs = Vec::with_capacity(96);
    let mut v = m;
    while v > 0 {
        limbs.push(v % BASE);
        v /= BASE;
    }
    let mut left = times;
    while left > 0 {
        let k = left.min(chunk);
        left -= k;
        let by = f.pow(k);
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let x = *l * by + carry;
            *l = x % BASE;
            carry = x / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
    }
    let Some((&top, rest)) = limbs.split_last() else {
        return vec![b'0'];
    };
    let mut out = vec![0u8; 40];
    let n = u128_digits(top as u128, &mut out);
    out.truncate(n);
    for &l in rest.iter().rev() {
        let mut x = l;
        let at = out.len();
        out.resize(at + 9, b'0');
        for j in (0..9).rev() {
            out[at + j] = b'0' + (x % 10) as u8;
            x /= 10;
        }
    }
    out
}

/// The float's bits as `m · 2^e`.
fn parts(x: f64) -> (u64, i32) {
    let bits = x.abs().to_bits();
    let biased = (bits >> 52) as i32;
    let frac = bits & ((1 << 52) - 1);
    if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), biased - 1075)
    }
}

/// A finite nonzero `x` rounded to `n` ≥ 1 significant digits (ties up), from its
/// exact decimal expansion: the digits and the point (value = 0.digits · 10^point).
fn round_sig(x: f64, n: usize) -> (Vec<u8>, i32) {
    let (m, e) = parts(x);
    let (mut d, point) = if e >= 0 {
        let d = big_digits(m, 2, e as u32);
        let n = d.len() as i32;
        (d, n)
    } else {
        // m · 2^e = m · 5^-e / 10^-e.
        let d = big_digits(m, 5, (-e) as u32);
        let n = d.len() as i32;
        (d, n + e)
    };
    if d.len() <= n {
        return (d, point);
    }
    // An exact tie goes up, as core's shortest mode does.
    let up = d[n] >= b'5';
    d.truncate(n);
    let mut point = point;
    if up {
        let mut i = n;
        loop {
            if i == 0 {
                d.insert(0, b'1');
                d.truncate(n);
                point += 1;
                break;
            }
            i -= 1;
            if d[i] == b'9' {
                d[i] = b'0';
            } else {
                d[i] += 1;
                break;
            }
        }
    }
    (d, point)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed xorshift stream, so the sample is the same on every run.
    fn sample() -> Vec<f64> {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut v = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            0.005,
            0.015,
            0.025,
            1e-7,
            1e21,
            1e22,
            -1e18,
            1e18,
            86_400.0,
            10_000_000.0,
            9.0e18,
            123.456,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.1 + 0.2,
            // Ties between two shortest strings (core writes the upper one).
            f64::from_bits(0x42ea_8090_bb0f_6d84),
            f64::from_bits(0x4306_6d13_de51_1b02),
        ];
        for i in 0..20_000 {
            let r = next();
            v.push(match i % 4 {
                // Any bit pattern.
                0 => f64::from_bits(r),
                // Status-text magnitudes.
                1 => (r >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi((r % 12) as i32),
                // Exact ties at 2 and 3 decimals (k/8, k/16 …).
                2 => (r % 100_000) as f64 / [2.0, 4.0, 8.0, 16.0, 32.0][(r % 5) as usize],
                // Integers.
                _ => (r % 1_000_000_000) as f64,
            });
        }
        v
    }

    #[test]
    fn num_writes_what_display_writes() {
        for x in sample() {
            assert_eq!(
                Num(x).to_string(),
                format!("{x}"),
                "bits {:#x}",
                x.to_bits()
            );
        }
    }

    #[test]
    fn fixed_writes_what_precision_writes() {
        for x in sample() {
            for p in [0, 1, 2, 3, 6] {
                assert_eq!(
                    Fixed(x, p).to_string(),
                    format!("{x:.p$}"),
                    "bits {:#x} .{p}",
                    x.to_bits()
                );
            }
        }
    }

    #[test]
    fn examples() {
        assert_eq!(Num(-1e18).to_string(), "-1000000000000000000");
        assert_eq!(Num(0.5).to_string(), "0.5");
        assert_eq!(Fixed(2.0 / 3.0, 2).to_string(), "0.67");
        assert_eq!(Fixed(0.125, 2).to_string(), "0.12");
        assert_eq!(Fixed(-0.001, 2).to_string(), "-0.00");
    }
}
