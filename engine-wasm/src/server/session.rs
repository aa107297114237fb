//! One client thread (a sysbench connection): its random stream, the statement in
//! progress and where it is in that statement's step program.

use super::table::RowBuf;
use crate::ahi::Advice;
use crate::scenario::QueryKind;
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
    /// The transaction has changed rows (its COMMIT writes redo and waits for it).
    pub txn_wrote: bool,
    /// The id the transaction's last DELETE removed (the next INSERT puts it back).
    pub deleted_id: i32,
    /// The statement in progress.
    pub stmt: Stmt,
    /// Position of the statement in its transaction (`oltp_read_only`: 0..16).
    pub txn_pos: usize,
    /// When the transaction (sysbench's event) started.
    pub txn_start: Nanos,
    /// Table of the statement (sysbench `--tables`), 0-based.
    pub table_no: usize,
    /// A select's index searches, in order (`cur_index` is the next one); a
    /// secondary-key search appends one clustered search per matching row.
    pub searches: Vec<Search>,
}

/// One statement of a sysbench event. A workload is a script of these (see
/// [`script`]); a new kind is planned in `plan_statement` (select.rs / write.rs) as
/// index searches, each with its action at the leaf ([`Act`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// INSERT one new row (the table's id generator; a real B-tree insert).
    Insert,
    /// `UPDATE sbtestN SET k=k+1 WHERE id=?` (the `k` entry moves in its index).
    UpdateIndex,
    /// `UPDATE sbtestN SET c=? WHERE id=?` (the clustered record only).
    UpdateNonIndex,
    /// `DELETE FROM sbtestN WHERE id=?` (delete-marks; purge is not modelled).
    Delete,
    /// `INSERT INTO sbtestN ... ` of the id the transaction's DELETE removed: over
    /// its delete-marked records (`row_ins_clust_index_entry_by_modify`).
    InsertDeleted,
    /// `SELECT c FROM sbtestN WHERE id = ?`.
    Point,
    /// `SELECT c FROM sbtestN WHERE k = ?`.
    Secondary,
    /// `... WHERE id BETWEEN ? AND ? + 99` of the given kind.
    Range(RangeKind),
    /// `BEGIN`.
    Begin,
    /// `COMMIT`: a transaction that changed rows writes its commit record and waits
    /// for the log (`trx_commit` → `log_write_up_to`); a read-only one does not.
    Commit,
}

impl Stmt {
    /// The statement changes rows: `log_free_check` first, redo for each change.
    pub fn is_write(self) -> bool {
        matches!(
            self,
            Stmt::Insert
                | Stmt::UpdateIndex
                | Stmt::UpdateNonIndex
                | Stmt::Delete
                | Stmt::InsertDeleted
        )
    }
}

/// sysbench's four range queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    /// `SELECT c ...`.
    Simple,
    /// `SELECT SUM(k) ...`.
    Sum,
    /// `SELECT c ... ORDER BY c`.
    Order,
    /// `SELECT DISTINCT c ... ORDER BY c`.
    Distinct,
}

/// sysbench `oltp_read_only` with its defaults: one event is this transaction.
pub const OLTP_READ_ONLY: [Stmt; 16] = [
    Stmt::Begin,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Point,
    Stmt::Range(RangeKind::Simple),
    Stmt::Range(RangeKind::Sum),
    Stmt::Range(RangeKind::Order),
    Stmt::Range(RangeKind::Distinct),
    Stmt::Commit,
];

/// sysbench `oltp_read_write` without its range queries: BEGIN, `point_selects`
/// point selects, the index update, the non-index update, DELETE and INSERT of one
/// id, COMMIT.
pub fn oltp_read_write(point_selects: u32) -> Vec<Stmt> {
    let mut v = vec![Stmt::Begin];
    v.extend((0..point_selects).map(|_| Stmt::Point));
    v.extend([
        Stmt::UpdateIndex,
        Stmt::UpdateNonIndex,
        Stmt::Delete,
        Stmt::InsertDeleted,
        Stmt::Commit,
    ]);
    v
}

/// The statement script of a workload: one sysbench event. A single statement
/// runs in autocommit mode (an INSERT commits itself).
pub fn script(query: QueryKind, point_selects: u32) -> Vec<Stmt> {
    match query {
        QueryKind::Insert => vec![Stmt::Insert],
        QueryKind::PointSelect => vec![Stmt::Point],
        QueryKind::SecondarySelect => vec![Stmt::Secondary],
        QueryKind::OltpReadOnly => OLTP_READ_ONLY.to_vec(),
        QueryKind::ReadWrite => oltp_read_write(point_selects),
    }
}

/// sysbench `--range-size` default.
pub const RANGE_SIZE: i32 = 100;

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
            txn_wrote: false,
            deleted_id: 1,
            stmt: Stmt::Point,
            txn_pos: 0,
            txn_start: 0,
            table_no: 0,
            searches: Vec::with_capacity(4),
        }
    }
}
