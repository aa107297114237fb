//! The query cache in the statement program: it applies to every cacheable
//! SELECT of any script (script.rs). A SELECT with the cache on: read the packet, look it up under
//! the lock (`send_result_to_client`, before parsing); on a hit send the stored
//! packets and stop; on a miss parse, register the query (`store_query`), execute,
//! then append the result (`query_cache_insert`) and complete it
//! (`query_cache_end_of_result`), each under its own acquisition of the lock. A
//! write drops the table's queries (`invalidate_table`, at COMMIT in a
//! transaction, at the end of an autocommit write) under the blocking `lock()`.
//!
//! MySQL: one global lock (sim::cond_lock). A lookup or store that finds it taken
//! sleeps on the condition for at most 50 ms and then goes on without the cache;
//! appends, end-of-result and invalidation wait as long as it takes. Every thread
//! that waits gives its core back and, once signalled, needs the kernel to wake it
//! and a core before it can look again. With thousands of clients on a few dozen
//! cores the lock is the bottleneck and the convoy forms by itself.
//! Aurora (conceptual): the same operations with no global lock (they never wait).

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{Phase, QcOp, RangeKind, Stmt, ThreadState, RANGE_SIZE};
use crate::query_cache::{Entry, Lookup, QcEvent, QueryCache};
use crate::scenario::{QueryCacheType, SelectHint};
use crate::sim::cpu::Tid;
use crate::sim::{Nanos, MS};
use crate::trace::TraceKind;
use std::fmt::Write;

/// `try_lock(TIMEOUT)` gives up after 50 ms (`set_timespec_nsec(waittime, 50000000)`).
pub const QC_LOCK_TIMEOUT_NS: Nanos = 50 * MS;

impl Engine {
    /// The query cache takes part in this SELECT's lookup
    /// (`send_result_to_client`'s checks before the lock: type ≠ OFF, size > 0,
    /// the text starts with SELECT, no `SQL_NO_CACHE`).
    pub(super) fn qc_lookup_applies(&self) -> bool {
        self.qc.active()
            && self.scenario.server.query_cache_type != QueryCacheType::Off
            && self.scenario.workload.select_hint != SelectHint::SqlNoCache
    }

    /// `is_cacheable` for the store: type ON, or DEMAND with `SQL_CACHE`.
    fn qc_cacheable(&self) -> bool {
        match self.scenario.server.query_cache_type {
            QueryCacheType::Off => false,
            QueryCacheType::On => self.scenario.workload.select_hint != SelectHint::SqlNoCache,
            QueryCacheType::Demand => self.scenario.workload.select_hint == SelectHint::SqlCache,
        }
    }

