//! Who flushes dirty pages, when, and who waits (the engine side of `crate::redo`):
//! - the flushing thread's iteration ([`Engine::flush_tick`]): the 5.5 master thread
//!   (`srv_master_thread`, 1 s and 10 s loops) or the page cleaner
//!   (`buf_flush_page_cleaner_coordinator`, 1 Hz), by the policy's rule;
//! - user threads' `log_free_check` → `log_checkpoint_margin` (5.x) or the free-space
//!   wait (8.0.30): past the sync point a thread waits while the oldest pages are
//!   written as fast as the data device allows ("furious flushing");
//! - one flush-list batch at a time (`buf_flush_start`), its writes on the shared
//!   data device; checkpoints move to the oldest modification still dirty.
//! - 5.5 (and Percona 5.5): a batch runs in the thread that asks for it (a user
//!   thread's preflush, or the master thread), posting pages through the doublewrite
//!   buffer 2 × 64 at a time ([`crate::redo::Dblwr55`]); a user thread running one is
//!   blocked until it ends. Device costs: a doublewrite block write of k pages takes
//!   k page slots of the data device and one write latency (sequential, synchronous),
//!   an fsync one write request, each data page write one slot; so a full chunk of
//!   128 pages costs 258 device operations and the batch flushes at about half the
//!   device's page rate. The master thread's 10-second loop ends with its checkpoint.

