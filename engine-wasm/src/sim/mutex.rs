//! A pthread mutex as glibc runs the mutexes MySQL creates with
//! `MY_MUTEX_INIT_FAST` (5.7 `my_thr_init.c`: `PTHREAD_MUTEX_ADAPTIVE_NP` where
//! glibc defines it, as on Linux), such as the query cache's
//! `structure_guard_mutex`:
//!
//! - `pthread_mutex_lock`: one compare-and-swap takes a free mutex (no event, no
//!   wait). A taken mutex is retried up to `max_cnt = min(MAX_ADAPTIVE_COUNT = 100,
//!   __spins * 2 + 10)` times, each retry one PAUSE and one CAS, on the core; the
//!   mutex's `__spins` moves 1/8 of the way to the retries this call needed. Past
//!   `max_cnt` the thread sleeps on the futex (`__lll_lock_wait`), giving its core
//!   back.
//! - `pthread_mutex_unlock`: the word goes back to 0; if a thread is asleep on it
//!   (the word said "contended"), `futex_wake` wakes one. The woken thread needs
//!   the kernel's wake-up latency and a core, then swaps the word again: free → it
//!   holds it; taken (a running thread got there first) → it sleeps again, without
//!   spinning.
//!
//! A glibc "normal" mutex (`PTHREAD_MUTEX_NORMAL`, the default type) is the same
//! without the retries: a failed CAS goes straight to the futex ([`MutexKind`]).
//!
//! Time without events: a holder's critical section is a known span, so the mutex
//! keeps `free_at`, the end of the last section granted, and grants in arrival
//! order: a request at `now` starts at `max(now, free_at)`, and the wait (if any)
//! is spun on the caller's core inside its CPU step. Only a thread that must
//! sleep creates events (its wake-up at the end of the section that wakes it).

use super::cpu::Tid;
use super::latch::SpinConfig;
use super::Nanos;
use std::collections::VecDeque;

/// glibc's `MAX_ADAPTIVE_COUNT` (nptl `pthreadP.h`): at most 100 retries.
pub const MAX_ADAPTIVE_COUNT: u32 = 100;

/// A compare-and-swap on a cache line another core holds: one cross-core line
/// transfer, ~100 ns on a two-socket server (the same figure the server's cost
/// table uses for an uncontended mutex operation whose line moves between cores).
pub const CAS_LINE_TRANSFER_NS: Nanos = 100;

/// One adaptive retry: a PAUSE (`BUSY_WAIT_NOP`, `rep; nop`) and a CAS. A PAUSE is
/// 1/50 of InnoDB's `ut_delay(1)` unit (50 PAUSEs, see [`SpinConfig`]).
pub fn adaptive_retry_ns() -> Nanos {
    SpinConfig::default().unit_ns / 50 + CAS_LINE_TRANSFER_NS
}

/// The glibc mutex type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MutexKind {
    /// `PTHREAD_MUTEX_ADAPTIVE_NP`: bounded spinning, then the futex. MySQL's
    /// `MY_MUTEX_INIT_FAST` mutexes on Linux.
    #[default]
    Adaptive,
    /// `PTHREAD_MUTEX_NORMAL`: a failed CAS sleeps on the futex at once.
    Normal,
}

/// What a lock request got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MxAcquire {
    /// Held: the critical section starts after `wait` ns of spinning (0: it was free).
    Granted {
        /// Spin before the section starts.
        wait: Nanos,
    },
    /// Still taken after `max_cnt` retries: spin this long, then call
    /// [`Mutex::lock_or_sleep`].
    SpinThenSleep(Nanos),
}

/// Counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MutexStats {
    /// Critical sections granted.
    pub acquisitions: u64,
    /// Requests that found it taken and spun.
    pub spins: u64,
    /// Futex sleeps (`FUTEX_WAIT`).
    pub sleeps: u64,
    /// Futex wake-ups (`FUTEX_WAKE` that woke a sleeper).
    pub wakes: u64,
}

/// One mutex.
#[derive(Clone, Debug, Default)]
pub struct Mutex {
    /// Adaptive or normal.
    pub kind: MutexKind,
    /// End of the last critical section granted (free from then on).
    free_at: Nanos,
    /// glibc's `__data.__spins`: the running average of retries needed.
    spins: u32,
    /// Threads asleep on the futex with no wake-up assigned yet, in order.
    sleepers: VecDeque<Tid>,
    /// Ends of granted sections not yet past whose unlock wakes nobody yet.
    ends: VecDeque<Nanos>,
    /// Counters.
    pub stats: MutexStats,
}

impl Mutex {
    /// When the mutex is free again (end of the last granted section).
    pub fn free_at(&self) -> Nanos {
        self.free_at
    }

    /// Threads asleep on the futex (waiting for a wake-up to be assigned).
    pub fn sleepers(&self) -> usize {
        self.sleepers.len()
    }

    /// Grants a section of `len` from `max(now, free_at)`; if a thread sleeps on
    /// the futex, this section's unlock wakes it: returns (start, woken thread and
    /// the time of its `futex_wake`).
    fn grant(&mut self, now: Nanos, len: Nanos) -> (Nanos, Option<(Tid, Nanos)>) {
        let start = now.max(self.free_at);
        let end = start + len;
        self.free_at = end;
        self.stats.acquisitions += 1;
        while self.ends.front().is_some_and(|&e| e <= now) {
            self.ends.pop_front();
        }
        match self.sleepers.pop_front() {
            Some(t) => {
                self.stats.wakes += 1;
                (start, Some((t, end)))
            }
            None => {
                self.ends.push_back(end);
                (start, None)
            }
        }
    }

