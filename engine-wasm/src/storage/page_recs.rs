//! The records of one page: a heap in arrival order plus a directory in key order,
//! as InnoDB keeps a record heap and a page directory. Each directory word holds a
//! 6-byte key prefix and the heap slot, so a search reads a compact array and an
//! insert shifts 8-byte words instead of whole records. The prefix is taken after
//! the leading bytes every record of the page shares (a leaf's keys agree on their
//! first few bytes), so it is the part of the key that tells records apart. A few
//! marked words kept with the header (their prefixes and positions, like the owner
//! records of InnoDB's directory slots) narrow a search to about 1/9 of the
//! directory before it reads any of it.

use super::key::Key;
use super::page::Rec;
use super::PageNo;
use super::FIL_NULL;
use serde::{Deserialize, Serialize};

use super::page_dir::{
    head_masks, head_order, prefix_of, shared_bytes, slot_of, ties, words_below, Head, Marks, Word,
    MAX_SKIP, SLOT_MASK,
};
use std::cmp::Ordering;

/// Extra capacity when a page's vectors are full: 1/4 of the records, at least 8.
/// A page split to half grows back to full in 3 steps (1/8 took 6, and the copies
/// of its cold records were most of the run's memory traffic), for ~12% unused
/// capacity on average instead of ~6%.
fn grow_step(n: usize) -> usize {
    (n / 4).max(8)
}

/// A page's records in key order.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PageRecs {
    /// Record keys in arrival order (heap slots): 32 bytes each, two to a cache line.
    heap: Vec<Key>,
    /// Record sizes by heap slot, apart from the keys so a key never straddles a
    /// cache line; empty while every record has the size `size` (a table whose
    /// columns are all fixed-length, or strings of one length), so an insert
    /// writes the key alone and such a page spends nothing on sizes.
    sizes: Vec<u16>,
    /// The size of every record while `sizes` is empty (0 without records).
    size: u16,
    /// Child page of each heap slot; empty while every record's child is
    /// [`FIL_NULL`] (a leaf), so leaves spend nothing on it.
    children: Vec<PageNo>,
    /// Key bytes `skip..skip + 6` above the heap slot, in key order, after `gap`
    /// unused words: an insert or remove shifts the shorter side of the directory
    /// (into the room at the front or at the back), half the bytes of shifting
    /// everything after the position.
    buf: Vec<Word>,
    /// Unused words at the front of `buf`.
    gap: u32,
    /// The first 16 bytes of a record's key ([`Key::head_le`]).
    base: Head,
    /// How many leading bytes of `base` every record's key shares.
    skip: u8,
    /// A copy of the first directory word (0 without records): the leaf-hint test
    /// ([`PageRecs::first_key_le`]) reads it with the page, not from the directory.
    first: Word,
    /// A copy of the last directory word (0 without records): a key above it (an
    /// append) is placed without reading the directory.
    last: Word,
    /// A few directory words and their positions: a search reads only the run of
    /// the directory between the two around its key ([`words_below`]).
    marks: Marks,
}