    /// Writes the SELECT's text and key into the session: the statement as
    /// sysbench sends it, byte for byte (any other spelling is another query).
    pub(super) fn qc_build_key(&mut self, tid: Tid) {
        let hint = match self.scenario.workload.select_hint {
            SelectHint::None => "",
            SelectHint::SqlCache => "SQL_CACHE ",
            SelectHint::SqlNoCache => "SQL_NO_CACHE ",
        };
        // a script with BEGIN runs its selects inside a transaction
        let in_trans = self.script.first().is_some_and(|s| s.stmt == Stmt::Begin);
        let s = &mut self.sessions[tid as usize];
        let t = self.table.table_names[s.table_no].as_str();
        let id = s.row_id;
        let last = id.saturating_add(RANGE_SIZE as u32 - 1);
        self.qc_text.clear();
        let _ = match s.stmt {
            Stmt::Secondary => write!(self.qc_text, "SELECT {hint}c FROM {t} WHERE k={id}"),
            Stmt::RandomPoints => {
                // the values as bound, in the statement's order (sorted here: the
                // planned searches; the same set gives the same text)
                let _ = write!(
                    self.qc_text,
                    "SELECT {hint}id, k, c, pad FROM {t} WHERE k IN ("
                );
                for (j, sr) in s.searches.iter().enumerate() {
                    let sep = if j == 0 { "" } else { ", " };
                    let _ = write!(self.qc_text, "{sep}{}", sr.key.first_i32().unwrap_or(0));
                }
                write!(self.qc_text, ")")
            }
            Stmt::Range(RangeKind::Simple) => write!(
                self.qc_text,
                "SELECT {hint}c FROM {t} WHERE id BETWEEN {id} AND {last}"
            ),
            Stmt::Range(RangeKind::Sum) => write!(
                self.qc_text,
                "SELECT {hint}SUM(k) FROM {t} WHERE id BETWEEN {id} AND {last}"
            ),
            Stmt::Range(RangeKind::Order) => write!(
                self.qc_text,
                "SELECT {hint}c FROM {t} WHERE id BETWEEN {id} AND {last} ORDER BY c"
            ),
            Stmt::Range(RangeKind::Distinct) => write!(
                self.qc_text,
                "SELECT {hint}DISTINCT c FROM {t} WHERE id BETWEEN {id} AND {last} ORDER BY c"
            ),
            _ => write!(self.qc_text, "SELECT {hint}c FROM {t} WHERE id={id}"),
        };
        crate::query_cache::build_key(
            &mut s.qc_key,
            self.qc_text.as_bytes(),
            QC_DB.as_bytes(),
            in_trans,
            !in_trans,
        );
    }

    /// Bytes of the current statement's result packets: a point select's one row,
    /// else the rows it sent (`SUM(k)`: one short row).
    fn qc_stmt_result_bytes(&self, tid: Tid) -> u64 {
        let s = &self.sessions[tid as usize];
        match s.stmt {
            Stmt::Point => self.qc_result_bytes,
            Stmt::Range(RangeKind::Sum) => self.qc_result_bytes - self.qc_row_bytes + 4 + 1 + 12,
            _ => {
                self.qc_result_bytes - self.qc_row_bytes
                    + u64::from(s.rows_sent) * self.qc_row_bytes
            }
        }
    }

    /// The answer a result of the current statement carries, to tell a stale hit:
    /// a point select's row version, else the version of its table (any committed
    /// write to it).
    fn qc_answer(&self, tid: Tid) -> u64 {
        let s = &self.sessions[tid as usize];
        match s.stmt {
            Stmt::Point => self.row_version(s.table_no, s.row_id),
            _ => self.table_versions[s.table_no],
        }
    }

    /// Starts a SELECT on the query cache path (after the packet is read).
    pub(super) fn qc_begin_select(&mut self, tid: Tid) {
        self.qc_build_key(tid);
        let s = &mut self.sessions[tid as usize];
        s.qc_op = QcOp::Lookup;
        s.phase = Phase::QcRequest;
        // what is left of the statement's CPU after the packet read and the parse
        s.extra_cost = STATEMENT_NS - NET_READ_NS - SQL_PARSE_NS;
        self.run_cpu(tid, NET_READ_NS);
    }

    /// Asks for the lock for the thread's `qc_op` (the thread is on a core).
    pub(super) fn qc_request(&mut self, tid: Tid) {
        let mysql = matches!(self.qc, QueryCache::Mysql(_));
        if !mysql || self.qc_lock.try_acquire(tid) {
            self.qc_hold(tid);
            return;
        }
        // LOCKED: sleep on COND_cache_status_changed, giving the core back.
        let s = &mut self.sessions[tid as usize];
        s.qc_gen = s.qc_gen.wrapping_add(1);
        let gen = s.qc_gen;
        s.phase = Phase::QcWait;
        s.state = ThreadState::WaitQcLock;
        let timed = matches!(s.qc_op, QcOp::Lookup | QcOp::Store);
        self.qc_lock.wait(tid, gen);
        if timed {
            self.queue
                .push(self.now + QC_LOCK_TIMEOUT_NS, Ev::QcTimeout(tid, gen));
        }
        self.release_core();
    }

