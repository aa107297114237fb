//! The table both query caches keep their queries in: the hash by exact key bytes
//! (`Query_cache::queries`), slots reused last-freed-first and stamped with a
//! generation so a writer's `(id, generation)` handle to a freed slot is refused,
//! and the LRU list of queries (`queries_blocks`, oldest first).

use super::{Entry, FnvMap, Lookup};
use std::hash::{Hash, Hasher};

/// Query key bytes as the hash's key: equal when the bytes are, compared 8 at a time.
/// Slice equality calls `memcmp`, which in WebAssembly is compiler_builtins' byte
/// loop: on a hit it compared the whole ~130-byte key one byte at a time, ~10% of
/// the Aurora query-cache run in V8.
#[repr(transparent)]
#[derive(Debug)]
struct KeyBytes([u8]);

impl KeyBytes {
    fn new(b: &[u8]) -> &KeyBytes {
        // SAFETY: KeyBytes is a repr(transparent) wrapper of [u8], so the two
        // references have the same layout and metadata (the length).
        unsafe { &*(b as *const [u8] as *const KeyBytes) }
    }

    fn boxed(b: &[u8]) -> Box<KeyBytes> {
        let raw = Box::into_raw(Box::<[u8]>::from(b));
        // SAFETY: as in `new`; the box is rebuilt from the pointer it gave up.
        unsafe { Box::from_raw(raw as *mut KeyBytes) }
    }
}

impl PartialEq for KeyBytes {
    fn eq(&self, other: &KeyBytes) -> bool {
        let (a, b) = (&self.0, &other.0);
        if a.len() != b.len() {
            return false;
        }
        let (mut ca, mut cb) = (a.chunks_exact(8), b.chunks_exact(8));
        // A chunk of up to 8 bytes as a word, zero-padded (both keys have the same
        // length, so the padding matches).
        let word = |c: &[u8]| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        };
        (&mut ca).zip(&mut cb).all(|(x, y)| word(x) == word(y))
            && word(ca.remainder()) == word(cb.remainder())
    }
}

impl Eq for KeyBytes {}

impl Clone for Box<KeyBytes> {
    fn clone(&self) -> Box<KeyBytes> {
        KeyBytes::boxed(&self.0)
    }
}

impl Hash for KeyBytes {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

/// No slot (list ends).
pub const NIL: u32 = u32::MAX;

/// One registered query: what both caches keep, plus the cache's own `data`.
#[derive(Clone, Debug)]
pub struct Slot<T> {
    /// Key, result size and answer.
    pub entry: Entry,
    /// The result is complete (lookups may return it).
    pub complete: bool,
    /// The cache's own bookkeeping (blocks, table links, bytes).
    pub data: T,
    generation: u32,
    prev: u32,
    next: u32,
    in_lru: bool,
}

/// Generation-checked slots with a key hash and an LRU list.
#[derive(Clone, Debug)]
pub struct Slots<T> {
    hash: FnvMap<Box<KeyBytes>, u32>,
    slots: Vec<Option<Slot<T>>>,
    spare: Vec<u32>,
    head: u32,
    tail: u32,
    next_generation: u32,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots {
            hash: FnvMap::default(),
            slots: Vec::new(),
            spare: Vec::new(),
            head: NIL,
            tail: NIL,
            next_generation: 1,
        }
    }
}

impl<T> Slots<T> {
    /// Whether a query is registered under `key` (complete or not).
    pub fn contains_key(&self, key: &[u8]) -> bool {
        self.hash.contains_key(KeyBytes::new(key))
    }

    /// The lookup both caches do (`send_result_to_client`): a hit needs the key and
    /// a complete result, and moves the query to the LRU end
    /// (`move_to_query_list_end`).
    pub fn lookup(&mut self, key: &[u8]) -> Lookup {
        let Some(&q) = self.hash.get(KeyBytes::new(key)) else {
            return Lookup::Miss;
        };
        let Some(s) = self.get(q) else {
            return Lookup::Miss;
        };
        if !s.complete {
            return Lookup::Miss;
        }
        let hit = Lookup::Hit {
            value: s.entry.value,
            result_bytes: s.entry.result_bytes,
        };
        self.lru_unlink(q);
        self.lru_push_back(q);
        hit
    }

