//! The engine: owns every structure of one simulation and advances virtual time by
//! dispatching events. Deterministic: ordered containers, seeded streams, integer time.

use super::session::Session;
use super::table::Table;
use crate::ahi::{Ahi, AhiConfig, AhiVersion};
use crate::metrics::histogram::Histogram;
use crate::metrics::series::Series;
use crate::query_cache::{point_select_result_bytes, FnvMap, QcConfig, QcEvent, QueryCache};
use crate::redo::{FlushKnobs, FlushState, RedoLog};
use crate::scenario::MysqlVersion;
use crate::scenario::{EngineError, Scenario};
use crate::sim::cond_lock::CondLock;
use crate::sim::cpu::{Cpu, Tid};
use crate::sim::io::{IoDevice, IoDeviceConfig};
use crate::sim::latch::{RwLatch, SpinConfig};
use crate::sim::queue::EventQueue;
use crate::sim::rng::{Rng, Stream};
use crate::sim::vecmap::VecMap;
use crate::sim::{Nanos, MS, SEC, US};
use crate::storage::btree::TreeEvent;
use crate::storage::buffer_pool::{BpEvent, BufferPool, BufferPoolConfig};
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;
use crate::trace::Trace;
use std::collections::VecDeque;

/// Something that happens at a virtual instant.
#[derive(Clone, Copy, Debug)]
pub(super) enum Ev {
    /// Thread finished its CPU step.
    Cpu(Tid),
    /// Thread's IO wait (commit or flush) is over.
    Wake(Tid),
    /// A page read completed.
    ReadDone(PageNo),
    /// A background page write completed.
    WriteDone(PageNo),
    /// The flushing thread's iteration (page cleaner / master thread); stale
    /// generations are ignored.
    Cleaner(u32),
    /// A flush-list batch write completed.
    BatchWrite(PageNo),
    /// A step of a 5.5 doublewrite flush (`buf_flush_buffered_writes`) completed.
    Dblwr,
    /// The periodic checkpoint.
    Checkpoint,
    /// Take a metrics sample.
    Sample,
    /// A user thread's single-page flush finished: free the frame, then the thread
    /// descends again. One event, not two at the same instant: nothing can run
    /// between them, and the loop dispatches ~13% fewer events when every miss
    /// must flush (1M random-PK inserts, issue #2).
    FlushDone(PageNo, Tid),
    /// A wait on the query cache lock ran out (thread, generation of its wait).
    QcTimeout(Tid, u32),
    /// Open loop: the next transaction arrives.
    Arrival,
}

/// Engine-level counters (the buffer pool and trees keep their own).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Statements dispatched (`Questions`), counted when they start.
    pub queries: u64,
    /// Statements completed: what a client (sysbench's qps) counts, and the `qps`
    /// series and sweep rates.
    pub completed: u64,
    /// INSERT, UPDATE and DELETE statements completed (sysbench's "writes").
    pub writes_completed: u64,
    /// INSERTs started (`Com_insert`), failed ones included.
    pub inserts: u64,
    /// Rows actually inserted (`Innodb_rows_inserted`).
    pub rows_inserted: u64,
    /// SELECTs executed (`Com_select`): counted when they start, or for a query
    /// cache lookup when it misses (hits are not Com_select).
    pub selects: u64,
    /// Rows read by selects (`Innodb_rows_read`).
    pub rows_read: u64,
    /// Inserts rejected as duplicate keys.
    pub duplicate_keys: u64,
    /// Page splits of every index (`index_page_splits`).
    pub splits: u64,
    /// Synchronous single-page flushes by user threads (no clean page at the LRU tail).
    pub single_page_flushes: u64,
    /// sysbench events completed: single statements, or the transactions of the
    /// `oltp_read_only`, read_write and oltp.lua scripts (sysbench's tps).
    pub transactions: u64,
    /// UPDATE statements started (`Com_update`).
    pub updates: u64,
    /// Rows updated (`Innodb_rows_updated`).
    pub rows_updated: u64,
    /// DELETE statements started (`Com_delete`).
    pub deletes: u64,
    /// Rows deleted (delete-marked) by completed DELETEs (`Innodb_rows_deleted`).
    pub rows_deleted: u64,
    /// BEGIN statements started (`Com_begin`).
    pub begins: u64,
    /// COMMIT statements started (`Com_commit`).
    pub commits: u64,
}

