//! MySQL 5.7's query cache structures (`sql_cache.cc`): the query hash keyed by
//! the exact key bytes, the LRU list of queries (`queries_blocks`, oldest first),
//! one TABLE block per table with the ring of its queries, and the block arena.
//! Every operation here runs with the global lock held by the caller; each returns
//! the work it did so the caller can charge its CPU time under the lock.

use super::arena::{align, Arena, BlockType, MIN_ALLOCATION_UNIT, NIL};
use super::slots::{Slot, Slots};
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
        Some(MysqlCache {
            arena: Arena::new(size)?,
            limit,
            min_res_unit: align(min_res_unit.max(MIN_ALLOCATION_UNIT)),
            queries: Slots::default(),
            tables: Vec::new(),
            counters: Counters::default(),
        })
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

    /// The lookup of a SELECT inside a multi-statement transaction (its tables are
    /// InnoDB, i.e. transactional): `send_result_to_client` finds the query and
    /// read-locks it, then refuses to send it ("we are in transaction and have
    /// transaction tables in query") before the LRU move and `hits++`. A miss.
    pub fn lookup_in_transaction(&mut self, key: &[u8]) -> Lookup {
        if self.queries.contains_key(key) {
            self.arena.work.block_ops += 1;
        }
        Lookup::Miss
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

    /// `get_min_first_result_data_size`: `min_res_unit`, or once there are enough
    /// queries the average memory per query, capped by `query_cache_limit`.
    fn min_first_result_size(&self) -> u64 {
        let n = self.counters.queries_in_cache;
        if n < MIN_ESTIMATED_QUERIES {
            return self.min_res_unit;
        }
        let avg = (self.arena.size() - self.arena.free_memory()) / n;
        avg.min(self.limit).max(self.min_res_unit)
    }

    /// `allocate_block`: fails at once for a request ≥ min(size, limit); otherwise
    /// searches the bins, and while nothing fits frees the oldest query
    /// (`free_old_query`, `Qcache_lowmem_prunes`); splits what it found.
    fn allocate_block(
        &mut self,
        len: u64,
        not_less: bool,
        min: u64,
        ev: &mut Vec<QcEvent>,
    ) -> Option<u32> {
        if len >= self.arena.size().min(self.limit) {
            return None;
        }
        loop {
            if let Some(b) = self.arena.get_free_block(len, not_less, min) {
                self.arena.take(b, len);
                return Some(b);
            }
            if !self.free_old_query(ev) {
                return None;
            }
        }
    }

    /// `free_old_query`: frees the oldest query whose result is complete.
    fn free_old_query(&mut self, ev: &mut Vec<QcEvent>) -> bool {
        let mut q = self.queries.lru_head();
        while q != NIL {
            let query = self.queries.get(q).expect("query in LRU");
            if query.complete {
                let off = self.arena.block(query.data.block).off;
                self.free_query(q, ev);
                self.counters.lowmem_prunes += 1;
                ev.push(QcEvent::Prune { offset: off });
                return true;
            }
            self.arena.work.block_ops += 1;
            q = self.queries.lru_next(q);
        }
        false
    }

    /// `free_query` + `free_query_internal`: out of the hash, the LRU and its table's
    /// ring; its blocks are freed (and merged). An unfinished query counts as
    /// refused and its insert is taken back, as the source does.
    fn free_query(&mut self, q: u32, _ev: &mut Vec<QcEvent>) {
        let Some(Slot {
            complete,
            data: query,
            ..
        }) = self.queries.remove(q)
        else {
            return;
        };
        self.ring_unlink(query.table, q, &query);
        if !complete {
            self.counters.unfinished_freed();
        }
        for &b in &query.result {
            self.arena.free_memory_block(b);
        }
        self.arena.free_memory_block(query.block);
        self.counters.queries_in_cache -= 1;
        // unlink_table: a table whose ring is empty is freed
        let t = query.table;
        if self.tables[t as usize].as_ref().is_some_and(|t| t.n == 0) {
            let tb = self.tables[t as usize].take().expect("table");
            self.arena.free_memory_block(tb.block);
        }
    }

    /// `invalidate_table` → `invalidate_query_block_list`: frees every query of
    /// the table's ring; returns how many.
    pub fn invalidate_table(&mut self, table: &[u8], ev: &mut Vec<QcEvent>) -> u64 {
        let Some(t) = self.table_id(table) else {
            return 0;
        };
        let mut n = 0;
        while let Some(tb) = self.tables[t as usize].as_ref() {
            let q = tb.ring;
            if q == NIL {
                break;
            }
            self.free_query(q, ev);
            n += 1;
        }
        self.sync_counters();
        if n > 0 {
            ev.push(QcEvent::Invalidate { queries: n });
        }
        n
    }

    /// `flush_cache` (RESET QUERY CACHE, resize): frees every query.
    pub fn flush(&mut self, ev: &mut Vec<QcEvent>) {
        while self.queries.lru_head() != NIL {
            let q = self.queries.lru_head();
            self.free_query(q, ev);
        }
        self.sync_counters();
    }

    fn table_id(&self, name: &[u8]) -> Option<u32> {
        self.tables
            .iter()
            .position(|t| t.as_ref().is_some_and(|t| &*t.name == name))
            .map(|i| i as u32)
    }

    /// `register_all_tables` → `insert_table`: the table's block, created on first use.
    fn find_or_add_table(&mut self, name: &[u8], ev: &mut Vec<QcEvent>) -> Option<u32> {
        if let Some(t) = self.table_id(name) {
            return Some(t);
        }
        let len = align(BLOCK_HEADER + BLOCK_TABLE + TABLE_HEADER + name.len() as u64);
        let block = self.allocate_block(len.max(MIN_ALLOCATION_UNIT), true, 0, ev)?;
        let id = match self.tables.iter().position(Option::is_none) {
            Some(i) => i as u32,
            None => {
                self.tables.push(None);
                (self.tables.len() - 1) as u32
            }
        };
        self.arena.set(block, BlockType::Table, id, len);
        self.tables[id as usize] = Some(Table {
            name: name.into(),
            block,
            ring: NIL,
            n: 0,
        });
        Some(id)
    }

    fn ring_link(&mut self, t: u32, q: u32) {
        let tb = self.tables[t as usize].as_mut().expect("table");
        let head = tb.ring;
        tb.n += 1;
        if head == NIL {
            tb.ring = q;
            let qq = self.query_mut(q);
            qq.ring_prev = q;
            qq.ring_next = q;
            return;
        }
        let tail = self.query_mut(head).ring_prev;
        self.query_mut(tail).ring_next = q;
        self.query_mut(head).ring_prev = q;
        let qq = self.query_mut(q);
        qq.ring_prev = tail;
        qq.ring_next = head;
    }

    fn query_mut(&mut self, q: u32) -> &mut Query {
        &mut self.queries.get_mut(q).expect("query").data
    }

    fn ring_unlink(&mut self, t: u32, q: u32, query: &Query) {
        let Some(tb) = self.tables[t as usize].as_mut() else {
            return;
        };
        tb.n -= 1;
        if query.ring_next == q {
            tb.ring = NIL;
            return;
        }
        if tb.ring == q {
            tb.ring = query.ring_next;
        }
        self.query_mut(query.ring_prev).ring_next = query.ring_next;
        self.query_mut(query.ring_next).ring_prev = query.ring_prev;
    }

    /// Invariants of the whole cache: the arena's, plus every query block and
    /// result block owned by a live query, the hash, the LRU and the rings agreeing,
    /// and `Qcache_queries_in_cache` equal to the queries held.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.arena.check_invariants()?;
        let (live, n) = self.queries.check_invariants()?;
        if live != self.counters.queries_in_cache {
            return Err(format!(
                "{live} queries, counter {}",
                self.counters.queries_in_cache
            ));
        }
        for (q, qq) in self.queries.lru() {
            let b = self.arena.block(qq.data.block);
            if b.kind != BlockType::Query || b.owner != q {
                return Err(format!("query {q}'s block is {:?} of {}", b.kind, b.owner));
            }
            for (i, &r) in qq.data.result.iter().enumerate() {
                let rb = self.arena.block(r);
                let want = match (i, qq.complete) {
                    (0, true) => BlockType::Result,
                    (0, false) => BlockType::ResBeg,
                    _ => BlockType::ResCont,
                };
                if rb.kind != want || rb.owner != q {
                    return Err(format!("query {q} result block {i} is {:?}", rb.kind));
                }
            }
        }
        if n != live {
            return Err(format!("LRU holds {n} of {live} queries"));
        }
        let ring_total: u64 = self.tables.iter().flatten().map(|t| t.n).sum();
        if ring_total != live {
            return Err(format!("table rings hold {ring_total} of {live}"));
        }
        let blocks = self
            .arena
            .physical()
            .filter(|b| matches!(b.kind, BlockType::Query))
            .count() as u64;
        if blocks != live {
            return Err(format!("{blocks} QUERY blocks for {live} queries"));
        }
        Ok(())
    }
}
