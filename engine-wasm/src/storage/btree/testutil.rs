//! Hand-built trees for the rule tests: two leaves under a root, exact contents.

use super::BTree;
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::record::IndexLayout;
use crate::storage::{PageNo, FIL_NULL};

/// An index layout with INT-sized node pointers.
pub fn layout(clustered: bool) -> IndexLayout {
    IndexLayout {
        clustered,
        node_ptr_overhead: 9,
    }
}

/// A leaf record of an INT key.
pub fn rec(k: i32, size: u16) -> Rec {
    Rec {
        key: Key::from_i32(k),
        size,
        child: FIL_NULL,
    }
}

/// Keys of page `no`, decoded.
pub fn keys(store: &PageStore, no: PageNo) -> Vec<i32> {
    store
        .page(no)
        .recs
        .iter()
        .filter_map(|r| r.key.first_i32())
        .collect()
}

/// A root (level 1) over two leaves holding `left` and `right` keys, records of
/// `size` bytes. Returns the tree and the two leaf page numbers.
pub fn two_leaves(
    store: &mut PageStore,
    clustered: bool,
    left: &[i32],
    right: &[i32],
    size: u16,
) -> (BTree, PageNo, PageNo) {
    let mut t = BTree::create(store, 7, layout(clustered));
    let (l, r) = (store.alloc(7, 0), store.alloc(7, 0));
    for (no, ks) in [(l, left), (r, right)] {
        let p = store.page_mut(no);
        p.recs = ks.iter().map(|&k| rec(k, size)).collect();
        p.recount();
    }
    store.page_mut(l).next = r;
    store.page_mut(r).prev = l;
    let root = store.page_mut(t.root);
    root.level = 1;
    let right_first = Key::from_i32(right[0]);
    root.recs = [
        Rec {
            key: Key::EMPTY,
            size: 13,
            child: l,
        },
        Rec {
            key: right_first,
            size: 13,
            child: r,
        },
    ]
    .into_iter()
    .collect();
    root.recount();
    t.leaf_segment_pages = 2;
    t.n_recs = (left.len() + right.len()) as u64;
    assert_eq!(t.check_invariants(store), Ok(()));
    (t, l, r)
}

/// 40 keys 0, 10, …, 390: a page of 400-byte records with no room for another.
pub fn full_page_keys() -> Vec<i32> {
    (0..40).map(|i| i * 10).collect()
}
