//! The adaptive hash index in the statement program: the hash lookup before a
//! descent, the advice after it (build a page's hash, or repair a pointer), and the
//! partition X-latch that advice needs — blocking with spin-then-sleep in 5.7 and
//! 8.0.25, try-lock-or-skip in 8.0.30 (Bug #100512). Convoys emerge from the latch.

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{Phase, ThreadState};
use crate::ahi::{Advice, Guess};
use crate::sim::cpu::Tid;
use crate::sim::latch::{Acquire, Mode};
use crate::sim::Nanos;
use crate::storage::key::Key;
use crate::storage::PageNo;

impl Engine {
    /// Tries the hash for a search of `key` in `index` (`btr_search_guess_on_hash`):
    /// the leaf it found, or `None` to descend the B-tree. 5.7 skips the hash while
    /// the partition is X-latched; 8.0.30 S-latches with nowait — both skip, never wait.
    pub(super) fn try_hash(&mut self, tid: Tid, index: u16, key: &Key) -> Option<PageNo> {
        let s = &mut self.sessions[tid as usize];
        s.hash_tried = true;
        if !self.ahi.enabled() {
            return None;
        }
        let part = self.ahi.part_of(index);
        if !self.ahi_latches[part].available(Mode::Shared) {
            return None;
        }
        match self.ahi.guess(index, key, &self.store) {
            Guess::Hit { page } => {
                // A hashed page is always resident: every eviction drops its hash.
                self.bp.access(page, self.now);
                s.extra_cost += HASH_SEARCH_NS;
                Some(page)
            }
            Guess::Fail => {
                s.hash_failed = true;
                s.extra_cost += HASH_SEARCH_NS;
                None
            }
            Guess::NotTried => None,
        }
    }

    /// After a B-tree descent of `key` in `index` to `leaf` (`btr_search_info_update`):
    /// stores the advice and starts the latched work it needs; false when the thread
    /// must wait.
    pub(super) fn after_descent(
        &mut self,
        tid: Tid,
        index: u16,
        key: &Key,
        leaf: PageNo,
        hash_failed: bool,
    ) -> bool {
        let advice = self
            .ahi
            .after_btree_search(index, key, leaf, &self.store, hash_failed);
        match advice {
            Advice::None => true,
            Advice::Build { page, .. } => {
                // The folds are computed before the latch is taken.
                let n = self.store.get(page).map_or(0, |p| p.n_recs()) as Nanos;
                let s = &mut self.sessions[tid as usize];
                s.ahi_work = advice;
                s.phase = Phase::AhiRetry;
                s.pending_cost = n * BUILD_FOLD_NS;
                self.queue.push(self.now + s.pending_cost, Ev::Cpu(tid));
                false
            }
            Advice::UpdateRef { .. } => {
                self.sessions[tid as usize].ahi_work = advice;
                self.request_ahi_latch(tid)
            }
        }
    }

    fn work_part(&self, tid: Tid) -> Option<usize> {
        match self.sessions[tid as usize].ahi_work {
            Advice::Build { part, .. } | Advice::UpdateRef { part, .. } => Some(part),
            Advice::None => None,
        }
    }

    /// Asks for the partition X-latch for the pending work. Returns true when the
    /// work is finished or skipped at once (the statement goes on), false when the
    /// thread now spins, works under the latch, or sleeps (an event continues it).
    fn request_ahi_latch(&mut self, tid: Tid) -> bool {
        let Some(part) = self.work_part(tid) else {
            return true;
        };
        let try_only = match self.sessions[tid as usize].ahi_work {
            Advice::Build { .. } => self.ahi.version().build_try_locks(),
            _ => self.ahi.version().maintenance_try_locks(),
        };
        if try_only {
            if self.ahi_latches[part].try_acquire(tid, Mode::Exclusive) {
                self.start_ahi_work(tid);
                return false;
            }
            // btr_search_x_lock_nowait failed: skip; a later search will retry.
            self.sessions[tid as usize].ahi_work = Advice::None;
            return true;
        }
        let units = self.spin_units(tid);
        let cfg = self.spin;
        match self.ahi_latches[part].acquire(tid, Mode::Exclusive, &cfg, units) {
            Acquire::Granted => self.start_ahi_work(tid),
            Acquire::Spin(t) => {
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::AhiSpin;
                s.state = ThreadState::Spinning;
                s.pending_cost = t;
                self.queue.push(self.now + t, Ev::Cpu(tid));
            }
        }
        false
    }