/// One simulation.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The normalized scenario.
    pub scenario: Scenario,
    /// Virtual now.
    pub now: Nanos,
    pub(super) end: Nanos,
    pub(super) queue: EventQueue<Ev>,
    pub(super) cpu: Cpu,
    pub(super) data_dev: IoDevice,
    pub(super) log_dev: IoDevice,
    /// Every page of every index.
    pub store: PageStore,
    /// The table and its trees.
    pub table: Table,
    /// The buffer pool.
    pub bp: BufferPool,
    pub(super) sessions: Vec<Session>,
    /// Reads in flight and the threads waiting for each.
    pub(super) reads: VecMap<PageNo, Vec<Tid>>,
    /// Emptied waiter lists of completed reads, reused by the next reads (no
    /// allocation per page read).
    pub(super) spare_waiters: Vec<Vec<Tid>>,
    /// Engine counters.
    pub stats: Stats,
    /// Latency of every statement.
    pub hist: Histogram,
    pub(super) hist_iv: Histogram,
    /// Sampled series.
    pub series: Series,
    pub(super) last_sample: super::report::SampleBase,
    /// The cumulative counters when the run starts, after the untimed load: the
    /// summary counts the run (see [`Engine::counters`]).
    pub(super) run_base: super::counters::Counters,
    /// Semantic events for the UI.
    pub trace: Trace,
    pub(super) tracing: bool,
    /// Split sequence number per page (0 = never split), for "recent split" marks.
    pub split_seq: Vec<u64>,
    pub(super) reserved_rows: u64,
    /// When the closed-loop workload ran out (its last client thread went idle at
    /// the row target); `None` while it runs. See [`Engine::run_until_finish`].
    pub(super) finished_at: Option<Nanos>,
    pub(super) next_change: usize,
    /// The adaptive hash index.
    pub ahi: Ahi,
    /// One rw-latch per AHI partition.
    pub ahi_latches: Vec<RwLatch>,
    pub(super) spin: SpinConfig,
    pub(super) path: Vec<PageNo>,
    pub(super) tev: Vec<TreeEvent>,
    pub(super) bpev: Vec<BpEvent>,
    /// The redo log.
    pub redo: RedoLog,
    /// Flushing state and counters.
    pub flush: FlushState,
    /// The query cache (MySQL's or the conceptual Aurora one), or off.
    pub qc: QueryCache,
    /// MySQL's one global query cache lock.
    pub qc_lock: CondLock,
    pub(super) qc_ev: Vec<QcEvent>,
    pub(super) qc_text: String,
    /// Each table's key in the query cache ("db\0table").
    pub(super) qc_table_keys: Vec<Vec<u8>>,
    /// InnoDB's permission to use the query cache (locks, invalidation ids).
    pub(super) qc_gate: super::qc_innodb::QcGate,
    /// Bytes of one point select's result packets.
    pub(super) qc_result_bytes: u64,
    /// Bytes of one row packet of `c` in a result.
    pub(super) qc_row_bytes: u64,
    /// Committed updates per (table, row) (the value a cached result must match).
    pub(super) row_versions: FnvMap<(usize, u32), u64>,
    /// Committed writing transactions per table.
    pub(super) table_versions: Vec<u64>,
    /// Open loop: transactions arrived and not started yet.
    pub(super) pending_arrivals: u64,
    /// Open loop: threads waiting for a transaction, in order.
    pub(super) idle_workers: VecDeque<Tid>,
    pub(super) arrivals_rng: Rng,
    /// Scratch of a leaf scan: the keys read and the leaves after the first.
    pub(super) scan_keys: Vec<crate::storage::key::Key>,
    pub(super) scan_pages: Vec<PageNo>,
    /// The statements of one event (sysbench's transaction) of the workload.
    pub(super) script: Vec<super::script::Step>,
}

