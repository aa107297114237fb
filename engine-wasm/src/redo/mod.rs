//! Redo log, checkpoint age and flushing. Every modification appends redo records
//! (sizes in [`records`]) to a log of 512-byte blocks ([`log_block`]); a dirty page
//! keeps the LSN of its first change (`oldest_modification`, the buffer pool's flush
//! list is ordered by it); a checkpoint moves to the oldest modification still dirty
//! (or the current LSN when nothing is); the checkpoint age drives flushing through
//! the thresholds of [`limits`] and the per-version algorithms of [`adaptive`].
//! The engine side (who flushes when, user threads waiting) is `server/flush.rs`.

pub mod adaptive;
pub mod limits;
pub mod log_block;
pub mod records;

pub use adaptive::{FlushKnobs, Recommendation};
pub use innodb_lab_scenario::policy::{self, FlushPolicy, POLICIES};
pub use limits::Limits;

use crate::sim::cpu::Tid;
use crate::sim::Nanos;
use serde::Serialize;

/// The log: LSN head, last checkpoint, limits.
#[derive(Clone, Debug)]
pub struct RedoLog {
    /// Current LSN (`log_sys->lsn`), never decreasing.
    pub lsn: u64,
    /// `last_checkpoint_lsn`, never decreasing, never past the oldest dirty page.
    pub last_checkpoint_lsn: u64,
    /// Thresholds of this log size and version.
    pub limits: Limits,
    /// Record bytes appended (without block headers and trailers).
    pub record_bytes: u64,
    /// Mini-transactions committed.
    pub mtrs: u64,
    /// Checkpoints written.
    pub checkpoints: u64,
}

impl RedoLog {
    /// A new, empty log (checkpoint at the start LSN).
    pub fn new(limits: Limits) -> RedoLog {
        RedoLog {
            lsn: log_block::LOG_START_LSN,
            last_checkpoint_lsn: log_block::LOG_START_LSN,
            limits,
            record_bytes: 0,
            mtrs: 0,
            checkpoints: 0,
        }
    }

    /// Commits a mini-transaction of `bytes` record bytes: returns its start LSN (the
    /// `oldest_modification` its pages get) and moves the head past it.
    pub fn append(&mut self, bytes: u64) -> u64 {
        let start = self.lsn;
        self.lsn = log_block::lsn_advance(self.lsn, bytes);
        self.record_bytes += bytes;
        self.mtrs += 1;
        start
    }

    /// `log_checkpoint`: moves the checkpoint to the oldest modification still dirty,
    /// or to the current LSN when nothing is. Returns true when it moved.
    pub fn checkpoint(&mut self, oldest: Option<u64>) -> bool {
        let to = oldest.unwrap_or(self.lsn).min(self.lsn);
        if to > self.last_checkpoint_lsn {
            self.last_checkpoint_lsn = to;
            self.checkpoints += 1;
            true
        } else {
            false
        }
    }

    /// lsn − last checkpoint.
    pub fn checkpoint_age(&self) -> u64 {
        self.lsn - self.last_checkpoint_lsn
    }

    /// lsn − oldest modification (0 when nothing is dirty).
    pub fn modified_age(&self, oldest: Option<u64>) -> u64 {
        oldest.map_or(0, |o| self.lsn.saturating_sub(o))
    }
}

