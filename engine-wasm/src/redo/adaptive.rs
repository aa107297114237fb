//! How many pages to flush, per policy: pure functions of what the flushing thread
//! sees each iteration, with the state each algorithm keeps between iterations.
//! Integer arithmetic as in InnoDB (`ulint`, `lsn_t`), `libm::sqrt` for √.

use super::limits::Limits;
use super::policy::FlushPolicy;
use crate::sim::{Nanos, SEC};
use serde::Serialize;

/// The knobs the algorithms read.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlushKnobs {
    /// `innodb_io_capacity`.
    pub io_capacity: u64,
    /// `innodb_io_capacity_max`.
    pub io_capacity_max: u64,
    /// `innodb_adaptive_flushing`.
    pub adaptive_flushing: bool,
    /// `innodb_adaptive_flushing_lwm` (% of the log capacity).
    pub adaptive_flushing_lwm: u64,
    /// `innodb_max_dirty_pages_pct`.
    pub max_dirty_pages_pct: u64,
    /// `innodb_max_dirty_pages_pct_lwm`.
    pub max_dirty_pages_pct_lwm: u64,
    /// `innodb_flushing_avg_loops`.
    pub flushing_avg_loops: u64,
}

/// What the flushing thread sees at one iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inputs {
    /// Virtual now.
    pub now: Nanos,
    /// Current LSN.
    pub lsn: u64,
    /// Oldest modification on the flush list (0 = nothing dirty).
    pub oldest: u64,
    /// Pages on the flush list.
    pub n_dirty: u64,
    /// LRU + free list lengths (`buf_get_modified_ratio_pct`'s denominator − 1).
    pub pool_pages: u64,
    /// Sum of the flush list's oldest_modification values (for the average age).
    pub sum_oldest: u128,
    /// Pages the previous iteration flushed.
    pub last_pages: u64,
    /// Pages flushed from the LRU list so far (`buf_lru_flush_page_count`).
    pub lru_flushed_total: u64,
}

/// An iteration's decision and the monitor values it sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    /// Pages to flush (`buffer_flush_n_to_flush_requested`).
    pub n_pages: u64,
    /// Flush only pages with oldest_modification below this (u64::MAX = no limit).
    pub lsn_limit: u64,
    /// `buffer_flush_pct_for_dirty`.
    pub pct_for_dirty: u64,
    /// `buffer_flush_pct_for_lsn`.
    pub pct_for_lsn: u64,
    /// `buffer_flush_avg_page_rate`.
    pub avg_page_rate: u64,
    /// `buffer_flush_lsn_avg_rate` (LSN bytes per second).
    pub lsn_avg_rate: u64,
    /// `buffer_flush_n_to_flush_by_age` (5.7+).
    pub n_by_age: u64,
}

/// `PCT_IO(p)`: p% of `innodb_io_capacity`.
pub fn pct_io(k: &FlushKnobs, pct: u64) -> u64 {
    (k.io_capacity as f64 * (pct as f64 / 100.0)) as u64
}

/// `buf_get_modified_ratio_pct`: dirty·100 / (1 + LRU + free).
pub fn dirty_pct(i: &Inputs) -> u64 {
    i.n_dirty * 100 / (1 + i.pool_pages)
}

/// `af_get_pct_for_dirty` (5.6 uses >, 5.7/8.0 ≥): with `max_dirty_pages_pct_lwm` = 0,
/// 100% once dirty% passes `max_dirty_pages_pct`; else dirty%·100/(max + 1) once it
/// passes the lwm.
pub fn pct_for_dirty(i: &Inputs, k: &FlushKnobs, inclusive: bool) -> u64 {
    let d = dirty_pct(i);
    if d == 0 {
        return 0;
    }
    let over = |x: u64| if inclusive { d >= x } else { d > x };
    if k.max_dirty_pages_pct_lwm == 0 {
        if over(k.max_dirty_pages_pct) {
            return 100;
        }
    } else if over(k.max_dirty_pages_pct_lwm) {
        return d * 100 / (k.max_dirty_pages_pct + 1);
    }
    0
}

