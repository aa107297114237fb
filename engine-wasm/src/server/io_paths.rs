//! Page IO: reads on a miss (one read per page, later threads wait on it), free
//! frames for new pages (a single-page flush when the LRU tail is all dirty), and
//! the page cleaner's 1 Hz LRU tail walk.

use super::engine::{Engine, Ev};
use super::session::Phase;
use crate::sim::cpu::Tid;
use crate::sim::io::IoKind;
use crate::sim::Nanos;
use crate::storage::buffer_pool::BpEvent;
use crate::storage::PageNo;
use crate::trace::TraceKind;

impl Engine {
    fn index_of(&self, page: PageNo) -> u16 {
        self.store
            .pages
            .get(page as usize)
            .map(|p| p.index)
            .unwrap_or(0)
    }

    /// Thread `tid` needs `page`: join a read in flight or start one.
    pub(super) fn request_read(&mut self, page: PageNo, tid: Tid) {
        if let Some(waiters) = self.reads.get_mut(&page) {
            waiters.push(tid);
            return;
        }
        self.reads.insert(page, vec![tid]);
        let done = self.data_dev.submit(self.now, IoKind::Read);
        self.queue.push(done, Ev::ReadDone(page));
    }

    /// A read completed: place the page in the pool (at the old sublist's head) and
    /// wake its waiters, after any flush its free frame needed.
    pub(super) fn on_read_done(&mut self, page: PageNo) {
        let ready = self.install_read(page);
        if self.tracing {
            let index = self.index_of(page);
            self.trace
                .push(self.now, TraceKind::PageRead { index, page });
        }
        let waiters = self.reads.remove(&page).unwrap_or_default();
        for tid in waiters {
            let s = &mut self.sessions[tid as usize];
            s.phase = Phase::Locate;
            if ready > self.now {
                self.queue.push(ready, Ev::Wake(tid));
            } else {
                self.on_wake(tid);
            }
        }
    }

    /// Installs a read page; returns when its frame was really free (after a
    /// single-page flush, if one was needed).
    pub(super) fn install_read(&mut self, page: PageNo) -> Nanos {
        let mut ready = self.now;
        loop {
            self.bpev.clear();
            let r = self.bp.install_read(page, self.now, &mut self.bpev);
            self.trace_bp_events();
            match r {
                Ok(()) => return ready,
                Err(dirty) => ready = ready.max(self.single_page_flush(dirty)),
            }
        }
    }

    /// Installs a page the tree just created (at the LRU head, `buf_page_create`).
    pub(super) fn install_created(&mut self, page: PageNo) -> Nanos {
        let mut ready = self.now;
        loop {
            self.bpev.clear();
            let r = self.bp.install_created(page, self.now, &mut self.bpev);
            self.trace_bp_events();
            match r {
                Ok(()) => return ready,
                Err(dirty) => ready = ready.max(self.single_page_flush(dirty)),
            }
        }
    }

    /// No clean page in the LRU tail: the user thread writes one dirty tail page
    /// itself (5.7 `buf_flush_single_page_from_LRU`) and waits for it. The frame is
    /// released at once and the write's completion time is returned as the wait.
    fn single_page_flush(&mut self, dirty: PageNo) -> Nanos {
        self.stats.single_page_flushes += 1;
        self.bp.begin_write(dirty);
        let done = self.data_dev.submit(self.now, IoKind::Write);
        self.bp.complete_write(dirty);
        if self.tracing {
            let index = self.index_of(dirty);
            self.trace
                .push(self.now, TraceKind::PageWrite { index, page: dirty });
        }
        done
    }

    /// The page cleaner's LRU pass (`buf_flush_LRU_list`, `innodb_lru_scan_depth`):
    /// clean tail pages go to the free list, dirty ones are written in the background.
    pub(super) fn page_cleaner(&mut self) {
        self.bpev.clear();
        let dirty = self.bp.lru_tail_walk(self.now, &mut self.bpev);
        self.trace_bp_events();
        for page in dirty {
            let done = self.data_dev.submit(self.now, IoKind::Write);
            self.queue.push(done, Ev::WriteDone(page));
        }
    }

    pub(super) fn on_write_done(&mut self, page: PageNo) {
        self.bp.complete_write(page);
        if self.tracing {
            let index = self.index_of(page);
            self.trace
                .push(self.now, TraceKind::PageWrite { index, page });
        }
    }

    fn trace_bp_events(&mut self) {
        if !self.tracing {
            return;
        }
        for k in 0..self.bpev.len() {
            if let BpEvent::Evicted { page, dirty_was } = self.bpev[k] {
                let index = self.index_of(page);
                self.trace.push(
                    self.now,
                    TraceKind::PageEvict {
                        index,
                        page,
                        dirty: dirty_was,
                    },
                );
            }
        }
    }
}