    /// The lock is held: do the operation now and hold the lock for its CPU time.
    fn qc_hold(&mut self, tid: Tid) {
        let op = self.sessions[tid as usize].qc_op;
        self.qc_ev.clear();
        let mut cost = QC_MUTEX_NS;
        match op {
            QcOp::Lookup => {
                cost += QC_HASH_NS;
                let key = std::mem::take(&mut self.sessions[tid as usize].qc_key);
                // a SELECT between BEGIN and COMMIT (InnoDB tables are transactional)
                let in_trans = self.script.first().is_some_and(|s| s.stmt == Stmt::Begin);
                let found = if in_trans {
                    self.qc.lookup_in_transaction(&key)
                } else {
                    self.qc.lookup(&key)
                };
                let hit = match found {
                    Lookup::Hit { value, .. } => {
                        let fresh = value == self.qc_answer(tid);
                        debug_assert!(fresh, "stale query cache hit");
                        true
                    }
                    Lookup::Miss => false,
                };
                let s = &mut self.sessions[tid as usize];
                s.qc_key = key;
                s.qc_hit = hit;
            }
            QcOp::Store => {
                cost += 2 * QC_HASH_NS;
                let result_bytes = self.qc_stmt_result_bytes(tid);
                let s = &mut self.sessions[tid as usize];
                let key = std::mem::take(&mut s.qc_key);
                let entry = Entry {
                    key: key.as_slice().into(),
                    result_bytes,
                    value: 0,
                };
                let t = s.table_no;
                let r = self
                    .qc
                    .store_query(&key, &self.qc_table_keys[t], entry, &mut self.qc_ev);
                let s = &mut self.sessions[tid as usize];
                s.qc_key = key;
                s.qc_reg = r.ok();
            }
            QcOp::Append => {
                let (id, g) = self.sessions[tid as usize].qc_reg.unwrap_or((0, 0));
                let bytes = self.qc_stmt_result_bytes(tid);
                if !self.qc.append_result(id, g, bytes, &mut self.qc_ev) {
                    self.sessions[tid as usize].qc_reg = None;
                }
            }
            QcOp::End => {
                let (id, g) = self.sessions[tid as usize].qc_reg.unwrap_or((0, 0));
                self.qc_set_value(id, g, tid);
                self.qc.end_of_result(id, g, &mut self.qc_ev);
                self.sessions[tid as usize].qc_reg = None;
            }
            QcOp::Invalidate => {
                // every table the transaction wrote (invalidate_table per table)
                let tables = self.apply_updates(tid);
                for t in 0..self.qc_table_keys.len() {
                    if tables & (1u128 << t.min(127)) != 0 {
                        let key = std::mem::take(&mut self.qc_table_keys[t]);
                        self.qc.invalidate_table(&key, &mut self.qc_ev);
                        self.qc_table_keys[t] = key;
                    }
                }
            }
        }
        // Freed queries: a hash delete each; block headers touched.
        for e in &self.qc_ev {
            match *e {
                QcEvent::Prune { .. } => cost += QC_HASH_NS,
                QcEvent::Invalidate { queries } => cost += queries * QC_HASH_NS,
                _ => {}
            }
        }
        let ops = match self.qc {
            QueryCache::Mysql(_) => self.qc.take_block_ops(),
            _ => 4,
        };
        cost += ops * QC_BLOCK_NS;
        self.qc_trace();
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::QcHeld;
        s.state = ThreadState::Running;
        s.pending_cost = cost;
        self.queue.push(self.now + cost, Ev::Cpu(tid));
    }

    /// Stamps the answer a result carries (the row's version when it was read).
    fn qc_set_value(&mut self, id: u32, g: u32, tid: Tid) {
        let v = self.qc_answer(tid);
        if let QueryCache::Mysql(c) = &mut self.qc {
            c.set_value(id, g, v);
        } else if let QueryCache::Aurora(c) = &mut self.qc {
            c.set_value(id, g, v);
        }
    }

