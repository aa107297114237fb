//! MySQL 5.7's query cache structures (`sql_cache.cc`): the query hash keyed by
//! the exact key bytes, the LRU list of queries (`queries_blocks`, oldest first),
//! one TABLE block per table with the ring of its queries, and the block arena.
//! Every operation here runs with the global lock held by the caller; each returns
//! the work it did so the caller can charge its CPU time under the lock.

mod check;
mod memory;
mod tables;

use super::arena::{align, Arena, BlockType, MIN_ALLOCATION_UNIT, NIL};
use super::slots::Slots;
use super::{Counters, Entry, Lookup, QcEvent, StoreRefused};

/// `ALIGN_SIZE(sizeof(Query_cache_block))` on 64-bit: length, used, four links,
/// type, table count.
pub const BLOCK_HEADER: u64 = 56;
/// `sizeof(Query_cache_block_table)`: count, two ring links, parent.
pub const BLOCK_TABLE: u64 = 32;
/// `ALIGN_SIZE(sizeof(Query_cache_query))`: found rows, the block's rw-lock, result
/// and writer pointers, length, table type, last packet number.
pub const QUERY_HEADER: u64 = 104;
/// `ALIGN_SIZE(sizeof(Query_cache_result))`: the parent pointer.
pub const RESULT_HEADER: u64 = 8;
/// `ALIGN_SIZE(sizeof(Query_cache_table))`: key pointer, key length, type, engine
/// callback and data.
pub const TABLE_HEADER: u64 = 40;
/// `QUERY_CACHE_MIN_ESTIMATED_QUERIES_NUMBER`: below this many queries the first
/// result block requests only `min_res_unit`.
pub const MIN_ESTIMATED_QUERIES: u64 = 3;

/// Where a cached query's blocks are, and its place in its table's ring.
#[derive(Clone, Debug)]
struct Query {
    block: u32,
    /// Result blocks in chain order (empty until the first append).
    result: Vec<u32>,
    table: u32,
    ring_prev: u32,
    ring_next: u32,
}

/// A table's block and the first query of its ring.
#[derive(Clone, Debug)]
struct Table {
    name: Box<[u8]>,
    block: u32,
    ring: u32,
    n: u64,
}

/// The MySQL query cache state.
#[derive(Clone, Debug)]
pub struct MysqlCache {
    arena: Arena,
    limit: u64,
    min_res_unit: u64,
    /// The query hash, the queries and their LRU list.
    queries: Slots<Query>,
    tables: Vec<Option<Table>>,
    /// Counters.
    pub counters: Counters,
}

impl MysqlCache {
    /// `init_cache` for `size` bytes; None when too small (the cache is disabled).
    pub fn new(size: u64, limit: u64, min_res_unit: u64) -> Option<MysqlCache> {
        let mut c = MysqlCache {
            arena: Arena::new(size)?,
            limit,
            min_res_unit: align(min_res_unit.max(MIN_ALLOCATION_UNIT)),
            queries: Slots::default(),
            tables: Vec::new(),
            counters: Counters::default(),
        };
        // A fresh cache is one free block: Qcache_free_memory, _free_blocks and
        // _total_blocks say so before the first store, as after `init_cache`.
        c.sync_counters();
        Some(c)
    }

    /// The arena (for the strip and the invariants).
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// Block-header touches since the last call (for CPU cost), cleared.
    pub fn take_block_ops(&mut self) -> u64 {
        std::mem::take(&mut self.arena.work.block_ops)
    }

    fn sync_counters(&mut self) {
        self.counters.free_memory = self.arena.free_memory();
        self.counters.free_blocks = self.arena.free_blocks();
        self.counters.total_blocks = self.arena.total_blocks();
    }

    /// `send_result_to_client` under the lock: a hit needs the key and a complete
    /// result; it moves the query to the LRU end (`move_to_query_list_end`).
    pub fn lookup(&mut self, key: &[u8]) -> Lookup {
        let hit = self.queries.lookup(key);
        if hit != Lookup::Miss {
            self.arena.work.block_ops += 4;
            self.counters.hits += 1;
        }
        hit
    }

