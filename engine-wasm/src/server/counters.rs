//! The summary's counters: each modelled status variable under its MySQL name
//! (`SHOW GLOBAL STATUS`, `information_schema.INNODB_METRICS`), in name order.

use super::engine::Engine;
use serde::Serialize;
use std::ops::Index;

/// Counters by name, in name order, serialized as one JSON object. A sorted
/// vector, not a `BTreeMap`: the ~90 names are written once per summary, and the
/// map's code was a few KB of the wasm module (issue #2).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counters(Vec<(&'static str, f64)>);

impl Counters {
    /// Sets counter `name` (replacing an earlier value of the same name).
    pub fn insert(&mut self, name: &'static str, value: f64) {
        match self.0.binary_search_by(|(k, _)| (*k).cmp(name)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name, value)),
        }
    }

    /// The value of counter `name`.
    pub fn get(&self, name: &str) -> Option<&f64> {
        let i = self.0.binary_search_by(|(k, _)| (*k).cmp(name)).ok()?;
        Some(&self.0[i].1)
    }

    /// The counters in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.0.iter().copied()
    }
}

impl Index<&str> for Counters {
    type Output = f64;

    /// The value of counter `name`; panics when there is none, as a map's index does.
    fn index(&self, name: &str) -> &f64 {
        match self.get(name) {
            Some(v) => v,
            None => panic!("no counter named {name}"),
        }
    }
}

/// Counters that hold a current state (a size, a position, a rate, a setting) rather
/// than a count since the start: reported as they are, never from the run's base.
pub const GAUGES: &[&str] = &[
    "Innodb_buffer_pool_pages_total",
    "Innodb_buffer_pool_pages_data",
    "Innodb_buffer_pool_pages_dirty",
    "Innodb_buffer_pool_pages_free",
    "Qcache_queries_in_cache",
    "Qcache_free_memory",
    "Qcache_free_blocks",
    "Qcache_total_blocks",
    "log_lsn_current",
    "log_lsn_last_checkpoint",
    "log_lsn_checkpoint_age",
    "log_lsn_buf_pool_oldest",
    "log_max_modified_age_async",
    "log_max_modified_age_sync",
    "buffer_flush_threads_waiting",
    "buffer_flush_n_to_flush_requested",
    "buffer_flush_n_to_flush_by_age",
    "buffer_flush_avg_page_rate",
    "buffer_flush_lsn_avg_rate",
    "buffer_flush_pct_for_dirty",
    "buffer_flush_pct_for_lsn",
];

