//! The query cache: MySQL 5.7's (`sql/sql_cache.cc`: one arena, one global lock,
//! see arena.rs and mysql.rs) and a conceptual Aurora-style one (aurora.rs), behind
//! one interface the server calls with the lock already held (MySQL) or without
//! any lock (Aurora). Keys are the exact bytes the source hashes: the query text,
//! a NUL, the current database and the session flags.

pub mod arena;
pub mod aurora;
pub mod mysql;
pub mod slots;

use crate::scenario::{QueryCacheKind, QueryCacheType};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub use innodb_lab_scenario::bounds::MAX_QUERY_CACHE_SIZE;

/// A fixed word-at-a-time hasher (rotate, xor, multiply per 8 bytes, as rustc's
/// FxHash), so lookups never depend on a random seed (the maps are never iterated
/// for output) and a ~130-byte key hashes in a few ns.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fnv(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl Fnv {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }
}

/// A map with the fixed hasher.
pub type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// What a cached query holds for the simulation: its key, the result's size in
/// bytes, and the value the result carries (the row version it was computed from,
/// so tests can tell a stale answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Exact key bytes.
    pub key: Box<[u8]>,
    /// Result packets, bytes.
    pub result_bytes: u64,
    /// The answer.
    pub value: u64,
}

/// A lookup's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The complete result was there: its answer and its size in bytes.
    Hit {
        /// The answer the result carries.
        value: u64,
        /// Result bytes sent.
        result_bytes: u64,
    },
    /// Not there, or not complete yet.
    Miss,
}

/// Why `store_query` did not register a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreRefused {
    /// Another thread registered the same key ("Another thread process same query").
    Competitor,
    /// No memory even after pruning.
    NoMemory,
}

/// Something the cache did (trace events for the arena strip).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QcEvent {
    /// A query block was written at `offset` (Aurora: 0).
    Insert {
        /// Arena offset.
        offset: u64,
        /// Block bytes.
        bytes: u64,
    },
    /// A result completed.
    Result {
        /// Offset of its first block.
        offset: u64,
        /// Bytes of its first block.
        bytes: u64,
    },
    /// `free_old_query` freed the query at `offset`.
    Prune {
        /// Offset of the freed query block.
        offset: u64,
    },
    /// A write dropped `queries` queries of a table.
    Invalidate {
        /// Queries freed.
        queries: u64,
    },
}

/// The status counters (`sql/mysqld.cc`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// `Qcache_hits`.
    pub hits: u64,
    /// `Qcache_inserts`.
    pub inserts: u64,
    /// `Qcache_not_cached` (`refused`).
    pub not_cached: u64,
    /// `Qcache_queries_in_cache`.
    pub queries_in_cache: u64,
    /// `Qcache_lowmem_prunes`.
    pub lowmem_prunes: u64,
    /// `Qcache_free_memory`.
    pub free_memory: u64,
    /// `Qcache_free_blocks`.
    pub free_blocks: u64,
    /// `Qcache_total_blocks`.
    pub total_blocks: u64,
}

impl Counters {
    /// A query freed before its result was complete counts as not cached and its
    /// insert is taken back (`free_query_internal`).
    pub fn unfinished_freed(&mut self) {
        self.not_cached += 1;
        self.inserts = self.inserts.saturating_sub(1);
    }
}

/// Settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QcConfig {
    /// Implementation.
    pub kind: QueryCacheKind,
    /// `query_cache_type`.
    pub cache_type: QueryCacheType,
    /// `query_cache_size`.
    pub size: u64,
    /// `query_cache_limit`.
    pub limit: u64,
    /// `query_cache_min_res_unit`.
    pub min_res_unit: u64,
}

/// The cache the server has.
#[derive(Clone, Debug)]
pub enum QueryCache {
    /// None, or disabled (size 0 or too small).
    Off,
    /// MySQL 5.7.
    Mysql(Box<mysql::MysqlCache>),
    /// Conceptual Aurora.
    Aurora(Box<aurora::AuroraCache>),
}

