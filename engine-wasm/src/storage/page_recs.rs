//! The records of one page: a heap in arrival order plus a directory in key order,
//! as InnoDB keeps a record heap and a page directory. Each directory word holds a
//! 14-byte key prefix and the heap slot, so a search reads a compact array and an
//! insert shifts 8-byte words instead of whole records.

use super::key::Key;
use super::page::Rec;
use super::PageNo;
use super::FIL_NULL;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// A directory word: a 14-byte key prefix above a 16-bit heap slot, as a 128-bit
/// number compared high half first. Two `u64` halves rather than a `u128`: the
/// vector's alignment stays 8, so on wasm32 (whose allocator aligns to 8) growing a
/// directory is a plain `realloc`, not an aligned allocate-copy-free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Word {
    /// Key bytes 0..8, big-endian.
    hi: u64,
    /// Key bytes 8..14, big-endian, above the 16-bit heap slot.
    lo: u64,
}

/// Low bits of a directory word's `lo`: the heap slot.
const SLOT_MASK: u64 = 0xffff;

impl Word {
    /// The heap slot.
    #[inline]
    fn slot(self) -> usize {
        (self.lo & SLOT_MASK) as usize
    }

    /// The key prefix alone (slot bits zero).
    #[inline]
    fn prefix(self) -> Word {
        Word {
            hi: self.hi,
            lo: self.lo & !SLOT_MASK,
        }
    }

    /// This word's prefix with heap slot `slot`.
    #[inline]
    fn with_slot(self, slot: usize) -> Word {
        Word {
            hi: self.hi,
            lo: (self.lo & !SLOT_MASK) | slot as u64,
        }
    }

    /// The largest word with this prefix.
    #[inline]
    fn last_of_prefix(self) -> Word {
        Word {
            hi: self.hi,
            lo: self.lo | SLOT_MASK,
        }
    }
}

/// The first 14 key bytes, big-endian in the word's top 112 bits (zero-padded: a
/// shorter key that is a prefix of another compares equal here, never greater).
#[inline]
fn prefix(key: &Key) -> Word {
    // Two fixed-size loads of the zero-padded key: bytes 14 and 15 fall in the slot.
    let (hi, lo) = key.head_be();
    Word {
        hi,
        lo: lo & !SLOT_MASK,
    }
}

/// Number of words below `p` in the sorted `dir`. An 8-way search: the seven pivots
/// of a step are independent loads, so a cold page costs about three memory
/// round trips instead of the eight of a binary search.
fn words_below(dir: &[Word], p: Word) -> usize {
    let (mut base, mut n) = (0, dir.len());
    while n > 8 {
        let step = n / 8;
        let below = (1..8).filter(|j| dir[base + j * step] < p).count();
        base += below * step;
        n = if below == 7 { n - 7 * step } else { step };
    }
    base + dir[base..base + n].iter().filter(|&&d| d < p).count()
}

/// Extra capacity when a page's vectors are full: 1/8 of the records, at least 8.
fn grow_step(n: usize) -> usize {
    (n / 8).max(8)
}

/// Length of the run of words `<= last` at the start of `dir`, found by galloping
/// so a short run (the usual case) reads only cached neighbours.
fn ties(dir: &[Word], last: Word) -> usize {
    let mut end = 1;
    while end <= dir.len() && dir[end - 1] <= last {
        end *= 2;
    }
    let start = end / 2;
    let end = end.min(dir.len() + 1) - 1;
    start + dir[start..end].partition_point(|&d| d <= last)
}

/// A record as the heap stores it: the child page lives apart, in
/// [`PageRecs::children`], so leaf records (most of them) carry no child field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Stored {
    key: Key,
    size: u16,
}

/// A page's records in key order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PageRecs {
    /// Records in arrival order.
    heap: Vec<Stored>,
    /// Child page of each heap slot; empty while every record's child is
    /// [`FIL_NULL`] (a leaf), so leaves spend nothing on it.
    children: Vec<PageNo>,
    /// `prefix(key) | heap slot`, in key order.
    dir: Vec<Word>,
}

impl PageRecs {
    /// Number of records.
    pub fn len(&self) -> usize {
        self.dir.len()
    }

    /// True without records.
    pub fn is_empty(&self) -> bool {
        self.dir.is_empty()
    }

    /// Record `i` in key order.
    pub fn get(&self, i: usize) -> Option<Rec> {
        self.dir.get(i).map(|&d| self.slot_rec(d.slot()))
    }