    /// The version of a row: how many committed updates it has had.
    pub(super) fn row_version(&self, table: usize, row: u32) -> u64 {
        self.row_versions.get(&(table, row)).copied().unwrap_or(0)
    }

    fn qc_trace(&mut self) {
        if !self.tracing {
            return;
        }
        for k in 0..self.qc_ev.len() {
            let what = match self.qc_ev[k] {
                QcEvent::Insert { offset, bytes } => TraceKind::QcInsert { offset, bytes },
                QcEvent::Result { offset, bytes } => TraceKind::QcResult { offset, bytes },
                QcEvent::Prune { offset } => TraceKind::QcPrune { offset },
                QcEvent::Invalidate { queries } => TraceKind::QcInvalidate { queries },
            };
            self.trace.push(self.now, what);
        }
    }

    /// End of a CPU step of the query cache program.
    pub(super) fn on_qc_cpu_done(&mut self, tid: Tid) {
        match self.sessions[tid as usize].phase {
            Phase::QcRequest => self.qc_request(tid),
            Phase::QcHeld => {
                if matches!(self.qc, QueryCache::Mysql(_)) {
                    self.qc_unlock();
                }
                self.qc_after(tid, true);
            }
            Phase::QcParse => {
                if self.qc_cacheable() {
                    self.sessions[tid as usize].qc_op = QcOp::Store;
                    self.qc_request(tid);
                } else {
                    // is_cacheable said no: Qcache_not_cached, outside the lock
                    self.qc.refuse();
                    self.sessions[tid as usize].phase = Phase::Locate;
                    self.locate_and_act(tid);
                }
            }
            _ => {}
        }
    }

    /// `unlock()`: UNLOCKED, one waiter signalled; it runs after the kernel wakes it.
    fn qc_unlock(&mut self) {
        let sessions = &self.sessions;
        let woken = self.qc_lock.release(|t, g| {
            sessions[t as usize].qc_gen == g && sessions[t as usize].phase == Phase::QcWait
        });
        if let Some(t) = woken {
            let s = &mut self.sessions[t as usize];
            s.qc_gen = s.qc_gen.wrapping_add(1);
            self.queue.push(self.now + OS_WAKE_LATENCY_NS, Ev::Wake(t));
        }
    }

    /// A signalled waiter runs again: it needs a core, then checks the lock again.
    pub(super) fn on_qc_wake(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::QcRequest;
        self.run_cpu(tid, CONTEXT_SWITCH_NS);
    }

    /// A 50 ms wait ran out (`ETIMEDOUT`): the statement goes on without the cache.
    pub(super) fn on_qc_timeout(&mut self, tid: Tid, gen: u32) {
        let s = &self.sessions[tid as usize];
        if s.qc_gen != gen || s.phase != Phase::QcWait {
            return;
        }
        self.qc_lock.timed_out();
        let s = &mut self.sessions[tid as usize];
        s.qc_gen = s.qc_gen.wrapping_add(1);
        s.qc_hit = false;
        if s.qc_op == QcOp::Store {
            s.qc_reg = None;
        }
        self.qc_after(tid, false);
    }