    /// Registers `entry` under `key` in the most recently freed slot (or a new one),
    /// off the LRU list; returns its `(id, generation)`.
    pub fn insert(&mut self, key: &[u8], entry: Entry, data: T) -> (u32, u32) {
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
            complete: false,
            data,
            generation,
            prev: NIL,
            next: NIL,
            in_lru: false,
        });
        self.hash.insert(KeyBytes::boxed(key), id);
        (id, generation)
    }

    /// Frees slot `id`: off the LRU list and the hash; its slot is reused next.
    pub fn remove(&mut self, id: u32) -> Option<Slot<T>> {
        self.slots.get(id as usize)?.as_ref()?;
        self.lru_unlink(id);
        let s = self.slots[id as usize].take()?;
        self.hash.remove(KeyBytes::new(&s.entry.key));
        self.spare.push(id);
        Some(s)
    }

    /// The query in slot `id`.
    pub fn get(&self, id: u32) -> Option<&Slot<T>> {
        self.slots.get(id as usize)?.as_ref()
    }

    /// The query in slot `id`, mutable.
    pub fn get_mut(&mut self, id: u32) -> Option<&mut Slot<T>> {
        self.slots.get_mut(id as usize)?.as_mut()
    }

    /// The query `(id, generation)` if it is still the writer's.
    pub fn get_live_mut(&mut self, id: u32, generation: u32) -> Option<&mut Slot<T>> {
        self.get_mut(id).filter(|s| s.generation == generation)
    }

    /// Whether the registered query `(id, generation)` is still the writer's.
    pub fn is_live(&self, id: u32, generation: u32) -> bool {
        self.get(id).is_some_and(|s| s.generation == generation)
    }

    /// Sets the answer the result carries (the simulation's stand-in for the
    /// packets' content).
    pub fn set_value(&mut self, id: u32, generation: u32, value: u64) {
        if let Some(s) = self.get_live_mut(id, generation) {
            s.entry.value = value;
        }
    }

    /// One past the largest slot id ever used (live ids are below it).
    pub fn id_bound(&self) -> u32 {
        self.slots.len() as u32
    }

    /// Registered queries.
    pub fn live(&self) -> impl Iterator<Item = &Slot<T>> {
        self.slots.iter().flatten()
    }

    /// The oldest query on the LRU list, or NIL.
    pub fn lru_head(&self) -> u32 {
        self.head
    }

    /// The query after `id` on the LRU list, or NIL.
    pub fn lru_next(&self, id: u32) -> u32 {
        self.get(id).map_or(NIL, |s| s.next)
    }

    /// The LRU list, oldest first: `(id, query)`.
    pub fn lru(&self) -> impl Iterator<Item = (u32, &Slot<T>)> + '_ {
        let mut q = self.head;
        std::iter::from_fn(move || {
            let s = self.get(q)?;
            let id = q;
            q = s.next;
            Some((id, s))
        })
    }

    /// Appends `id` at the LRU end (most recently used).
    pub fn lru_push_back(&mut self, id: u32) {
        let tail = self.tail;
        {
            let s = self.slots[id as usize].as_mut().expect("slot");
            s.prev = tail;
            s.next = NIL;
            s.in_lru = true;
        }
        if tail == NIL {
            self.head = id;
        } else {
            self.slots[tail as usize].as_mut().expect("slot").next = id;
        }
        self.tail = id;
    }

    /// Takes `id` off the LRU list (nothing when it is not on it).
    pub fn lru_unlink(&mut self, id: u32) {
        let (p, n) = {
            let s = self.slots[id as usize].as_mut().expect("slot");
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

    /// Invariants: the hash holds each live query under its key and nothing else;
    /// the LRU list's back links agree and it holds exactly the queries marked on
    /// it. Returns (live queries, queries on the LRU list).
    pub fn check_invariants(&self) -> Result<(u64, u64), String> {
        let live = self.live().count() as u64;
        if self.hash.len() as u64 != live {
            return Err(format!("{live} queries, {} in hash", self.hash.len()));
        }
        let mut n = 0;
        let mut prev = NIL;
        for (q, s) in self.lru() {
            if s.prev != prev || !s.in_lru {
                return Err(format!("LRU back link of {q}"));
            }
            if self.hash.get(KeyBytes::new(&s.entry.key)).copied() != Some(q) {
                return Err(format!("query {q} not under its key"));
            }
            n += 1;
            prev = q;
        }
        if prev != self.tail {
            return Err("LRU tail".into());
        }
        let marked = self.live().filter(|s| s.in_lru).count() as u64;
        if n != marked {
            return Err(format!(
                "LRU holds {n} of the {marked} queries marked on it"
            ));
        }
        Ok((live, n))
    }
}

#[cfg(test)]
mod key_tests {
    use super::KeyBytes;

    proptest::proptest! {
        /// Word-wise equality agrees with byte equality, on keys that differ in
        /// length, in a full word or in the last partial one.
        #[test]
        fn key_bytes_equal_exactly_when_the_bytes_are(
            a in proptest::collection::vec(0u8..3, 0..40),
            b in proptest::collection::vec(0u8..3, 0..40),
        ) {
            proptest::prop_assert_eq!(KeyBytes::new(&a) == KeyBytes::new(&b), a == b);
            proptest::prop_assert!(KeyBytes::new(&a) == KeyBytes::new(&a.clone()));
            let boxed = KeyBytes::boxed(&a);
            proptest::prop_assert!(*boxed.clone() == *KeyBytes::new(&a));
        }
    }

    #[test]
    fn a_difference_in_any_byte_or_the_length_tells_keys_apart() {
        let k: Vec<u8> = (0..19).collect();
        for i in 0..k.len() {
            let mut other = k.clone();
            other[i] ^= 1;
            assert!(KeyBytes::new(&k) != KeyBytes::new(&other), "byte {i}");
        }
        assert!(KeyBytes::new(&k) != KeyBytes::new(&k[..18]));
        assert!(KeyBytes::new(&k) == KeyBytes::new(&(0..19).collect::<Vec<u8>>()));
        assert!(KeyBytes::new(&[]) == KeyBytes::new(&[]));
    }
}
