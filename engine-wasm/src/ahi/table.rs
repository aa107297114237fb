//! One AHI partition's hash table: fold → record pointer, one node per fold, as
//! `ha_insert_for_fold()` keeps it. Open addressing with linear probing over a flat
//! vector (no per-lookup allocation, deterministic layout); the InnoDB cell count is
//! only reported. Memory is accounted as InnoDB's node heap: 1 buffer-pool page per
//! [`NODES_PER_HEAP_PAGE`] nodes.

use crate::storage::key::Key;
use crate::storage::PageNo;

/// Hash nodes per node-heap page: a 16 KiB buffer-pool block holds about 680
/// 24-byte `ha_node_t` {next, data, fold} once the `mem_block_info_t` header is taken
/// off (an approximation: the header size is not modelled byte for byte).
pub const NODES_PER_HEAP_PAGE: u64 = 680;

/// The record a node points to: its page and its key (the record's identity; InnoDB
/// stores a `rec_t*`). `pos` is a hint of the record's slot, checked before use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RecRef {
    /// Page holding the record.
    pub page: PageNo,
    /// Last known position of the record in the page (a hint).
    pub pos: u16,
    /// The record's key.
    pub key: Key,
}

const EMPTY: RecRef = RecRef {
    page: 0,
    pos: 0,
    key: Key::EMPTY,
};

/// Smallest table allocated once the first node arrives.
const MIN_SLOTS: usize = 64;

/// One cell of the open-addressing table: the fold (0 = empty) beside its record
/// pointer, so a probe and its payload share a cache line.
#[derive(Clone, Copy, Debug)]
struct Slot {
    fold: u64,
    r: RecRef,
}

const EMPTY_SLOT: Slot = Slot { fold: 0, r: EMPTY };

/// A partition's hash table.
#[derive(Clone, Debug, Default)]
pub(crate) struct HashPart {
    /// Power-of-two many slots (none before the first node).
    slots: Vec<Slot>,
    /// Nodes stored.
    len: usize,
}

impl HashPart {
    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Slot where `fold` lives or would go.
    #[inline]
    fn slot_of(&self, fold: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = (fold as usize) & mask;
        loop {
            match self.slots[i].fold {
                0 => return (i, false),
                f if f == fold => return (i, true),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The node for `fold` (`ha_search_and_get_data()`).
    #[inline]
    pub(crate) fn get(&self, fold: u64) -> Option<&RecRef> {
        if self.len == 0 {
            return None;
        }
        match self.slot_of(fold) {
            (i, true) => self.slots.get(i).map(|s| &s.r),
            _ => None,
        }
    }

    /// Updates the position hint of the node for `fold`.
    #[inline]
    pub(crate) fn set_pos_hint(&mut self, fold: u64, pos: u16) {
        if self.len > 0 {
            if let (i, true) = self.slot_of(fold) {
                self.slots[i].r.pos = pos;
            }
        }
    }

    /// Inserts or re-points the node for `fold`; returns the page it pointed to
    /// before, if it existed. Models `ha_insert_for_fold()`.
    pub(crate) fn insert(&mut self, fold: u64, r: RecRef) -> Option<PageNo> {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let (i, found) = self.slot_of(fold);
        if found {
            let old = self.slots[i].r.page;
            self.slots[i].r = r;
            return Some(old);
        }
        self.slots[i] = Slot { fold, r };
        self.len += 1;
        None
    }

    /// Removes the node for `fold` if `keep` says no; returns the removed node.
    pub(crate) fn remove_if(
        &mut self,
        fold: u64,
        remove: impl FnOnce(&RecRef) -> bool,
    ) -> Option<RecRef> {
        if self.len == 0 {
            return None;
        }
        let (i, found) = self.slot_of(fold);
        if !found || !remove(&self.slots[i].r) {
            return None;
        }
        let r = self.slots[i].r;
        self.delete_slot(i);
        Some(r)
    }

    /// Backward-shift deletion: keeps every probe chain unbroken without tombstones.
    fn delete_slot(&mut self, mut hole: usize) {
        let mask = self.slots.len() - 1;
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let f = self.slots[j].fold;
            if f == 0 {
                break;
            }
            let home = (f as usize) & mask;
            // move j into the hole unless its home lies cyclically in (hole, j]
            let stays = if hole <= j {
                hole < home && home <= j
            } else {
                hole < home || home <= j
            };
            if !stays {
                self.slots[hole] = self.slots[j];
                hole = j;
            }
        }
        self.slots[hole] = EMPTY_SLOT;
        self.len -= 1;
    }

    /// Doubles the table (or allocates the first one), reinserting in slot order.
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY_SLOT; n]);
        for s in old.into_iter().filter(|s| s.fold != 0) {
            let (i, _) = self.slot_of(s.fold);
            self.slots[i] = s;
        }
    }

    /// Every node, in slot order (deterministic for a given history).
    pub(crate) fn nodes(&self) -> impl Iterator<Item = (u64, &RecRef)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.fold != 0)
            .map(|s| (s.fold, &s.r))
    }

    /// Drops every node and the table's memory (`hash_table_clear()` +
    /// `mem_heap_empty()`).
    pub(crate) fn clear(&mut self) {
        *self = HashPart::default();
    }
}

