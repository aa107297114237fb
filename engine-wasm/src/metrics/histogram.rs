//! Latency histogram with log-linear buckets (32 per power of two, ≤ 3% error),
//! like HdrHistogram: O(1) record, percentiles by a bucket walk.

const SUB_BITS: u32 = 5;
const SUB: usize = 1 << SUB_BITS;
const MAX_EXP: usize = 44; // 2^44 ns ≈ 4.9 hours
const BUCKETS: usize = (MAX_EXP + 1) * SUB;

/// Counts of durations in nanoseconds.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u64>,
    total: u64,
    sum_ns: u128,
    max_ns: u64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            counts: vec![0; BUCKETS],
            total: 0,
            sum_ns: 0,
            max_ns: 0,
        }
    }
}

fn bucket_of(v: u64) -> usize {
    if v < SUB as u64 {
        return v as usize;
    }
    let e = 63 - v.leading_zeros(); // floor(log2 v) ≥ SUB_BITS
    let shift = e - SUB_BITS;
    let mant = (v >> shift) as usize - SUB; // 0..SUB
    (((shift + 1) as usize) * SUB + mant).min(BUCKETS - 1)
}

/// Upper bound (exclusive) of the values in bucket `b`, as its representative.
fn bucket_value(b: usize) -> u64 {
    if b < SUB {
        return b as u64;
    }
    let shift = (b / SUB - 1) as u32;
    let mant = (b % SUB + SUB) as u64;
    // midpoint of [mant << shift, (mant+1) << shift)
    (mant << shift) + ((1u64 << shift) >> 1)
}

impl Histogram {
    /// Records one duration.
    pub fn record(&mut self, ns: u64) {
        self.counts[bucket_of(ns)] += 1;
        self.total += 1;
        self.sum_ns += ns as u128;
        self.max_ns = self.max_ns.max(ns);
    }

    /// Number of recorded values.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// Mean in ns (0 when empty).
    pub fn mean_ns(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.sum_ns as f64 / self.total as f64
        }
    }

    /// The `q`-quantile (0..=1) in ns, within the bucket resolution (0 when empty).
    pub fn quantile_ns(&self, q: f64) -> u64 {
        if self.total == 0 {
            return 0;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (b, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return bucket_value(b).min(self.max_ns);
            }
        }
        self.max_ns
    }

    /// Forgets everything (keeps the allocation).
    pub fn clear(&mut self) {
        if self.total > 0 {
            self.counts.iter_mut().for_each(|c| *c = 0);
        }
        self.total = 0;
        self.sum_ns = 0;
        self.max_ns = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_within_three_percent() {
        let mut h = Histogram::default();
        for v in 1..=10_000u64 {
            h.record(v * 1000); // 1 µs .. 10 ms
        }
        for (q, want) in [(0.5, 5_000_000.0), (0.95, 9_500_000.0), (0.99, 9_900_000.0)] {
            let got = h.quantile_ns(q) as f64;
            assert!((got - want).abs() / want < 0.03, "q{q}: {got} vs {want}");
        }
        assert!((h.mean_ns() - 5_000_500.0).abs() < 1.0);
        h.clear();
        assert_eq!(h.quantile_ns(0.5), 0);
    }

    #[test]
    fn buckets_are_monotonic() {
        let mut last = 0;
        for v in [0u64, 1, 31, 32, 33, 63, 64, 100, 1 << 20, 1 << 40] {
            let b = bucket_of(v);
            assert!(b >= last);
            last = b;
        }
    }
}