    /// Sum of the spin rounds' random delays, `ut_rnd_interval(0, spin_wait_delay)`.
    fn spin_units(&mut self, tid: Tid) -> u64 {
        let d = self.spin.spin_wait_delay as u64;
        let rng = &mut self.sessions[tid as usize].rng;
        (0..self.spin.spin_loops)
            .map(|_| rng.next_u64() % (d + 1))
            .sum()
    }

    /// The latch is held: spend the work's CPU on the core, then apply it.
    fn start_ahi_work(&mut self, tid: Tid) {
        let cost: Nanos = match self.sessions[tid as usize].ahi_work {
            Advice::Build { page, .. } => {
                let n = self.store.get(page).map_or(0, |p| p.n_recs()) as Nanos;
                n * BUILD_INSERT_NS
            }
            Advice::UpdateRef { .. } => HASH_UPDATE_NS,
            Advice::None => 0,
        };
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::AhiWork;
        s.state = ThreadState::Running;
        s.pending_cost = cost;
        self.queue.push(self.now + cost, Ev::Cpu(tid));
    }

    /// CPU steps of the AHI program.
    pub(super) fn on_ahi_cpu_done(&mut self, tid: Tid) {
        let phase = self.sessions[tid as usize].phase;
        match phase {
            Phase::AhiSpin => {
                let Some(part) = self.work_part(tid) else {
                    return self.continue_after_ahi(tid);
                };
                if self.ahi_latches[part].after_spin(tid, Mode::Exclusive) {
                    self.start_ahi_work(tid);
                } else {
                    // sync_array_wait_event: asleep, the core goes to another thread.
                    self.sessions[tid as usize].state = ThreadState::SleepingOnLatch;
                    self.release_core();
                }
            }
            Phase::AhiRetry if self.request_ahi_latch(tid) => self.continue_after_ahi(tid),
            Phase::AhiWork => {
                let work =
                    std::mem::replace(&mut self.sessions[tid as usize].ahi_work, Advice::None);
                let part = match work {
                    Advice::Build { page, prefix, part } => {
                        // The leaf was unfixed after the descent; if it left the pool
                        // while this thread computed folds or waited for the latch,
                        // there is nothing to hash (a hashed page must be resident:
                        // every eviction drops its hash, and a hit skips the read).
                        if self.bp.is_ready(page) {
                            self.ahi.build_page(page, prefix, &self.store);
                        }
                        Some(part)
                    }
                    Advice::UpdateRef { page, part, rec } => {
                        self.ahi.update_ref(page, &rec, &self.store);
                        Some(part)
                    }
                    Advice::None => None,
                };
                if let Some(part) = part {
                    self.release_ahi_latch(part);
                }
                self.continue_after_ahi(tid);
            }
            _ => {}
        }
    }

    /// Releases a partition X-latch; every sleeper wakes and competes again.
    fn release_ahi_latch(&mut self, part: usize) {
        let mut woken = Vec::new();
        self.ahi_latches[part].release(Mode::Exclusive, &mut woken);
        for (t, _) in woken {
            // os_event_set: the sleeper runs again after the kernel wakes it.
            self.sessions[t as usize].phase = Phase::AhiRetry;
            self.queue.push(self.now + OS_WAKE_LATENCY_NS, Ev::Wake(t));
        }
    }

    /// The AHI part of the search is over: release the leaf, go on with the
    /// statement's next search (or its remaining CPU).
    fn continue_after_ahi(&mut self, tid: Tid) {
        self.unfix_all(tid);
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::Locate;
        s.state = ThreadState::Running;
        self.locate_searches(tid);
    }
}
