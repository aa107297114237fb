//! Getting a free frame (user threads) and the page cleaner's LRU tail batch:
//! clean tail pages are evicted, dirty ones are handed out to be written.

use super::config::{BUF_LRU_MIN_LEN, BUF_LRU_SEARCH_SCAN_THRESHOLD};
use super::frame::NIL;
use super::{BpEvent, BufferPool, IoFix, NoFreeBlock};
use crate::storage::PageNo;

impl BufferPool {
    /// A frame for a page about to come in. Order: the free list; else evict the first
    /// clean, unfixed page among the last 100 of the LRU; else `wait_free++` and a
    /// single-page flush from the tail: evict a clean page if one is further up, or
    /// I/O-fix the first dirty one and ask the caller to write it.
    // models buf_LRU_get_free_block(), buf_LRU_free_from_common_LRU_list(scan_all = false),
    // buf_flush_single_page_from_LRU()
    pub(super) fn get_free_block(&mut self, ev: &mut Vec<BpEvent>) -> Result<u32, NoFreeBlock> {
        if let Some(f) = self.free.pop() {
            return Ok(f);
        }
        // With no replaceable frame among those the scan visits (`tail.rs` keeps the
        // count) it cannot succeed: skipping it changes nothing but time, and under a
        // write-heavy load it is the common case.
        let mut f = if self.tail_replaceable() > 0 {
            self.lru_tail
        } else {
            NIL
        };
        let mut scanned = 0;
        while f != NIL && scanned < BUF_LRU_SEARCH_SCAN_THRESHOLD {
            if self.frames[f as usize].ready_for_replace() {
                return Ok(self.evict_to_caller(f, ev));
            }
            f = self.prev[f as usize];
            scanned += 1;
        }
        self.counters.wait_free += 1;
        let mut f = self.lru_tail;
        while f != NIL {
            let fr = &self.frames[f as usize];
            if fr.ready_for_replace() {
                return Ok(self.evict_to_caller(f, ev));
            }
            if fr.ready_for_flush() {
                let page = fr.page;
                self.frames[f as usize].io_fix = IoFix::Write { evict: true };
                return Err(NoFreeBlock::MustFlush(page));
            }
            f = self.prev[f as usize];
        }
        Err(NoFreeBlock::WaitForIo)
    }

    /// Evicts `f` and hands its frame straight to the caller.
    fn evict_to_caller(&mut self, f: u32, ev: &mut Vec<BpEvent>) -> u32 {
        self.evict(f, false, ev);
        // evict() pushed `f` last; take it back
        self.free.pop().unwrap_or(f)
    }

    /// Removes a clean page from the LRU tail side to the free list; the pool's
    /// `freed_page_clock` advances. The caller drops the page's AHI entries on the event.
    // models buf_LRU_free_page() -> buf_LRU_block_remove_hashed()
    pub(super) fn evict(&mut self, f: u32, after_flush: bool, ev: &mut Vec<BpEvent>) {
        let page = self.frames[f as usize].page;
        self.lru_remove(f);
        self.freed_page_clock += 1;
        self.counters.evictions += 1;
        self.release_frame(f);
        ev.push(BpEvent::Evicted { page, after_flush });
    }

    /// The page cleaner's LRU batch: walks from the tail, evicting clean unfixed pages
    /// and I/O-fixing dirty ones (appended to `to_write`; each frees its frame when its
    /// `complete_write` comes). Stops after `lru_scan_depth` evictions + writes, or once
    /// the free list holds `lru_scan_depth` frames, or the LRU is down to 256 pages.
    // models buf_flush_LRU_list_batch() (no neighbour flushing)
    pub fn lru_tail_walk(&mut self, ev: &mut Vec<BpEvent>, to_write: &mut Vec<PageNo>) {
        let max = self.cfg.lru_scan_depth;
        let mut count = 0u32;
        let mut f = self.lru_tail;
        while f != NIL
            && count < max
            && (self.free.len() as u64) < max as u64
            && self.lru_len > BUF_LRU_MIN_LEN
        {
            let prev = self.prev[f as usize];
            let fr = &self.frames[f as usize];
            if fr.ready_for_replace() {
                self.evict(f, false, ev);
                count += 1;
            } else if fr.ready_for_flush() {
                to_write.push(fr.page);
                self.frames[f as usize].io_fix = IoFix::Write { evict: true };
                self.counters.lru_batch_flush_total_pages += 1;
                count += 1;
            }
            f = prev;
        }
    }
}
