//! Root raise: the root's records move to a new child and the root, keeping its
//! page number, becomes a one-pointer page one level up.

use super::split::move_recs;
use super::{modified, BTree, TreeEvent};
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;

impl BTree {
    /// Moves the root's records to a new child and makes the root a one-pointer page
    /// one level up; the root's page number never changes. Returns the child.
    // models btr_root_raise_and_insert()
    pub(super) fn root_raise(&mut self, store: &mut PageStore, ev: &mut Vec<TreeEvent>) -> PageNo {
        let root = self.root;
        let level = store.page(root).level;
        let new = self.alloc_page(store, level, ev);
        let n = store.page(root).n_recs();
        move_recs(store, root, new, 0..n);
        // The root's only pointer is the level minimum (REC_INFO_MIN_REC_FLAG), stored
        // as the empty key; its size is that of the real first key.
        let first = store.page(new).recs.first().map_or(Key::EMPTY, |r| r.key);
        let ptr = Rec {
            key: Key::EMPTY,
            ..self.node_ptr(first, new)
        };
        let r = store.page_mut(root);
        r.level = level + 1;
        r.reset_last_insert();
        r.insert_rec(0, ptr);
        self.counters.root_raises += 1;
        self.modify_clock += 1;
        ev.push(TreeEvent::RootRaise {
            index: self.index_id,
            page: root,
            new_page: new,
            level,
        });
        modified(ev, root);
        modified(ev, new);
        new
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{layout, rec};
    use super::super::{BTree, TreeEvent};
    use crate::storage::page_store::PageStore;

    #[test]
    fn root_raise_keeps_the_root_page_number() {
        let mut s = PageStore::new();
        let mut t = BTree::create(&mut s, 1, layout(false));
        let root = t.root;
        let mut ev = Vec::new();
        for k in 0..40 {
            assert_eq!(t.insert(&mut s, rec(k, 400), &mut ev), Ok(()));
        }
        assert_eq!(t.counters.root_raises, 0);
        ev.clear();
        assert_eq!(t.insert(&mut s, rec(40, 400), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(t.root, root);
        assert_eq!(s.page(root).level, 1);
        assert_eq!(s.page(root).n_recs(), 2);
        assert_eq!(t.counters.root_raises, 1);
        assert!(matches!(ev[1], TreeEvent::RootRaise { page, level: 0, .. } if page == root));
        // the raised child's PAGE_LAST_INSERT was reset, so its first split is a middle one
        assert_eq!(t.counters.splits_middle, 1);
        assert_eq!(t.stats(&s).height, 2);
    }
}
