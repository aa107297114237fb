//! Who flushes dirty pages and when (the engine side of `crate::redo`):
//! - the flushing thread's iteration ([`Engine::flush_tick`]): the 5.5 master thread
//!   (`srv_master_thread`, 1 s and 10 s loops) or the page cleaner
//!   (`buf_flush_page_cleaner_coordinator`, 1 Hz), by the policy's rule;
//! - one flush-list batch at a time (`buf_flush_start`), its writes on the shared
//!   data device; checkpoints move to the oldest modification still dirty. The
//!   master thread's 10-second loop ends with its checkpoint.
//!
//! User threads that wait (`log_free_check`): flush_wait.rs; 5.5's doublewrite
//! batches run by the thread that asks: flush55.rs; the views: flush_view.rs.

use super::engine::{Engine, Ev};
use crate::redo::adaptive::{self, Inputs};
use crate::redo::{Batch, BatchKind, DblwrStage, FlushPolicy, Limits};
use crate::sim::io::IoKind;
use crate::sim::{Nanos, SEC};
use crate::storage::PageNo;
use crate::trace::TraceKind;

impl Engine {
    /// The limits of the scenario's log for the policy in force.
    pub(super) fn redo_limits(&self) -> Limits {
        let s = &self.scenario.server;
        const MIB: u64 = 1024 * 1024;
        if s.flushing.redo_log_capacity() {
            Limits::v8030(s.innodb_redo_log_capacity_mb as u64 * MIB, 0)
        } else {
            Limits::classic(
                s.innodb_log_file_size_mb as u64 * MIB,
                s.innodb_log_files_in_group as u64,
                0,
            )
        }
    }

    fn flush_inputs(&self, with_sum: bool) -> Inputs {
        let c = self.bp.counters();
        Inputs {
            now: self.now,
            lsn: self.redo.lsn,
            oldest: self.bp.oldest_modification().unwrap_or(0),
            n_dirty: c.dirty_len as u64,
            pool_pages: (c.lru_len + c.free_len) as u64,
            sum_oldest: if with_sum {
                self.bp.flush_list_sum_oldest()
            } else {
                0
            },
            last_pages: self.flush.last_pages,
            lru_flushed_total: c.lru_batch_flush_total_pages + self.stats.single_page_flushes,
        }
    }

    /// Schedules the flushing thread's next iteration at `t` (replacing any other).
    pub(super) fn schedule_flush_tick(&mut self, t: Nanos) {
        self.flush.cleaner_gen = self.flush.cleaner_gen.wrapping_add(1);
        self.queue.push(t, Ev::Cleaner(self.flush.cleaner_gen));
    }

    /// One iteration of the flushing thread: the LRU tail walk, then a flush-list batch
    /// of the policy's size. The next iteration comes one period after this one started,
    /// or when the batch ends if that is later (or at once while a sync flush is due).
    #[inline(never)]
    pub(super) fn flush_tick(&mut self, gen: u32) {
        if gen != self.flush.cleaner_gen {
            return;
        }
        let policy = self.flush.policy;
        let period = adaptive::period(policy);
        self.flush.tick_start = self.now;
        self.flush.ticks += 1;
        let whole_second =
            policy != FlushPolicy::PerconaKeepAverage || self.flush.ticks.is_multiple_of(10);
        if whole_second {
            self.page_cleaner_lru();
        }
        // 5.5 srv_master_thread: every 10th second ends with log_checkpoint (after
        // its flush batch, if it could start one).
        let ten_s_checkpoint = policy.master_thread()
            && self
                .flush
                .ticks
                .is_multiple_of(if policy == FlushPolicy::PerconaKeepAverage {
                    100
                } else {
                    10
                });
        if self.flush.batch.is_some() {
            // A user thread's batch runs: buf_flush_list refuses a second one.
            if ten_s_checkpoint {
                self.checkpoint();
            }
            self.schedule_flush_tick(self.now + period);
            return;
        }
        let (kind, n, limit) = self.flush_decision(whole_second);
        if whole_second {
            self.flush.prev_tick_lsn = self.redo.lsn;
            self.flush.prev_tick_time = self.now;
        }
        let started = if n > 0 {
            self.start_batch(kind, n, limit, true)
        } else {
            0
        };
        if started > 0 {
            self.flush.cleaner_in_batch = true;
            if let Some(d) = self.flush.batch.as_mut().and_then(|b| b.dblwr.as_mut()) {
                d.checkpoint_after = ten_s_checkpoint;
            }
        } else {
            if ten_s_checkpoint {
                self.checkpoint();
            }
            self.flush.last_pages = 0;
            if policy == FlushPolicy::V56Labs {
                self.flush.af56.flushed(0);
            }
            self.schedule_flush_tick(self.now + period);
        }
    }

