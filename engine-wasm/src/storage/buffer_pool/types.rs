//! Small result types of the buffer pool: page-get outcomes, events and counters.

use super::IoFix;
use crate::storage::PageNo;

/// Outcome of a page get ([`super::BufferPool::access`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Resident and readable. `made_young`: the access moved the page to the LRU head.
    Hit {
        /// The page was moved to the LRU head by this access.
        made_young: bool,
    },
    /// Resident but its read is still in flight: wait for the read to complete.
    ReadInFlight,
    /// Not resident: the caller reads it with [`super::BufferPool::install_read`].
    Miss,
}

/// Why no frame could be taken (`buf_LRU_get_free_block` must wait).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoFreeBlock {
    /// No clean page near the tail: write this page (already I/O-fixed for a
    /// single-page flush), call `complete_write`, which frees its frame, then retry.
    MustFlush(PageNo),
    /// Every candidate is already being read or written: retry after any I/O completes.
    WaitForIo,
}

/// Something the caller must react to (e.g. drop the page's AHI entries on eviction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BpEvent {
    /// A page left the pool through the LRU tail (`buf_LRU_free_page`).
    Evicted {
        /// The page evicted.
        page: PageNo,
        /// It was written first (LRU batch or single-page flush), else it was clean.
        after_flush: bool,
    },
}

/// Counters, named as MySQL's status variables (`Innodb_buffer_pool_*`), plus gauges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BpCounters {
    /// Page gets, `Innodb_buffer_pool_read_requests` (`n_page_gets`).
    pub read_requests: u64,
    /// Pages read from disk, `Innodb_buffer_pool_reads` (= `Innodb_pages_read` here).
    pub reads: u64,
    /// Old pages moved to the LRU head, `Innodb_buffer_pool_pages_made_young`.
    pub pages_made_young: u64,
    /// Old-page accesses kept old by `old_blocks_time`, `..._pages_made_not_young`.
    pub pages_made_not_young: u64,
    /// Pages created without a read, `Innodb_pages_created`.
    pub pages_created: u64,
    /// Page writes completed, `Innodb_pages_written`.
    pub pages_written: u64,
    /// Free-block waits that needed a flush first, `Innodb_buffer_pool_wait_free`.
    pub wait_free: u64,
    /// Pages freed from the LRU tail (user threads, LRU batches, flush completions).
    pub evictions: u64,
    /// Dirty pages queued by LRU batches, `buffer_LRU_batch_flush_total_pages`.
    pub lru_batch_flush_total_pages: u64,
    /// Pool `freed_page_clock`: evictions so far, as the ¼-young rule sees them.
    pub freed_page_clock: u64,
    /// Pages on the LRU list, `Innodb_buffer_pool_pages_data`.
    pub lru_len: u32,
    /// Pages in the old sublist (`LRU_old_len`).
    pub old_len: u32,
    /// Frames on the free list, `Innodb_buffer_pool_pages_free`.
    pub free_len: u32,
    /// Pages on the flush list, `Innodb_buffer_pool_pages_dirty`.
    pub dirty_len: u32,
}

/// One LRU position, for views (head = most recently used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LruEntry {
    /// The page held.
    pub page: PageNo,
    /// Has unflushed changes (on the flush list).
    pub dirty: bool,
    /// In the old sublist.
    pub old: bool,
    /// I/O in flight.
    pub io_fix: IoFix,
}
