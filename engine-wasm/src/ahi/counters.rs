//! AHI counters, named as InnoDB's `information_schema.innodb_metrics` rows, and
//! per-partition memory statistics (SHOW ENGINE INNODB STATUS "Hash table size N,
//! node heap has M buffer(s)").

use serde::{Deserialize, Serialize};

/// Cumulative counters (`srv0mon.cc`) plus gauges of the whole AHI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AhiCounters {
    /// Searches answered by the hash (`btr_cur_n_sea`).
    pub adaptive_hash_searches: u64,
    /// Searches that descended the B-tree (`btr_cur_n_non_sea`).
    pub adaptive_hash_searches_btree: u64,
    /// Page hash builds, rebuilds included.
    pub adaptive_hash_pages_added: u64,
    /// Page hash drops.
    pub adaptive_hash_pages_removed: u64,
    /// Hash nodes inserted (5.7 counts each build entry twice).
    pub adaptive_hash_rows_added: u64,
    /// Hash nodes removed.
    pub adaptive_hash_rows_removed: u64,
    /// Nodes re-pointed by an insert (`btr_search_update_hash_node_on_insert`).
    pub adaptive_hash_rows_updated: u64,
    /// Deletes that found no node for their record.
    pub adaptive_hash_rows_deleted_no_hash_entry: u64,
    /// Hash lookups that failed (`BTR_CUR_HASH_FAIL`; InnoDB's
    /// `btr_search_n_hash_fail` under `UNIV_SEARCH_PERF_STAT`, not a metric).
    pub hash_fails: u64,
    /// Gauge: hash nodes in all parts.
    pub nodes: u64,
    /// Gauge: node-heap pages taken from the buffer pool, all parts.
    pub heap_pages: u64,
    /// Gauge: pages currently hashed.
    pub hashed_pages: u64,
}

/// One partition's size, for the UI and the STATUS text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartStats {
    /// Hash nodes.
    pub nodes: u64,
    /// InnoDB's cell count ("Hash table size N"), a prime from `ut_find_prime`.
    pub cells: u64,
    /// Node-heap buffers taken from the buffer pool ("node heap has M buffer(s)").
    pub heap_pages: u64,
}