/// `af_get_pct_for_lsn`: 0 below `adaptive_flushing_lwm`% of `lwm_base`, or below
/// `age_base` with adaptive flushing off; else, with f = age·100/`age_base`,
/// (io_max/io_cap) · f·√f / 7.5. 5.6/5.7: both bases are `log_get_capacity()` and
/// `max_modified_age_async`; 8.0.30: `limit_for_free_check` and `limit_for_dirty_page_age`.
pub fn pct_for_lsn(age: u64, k: &FlushKnobs, lwm_base: u64, age_base: u64) -> u64 {
    let af_lwm = k.adaptive_flushing_lwm * lwm_base / 100;
    if age < af_lwm || age_base == 0 {
        return 0;
    }
    if age < age_base && !k.adaptive_flushing {
        return 0;
    }
    let f = age * 100 / age_base;
    let ratio = (k.io_capacity_max / k.io_capacity.max(1)) as f64;
    (ratio * (f as f64 * libm::sqrt(f as f64)) / 7.5) as u64
}

/// 5.5 `buf_flush_get_desired_flush_rate` with its 20-second history
/// (`buf_flush_stat_update`, `BUF_FLUSH_STAT_N_INTERVAL`).
#[derive(Clone, Debug, Default)]
pub struct DesiredRate55 {
    /// Per-second (redo, LRU-flushed) of the last 20 intervals.
    arr: [(u64, u64); 20],
    ind: usize,
    sum_redo: u64,
    sum_flushed: u64,
    cur_redo: u64,
    cur_flushed: u64,
}

/// `BUF_FLUSH_STAT_N_INTERVAL`.
pub const BUF_FLUSH_STAT_N_INTERVAL: u64 = 20;

impl DesiredRate55 {
    /// `buf_flush_stat_update`: closes one interval (called once a second).
    pub fn stat_update(&mut self, lsn: u64, lru_flushed_total: u64) {
        if self.cur_redo == 0 {
            self.cur_redo = lsn;
            return;
        }
        let item = self.arr[self.ind];
        let lsn_diff = lsn - self.cur_redo;
        let n_flushed = lru_flushed_total - self.cur_flushed;
        self.sum_redo = self.sum_redo + lsn_diff - item.0;
        self.sum_flushed = self.sum_flushed + n_flushed - item.1;
        self.arr[self.ind] = (lsn_diff, n_flushed);
        self.ind = (self.ind + 1) % BUF_FLUSH_STAT_N_INTERVAL as usize;
        self.cur_redo = lsn;
        self.cur_flushed = lru_flushed_total;
    }

    /// Redo per second: the history's average plus the current interval.
    pub fn redo_avg(&self, lsn: u64) -> u64 {
        if self.cur_redo == 0 {
            // No interval opened yet (buf_flush_stat_update has not run).
            return 0;
        }
        self.sum_redo / BUF_FLUSH_STAT_N_INTERVAL + lsn.saturating_sub(self.cur_redo)
    }

    /// `buf_flush_get_desired_flush_rate`: max(0, n_dirty·redo_avg/capacity − lru_avg),
    /// i.e. write every dirty page once per log capacity of redo.
    pub fn desired(&self, i: &Inputs, log_capacity: u64) -> u64 {
        let redo_avg = self.redo_avg(i.lsn);
        let lru_avg = self.sum_flushed / BUF_FLUSH_STAT_N_INTERVAL
            + i.lru_flushed_total.saturating_sub(self.cur_flushed);
        let req = (i.n_dirty as u128 * redo_avg as u128 / log_capacity.max(1) as u128) as u64;
        req.saturating_sub(lru_avg)
    }
}

/// The 5.5 master thread's one-second decision (`srv_master_thread`): over
/// `innodb_max_dirty_pages_pct` → io_capacity pages; else with adaptive flushing
/// min(io_capacity, desired rate).
pub fn master55_second(i: &Inputs, k: &FlushKnobs, d: &DesiredRate55, capacity: u64) -> u64 {
    if dirty_pct(i) > k.max_dirty_pages_pct {
        pct_io(k, 100)
    } else if k.adaptive_flushing {
        d.desired(i, capacity).min(pct_io(k, 100))
    } else {
        0
    }
}

