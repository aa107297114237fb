//! The query cache in the statement program: it applies to every cacheable
//! SELECT of any script (script.rs). A SELECT with the cache on: read the packet, look it up under
//! the lock (`send_result_to_client`, before parsing); on a hit send the stored
//! packets and stop; on a miss parse, register the query (`store_query`), execute,
//! then append the result (`query_cache_insert`) and complete it
//! (`query_cache_end_of_result`), each under its own acquisition of the lock. A
//! write drops the table's queries (`invalidate_table`, at COMMIT in a
//! transaction, at the end of an autocommit write) under the blocking `lock()`.
//!
//! MySQL's global lock and its `structure_guard_mutex`: qc_lock.rs; the key, the
//! result's size and the answer it carries: qc_key.rs. Aurora (conceptual): the
//! same operations with no global lock (they never wait).

use super::cost::*;
use super::engine::{Engine, Ev};
use super::qc_lock::QC_MX_SECTION_NS;
use super::session::{Phase, QcMx, QcOp, Stmt, ThreadState};
use crate::query_cache::{Entry, Lookup, QcEvent, QueryCache};
use crate::sim::cpu::Tid;
use crate::sim::Nanos;
use crate::trace::TraceKind;

impl Engine {
    /// Starts a SELECT on the query cache path (after the packet is read).
    pub(super) fn qc_begin_select(&mut self, tid: Tid) {
        self.qc_build_key(tid);
        let s = &mut self.sessions[tid as usize];
        s.qc_op = QcOp::Lookup;
        s.qc_mx = QcMx::TryLock;
        s.phase = Phase::QcRequest;
        // what is left of the statement's CPU after the packet read and the parse
        s.extra_cost = STATEMENT_NS - NET_READ_NS - SQL_PARSE_NS;
        self.run_cpu(tid, NET_READ_NS);
    }