    /// The policy's decision for this iteration: (why, pages, LSN limit).
    fn flush_decision(&mut self, whole_second: bool) -> (BatchKind, u64, u64) {
        let policy = self.flush.policy;
        let k = self.flush.knobs;
        let l = self.redo.limits;
        if self.flush.sync_lsn > 0 {
            // 5.7 woken by buf_flush_request_force: everything below buf_flush_sync_lsn.
            let limit = std::mem::take(&mut self.flush.sync_lsn);
            return (BatchKind::Sync, u64::MAX, limit);
        }
        let estimate = policy == FlushPolicy::PerconaEstimate;
        let i = self.flush_inputs(estimate);
        // 8.0.30 log_sync_flush_lsn: lsn + margin − oldest past adaptive_flush_max_age.
        let sync_limit = (policy == FlushPolicy::V8030 && i.oldest > 0)
            .then(|| i.lsn + l.concurrency_margin)
            .filter(|&x| x - i.oldest > l.max_modified_age_sync)
            .map(|x| x - l.max_modified_age_sync);
        let idle = whole_second
            && self.flush.prev_tick_lsn == i.lsn
            && self.flush.prev_tick_lsn != 0
            && sync_limit.is_none();
        if idle {
            // No redo since the last iteration: background flushing at 100% of
            // io_capacity (5.5 background loop, 5.7 idle, 8.0 innodb_idle_flush_pct).
            return (BatchKind::Background, adaptive::pct_io(&k, 100), u64::MAX);
        }
        let bp = &self.bp;
        let count = |lsn: u64| bp.flush_list_count_up_to(lsn) as u64;
        let (kind, n, limit, rec) = match policy {
            FlushPolicy::V57 => {
                let r = self.flush.af57.recommend57(&i, &k, &l, &count);
                (BatchKind::Adaptive, r.n_pages, r.lsn_limit, Some(r))
            }
            FlushPolicy::V8030 => {
                let r = self
                    .flush
                    .af57
                    .recommend8030(&i, &k, &l, sync_limit, &count);
                let kind = if sync_limit.is_some() {
                    BatchKind::Sync
                } else {
                    BatchKind::Adaptive
                };
                (kind, r.n_pages, r.lsn_limit, Some(r))
            }
            FlushPolicy::V56Labs => {
                let r = self.flush.af56.recommend(&i, &k, &l);
                (BatchKind::Adaptive, r.n_pages, r.lsn_limit, Some(r))
            }
            FlushPolicy::V56 => {
                // 5.6 before labs: the page cleaner runs the 5.5 master-thread rule.
                self.flush.d55.stat_update(i.lsn, i.lru_flushed_total);
                let n = adaptive::master55_second(&i, &k, &self.flush.d55, l.capacity);
                (BatchKind::Adaptive, n, u64::MAX, None)
            }
            FlushPolicy::V55 | FlushPolicy::PerconaEstimate | FlushPolicy::PerconaKeepAverage => {
                let mut n = 0;
                if whole_second {
                    self.flush.d55.stat_update(i.lsn, i.lru_flushed_total);
                }
                let over_max = adaptive::dirty_pct(&i) > k.max_dirty_pages_pct;
                match policy {
                    FlushPolicy::PerconaEstimate => {
                        let secs =
                            (self.now - self.flush.prev_tick_time).max(1) as f64 / SEC as f64;
                        let rate =
                            ((i.lsn - self.flush.prev_tick_lsn.min(i.lsn)) as f64 / secs) as u64;
                        n += if over_max {
                            adaptive::pct_io(&k, 100)
                        } else {
                            adaptive::percona_estimate(&i, &l, rate)
                        };
                    }
                    FlushPolicy::PerconaKeepAverage => {
                        n += if over_max {
                            adaptive::pct_io(&k, 100).div_ceil(10)
                        } else {
                            adaptive::percona_keep_average_tick(&i, &self.flush.d55, l.capacity)
                        };
                    }
                    _ => n += adaptive::master55_second(&i, &k, &self.flush.d55, l.capacity),
                }
                let ten_s = if policy == FlushPolicy::PerconaKeepAverage {
                    100
                } else {
                    10
                };
                if self.flush.ticks.is_multiple_of(ten_s) {
                    // The 10-second loop (srv_master_thread).
                    n += adaptive::master55_ten_seconds(&i, &k);
                }
                (BatchKind::Master, n, u64::MAX, None)
            }
        };
        let c = &mut self.flush.counters;
        c.buffer_flush_n_to_flush_requested = n;
        if let Some(r) = rec {
            c.buffer_flush_n_to_flush_by_age = r.n_by_age;
            c.buffer_flush_avg_page_rate = r.avg_page_rate;
            c.buffer_flush_lsn_avg_rate = r.lsn_avg_rate;
            c.buffer_flush_pct_for_dirty = r.pct_for_dirty;
            c.buffer_flush_pct_for_lsn = r.pct_for_lsn;
            self.flush.last = r;
        } else {
            self.flush.last = crate::redo::Recommendation {
                n_pages: n,
                lsn_limit: limit,
                ..Default::default()
            };
        }
        (kind, n, limit)
    }

