//! The MySQL cache's invariants, checked by tests and the fuzzers.

use super::MysqlCache;
use crate::query_cache::arena::BlockType;

impl MysqlCache {
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
