//! The 5.5 master thread's flushing (`srv_master_thread`) and Percona Server 5.5's
//! `estimate` and `keep_average` rules, which replace its 1-second rule.

use super::inputs::{dirty_pct, pct_io, FlushKnobs, Inputs};
use crate::redo::limits::Limits;

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
