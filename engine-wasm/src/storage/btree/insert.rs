//! Inserts: the optimistic path with the 1/16 clustered-leaf reserve, node-pointer
//! maintenance, and the right-sibling shortcut taken before any split.

use super::split::{split_rec_to_left, split_rec_to_right};
use super::{modified, BTree, InsertError, TreeEvent, BTR_PAGE_RESERVE};
use crate::storage::key::Key;
use crate::storage::page::{Page, Rec, REC_MAX_SIZE};
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL};

impl BTree {
    /// Inserts a leaf record (`rec.child` is ignored). Splits pages as InnoDB does and
    /// reports every page touched in `ev`.
    pub fn insert(
        &mut self,
        store: &mut PageStore,
        rec: Rec,
        ev: &mut Vec<TreeEvent>,
    ) -> Result<(), InsertError> {
        self.insert_with_hint(store, rec, FIL_NULL, ev)
    }

    /// Like [`BTree::insert`], starting at `leaf_hint` instead of descending from the
    /// root. The hint must be the leaf of a search path for this same key computed
    /// while [`BTree::modify_clock`] had its current value (no structure change since,
    /// so routing is unchanged); a hint that is not a live leaf of this index holding
    /// keys ≤ `key` is ignored. Pass `FIL_NULL` for no hint.
    pub fn insert_with_hint(
        &mut self,
        store: &mut PageStore,
        rec: Rec,
        leaf_hint: PageNo,
        ev: &mut Vec<TreeEvent>,
    ) -> Result<(), InsertError> {
        if rec.size > REC_MAX_SIZE {
            return Err(InsertError::RecordTooBig {
                size: rec.size,
                max: REC_MAX_SIZE,
            });
        }
        if rec.key.is_empty() {
            return Err(InsertError::EmptyKey);
        }
        let rec = Rec {
            child: FIL_NULL,
            ..rec
        };
        let leaf = if self.leaf_covers(store, leaf_hint, &rec.key) {
            leaf_hint
        } else {
            self.descend(store, &rec.key, 0)
        };
        let pos = match store.page(leaf).search(&rec.key) {
            Ok(_) => return Err(InsertError::DuplicateKey),
            Err(pos) => pos,
        };
        self.insert_at(store, leaf, pos, rec, ev);
        self.n_recs += 1;
        Ok(())
    }

    /// Sanity check of a leaf hint: a live leaf of this index whose first key is ≤
    /// `key` (or the leftmost leaf).
    fn leaf_covers(&self, store: &PageStore, no: PageNo, key: &Key) -> bool {
        let Some(page) = store.get(no) else {
            return false;
        };
        !page.free
            && page.is_leaf()
            && page.index == self.index_id
            && (page.prev == FIL_NULL || page.recs.first_key_le(key))
    }

    /// Inserts `rec` at `pos` of page `no`: in place when it fits, else by a split
    /// (`btr_cur_optimistic_insert()`, then `btr_cur_pessimistic_insert()`).
    pub(super) fn insert_at(
        &mut self,
        store: &mut PageStore,
        no: PageNo,
        pos: usize,
        rec: Rec,
        ev: &mut Vec<TreeEvent>,
    ) {
        if self.optimistic_fits(store.page(no), pos, rec.size) {
            store.page_mut(no).insert_rec(pos, rec);
            modified(ev, no);
        } else if no == self.root {
            let child = self.root_raise(store, ev);
            self.split_and_insert(store, child, rec, ev);
        } else {
            self.split_and_insert(store, no, rec, ev);
        }
    }

