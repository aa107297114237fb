//! One frame's control block (InnoDB's `buf_page_t`), kept in a flat vector indexed by
//! frame number; LRU links are frame numbers, so list moves are O(1) and allocation-free.

use crate::sim::Nanos;
use crate::storage::{PageNo, FIL_NULL};

/// "No frame": end of a list, or a page-table slot for a page that is not resident.
pub(super) const NIL: u32 = u32::MAX;
/// `access_time` of a page never accessed since it was read (InnoDB stores 0).
pub(super) const NEVER: Nanos = Nanos::MAX;

/// I/O in flight on a frame (InnoDB's `buf_io_fix`). An I/O-fixed frame is never evicted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IoFix {
    /// No I/O in flight (`BUF_IO_NONE`).
    #[default]
    None,
    /// The page is being read from disk (`BUF_IO_READ`).
    Read,
    /// The page is being written (`BUF_IO_WRITE`). `evict` is true for LRU and
    /// single-page flushes, whose completion puts the frame on the free list.
    Write {
        /// Free the frame once the write completes (`BUF_FLUSH_LRU`, `BUF_FLUSH_SINGLE_PAGE`).
        evict: bool,
    },
}

/// Per-frame state. A free frame has `page == FIL_NULL` and is on no list but the free list.
#[derive(Clone, Debug)]
pub(super) struct Frame {
    pub page: PageNo,
    /// Neighbour towards the LRU tail, or `NIL`.
    pub next: u32,
    /// In the old sublist (`buf_page_t::old`).
    pub old: bool,
    pub io_fix: IoFix,
    /// Threads holding the page (`buf_fix_count`); a fixed page is never evicted.
    pub fix_count: u32,
    /// Time of the *first* access since the page came in (`access_time`), or `NEVER`.
    pub access_time: Nanos,
    /// Pool `freed_page_clock` when the page was last put at the LRU head.
    pub freed_page_clock: u64,
    /// LSN of the first unflushed change; 0 = clean (`oldest_modification`).
    pub oldest_modification: u64,
    /// LSN of the latest change (`newest_modification`).
    pub newest_modification: u64,
    /// First change made while a write was in flight; it keeps the page dirty after it.
    pub redirty_lsn: u64,
}

impl Frame {
    /// A frame on the free list.
    pub const FREE: Frame = Frame {
        page: FIL_NULL,
        next: NIL,
        old: false,
        io_fix: IoFix::None,
        fix_count: 0,
        access_time: NEVER,
        freed_page_clock: 0,
        oldest_modification: 0,
        newest_modification: 0,
        redirty_lsn: 0,
    };

    /// A frame just taken for `page`.
    // models buf_page_init_low(): freed_page_clock, access_time and LSNs start at 0
    pub fn fresh(page: PageNo) -> Frame {
        Frame {
            page,
            ..Frame::FREE
        }
    }

    pub fn is_dirty(&self) -> bool {
        self.oldest_modification != 0
    }

    /// Clean, unfixed, no I/O: may be evicted.
    // models buf_flush_ready_for_replace()
    pub fn ready_for_replace(&self) -> bool {
        self.oldest_modification == 0 && self.fix_count == 0 && self.io_fix == IoFix::None
    }

    /// Dirty and no I/O in flight: may be written.
    // models buf_flush_ready_for_flush()
    pub fn ready_for_flush(&self) -> bool {
        self.oldest_modification != 0 && self.io_fix == IoFix::None
    }
}