use super::engine::{Engine, Ev};
use super::session::ThreadState;
use crate::redo::adaptive::{self, Inputs};
use crate::redo::{
    Batch, BatchKind, Dblwr55, DblwrStage, FlushPolicy, Limits, WaitFor, DBLWR_BLOCK_PAGES,
};
use crate::sim::cpu::Tid;
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
    fn request_force(&mut self, target: u64) {
        let t = target + self.flush.af57.lsn_avg_rate * adaptive::LSN_SCAN_FACTOR;
        if t > self.flush.sync_lsn {
            self.flush.sync_lsn = t;
        }
        if !self.flush.cleaner_in_batch {
            self.schedule_flush_tick(self.now);
        }
    }

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
            self.flush.waiters.push((tid, WaitFor::BatchEnd));
            self.sessions[tid as usize].state = ThreadState::WaitIo;
            self.release_core();
            return false;
        }
        self.sessions[tid as usize].free_checked = true;
        true
    }

    /// Starts a 5.5 flush-list batch of up to `n` pages below `limit`, run by
    /// `executor` (None = the master thread): its first doublewrite chunk. Returns the
    /// pages of that chunk (0 = nothing to flush, no batch).
    pub(super) fn start_batch55(
        &mut self,
        kind: BatchKind,
        n: u64,
        limit: u64,
        executor: Option<Tid>,
        by_cleaner: bool,
    ) -> u64 {
        if self.flush.batch.is_some() || !self.tracing {
            return 0;
        }
        let planned = (self.bp.flush_list_count_up_to(limit) as u64).min(n);
        self.flush.batch = Some(Batch {
            kind,
            outstanding: 0,
            pages: 0,
            by_cleaner,
            started: self.now,
            dblwr: Some(Dblwr55 {
                executor,
                remaining: n,
                limit,
                chunk: 0,
                stage: DblwrStage::Block1,
                checkpoint_after: false,
            }),
        });
        let m = self.dblwr_chunk();
        if m == 0 {
            self.flush.batch = None;
            return 0;
        }
        self.flush.counters.flush_batches += 1;
        self.trace.push(
            self.now,
            TraceKind::FlushBatch {
                reason: kind,
                pages: planned.max(m).min(u32::MAX as u64) as u32,
                requested: n.min(u32::MAX as u64) as u32,
                lsn_limit: if limit == u64::MAX { 0 } else { limit },
                oldest: self.bp.oldest_modification().unwrap_or(0),
                lsn: self.redo.lsn,
            },
        );
        m
    }

    /// Fills the doublewrite buffer with the next up to 2 × 64 oldest pages of the
    /// batch (each write-fixed, `buf_flush_page`) and starts writing block 1: a
    /// synchronous sequential write, costed as one device slot per page (the bytes
    /// of the pages at the device's page rate) and one write latency. Returns the
    /// chunk's pages (0 = none left).
    fn dblwr_chunk(&mut self) -> u64 {
        let Some(d) = self.flush.batch.and_then(|b| b.dblwr) else {
            return 0;
        };
        let mut pages = std::mem::take(&mut self.flush.dblwr_pages);
        pages.clear();
        self.bp
            .flush_list_batch(d.remaining.min(2 * DBLWR_BLOCK_PAGES), d.limit, &mut pages);
        for &p in &pages {
            self.bp.begin_write(p);
        }
        let k = pages.len() as u64;
        self.flush.dblwr_pages = pages;
        if let Some(b) = self.flush.batch.as_mut() {
            b.pages += k;
            if let Some(d) = b.dblwr.as_mut() {
                d.remaining -= k;
                d.chunk = k;
            }
        }
        if k > 0 {
            self.dblwr_next(DblwrStage::Block1, k.min(DBLWR_BLOCK_PAGES));
        }
        k
    }

    /// Enters `stage` with `writes` device writes submitted now; the stage ends when
    /// the last completes (`Ev::Dblwr`). An fsync is one write request.
    fn dblwr_next(&mut self, stage: DblwrStage, writes: u64) {
        let mut done = self.now;
        for _ in 0..writes {
            done = done.max(self.data_dev.submit(self.now, IoKind::Write));
        }
        if let Some(d) = self.flush.batch.as_mut().and_then(|b| b.dblwr.as_mut()) {
            d.stage = stage;
        }
        self.queue.push(done, Ev::Dblwr);
    }

    /// A step of `buf_flush_buffered_writes` completed.
    pub(super) fn on_dblwr_step(&mut self) {
        let Some(d) = self.flush.batch.and_then(|b| b.dblwr) else {
            return;
        };
        match d.stage {
            DblwrStage::Block1 if d.chunk > DBLWR_BLOCK_PAGES => {
                self.dblwr_next(DblwrStage::Block2, d.chunk - DBLWR_BLOCK_PAGES)
            }
            DblwrStage::Block1 | DblwrStage::Block2 => self.dblwr_next(DblwrStage::SysFsync, 1),
            DblwrStage::SysFsync => {
                // The data pages' writes, asynchronous (fil_io(..., FALSE, ...)).
                let pages = std::mem::take(&mut self.flush.dblwr_pages);
                for &p in &pages {
                    let done = self.data_dev.submit(self.now, IoKind::Write);
                    self.queue.push(done, Ev::BatchWrite(p));
                }
                if let Some(b) = self.flush.batch.as_mut() {
                    b.outstanding = pages.len() as u64;
                    if let Some(d) = b.dblwr.as_mut() {
                        d.stage = DblwrStage::DataWrites;
                    }
                }
                self.flush.dblwr_pages = pages;
            }
            DblwrStage::DataWrites => {}
            DblwrStage::DataFsync => {
                if self.dblwr_chunk() == 0 {
                    self.end_batch55();
                }
            }
        }
    }

    /// The 5.5 batch is done (`buf_flush_end`, `buf_flush_common`): its runner goes
    /// on, threads waiting for its end start their check over.
    fn end_batch55(&mut self) {
        let Some(b) = self.flush.batch.take() else {
            return;
        };
        let d = b.dblwr.expect("a 5.5 batch");
        if let Some(tid) = d.executor {
            let s = &mut self.sessions[tid as usize];
            s.free_checked = true;
            self.queue.push(self.now, Ev::Wake(tid));
        }
        if b.by_cleaner {
            self.flush.last_pages = b.pages;
            self.flush.cleaner_in_batch = false;
            let next = self
                .now
                .max(self.flush.tick_start + adaptive::period(self.flush.policy));
            self.schedule_flush_tick(next);
        }
        if d.checkpoint_after {
            self.checkpoint();
        }
        self.check_flush_waiters();
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

/// The redo log and flushing as a redo-ring / flush-list view draws them (`redo_json`).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RedoView {
    /// Flushing policy name.
    pub policy: &'static str,
    /// Current LSN (head of the ring).
    pub lsn: u64,
    /// Last checkpoint LSN (tail of the ring).
    pub checkpoint_lsn: u64,
    /// Oldest modification still dirty (= lsn when nothing is dirty).
    pub oldest_modification: u64,
    /// lsn − checkpoint.
    pub checkpoint_age: u64,
    /// lsn − oldest modification.
    pub modified_age: u64,
    /// Thresholds (bytes of age).
    pub limits: Limits,
    /// Dirty pages (flush list length).
    pub pages_dirty: u64,
    /// Of those, with a write in flight.
    pub pages_writing: u64,
    /// `buf_flush_sync_lsn` (0 = none pending).
    pub sync_flush_lsn: u64,
    /// Client threads waiting for flushing / log space.
    pub threads_waiting: u32,
    /// The batch in progress: reason, pages, writes outstanding.
    pub batch: Option<BatchView>,
    /// The last recommendation.
    pub recommendation: crate::redo::Recommendation,
    /// Knobs in force.
    pub knobs: crate::redo::FlushKnobs,
    /// `innodb_flush_sync`.
    pub flush_sync: bool,
    /// Record bytes of redo written so far.
    pub redo_bytes: u64,
    /// Dirty pages by age (lsn − oldest_modification): bin i holds ages in
    /// [i, i+1) × `age_bin_bytes`, the last bin also anything older.
    pub dirty_by_age: Vec<u32>,
    /// Width of an age bin: max_checkpoint_age / bins, rounded up.
    pub age_bin_bytes: u64,
}