/// The 5.5 master thread's 10-second flush: 100% of io_capacity above 70% dirty, else 10%.
pub fn master55_ten_seconds(i: &Inputs, k: &FlushKnobs) -> u64 {
    if dirty_pct(i) > 70 {
        pct_io(k, 100)
    } else {
        pct_io(k, 10)
    }
}

/// State of the 5.6-labs / 5.6 GA `page_cleaner_flush_pages_if_needed`.
#[derive(Clone, Debug, Default)]
pub struct Af56 {
    lsn_avg_rate: u64,
    prev_lsn: u64,
    last_lsn: u64,
    sum_pages: u64,
    last_pages: u64,
    prev_pages: u64,
    avg_page_rate: u64,
    n_iterations: u64,
}

impl Af56 {
    /// One iteration. The batch is limited to pages older than
    /// oldest + lsn_avg_rate·(age_factor + 1), where age_factor = requested/flushed of
    /// the previous iteration when the LSN moved more than half the average since.
    pub fn recommend(&mut self, i: &Inputs, k: &FlushKnobs, l: &Limits) -> Recommendation {
        let cur_lsn = i.lsn;
        if self.prev_lsn == 0 {
            self.prev_lsn = cur_lsn;
            return Recommendation::default();
        }
        if self.prev_lsn == cur_lsn {
            return Recommendation::default();
        }
        // sum_pages counts what the previous batch flushed.
        self.sum_pages += i.last_pages;
        self.n_iterations += 1;
        let loops = k.flushing_avg_loops.max(1);
        if self.n_iterations >= loops {
            self.avg_page_rate = (self.sum_pages / loops + self.avg_page_rate) / 2;
            let lsn_rate = (cur_lsn - self.prev_lsn) / loops;
            self.lsn_avg_rate = (self.lsn_avg_rate + lsn_rate) / 2;
            self.prev_lsn = cur_lsn;
            self.n_iterations = 0;
            self.sum_pages = 0;
        }
        let oldest = if i.oldest == 0 { cur_lsn } else { i.oldest };
        let age = cur_lsn - oldest;
        let pct_for_dirty = pct_for_dirty(i, k, false);
        let pct_for_lsn = pct_for_lsn(age, k, l.capacity, l.max_modified_age_async);
        let pct_total = pct_for_dirty.max(pct_for_lsn);
        let n_pages = ((pct_io(k, pct_total) + self.avg_page_rate) / 2).min(k.io_capacity_max);
        let mut age_factor = 0;
        if self.last_pages > 0 && cur_lsn - self.last_lsn > self.lsn_avg_rate / 2 {
            age_factor = self.prev_pages / self.last_pages;
        }
        self.prev_pages = n_pages;
        self.last_lsn = cur_lsn;
        Recommendation {
            n_pages,
            lsn_limit: oldest.saturating_add(self.lsn_avg_rate * (age_factor + 1)),
            pct_for_dirty,
            pct_for_lsn,
            avg_page_rate: self.avg_page_rate,
            lsn_avg_rate: self.lsn_avg_rate,
            n_by_age: 0,
        }
    }

    /// After the batch: `last_pages = n_flushed + 1`.
    pub fn flushed(&mut self, n: u64) {
        self.last_pages = n + 1;
    }
}

/// State of 5.7 `page_cleaner_flush_pages_recommendation` and 8.0.30
/// `Adaptive_flush::page_recommendation`.
#[derive(Clone, Debug, Default)]
pub struct Af57 {
    /// Average LSN bytes per second.
    pub lsn_avg_rate: u64,
    prev_lsn: u64,
    prev_time: Nanos,
    sum_pages: u64,
    avg_page_rate: u64,
    n_iterations: u64,
}

/// `buf_flush_lsn_scan_factor`.
pub const LSN_SCAN_FACTOR: u64 = 3;

