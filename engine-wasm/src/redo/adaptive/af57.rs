//! 5.7 and 8.0.30's adaptive flushing (`page_cleaner_flush_pages_recommendation`,
//! `Adaptive_flush::page_recommendation`).

use super::inputs::{pct_for_dirty, pct_for_lsn, pct_io, FlushKnobs, Inputs, Recommendation};
use crate::redo::limits::Limits;
use crate::sim::{Nanos, SEC};

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
