//! SHOW ENGINE INNODB STATUS, as far as the engine models it: the SEMAPHORES,
//! INSERT BUFFER AND ADAPTIVE HASH INDEX, LOG, BUFFER POOL AND MEMORY and ROW
//! OPERATIONS sections, with per-second averages since the previous call.

use super::engine::Engine;
use crate::scenario::numfmt::Fixed;
use crate::sim::SEC;
use serde::Serialize;
use std::fmt::Write;

/// Counter values at the previous STATUS call (for "per second averages").
#[derive(Clone, Debug, Default)]
pub struct StatusBase {
    t: u64,
    hash: u64,
    btree: u64,
    young: u64,
    not_young: u64,
    reads: u64,
    created: u64,
    written: u64,
    requests: u64,
    rows_read: u64,
    inserted: u64,
    updated: u64,
    deleted: u64,
    log_writes: u64,
}

/// One AHI partition as the UI draws it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AhiPart {
    /// Partition number.
    pub part: usize,
    /// Hash nodes.
    pub nodes: u64,
    /// Cells ("Hash table size").
    pub cells: u64,
    /// Heap pages taken from the buffer pool.
    pub heap_pages: u64,
    /// X-latched now.
    pub x_held: bool,
    /// S holders now.
    pub readers: u32,
    /// Threads asleep waiting for it.
    pub sleepers: u32,
    /// Cumulative X spin waits and OS waits.
    pub x_spin_waits: u64,
    /// Cumulative OS waits (exclusive).
    pub x_os_waits: u64,
}

impl Engine {
    fn status_base(&self) -> StatusBase {
        let a = self.ahi.counters();
        let b = self.bp.counters();
        StatusBase {
            t: self.now,
            hash: a.adaptive_hash_searches,
            btree: a.adaptive_hash_searches_btree,
            young: b.pages_made_young,
            not_young: b.pages_made_not_young,
            reads: b.reads,
            created: b.pages_created,
            written: b.pages_written,
            requests: b.read_requests,
            rows_read: self.stats.rows_read,
            inserted: self.stats.rows_inserted,
            updated: self.stats.rows_updated,
            deleted: self.stats.rows_deleted,
            log_writes: self.log_dev.counters().writes,
        }
    }

    /// One byte per client thread: 0 idle, 1 running, 2 waiting for a core,
    /// 3 waiting for IO, 4 spinning on a latch, 5 asleep on a latch,
    /// 6 "Waiting for query cache lock".
    pub fn thread_states(&self) -> Vec<u8> {
        use super::session::ThreadState as T;
        self.sessions
            .iter()
            .map(|s| match s.state {
                T::Idle => 0,
                T::Running => 1,
                T::WaitCpu => 2,
                T::WaitIo => 3,
                T::Spinning => 4,
                T::SleepingOnLatch => 5,
                T::WaitQcLock => 6,
            })
            .collect()
    }