/// Node-heap pages for `nodes` nodes.
pub(crate) fn heap_pages(nodes: usize) -> u64 {
    (nodes as u64).div_ceil(NODES_PER_HEAP_PAGE)
}

/// InnoDB's cell count for a partition of `n` requested cells: a prime away from
/// powers of two. Models `ut_find_prime()`.
pub(crate) fn ut_find_prime(n: u64) -> u64 {
    const UT_RANDOM_1: f64 = 1.041_232_1;
    const UT_RANDOM_2: f64 = 1.113_134_7;
    const UT_RANDOM_3: f64 = 1.013_267_7;
    let mut n = n + 2;
    let mut pow2: u64 = 1;
    while pow2 * 2 < n {
        pow2 *= 2;
    }
    if (n as f64) < 1.05 * pow2 as f64 {
        n = (n as f64 * UT_RANDOM_1) as u64;
    }
    pow2 *= 2;
    if (n as f64) > 0.95 * pow2 as f64 {
        n = (n as f64 * UT_RANDOM_2) as u64;
    }
    if n > pow2.saturating_sub(20) {
        n += 30;
    }
    n = (n as f64 * UT_RANDOM_3) as u64;
    loop {
        let mut i = 2;
        let mut prime = true;
        while i * i <= n {
            if n.is_multiple_of(i) {
                prime = false;
                break;
            }
            i += 1;
        }
        if prime {
            return n;
        }
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(page: PageNo, k: i32) -> RecRef {
        RecRef {
            page,
            pos: 0,
            key: Key::from_i32(k),
        }
    }

    #[test]
    fn one_node_per_fold_and_deletes_keep_chains() {
        let mut t = HashPart::default();
        // folds that share a home slot in a 64-slot table
        let folds: Vec<u64> = (1..=40u64).map(|i| i * 64 + 5).collect();
        for (i, &f) in folds.iter().enumerate() {
            assert_eq!(t.insert(f, r(1, i as i32)), None);
        }
        assert_eq!(t.insert(folds[3], r(2, 3)), Some(1));
        assert_eq!(t.len(), 40);
        for &f in folds.iter().step_by(2) {
            assert!(t.remove_if(f, |_| true).is_some());
        }
        for (i, &f) in folds.iter().enumerate() {
            assert_eq!(t.get(f).is_some(), i % 2 == 1, "fold {f}");
        }
        assert_eq!(t.get(folds[3]).map(|x| x.page), Some(2));
        assert_eq!(t.nodes().filter(|(_, r)| r.page == 1).count(), 19);
        assert_eq!(t.len(), 20);
        t.clear();
        assert_eq!((t.len(), t.get(folds[3])), (0, None));
    }

    #[test]
    fn heap_and_cells() {
        assert_eq!(heap_pages(0), 0);
        assert_eq!(heap_pages(1), 1);
        assert_eq!(heap_pages(681), 2);
        // 128 MiB pool, 8 parts: 262144 cells / 8 = 32768 requested per part
        assert_eq!(ut_find_prime(32768), 34583);
    }
}
