//! 5.6's adaptive flushing (`page_cleaner_flush_pages_if_needed`, labs and GA).

use super::inputs::{pct_for_dirty, pct_for_lsn, pct_io, FlushKnobs, Inputs, Recommendation};
use crate::redo::limits::Limits;

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