    /// `pthread_mutex_lock` of an adaptive mutex for a section of `len` ns, by a
    /// thread on a core at `now`. `wake` receives a sleeper this section's unlock
    /// wakes (thread, time of the wake).
    pub fn lock(&mut self, now: Nanos, len: Nanos, wake: &mut Option<(Tid, Nanos)>) -> MxAcquire {
        if self.free_at <= now {
            // the uncontended CAS
            let (_, w) = self.grant(now, len);
            *wake = w;
            return MxAcquire::Granted { wait: 0 };
        }
        if self.kind == MutexKind::Normal {
            // no retries: the caller swaps once and sleeps (`__lll_lock_wait`)
            return MxAcquire::SpinThenSleep(0);
        }
        self.stats.spins += 1;
        let retry = adaptive_retry_ns();
        let max_cnt = MAX_ADAPTIVE_COUNT.min(self.spins * 2 + 10);
        let wait = self.free_at - now;
        let cnt = wait.div_ceil(retry);
        if cnt <= max_cnt as u64 {
            self.average_spins(cnt as u32);
            let (start, w) = self.grant(now, len);
            *wake = w;
            MxAcquire::Granted { wait: start - now }
        } else {
            self.average_spins(max_cnt + 1);
            MxAcquire::SpinThenSleep(max_cnt as u64 * retry)
        }
    }

    /// `__spins += (cnt - __spins) / 8`.
    fn average_spins(&mut self, cnt: u32) {
        let s = self.spins as i64;
        self.spins = (s + (cnt as i64 - s) / 8).max(0) as u32;
    }

    /// `__lll_lock_wait`: swap the word once. Free → granted now (a section of
    /// `len`; `wake` as in [`Mutex::lock`]); taken → the thread sleeps on the futex:
    /// `Err(Some(t))` when the section in progress (or a later one already granted)
    /// will wake it at `t`, `Err(None)` when a later grant will.
    pub fn lock_or_sleep(
        &mut self,
        tid: Tid,
        now: Nanos,
        len: Nanos,
        wake: &mut Option<(Tid, Nanos)>,
    ) -> Result<(), Option<Nanos>> {
        if self.free_at <= now {
            let (_, w) = self.grant(now, len);
            *wake = w;
            return Ok(());
        }
        self.stats.sleeps += 1;
        while self.ends.front().is_some_and(|&e| e <= now) {
            self.ends.pop_front();
        }
        match self.ends.pop_front() {
            Some(end) => {
                self.stats.wakes += 1;
                Err(Some(end))
            }
            None => {
                self.sleepers.push_back(tid);
                Err(None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_mutex_is_granted_at_once_and_sections_queue_in_order() {
        let mut m = Mutex::default();
        let mut w = None;
        assert_eq!(m.lock(1_000, 125, &mut w), MxAcquire::Granted { wait: 0 });
        assert_eq!(m.free_at(), 1_125);
        // a second thread 25 ns later spins 100 ns (one retry) and goes next
        assert_eq!(m.lock(1_025, 125, &mut w), MxAcquire::Granted { wait: 100 });
        assert_eq!(m.free_at(), 1_250);
        assert_eq!(w, None);
        assert_eq!(m.stats.acquisitions, 2);
        assert_eq!(m.stats.spins, 1);
        // after it, free again without waiting
        assert_eq!(m.lock(2_000, 125, &mut w), MxAcquire::Granted { wait: 0 });
    }

    #[test]
    fn a_long_queue_makes_a_thread_sleep_and_an_unlock_wakes_it() {
        let mut m = Mutex::default();
        let mut w = None;
        // one holder with a 10 µs section: max_cnt starts at 10 retries (1.2 µs)
        assert_eq!(m.lock(0, 10_000, &mut w), MxAcquire::Granted { wait: 0 });
        assert_eq!(
            m.lock(0, 125, &mut w),
            MxAcquire::SpinThenSleep(10 * adaptive_retry_ns())
        );
        // after its spin the word is still taken: asleep, woken by the holder's unlock
        assert_eq!(m.lock_or_sleep(7, 1_200, 125, &mut w), Err(Some(10_000)));
        // a second sleeper has no section left to wake it; the next grant does
        assert_eq!(m.lock_or_sleep(8, 1_300, 125, &mut w), Err(None));
        assert_eq!(m.sleepers(), 1);
        assert_eq!(m.lock(20_000, 125, &mut w), MxAcquire::Granted { wait: 0 });
        assert_eq!(w, Some((8, 20_125)));
        assert_eq!(m.stats.sleeps, 2);
        assert_eq!(m.stats.wakes, 2);
        // a woken thread finds it free and takes it without spinning
        assert_eq!(m.lock_or_sleep(7, 30_000, 125, &mut w), Ok(()));
        // the adaptive average moved toward the 11 retries that failed
        assert_eq!(m.spins, 1);
    }

    #[test]
    fn a_normal_mutex_sleeps_on_the_first_failed_cas() {
        let mut m = Mutex {
            kind: MutexKind::Normal,
            ..Mutex::default()
        };
        let mut w = None;
        assert_eq!(m.lock(0, 125, &mut w), MxAcquire::Granted { wait: 0 });
        assert_eq!(m.lock(50, 125, &mut w), MxAcquire::SpinThenSleep(0));
        assert_eq!(m.lock_or_sleep(3, 50, 125, &mut w), Err(Some(125)));
        assert_eq!(m.stats.spins, 0);
        assert_eq!(m.stats.sleeps, 1);
    }
}
