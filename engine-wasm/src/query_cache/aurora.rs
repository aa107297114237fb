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

use super::{Counters, Entry, FnvMap, Lookup, QcEvent, StoreRefused};

/// Per-entry bookkeeping assumed on top of the key and result bytes (hash node,
/// LRU links, table link), bytes.
pub const ENTRY_OVERHEAD: u64 = 64;

#[derive(Clone, Debug)]
struct Slot {
    entry: Entry,
    bytes: u64,
    complete: bool,
    table: Box<[u8]>,
    prev: u32,
    next: u32,
    generation: u32,
    in_lru: bool,
}

const NIL: u32 = u32::MAX;

/// The conceptual Aurora cache.
#[derive(Clone, Debug)]
pub struct AuroraCache {
    size: u64,
    used: u64,
    limit: u64,
    map: FnvMap<Box<[u8]>, u32>,
    slots: Vec<Option<Slot>>,
    spare: Vec<u32>,
    head: u32,
    tail: u32,
    next_generation: u32,
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
            map: FnvMap::default(),
            slots: Vec::new(),
            spare: Vec::new(),
            head: NIL,
            tail: NIL,
            next_generation: 1,
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
        let mut q = self.head;
        std::iter::from_fn(move || {
            if q == NIL {
                return None;
            }
            let s = self.slots[q as usize].as_ref()?;
            q = s.next;
            Some((s.bytes, s.complete))
        })
    }

    /// A lookup: a complete entry under the exact key.
    pub fn lookup(&mut self, key: &[u8]) -> Lookup {
        let Some(&q) = self.map.get(key) else {
            return Lookup::Miss;
        };
        let s = self.slots[q as usize].as_ref().expect("slot");
        if !s.complete {
            return Lookup::Miss;
        }
        let hit = Lookup::Hit {
            value: s.entry.value,
            result_bytes: s.entry.result_bytes,
        };
        self.unlink(q);
        self.append(q);
        self.counters.hits += 1;
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
        if self.map.contains_key(key) {
            self.counters.not_cached += 1;
            return Err(StoreRefused::Competitor);
        }
        let bytes = key.len() as u64 + ENTRY_OVERHEAD;
        if !self.make_room(bytes, ev) {
            self.counters.not_cached += 1;
            return Err(StoreRefused::NoMemory);
        }
        let id = match self.spare.pop() {
            Some(i) => i,
            None => {
                self.slots.push(None);
                (self.slots.len() - 1) as u32
            }
        };
        let generation = self.next_generation;
        self.next_generation = self.next_generation.wrapping_add(1).max(1);
        self.slots[id as usize] = Some(Slot {
            entry,
            bytes,
            complete: false,
            table: table.into(),
            prev: NIL,
            next: NIL,
            generation,
            in_lru: false,
        });
        // Entries being written stay off the LRU until complete (they cannot be
        // evicted anyway), so eviction never walks past them.
        self.map.insert(key.into(), id);
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
        if let Some(Some(q)) = self.slots.get_mut(id as usize) {
            if q.generation == generation {
                q.entry.value = value;
            }
        }
    }

    /// Whether the registered query `(id, generation)` is still the writer's.
    pub fn is_live(&self, id: u32, generation: u32) -> bool {
        matches!(self.slots.get(id as usize), Some(Some(s)) if s.generation == generation)
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
            self.counters.not_cached += 1;
            self.counters.inserts = self.counters.inserts.saturating_sub(1);
            self.sync();
            return false;
        }
        let s = self.slots[id as usize].as_mut().expect("slot");
        s.bytes += bytes;
        s.complete = true;
        self.used += bytes;
        self.append(id);
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
            let q = self.head;
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
        self.unlink(q);
        let s = self.slots[q as usize].take().expect("slot");
        self.map.remove(&s.entry.key);
        self.used -= s.bytes;
        self.counters.queries_in_cache -= 1;
        self.spare.push(q);
    }

    /// Drops every entry of the table (complete or being written).
    pub fn invalidate_table(&mut self, table: &[u8], ev: &mut Vec<QcEvent>) -> u64 {
        let mut n = 0;
        for q in 0..self.slots.len() as u32 {
            let Some(s) = self.slots[q as usize].as_ref() else {
                continue;
            };
            if &*s.table == table {
                if !s.complete {
                    self.counters.not_cached += 1;
                    self.counters.inserts = self.counters.inserts.saturating_sub(1);
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
        for q in 0..self.slots.len() as u32 {
            if self.slots[q as usize].is_some() {
                self.free(q);
            }
        }
        self.sync();
    }

    fn append(&mut self, q: u32) {
        let tail = self.tail;
        {
            let s = self.slots[q as usize].as_mut().expect("slot");
            s.prev = tail;
            s.next = NIL;
            s.in_lru = true;
        }
        if tail == NIL {
            self.head = q;
        } else {
            self.slots[tail as usize].as_mut().expect("slot").next = q;
        }
        self.tail = q;
    }

    fn unlink(&mut self, q: u32) {
        let (p, n) = {
            let s = self.slots[q as usize].as_mut().expect("slot");
            if !s.in_lru {
                return;
            }
            s.in_lru = false;
            (s.prev, s.next)
        };
        if p == NIL {
            self.head = n;
        } else {
            self.slots[p as usize].as_mut().expect("slot").next = n;
        }
        if n == NIL {
            self.tail = p;
        } else {
            self.slots[n as usize].as_mut().expect("slot").prev = p;
        }
    }

    /// Invariants: bytes in use equal the entries' bytes and stay within the budget;
    /// map, list and counter agree.
    pub fn check_invariants(&self) -> Result<(), String> {
        let live: Vec<&Slot> = self.slots.iter().flatten().collect();
        let bytes: u64 = live.iter().map(|s| s.bytes).sum();
        if bytes != self.used || self.used > self.size {
            return Err(format!(
                "used {} entries {bytes} size {}",
                self.used, self.size
            ));
        }
        if live.len() as u64 != self.counters.queries_in_cache || self.map.len() != live.len() {
            return Err("entry count mismatch".into());
        }
        let complete = live.iter().filter(|s| s.complete).count();
        if self.entries().count() != complete || live.iter().any(|s| s.complete != s.in_lru) {
            return Err("LRU must hold exactly the complete entries".into());
        }
        if self.counters.free_memory != self.size - self.used {
            return Err("free memory counter".into());
        }
        Ok(())
    }
}