impl PartialEq for PageRecs {
    /// The same records in the same order (however the directory encodes them).
    fn eq(&self, other: &PageRecs) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl PageRecs {
    /// Where `key` falls against the records' shared leading bytes: `Ok(its directory
    /// prefix)` when it shares them, else below or above every record.
    #[inline]
    fn place(&self, key: &Key) -> Result<Word, Ordering> {
        let (m, k, b) = (head_masks(self.skip), key.head_le(), self.base);
        if ((k[0] ^ b[0]) & m[0]) | ((k[1] ^ b[1]) & m[1]) == 0 {
            Ok(prefix_of(key.be_u64_at(usize::from(self.skip))))
        } else {
            // They differ within the shared bytes, so the whole heads order them.
            Err(head_order(k, b))
        }
    }

    /// Lets `key` join the records: the first record sets the shared head; a key
    /// that leaves it earlier shortens it and rewrites every directory word.
    fn admit(&mut self, key: &Key) {
        let h = key.head_le();
        if self.heap.is_empty() {
            self.set_base(h, MAX_SKIP);
            return;
        }
        self.admit_into(h);
    }

    /// [`PageRecs::admit`] on a page with records, for a key with head `h`.
    fn admit_into(&mut self, h: Head) {
        let skip = shared_bytes(h, self.base).min(self.skip);
        if skip < self.skip {
            self.skip = skip;
            let heap = &self.heap;
            let gap = self.gap as usize;
            for d in self.buf[gap..].iter_mut() {
                let k = &heap[slot_of(*d)];
                *d = prefix_of(k.be_u64_at(usize::from(skip))) | (*d & SLOT_MASK);
            }
            self.sync_ends();
            self.marks = Marks::spread(self.dir());
        }
    }

    /// The directory words in key order.
    #[inline]
    fn dir(&self) -> &[Word] {
        &self.buf[self.gap as usize..]
    }

    /// The directory words in key order, to rewrite in place.
    #[inline]
    fn dir_mut(&mut self) -> &mut [Word] {
        let gap = self.gap as usize;
        &mut self.buf[gap..]
    }

    /// Moves the directory into a buffer with 1/8 more room, half of it in front.
    fn regrow(&mut self) {
        let n = self.len();
        let extra = grow_step(n);
        let mut buf = Vec::with_capacity(n + extra);
        buf.resize(extra / 2, 0);
        buf.extend_from_slice(self.dir());
        self.buf = buf;
        self.gap = (extra / 2) as u32;
    }

    /// Refreshes [`PageRecs::first`] and [`PageRecs::last`] after the end words of
    /// the directory may have changed.
    #[inline]
    fn sync_ends(&mut self) {
        self.first = self.dir().first().copied().unwrap_or(0);
        self.last = self.dir().last().copied().unwrap_or(0);
    }

    fn set_base(&mut self, head: Head, skip: u8) {
        self.base = head;
        self.skip = skip;
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.dir().len()
    }

    /// True without records.
    pub fn is_empty(&self) -> bool {
        self.dir().is_empty()
    }

    /// Record `i` in key order.
    pub fn get(&self, i: usize) -> Option<Rec> {
        self.dir().get(i).map(|&d| self.slot_rec(slot_of(d)))
    }

    /// Record `i` in key order; `i` must be below `len()`.
    pub fn at(&self, i: usize) -> Rec {
        self.slot_rec(slot_of(self.dir()[i]))
    }

    /// The record in heap slot `slot`.
    fn slot_rec(&self, slot: usize) -> Rec {
        Rec {
            key: self.heap[slot],
            size: self.size_of(slot),
            child: self.children.get(slot).copied().unwrap_or(FIL_NULL),
        }
    }

    /// Key of record `i` in key order; `i` must be below `len()`.
    pub fn key_at(&self, i: usize) -> Key {
        self.heap[slot_of(self.dir()[i])]
    }

    /// Child page of record `i` in key order ([`FIL_NULL`] on leaves).
    pub fn child_at(&self, i: usize) -> PageNo {
        let slot = slot_of(self.dir()[i]);
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
        if self.dir().is_empty() {
            return false;
        }
        let d = self.first;
        match self.place(key) {
            Ok(p) => {
                let first = prefix_of(d);
                first < p || (first == p && self.heap[slot_of(d)] <= *key)
            }
            Err(o) => o == Ordering::Greater,
        }
    }

    /// Records in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Rec> + ExactSizeIterator + '_ {
        self.dir().iter().map(|&d| self.slot_rec(slot_of(d)))
    }

