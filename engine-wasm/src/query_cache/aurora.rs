//! An Aurora-style query cache, CONCEPTUAL: Amazon publishes no source. AWS says
//! Aurora MySQL 1.x/2.x reworked the cache so it has no global-mutex scalability
//! problem and invalidation does not stall; the article (seed 003) observes that it
//! also stores more results and prunes far less. This model keeps MySQL's key and
//! invalidation semantics (byte-exact key, every query of a written table dropped)
//! and changes the two things the vendor describes:
//! - no global lock: the map is sharded (the server never makes a thread wait);
//! - memory without fragmentation: each entry takes exactly its bytes (key and
//!   result, no 4 KiB first result block, no 512-byte rounding), and when the
//!   budget is full the least recently used entries are evicted
//!   (`Qcache_lowmem_prunes`) until the new one fits.

use super::slots::{Slots, NIL};
use super::{Counters, Entry, Lookup, QcEvent, StoreRefused};

/// Per-entry bookkeeping assumed on top of the key and result bytes (hash node,
/// LRU links, table link), bytes.
pub const ENTRY_OVERHEAD: u64 = 64;

/// An entry's size and table.
#[derive(Clone, Debug)]
struct EntryData {
    /// Bytes it takes (key, overhead, then the result).
    bytes: u64,
    table: Box<[u8]>,
}

/// The conceptual Aurora cache.
#[derive(Clone, Debug)]
pub struct AuroraCache {
    size: u64,
    used: u64,
    limit: u64,
    /// The hash, the entries and their LRU list (complete entries only).
    slots: Slots<EntryData>,
    /// Counters (same names as MySQL's).
    pub counters: Counters,
}

impl AuroraCache {
    /// A budget of `size` bytes.
    pub fn new(size: u64, limit: u64) -> AuroraCache {
        let mut c = AuroraCache {
            size,
            used: 0,
            limit,
            slots: Slots::default(),
            counters: Counters::default(),
        };
        c.sync();
        c
    }

    fn sync(&mut self) {
        self.counters.free_memory = self.size - self.used;
        self.counters.free_blocks = u64::from(self.used < self.size);
        self.counters.total_blocks = self.counters.queries_in_cache + self.counters.free_blocks;
    }

    /// Bytes in use.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Entries in LRU order (oldest first): (bytes, complete).
    pub fn entries(&self) -> impl Iterator<Item = (u64, bool)> + '_ {
        self.slots.lru().map(|(_, s)| (s.data.bytes, s.complete))
    }

    /// A lookup: a complete entry under the exact key.
    pub fn lookup(&mut self, key: &[u8]) -> Lookup {
        let hit = self.slots.lookup(key);
        if hit != Lookup::Miss {
            self.counters.hits += 1;
        }
        hit
    }

    /// Registers the query (reserving its key bytes) unless it is already there.
    pub fn store_query(
        &mut self,
        key: &[u8],
        table: &[u8],
        entry: Entry,
        ev: &mut Vec<QcEvent>,
    ) -> Result<(u32, u32), StoreRefused> {
        if self.slots.contains_key(key) {
            self.counters.not_cached += 1;
            return Err(StoreRefused::Competitor);
        }
        let bytes = key.len() as u64 + ENTRY_OVERHEAD;
        if !self.make_room(bytes, ev) {
            self.counters.not_cached += 1;
            return Err(StoreRefused::NoMemory);
        }
        let data = EntryData {
            bytes,
            table: table.into(),
        };
        // Entries being written stay off the LRU until complete (they cannot be
        // evicted anyway), so eviction never walks past them.
        let (id, generation) = self.slots.insert(key, entry, data);
        self.used += bytes;
        self.counters.inserts += 1;
        self.counters.queries_in_cache += 1;
        self.sync();
        ev.push(QcEvent::Insert { offset: 0, bytes });
        Ok((id, generation))
    }

    /// Sets the answer the result carries (the simulation's stand-in for the
    /// packets' content).
    pub fn set_value(&mut self, id: u32, generation: u32, value: u64) {
        self.slots.set_value(id, generation, value);
    }

    /// Whether the registered query `(id, generation)` is still the writer's.
    pub fn is_live(&self, id: u32, generation: u32) -> bool {
        self.slots.is_live(id, generation)
    }

    /// Stores the result bytes and completes the entry; false when not cached.
    pub fn store_result(
        &mut self,
        id: u32,
        generation: u32,
        bytes: u64,
        ev: &mut Vec<QcEvent>,
    ) -> bool {
        if !self.is_live(id, generation) {
            return false;
        }
        if bytes > self.limit || !self.make_room_except(bytes, id, ev) {
            self.free(id);
            self.counters.unfinished_freed();
            self.sync();
            return false;
        }
        let s = self.slots.get_mut(id).expect("slot");
        s.data.bytes += bytes;
        s.complete = true;
        self.used += bytes;
        self.slots.lru_push_back(id);
        self.sync();
        ev.push(QcEvent::Result { offset: 0, bytes });
        true
    }

    fn make_room(&mut self, bytes: u64, ev: &mut Vec<QcEvent>) -> bool {
        self.make_room_except(bytes, NIL, ev)
    }

    /// Evicts least recently used complete entries until `bytes` fit.
    fn make_room_except(&mut self, bytes: u64, keep: u32, ev: &mut Vec<QcEvent>) -> bool {
        if bytes > self.size {
            return false;
        }
        while self.used + bytes > self.size {
            let q = self.slots.lru_head();
            if q == NIL || q == keep {
                return false;
            }
            self.free(q);
            self.counters.lowmem_prunes += 1;
            ev.push(QcEvent::Prune { offset: 0 });
        }
        true
    }

    fn free(&mut self, q: u32) {
        let s = self.slots.remove(q).expect("slot");
        self.used -= s.data.bytes;
        self.counters.queries_in_cache -= 1;
    }

    /// Drops every entry of the table (complete or being written).
    pub fn invalidate_table(&mut self, table: &[u8], ev: &mut Vec<QcEvent>) -> u64 {
        let mut n = 0;
        for q in 0..self.slots.id_bound() {
            let Some(s) = self.slots.get(q) else {
                continue;
            };
            if &*s.data.table == table {
                if !s.complete {
                    self.counters.unfinished_freed();
                }
                self.free(q);
                n += 1;
            }
        }
        self.sync();
        if n > 0 {
            ev.push(QcEvent::Invalidate { queries: n });
        }
        n
    }

    /// Drops everything.
    pub fn flush(&mut self) {
        for q in 0..self.slots.id_bound() {
            if self.slots.get(q).is_some() {
                self.free(q);
            }
        }
        self.sync();
    }

    /// Invariants: bytes in use equal the entries' bytes and stay within the budget;
    /// map, list and counter agree.
    pub fn check_invariants(&self) -> Result<(), String> {
        let (live, in_lru) = self.slots.check_invariants()?;
        let bytes: u64 = self.slots.live().map(|s| s.data.bytes).sum();
        if bytes != self.used || self.used > self.size {
            return Err(format!(
                "used {} entries {bytes} size {}",
                self.used, self.size
            ));
        }
        if live != self.counters.queries_in_cache {
            return Err("entry count mismatch".into());
        }
        let complete = self.slots.live().filter(|s| s.complete).count() as u64;
        let lru_complete = self.slots.lru().filter(|(_, s)| s.complete).count() as u64;
        if in_lru != complete || lru_complete != complete {
            return Err("LRU must hold exactly the complete entries".into());
        }
        if self.counters.free_memory != self.size - self.used {
            return Err("free memory counter".into());
        }
        Ok(())
    }
}
