//! One client thread (a sysbench connection): its random stream, the statement in
//! progress and where it is in that statement's step program.

pub use super::script::{RangeKind, Stmt, RANGE_SIZE};
use super::table::RowBuf;
use crate::ahi::Advice;
use crate::sim::rng::Rng;
use crate::sim::Nanos;
use crate::storage::key::Key;
use crate::storage::PageNo;

/// What the thread is doing now (the colour of its swimlane).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadState {
    /// On a core.
    Running,
    /// Runnable, waiting for a core.
    WaitCpu,
    /// Waiting for a page read, a page write or the commit.
    WaitIo,
    /// Spinning on a latch (burning its core).
    Spinning,
    /// Asleep in the wait array until a latch is released (no core).
    SleepingOnLatch,
    /// No more work (row target reached), or no request to serve (open loop).
    Idle,
    /// Inside `Query_cache::try_lock` / `lock` without the lock: asleep on its
    /// condition, or spinning for / asleep on its `structure_guard_mutex`. SHOW
    /// PROCESSLIST: "Waiting for query cache lock" (5.7 sets the stage on entry).
    WaitQcLock,
}

/// The next step of the statement's program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Descend every index the statement touches; read missing pages; then act.
    Locate,
    /// The logical action is done; the remaining CPU work runs, then the commit.
    Finish,
    /// Waiting for the commit (redo durable); then the statement completes.
    Commit,
    /// Nothing left to do.
    Idle,
    /// Spinning for an AHI partition latch; then it is granted or the thread sleeps.
    AhiSpin,
    /// Woken from the wait array: ask for the AHI latch again.
    AhiRetry,
    /// Holding the AHI partition X-latch, doing the hash work.
    AhiWork,
    /// On a core, about to ask for the query cache lock for `qc_op`.
    QcRequest,
    /// Asleep on the query cache lock's condition (or woken, not yet running).
    QcWait,
    /// Holding the query cache lock (MySQL) or a shard (Aurora) for `qc_op`.
    QcHeld,
    /// Parse, open tables, optimize (after a lookup miss, before `store_query`).
    QcParse,
    /// Spun the adaptive mutex's retries for `structure_guard_mutex` (for
    /// `qc_mx`); next: swap the word once, then hold it or sleep on the futex.
    QcMutexSpin,
    /// Asleep on `structure_guard_mutex`'s futex (or woken, not yet running).
    QcMutexSleep,
}

/// Why a thread takes `structure_guard_mutex` (what it does once it holds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QcMx {
    /// `try_lock` / `lock`: test the state (first try, or woken by a signal).
    TryLock,
    /// The timed condition wait returned `ETIMEDOUT` (it re-locks the mutex first).
    TimedOut,
    /// `unlock`: set UNLOCKED and signal one waiter.
    Unlock,
}

/// The query cache operation a thread is doing or waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QcOp {
    /// `send_result_to_client` (try_lock with the 50 ms time-out).
    Lookup,
    /// `store_query` (try_lock with the 50 ms time-out).
    Store,
    /// `query_cache_insert` → `append_result_data` (waits).
    Append,
    /// `query_cache_end_of_result` (waits).
    End,
    /// `invalidate_table` after a write (blocking `lock()`).
    Invalidate,
}

