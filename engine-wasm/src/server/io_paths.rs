//! Page IO: reads on a miss (the frame is taken first, one read per page, later
//! threads wait on it), free frames for new pages (a single-page flush when the LRU
//! tail is all dirty), and the page cleaner's 1 Hz LRU tail walk.

use super::engine::{Engine, Ev};
use super::session::Phase;
use crate::sim::cpu::Tid;
use crate::sim::io::IoKind;
use crate::sim::{Nanos, US};
use crate::storage::buffer_pool::{BpEvent, NoFreeBlock};
use crate::storage::PageNo;
use crate::trace::TraceKind;

/// How long a thread backs off when every candidate frame has IO in flight.
const FREE_BLOCK_RETRY_NS: Nanos = 50 * US;

impl Engine {
    fn index_of(&self, page: PageNo) -> u16 {
        self.store.index_of(page).unwrap_or(0)
    }

    /// Thread `tid` needs `page`: join a read in flight, or take a frame and start
    /// one (`buf_read_page` → `buf_page_init_for_read`). If no frame is free the
    /// thread first flushes a dirty tail page itself and retries after that write.
    pub(super) fn request_read(&mut self, page: PageNo, tid: Tid) {
        self.sessions[tid as usize].phase = Phase::Locate;
        if let Some(waiters) = self.reads.get_mut(page) {
            waiters.push(tid);
            return;
        }
        self.bpev.clear();
        let r = self.bp.install_read(page, &mut self.bpev);
        self.trace_bp_events();
        match r {
            Ok(()) => {
                let mut waiters = self.spare_waiters.pop().unwrap_or_default();
                waiters.push(tid);
                self.reads.insert(page, waiters);
                let done = self.data_dev.submit(self.now, IoKind::Read);
                self.queue.push(done, Ev::ReadDone(page));
            }
            Err(NoFreeBlock::MustFlush(dirty)) => {
                let done = self.single_page_flush(dirty);
                // The flush frees the frame first, then the thread wakes and
                // descends again.
                self.queue.push(done, Ev::FlushDone(dirty, tid));
            }
            Err(NoFreeBlock::WaitForIo) => {
                // Every candidate frame is fixed or has IO in flight: give back this
                // thread's fixes (others may be waiting for them) and retry later.
                self.unfix_all(tid);
                self.queue
                    .push(self.now + FREE_BLOCK_RETRY_NS, Ev::Wake(tid));
            }
        }
    }

    /// A read completed: the page is usable; its waiters descend again.
    #[inline(never)]
    pub(super) fn on_read_done(&mut self, page: PageNo) {
        self.bp.complete_read(page, self.now);
        if self.tracing {
            let index = self.index_of(page);
            self.trace
                .push(self.now, TraceKind::PageRead { index, page });
        }
        let mut waiters = self.reads.remove(page).unwrap_or_default();
        for &tid in &waiters {
            // Fixed for each waiter at once, as the reading thread of buf_page_get_gen
            // holds the block: it cannot be evicted before they use it.
            self.bp.fix(page);
            self.sessions[tid as usize].fixed.push(page);
            self.on_wake(tid);
        }
        waiters.clear();
        self.spare_waiters.push(waiters);
    }

    /// Installs a page the tree just created (LRU head, `buf_page_create`). The tree
    /// already holds the page, so a needed flush is done at once and its write time
    /// is returned: the creating thread waits for it before it commits.
    pub(super) fn install_created(&mut self, page: PageNo) -> Nanos {
        let mut ready = self.now;
        for _ in 0..8 {
            self.bpev.clear();
            let r = self.bp.install_created(page, self.now, &mut self.bpev);
            self.trace_bp_events();
            match r {
                Ok(()) => break,
                Err(NoFreeBlock::MustFlush(dirty)) => {
                    ready = ready.max(self.single_page_flush(dirty));
                    self.on_write_done(dirty);
                }
                // Every candidate is being written: the page stays out of the pool
                // and will be read back when next needed.
                Err(NoFreeBlock::WaitForIo) => break,
            }
        }
        ready
    }

    /// Brings a page into the pool with no time passing (prepare phase only).
    pub(super) fn load_page_untimed(&mut self, page: PageNo) {
        for _ in 0..8 {
            self.bpev.clear();
            match self.bp.install_read(page, &mut self.bpev) {
                Ok(()) => {
                    self.bp.complete_read(page, self.now);
                    return;
                }
                Err(NoFreeBlock::MustFlush(dirty)) => {
                    self.stats.single_page_flushes += 1;
                    self.on_write_done(dirty);
                }
                Err(NoFreeBlock::WaitForIo) => return,
            }
        }
    }

    /// The tail page the pool asked for is written by the user thread itself
    /// (5.7 `buf_flush_single_page_from_LRU`); returns the write's completion time.
    fn single_page_flush(&mut self, _dirty: PageNo) -> Nanos {
        self.stats.single_page_flushes += 1;
        if self.tracing {
            self.data_dev.submit(self.now, IoKind::Write)
        } else {
            // The untimed prepare phase: no device time passes.
            self.now
        }
    }

    /// The page cleaner's LRU pass (`buf_flush_LRU_list`, `innodb_lru_scan_depth`):
    /// clean tail pages go to the free list, dirty ones are written in the background.
    pub(super) fn page_cleaner_lru(&mut self) {
        self.bpev.clear();
        let mut to_write = Vec::new();
        self.bp.lru_tail_walk(&mut self.bpev, &mut to_write);
        self.trace_bp_events();
        for page in to_write {
            let done = self.data_dev.submit(self.now, IoKind::Write);
            self.queue.push(done, Ev::WriteDone(page));
        }
    }

    /// A write completed: the page is clean (and its frame freed if it was being
    /// flushed for eviction).
    pub(super) fn on_write_done(&mut self, page: PageNo) {
        self.bpev.clear();
        self.bp.complete_write(page, &mut self.bpev);
        self.trace_bp_events();
        if self.tracing {
            let index = self.index_of(page);
            self.trace
                .push(self.now, TraceKind::PageWrite { index, page });
        }
    }

    /// A background LRU write completed (not part of a flush-list batch).
    #[inline(never)]
    pub(super) fn on_lru_write_done(&mut self, page: PageNo) {
        self.on_write_done(page);
        self.check_flush_waiters();
    }

    /// Reacts to buffer pool events: every evicted page loses its hash entries
    /// (`buf_LRU_free_page` → `btr_search_drop_page_hash_index`), then the trace.
    fn trace_bp_events(&mut self) {
        for k in 0..self.bpev.len() {
            let BpEvent::Evicted { page, after_flush } = self.bpev[k];
            self.ahi.drop_page(page, &self.store);
            if self.tracing {
                let index = self.index_of(page);
                let dirty = after_flush;
                self.trace
                    .push(self.now, TraceKind::PageEvict { index, page, dirty });
            }
        }
    }
}