    /// Enters `try_lock` / `lock` for the thread's `qc_op` (the thread is on a
    /// core; `carry` is CPU it still has to spend first, folded into its next step).
    pub(super) fn qc_try_lock(&mut self, tid: Tid, carry: Nanos) {
        self.sessions[tid as usize].qc_mx = QcMx::TryLock;
        self.qc_request(tid, carry);
    }
    /// The lock is held: do the operation now and hold the lock for its CPU time
    /// (after `before` ns of the thread's CPU: the mutex section, any spin).
    pub(super) fn qc_hold(&mut self, tid: Tid, before: Nanos) {
        let op = self.sessions[tid as usize].qc_op;
        self.qc_ev.clear();
        let mut cost = before;
        if !matches!(self.qc, QueryCache::Mysql(_)) {
            // a shard's own mutex, uncontended
            cost += QC_MUTEX_NS;
        }
        match op {
            QcOp::Lookup => {
                cost += QC_HASH_NS;
                let key = std::mem::take(&mut self.sessions[tid as usize].qc_key);
                // A SELECT between BEGIN and COMMIT: MySQL asks InnoDB (the table's
                // callback); an autocommit lookup uses the result unasked. Refused,
                // the statement gets no result, and the store asks again
                // (ask_handler_allowance, qc_innodb.rs).
                let in_trans = self.script.first().is_some_and(|s| s.stmt == Stmt::Begin);
                let refused = in_trans
                    && matches!(self.qc, QueryCache::Mysql(_))
                    && !self.qc_innodb_allows(tid);
                let found = if refused {
                    Lookup::Miss
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

    /// InnoDB's answer for the thread's statement (qc_innodb.rs). Out of line: the
    /// lookup and the store both ask, and each copy cost wasm bytes.
    #[inline(never)]
    fn qc_innodb_allows(&mut self, tid: Tid) -> bool {
        let s = &mut self.sessions[tid as usize];
        self.qc_gate.permitted(&mut s.trx_qc, s.table_no)
    }

    /// Stamps the answer a result carries (the row's version when it was read).
    fn qc_set_value(&mut self, id: u32, g: u32, tid: Tid) {
        let v = self.qc_answer(tid);
        self.qc.set_value(id, g, v);
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
            Phase::QcRequest => self.qc_request(tid, 0),
            Phase::QcMutexSpin => self.qc_mx_after_spin(tid),
            Phase::QcHeld => {
                if matches!(self.qc, QueryCache::Mysql(_)) {
                    self.sessions[tid as usize].qc_mx = QcMx::Unlock;
                    self.qc_request(tid, 0);
                } else {
                    self.qc_after(tid, 0);
                }
            }
            Phase::QcParse => {
                // is_cacheable, then InnoDB's ask_handler_allowance (MySQL)
                let allowed =
                    !matches!(self.qc, QueryCache::Mysql(_)) || self.qc_innodb_allows(tid);
                if self.qc_cacheable() && allowed {
                    self.sessions[tid as usize].qc_op = QcOp::Store;
                    self.qc_try_lock(tid, 0);
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

    /// After an operation (done under the lock, or given up), on the core: the
    /// next step, with `carry` ns of CPU (the mutex sections, spins) added to it.
    pub(super) fn qc_after(&mut self, tid: Tid, carry: Nanos) {
        let op = self.sessions[tid as usize].qc_op;
        match op {
            QcOp::Lookup if self.sessions[tid as usize].qc_hit => {
                // hits++; send the stored packets
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::Finish;
                s.extra_cost = NET_WRITE_NS;
                self.qc_continue(tid, carry + NET_WRITE_NS);
            }
            QcOp::Lookup => {
                // a miss (or a lookup given up): the statement is executed, Com_select
                self.stats.selects += 1;
                self.sessions[tid as usize].phase = Phase::QcParse;
                self.qc_continue(tid, carry + SQL_PARSE_NS);
            }
            QcOp::Store => {
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::Locate;
                s.extra_cost += carry;
                self.locate_and_act(tid);
            }
            QcOp::Append => {
                if self.sessions[tid as usize].qc_reg.is_some() {
                    self.sessions[tid as usize].qc_op = QcOp::End;
                    self.qc_try_lock(tid, carry);
                } else {
                    self.qc_statement_done(tid, carry);
                }
            }
            QcOp::End => self.qc_statement_done(tid, carry),
            QcOp::Invalidate => {
                self.sessions[tid as usize].trx_wrote = false;
                self.qc_statement_done(tid, carry);
            }
        }
    }

    /// Continues on the core with a CPU step of `cost` (the phase is set).
    fn qc_continue(&mut self, tid: Tid, cost: Nanos) {
        let s = &mut self.sessions[tid as usize];
        s.state = ThreadState::Running;
        s.pending_cost = cost;
        self.queue.push(self.now + cost, Ev::Cpu(tid));
    }

    /// The statement's query cache work after execution is over: give the core
    /// back and commit. `carry` is the last unlock's mutex CPU: one section is
    /// counted as core time without an event; a spin before it (contention) keeps
    /// the core for its length first.
    fn qc_statement_done(&mut self, tid: Tid, carry: Nanos) {
        if carry > QC_MX_SECTION_NS {
            let s = &mut self.sessions[tid as usize];
            // Phase::Finish: nothing left before the commit (no result, no writes)
            s.phase = Phase::Finish;
            self.qc_continue(tid, carry);
            return;
        }
        self.cpu.busy_ns += carry;
        self.release_core();
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
            self.qc_try_lock(tid, 0);
            return true;
        }
        // the writes become visible at the end of a writing transaction (decided at
        // the statement's start, exec.rs ends_writing_trx): COMMIT, or an
        // autocommit write
        if s.log_commit && s.trx_wrote {
            if self.qc.active() {
                self.sessions[tid as usize].qc_op = QcOp::Invalidate;
                self.qc_try_lock(tid, 0);
                return true;
            }
            self.apply_updates(tid);
            self.sessions[tid as usize].trx_wrote = false;
        }
        false
    }
}

/// The database every statement runs in (sysbench's default `sbtest`).
pub const QC_DB: &str = "sbtest";