    /// Starts a flush-list batch of up to `n` pages below `limit`, oldest first; returns
    /// how many writes it submitted (0 = no batch).
    pub(super) fn start_batch(
        &mut self,
        kind: BatchKind,
        n: u64,
        limit: u64,
        by_cleaner: bool,
    ) -> u64 {
        if self.flush.batch.is_some() || !self.tracing {
            return 0;
        }
        if self.flush.policy.master_thread() {
            return self.start_batch55(kind, n, limit, None, by_cleaner);
        }
        let mut pages: Vec<PageNo> = Vec::new();
        self.bp.flush_list_batch(n, limit, &mut pages);
        if pages.is_empty() {
            return 0;
        }
        for &p in &pages {
            self.bp.begin_write(p);
            let done = self.data_dev.submit(self.now, IoKind::Write);
            self.queue.push(done, Ev::BatchWrite(p));
        }
        let m = pages.len() as u64;
        self.flush.batch = Some(Batch {
            kind,
            outstanding: m,
            pages: m,
            by_cleaner,
            started: self.now,
            dblwr: None,
        });
        self.flush.counters.flush_batches += 1;
        self.trace.push(
            self.now,
            TraceKind::FlushBatch {
                reason: kind,
                pages: m as u32,
                requested: n.min(u32::MAX as u64) as u32,
                lsn_limit: if limit == u64::MAX { 0 } else { limit },
                oldest: self.bp.oldest_modification().unwrap_or(0),
                lsn: self.redo.lsn,
            },
        );
        m
    }

    /// One write of the batch completed.
    #[inline(never)]
    pub(super) fn on_batch_write_done(&mut self, page: PageNo) {
        self.on_write_done(page);
        let Some(b) = self.flush.batch.as_mut() else {
            return;
        };
        b.outstanding -= 1;
        let kind = b.kind;
        let dblwr_done = b.outstanding == 0 && b.dblwr.is_some();
        let c = &mut self.flush.counters;
        c.flush_list_total_pages += 1;
        match kind {
            BatchKind::Adaptive => c.buffer_flush_adaptive_total_pages += 1,
            BatchKind::Sync => c.buffer_flush_sync_total_pages += 1,
            BatchKind::Async => c.buffer_flush_async_total_pages += 1,
            BatchKind::Background => c.buffer_flush_background_total_pages += 1,
            BatchKind::Master => c.buffer_flush_master_total_pages += 1,
        }
        if dblwr_done {
            // os_aio_wait_until_no_pending_writes returned: fsync the data files.
            self.dblwr_next(DblwrStage::DataFsync, 1);
        } else if b.outstanding == 0 {
            let b = *b;
            self.flush.batch = None;
            if b.by_cleaner {
                self.flush.last_pages = b.pages;
                self.flush.af56.flushed(b.pages);
                self.flush.cleaner_in_batch = false;
                let due = self.flush.sync_lsn > 0;
                let next = if due {
                    self.now
                } else {
                    self.now
                        .max(self.flush.tick_start + adaptive::period(self.flush.policy))
                };
                self.schedule_flush_tick(next);
            }
        }
        self.check_flush_waiters();
    }

    /// `log_checkpoint`: to the oldest modification still dirty (or the LSN).
    pub(super) fn checkpoint(&mut self) {
        let oldest = self.bp.oldest_modification();
        if self.redo.checkpoint(oldest) && self.tracing {
            self.trace.push(
                self.now,
                TraceKind::Checkpoint {
                    lsn: self.redo.last_checkpoint_lsn,
                    age: self.redo.checkpoint_age(),
                },
            );
        }
    }

    /// The periodic checkpoint (master thread / `log_checkpointer`).
    #[inline(never)]
    pub(super) fn on_checkpoint_timer(&mut self) {
        // 5.5: the master thread's 10-second loop checkpoints (flush_tick).
        if !self.flush.policy.master_thread() {
            self.checkpoint();
        }
        let every = self.flush.policy.checkpoint_interval_s() * SEC;
        self.queue.push(self.now + every, Ev::Checkpoint);
    }

    /// `buf_flush_request_force` (5.7): raise `buf_flush_sync_lsn` to
    /// target + 3·lsn_avg_rate and wake the page cleaner.
    pub(super) fn request_force(&mut self, target: u64) {
        let t = target + self.flush.af57.lsn_avg_rate * adaptive::LSN_SCAN_FACTOR;
        if t > self.flush.sync_lsn {
            self.flush.sync_lsn = t;
        }
        if !self.flush.cleaner_in_batch {
            self.schedule_flush_tick(self.now);
        }
    }
}