    /// Keys in key order from position `start` (none when `start >= len()`),
    /// without building records: a scan or a hash build that needs only keys does
    /// not copy sizes and children, and starting mid-page skips nothing one by one.
    pub fn keys_from(
        &self,
        start: usize,
    ) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator + '_ {
        let dir = self.dir();
        dir[start.min(dir.len())..]
            .iter()
            .map(|&d| &self.heap[slot_of(d)])
    }

    /// First position whose key is `>= key` (`strict` false) or `> key` (`strict` true).
    /// Prefixes narrow the range; only keys sharing the prefix are compared in full.
    fn lower_bound(&self, key: &Key, strict: bool) -> usize {
        if self.dir().is_empty() {
            return 0;
        }
        match self.place(key) {
            Ok(p) => self.lower_bound_in(key, p, strict),
            Err(Ordering::Less) => 0,
            Err(_) => self.dir().len(),
        }
    }

    /// [`PageRecs::lower_bound`] of a key sharing the records' head, whose
    /// directory prefix is `p`.
    fn lower_bound_in(&self, key: &Key, p: Word, strict: bool) -> usize {
        let lo = words_below(self.dir(), p, self.first, self.last, &self.marks);
        let (mut lo, mut hi) = (lo, lo + ties(&self.dir()[lo..], p | SLOT_MASK));
        while lo < hi {
            let mid = (lo + hi) / 2;
            let k = &self.heap[slot_of(self.dir()[mid])];
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
        if self.dir().is_empty() {
            return Err(0);
        }
        let p = match self.place(key) {
            Ok(p) => p,
            Err(Ordering::Less) => return Err(0),
            Err(_) => return Err(self.dir().len()),
        };
        let pos = self.lower_bound_in(key, p, false);
        // A different prefix settles it without reading the record.
        match self.dir().get(pos) {
            Some(&d) if prefix_of(d) == p && self.key_at(pos) == *key => Ok(pos),
            _ => Err(pos),
        }
    }

    /// Number of records with key `<= key`.
    pub fn count_le(&self, key: &Key) -> usize {
        self.lower_bound(key, true)
    }

    /// Inserts `rec` at key-order position `pos`.
    pub fn insert(&mut self, pos: usize, rec: Rec) {
        self.admit(&rec.key);
        self.insert_shared(pos, rec);
    }

    /// [`PageRecs::insert`] of a record whose key shares the records' head.
    fn insert_shared(&mut self, pos: usize, rec: Rec) {
        self.put(pos, rec);
        if self.marks.inserted(pos, self.len()) {
            self.marks = Marks::spread(self.dir());
        }
    }

    /// Puts `rec` at key-order position `pos` in the heap and the directory, without
    /// moving the marks.
    #[inline]
    fn put(&mut self, pos: usize, rec: Rec) {
        // Grow by 1/4 (grow_step) instead of doubling: a full page then wastes
        // ~12% on average instead of ~25-50% (memory of large tables).
        let n = self.heap.len();
        if n == self.heap.capacity() {
            self.heap.reserve_exact(grow_step(n));
            if !self.sizes.is_empty() {
                self.sizes.reserve_exact(grow_step(n));
            }
        }

        let slot = n;
        self.set_size(slot, rec.size);
        self.heap.push(rec.key);
        if rec.child != FIL_NULL || !self.children.is_empty() {
            // The first real child gives every earlier record FIL_NULL.
            self.children.resize(n, FIL_NULL);
            self.children.push(rec.child);
        }
        let word = prefix_of(rec.key.be_u64_at(usize::from(self.skip))) | slot as u64;
        let gap = self.gap as usize;
        if pos < n / 2 && gap > 0 {
            // The front part moves one word toward the room before it.
            self.buf.copy_within(gap..gap + pos, gap - 1);
            self.gap -= 1;
            self.buf[gap - 1 + pos] = word;
        } else {
            if self.buf.len() == self.buf.capacity() {
                self.regrow();
            }
            let gap = self.gap as usize;
            self.buf.insert(gap + pos, word);
        }
        if pos == 0 {
            self.first = word;
        }
        if pos == n {
            self.last = word;
        }
    }

    /// Removes and returns record `pos`; the last heap record fills its slot.
    pub fn remove(&mut self, pos: usize) -> Rec {
        let gap = self.gap as usize;
        let slot = slot_of(self.buf[gap + pos]);
        if pos < self.len() / 2 {
            self.buf.copy_within(gap..gap + pos, gap + 1);
            self.gap += 1;
        } else {
            self.buf.remove(gap + pos);
        }
        let rec = self.slot_rec(slot);
        self.heap.swap_remove(slot);
        if !self.sizes.is_empty() {
            self.sizes.swap_remove(slot);
        }
        if !self.children.is_empty() {
            self.children.swap_remove(slot);
        }
        let moved = self.heap.len();
        if slot < moved {
            if let Some(d) = self.dir_mut().iter_mut().find(|d| slot_of(**d) == moved) {
                *d = prefix_of(*d) | slot as u64;
            }
        }
        self.marks.removed(pos);
        self.sync_ends();
        rec
    }

    /// Replaces record `pos` (the key must keep its place in the order).
    pub fn replace(&mut self, pos: usize, rec: Rec) {
        let slot = slot_of(self.dir()[pos]);
        self.heap[slot] = rec.key;
        self.set_size(slot, rec.size);
        self.set_slot_child(slot, rec.child);
        self.admit_into(rec.key.head_le());
        let word = prefix_of(rec.key.be_u64_at(usize::from(self.skip))) | slot as u64;
        self.dir_mut()[pos] = word;
        self.marks.rewritten(pos, word);
        if pos == 0 || pos + 1 == self.len() {
            self.sync_ends();
        }
    }

    /// Points node pointer `pos` to another child.
    pub fn set_child(&mut self, pos: usize, child: PageNo) {
        let slot = slot_of(self.dir()[pos]);
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
        self.sizes.clear();
        self.size = 0;
        self.children.clear();
        self.buf.clear();
        self.gap = 0;
        self.first = 0;
        self.last = 0;
        self.marks = Marks::default();
    }
}

#[path = "page_recs_sizes.rs"]
mod sizes;

#[path = "page_recs_bulk.rs"]
mod bulk;

#[path = "page_recs_check.rs"]
mod check;

#[cfg(test)]
#[path = "page_recs_tests.rs"]
mod tests;