    /// Whether an optimistic insert succeeds: the record fits after a reorganize, and
    /// on a clustered leaf with ≥ 2 records in a sequential pattern 1/16 of the page
    /// stays free for future updates.
    // models btr_cur_optimistic_insert() (the dict_index_get_space_reserve() test)
    pub(super) fn optimistic_fits(&self, page: &Page, pos: usize, size: u16) -> bool {
        let max = page.max_insert_size_after_reorganize(1);
        let size = u32::from(size);
        if size > max {
            return false;
        }
        let reserve_applies = page.is_leaf()
            && self.layout.clustered
            && page.n_recs() >= 2
            && BTR_PAGE_RESERVE + size > max;
        !(reserve_applies
            && (split_rec_to_right(page, pos).is_some() || split_rec_to_left(page, pos).is_some()))
    }

    /// Inserts node pointer `ptr` on `level` where a search for its key leads.
    // models btr_insert_on_non_leaf_level()
    pub(super) fn insert_node_ptr(
        &mut self,
        store: &mut PageStore,
        level: u8,
        ptr: Rec,
        ev: &mut Vec<TreeEvent>,
    ) {
        let no = self.descend(store, &ptr.key, level);
        let pos = match store.page(no).search(&ptr.key) {
            Ok(p) => p + 1,
            Err(p) => p,
        };
        self.insert_at(store, no, pos, ptr, ev);
    }

    /// When the insert point is the last record of a full page, puts the record first
    /// on the right sibling if it fits there, and fixes the sibling's node pointer.
    // models btr_insert_into_right_sibling()
    pub(super) fn insert_into_right_sibling(
        &mut self,
        store: &mut PageStore,
        no: PageNo,
        pos: usize,
        rec: Rec,
        ev: &mut Vec<TreeEvent>,
    ) -> bool {
        let page = store.page(no);
        let (next, level) = (page.next, page.level);
        if next == FIL_NULL || pos != page.n_recs() {
            return false;
        }
        let sibling = store.page(next);
        if u32::from(rec.size) > sibling.max_insert_size_after_reorganize(1) {
            return false;
        }
        let Some(old_first) = sibling.recs.first().map(|r| r.key) else {
            return false;
        };
        debug_assert!(rec.key < old_first);
        store.page_mut(next).insert_rec(0, rec);
        self.counters.sibling_inserts += 1;
        self.modify_clock += 1;
        ev.push(TreeEvent::InsertedIntoSibling {
            page: no,
            sibling: next,
        });
        modified(ev, next);
        self.update_node_ptr(store, next, level, &old_first, rec.key, ev);
        true
    }