impl Af57 {
    /// Refreshes the averages every `flushing_avg_loops` iterations or seconds, with
    /// per-second rates; false on the first call or when the LSN did not move.
    fn update_averages(&mut self, i: &Inputs, k: &FlushKnobs) -> bool {
        if self.prev_lsn == 0 {
            self.prev_lsn = i.lsn;
            self.prev_time = i.now;
            return false;
        }
        if self.prev_lsn == i.lsn {
            return false;
        }
        self.sum_pages += i.last_pages;
        // ut_time(): whole seconds.
        let elapsed_s = i.now / SEC - self.prev_time / SEC;
        self.n_iterations += 1;
        if self.n_iterations >= k.flushing_avg_loops || elapsed_s >= k.flushing_avg_loops {
            let t = elapsed_s.max(1) as f64;
            self.avg_page_rate =
                ((self.sum_pages as f64 / t + self.avg_page_rate as f64) / 2.0) as u64;
            let lsn_rate = ((i.lsn - self.prev_lsn) as f64 / t) as u64;
            self.lsn_avg_rate = (self.lsn_avg_rate + lsn_rate) / 2;
            self.prev_lsn = i.lsn;
            self.prev_time = i.now;
            self.n_iterations = 0;
            self.sum_pages = 0;
        }
        true
    }

    /// 5.7: n = (PCT_IO(pct_total) + avg_page_rate + pages_for_lsn)/3, capped at
    /// io_capacity_max; pages_for_lsn = (flush-list pages with oldest ≤ oldest +
    /// 3·lsn_avg_rate)/3, capped at 2·io_max. `count_up_to(lsn)` counts flush-list
    /// pages with oldest_modification ≤ lsn.
    pub fn recommend57(
        &mut self,
        i: &Inputs,
        k: &FlushKnobs,
        l: &Limits,
        count_up_to: &dyn Fn(u64) -> u64,
    ) -> Recommendation {
        if !self.update_averages(i, k) {
            return Recommendation::default();
        }
        let oldest = if i.oldest == 0 { i.lsn } else { i.oldest };
        let age = i.lsn.saturating_sub(oldest);
        let pct_for_dirty = pct_for_dirty(i, k, true);
        let pct_for_lsn = pct_for_lsn(age, k, l.capacity, l.max_modified_age_async);
        let pct_total = pct_for_dirty.max(pct_for_lsn);
        let target = oldest.saturating_add(self.lsn_avg_rate * LSN_SCAN_FACTOR);
        let by_age = (count_up_to(target) / LSN_SCAN_FACTOR).max(1);
        let pages_for_lsn = by_age.min(k.io_capacity_max * 2);
        let n_pages = ((pct_io(k, pct_total) + self.avg_page_rate + pages_for_lsn) / 3)
            .min(k.io_capacity_max);
        Recommendation {
            n_pages,
            lsn_limit: u64::MAX,
            pct_for_dirty,
            pct_for_lsn,
            avg_page_rate: self.avg_page_rate,
            lsn_avg_rate: self.lsn_avg_rate,
            n_by_age: by_age,
        }
    }

    /// 8.0.30: pct for lsn against `limit_for_dirty_page_age` with the lwm a % of
    /// `limit_for_free_check`. In sync flush (`sync_limit` = Some(lsn)) the target is
    /// that LSN with scan factor 1, n = max(pages below it, io_capacity), no io_max cap.
    pub fn recommend8030(
        &mut self,
        i: &Inputs,
        k: &FlushKnobs,
        l: &Limits,
        sync_limit: Option<u64>,
        count_up_to: &dyn Fn(u64) -> u64,
    ) -> Recommendation {
        let moved = self.update_averages(i, k);
        if !moved && sync_limit.is_none() {
            return Recommendation::default();
        }
        let oldest = if i.oldest == 0 { i.lsn } else { i.oldest };
        let age = i.lsn.saturating_sub(oldest);
        let pct_for_dirty = pct_for_dirty(i, k, true);
        let pct_for_lsn = pct_for_lsn(age, k, l.limit_for_free_check, l.limit_for_dirty_page_age);
        let pct_total = pct_for_dirty.max(pct_for_lsn);
        let (n_pages, by_age, lsn_limit) = match sync_limit {
            Some(target) => {
                let by_age = count_up_to(target).max(1);
                (by_age.max(k.io_capacity), by_age, target)
            }
            None => {
                let target = oldest.saturating_add(self.lsn_avg_rate * LSN_SCAN_FACTOR);
                let by_age = (count_up_to(target) / LSN_SCAN_FACTOR).max(1);
                let pages_for_lsn = by_age.min(k.io_capacity_max * 2);
                let n = ((pct_io(k, pct_total) + self.avg_page_rate + pages_for_lsn) / 3)
                    .min(k.io_capacity_max);
                (n, by_age, u64::MAX)
            }
        };
        Recommendation {
            n_pages,
            lsn_limit,
            pct_for_dirty,
            pct_for_lsn,
            avg_page_rate: self.avg_page_rate,
            lsn_avg_rate: self.lsn_avg_rate,
            n_by_age: by_age,
        }
    }
}