impl QueryCache {
    /// Builds the cache for `cfg` (`init_cache`); a size of 0, or one too small for
    /// the bins, leaves it off as 5.7 does.
    pub fn new(cfg: &QcConfig) -> QueryCache {
        if cfg.size == 0 {
            return QueryCache::Off;
        }
        match cfg.kind {
            QueryCacheKind::None => QueryCache::Off,
            QueryCacheKind::Mysql => {
                match mysql::MysqlCache::new(cfg.size, cfg.limit, cfg.min_res_unit) {
                    Some(c) => QueryCache::Mysql(Box::new(c)),
                    None => QueryCache::Off,
                }
            }
            QueryCacheKind::Aurora => {
                QueryCache::Aurora(Box::new(aurora::AuroraCache::new(cfg.size, cfg.limit)))
            }
        }
    }

    /// The cache takes part in statements (exists with a size > 0).
    pub fn active(&self) -> bool {
        !matches!(self, QueryCache::Off)
    }

    /// Counters (zeros when off).
    pub fn counters(&self) -> Counters {
        match self {
            QueryCache::Off => Counters::default(),
            QueryCache::Mysql(c) => c.counters,
            QueryCache::Aurora(c) => c.counters,
        }
    }

    /// Counts a SELECT that was not cacheable (`Qcache_not_cached` outside the lock).
    pub fn refuse(&mut self) {
        match self {
            QueryCache::Off => {}
            QueryCache::Mysql(c) => c.counters.not_cached += 1,
            QueryCache::Aurora(c) => c.counters.not_cached += 1,
        }
    }

    /// Lookup.
    pub fn lookup(&mut self, key: &[u8]) -> Lookup {
        match self {
            QueryCache::Off => Lookup::Miss,
            QueryCache::Mysql(c) => c.lookup(key),
            QueryCache::Aurora(c) => c.lookup(key),
        }
    }

    /// `store_query`.
    pub fn store_query(
        &mut self,
        key: &[u8],
        table: &[u8],
        entry: Entry,
        ev: &mut Vec<QcEvent>,
    ) -> Result<(u32, u32), StoreRefused> {
        match self {
            QueryCache::Off => Err(StoreRefused::NoMemory),
            QueryCache::Mysql(c) => c.store_query(key, table, entry, ev),
            QueryCache::Aurora(c) => c.store_query(key, table, entry, ev),
        }
    }

    /// The whole result (MySQL: `append_result_data` then `end_of_result`, each
    /// under its own acquisition of the lock — the server calls the two halves).
    pub fn append_result(
        &mut self,
        id: u32,
        generation: u32,
        bytes: u64,
        ev: &mut Vec<QcEvent>,
    ) -> bool {
        match self {
            QueryCache::Off => false,
            QueryCache::Mysql(c) => c.append_result(id, generation, bytes, ev),
            QueryCache::Aurora(c) => c.store_result(id, generation, bytes, ev),
        }
    }

    /// `end_of_result` (Aurora: the result was completed by `append_result`).
    pub fn end_of_result(&mut self, id: u32, generation: u32, ev: &mut Vec<QcEvent>) -> bool {
        match self {
            QueryCache::Off => false,
            QueryCache::Mysql(c) => c.end_of_result(id, generation, ev),
            QueryCache::Aurora(c) => c.is_live(id, generation),
        }
    }

    /// Sets the answer the result of `(id, generation)` carries.
    pub fn set_value(&mut self, id: u32, generation: u32, value: u64) {
        match self {
            QueryCache::Off => {}
            QueryCache::Mysql(c) => c.set_value(id, generation, value),
            QueryCache::Aurora(c) => c.set_value(id, generation, value),
        }
    }