    /// After an operation (done under the lock, or given up): the next step.
    /// `on_core` is false after a time-out (the thread must get a core first).
    fn qc_after(&mut self, tid: Tid, on_core: bool) {
        let op = self.sessions[tid as usize].qc_op;
        let switch = if on_core { 0 } else { CONTEXT_SWITCH_NS };
        match op {
            QcOp::Lookup if self.sessions[tid as usize].qc_hit => {
                // hits++; send the stored packets
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::Finish;
                s.extra_cost = NET_WRITE_NS;
                self.qc_continue(tid, switch + NET_WRITE_NS);
            }
            QcOp::Lookup => {
                self.sessions[tid as usize].phase = Phase::QcParse;
                self.qc_continue(tid, switch + SQL_PARSE_NS);
            }
            QcOp::Store => {
                self.sessions[tid as usize].phase = Phase::Locate;
                if on_core {
                    self.locate_and_act(tid);
                } else {
                    self.run_cpu(tid, CONTEXT_SWITCH_NS);
                }
            }
            QcOp::Append => {
                if self.sessions[tid as usize].qc_reg.is_some() {
                    self.sessions[tid as usize].qc_op = QcOp::End;
                    if on_core {
                        self.qc_request(tid);
                    } else {
                        self.sessions[tid as usize].phase = Phase::QcRequest;
                        self.run_cpu(tid, CONTEXT_SWITCH_NS);
                    }
                } else {
                    self.qc_statement_done(tid, on_core);
                }
            }
            QcOp::End => self.qc_statement_done(tid, on_core),
            QcOp::Invalidate => {
                self.sessions[tid as usize].trx_wrote = false;
                self.qc_statement_done(tid, on_core);
            }
        }
    }

    /// Continues on the core with a CPU step of `cost` (the phase is set).
    fn qc_continue(&mut self, tid: Tid, cost: Nanos) {
        let s = &mut self.sessions[tid as usize];
        if s.state == ThreadState::WaitQcLock {
            // off the core (timed out): queue for one
            let phase = s.phase;
            self.run_cpu(tid, cost);
            self.sessions[tid as usize].phase = phase;
            return;
        }
        s.state = ThreadState::Running;
        s.pending_cost = cost;
        self.queue.push(self.now + cost, Ev::Cpu(tid));
    }

    /// The statement's query cache work after execution is over: give the core
    /// back and commit.
    fn qc_statement_done(&mut self, tid: Tid, on_core: bool) {
        if on_core {
            self.release_core();
        }
        self.sessions[tid as usize].state = ThreadState::Running;
        self.commit(tid);
    }

    /// At the end of the statement's CPU (phase Finish): the query cache work that
    /// must happen before the commit, if any. True when it started (an event
    /// continues the statement).
    pub(super) fn qc_before_commit(&mut self, tid: Tid) -> bool {
        let s = &self.sessions[tid as usize];
        if s.qc_reg.is_some() && !s.qc_hit {
            self.sessions[tid as usize].qc_op = QcOp::Append;
            self.qc_request(tid);
            return true;
        }
        // the writes become visible: at COMMIT, or at the end of an autocommit write
        let autocommit = self.script.first().is_some_and(|f| f.stmt != Stmt::Begin);
        let ends_trx = s.stmt == Stmt::Commit || (autocommit && s.stmt != Stmt::Commit);
        if ends_trx && s.trx_wrote {
            if self.qc.active() {
                self.sessions[tid as usize].qc_op = QcOp::Invalidate;
                self.qc_request(tid);
                return true;
            }
            self.apply_updates(tid);
            self.sessions[tid as usize].trx_wrote = false;
        }
        false
    }

    /// The transaction's updates become the rows' current versions (at COMMIT);
    /// returns the tables it wrote (bit t = table t; 127 stands for any beyond).
    fn apply_updates(&mut self, tid: Tid) -> u128 {
        let mut rows = std::mem::take(&mut self.sessions[tid as usize].updated_rows);
        let mut tables = 0u128;
        for &r in &rows {
            *self.row_versions.entry(r).or_insert(0) += 1;
            tables |= 1u128 << r.0.min(127);
        }
        if self.sessions[tid as usize].stmt == Stmt::Insert {
            tables |= 1;
        }
        for (t, v) in self.table_versions.iter_mut().enumerate() {
            if tables & (1u128 << t.min(127)) != 0 {
                *v += 1;
            }
        }
        rows.clear();
        self.sessions[tid as usize].updated_rows = rows;
        tables
    }
}

/// The database every statement runs in (sysbench's default `sbtest`).
pub const QC_DB: &str = "sbtest";