    /// Record `i` in key order; `i` must be below `len()`.
    pub fn at(&self, i: usize) -> Rec {
        self.slot_rec(self.dir[i].slot())
    }

    /// The record in heap slot `slot`.
    fn slot_rec(&self, slot: usize) -> Rec {
        let s = self.heap[slot];
        Rec {
            key: s.key,
            size: s.size,
            child: self.children.get(slot).copied().unwrap_or(FIL_NULL),
        }
    }

    /// Key of record `i` in key order; `i` must be below `len()`.
    pub fn key_at(&self, i: usize) -> Key {
        self.heap[self.dir[i].slot()].key
    }

    /// Child page of record `i` in key order ([`FIL_NULL`] on leaves).
    pub fn child_at(&self, i: usize) -> PageNo {
        let slot = self.dir[i].slot();
        self.children.get(slot).copied().unwrap_or(FIL_NULL)
    }

    /// Smallest record.
    pub fn first(&self) -> Option<Rec> {
        self.get(0)
    }

    /// Largest record.
    pub fn last(&self) -> Option<Rec> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// True when the smallest record's key is `<= key` (false without records). The
    /// directory prefix usually settles it without reading the record.
    pub fn first_key_le(&self, key: &Key) -> bool {
        let Some(&d) = self.dir.first() else {
            return false;
        };
        let (first, p) = (d.prefix(), prefix(key));
        first < p || (first == p && self.heap[d.slot()].key <= *key)
    }

