//! The buffer pool handle: page table, frames, free list, and the page-get entry points
//! (`buf_page_get_gen`, `buf_page_init_for_read`, `buf_page_create`).

use super::config::{old_ratio_from_pct, BufferPoolConfig};
use super::flush_list::FlushList;
use super::frame::{Frame, NIL};
use super::{Access, BpCounters, BpEvent, IoFix, LruEntry, NoFreeBlock};
use crate::sim::Nanos;
use crate::storage::{PageNo, FIL_NULL};

/// One buffer pool instance (InnoDB's `buf_pool_t`). Deterministic; cloned for snapshots.
#[derive(Clone, Debug)]
pub struct BufferPool {
    pub(super) cfg: BufferPoolConfig,
    /// `LRU_old_ratio`, out of 1024.
    pub(super) old_ratio: u32,
    /// Control blocks, indexed by frame number.
    pub(super) frames: Vec<Frame>,
    /// Each frame's neighbour towards the LRU head (more recently used), or `NIL`:
    /// apart from the control blocks so a walk up from the tail follows a compact
    /// array while the blocks it checks load in parallel.
    pub(super) prev: Vec<u32>,
    /// Frame holding each page, indexed by `PageNo`; `NIL` = not resident.
    pub(super) page_table: Vec<u32>,
    /// Free frames; the last one is taken first (InnoDB adds and takes at the head).
    pub(super) free: Vec<u32>,
    pub(super) lru_head: u32,
    pub(super) lru_tail: u32,
    pub(super) lru_len: u32,
    /// First (head-most) page of the old sublist, `NIL` while the LRU is < 512 long.
    pub(super) lru_old: u32,
    pub(super) lru_old_len: u32,
    /// While `lru_old` is `NIL`: first of the tail frames still flagged old from the
    /// last old sublist (flags read as false until the LRU reaches 512 again).
    pub(super) stale_top: u32,
    pub(super) stale_len: u32,
    /// Pages evicted so far (`buf_pool->freed_page_clock`).
    pub(super) freed_page_clock: u64,
    /// Dirty pages ordered by `(oldest_modification, page)`.
    pub(super) flush_list: FlushList,
    /// Frames among the last `BUF_LRU_SEARCH_SCAN_THRESHOLD` of the LRU (`tail.rs`).
    pub(super) in_tail: Vec<bool>,
    /// The window's frame nearest the LRU head (`NIL` when the LRU is empty).
    pub(super) tail_top: u32,
    pub(super) tail_len: u32,
    /// Replaceable frames in the window.
    pub(super) tail_replaceable: u32,
    pub(super) counters: BpCounters,
}

