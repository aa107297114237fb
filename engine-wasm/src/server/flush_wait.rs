//! User threads that wait for flushing (the engine side of `crate::redo`): the
//! check before every change (`log_free_check` → `log_checkpoint_margin` in 5.x,
//! the free-space wait in 8.0.30): past the sync point a thread waits while the
//! oldest pages are written as fast as the data device allows ("furious
//! flushing"); waking the waiters, and counting them.

use super::engine::{Engine, Ev};
use super::session::ThreadState;
use crate::redo::{BatchKind, FlushPolicy, WaitFor};
use crate::sim::cpu::Tid;

impl Engine {
    /// `log_free_check` before a change: true when the thread may go on; else it now
    /// waits (off its core) and will be woken to check again.
    pub(super) fn log_free_check(&mut self, tid: Tid) -> bool {
        let l = self.redo.limits;
        let policy = self.flush.policy;
        let wait = if policy == FlushPolicy::V8030 {
            // 8.0.30: user threads only wait for free space; the checkpointer writes a
            // checkpoint on request, the page cleaner does the flushing.
            if self.redo.checkpoint_age() > l.limit_for_free_check {
                self.checkpoint();
            }
            (self.redo.checkpoint_age() > l.limit_for_free_check).then_some(WaitFor::FreeSpace)
        } else {
            // log_checkpoint_margin.
            if self.redo.checkpoint_age() > l.max_checkpoint_age_async {
                self.checkpoint();
            }
            let oldest = self.bp.oldest_modification();
            let age = self.redo.modified_age(oldest);
            let oldest = oldest.unwrap_or(self.redo.lsn);
            if policy.master_thread() {
                return self.log_checkpoint_margin55(tid, age, oldest);
            }
            if age > l.max_modified_age_sync {
                if policy == FlushPolicy::V57 {
                    // 5.7: advance = age − sync; the page cleaner does the IO burst.
                    let target = oldest + (age - l.max_modified_age_sync);
                    if self.flush.flush_sync {
                        self.request_force(target);
                    }
                    Some(WaitFor::Oldest(target))
                } else {
                    // 5.5/5.6: advance = 2·(age − sync), flushed by the thread itself.
                    let target = oldest + 2 * (age - l.max_modified_age_sync);
                    self.start_batch(BatchKind::Sync, u64::MAX, target, false);
                    Some(WaitFor::Oldest(target))
                }
            } else {
                if policy.master_thread() && age > l.max_modified_age_async {
                    // 5.5: preflush age − async without waiting (if no batch runs).
                    let target = oldest + (age - l.max_modified_age_async);
                    self.start_batch(BatchKind::Async, u64::MAX, target, false);
                }
                None
            }
        };
        let Some(w) = wait else {
            self.sessions[tid as usize].free_checked = true;
            return true;
        };
        self.flush.counters.buffer_flush_sync_waits += 1;
        self.account_stall();
        self.flush.waiters.push((tid, w));
        self.sessions[tid as usize].state = ThreadState::WaitIo;
        self.release_core();
        if policy == FlushPolicy::V8030 && !self.flush.cleaner_in_batch {
            self.schedule_flush_tick(self.now);
        }
        false
    }

