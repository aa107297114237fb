//! Deletes: optimistic and pessimistic delete, page discard, merge into a sibling
//! below 50% (`btr_compress`), and lifting a lone page into its father.

use super::split::move_recs;
use super::{level_list_remove, modified, BTree, TreeEvent, BTR_CUR_PAGE_COMPRESS_LIMIT};
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL};

impl BTree {
    /// Deletes the leaf record with `key`; false when absent. A page left below half
    /// full is merged into a sibling when its records fit there.
    pub fn delete(&mut self, store: &mut PageStore, key: &Key, ev: &mut Vec<TreeEvent>) -> bool {
        let leaf = self.descend(store, key, 0);
        let page = store.page(leaf);
        let Ok(pos) = page.search(key) else {
            return false;
        };
        self.n_recs = self.n_recs.saturating_sub(1);
        let size = u32::from(page.recs.at(pos).size);
        let alone = page.prev == FIL_NULL && page.next == FIL_NULL;
        // models btr_cur_can_delete_without_compress(); on the root the pessimistic
        // path would do the same thing
        let optimistic = leaf == self.root
            || (page.data_bytes - size >= BTR_CUR_PAGE_COMPRESS_LIMIT
                && !alone
                && page.n_recs() >= 2);
        if optimistic {
            store.page_mut(leaf).remove_rec(pos);
            modified(ev, leaf);
        } else {
            self.pessimistic_delete(store, leaf, pos, ev);
        }
        true
    }

    /// Deletes record `slot` of page `no`; discards the page when it was the last one,
    /// keeps a non-leaf page's pointer equal to its first record, then compresses.
    // models btr_cur_pessimistic_delete()
    fn pessimistic_delete(
        &mut self,
        store: &mut PageStore,
        no: PageNo,
        slot: usize,
        ev: &mut Vec<TreeEvent>,
    ) {
        let page = store.page(no);
        let level = page.level;
        if page.n_recs() < 2 && no != self.root {
            self.discard_page(store, no, ev);
            return;
        }
        let removed = store.page_mut(no).remove_rec(slot);
        modified(ev, no);
        let page = store.page(no);
        if no == self.root && page.recs.is_empty() && level > 0 {
            // Unreachable in InnoDB (a lone child is lifted first); keep a valid tree.
            store.page_mut(no).level = 0;
            return;
        }
        if level > 0 && slot == 0 {
            if page.prev == FIL_NULL {
                // The new first pointer of the leftmost page is the level minimum.
                set_min_rec_mark(store, no);
            } else if let Some(first) = page.recs.first().map(|r| r.key) {
                // The father's pointer follows the new first pointer.
                self.update_node_ptr(store, no, level, &removed.key, first, ev);
            }
        }
        self.compress_if_useful(store, no, ev);
    }

    /// Deletes the node pointer to `child`; `key` must lead to `child`.
    // models btr_node_ptr_delete()
    fn delete_node_ptr(
        &mut self,
        store: &mut PageStore,
        child: PageNo,
        level: u8,
        key: &Key,
        ev: &mut Vec<TreeEvent>,
    ) {
        if let Some((f, slot)) = self.find_father(store, child, level, key) {
            self.pessimistic_delete(store, f, slot, ev);
        }
    }

    /// Removes a page whose only record is being deleted.
    // models btr_discard_page()
    fn discard_page(&mut self, store: &mut PageStore, no: PageNo, ev: &mut Vec<TreeEvent>) {
        self.modify_clock += 1;
        let page = store.page(no);
        let level = page.level;
        let key = page.recs.first().map_or(Key::EMPTY, |r| r.key);
        if page.prev == FIL_NULL && page.next == FIL_NULL {
            // InnoDB asserts this never happens (a lone page is lifted before it
            // empties); lift the emptied page so the tree stays valid.
            let p = store.page_mut(no);
            p.recs.clear();
            p.recount();
            self.lift_page_up(store, no, &key, ev);
            return;
        }
        let next = page.next;
        let leftmost = page.prev == FIL_NULL;
        self.delete_node_ptr(store, no, level, &key, ev);
        level_list_remove(store, no, ev);
        if leftmost && level > 0 {
            // The right sibling becomes the leftmost page of its level.
            set_min_rec_mark(store, next);
        }
        self.free_page(store, no, ev);
    }

    /// Compresses page `no` when it is below the merge threshold or alone on its level.
    // models btr_cur_compress_if_useful() and btr_cur_compress_recommendation()
    fn compress_if_useful(&mut self, store: &mut PageStore, no: PageNo, ev: &mut Vec<TreeEvent>) {
        if no == self.root {
            return;
        }
        let page = store.page(no);
        let alone = page.prev == FIL_NULL && page.next == FIL_NULL;
        if page.data_bytes < BTR_CUR_PAGE_COMPRESS_LIMIT || alone {
            self.compress(store, no, ev);
        }
    }

    /// Lifts a lone page, else merges it into the left sibling or, failing that, the
    /// right one, when its records fit there after a reorganize.
    // models btr_compress() and btr_can_merge_with_page()
    fn compress(&mut self, store: &mut PageStore, no: PageNo, ev: &mut Vec<TreeEvent>) {
        let page = store.page(no);
        let Some(key) = page.recs.first().map(|r| r.key) else {
            return;
        };
        let (level, prev, next) = (page.level, page.prev, page.next);
        if prev == FIL_NULL && next == FIL_NULL {
            self.lift_page_up(store, no, &key, ev);
            return;
        }
        let (n, data) = (page.n_recs(), page.data_bytes);
        let fits =
            |s: PageNo| s != FIL_NULL && data <= store.page(s).max_insert_size_after_reorganize(n);
        if fits(prev) {
            let count = store.page(no).n_recs();
            move_recs(store, no, prev, 0..count);
            modified(ev, prev);
            level_list_remove(store, no, ev);
            self.delete_node_ptr(store, no, level, &key, ev);
        } else if fits(next) {
            let right_first = store.page(next).recs.first().map_or(Key::EMPTY, |r| r.key);
            let father = self.find_father(store, no, level, &key);
            prepend_all(store, no, next);
            modified(ev, next);
            // This page's pointer now leads to the right page; the right page's old
            // pointer goes.
            if let Some((f, slot)) = father {
                store.page_mut(f).recs.set_child(slot, next);
                modified(ev, f);
            }
            level_list_remove(store, no, ev);
            self.delete_node_ptr(store, next, level, &right_first, ev);
        } else {
            return;
        }
        self.free_page(store, no, ev);
        self.counters.merges += 1;
        self.modify_clock += 1;
    }

