//! What the engine reports: per-interval samples for the series, the summary
//! (counters named as MySQL names them, information_schema sizes, latency).

use super::engine::Engine;
use super::session::ThreadState;
use crate::metrics::series::COLUMNS;
use crate::sim::SEC;

/// Bytes per MiB (the series' `_mb` columns).
const MIB: f64 = 1024.0 * 1024.0;
pub use super::counters::Counters;
use serde::Serialize;

/// Counter values at the previous sample (for per-second rates).
#[derive(Clone, Debug, Default)]
pub struct SampleBase {
    pub(super) t: u64,
    queries: u64,
    transactions: u64,
    inserts: u64,
    reads: u64,
    requests: u64,
    splits: u64,
    ahi_hits: u64,
    ahi_btree: u64,
    ahi_added: u64,
    ahi_removed: u64,
    flushed: u64,
    sync_flushed: u64,
    lsn: u64,
    selects: u64,
    qc_hits: u64,
    qc_inserts: u64,
    qc_prunes: u64,
    writes: u64,
    stall_ns: u64,
}

/// information_schema.TABLES for the table.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableSize {
    /// Table name.
    pub table: String,
    /// Rows.
    pub rows: u64,
    /// Clustered index segments, bytes.
    pub data_length: u64,
    /// Secondary index segments, bytes.
    pub index_length: u64,
    /// data_length / rows.
    pub data_per_row: f64,
    /// index_length / rows.
    pub index_per_row: f64,
}

/// Split counts by kind.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Splits {
    /// `to_right` splits.
    pub to_right: u64,
    /// `to_left` splits.
    pub to_left: u64,
    /// Middle splits.
    pub middle: u64,
}

/// Per-index shape.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexStats {
    /// Index number.
    pub index: u16,
    /// Index name.
    pub name: String,
    /// Table name.
    pub table: String,
    /// Levels.
    pub height: u32,
    /// Leaf pages.
    pub leaf_pages: u64,
    /// Non-leaf pages.
    pub non_leaf_pages: u64,
    /// Mean leaf fill, 0..1.
    pub avg_leaf_fill: f64,
    /// Splits by kind.
    pub splits: Splits,
}

/// Statement latency summary.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Latency {
    /// Statements measured.
    pub count: u64,
    /// Mean, µs.
    pub mean_us: f64,
    /// Median, µs.
    pub p50_us: f64,
    /// 95th percentile, µs.
    pub p95_us: f64,
    /// 99th percentile, µs.
    pub p99_us: f64,
}

/// Threads by state.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Threads {
    /// Every client thread (the workload's `threads`), busy or idle.
    pub clients: u32,
    /// Busy client threads (every state but idle): 0 between the transactions of a
    /// fixed-rate load, and once a row target is reached.
    pub total: u32,
    /// On a core.
    pub running: u32,
    /// Waiting for a core.
    pub waiting_cpu: u32,
    /// Waiting for IO.
    pub waiting_io: u32,
    /// Spinning on a latch (holding a core).
    pub spinning: u32,
    /// Asleep waiting for a latch.
    pub sleeping_on_latch: u32,
    /// Asleep on the query cache lock ("Waiting for query cache lock").
    pub waiting_qc_lock: u32,
}

/// Everything small the UI shows as numbers.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Virtual now, ns.
    pub time_ns: u64,
    /// Counters by MySQL name.
    pub counters: Counters,
    /// information_schema.TABLES rows.
    pub tables: Vec<TableSize>,
    /// Per-index detail.
    pub indexes: Vec<IndexStats>,
    /// Latency.
    pub latency: Latency,
    /// Threads.
    pub threads: Threads,
    /// Run target reached.
    pub done: bool,
    /// When the workload ran out ([`Engine::finished_at`]); `None` while it runs and
    /// for runs that end at their duration.
    pub finished_ns: Option<u64>,
    /// The workload stops at a row target (inserts up to `workload.max_rows`, closed
    /// loop), so `finished_ns` will be set unless the duration ends the run first.
    pub can_finish: bool,
    /// `innodb_adaptive_hash_index` now (a knob or a scheduled change may switch it).
    pub ahi_on: bool,
}