impl Serialize for Counters {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl Engine {
    /// Every counter at the current instant.
    // #[inline]: compiled with Engine::summary in the JS boundary (api/, built for
    // size, issue #2); read between simulation slices, never inside one.
    #[inline]
    pub(super) fn counters(&self) -> Counters {
        let c = self.bp.counters();
        let qcc = self.qc.counters();
        let ahi = self.ahi.counters();
        let mut m = Counters::default();
        let resident = (self.bp.config().n_frames as u64).saturating_sub(c.free_len as u64);
        for (k, v) in [
            ("Innodb_buffer_pool_read_requests", c.read_requests),
            ("Innodb_buffer_pool_reads", c.reads),
            (
                "Innodb_buffer_pool_pages_total",
                self.bp.config().n_frames as u64,
            ),
            ("Innodb_buffer_pool_pages_data", resident),
            ("Innodb_buffer_pool_pages_dirty", c.dirty_len as u64),
            ("Innodb_buffer_pool_pages_free", c.free_len as u64),
            ("Innodb_buffer_pool_pages_made_young", c.pages_made_young),
            (
                "Innodb_buffer_pool_pages_made_not_young",
                c.pages_made_not_young,
            ),
            (
                "Innodb_buffer_pool_wait_free",
                self.stats.single_page_flushes,
            ),
            ("Innodb_pages_created", c.pages_created),
            ("Innodb_pages_read", c.reads),
            ("Innodb_pages_written", c.pages_written),
            ("Innodb_rows_inserted", self.stats.rows_inserted),
            ("Innodb_rows_read", self.stats.rows_read),
            ("Com_insert", self.stats.inserts),
            ("Com_select", self.stats.selects),
            ("Com_begin", self.stats.begins),
            ("Com_commit", self.stats.commits),
            ("Com_update", self.stats.updates),
            ("Com_delete", self.stats.deletes),
            ("Innodb_rows_updated", self.stats.rows_updated),
            ("Innodb_rows_deleted", self.stats.rows_deleted),
            ("Qcache_hits", qcc.hits),
            ("Qcache_inserts", qcc.inserts),
            ("Qcache_not_cached", qcc.not_cached),
            ("Qcache_queries_in_cache", qcc.queries_in_cache),
            ("Qcache_lowmem_prunes", qcc.lowmem_prunes),
            ("Qcache_free_memory", qcc.free_memory),
            ("Qcache_free_blocks", qcc.free_blocks),
            ("Qcache_total_blocks", qcc.total_blocks),
            ("qcache_lock_waits", self.qc_lock.stats.waits),
            ("qcache_lock_timeouts", self.qc_lock.stats.timeouts),
            ("qcache_mutex_spin_waits", self.qc_lock.mutex.stats.spins),
            ("qcache_mutex_os_waits", self.qc_lock.mutex.stats.sleeps),
            ("Questions", self.stats.queries),
            ("index_page_splits", self.stats.splits),
            ("adaptive_hash_searches", ahi.adaptive_hash_searches),
            (
                "adaptive_hash_searches_btree",
                ahi.adaptive_hash_searches_btree,
            ),
            ("adaptive_hash_pages_added", ahi.adaptive_hash_pages_added),
            (
                "adaptive_hash_pages_removed",
                ahi.adaptive_hash_pages_removed,
            ),
            ("adaptive_hash_rows_added", ahi.adaptive_hash_rows_added),
            ("adaptive_hash_rows_removed", ahi.adaptive_hash_rows_removed),
            ("adaptive_hash_rows_updated", ahi.adaptive_hash_rows_updated),
            (
                "ahi_latch_x_spin_waits",
                self.ahi_latches.iter().map(|l| l.stats.x_spin_waits).sum(),
            ),
            (
                "ahi_latch_x_spin_rounds",
                self.ahi_latches.iter().map(|l| l.stats.x_spin_rounds).sum(),
            ),
            (
                "ahi_latch_x_os_waits",
                self.ahi_latches.iter().map(|l| l.stats.x_os_waits).sum(),
            ),
            (
                "Innodb_buffer_pool_pages_flushed",
                self.flush.counters.flush_list_total_pages + c.lru_batch_flush_total_pages,
            ),
            ("Innodb_redo_log_bytes", self.redo.record_bytes),
            ("log_lsn_current", self.redo.lsn),
            ("log_lsn_last_checkpoint", self.redo.last_checkpoint_lsn),
            ("log_lsn_checkpoint_age", self.redo.checkpoint_age()),
            (
                "log_lsn_buf_pool_oldest",
                self.bp.oldest_modification().unwrap_or(self.redo.lsn),
            ),
            (
                "log_max_modified_age_async",
                self.redo.limits.max_modified_age_async,
            ),
            (
                "log_max_modified_age_sync",
                self.redo.limits.max_modified_age_sync,
            ),
            ("log_num_checkpoints", self.redo.checkpoints),
            (
                "buffer_LRU_batch_flush_total_pages",
                c.lru_batch_flush_total_pages,
            ),
            (
                "buffer_flush_threads_waiting",
                self.threads_waiting_flush() as u64,
            ),
        ] {
            m.insert(k, v as f64);
        }
        for (k, v) in self.flush_counter_list() {
            m.insert(k, v as f64);
        }
        // The untimed load before the run (`sysbench prepare`) read, created and wrote
        // pages, split leaves and logged redo, but ran no statement: counted from the
        // run's start, as after FLUSH STATUS, every count belongs to the run the charts
        // show (a hit rate from the table said 91.6% where the chart said 0.716, and
        // B ÷ A of read requests said 1.26× for 2.5×).
        for (k, v) in m.0.iter_mut() {
            if let Some(&base) = self.run_base.get(k) {
                if !GAUGES.contains(k) {
                    *v -= base;
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::Counters;

    #[test]
    fn counters_keep_name_order_and_the_last_value_of_a_name() {
        let mut c = Counters::default();
        for (k, v) in [("b", 1.0), ("Z", 2.0), ("a", 3.0), ("b", 4.0)] {
            c.insert(k, v);
        }
        // Byte order, as a BTreeMap<&str, _> orders names: upper case first.
        assert_eq!(
            c.iter().collect::<Vec<_>>(),
            [("Z", 2.0), ("a", 3.0), ("b", 4.0)]
        );
        assert_eq!((c.get("b"), c.get("c")), (Some(&4.0), None));
        assert_eq!(c["a"], 3.0);
        assert_eq!(
            serde_json::to_string(&c).unwrap_or_default(),
            r#"{"Z":2.0,"a":3.0,"b":4.0}"#
        );
    }
}
