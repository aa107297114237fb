//! Dirty pages: the flush list ordered by `oldest_modification`, and page writes
//! (`buf_flush_insert_into_flush_list`, `buf_flush_write_complete`).

use super::frame::Frame;
use super::{BpEvent, BufferPool, IoFix};
use crate::storage::PageNo;
use std::collections::VecDeque;

/// One flush-list entry: the page, its frame, and the `oldest_modification` it was
/// listed with. It is live while that frame still holds the page with that value.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lsn: u64,
    page: PageNo,
    frame: u32,
}

impl Entry {
    #[inline]
    fn key(&self) -> (u64, PageNo) {
        (self.lsn, self.page)
    }
    #[inline]
    fn live(&self, frames: &[Frame]) -> bool {
        let fr = &frames[self.frame as usize];
        fr.page == self.page && fr.oldest_modification == self.lsn
    }
}

/// The dirty pages ordered by `(oldest_modification, page)`. InnoDB keeps an intrusive
/// list to which `buf_flush_insert_into_flush_list` adds at the young end: pages are
/// dirtied at the current LSN, which only grows, so nearly every insert is an append
/// here too. A page leaving the list (written or freed) is dropped lazily: its entry
/// goes stale when the frame's `oldest_modification` changes, stale entries are popped
/// from the old end, and the rest are swept out once they outnumber the live ones.
/// Keys are unique (a page listed again with the key of a stale entry revives it),
/// and the oldest entry is always live.
#[derive(Clone, Debug, Default)]
pub(super) struct FlushList {
    entries: VecDeque<Entry>,
    live: usize,
}

impl FlushList {
    /// Dirty pages listed.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.live
    }

    /// Lists `page` (in `frame`, whose `oldest_modification` is now `lsn`).
    fn insert(&mut self, lsn: u64, page: PageNo, frame: u32) {
        let e = Entry { lsn, page, frame };
        self.live += 1;
        if self.entries.back().is_none_or(|b| b.key() < e.key()) {
            self.entries.push_back(e);
            return;
        }
        let at = self.entries.partition_point(|x| x.key() < e.key());
        match self.entries.get_mut(at) {
            Some(x) if x.key() == e.key() => x.frame = frame,
            _ => self.entries.insert(at, e),
        }
    }

    /// A listed page left the list (its frame's `oldest_modification` already changed).
    pub(super) fn removed(&mut self, frames: &[Frame]) {
        self.live -= 1;
        while self.entries.front().is_some_and(|e| !e.live(frames)) {
            self.entries.pop_front();
        }
        if self.entries.len() > 2 * self.live + 64 {
            self.entries.retain(|e| e.live(frames));
        }
    }

    /// Live entries, oldest first, as `(oldest_modification, page, frame)`.
    fn iter<'a>(&'a self, frames: &'a [Frame]) -> impl Iterator<Item = (u64, PageNo, u32)> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.live(frames))
            .map(|e| (e.lsn, e.page, e.frame))
    }

    /// The listed `(oldest_modification, page)` pairs, oldest first (for checks).
    pub(super) fn keys(&self, frames: &[Frame]) -> Vec<(u64, PageNo)> {
        self.iter(frames).map(|(l, p, _)| (l, p)).collect()
    }
}

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
        let was = self.frames[f as usize].ready_for_replace();
        let fr = &mut self.frames[f as usize];
        fr.newest_modification = fr.newest_modification.max(lsn);
        if matches!(fr.io_fix, IoFix::Write { .. }) {
            if fr.redirty_lsn == 0 {
                fr.redirty_lsn = lsn;
            }
        } else if fr.oldest_modification == 0 {
            fr.oldest_modification = lsn;
            self.flush_list.insert(lsn, page, f);
        }
        self.retally(f, was);
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
        let was = self.frames[f as usize].ready_for_replace();
        let fr = &mut self.frames[f as usize];
        fr.oldest_modification = 0;
        fr.io_fix = IoFix::None;
        let redirty = std::mem::take(&mut fr.redirty_lsn);
        self.flush_list.removed(&self.frames);
        if redirty != 0 {
            self.frames[f as usize].oldest_modification = redirty;
            self.flush_list.insert(redirty, page, f);
        }
        self.retally(f, was);
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
        self.flush_list.entries.front().map(|e| e.lsn)
    }

    /// Appends up to `n` dirty pages with no I/O in flight, oldest change first.
    pub fn flush_list_oldest(&self, n: usize, out: &mut Vec<PageNo>) {
        let ready = (self.flush_list.iter(&self.frames))
            .filter(|&(_, _, f)| self.frames[f as usize].io_fix == IoFix::None);
        out.extend(ready.take(n).map(|(_, page, _)| page));
    }

    /// Dirty pages whose `oldest_modification` is ≤ `lsn` (5.7 `pages_for_lsn` input).
    pub fn flush_list_count_up_to(&self, lsn: u64) -> usize {
        (self.flush_list.iter(&self.frames))
            .take_while(|&(o, _, _)| o <= lsn)
            .count()
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
        for (lsn, page, f) in self.flush_list.iter(&self.frames) {
            if out.len() as u64 >= n || lsn >= lsn_limit {
                break;
            }
            if self.frames[f as usize].io_fix == IoFix::None {
                out.push(page);
            }
        }
    }

    /// Sum of the flush list's oldest_modification values (average age of dirty pages).
    pub fn flush_list_sum_oldest(&self) -> u128 {
        (self.flush_list.iter(&self.frames))
            .map(|(lsn, _, _)| lsn as u128)
            .sum()
    }

    /// Dirty pages by age: `bins` counts, bin i holding pages with
    /// lsn − oldest_modification in [i·width, (i+1)·width), the last one everything older.
    pub fn flush_list_age_histogram(&self, lsn: u64, width: u64, bins: usize) -> Vec<u32> {
        let mut out = vec![0u32; bins];
        if bins == 0 {
            return out;
        }
        for (o, _, _) in self.flush_list.iter(&self.frames) {
            let b = (lsn.saturating_sub(o) / width.max(1)).min(bins as u64 - 1) as usize;
            out[b] += 1;
        }
        out
    }

    /// Dirty pages with a write in flight.
    pub fn flush_list_writing(&self) -> u64 {
        (self.flush_list.iter(&self.frames))
            .filter(|&(_, _, f)| matches!(self.frames[f as usize].io_fix, IoFix::Write { .. }))
            .count() as u64
    }
}