impl Engine {
    /// Builds the simulation: creates the table, runs the untimed prepare phase,
    /// and starts every client thread at t = 0.
    // #[inline]: compiled in the crate that calls it, the JS boundary (api/, built
    // for size, issue #2), as are the handle's snapshot, restore and reset (sim_handle.rs)
    // and with them the derived Clone and the drop glue of Engine: all run once per
    // scenario, checkpoint or reset, never in the simulation loop. The prepare phase
    // it calls stays in this crate, at opt-level 3 (it loads up to millions of rows).
    #[inline]
    pub fn new(scenario: Scenario) -> Result<Engine, EngineError> {
        let s = &scenario;
        let mut store = PageStore::default();
        let table = Table::create(&mut store, &s.table, &s.workload);
        let qc_table_keys: Vec<Vec<u8>> = table
            .table_names
            .iter()
            .map(|n| [super::qc_exec::QC_DB.as_bytes(), b"\0", n.as_bytes()].concat())
            .collect();
        let table_versions = vec![0; table.n_tables];
        let bp = BufferPool::new(BufferPoolConfig {
            n_frames: s.server.innodb_buffer_pool_pages,
            old_blocks_pct: s.server.innodb_old_blocks_pct,
            old_blocks_time_ns: s.server.innodb_old_blocks_time_ms as u64 * MS,
            lru_scan_depth: s.server.innodb_lru_scan_depth,
        });
        let data_dev = IoDevice::new(IoDeviceConfig {
            read_latency_ns: s.storage.read_latency_us as u64 * US,
            write_latency_ns: s.storage.write_latency_us as u64 * US,
            iops: s.storage.iops,
        });
        // The commit waits for redo durability; group commit lets many commits share
        // one write, so the log device is latency-bound, not IOPS-bound.
        let log_dev = IoDevice::new(IoDeviceConfig {
            read_latency_ns: s.storage.commit_latency_us as u64 * US,
            write_latency_ns: s.storage.commit_latency_us as u64 * US,
            iops: 10_000_000,
        });
        let end = (s.run.duration_s * SEC as f64) as Nanos;
        let ahi = Ahi::new(
            AhiConfig {
                enabled: s.server.ahi_in_effect(),
                n_parts: s.server.innodb_adaptive_hash_index_parts,
                cells: AhiConfig::cells_for_pool(s.server.innodb_buffer_pool_pages as u64 * 16384),
                version: match s.server.version {
                    MysqlVersion::V57 | MysqlVersion::V8025 => AhiVersion::V57,
                    MysqlVersion::V8030 => AhiVersion::V8030,
                },
            },
            table.index_fields(),
        );
        let mut ahi = ahi;
        ahi.set_index_spaces(&table.index_spaces());
        let ahi_latches =
            vec![RwLatch::default(); s.server.innodb_adaptive_hash_index_parts as usize];
        let flush = FlushState::new(
            s.server.flushing,
            FlushKnobs {
                io_capacity: s.server.innodb_io_capacity as u64,
                io_capacity_max: s.server.innodb_io_capacity_max as u64,
                adaptive_flushing: s.server.innodb_adaptive_flushing,
                adaptive_flushing_lwm: s.server.innodb_adaptive_flushing_lwm as u64,
                max_dirty_pages_pct: s.server.innodb_max_dirty_pages_pct as u64,
                max_dirty_pages_pct_lwm: s.server.innodb_max_dirty_pages_pct_lwm as u64,
                flushing_avg_loops: s.server.innodb_flushing_avg_loops as u64,
            },
            s.server.innodb_flush_sync,
        );
        let spin = SpinConfig {
            spin_loops: s.server.innodb_sync_spin_loops,
            spin_wait_delay: s.server.innodb_spin_wait_delay,
            ..SpinConfig::default()
        };
        let mut e = Engine {
            now: 0,
            end,
            queue: EventQueue::default(),
            cpu: Cpu::new(s.server.cores),
            data_dev,
            log_dev,
            store,
            table,
            bp,
            sessions: Vec::new(),
            reads: VecMap::default(),
            spare_waiters: Vec::new(),
            stats: Stats::default(),
            hist: Histogram::default(),
            hist_iv: Histogram::default(),
            series: Series::default(),
            last_sample: Default::default(),
            run_base: Default::default(),
            trace: Trace::default(),
            tracing: false,
            split_seq: Vec::new(),
            reserved_rows: 0,
            finished_at: None,
            next_change: 0,
            ahi,
            ahi_latches,
            spin,
            path: Vec::with_capacity(8),
            tev: Vec::with_capacity(8),
            bpev: Vec::with_capacity(8),
            redo: RedoLog::new(Default::default()),
            flush,
            qc: QueryCache::new(&QcConfig {
                kind: s.server.query_cache,
                cache_type: s.server.query_cache_type,
                size: s.server.query_cache_size,
                limit: s.server.query_cache_limit,
                min_res_unit: s.server.query_cache_min_res_unit,
            }),
            qc_lock: CondLock::default(),
            qc_ev: Vec::new(),
            qc_text: String::new(),
            qc_gate: super::qc_innodb::QcGate::new(qc_table_keys.len()),
            qc_table_keys,
            qc_result_bytes: qc_result_bytes(s),
            qc_row_bytes: qc_row_bytes(s),
            row_versions: FnvMap::default(),
            table_versions,
            pending_arrivals: 0,
            idle_workers: VecDeque::new(),
            arrivals_rng: Rng::stream(s.seed, Stream::Arrivals),
            scan_keys: Vec::with_capacity(128),
            scan_pages: Vec::with_capacity(4),
            script: super::script::build_script(&s.workload),
            scenario,
        };
        e.redo.limits = e.redo_limits();
        e.prepare();
        e.tracing = true;
        e.last_sample = e.sample_base();
        e.run_base = e.counters();
        let threads = e.scenario.workload.threads;
        e.set_threads(threads);
        e.schedule_flush_tick(crate::redo::adaptive::period(e.flush.policy));
        let every = e.flush.policy.checkpoint_interval_s() * SEC;
        e.queue.push(every, Ev::Checkpoint);
        e.queue.push(e.sample_every(), Ev::Sample);
        if e.scenario.workload.rate_tps > 0.0 {
            let gap = e.arrival_gap();
            e.queue.push(gap, Ev::Arrival);
        }
        Ok(e)
    }