/// A batch in progress.
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchView {
    /// Why it runs.
    pub reason: BatchKind,
    /// Pages submitted.
    pub pages: u64,
    /// Writes not complete.
    pub outstanding: u64,
    /// Started by the page cleaner / master thread.
    pub by_cleaner: bool,
}

/// Bins of the flush-list age histogram in [`RedoView`].
pub const AGE_BINS: usize = 32;

impl Engine {
    /// The redo ring and flushing state now.
    pub fn redo_view(&self) -> RedoView {
        let oldest = self.bp.oldest_modification();
        RedoView {
            policy: self.flush.policy.name(),
            lsn: self.redo.lsn,
            checkpoint_lsn: self.redo.last_checkpoint_lsn,
            oldest_modification: oldest.unwrap_or(self.redo.lsn),
            checkpoint_age: self.redo.checkpoint_age(),
            modified_age: self.redo.modified_age(oldest),
            limits: self.redo.limits,
            pages_dirty: self.bp.counters().dirty_len as u64,
            pages_writing: self.bp.flush_list_writing(),
            sync_flush_lsn: self.flush.sync_lsn,
            threads_waiting: self.threads_waiting_flush(),
            batch: self.flush.batch.map(|b| BatchView {
                reason: b.kind,
                pages: b.pages,
                outstanding: b.outstanding,
                by_cleaner: b.by_cleaner,
            }),
            recommendation: self.flush.last,
            knobs: self.flush.knobs,
            flush_sync: self.flush.flush_sync,
            redo_bytes: self.redo.record_bytes,
            dirty_by_age: self.flush_age_histogram(AGE_BINS),
            age_bin_bytes: self
                .redo
                .limits
                .max_checkpoint_age
                .div_ceil(AGE_BINS as u64),
        }
    }

    /// Dirty pages by age (lsn − oldest_modification): `bins` counts of equal width
    /// max_checkpoint_age / bins, the last bin holding everything older.
    pub fn flush_age_histogram(&self, bins: usize) -> Vec<u32> {
        let bins = bins.clamp(1, 4096);
        let width = self.redo.limits.max_checkpoint_age.div_ceil(bins as u64);
        self.bp.flush_list_age_histogram(self.redo.lsn, width, bins)
    }

    /// Flushing counters by their innodb_metrics names.
    pub fn flush_counter_list(&self) -> [(&'static str, u64); 13] {
        let c = &self.flush.counters;
        [
            (
                "buffer_flush_adaptive_total_pages",
                c.buffer_flush_adaptive_total_pages,
            ),
            (
                "buffer_flush_n_to_flush_requested",
                c.buffer_flush_n_to_flush_requested,
            ),
            (
                "buffer_flush_n_to_flush_by_age",
                c.buffer_flush_n_to_flush_by_age,
            ),
            ("buffer_flush_avg_page_rate", c.buffer_flush_avg_page_rate),
            ("buffer_flush_lsn_avg_rate", c.buffer_flush_lsn_avg_rate),
            ("buffer_flush_pct_for_dirty", c.buffer_flush_pct_for_dirty),
            ("buffer_flush_pct_for_lsn", c.buffer_flush_pct_for_lsn),
            (
                "buffer_flush_sync_total_pages",
                c.buffer_flush_sync_total_pages,
            ),
            ("buffer_flush_sync_waits", c.buffer_flush_sync_waits),
            (
                "buffer_flush_async_total_pages",
                c.buffer_flush_async_total_pages,
            ),
            (
                "buffer_flush_background_total_pages",
                c.buffer_flush_background_total_pages,
            ),
            (
                "buffer_flush_master_total_pages",
                c.buffer_flush_master_total_pages,
            ),
            ("buffer_flush_batches", c.flush_batches),
        ]
    }
}