    /// `invalidate_table`.
    pub fn invalidate_table(&mut self, table: &[u8], ev: &mut Vec<QcEvent>) -> u64 {
        match self {
            QueryCache::Off => 0,
            QueryCache::Mysql(c) => c.invalidate_table(table, ev),
            QueryCache::Aurora(c) => c.invalidate_table(table, ev),
        }
    }

    /// Block headers touched since the last call (MySQL; CPU under the lock).
    pub fn take_block_ops(&mut self) -> u64 {
        match self {
            QueryCache::Mysql(c) => c.take_block_ops(),
            _ => 0,
        }
    }

    /// Every invariant of the structures.
    pub fn check_invariants(&self) -> Result<(), String> {
        match self {
            QueryCache::Off => Ok(()),
            QueryCache::Mysql(c) => c.check_invariants(),
            QueryCache::Aurora(c) => c.check_invariants(),
        }
    }

    /// The arena strip: `[type, bytes]` per block in arena order (MySQL), or per
    /// entry in LRU order then the free remainder (Aurora), flattened as u32 pairs
    /// (frames.ts `qc_blocks`). Exact bytes: in 512-byte units rounded up, a 3,700 B
    /// free block read as 4 KiB, big enough for a new result, which it is not.
    pub fn blocks(&self) -> Vec<u32> {
        let units = |b: u64| b.min(u32::MAX as u64) as u32;
        match self {
            QueryCache::Off => Vec::new(),
            QueryCache::Mysql(c) => c
                .arena()
                .physical()
                .flat_map(|b| [u32::from(b.kind.code()), units(b.len)])
                .collect(),
            QueryCache::Aurora(c) => {
                let mut v: Vec<u32> = c
                    .entries()
                    .flat_map(|(bytes, complete)| [if complete { 2 } else { 4 }, units(bytes)])
                    .collect();
                let free = c.counters.free_memory;
                if free > 0 {
                    v.extend([0, units(free)]);
                }
                v
            }
        }
    }
}

/// The key bytes of a query (`Query_cache::send_result_to_client`/`store_query`):
/// text, NUL, the length of the current database as 8 bytes, the database, then
/// the flags that must match (`Query_cache_query_flags`: protocol, in_trans,
/// autocommit, packet number, charsets, limits, sql_mode…).
pub fn build_key(out: &mut Vec<u8>, text: &[u8], db: &[u8], in_trans: bool, autocommit: bool) {
    out.clear();
    out.extend_from_slice(text);
    out.push(0);
    out.extend_from_slice(&(db.len() as u64).to_le_bytes());
    out.extend_from_slice(db);
    // client_long_flag, client_protocol_41, binary protocol, more_results
    out.extend_from_slice(&[1, 1, 0, 0]);
    out.push(u8::from(in_trans));
    out.push(u8::from(autocommit));
    // pkt_nr: the command packet is always packet 0 of its exchange
    out.push(0);
    // character_set_client/results, collation_connection (utf8mb4 = 45), then
    // sql_select_limit, time_zone, sql_mode, max_sort_length, group_concat_max_len,
    // div_precision_increment, default_week_format, lc_time_names: server defaults.
    for v in [
        45u64,
        45,
        45,
        u64::MAX,
        0,
        0x1e_0000_0000,
        1024,
        1024,
        4,
        0,
        0,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Bytes of the result of `SELECT col FROM table WHERE id=?` returning one row of a
/// `width`-byte string column, as the text protocol sends it: column count, one
/// column definition, EOF, the row, EOF (each packet with its 4-byte header).
pub fn point_select_result_bytes(db: &str, table: &str, col: &str, width: u64) -> u64 {
    let lenenc = |n: u64| 1 + n;
    let count = 4 + 1;
    let coldef = 4
        + lenenc(3)
        + lenenc(db.len() as u64)
        + 2 * lenenc(table.len() as u64)
        + 2 * lenenc(col.len() as u64)
        + 13;
    let eof = 4 + 5;
    let row = 4 + lenenc(width);
    count + coldef + eof + row + eof
}

#[cfg(test)]
mod tests;