    /// Time to the next open-loop arrival: exponential with mean 1/rate (Poisson
    /// arrivals, as sysbench's event generator draws them).
    fn arrival_gap(&mut self) -> Nanos {
        let u = self.arrivals_rng.uniform_double();
        let gap_s = -libm::log(1.0 - u) / self.scenario.workload.rate_tps;
        ((gap_s * SEC as f64) as Nanos).max(1)
    }

    #[inline(never)]
    pub(super) fn on_arrival(&mut self) {
        self.pending_arrivals += 1;
        while self.pending_arrivals > 0 {
            let Some(t) = self.idle_workers.pop_front() else {
                break;
            };
            if t >= self.scenario.workload.threads {
                continue;
            }
            self.begin_statement(t);
        }
        let gap = self.arrival_gap();
        self.queue.push(self.now + gap, Ev::Arrival);
    }

    pub(super) fn sample_every(&self) -> Nanos {
        self.scenario.run.sample_ms as Nanos * MS
    }
}

/// Bytes of the result of the workload's point select (`SELECT c … WHERE id=?`):
/// one row of the column `c` (or, without one, of the widest string column).
fn qc_result_bytes(s: &Scenario) -> u64 {
    let (name, width) = qc_result_column(s);
    point_select_result_bytes(super::qc_exec::QC_DB, &s.table.name, name, width)
}

/// Bytes of one row packet of that column (header + length-encoded string).
fn qc_row_bytes(s: &Scenario) -> u64 {
    4 + 1 + qc_result_column(s).1
}

/// The column a select returns (`c`, else the widest string column) and its width.
fn qc_result_column(s: &Scenario) -> (&str, u64) {
    let t = &s.table;
    let col = t
        .columns
        .iter()
        .find(|c| c.name == "c")
        .or_else(|| t.columns.iter().max_by_key(|c| c.length));
    col.map_or(("c", 4), |c| (c.name.as_str(), c.length.max(4) as u64))
}