impl BufferPool {
    /// An empty pool: every frame on the free list.
    pub fn new(cfg: BufferPoolConfig) -> Self {
        BufferPool {
            cfg,
            old_ratio: old_ratio_from_pct(cfg.old_blocks_pct),
            frames: vec![Frame::FREE; cfg.n_frames as usize],
            prev: vec![NIL; cfg.n_frames as usize],
            page_table: Vec::new(),
            free: (0..cfg.n_frames).rev().collect(),
            lru_head: NIL,
            lru_tail: NIL,
            lru_len: 0,
            lru_old: NIL,
            lru_old_len: 0,
            stale_top: NIL,
            stale_len: 0,
            freed_page_clock: 0,
            flush_list: FlushList::default(),
            in_tail: vec![false; cfg.n_frames as usize],
            tail_top: NIL,
            tail_len: 0,
            tail_replaceable: 0,
            counters: BpCounters::default(),
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> &BufferPoolConfig {
        &self.cfg
    }

    #[inline]
    pub(super) fn frame_of(&self, page: PageNo) -> Option<u32> {
        match self.page_table.get(page as usize) {
            Some(&f) if f != NIL => Some(f),
            _ => None,
        }
    }

    /// Is the page in the pool (possibly with its read still in flight)?
    pub fn is_resident(&self, page: PageNo) -> bool {
        self.frame_of(page).is_some()
    }

    /// Is the page being read right now (another thread must wait, not read it again)?
    pub fn read_in_flight(&self, page: PageNo) -> bool {
        self.frame_of(page)
            .is_some_and(|f| self.frames[f as usize].io_fix == IoFix::Read)
    }

    /// Is the page in the pool with its read complete (usable now)? One page-table
    /// lookup for `is_resident(page) && !read_in_flight(page)`.
    #[inline]
    pub fn is_ready(&self, page: PageNo) -> bool {
        self.frame_of(page)
            .is_some_and(|f| self.frames[f as usize].io_fix != IoFix::Read)
    }

    /// Buffer-fixes the page if it [`BufferPool::is_ready`]; false (and nothing
    /// changed) when it is absent or still being read. One page-table lookup, inlined
    /// into the descent that calls it per level.
    #[inline]
    pub fn fix_if_ready(&mut self, page: PageNo) -> bool {
        match self.frame_of(page) {
            Some(f) if self.frames[f as usize].io_fix != IoFix::Read => {
                self.fix_frame(f);
                true
            }
            _ => false,
        }
    }

    /// A page get: `read_requests++`; on a hit, the make-young rules run.
    /// O(1) and allocation-free.
    // models buf_page_get_gen(): n_page_gets++, buf_page_make_young_if_needed(),
    // buf_page_set_accessed()
    #[inline]
    pub fn access(&mut self, page: PageNo, now: Nanos) -> Access {
        self.counters.read_requests += 1;
        let Some(f) = self.frame_of(page) else {
            return Access::Miss;
        };
        let made_young = self.touch(f, now);
        if self.frames[f as usize].io_fix == IoFix::Read {
            Access::ReadInFlight
        } else {
            Access::Hit { made_young }
        }
    }

    /// Starts reading `page` after a miss: takes a frame, puts the page at the head of
    /// the old sublist (LRU head while the LRU is < 512), I/O-fixed for reading;
    /// `reads++`. No-op if already resident. On `Err`, nothing changed except the
    /// flush it asks for; retry afterwards.
    // models buf_page_init_for_read(): buf_LRU_get_free_block(), buf_LRU_add_block(.., TRUE)
    pub fn install_read(&mut self, page: PageNo, ev: &mut Vec<BpEvent>) -> Result<(), NoFreeBlock> {
        if page == FIL_NULL || self.is_resident(page) {
            return Ok(());
        }
        let f = self.get_free_block(ev)?;
        self.take_frame(f, page);
        self.frames[f as usize].io_fix = IoFix::Read;
        self.lru_add(f, true);
        self.counters.reads += 1;
        Ok(())
    }

    /// The read of `page` finished: clears its I/O fix, then performs the reading
    /// thread's own access (first `access_time`; make-young rules). Does not count
    /// another read request. Returns false if no read was in flight.
    // models buf_page_io_complete() then the retry loop of buf_page_get_gen()
    pub fn complete_read(&mut self, page: PageNo, now: Nanos) -> bool {
        let Some(f) = self.frame_of(page) else {
            return false;
        };
        if self.frames[f as usize].io_fix != IoFix::Read {
            return false;
        }
        let was = self.frames[f as usize].ready_for_replace();
        self.frames[f as usize].io_fix = IoFix::None;
        self.retally(f, was);
        self.touch(f, now);
        true
    }

    /// A new page (e.g. a split's new page): at the LRU head, accessed now,
    /// `pages_created++`. If already resident, this is a plain page get instead.
    // models buf_page_create(): buf_LRU_add_block(.., FALSE), buf_page_set_accessed()
    pub fn install_created(
        &mut self,
        page: PageNo,
        now: Nanos,
        ev: &mut Vec<BpEvent>,
    ) -> Result<(), NoFreeBlock> {
        if page == FIL_NULL {
            return Ok(());
        }
        if self.is_resident(page) {
            // buf_page_create() falls back to buf_page_get_with_no_latch()
            self.access(page, now);
            return Ok(());
        }
        let f = self.get_free_block(ev)?;
        self.take_frame(f, page);
        self.lru_add(f, false);
        self.frames[f as usize].access_time = now;
        self.counters.pages_created += 1;
        Ok(())
    }

    /// The tree freed `page`: its frame goes straight to the free list (not an
    /// eviction: `freed_page_clock` does not move) and it leaves the flush list.
    /// Returns false, changing nothing, while I/O is in flight on it.
    // simplification: 5.7 leaves freed pages on the LRU until evicted
    pub fn remove(&mut self, page: PageNo) -> bool {
        let Some(f) = self.frame_of(page) else {
            return true;
        };
        let fr = &self.frames[f as usize];
        if fr.io_fix != IoFix::None {
            return false;
        }
        let dirty = fr.is_dirty();
        self.lru_remove(f);
        self.release_frame(f);
        if dirty {
            self.flush_list.removed(&self.frames);
        }
        true
    }

    /// Pins the page (`buf_fix_count++`): a fixed page is never evicted.
    pub fn fix(&mut self, page: PageNo) -> bool {
        let Some(f) = self.frame_of(page) else {
            return false;
        };
        self.fix_frame(f);
        true
    }

    /// `buf_fix_count++` on frame `f` (resident).
    #[inline]
    fn fix_frame(&mut self, f: u32) {
        let was = self.frames[f as usize].ready_for_replace();
        self.frames[f as usize].fix_count += 1;
        self.retally(f, was);
    }

    /// Buffer fixes held on the page (0 when absent).
    pub fn fix_count(&self, page: PageNo) -> u32 {
        self.frame_of(page)
            .map_or(0, |f| self.frames[f as usize].fix_count)
    }

    /// Releases one [`BufferPool::fix`].
    pub fn unfix(&mut self, page: PageNo) {
        if let Some(f) = self.frame_of(page) {
            let fr = &mut self.frames[f as usize];
            let was = fr.ready_for_replace();
            fr.fix_count = fr.fix_count.saturating_sub(1);
            self.retally(f, was);
        }
    }

    /// Changes `innodb_old_blocks_pct` at run time (clamped to 5..=95).
    // models buf_LRU_old_ratio_update_instance(.., adjust = TRUE)
    pub fn set_old_blocks_pct(&mut self, pct: u32) {
        self.cfg.old_blocks_pct = pct;
        let ratio = old_ratio_from_pct(pct);
        if ratio != self.old_ratio {
            self.old_ratio = ratio;
            if self.lru_old != NIL {
                self.old_adjust_len();
            }
        }
    }

    /// Changes `innodb_old_blocks_time` at run time.
    pub fn set_old_blocks_time(&mut self, ns: Nanos) {
        self.cfg.old_blocks_time_ns = ns;
    }

    /// Changes `innodb_lru_scan_depth` at run time.
    pub fn set_lru_scan_depth(&mut self, depth: u32) {
        self.cfg.lru_scan_depth = depth;
    }

    /// Counters and current list lengths.
    pub fn counters(&self) -> BpCounters {
        BpCounters {
            freed_page_clock: self.freed_page_clock,
            lru_len: self.lru_len,
            old_len: self.lru_old_len,
            free_len: self.free.len() as u32,
            dirty_len: self.flush_list.len() as u32,
            ..self.counters
        }
    }

    /// Appends the LRU list, head (most recent) to tail, to `out` (cleared first).
    pub fn frames_lru_order(&self, out: &mut Vec<LruEntry>) {
        out.clear();
        let mut f = self.lru_head;
        while f != NIL {
            let fr = &self.frames[f as usize];
            out.push(LruEntry {
                page: fr.page,
                dirty: fr.is_dirty(),
                old: self.is_old(f),
                io_fix: fr.io_fix,
            });
            f = fr.next;
        }
    }

    /// Binds free frame `f` to `page` (`buf_page_init`).
    fn take_frame(&mut self, f: u32, page: PageNo) {
        self.frames[f as usize] = Frame::fresh(page);
        let i = page as usize;
        if i >= self.page_table.len() {
            self.page_table.resize(i + 1, NIL);
        }
        self.page_table[i] = f;
    }

    /// Unbinds frame `f` (already off the LRU) and puts it on the free list.
    // models buf_LRU_block_free_non_file_page()
    pub(super) fn release_frame(&mut self, f: u32) {
        let page = self.frames[f as usize].page;
        if let Some(slot) = self.page_table.get_mut(page as usize) {
            *slot = NIL;
        }
        self.frames[f as usize] = Frame::FREE;
        self.free.push(f);
    }
}