/// Percona Server 5.5 `estimate`, from Percona's documentation: once the oldest
/// modified age passes 1/4 of the maximum checkpoint age, flush each second a number
/// "determined by the number of modified blocks, the LSN progress speed and the
/// average age of all modified blocks", independent of io_capacity. The formula is
/// this simulator's reading of those three inputs: flush every dirty page once in the
/// time the redo takes to use up the room left to the average page,
/// n = n_dirty · lsn_rate / (max_checkpoint_age − average age).
pub fn percona_estimate(i: &Inputs, l: &Limits, lsn_rate_per_s: u64) -> u64 {
    if i.n_dirty == 0 || i.oldest == 0 {
        return 0;
    }
    let age = i.lsn - i.oldest;
    if age <= l.max_checkpoint_age / 4 {
        return 0;
    }
    let avg_oldest = (i.sum_oldest / i.n_dirty as u128) as u64;
    let avg_age = i.lsn.saturating_sub(avg_oldest);
    let room = l.max_checkpoint_age.saturating_sub(avg_age).max(1);
    (i.n_dirty as u128 * lsn_rate_per_s as u128 / room as u128) as u64
}

/// Percona Server 5.5 `keep_average`, from Percona's documentation: "keep the I/O rate
/// constant by using a much shorter loop cycle (0.1 second)". This simulator's reading:
/// the 5.5 desired rate (every dirty page once per log capacity of redo, less the LRU
/// flushing), delivered as a tenth every 0.1 s instead of one burst a second, and not
/// capped by io_capacity.
pub fn percona_keep_average_tick(i: &Inputs, d: &DesiredRate55, capacity: u64) -> u64 {
    d.desired(i, capacity).div_ceil(10)
}