impl Engine {
    pub(super) fn sample_base(&self) -> SampleBase {
        let c = self.bp.counters();
        SampleBase {
            t: self.now,
            // statements completed, as sysbench's qps (Questions counts at the start)
            queries: self.stats.completed,
            transactions: self.stats.transactions,
            // rows inserted, as InnoDB's own `inserts/s` (Com_insert counts at the start)
            inserts: self.stats.rows_inserted,
            reads: c.reads,
            requests: c.read_requests,
            splits: self.stats.splits,
            ahi_hits: self.ahi.counters().adaptive_hash_searches,
            ahi_btree: self.ahi.counters().adaptive_hash_searches_btree,
            ahi_added: self.ahi.counters().adaptive_hash_rows_added,
            ahi_removed: self.ahi.counters().adaptive_hash_rows_removed,
            flushed: self.flush.counters.flush_list_total_pages,
            sync_flushed: self.flush.counters.buffer_flush_sync_total_pages,
            lsn: self.redo.lsn,
            selects: self.stats.selects,
            qc_hits: self.qc.counters().hits,
            qc_inserts: self.qc.counters().inserts,
            qc_prunes: self.qc.counters().lowmem_prunes,
            writes: self.stats.writes_completed,
            stall_ns: self.stalled_sync_ns(),
        }
    }

    /// Appends one row to the series (rates over the interval since the last one).
    pub(super) fn take_sample(&mut self) {
        let b = self.sample_base();
        let a = &self.last_sample;
        let dt = (b.t - a.t) as f64 / SEC as f64;
        let rate = |x: u64, y: u64| if dt > 0.0 { (x - y) as f64 / dt } else { 0.0 };
        let dreq = b.requests - a.requests;
        let hit = if dreq > 0 {
            1.0 - (b.reads - a.reads) as f64 / dreq as f64
        } else {
            f64::NAN
        };
        let c = self.bp.counters();
        let searches = (b.ahi_hits - a.ahi_hits) + (b.ahi_btree - a.ahi_btree);
        let ahi_hit = if searches > 0 {
            (b.ahi_hits - a.ahi_hits) as f64 / searches as f64
        } else {
            f64::NAN
        };
        let (spinning, sleeping, qc_wait) =
            self.sessions
                .iter()
                .fold((0, 0, 0), |(sp, sl, q), s| match s.state {
                    ThreadState::Spinning => (sp + 1, sl, q),
                    ThreadState::SleepingOnLatch => (sp, sl + 1, q),
                    ThreadState::WaitQcLock => (sp, sl, q + 1),
                    _ => (sp, sl, q),
                });
        let qc = self.qc.counters();
        let answered = (b.selects - a.selects) + (b.qc_hits - a.qc_hits);
        let qc_hit = if answered > 0 && self.qc.active() {
            (b.qc_hits - a.qc_hits) as f64 / answered as f64
        } else {
            f64::NAN
        };
        // No statement completed in the interval (an idle or finished run): no latency
        // to report, a gap in the chart rather than a fall to 0 µs.
        let (lat_mean, lat_p95) = if self.hist_iv.count() > 0 {
            (
                self.hist_iv.mean_ns() / 1e3,
                self.hist_iv.quantile_ns(0.95) as f64 / 1e3,
            )
        } else {
            (f64::NAN, f64::NAN)
        };
        let row: [f64; COLUMNS.len()] = [
            b.t as f64 / SEC as f64,
            rate(b.queries, a.queries),
            rate(b.inserts, a.inserts),
            lat_mean,
            lat_p95,
            rate(b.reads, a.reads),
            hit,
            c.dirty_len as f64,
            c.free_len as f64,
            rate(b.splits, a.splits),
            self.table.rows as f64,
            ahi_hit,
            rate(b.ahi_added, a.ahi_added),
            rate(b.ahi_removed, a.ahi_removed),
            spinning as f64,
            sleeping as f64,
            rate(b.transactions, a.transactions),
            rate(b.selects + b.qc_hits, a.selects + a.qc_hits),
            qc_hit,
            qc.queries_in_cache as f64,
            rate(b.qc_inserts, a.qc_inserts),
            rate(b.qc_prunes, a.qc_prunes),
            qc.free_memory as f64,
            qc.free_blocks as f64,
            qc_wait as f64,
            self.redo.checkpoint_age() as f64 / MIB,
            self.redo.modified_age(self.bp.oldest_modification()) as f64 / MIB,
            self.redo.limits.max_modified_age_async as f64 / MIB,
            self.redo.limits.max_modified_age_sync as f64 / MIB,
            self.flush.counters.buffer_flush_n_to_flush_requested as f64,
            rate(b.flushed, a.flushed),
            rate(b.sync_flushed, a.sync_flushed),
            rate(b.lsn, a.lsn) / MIB,
            rate(b.stall_ns, a.stall_ns) / SEC as f64,
            self.flush.counters.buffer_flush_lsn_avg_rate as f64 / MIB,
            self.flush.counters.buffer_flush_pct_for_lsn as f64,
            rate(b.writes, a.writes),
        ];
        self.series.push(&row);
        self.hist_iv.clear();
        self.last_sample = b;
    }

