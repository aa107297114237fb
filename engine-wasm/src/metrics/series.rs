//! The sampled time series: one row of named columns per sample interval.

/// Column names, in order; column 0 is always `t_s`.
pub const COLUMNS: &[&str] = &[
    "t_s",
    "qps",
    "inserts_per_s",
    "latency_mean_us",
    "latency_p95_us",
    "bp_reads_per_s",
    "bp_hit_rate",
    "pages_dirty",
    "pages_free",
    "splits_per_s",
    "rows",
    "ahi_hit_rate",
    "ahi_rows_added_per_s",
    "ahi_rows_removed_per_s",
    "threads_spinning",
    "threads_sleeping",
    "tps",
    "selects_per_s",
    "qc_hit_rate",
    "qc_queries_in_cache",
    "qc_inserts_per_s",
    "qc_lowmem_prunes_per_s",
    "qc_free_memory",
    "qc_free_blocks",
    "threads_waiting_qc_lock",
    // Redo and flushing (MB = MiB of LSN).
    "checkpoint_age_mb",
    "modified_age_mb",
    "async_point_mb",
    "sync_point_mb",
    "flush_requested_pages",
    "flushed_pages_per_s",
    "flush_sync_pages_per_s",
    "redo_mb_per_s",
    // Client threads stalled at the sync point (waiting for flushing or log space, or
    // running a sync preflush), on average over the sample.
    "threads_sync_wait",
    "lsn_avg_rate_mb",
    "pct_for_lsn",
    // INSERT, UPDATE and DELETE statements completed (sysbench's writes).
    "writes_per_s",
];

/// Rows of `COLUMNS.len()` values, flattened.
#[derive(Clone, Debug, Default)]
pub struct Series {
    data: Vec<f64>,
}

impl Series {
    /// Appends one sample; `row` must have `COLUMNS.len()` values.
    pub fn push(&mut self, row: &[f64; COLUMNS.len()]) {
        self.data.extend_from_slice(row);
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.data.len() / COLUMNS.len()
    }

    /// True when no sample was taken yet.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Samples from index `since` on, flattened.
    pub fn since(&self, since: usize) -> &[f64] {
        let start = (since * COLUMNS.len()).min(self.data.len());
        &self.data[start..]
    }

    /// Value of column `name` in sample `i`.
    pub fn get(&self, i: usize, name: &str) -> Option<f64> {
        let c = COLUMNS.iter().position(|n| *n == name)?;
        self.data.get(i * COLUMNS.len() + c).copied()
    }

    /// All values of column `name`.
    pub fn column(&self, name: &str) -> Vec<f64> {
        (0..self.len()).filter_map(|i| self.get(i, name)).collect()
    }
}