/// The flushing thread's iteration period for a policy.
pub fn period(p: FlushPolicy) -> Nanos {
    if p == FlushPolicy::PerconaKeepAverage {
        SEC / 10
    } else {
        SEC
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    fn knobs57() -> FlushKnobs {
        FlushKnobs {
            io_capacity: 200,
            io_capacity_max: 2000,
            adaptive_flushing: true,
            adaptive_flushing_lwm: 10,
            max_dirty_pages_pct: 75,
            max_dirty_pages_pct_lwm: 0,
            flushing_avg_loops: 30,
        }
    }

    #[test]
    fn pct_for_dirty_rules() {
        let k = knobs57();
        let mut i = Inputs {
            n_dirty: 750,
            pool_pages: 999,
            ..Inputs::default()
        };
        // 75% dirty: 5.7 (≥) flushes at 100%, 5.6 (>) not yet.
        assert_eq!(pct_for_dirty(&i, &k, true), 100);
        assert_eq!(pct_for_dirty(&i, &k, false), 0);
        i.n_dirty = 500;
        assert_eq!(pct_for_dirty(&i, &k, true), 0);
        // 8.0 defaults: lwm 10, max 90: 50%·100/91 = 54.
        let k8 = FlushKnobs {
            max_dirty_pages_pct: 90,
            max_dirty_pages_pct_lwm: 10,
            ..k
        };
        assert_eq!(pct_for_dirty(&i, &k8, true), 54);
        i.n_dirty = 50;
        assert_eq!(pct_for_dirty(&i, &k8, true), 0);
    }

    #[test]
    fn pct_for_lsn_grows_as_f_sqrt_f() {
        let k = knobs57();
        let l = Limits::classic(48 * MIB, 2, 0);
        let async_age = l.max_modified_age_async;
        // Below 10% of capacity: nothing.
        assert_eq!(pct_for_lsn(l.capacity / 20, &k, l.capacity, async_age), 0);
        // At half the async point: f = 50 → 10 · 50·√50 / 7.5 = 471.
        assert_eq!(pct_for_lsn(async_age / 2, &k, l.capacity, async_age), 471);
        // At the async point: f = 100 → 10 · 1000 / 7.5 = 1333.
        assert_eq!(pct_for_lsn(async_age, &k, l.capacity, async_age), 1333);
        // io_capacity_max = io_capacity: ratio 1.
        let k1 = FlushKnobs {
            io_capacity_max: 200,
            ..k
        };
        assert_eq!(pct_for_lsn(async_age, &k1, l.capacity, async_age), 133);
        // Adaptive flushing off: nothing below async.
        let off = FlushKnobs {
            adaptive_flushing: false,
            ..k
        };
        assert_eq!(pct_for_lsn(async_age / 2, &off, l.capacity, async_age), 0);
        assert_eq!(pct_for_lsn(async_age, &off, l.capacity, async_age), 1333);
    }

    #[test]
    fn desired_rate_55_uses_twenty_seconds_of_redo() {
        let mut d = DesiredRate55::default();
        assert_eq!(d.redo_avg(5_000_000), 0, "no interval yet");
        d.stat_update(1000, 0); // first call only records the LSN
        for s in 1..=20 {
            d.stat_update(1000 + s * 1_000_000, 0);
        }
        // 1 MB/s of history, 0.5 MB in the current interval.
        let lsn = 1000 + 20 * 1_000_000 + 500_000;
        assert_eq!(d.redo_avg(lsn), 1_500_000);
        let i = Inputs {
            lsn,
            n_dirty: 10_000,
            lru_flushed_total: 30,
            ..Inputs::default()
        };
        // 10000 · 1.5 MB / 100 MB = 150 pages/s, less 30 LRU-flushed this interval.
        assert_eq!(d.desired(&i, 100_000_000), 120);
        let k = knobs57();
        let i2 = Inputs {
            pool_pages: 100_000,
            ..i
        };
        assert_eq!(master55_second(&i2, &k, &d, 100_000_000), 120);
        let i3 = Inputs {
            n_dirty: 100_000,
            pool_pages: 100_000,
            ..i
        };
        // 99% dirty: io_capacity.
        assert_eq!(master55_second(&i3, &k, &d, 100_000_000), 200);
        assert_eq!(master55_ten_seconds(&i3, &k), 200);
        assert_eq!(master55_ten_seconds(&i2, &k), 20);
    }

    #[test]
    fn af56_averages_and_limits_by_lsn() {
        let k = FlushKnobs {
            flushing_avg_loops: 1,
            ..knobs57()
        };
        let l = Limits::classic(48 * MIB, 2, 0);
        let mut af = Af56::default();
        let mut i = Inputs {
            lsn: 10_000_000,
            oldest: 9_000_000,
            n_dirty: 1000,
            pool_pages: 10_000,
            ..Inputs::default()
        };
        assert_eq!(
            af.recommend(&i, &k, &l).n_pages,
            0,
            "first call records the LSN"
        );
        i.lsn = 12_000_000;
        i.last_pages = 0;
        let r = af.recommend(&i, &k, &l);
        // lsn_avg_rate = (0 + 2 MB/1)/2 = 1 MB; age 3 MB < 10% of 90.6 MB: pct_lsn 0.
        assert_eq!(r.lsn_avg_rate, 1_000_000);
        assert_eq!((r.pct_for_lsn, r.pct_for_dirty, r.n_pages), (0, 0, 0));
        assert_eq!(r.lsn_limit, 9_000_000 + 1_000_000);
        af.flushed(0);
        // Age at the async point: pct 1333 → PCT_IO = 2666; n = (2666 + avg)/2, capped 2000.
        i.lsn = 9_000_000 + l.max_modified_age_async;
        i.last_pages = 400;
        let r = af.recommend(&i, &k, &l);
        assert_eq!(r.pct_for_lsn, 1333);
        assert_eq!(r.avg_page_rate, 200);
        assert_eq!(r.n_pages, (2666 + 200) / 2);
    }

    #[test]
    fn af57_three_terms() {
        let k = knobs57();
        let l = Limits::classic(48 * MIB, 2, 0);
        let mut af = Af57::default();
        let mut i = Inputs {
            now: 0,
            lsn: 1_000_000,
            oldest: 1_000,
            n_dirty: 5000,
            pool_pages: 10_000,
            ..Inputs::default()
        };
        let count = |_: u64| 3000u64;
        assert_eq!(af.recommend57(&i, &k, &l, &count).n_pages, 0);
        // 30 s later (averages refresh on time): 29 MB of redo in 29+ s.
        i.now = 30 * SEC;
        i.lsn = 1_000_000 + 30_000_000;
        i.last_pages = 3000;
        let r = af.recommend57(&i, &k, &l, &count);
        assert_eq!(r.lsn_avg_rate, 500_000);
        assert_eq!(r.avg_page_rate, 50);
        // age ≈ 31 MB of async 70.7 MB: f = 43 → 10·43·√43/7.5 = 375 → PCT_IO 750.
        assert_eq!(r.pct_for_lsn, 375);
        // pages_for_lsn = 3000/3 = 1000; n = (750 + 50 + 1000)/3 = 600.
        assert_eq!(r.n_by_age, 1000);
        assert_eq!(r.n_pages, 600);
        assert_eq!(r.lsn_limit, u64::MAX);
    }

    #[test]
    fn af8030_sync_flush_takes_every_page_below_the_limit() {
        let k = FlushKnobs {
            max_dirty_pages_pct: 90,
            max_dirty_pages_pct_lwm: 10,
            ..knobs57()
        };
        let l = Limits::v8030(100 * MIB, 0);
        let mut af = Af57::default();
        let i = Inputs {
            now: SEC,
            lsn: 90_000_000,
            oldest: 1_000,
            n_dirty: 5000,
            pool_pages: 100_000,
            ..Inputs::default()
        };
        let count = |lsn: u64| if lsn >= 10_000_000 { 4200 } else { 10 };
        let r = af.recommend8030(&i, &k, &l, Some(10_000_000), &count);
        assert_eq!(
            (r.n_pages, r.lsn_limit),
            (4200, 10_000_000),
            "no io_max cap"
        );
        let r = af.recommend8030(&i, &k, &l, Some(5_000_000), &count);
        assert_eq!(r.n_pages, 200, "floor of io_capacity");
        // Not in sync: age 90 MB > limit_for_dirty_page_age → f ≈ 118 → big pct, capped.
        let i2 = Inputs {
            lsn: 91_000_000,
            ..i
        };
        let r = af.recommend8030(&i2, &k, &l, None, &count);
        assert!(r.pct_for_lsn > 1500, "{}", r.pct_for_lsn);
        // (PCT_IO(pct) + avg 0 + max(10/3, 1)) / 3, under io_capacity_max.
        assert_eq!(r.n_pages, (pct_io(&k, r.pct_for_lsn) + 3) / 3);
        assert_eq!(r.lsn_limit, u64::MAX);
    }

    #[test]
    fn percona_estimate_and_keep_average() {
        let l = Limits::classic(48 * MIB, 2, 0);
        let m = l.max_checkpoint_age;
        let lsn = 100_000_000;
        let mut i = Inputs {
            lsn,
            oldest: lsn - m / 8,
            n_dirty: 1000,
            sum_oldest: 1000 * (lsn - m / 10) as u128,
            ..Inputs::default()
        };
        assert_eq!(
            percona_estimate(&i, &l, 2_000_000),
            0,
            "below 1/4 of the max age"
        );
        i.oldest = lsn - m / 2;
        // avg age m/10: n = 1000 · 2 MB / (0.9 m) = 27.
        assert_eq!(
            percona_estimate(&i, &l, 2_000_000),
            1000 * 2_000_000 / (m - m / 10)
        );
        let mut d = DesiredRate55::default();
        d.stat_update(1, 0);
        for s in 1..=20 {
            d.stat_update(1 + s * 1_000_000, 0);
        }
        let i = Inputs {
            lsn: 1 + 20 * 1_000_000,
            n_dirty: 10_000,
            ..Inputs::default()
        };
        // Desired 100 pages/s → 10 per 0.1 s tick.
        assert_eq!(percona_keep_average_tick(&i, &d, 100_000_000), 10);
        assert_eq!(period(FlushPolicy::PerconaKeepAverage), SEC / 10);
    }
}