    /// Gives `child`'s node pointer the key `new_key` (InnoDB deletes the pointer and
    /// inserts a new one). `search_key` must lead to `child`. A non-leaf page's pointer
    /// always equals its first record, so a change to a father's first pointer
    /// propagates upward (`btr_cur_pessimistic_delete()` on a non-leaf page).
    pub(super) fn update_node_ptr(
        &mut self,
        store: &mut PageStore,
        child: PageNo,
        level: u8,
        search_key: &Key,
        new_key: Key,
        ev: &mut Vec<TreeEvent>,
    ) {
        let Some((f, slot)) = self.find_father(store, child, level, search_key) else {
            return;
        };
        let father = store.page(f);
        if slot == 0 && father.prev != FIL_NULL {
            let father_key = father.recs.key_at(0);
            self.update_node_ptr(store, f, level + 1, &father_key, new_key, ev);
        }
        let ptr = self.node_ptr(new_key, child);
        let father = store.page_mut(f);
        let old = father.recs.at(slot);
        let grow = u32::from(ptr.size).saturating_sub(u32::from(old.size));
        modified(ev, f);
        if grow == 0 || grow <= father.max_insert_size_after_reorganize(0) {
            father.replace_rec(slot, ptr);
            father.last_insert = Some(slot as u16);
        } else {
            // The longer pointer no longer fits: delete it and insert it again, which
            // may split the father.
            father.remove_rec(slot);
            self.insert_node_ptr(store, level + 1, ptr, ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{full_page_keys, keys, rec, two_leaves};
    use super::super::{BTree, InsertError, TreeEvent};
    use crate::storage::key::Key;
    use crate::storage::page::Page;
    use crate::storage::page_store::PageStore;

    #[test]
    fn full_page_at_its_end_inserts_into_the_right_sibling() {
        let mut s = PageStore::new();
        let (mut t, l, r) = two_leaves(&mut s, false, &full_page_keys(), &[1000, 1010], 400);
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(395, 400), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(keys(&s, r), vec![395, 1000, 1010]);
        assert_eq!(keys(&s, l).len(), 40);
        assert_eq!(t.counters.index_page_splits, 0);
        assert_eq!(t.counters.sibling_inserts, 1);
        assert!(ev.contains(&TreeEvent::InsertedIntoSibling {
            page: l,
            sibling: r
        }));
        // the father's pointer now carries the sibling's new first key
        assert_eq!(s.page(t.root).recs.key_at(1), Key::from_i32(395));
    }

    #[test]
    fn full_page_not_at_its_end_splits_instead() {
        let mut s = PageStore::new();
        let (mut t, l, r) = two_leaves(&mut s, false, &full_page_keys(), &[1000], 400);
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(385, 400), &mut ev), Ok(()));
        assert_eq!(keys(&s, r), vec![1000]);
        assert_eq!(t.counters.index_page_splits, 1);
        assert_ne!(s.page(l).next, r);
    }

    /// A leaf of `n` 26-byte records with PAGE_LAST_INSERT on the last one, leaving
    /// between 26 and 26 + 1024 bytes free.
    fn nearly_full_leaf(level: u8) -> Page {
        let mut p = Page::new(0, level);
        for k in 0..590 {
            p.insert_rec(k as usize, rec(k, 26));
        }
        p
    }

    #[test]
    fn the_sixteenth_reserve_applies_only_to_clustered_leaves_in_a_pattern() {
        let mut s = PageStore::new();
        let clustered = BTree::create(&mut s, 1, super::super::testutil::layout(true));
        let secondary = BTree::create(&mut s, 2, super::super::testutil::layout(false));
        let leaf = nearly_full_leaf(0);
        let free = leaf.max_insert_size_after_reorganize(1);
        assert!((26..26 + 1024).contains(&free), "free {free}");
        let end = leaf.n_recs();
        // sequential to the right: the clustered leaf refuses, the secondary accepts
        assert!(!clustered.optimistic_fits(&leaf, end, 26));
        assert!(secondary.optimistic_fits(&leaf, end, 26));
        // no pattern (PAGE_LAST_INSERT elsewhere): no reserve
        assert!(clustered.optimistic_fits(&leaf, 100, 26));
        // not a leaf: no reserve
        assert!(clustered.optimistic_fits(&nearly_full_leaf(1), end, 26));
        // a sequential pattern to the left also triggers it
        let mut left = nearly_full_leaf(0);
        left.last_insert = Some(100);
        assert!(!clustered.optimistic_fits(&left, 100, 26));
    }

    #[test]
    fn errors_for_duplicates_empty_keys_and_huge_records() {
        let mut s = PageStore::new();
        let mut t = BTree::create(&mut s, 1, super::super::testutil::layout(true));
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(1, 30), &mut ev), Ok(()));
        assert_eq!(
            t.insert(&mut s, rec(1, 30), &mut ev),
            Err(InsertError::DuplicateKey)
        );
        let mut empty = rec(2, 30);
        empty.key = Key::EMPTY;
        assert_eq!(t.insert(&mut s, empty, &mut ev), Err(InsertError::EmptyKey));
        assert!(matches!(
            t.insert(&mut s, rec(3, 8126), &mut ev),
            Err(InsertError::RecordTooBig {
                size: 8126,
                max: 8125
            })
        ));
        assert_eq!(t.n_recs, 1);
        assert_eq!(t.get(&s, &Key::from_i32(1)).map(|r| r.size), Some(30));
    }
}