    /// Records in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Rec> + ExactSizeIterator + '_ {
        self.dir.iter().map(|&d| self.slot_rec(d.slot()))
    }

    /// First position whose key is `>= key` (`strict` false) or `> key` (`strict` true).
    /// Prefixes narrow the range; only keys sharing the prefix are compared in full.
    fn lower_bound(&self, key: &Key, strict: bool) -> usize {
        let p = prefix(key);
        let lo = words_below(&self.dir, p);
        let (mut lo, mut hi) = (lo, lo + ties(&self.dir[lo..], p.last_of_prefix()));
        while lo < hi {
            let mid = (lo + hi) / 2;
            let k = &self.heap[self.dir[mid].slot()].key;
            if (strict && k <= key) || (!strict && k < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// `Ok(pos)` if `key` is present, else `Err(insert position)`.
    pub fn search(&self, key: &Key) -> Result<usize, usize> {
        let pos = self.lower_bound(key, false);
        // A different prefix settles it without reading the record.
        match self.dir.get(pos) {
            Some(&d) if d.prefix() == prefix(key) && self.key_at(pos) == *key => Ok(pos),
            _ => Err(pos),
        }
    }

    /// Number of records with key `<= key`.
    pub fn count_le(&self, key: &Key) -> usize {
        self.lower_bound(key, true)
    }

    /// Inserts `rec` at key-order position `pos`.
    pub fn insert(&mut self, pos: usize, rec: Rec) {
        // Grow by 1/8 instead of doubling: a full page then wastes ~6% on average
        // instead of ~25-50% (memory of large tables), for a few more (cheap) copies.
        let n = self.heap.len();
        if n == self.heap.capacity() {
            self.heap.reserve_exact(grow_step(n));
        }
        if n == self.dir.capacity() {
            self.dir.reserve_exact(grow_step(n));
        }
        let slot = n;
        self.heap.push(Stored {
            key: rec.key,
            size: rec.size,
        });
        if rec.child != FIL_NULL || !self.children.is_empty() {
            // The first real child gives every earlier record FIL_NULL.
            self.children.resize(n, FIL_NULL);
            self.children.push(rec.child);
        }
        self.dir.insert(pos, prefix(&rec.key).with_slot(slot));
    }

    /// Removes and returns record `pos`; the last heap record fills its slot.
    pub fn remove(&mut self, pos: usize) -> Rec {
        let slot = self.dir.remove(pos).slot();
        let rec = self.slot_rec(slot);
        self.heap.swap_remove(slot);
        if !self.children.is_empty() {
            self.children.swap_remove(slot);
        }
        let moved = self.heap.len();
        if slot < moved {
            if let Some(d) = self.dir.iter_mut().find(|d| d.slot() == moved) {
                *d = d.with_slot(slot);
            }
        }
        rec
    }

    /// Replaces record `pos` (the key must keep its place in the order).
    pub fn replace(&mut self, pos: usize, rec: Rec) {
        let slot = self.dir[pos].slot();
        self.heap[slot] = Stored {
            key: rec.key,
            size: rec.size,
        };
        self.set_slot_child(slot, rec.child);
        self.dir[pos] = prefix(&rec.key).with_slot(slot);
    }

    /// Points node pointer `pos` to another child.
    pub fn set_child(&mut self, pos: usize, child: PageNo) {
        let slot = self.dir[pos].slot();
        self.set_slot_child(slot, child);
    }

    fn set_slot_child(&mut self, slot: usize, child: PageNo) {
        if child != FIL_NULL && self.children.is_empty() {
            self.children.resize(self.heap.len(), FIL_NULL);
        }
        if let Some(c) = self.children.get_mut(slot) {
            *c = child;
        }
    }

    /// Removes every record, keeping the buffers.
    pub fn clear(&mut self) {
        self.heap.clear();
        self.children.clear();
        self.dir.clear();
    }

    /// Moves records `range` (key order) to the end of `out`, and compacts the rest
    /// into key order (a reorganize).
    pub fn drain_into(&mut self, range: Range<usize>, out: &mut Vec<Rec>) {
        let mut all: Vec<Rec> = self.iter().collect();
        out.extend(all.drain(range));
        self.clear();
        // The page keeps what it held before the split: give back the rest.
        let keep = all.len() + grow_step(all.len());
        self.heap.shrink_to(keep);
        self.children.shrink_to(keep);
        self.dir.shrink_to(keep);
        self.extend_sorted(&all);
    }

    /// Appends records given in key order, all greater than the current ones.
    pub fn extend_sorted(&mut self, recs: &[Rec]) {
        let want = self.len() + recs.len();
        let extra = recs.len() + grow_step(want);
        if want > self.heap.capacity() {
            self.heap.reserve_exact(extra);
        }
        if want > self.dir.capacity() {
            self.dir.reserve_exact(extra);
        }
        for r in recs {
            self.insert(self.len(), *r);
        }
    }

    /// Puts records given in key order, all smaller than the current ones, in front.
    pub fn prepend_sorted(&mut self, recs: &[Rec]) {
        let mut all = recs.to_vec();
        all.extend(self.iter());
        self.clear();
        self.extend_sorted(&all);
    }

    /// Checks that the directory and the heap describe the same records.
    pub fn check(&self) -> Result<(), String> {
        if !self.children.is_empty() && self.children.len() != self.heap.len() {
            return Err(format!(
                "{} heap records, {} children",
                self.heap.len(),
                self.children.len()
            ));
        }
        if self.heap.len() != self.dir.len() {
            return Err(format!(
                "{} heap records, {} directory entries",
                self.heap.len(),
                self.dir.len()
            ));
        }
        let mut seen = vec![false; self.heap.len()];
        for &d in &self.dir {
            let slot = d.slot();
            if slot >= seen.len() || std::mem::replace(&mut seen[slot], true) {
                return Err(format!("directory slot {slot} invalid or repeated"));
            }
            if d.prefix() != prefix(&self.heap[slot].key) {
                return Err(format!("directory prefix of slot {slot} is stale"));
            }
        }
        Ok(())
    }
}

impl FromIterator<Rec> for PageRecs {
    /// Collects records given in key order.
    fn from_iter<I: IntoIterator<Item = Rec>>(iter: I) -> PageRecs {
        let mut recs = PageRecs::default();
        for r in iter {
            recs.insert(recs.len(), r);
        }
        recs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(k: &[u8]) -> Rec {
        Rec {
            key: Key::from_bytes(k).unwrap_or(Key::EMPTY),
            size: k.len() as u16,
            child: FIL_NULL,
        }
    }

    fn keys(r: &PageRecs) -> Vec<Vec<u8>> {
        r.iter().map(|r| r.key.as_bytes().to_vec()).collect()
    }

    #[test]
    fn keeps_key_order_with_shared_prefixes() {
        let mut r = PageRecs::default();
        for k in [&b"abcdefZ"[..], b"abcdefA", b"ab", b"ab\0", b"abcdef", b"b"] {
            let pos = r.search(&rec(k).key).unwrap_err();
            r.insert(pos, rec(k));
        }
        let want: Vec<Vec<u8>> = [&b"ab"[..], b"ab\0", b"abcdef", b"abcdefA", b"abcdefZ", b"b"]
            .iter()
            .map(|k| k.to_vec())
            .collect();
        assert_eq!(keys(&r), want);
        assert_eq!(r.search(&rec(b"abcdefA").key), Ok(3));
        assert_eq!(r.count_le(&rec(b"abcdefB").key), 4);
        assert_eq!(r.count_le(&rec(b"a").key), 0);
        assert_eq!(r.check(), Ok(()));
    }

    #[test]
    fn remove_replace_and_drain_keep_heap_and_directory_in_step() {
        let mut r: PageRecs = (0u8..10).map(|i| rec(&[b'a' + i])).collect();
        assert_eq!(r.remove(0).key.as_bytes(), b"a");
        assert_eq!(r.remove(3).key.as_bytes(), b"e");
        assert_eq!(r.check(), Ok(()));
        r.replace(0, rec(b"bb"));
        r.set_child(1, 7);
        assert_eq!(
            (r.at(0).size, r.at(1).child, r.at(0).child),
            (2, 7, FIL_NULL)
        );
        let mut out = Vec::new();
        r.drain_into(4..r.len(), &mut out);
        assert_eq!(out.len(), 4);
        r.prepend_sorted(&[rec(b"0")]);
        assert_eq!(keys(&r)[..2], [b"0".to_vec(), b"bb".to_vec()]);
        assert_eq!(r.check(), Ok(()));
    }

    /// Random inserts, removes and replaces against a sorted vector: order, search
    /// and count_le agree, and the directory stays consistent.
    #[test]
    fn segmented_directory_matches_a_sorted_vector() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        for round in 0..4 {
            let mut r = PageRecs::default();
            let mut model: Vec<Rec> = Vec::new();
            for step in 0..3000 {
                let op = next() % 10;
                // Few distinct leading bytes: many keys share the 14-byte prefix.
                let mut k = [b'a'; 18];
                k[3] = b'a' + (next() % 3) as u8;
                k[15] = b'a' + (next() % 26) as u8;
                k[16] = b'a' + (next() % 26) as u8;
                k[17] = b'a' + (next() % 26) as u8;
                let len = if round % 2 == 0 {
                    18
                } else {
                    4 + (next() % 15) as usize
                };
                let mut x = rec(&k[..len]);
                if round >= 2 {
                    x.child = (next() % 1000) as PageNo;
                }
                if op < 7 || model.is_empty() {
                    // Ascending runs exercise appends at the end of full segments.
                    let pos = match r.search(&x.key) {
                        Ok(_) => continue,
                        Err(p) => p,
                    };
                    assert_eq!(pos, model.partition_point(|m| m.key < x.key));
                    r.insert(pos, x);
                    model.insert(pos, x);
                } else if op < 9 {
                    let pos = (next() as usize) % model.len();
                    assert_eq!(r.remove(pos), model.remove(pos));
                } else {
                    let pos = (next() as usize) % model.len();
                    let y = Rec {
                        size: 99,
                        child: 7,
                        ..model[pos]
                    };
                    r.replace(pos, y);
                    model[pos] = y;
                }
                if step % 97 == 0 {
                    assert_eq!(r.check(), Ok(()), "round {round} step {step}");
                    assert!(r.iter().eq(model.iter().copied()));
                    assert!(r.iter().rev().eq(model.iter().rev().copied()));
                    assert_eq!(r.iter().nth(5), model.get(5).copied());
                    for m in model.iter().step_by(7) {
                        let le = model.partition_point(|n| n.key <= m.key);
                        assert_eq!(r.count_le(&m.key), le);
                        assert_eq!(r.search(&m.key), Ok(le - 1));
                    }
                    for (i, m) in model.iter().enumerate().step_by(5) {
                        assert_eq!(r.at(i), *m);
                        assert_eq!((r.key_at(i), r.child_at(i)), (m.key, m.child));
                    }
                }
            }
            let mut out = Vec::new();
            let n = model.len();
            r.drain_into(n / 3..n, &mut out);
            assert_eq!(out, model[n / 3..]);
            r.prepend_sorted(&[rec(b"0")]);
            assert_eq!(r.check(), Ok(()));
            assert_eq!(r.len(), n / 3 + 1);
            let rebuilt: PageRecs = model[..n / 3].iter().copied().collect();
            assert_eq!(rebuilt.check(), Ok(()));
            assert!(rebuilt.iter().eq(model[..n / 3].iter().copied()));
        }
    }
}