/// Flushing counters, named as `information_schema.INNODB_METRICS` names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FlushCounters {
    /// Pages flushed by adaptive flushing (page cleaner recommendation).
    pub buffer_flush_adaptive_total_pages: u64,
    /// Last recommendation (pages).
    pub buffer_flush_n_to_flush_requested: u64,
    /// Last pages-for-LSN estimate (5.7+).
    pub buffer_flush_n_to_flush_by_age: u64,
    /// Average pages flushed per second seen by adaptive flushing.
    pub buffer_flush_avg_page_rate: u64,
    /// Average LSN bytes per second seen by adaptive flushing.
    pub buffer_flush_lsn_avg_rate: u64,
    /// Last pct for dirty.
    pub buffer_flush_pct_for_dirty: u64,
    /// Last pct for lsn.
    pub buffer_flush_pct_for_lsn: u64,
    /// Pages flushed because the age passed the sync point (furious flushing).
    pub buffer_flush_sync_total_pages: u64,
    /// User threads that waited for sync flushing.
    pub buffer_flush_sync_waits: u64,
    /// Pages flushed by user threads' asynchronous preflush (5.5, past async).
    pub buffer_flush_async_total_pages: u64,
    /// Pages flushed while idle, or by the 5.5 master thread's 10-second loop.
    pub buffer_flush_background_total_pages: u64,
    /// Pages flushed by the 5.5 master thread's one-second loop (and Percona's methods).
    pub buffer_flush_master_total_pages: u64,
    /// Every page written from the flush list (`Innodb_buffer_pool_pages_flushed` less LRU).
    pub flush_list_total_pages: u64,
    /// Flush-list batches started.
    pub flush_batches: u64,
}

/// Why a batch runs (trace `FlushBatch.reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BatchKind {
    /// Page cleaner recommendation.
    Adaptive,
    /// Past the sync point: every page below a target, as fast as the device allows.
    Sync,
    /// A user thread's preflush past the async point (5.5).
    Async,
    /// Idle flushing / 5.5 10-second loop.
    Background,
    /// 5.5 master one-second loop, Percona methods.
    Master,
}

/// The flush-list batch in progress (one at a time, `buf_flush_start`).
#[derive(Clone, Copy, Debug)]
pub struct Batch {
    /// Why.
    pub kind: BatchKind,
    /// Writes not complete yet.
    pub outstanding: u64,
    /// Pages submitted.
    pub pages: u64,
    /// Started by the page cleaner / master thread (else by a user thread).
    pub by_cleaner: bool,
    /// When it started.
    pub started: Nanos,
    /// 5.5: the batch runs in the thread that asked for it, through the doublewrite
    /// buffer ([`Dblwr55`]); None = every write submitted at once (5.6 on).
    pub dblwr: Option<Dblwr55>,
}

/// Pages of one doublewrite block (`TRX_SYS_DOUBLEWRITE_BLOCK_SIZE`); the buffer
/// holds two.
pub const DBLWR_BLOCK_PAGES: u64 = 64;

/// A 5.5 flush-list batch (`buf_flush_batch`) run by its caller: pages are posted to
/// the doublewrite buffer (`buf_flush_post_to_doublewrite_buf`); each time it holds
/// 2 × 64 pages, and at the batch's end, `buf_flush_buffered_writes` writes block 1
/// then block 2 synchronously and sequentially, fsyncs the system tablespace, posts
/// the data pages' writes, waits until no write is pending
/// (`os_aio_wait_until_no_pending_writes`) and fsyncs the data files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dblwr55 {
    /// The thread running it: a user thread in `log_preflush_pool_modified_pages`,
    /// or None = the master thread.
    pub executor: Option<Tid>,
    /// Pages the batch may still post (`min_n`).
    pub remaining: u64,
    /// Only pages whose oldest_modification is below this (`lsn_limit`).
    pub limit: u64,
    /// Pages in the doublewrite buffer now.
    pub chunk: u64,
    /// Where `buf_flush_buffered_writes` is for them.
    pub stage: DblwrStage,
    /// The master thread's 10-second loop: `log_checkpoint` once the batch is done.
    pub checkpoint_after: bool,
}

/// The steps of `buf_flush_buffered_writes` (5.5), each ending with an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DblwrStage {
    /// Writing doublewrite block 1 (`fil_io(..., TRUE, ..., block1)`).
    Block1,
    /// Writing block 2.
    Block2,
    /// `fil_flush(TRX_SYS_SPACE)`.
    SysFsync,
    /// The data pages' writes are in flight.
    DataWrites,
    /// `fil_flush_file_spaces(FIL_TABLESPACE)`.
    DataFsync,
}

