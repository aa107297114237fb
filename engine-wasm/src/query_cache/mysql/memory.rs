//! Memory under pressure and freeing queries: block allocation that prunes the
//! oldest complete queries while nothing fits (`allocate_block`,
//! `free_old_query`), freeing one query (`free_query`), a table's queries
//! (`invalidate_table`) or all of them (`flush_cache`).

use super::{MysqlCache, MIN_ESTIMATED_QUERIES};
use crate::query_cache::arena::NIL;
use crate::query_cache::slots::Slot;
use crate::query_cache::QcEvent;

impl MysqlCache {
    /// `get_min_first_result_data_size`: `min_res_unit`, or once there are enough
    /// queries the average memory per query, capped by `query_cache_limit`.
    pub(super) fn min_first_result_size(&self) -> u64 {
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
    pub(super) fn allocate_block(
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
    pub(super) fn free_query(&mut self, q: u32, _ev: &mut Vec<QcEvent>) {
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
}