/// One client thread.
#[derive(Clone, Debug)]
pub struct Session {
    /// Its own random stream (keys, values).
    pub rng: Rng,
    /// Program counter.
    pub phase: Phase,
    /// Swimlane state.
    pub state: ThreadState,
    /// When the current statement started.
    pub start: Nanos,
    /// CPU time of the step waiting for / running on a core.
    pub pending_cost: Nanos,
    /// Earliest time the commit may start (after a synchronous page flush).
    pub ready_at: Nanos,
    /// The row being inserted (and its index keys).
    pub buf: RowBuf,
    /// The key of a point select.
    pub key: Key,
    /// The statement is an insert (else a point select).
    pub is_insert: bool,
    /// Cached search path per index (root..leaf), valid while the tree's
    /// `modify_clock` and the key are the ones recorded beside it, so a thread that
    /// waited for a read does not descend again (InnoDB's optimistic cursor restore).
    pub paths: Vec<CachedPath>,
    /// Index being worked on (0 = clustered).
    pub cur_index: usize,
    /// Pages this thread holds buffer-fixed (its current descent).
    pub fixed: Vec<PageNo>,
    /// CPU work of the statement's actions so far (run before the commit).
    pub extra_cost: Nanos,
    /// The clustered insert succeeded.
    pub insert_ok: bool,
    /// The hash lookup of this statement failed (`BTR_CUR_HASH_FAIL`).
    pub hash_failed: bool,
    /// The statement already tried the hash.
    pub hash_tried: bool,
    /// AHI work waiting for (or holding) a partition latch.
    pub ahi_work: Advice,
    /// `log_free_check` passed for the current change.
    pub free_checked: bool,
    /// The id the transaction's last DELETE removed (the next INSERT puts it back).
    pub deleted_id: i32,
    /// The statement in progress.
    pub stmt: Stmt,
    /// The transaction wrote (its COMMIT invalidates the table's queries).
    pub trx_wrote: bool,
    /// The row id of the current SELECT or row change.
    pub row_id: u32,
    /// The query cache key of the current SELECT.
    pub qc_key: Vec<u8>,
    /// The query registered by `store_query` (id, generation) for this statement.
    pub qc_reg: Option<(u32, u32)>,
    /// Query cache operation in progress.
    pub qc_op: QcOp,
    /// Generation of the thread's current wait on the query cache lock.
    pub qc_gen: u32,
    /// What the thread takes `structure_guard_mutex` for.
    pub qc_mx: QcMx,
    /// The statement was answered from the query cache.
    pub qc_hit: bool,
    /// The transaction's id, read view and table locks, as InnoDB's query cache
    /// check reads them (qc_innodb.rs).
    pub trx_qc: super::qc_innodb::TrxQc,
    /// Rows (table, id) the transaction updated (their new versions count at COMMIT).
    pub updated_rows: Vec<(usize, u32)>,
    /// Rows the current statement sent (the size of its result).
    pub rows_sent: u32,
    /// The statement ends a transaction that changed rows (a COMMIT after writes,
    /// or a write in autocommit mode): decided once at its start.
    pub log_commit: bool,
    /// Position of the statement in the event's script (`Engine::script`).
    pub txn_pos: usize,
    /// When the transaction (sysbench's event) started.
    pub txn_start: Nanos,
    /// Table of the statement (sysbench `--tables`), 0-based.
    pub table_no: usize,
    /// A select's index searches, in order (`cur_index` is the next one); a
    /// secondary-key search appends one clustered search per matching row.
    pub searches: Vec<Search>,
}

/// One index search of a select and what to do at the leaf it reaches.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// Index id (tree number).
    pub index: u16,
    /// The search tuple (`PAGE_CUR_GE`).
    pub key: Key,
    /// The action at the leaf.
    pub act: Act,
}

/// What a search does once positioned.
#[derive(Clone, Copy, Debug)]
pub enum Act {
    /// Read and send the row under the cursor.
    Row,
    /// Read every secondary record whose prefix equals the tuple, then look each
    /// row up in the clustered index `clustered`.
    Matches {
        /// The table's clustered index id.
        clustered: u16,
    },
    /// Read forward while the key is ≤ `last`.
    Range {
        /// Last key of the range.
        last: Key,
        /// Which of sysbench's range queries.
        kind: RangeKind,
    },
    /// Change the record under the cursor in one mini-transaction of `redo` bytes
    /// (the leaf is made dirty at its start LSN). The tree keeps its shape: see
    /// write.rs.
    Write {
        /// Redo bytes of the mini-transaction (records.rs).
        redo: u32,
    },
}

/// A search path remembered across a wait.
#[derive(Clone, Debug)]
pub struct CachedPath {
    /// Pages root..leaf.
    pub pages: Vec<PageNo>,
    /// The tree's `modify_clock` when computed (`u64::MAX`: never).
    pub clock: u64,
    /// The key searched.
    pub key: Key,
}

impl Default for CachedPath {
    fn default() -> Self {
        CachedPath {
            pages: Vec::with_capacity(4),
            clock: u64::MAX,
            key: Key::EMPTY,
        }
    }
}

impl Session {
    /// A new idle-at-start session with its stream.
    pub fn new(rng: Rng) -> Session {
        Session {
            rng,
            phase: Phase::Locate,
            state: ThreadState::Running,
            start: 0,
            pending_cost: 0,
            ready_at: 0,
            buf: RowBuf::default(),
            key: Key::EMPTY,
            is_insert: false,
            paths: Vec::new(),
            cur_index: 0,
            fixed: Vec::with_capacity(8),
            extra_cost: 0,
            insert_ok: true,
            hash_failed: false,
            hash_tried: false,
            ahi_work: Advice::None,
            free_checked: false,
            deleted_id: 1,
            stmt: Stmt::Point,
            trx_wrote: false,
            row_id: 0,
            qc_key: Vec::new(),
            qc_reg: None,
            qc_op: QcOp::Lookup,
            qc_gen: 0,
            qc_mx: QcMx::TryLock,
            qc_hit: false,
            trx_qc: Default::default(),
            updated_rows: Vec::new(),
            rows_sent: 0,
            log_commit: false,
            txn_pos: 0,
            txn_start: 0,
            table_no: 0,
            searches: Vec::with_capacity(4),
        }
    }
}
