//! 5.5 (and Percona 5.5) flush-list batches: a batch runs in the thread that asks
//! for it (a user thread's preflush, or the master thread), posting pages through
//! the doublewrite buffer 2 × 64 at a time ([`crate::redo::Dblwr55`]); a user
//! thread running one is blocked until it ends. Device costs: a doublewrite block
//! write of k pages takes k page slots of the data device and one write latency
//! (sequential, synchronous), an fsync one write request, each data page write one
//! slot; so a full chunk of 128 pages costs 258 device operations and the batch
//! flushes at about half the device's page rate.

use super::engine::{Engine, Ev};
use crate::redo::adaptive;
use crate::redo::{Batch, BatchKind, Dblwr55, DblwrStage, DBLWR_BLOCK_PAGES};
use crate::sim::cpu::Tid;
use crate::sim::io::IoKind;
use crate::trace::TraceKind;

impl Engine {
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
        self.account_stall();
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
    pub(super) fn dblwr_next(&mut self, stage: DblwrStage, writes: u64) {
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
    #[inline(never)]
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
        self.account_stall();
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
}
