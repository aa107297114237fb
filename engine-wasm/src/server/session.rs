//! One client thread (a sysbench connection): its random stream, the statement in
//! progress and where it is in that statement's step program.

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
    /// No more work (row target reached).
    Idle,
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
    /// read_write: the statement's place in the transaction (0 = BEGIN).
    pub rw_step: u32,
    /// read_write: the statement.
    pub rw_op: super::rw_exec::RwOp,
    /// read_write: (index, key) of each descent of the statement.
    pub rw_targets: [(u8, Key); 3],
    /// read_write: descents in `rw_targets`.
    pub rw_n: u8,
    /// read_write: descents done.
    pub rw_i: u8,
    /// read_write: the id deleted (re-inserted by the next statement).
    pub rw_del_id: i64,
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
            rw_step: 0,
            rw_op: super::rw_exec::RwOp::Begin,
            rw_targets: [(0, Key::EMPTY); 3],
            rw_n: 0,
            rw_i: 0,
            rw_del_id: 1,
        }
    }
}
