//! A lock built from a mutex and a condition variable, as MySQL 5.7's query cache
//! builds its one global lock (`Query_cache::try_lock`, `lock`, `unlock` in
//! `sql_cache.cc`): a state word (UNLOCKED / LOCKED) guarded by
//! `structure_guard_mutex`, and `COND_cache_status_changed` for waiters.
//!
//! - `try_lock(TIMEOUT)` (lookups, `store_query`): if LOCKED, wait on the condition
//!   for at most 50 ms, then give up (the statement runs without the cache). Each
//!   wake-up that finds the lock taken again waits a fresh 50 ms, as the source sets
//!   the time-out inside its loop.
//! - `try_lock(WAIT)` (result appends, `end_of_result`) and `lock()` (invalidation):
//!   wait as long as it takes.
//! - `unlock()` sets UNLOCKED and signals ONE waiter (`mysql_cond_signal`); that
//!   thread must be woken by the kernel and get a core before it re-checks, and a
//!   running thread may take the lock first (barging).
//! - Every one of these steps runs inside `structure_guard_mutex` ([`Mutex`], a
//!   glibc adaptive pthread mutex): `try_lock` locks it to test and set the state,
//!   the condition wait releases it while asleep and re-locks it on waking (after a
//!   signal or the time-out) before the state is tested again, and `unlock` locks
//!   it to set UNLOCKED and signal. So the holder's unlock, every arrival and every
//!   woken waiter queue for the same mutex.
//!
//! The lock decides; the server turns its decisions into events and core use.
//! Waiters time out lazily: a waiter's entry carries the generation of its wait,
//! and a timed-out or woken wait bumps the thread's generation, so stale entries are
//! skipped when the lock signals (O(1) per operation with thousands of waiters).

use super::cpu::Tid;
use super::mutex::Mutex;
use std::collections::VecDeque;

/// How a thread asks for the lock (`Query_cache::Cache_try_lock_mode` and `lock()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockMode {
    /// `try_lock(TIMEOUT)`: wait at most 50 ms per wait.
    Timeout,
    /// `try_lock(WAIT)` / `lock()`: wait until granted.
    Wait,
}

/// Counters of the lock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CondLockStats {
    /// Times granted.
    pub acquisitions: u64,
    /// Requests that found it LOCKED and went to sleep on the condition.
    pub waits: u64,
    /// Timed waits that gave up after 50 ms.
    pub timeouts: u64,
    /// Signals that woke a waiter.
    pub signals: u64,
}

/// The lock word and the condition's wait queue.
#[derive(Clone, Debug, Default)]
pub struct CondLock {
    holder: Option<Tid>,
    /// (thread, generation of its wait), in arrival order; entries whose
    /// generation is stale are skipped.
    queue: VecDeque<(Tid, u32)>,
    /// Live waiters (entries not stale).
    waiting: u32,
    /// Counters.
    pub stats: CondLockStats,
    /// `structure_guard_mutex`, which guards the state word and the condition.
    pub mutex: Mutex,
}

impl CondLock {
    /// The holder, if LOCKED.
    pub fn holder(&self) -> Option<Tid> {
        self.holder
    }

    /// Threads asleep on the condition.
    pub fn waiting(&self) -> u32 {
        self.waiting
    }

    /// Takes the lock if UNLOCKED.
    pub fn try_acquire(&mut self, tid: Tid) -> bool {
        if self.holder.is_none() {
            self.holder = Some(tid);
            self.stats.acquisitions += 1;
            true
        } else {
            false
        }
    }

    /// The lock was taken: `tid` sleeps on the condition (its wait `generation`).
    pub fn wait(&mut self, tid: Tid, generation: u32) {
        self.queue.push_back((tid, generation));
        self.waiting += 1;
        self.stats.waits += 1;
    }

    /// A waiter left the queue on its own (its 50 ms ran out): its entry is stale
    /// from now on (the caller bumps the thread's generation).
    pub fn timed_out(&mut self) {
        self.waiting = self.waiting.saturating_sub(1);
        self.stats.timeouts += 1;
    }

    /// `unlock()`: UNLOCKED, and one live waiter is signalled. `current` tells
    /// whether an entry's generation is still the thread's current one.
    pub fn release(&mut self, current: impl Fn(Tid, u32) -> bool) -> Option<Tid> {
        self.holder = None;
        while let Some((t, g)) = self.queue.pop_front() {
            if current(t, g) {
                self.waiting = self.waiting.saturating_sub(1);
                self.stats.signals += 1;
                return Some(t);
            }
        }
        None
    }

    /// Entries in the queue (stale ones included), for bounds in soak tests.
    pub fn queue_len(&self) -> usize {
        self.queue.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_waiter_is_signalled_per_unlock_and_stale_entries_are_skipped() {
        let mut l = CondLock::default();
        assert!(l.try_acquire(0));
        assert!(!l.try_acquire(1));
        l.wait(1, 7);
        l.wait(2, 3);
        l.wait(3, 1);
        assert_eq!(l.waiting(), 3);
        // thread 1 timed out: its generation moved on to 8
        l.timed_out();
        let gens = [0u32, 8, 3, 1];
        let woken = l.release(|t, g| gens[t as usize] == g);
        assert_eq!(woken, Some(2));
        assert_eq!(l.holder(), None);
        assert_eq!(l.waiting(), 1);
        // a running thread barges in before the woken one runs
        assert!(l.try_acquire(5));
        assert_eq!(l.stats.acquisitions, 2);
        assert_eq!(l.stats.timeouts, 1);
        assert_eq!(l.stats.signals, 1);
    }
}