    /// Wakes the waiting threads whose condition holds; keeps flushing going for the
    /// others. Also the 8.0.30 checkpointer's continuous checkpoints past
    /// `aggressive_checkpoint_min_age`.
    pub(super) fn check_flush_waiters(&mut self) {
        let l = self.redo.limits;
        let policy = self.flush.policy;
        if policy == FlushPolicy::V8030
            && (self.redo.checkpoint_age() >= l.max_checkpoint_age_async
                || !self.flush.waiters.is_empty())
        {
            self.checkpoint();
        }
        if self.flush.waiters.is_empty() {
            return;
        }
        self.account_stall();
        let oldest = self.bp.oldest_modification();
        let ckpt_age = self.redo.checkpoint_age();
        let mut k = 0;
        let mut max_target = 0;
        while k < self.flush.waiters.len() {
            let (tid, w) = self.flush.waiters[k];
            let ok = match w {
                WaitFor::Oldest(t) => oldest.is_none_or(|o| o >= t),
                WaitFor::FreeSpace => ckpt_age <= l.limit_for_free_check,
                WaitFor::BatchEnd => self.flush.batch.is_none(),
            };
            if ok {
                self.flush.waiters.remove(k);
                self.queue.push(self.now, Ev::Wake(tid));
            } else {
                if let WaitFor::Oldest(t) = w {
                    max_target = max_target.max(t);
                }
                k += 1;
            }
        }
        if max_target > 0 && self.flush.batch.is_none() {
            if policy == FlushPolicy::V57 {
                if self.flush.flush_sync && self.flush.sync_lsn == 0 {
                    self.request_force(max_target);
                }
            } else {
                self.start_batch(BatchKind::Sync, u64::MAX, max_target, false);
            }
        }
    }

    /// `log_checkpoint_margin` (5.5, log0log.c) after the checkpoint test: past the
    /// sync point a synchronous preflush of 2·(age − sync), past the async point an
    /// asynchronous one of age − async, each run by this thread
    /// (`log_preflush_pool_modified_pages` → `buf_flush_list` → `buf_flush_batch`).
    /// Only one flush-list batch runs at a time (`buf_flush_start`): when another
    /// runs, an async preflush gives up and the thread goes on, a sync one waits for
    /// that batch to end (`buf_flush_wait_batch_end`) and starts over. True = go on.
    fn log_checkpoint_margin55(&mut self, tid: Tid, age: u64, oldest: u64) -> bool {
        let l = self.redo.limits;
        let (kind, advance) = if age > l.max_modified_age_sync {
            (BatchKind::Sync, 2 * (age - l.max_modified_age_sync))
        } else if age > l.max_modified_age_async {
            (BatchKind::Async, age - l.max_modified_age_async)
        } else {
            (BatchKind::Async, 0)
        };
        if advance > 0 && self.flush.batch.is_none() {
            if self.start_batch55(kind, u64::MAX, oldest + advance, Some(tid), false) > 0 {
                // This thread runs the batch; it goes on once the batch is done.
                self.sessions[tid as usize].state = ThreadState::WaitIo;
                self.release_core();
                return false;
            }
        } else if kind == BatchKind::Sync && advance > 0 {
            self.flush.counters.buffer_flush_sync_waits += 1;
            self.account_stall();
            self.flush.waiters.push((tid, WaitFor::BatchEnd));
            self.sessions[tid as usize].state = ThreadState::WaitIo;
            self.release_core();
            return false;
        }
        self.sessions[tid as usize].free_checked = true;
        true
    }

    /// Client threads stalled at the sync point now: waiting for flushing or log
    /// space (`log_free_check`), or running a sync preflush themselves (5.5). A 5.5
    /// thread running an async preflush is not counted: the other writers go on.
    fn threads_stalled_sync(&self) -> u64 {
        let runs_sync = self.flush.batch.is_some_and(|b| {
            b.kind == BatchKind::Sync && b.dblwr.is_some_and(|d| d.executor.is_some())
        });
        self.flush.waiters.len() as u64 + u64::from(runs_sync)
    }

    /// Thread-nanoseconds stalled at the sync point up to now.
    pub(super) fn stalled_sync_ns(&self) -> u64 {
        self.flush.stall_ns + self.threads_stalled_sync() * (self.now - self.flush.stall_at)
    }

    /// Brings the stall total up to now: called before the stalled threads change.
    pub(super) fn account_stall(&mut self) {
        self.flush.stall_ns = self.stalled_sync_ns();
        self.flush.stall_at = self.now;
    }

    /// Threads waiting for flushing or log space now.
    pub fn threads_waiting_flush(&self) -> u32 {
        let flushing = self
            .flush
            .batch
            .and_then(|b| b.dblwr)
            .is_some_and(|d| d.executor.is_some());
        self.flush.waiters.len() as u32 + u32::from(flushing)
    }
}