    /// Moves the records of a page alone on its level into its father, so the tree
    /// loses a level. A leaf only ever moves into the root: below a non-root father
    /// the father is lifted instead.
    // models btr_lift_page_up()
    fn lift_page_up(
        &mut self,
        store: &mut PageStore,
        no: PageNo,
        key: &Key,
        ev: &mut Vec<TreeEvent>,
    ) {
        self.modify_clock += 1;
        let mut path = Vec::new();
        self.descend_path(store, key, store.page(no).level, &mut path);
        if path.len() < 2 || path.last() != Some(&no) {
            return;
        }
        let mut fi = path.len() - 2;
        let mut page = no;
        if store.page(no).is_leaf() && fi >= 1 {
            page = path[fi];
            fi -= 1;
        }
        let father = path[fi];
        let level = store.page(page).level;
        let mut recs = std::mem::take(&mut store.page_mut(page).recs);
        let f = store.page_mut(father);
        f.recs.clear();
        std::mem::swap(&mut f.recs, &mut recs);
        f.recount();
        f.level = level;
        f.reset_last_insert();
        modified(ev, father);
        store.page_mut(page).recs = recs;
        for (i, &a) in path[..fi].iter().enumerate() {
            store.page_mut(a).level = level + (fi - i) as u8;
            modified(ev, a);
        }
        self.free_page(store, page, ev);
    }
}

/// Puts all records of `from` in front of those of `to` (a merge into the right page).
fn prepend_all(store: &mut PageStore, from: PageNo, to: PageNo) {
    let src = store.page_mut(from);
    let mut moved = Vec::with_capacity(src.n_recs());
    src.recs.drain_into(0..src.n_recs(), &mut moved);
    src.recount();
    let dst = store.page_mut(to);
    dst.recs.prepend_sorted(&moved);
    dst.recount();
    dst.reset_last_insert();
}

/// Marks the first node pointer of a (leftmost, non-leaf) page as the level minimum:
/// its key becomes the empty key, which sorts first; its size is kept.
// models btr_set_min_rec_mark()
fn set_min_rec_mark(store: &mut PageStore, no: PageNo) {
    let recs = &mut store.page_mut(no).recs;
    if let Some(first) = recs.first() {
        recs.replace(
            0,
            Rec {
                key: Key::EMPTY,
                ..first
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{keys, two_leaves};
    use super::super::TreeEvent;
    use crate::storage::key::Key;
    use crate::storage::page_store::PageStore;

    #[test]
    fn below_half_a_page_merges_into_the_left_sibling() {
        let mut s = PageStore::new();
        let left: Vec<i32> = (0..10).collect();
        let right: Vec<i32> = (100..121).collect();
        let (mut t, l, r) = two_leaves(&mut s, true, &left, &right, 400);
        let mut ev = Vec::new();
        // 21 × 400 = 8400 bytes: one delete drops the right page below 8192
        assert!(t.delete(&mut s, &Key::from_i32(120), &mut ev));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(t.counters.merges, 1);
        assert_eq!(keys(&s, l).len(), 30);
        assert!(s.page(r).free);
        assert!(ev.contains(&TreeEvent::PageFreed { page: r }));
        assert!(!t.delete(&mut s, &Key::from_i32(120), &mut ev));
    }

    #[test]
    fn the_leftmost_page_merges_right_and_a_lone_page_is_lifted() {
        let mut s = PageStore::new();
        let left: Vec<i32> = (0..21).collect();
        let right: Vec<i32> = (100..110).collect();
        let (mut t, l, r) = two_leaves(&mut s, true, &left, &right, 400);
        let mut ev = Vec::new();
        assert!(t.delete(&mut s, &Key::from_i32(0), &mut ev));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert!(s.page(l).free);
        assert_eq!(keys(&s, r).len(), 30);
        assert_eq!(s.page(t.root).n_recs(), 1);
        // the next delete finds the leaf alone on its level and lifts it into the root
        assert!(t.delete(&mut s, &Key::from_i32(1), &mut ev));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(s.page(t.root).level, 0);
        assert_eq!(t.stats(&s).height, 1);
        assert_eq!((t.leaf_segment_pages, t.top_segment_pages), (0, 1));
    }

    #[test]
    fn deleting_everything_leaves_an_empty_root_leaf() {
        let mut s = PageStore::new();
        let left: Vec<i32> = (0..40).collect();
        let right: Vec<i32> = (100..140).collect();
        let (mut t, _, _) = two_leaves(&mut s, false, &left, &right, 400);
        let mut ev = Vec::new();
        for k in left.iter().chain(&right) {
            assert!(t.delete(&mut s, &Key::from_i32(*k), &mut ev));
            assert_eq!(t.check_invariants(&s), Ok(()));
        }
        assert_eq!((t.n_recs, s.page(t.root).level), (0, 0));
        assert_eq!(t.segment_bytes(), 16384);
    }
}
