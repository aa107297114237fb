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
#[path = "page_recs_tests.rs"]
mod tests;