    /// The summary at the current instant.
    // #[inline]: compiled in the crate that calls it, the JS boundary (api/, built
    // for size, issue #2); it is read between simulation slices, never inside one.
    #[inline]
    pub fn summary(&self) -> Summary {
        let mut indexes = Vec::new();
        let n_tables = self.table.n_tables;
        let (mut data, mut idx) = (vec![0u64; n_tables], vec![0u64; n_tables]);
        for (i, t) in self.table.trees.iter().enumerate() {
            let st = t.stats(&self.store);
            let bytes = t.segment_bytes();
            let table = self.table.table_of(i);
            if i % self.table.per_table == 0 {
                data[table] += bytes;
            } else {
                idx[table] += bytes;
            }
            indexes.push(IndexStats {
                index: i as u16,
                name: self.table.index_names[i].clone(),
                table: self.table.table_names[table].clone(),
                height: st.height,
                leaf_pages: st.leaf_pages,
                non_leaf_pages: st.non_leaf_pages,
                avg_leaf_fill: st.avg_leaf_fill,
                splits: Splits {
                    to_right: st.splits_to_right,
                    to_left: st.splits_to_left,
                    middle: st.splits_middle,
                },
            });
        }
        let rows = self.table.rows_per_table();
        let per = |b: u64| {
            if rows > 0 {
                b as f64 / rows as f64
            } else {
                0.0
            }
        };
        let tables = (0..n_tables)
            .map(|t| TableSize {
                table: self.table.table_names[t].clone(),
                rows,
                data_length: data[t],
                index_length: idx[t],
                data_per_row: per(data[t]),
                index_per_row: per(idx[t]),
            })
            .collect();
        let mut threads = Threads {
            clients: self.sessions.len() as u32,
            total: 0,
            running: 0,
            waiting_cpu: 0,
            waiting_io: 0,
            spinning: 0,
            sleeping_on_latch: 0,
            waiting_qc_lock: 0,
        };
        for s in &self.sessions {
            if s.state != ThreadState::Idle {
                threads.total += 1;
            }
            match s.state {
                ThreadState::Running => threads.running += 1,
                ThreadState::WaitCpu => threads.waiting_cpu += 1,
                ThreadState::WaitIo => threads.waiting_io += 1,
                ThreadState::Spinning => threads.spinning += 1,
                ThreadState::SleepingOnLatch => threads.sleeping_on_latch += 1,
                ThreadState::WaitQcLock => threads.waiting_qc_lock += 1,
                ThreadState::Idle => {}
            }
        }
        let h = &self.hist;
        Summary {
            time_ns: self.now,
            counters: self.counters(),
            tables,
            indexes,
            latency: Latency {
                count: h.count(),
                mean_us: h.mean_ns() / 1e3,
                p50_us: h.quantile_ns(0.5) as f64 / 1e3,
                p95_us: h.quantile_ns(0.95) as f64 / 1e3,
                p99_us: h.quantile_ns(0.99) as f64 / 1e3,
            },
            threads,
            done: self.done(),
            finished_ns: self.finished_at,
            can_finish: self.can_finish(),
            ahi_on: self.ahi.enabled(),
        }
    }

    /// Approximate bytes of memory this engine holds (records and their directory
    /// per page, frames, hash nodes, series): what one snapshot of it costs, so
    /// the player can keep its checkpoints within a memory budget.
    pub fn approx_bytes(&self) -> u64 {
        let rec = std::mem::size_of::<crate::storage::page::Rec>() as u64 + 16;
        let pages: u64 = self
            .store
            .pages
            .iter()
            .map(|p| 160 + p.recs.len() as u64 * rec)
            .sum();
        let frames = self.bp.config().n_frames as u64 * 64;
        let ahi = self.ahi.counters().nodes * 48;
        let series = self.series.since(0).len() as u64 * 8;
        pages + frames + ahi + series + self.sessions.len() as u64 * 512
    }
}