    /// The AHI partitions with their latch state.
    // #[inline]: compiled in the crate that calls it, the JS boundary (api/, built
    // for size, issue #2); it is read between simulation slices, never inside one.
    #[inline]
    pub fn ahi_parts(&self) -> Vec<AhiPart> {
        self.ahi
            .part_stats()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let l = &self.ahi_latches[i.min(self.ahi_latches.len().saturating_sub(1))];
                AhiPart {
                    part: i,
                    nodes: p.nodes,
                    cells: p.cells,
                    heap_pages: p.heap_pages,
                    x_held: l.x_held(),
                    readers: l.readers(),
                    sleepers: l.sleepers().count() as u32,
                    x_spin_waits: l.stats.x_spin_waits,
                    x_os_waits: l.stats.x_os_waits,
                }
            })
            .collect()
    }

    /// The STATUS text; `base` holds the previous call's counters and is updated.
    // #[inline]: compiled in the crate that calls it, the JS boundary (api/, built
    // for size, issue #2); it is read between simulation slices, never inside one.
    #[inline]
    pub fn status_text(&self, base: &mut StatusBase) -> String {
        let now = self.status_base();
        let secs = ((now.t.saturating_sub(base.t)) as f64 / SEC as f64).max(1e-9);
        let per_s = |a: u64, b: u64| Fixed(a.saturating_sub(b) as f64 / secs, 2);
        let mut o = String::new();
        let line = "=====================================";
        let _ = writeln!(
            o,
            "{line}\nINNODB MONITOR OUTPUT (simulated, t = {} s)\n{line}",
            Fixed(now.t as f64 / SEC as f64, 3)
        );
        let _ = writeln!(
            o,
            "Per second averages calculated from the last {} seconds",
            Fixed(secs, 2)
        );
        let _ = writeln!(o, "----------\nSEMAPHORES\n----------");
        let (mut xs, mut xr, mut xo, mut ss, mut sr, mut so) = (0, 0, 0, 0, 0, 0);
        for l in &self.ahi_latches {
            xs += l.stats.x_spin_waits;
            xr += l.stats.x_spin_rounds;
            xo += l.stats.x_os_waits;
            ss += l.stats.s_spin_waits;
            sr += l.stats.s_spin_rounds;
            so += l.stats.s_os_waits;
        }
        let _ = writeln!(o, "RW-shared spins {ss}, rounds {sr}, OS waits {so}");
        let _ = writeln!(o, "RW-excl spins {xs}, rounds {xr}, OS waits {xo}");
        let spr = |r: u64, w: u64| Fixed(if w == 0 { 0.0 } else { r as f64 / w as f64 }, 2);
        let _ = writeln!(
            o,
            "Spin rounds per wait: {} RW-shared, {} RW-excl",
            spr(sr, ss),
            spr(xr, xs)
        );
        for (i, p) in self.ahi_parts().iter().enumerate() {
            if p.sleepers > 0 || p.x_held {
                let _ = writeln!(
                    o,
                    "--Thread(s) waiting on the AHI latch of partition {i}: {} asleep; X-latched: {}",
                    p.sleepers,
                    if p.x_held { "yes" } else { "no" }
                );
            }
        }
        let qc_waiting = self
            .sessions
            .iter()
            .filter(|s| s.state == super::session::ThreadState::WaitQcLock)
            .count();
        if qc_waiting > 0 || self.qc_lock.holder().is_some() {
            // SHOW PROCESSLIST's State column for these threads
            let _ = writeln!(
                o,
                "--{qc_waiting} thread(s) in state \"Waiting for query cache lock\"; query cache lock held: {}",
                if self.qc_lock.holder().is_some() { "yes" } else { "no" }
            );
        }
        let _ = writeln!(o, "-------------------------------------\nINSERT BUFFER AND ADAPTIVE HASH INDEX\n-------------------------------------");
        if let Some(role) = self.scenario.server.aurora_role {
            // The parameter group holds the variable; SHOW GLOBAL VARIABLES on the
            // node reports the value in effect (a reader's AHI cannot be enabled).
            // Short lines: side by side, the A/B boxes show ~45 characters.
            let on = |b: bool| if b { "ON" } else { "OFF" };
            let _ = writeln!(
                o,
                "Aurora {}: innodb_adaptive_hash_index\n  in the parameter group: {}\n  in effect (SHOW GLOBAL VARIABLES): {}",
                match role {
                    crate::scenario::AuroraRole::Writer => "writer",
                    crate::scenario::AuroraRole::Reader => "reader",
                },
                on(self.scenario.server.innodb_adaptive_hash_index),
                on(self.ahi.enabled())
            );
        }
        // Every partition, whether the AHI is on or off: srv_printf_innodb_monitor() loops
        // over them with no check of btr_search_enabled (the tables stay allocated when it
        // is switched off; their heaps are emptied). No server prints "disabled" here.
        for p in self.ahi.part_stats() {
            let _ = writeln!(
                o,
                "Hash table size {}, node heap has {} buffer(s)",
                p.cells, p.heap_pages
            );
        }
        let _ = writeln!(
            o,
            "{} hash searches/s, {} non-hash searches/s",
            per_s(now.hash, base.hash),
            per_s(now.btree, base.btree)
        );
        let _ = writeln!(o, "---\nLOG\n---");
        let oldest = self.bp.oldest_modification().unwrap_or(self.redo.lsn);
        let _ = writeln!(o, "Log sequence number          {}", self.redo.lsn);
        let _ = writeln!(o, "Log flushed up to            {}", self.redo.lsn);
        let _ = writeln!(o, "Pages flushed up to          {oldest}");
        let _ = writeln!(
            o,
            "Last checkpoint at           {}",
            self.redo.last_checkpoint_lsn
        );
        let l = &self.redo.limits;
        let _ = writeln!(
            o,
            "Checkpoint age {}, modified age {}; async point {}, sync point {}, max checkpoint age {}",
            self.redo.checkpoint_age(),
            self.redo.lsn - oldest,
            l.max_modified_age_async,
            l.max_modified_age_sync,
            l.max_checkpoint_age
        );
        let _ = writeln!(
            o,
            "{} log i/o's done, {} log i/o's/second",
            self.log_dev.counters().writes,
            per_s(self.log_dev.counters().writes, base.log_writes)
        );
        let _ = writeln!(
            o,
            "{} checkpoints; flushing: {}; {} thread(s) waiting for flushing",
            self.redo.checkpoints,
            self.flush.policy.name(),
            self.threads_waiting_flush()
        );
        let b = self.bp.counters();
        let n = self.bp.config().n_frames;
        let _ = writeln!(
            o,
            "----------------------\nBUFFER POOL AND MEMORY\n----------------------"
        );
        let _ = writeln!(
            o,
            "Buffer pool size   {n}\nFree buffers       {}\nDatabase pages     {}",
            b.free_len, b.lru_len
        );
        let _ = writeln!(
            o,
            "Old database pages {}\nModified db pages  {}",
            b.old_len, b.dirty_len
        );
        let _ = writeln!(
            o,
            "Pages made young {}, not young {}",
            b.pages_made_young, b.pages_made_not_young
        );
        let _ = writeln!(
            o,
            "{} youngs/s, {} non-youngs/s",
            per_s(now.young, base.young),
            per_s(now.not_young, base.not_young)
        );
        let _ = writeln!(
            o,
            "Pages read {}, created {}, written {}",
            b.reads, b.pages_created, b.pages_written
        );
        let _ = writeln!(
            o,
            "{} reads/s, {} creates/s, {} writes/s",
            per_s(now.reads, base.reads),
            per_s(now.created, base.created),
            per_s(now.written, base.written)
        );
        let gets = now.requests.saturating_sub(base.requests);
        let reads = now.reads.saturating_sub(base.reads);
        match (1000 * reads).checked_div(gets) {
            // buf_print_io_instance: 1000 - 1000·Δreads/Δgets
            Some(miss) => {
                let _ = writeln!(o, "Buffer pool hit rate {} / 1000", 1000 - miss.min(1000));
            }
            None => {
                let _ = writeln!(o, "No buffer pool page gets since the last printout");
            }
        }
        let _ = writeln!(o, "--------------\nROW OPERATIONS\n--------------");
        // srv_printf_innodb_monitor() prints srv_conc_get_active_threads() and
        // srv_conc_get_waiting_threads(): the threads admitted under, and queued for,
        // innodb_thread_concurrency. That limit is 0 here (the default, not modelled), and
        // innobase_srv_conc_enter_innodb() admits no one through srv_conc when it is 0, so
        // both stay 0 however busy the server is (threads waiting for a CPU are the OS's
        // queue, not this one; the client threads view shows them).
        let _ = writeln!(o, "0 queries inside InnoDB, 0 queries in queue");
        let _ = writeln!(
            o,
            "Number of rows inserted {}, updated {}, deleted {}, read {}",
            self.stats.rows_inserted,
            self.stats.rows_updated,
            self.stats.rows_deleted,
            self.stats.rows_read
        );
        let _ = writeln!(
            o,
            "{} inserts/s, {} updates/s, {} deletes/s, {} reads/s",
            per_s(now.inserted, base.inserted),
            per_s(now.updated, base.updated),
            per_s(now.deleted, base.deleted),
            per_s(now.rows_read, base.rows_read)
        );
        let _ = writeln!(o, "----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================");
        *base = now;
        o
    }
}