/// What a waiting user thread waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitFor {
    /// The oldest modification to reach this LSN (`buf_flush_wait_flushed`).
    Oldest(u64),
    /// Free log space: checkpoint age ≤ `limit_for_free_check` (8.0.30).
    FreeSpace,
    /// The flush-list batch in progress to end (`buf_flush_wait_batch_end`, 5.5);
    /// then `log_checkpoint_margin` starts over.
    BatchEnd,
}

/// Flushing state the engine keeps between events.
#[derive(Clone, Debug)]
pub struct FlushState {
    /// The policy in force.
    pub policy: FlushPolicy,
    /// The knobs in force.
    pub knobs: FlushKnobs,
    /// `innodb_flush_sync` (5.7+).
    pub flush_sync: bool,
    /// 5.5 desired-rate history.
    pub d55: adaptive::DesiredRate55,
    /// 5.6 state.
    pub af56: adaptive::Af56,
    /// 5.7 / 8.0.30 state.
    pub af57: adaptive::Af57,
    /// Counters.
    pub counters: FlushCounters,
    /// The batch in progress.
    pub batch: Option<Batch>,
    /// Pages the previous cleaner batch flushed (`last_pages_in`).
    pub last_pages: u64,
    /// `buf_flush_sync_lsn`: flush everything below it (0 = no request).
    pub sync_lsn: u64,
    /// Threads waiting, in arrival order.
    pub waiters: Vec<(Tid, WaitFor)>,
    /// Generation of the flushing thread's wake-up event (older events are ignored).
    pub cleaner_gen: u32,
    /// Start of the current iteration.
    pub tick_start: Nanos,
    /// The flushing thread is waiting for its batch.
    pub cleaner_in_batch: bool,
    /// LSN at the previous iteration (activity test, Percona estimate's LSN rate).
    pub prev_tick_lsn: u64,
    /// Time of the previous iteration.
    pub prev_tick_time: Nanos,
    /// Iterations (5.5 10-second loop, keep_average's 0.1 s ticks).
    pub ticks: u64,
    /// The last recommendation (for the UI).
    pub last: Recommendation,
    /// 5.5: the pages in the doublewrite buffer (the current chunk).
    pub dblwr_pages: Vec<crate::storage::PageNo>,
    /// Thread-nanoseconds client threads spent stalled at the sync point up to
    /// `stall_at` (the series' `threads_sync_wait` is its rate).
    pub stall_ns: u64,
    /// When `stall_ns` was last brought up to date.
    pub stall_at: Nanos,
}

impl FlushState {
    /// Initial state.
    pub fn new(policy: FlushPolicy, knobs: FlushKnobs, flush_sync: bool) -> FlushState {
        FlushState {
            policy,
            knobs,
            flush_sync,
            d55: Default::default(),
            af56: Default::default(),
            af57: Default::default(),
            counters: FlushCounters::default(),
            batch: None,
            last_pages: 0,
            sync_lsn: 0,
            waiters: Vec::new(),
            cleaner_gen: 0,
            tick_start: 0,
            cleaner_in_batch: false,
            prev_tick_lsn: 0,
            prev_tick_time: 0,
            ticks: 0,
            last: Recommendation::default(),
            dblwr_pages: Vec::new(),
            stall_ns: 0,
            stall_at: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_follows_the_oldest_dirty_page() {
        let mut r = RedoLog::new(Limits::classic(8 << 20, 2, 0));
        let a = r.append(1000);
        assert_eq!(a, log_block::LOG_START_LSN);
        let b = r.append(1000);
        assert!(b > a && r.lsn > b);
        assert_eq!(r.lsn - a, 2000 + 4 * 16, "4 block boundaries crossed");
        assert!(!r.checkpoint(Some(a)), "already there");
        assert!(r.checkpoint(Some(b)));
        assert_eq!(r.last_checkpoint_lsn, b);
        assert!(!r.checkpoint(Some(a)), "never backwards");
        assert!(r.checkpoint(None));
        assert_eq!(r.checkpoint_age(), 0);
        assert_eq!(r.modified_age(Some(b)), r.lsn - b);
        assert_eq!(r.checkpoints, 2);
    }
}