    /// `store_query` under the lock: registers the query (QUERY block, table ring,
    /// hash, LRU) unless another thread already did; returns its id and generation.
    pub fn store_query(
        &mut self,
        key: &[u8],
        table: &[u8],
        entry: Entry,
        ev: &mut Vec<QcEvent>,
    ) -> Result<(u32, u32), StoreRefused> {
        if self.queries.contains_key(key) {
            // "Another thread process same query"
            self.counters.not_cached += 1;
            return Err(StoreRefused::Competitor);
        }
        // write_block_data: headers + the key, at least min_allocation_unit.
        let len = align(BLOCK_HEADER + BLOCK_TABLE + QUERY_HEADER + key.len() as u64);
        let Some(block) = self.allocate_block(len.max(MIN_ALLOCATION_UNIT), true, 0, ev) else {
            self.counters.not_cached += 1;
            self.sync_counters();
            return Err(StoreRefused::NoMemory);
        };
        self.arena.set(block, BlockType::Query, NIL, len);
        // register_all_tables → insert_table (may allocate the TABLE block)
        let Some(t) = self.find_or_add_table(table, ev) else {
            self.arena.free_memory_block(block);
            self.counters.not_cached += 1;
            self.sync_counters();
            return Err(StoreRefused::NoMemory);
        };
        let query = Query {
            block,
            result: Vec::new(),
            table: t,
            ring_prev: NIL,
            ring_next: NIL,
        };
        let (id, generation) = self.queries.insert(key, entry, query);
        self.arena.set(block, BlockType::Query, id, len);
        self.ring_link(t, id);
        self.queries.lru_push_back(id);
        self.arena.work.block_ops += 4;
        self.counters.inserts += 1;
        self.counters.queries_in_cache += 1;
        self.sync_counters();
        ev.push(QcEvent::Insert {
            offset: self.arena.block(block).off,
            bytes: self.arena.block(block).len,
        });
        Ok((id, generation))
    }

    /// Sets the answer the result carries (the simulation's stand-in for the
    /// packets' content).
    pub fn set_value(&mut self, id: u32, generation: u32, value: u64) {
        self.queries.set_value(id, generation, value);
    }

    /// Whether the registered query `(id, generation)` is still the writer's.
    pub fn is_live(&self, id: u32, generation: u32) -> bool {
        self.queries.is_live(id, generation)
    }

    /// `append_result_data` + `write_result_data` + `allocate_data_chain` for a
    /// whole small result sent in one network write. False when it is not cached
    /// (over `query_cache_limit`, or no memory): the query is freed
    /// (`query_cache_abort`), which counts it as not cached.
    pub fn append_result(
        &mut self,
        id: u32,
        generation: u32,
        bytes: u64,
        ev: &mut Vec<QcEvent>,
    ) -> bool {
        if !self.is_live(id, generation) {
            return false;
        }
        if bytes > self.limit {
            self.free_query(id, ev);
            self.sync_counters();
            return false;
        }
        let headers = BLOCK_HEADER + RESULT_HEADER;
        let mut remaining = bytes + headers;
        let mut first = true;
        let mut chain = Vec::new();
        while remaining > 0 {
            let min_size = if first {
                self.min_first_result_size()
            } else {
                self.min_res_unit
            };
            let request = min_size.max(align(remaining));
            let Some(b) = self.allocate_block(request, false, headers + self.min_res_unit, ev)
            else {
                for b in chain {
                    self.arena.free_memory_block(b);
                }
                if self.is_live(id, generation) {
                    self.free_query(id, ev);
                }
                self.sync_counters();
                return false;
            };
            let blen = self.arena.block(b).len;
            let used = remaining.min(blen);
            let kind = if first {
                BlockType::ResBeg
            } else {
                BlockType::ResCont
            };
            self.arena.set(b, kind, id, used);
            chain.push(b);
            remaining -= used;
            if remaining > 0 {
                remaining += headers;
            }
            first = false;
        }
        if !self.is_live(id, generation) {
            // pruned while allocating its own result (free_old_query took it)
            for b in chain {
                self.arena.free_memory_block(b);
            }
            self.sync_counters();
            return false;
        }
        if let Some(q) = self.queries.get_mut(id) {
            q.data.result = chain;
        }
        self.sync_counters();
        true
    }

    /// `end_of_result`: trims the last result block to max(used,
    /// `min_allocation_unit`) and marks the result complete (type RESULT).
    pub fn end_of_result(&mut self, id: u32, generation: u32, ev: &mut Vec<QcEvent>) -> bool {
        if !self.is_live(id, generation) {
            return false;
        }
        let Some(q) = self.queries.get(id) else {
            return false;
        };
        let Some(&last) = q.data.result.last() else {
            // nothing was appended: the query is dropped
            self.free_query(id, ev);
            self.sync_counters();
            return false;
        };
        let first = q.data.result[0];
        let b = *self.arena.block(last);
        let keep = align(b.used).max(MIN_ALLOCATION_UNIT);
        if b.len >= MIN_ALLOCATION_UNIT + keep {
            self.arena.split_block(last, keep);
        }
        let used = self.arena.block(first).used;
        self.arena.set(first, BlockType::Result, id, used);
        if let Some(q) = self.queries.get_mut(id) {
            q.complete = true;
        }
        self.arena.work.block_ops += 2;
        self.sync_counters();
        let fb = self.arena.block(first);
        ev.push(QcEvent::Result {
            offset: fb.off,
            bytes: fb.len,
        });
        true
    }
}
