//! What the redo-ring and flush-list views draw: the redo log and flushing state,
//! the flush-list age histogram and the flushing counters.

use super::engine::Engine;
use crate::redo::{BatchKind, Limits};

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
    // #[inline]: compiled in the crate that calls it, the JS boundary (api/, built
    // for size, issue #2); it is read between simulation slices, never inside one.
    #[inline]
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
