//! Dirty pages: the flush list ordered by `oldest_modification`, and page writes
//! (`buf_flush_insert_into_flush_list`, `buf_flush_write_complete`).

use super::{BpEvent, BufferPool, IoFix};
use crate::storage::PageNo;

impl BufferPool {
    /// A change at `lsn` (> 0; 0 is taken as 1) was made to a resident page: the first
    /// change since the last write puts it on the flush list. If a write is in flight,
    /// the page stays dirty after that write. Returns false, changing nothing, if
    /// `page` is not resident or its read is still in flight.
    // models buf_flush_note_modification()
    pub fn mark_dirty(&mut self, page: PageNo, lsn: u64) -> bool {
        let Some(f) = self.frame_of(page) else {
            return false;
        };
        if self.frames[f as usize].io_fix == IoFix::Read {
            return false;
        }
        let lsn = lsn.max(1);
        let fr = &mut self.frames[f as usize];
        fr.newest_modification = fr.newest_modification.max(lsn);
        if matches!(fr.io_fix, IoFix::Write { .. }) {
            if fr.redirty_lsn == 0 {
                fr.redirty_lsn = lsn;
            }
        } else if fr.oldest_modification == 0 {
            fr.oldest_modification = lsn;
            self.flush_list.insert((lsn, page));
        }
        true
    }

    /// Starts a flush-list write of a dirty page with no I/O in flight (the page stays
    /// resident afterwards). Returns false, changing nothing, otherwise.
    pub fn begin_write(&mut self, page: PageNo) -> bool {
        let Some(f) = self.frame_of(page) else {
            return false;
        };
        let fr = &mut self.frames[f as usize];
        if !fr.ready_for_flush() {
            return false;
        }
        fr.io_fix = IoFix::Write { evict: false };
        true
    }

    /// A write finished: the page is clean (unless changed meanwhile), `pages_written++`;
    /// after an LRU or single-page flush its frame goes to the free list.
    /// Returns false if no write was in flight.
    // models buf_page_io_complete() for writes: buf_flush_write_complete(), then
    // buf_LRU_free_page() when the flush type evicts
    pub fn complete_write(&mut self, page: PageNo, ev: &mut Vec<BpEvent>) -> bool {
        let Some(f) = self.frame_of(page) else {
            return false;
        };
        let IoFix::Write { evict } = self.frames[f as usize].io_fix else {
            return false;
        };
        let fr = &mut self.frames[f as usize];
        self.flush_list.remove(&(fr.oldest_modification, page));
        fr.oldest_modification = 0;
        fr.io_fix = IoFix::None;
        if fr.redirty_lsn != 0 {
            fr.oldest_modification = fr.redirty_lsn;
            fr.redirty_lsn = 0;
            self.flush_list.insert((fr.oldest_modification, page));
        }
        self.counters.pages_written += 1;
        if evict && self.frames[f as usize].ready_for_replace() {
            self.evict(f, true, ev);
        }
        true
    }

    /// Smallest `oldest_modification` in the pool, `None` when nothing is dirty
    /// (what a checkpoint may advance to).
    // models buf_pool_get_oldest_modification()
    pub fn oldest_modification(&self) -> Option<u64> {
        self.flush_list.first().map(|&(lsn, _)| lsn)
    }

    /// Appends up to `n` dirty pages with no I/O in flight, oldest change first.
    pub fn flush_list_oldest(&self, n: usize, out: &mut Vec<PageNo>) {
        let ready = self.flush_list.iter().filter(|&&(_, page)| {
            self.frame_of(page)
                .is_some_and(|f| self.frames[f as usize].io_fix == IoFix::None)
        });
        out.extend(ready.take(n).map(|&(_, page)| page));
    }

    /// Dirty pages whose `oldest_modification` is ≤ `lsn` (5.7 `pages_for_lsn` input).
    pub fn flush_list_count_up_to(&self, lsn: u64) -> usize {
        self.flush_list.range(..=(lsn, PageNo::MAX)).count()
    }

    /// `newest_modification` (the page LSN) of a resident page; 0 if it was not
    /// changed since it came in, or is not resident.
    pub fn newest_modification(&self, page: PageNo) -> u64 {
        self.frame_of(page)
            .map_or(0, |f| self.frames[f as usize].newest_modification)
    }

    /// Is the page resident and dirty?
    pub fn is_dirty(&self, page: PageNo) -> bool {
        self.frame_of(page)
            .is_some_and(|f| self.frames[f as usize].is_dirty())
    }

    /// A flush-list batch (`buf_do_flush_list_batch`): from the oldest end, up to `n`
    /// pages that can be written now (dirty, no IO in flight) with oldest_modification
    /// below `lsn_limit`; stops at the first page at or past the limit.
    pub fn flush_list_batch(&self, n: u64, lsn_limit: u64, out: &mut Vec<PageNo>) {
        for &(lsn, page) in &self.flush_list {
            if out.len() as u64 >= n || lsn >= lsn_limit {
                break;
            }
            if self
                .frame_of(page)
                .is_some_and(|f| self.frames[f as usize].io_fix == IoFix::None)
            {
                out.push(page);
            }
        }
    }

    /// Sum of the flush list's oldest_modification values (average age of dirty pages).
    pub fn flush_list_sum_oldest(&self) -> u128 {
        self.flush_list.iter().map(|&(lsn, _)| lsn as u128).sum()
    }

    /// Dirty pages by age: `bins` counts, bin i holding pages with
    /// lsn − oldest_modification in [i·width, (i+1)·width), the last one everything older.
    pub fn flush_list_age_histogram(&self, lsn: u64, width: u64, bins: usize) -> Vec<u32> {
        let mut out = vec![0u32; bins];
        if bins == 0 {
            return out;
        }
        for &(o, _) in &self.flush_list {
            let b = (lsn.saturating_sub(o) / width.max(1)).min(bins as u64 - 1) as usize;
            out[b] += 1;
        }
        out
    }

    /// Dirty pages with a write in flight.
    pub fn flush_list_writing(&self) -> u64 {
        self.flush_list
            .iter()
            .filter(|&&(_, page)| {
                self.frame_of(page)
                    .is_some_and(|f| matches!(self.frames[f as usize].io_fix, IoFix::Write { .. }))
            })
            .count() as u64
    }
}
