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
//! and a core before it can look again. Each step runs inside the lock's
//! `structure_guard_mutex` (sim::mutex, glibc's adaptive type as MySQL creates
//! it): `try_lock` locks it to test and set the state, a woken or timed-out waiter
//! re-locks it, `unlock` locks it to set UNLOCKED and signal; a taken mutex is spun
//! for on the core, then slept on. With thousands of clients on a few dozen cores
//! the lock is the bottleneck and the convoy forms by itself.
//! Aurora (conceptual): the same operations with no global lock (they never wait).

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{Phase, QcMx, QcOp, RangeKind, Stmt, ThreadState, RANGE_SIZE};
use crate::query_cache::{Entry, Lookup, QcEvent, QueryCache};
use crate::scenario::{QueryCacheType, SelectHint};
use crate::sim::cpu::Tid;
use crate::sim::mutex::MxAcquire;
use crate::sim::{Nanos, MS};
use crate::trace::TraceKind;
use std::fmt::Write;

/// `try_lock(TIMEOUT)` gives up after 50 ms (`set_timespec_nsec(waittime, 50000000)`).
pub const QC_LOCK_TIMEOUT_NS: Nanos = 50 * MS;

/// One critical section of `structure_guard_mutex` (test and set the state in
/// `try_lock`, set it and signal in `unlock`, enter or leave a condition wait):
/// one of the two mutex operations `QC_MUTEX_NS` prices per acquisition.
pub const QC_MX_SECTION_NS: Nanos = QC_MUTEX_NS / 2;

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

    /// Takes `structure_guard_mutex` for `qc_mx` (MySQL); Aurora has no global
    /// lock and goes straight to the operation.
    pub(super) fn qc_request(&mut self, tid: Tid, carry: Nanos) {
        if !matches!(self.qc, QueryCache::Mysql(_)) {
            self.qc_hold(tid, carry);
            return;
        }
        let mut wake = None;
        let got = self
            .qc_lock
            .mutex
            .lock(self.now, QC_MX_SECTION_NS, &mut wake);
        self.qc_mx_wake(wake);
        match got {
            MxAcquire::Granted { wait } => self.qc_mx_held(tid, carry + wait),
            MxAcquire::SpinThenSleep(0) if carry == 0 => self.qc_mx_after_spin(tid),
            MxAcquire::SpinThenSleep(spin) => {
                // glibc's adaptive retries ran out: one more swap after them
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::QcMutexSpin;
                s.state = if s.qc_mx == QcMx::Unlock {
                    ThreadState::Spinning
                } else {
                    ThreadState::WaitQcLock
                };
                s.pending_cost = carry + spin;
                self.queue.push(self.now + carry + spin, Ev::Cpu(tid));
            }
        }
    }

    /// A futex sleeper on `structure_guard_mutex` that a section's unlock wakes:
    /// it runs after the kernel's wake-up latency.
    fn qc_mx_wake(&mut self, wake: Option<(Tid, Nanos)>) {
        if let Some((t, at)) = wake {
            self.queue.push(at + OS_WAKE_LATENCY_NS, Ev::Wake(t));
        }
    }

    /// After the adaptive spin (or a futex wake-up): `__lll_lock_wait` swaps the
    /// word once; free → held, taken → asleep on the futex, the core given back.
    fn qc_mx_after_spin(&mut self, tid: Tid) {
        let mut wake = None;
        let r = self
            .qc_lock
            .mutex
            .lock_or_sleep(tid, self.now, QC_MX_SECTION_NS, &mut wake);
        self.qc_mx_wake(wake);
        match r {
            Ok(()) => self.qc_mx_held(tid, 0),
            Err(woken_at) => {
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::QcMutexSleep;
                // inside try_lock the stage is "Waiting for query cache lock";
                // unlock() sets none: a thread asleep on a mutex
                s.state = if s.qc_mx == QcMx::Unlock {
                    ThreadState::SleepingOnLatch
                } else {
                    ThreadState::WaitQcLock
                };
                if let Some(at) = woken_at {
                    self.queue.push(at + OS_WAKE_LATENCY_NS, Ev::Wake(tid));
                }
                self.release_core();
            }
        }
    }

    /// Woken on `structure_guard_mutex`'s futex: a core, then one swap.
    pub(super) fn on_qc_mutex_wake(&mut self, tid: Tid) {
        self.sessions[tid as usize].phase = Phase::QcMutexSpin;
        self.run_cpu(tid, CONTEXT_SWITCH_NS);
    }

    /// `structure_guard_mutex` is held for a section starting after `before` ns
    /// of the thread's CPU (spin, carried work): do what the thread took it for
    /// (`Query_cache::try_lock` / `unlock` in 5.7's order).
    fn qc_mx_held(&mut self, tid: Tid, before: Nanos) {
        let spent = before + QC_MX_SECTION_NS;
        match self.sessions[tid as usize].qc_mx {
            QcMx::TryLock => {
                if self.qc_lock.try_acquire(tid) {
                    // UNLOCKED → LOCKED; mutex unlocked; the operation runs
                    self.qc_hold(tid, spent);
                    return;
                }
                // LOCKED: wait on COND_cache_status_changed, which releases the
                // mutex (after this section) and sleeps; timed for lookups and
                // stores (50 ms, set inside the loop).
                let s = &mut self.sessions[tid as usize];
                s.qc_gen = s.qc_gen.wrapping_add(1);
                let gen = s.qc_gen;
                s.phase = Phase::QcWait;
                s.state = ThreadState::WaitQcLock;
                s.pending_cost = spent;
                let timed = matches!(s.qc_op, QcOp::Lookup | QcOp::Store);
                self.qc_lock.wait(tid, gen);
                if timed {
                    self.queue.push(
                        self.now + spent + QC_LOCK_TIMEOUT_NS,
                        Ev::QcTimeout(tid, gen),
                    );
                }
                // the core goes back once the section is over (Phase::QcWait)
                self.queue.push(self.now + spent, Ev::Cpu(tid));
            }
            QcMx::TimedOut => {
                // ETIMEDOUT, seen with the mutex re-locked: go on without the cache
                let s = &mut self.sessions[tid as usize];
                s.qc_hit = false;
                if s.qc_op == QcOp::Store {
                    s.qc_reg = None;
                }
                self.qc_after(tid, spent);
            }
            QcMx::Unlock => {
                // UNLOCKED, mysql_cond_signal inside the section: the signalled
                // waiter runs after the kernel wakes it and must re-lock the mutex.
                let at = self.now + spent;
                let sessions = &self.sessions;
                let woken = self.qc_lock.release(|t, g| {
                    sessions[t as usize].qc_gen == g && sessions[t as usize].phase == Phase::QcWait
                });
                if let Some(t) = woken {
                    let s = &mut self.sessions[t as usize];
                    s.qc_gen = s.qc_gen.wrapping_add(1);
                    self.queue.push(at + OS_WAKE_LATENCY_NS, Ev::Wake(t));
                }
                self.qc_after(tid, spent);
            }
        }
    }

    /// The lock is held: do the operation now and hold the lock for its CPU time
    /// (after `before` ns of the thread's CPU: the mutex section, any spin).
    fn qc_hold(&mut self, tid: Tid, before: Nanos) {
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
        self.qc.set_value(id, g, v);
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
                if self.qc_cacheable() {
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

    /// A signalled waiter runs again: it needs a core, then re-locks the mutex and
    /// tests the state again.
    pub(super) fn on_qc_wake(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::QcRequest;
        s.qc_mx = QcMx::TryLock;
        self.run_cpu(tid, CONTEXT_SWITCH_NS);
    }

    /// A 50 ms wait ran out (`ETIMEDOUT`): the thread gets a core, re-locks the
    /// mutex (the condition wait returns holding it), then goes on without the cache.
    pub(super) fn on_qc_timeout(&mut self, tid: Tid, gen: u32) {
        let s = &self.sessions[tid as usize];
        if s.qc_gen != gen || s.phase != Phase::QcWait {
            return;
        }
        self.qc_lock.timed_out();
        let s = &mut self.sessions[tid as usize];
        s.qc_gen = s.qc_gen.wrapping_add(1);
        s.qc_mx = QcMx::TimedOut;
        s.phase = Phase::QcRequest;
        self.run_cpu(tid, CONTEXT_SWITCH_NS);
    }

    /// After an operation (done under the lock, or given up), on the core: the
    /// next step, with `carry` ns of CPU (the mutex sections, spins) added to it.
    fn qc_after(&mut self, tid: Tid, carry: Nanos) {
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
