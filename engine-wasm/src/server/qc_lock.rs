//! The MySQL query cache lock in the statement program: one global lock
//! (sim::cond_lock). A lookup or store that finds it taken sleeps on the condition
//! for at most 50 ms and then goes on without the cache; appends, end-of-result and
//! invalidation wait as long as it takes. Every thread that waits gives its core
//! back and, once signalled, needs the kernel to wake it and a core before it can
//! look again. Each step runs inside the lock's `structure_guard_mutex`
//! (sim::mutex, glibc's adaptive type as MySQL creates it): `try_lock` locks it to
//! test and set the state, a woken or timed-out waiter re-locks it, `unlock` locks
//! it to set UNLOCKED and signal; a taken mutex is spun for on the core, then slept
//! on. With thousands of clients on a few dozen cores the lock is the bottleneck
//! and the convoy forms by itself. Aurora (conceptual) has no global lock.

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{Phase, QcMx, QcOp, ThreadState};
use crate::query_cache::QueryCache;
use crate::sim::cpu::Tid;
use crate::sim::mutex::MxAcquire;
use crate::sim::{Nanos, MS};

/// `try_lock(TIMEOUT)` gives up after 50 ms (`set_timespec_nsec(waittime, 50000000)`).
pub const QC_LOCK_TIMEOUT_NS: Nanos = 50 * MS;

/// One critical section of `structure_guard_mutex` (test and set the state in
/// `try_lock`, set it and signal in `unlock`, enter or leave a condition wait):
/// one of the two mutex operations `QC_MUTEX_NS` prices per acquisition.
pub const QC_MX_SECTION_NS: Nanos = QC_MUTEX_NS / 2;

impl Engine {
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
    pub(super) fn qc_mx_after_spin(&mut self, tid: Tid) {
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
    pub(super) fn qc_mx_held(&mut self, tid: Tid, before: Nanos) {
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
    #[inline(never)]
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
}
