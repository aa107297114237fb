//! Unit tests of maintenance: row inserts and deletes, splits and root raises,
//! merges and frees.

use super::testutil::{k2, Lab};
use super::*;
use crate::storage::key::Key;

/// Lookups of `0..modulo` in turn (PK) or of k = `0..modulo` (secondary, k only).
fn warm(lab: &mut Lab, n: i32, modulo: i32, mode: SearchMode) {
    for s in 0..n {
        lab.search(Key::from_i32(s % modulo), mode);
    }
}

#[test]
fn inserts_add_boundary_entries_and_deletes_remove_their_node() {
    let mut lab = Lab::pk(50, 100);
    let root = lab.tree.root;
    warm(&mut lab, 132, 50, SearchMode::Ge);
    assert!(lab.ahi.is_hashed(root));
    // an append: the new record starts a group (+1); nothing follows it
    lab.insert(Key::from_i32(50), 100);
    assert_eq!(
        (
            lab.ahi.counters().adaptive_hash_rows_added,
            lab.ahi.counters().nodes
        ),
        (51, 51)
    );
    // a delete whose node points at the record
    assert!(lab.delete(Key::from_i32(20)));
    let c = *lab.ahi.counters();
    assert_eq!((c.adaptive_hash_rows_removed, c.nodes), (1, 50));
    // a middle insert: its own entry and the next record's (re-pointed), +2
    lab.insert(Key::from_i32(20), 100);
    let c = *lab.ahi.counters();
    assert_eq!((c.adaptive_hash_rows_added, c.nodes), (53, 51));
    assert_eq!(
        lab.ahi.node_for(0, 1, &Key::from_i32(20)),
        Some((root, Key::from_i32(20)))
    );
    lab.check();
}

#[test]
fn deleting_a_record_without_a_node_counts_no_hash_entry() {
    let mut lab = Lab::secondary(20, 5, 20);
    warm(&mut lab, 200, 20, SearchMode::Ge);
    assert_eq!(lab.ahi.counters().nodes, 20);
    assert!(lab.delete(k2(3, 16)));
    assert!(lab.delete(k2(3, 15)));
    let c = lab.ahi.counters();
    assert_eq!(
        (
            c.adaptive_hash_rows_deleted_no_hash_entry,
            c.adaptive_hash_rows_removed
        ),
        (1, 1)
    );
    assert_eq!(c.nodes, 19);
    lab.check();
}

#[test]
fn right_side_inserts_move_the_group_node() {
    let mut lab = Lab::secondary(20, 5, 20);
    let root = lab.tree.root;
    warm(&mut lab, 200, 20, SearchMode::Le);
    assert_eq!(lab.ahi.node_for(0, 1, &k2(3, 0)), Some((root, k2(3, 19))));
    // through a B-tree cursor: the new right-most of group 3 gets the group's node
    lab.insert(k2(3, 1000), 20);
    assert_eq!(lab.ahi.node_for(0, 1, &k2(3, 0)), Some((root, k2(3, 1000))));
    assert_eq!(lab.ahi.counters().adaptive_hash_rows_added, 21);
    // after a hash hit (PAGE_CUR_LE on (5, 29)): the node is updated in place
    let key = k2(5, 1000);
    assert_eq!(
        lab.search(key, SearchMode::Le).guess,
        Guess::Hit { page: root }
    );
    let mut ev = Vec::new();
    let rec = crate::storage::page::Rec {
        key,
        size: 20,
        child: crate::storage::FIL_NULL,
    };
    assert_eq!(lab.tree.insert(&mut lab.store, rec, &mut ev), Ok(()));
    lab.ahi.on_insert_via_hash(root, &key, &lab.store);
    let c = lab.ahi.counters();
    assert_eq!(
        (c.adaptive_hash_rows_updated, c.adaptive_hash_rows_added),
        (1, 21)
    );
    assert_eq!(lab.ahi.node_for(0, 1, &key), Some((root, key)));
    lab.check();
}

#[test]
fn a_root_raise_and_split_rebuild_both_new_leaves_with_the_old_prefix() {
    let mut lab = Lab::pk(30, 400);
    let root = lab.tree.root;
    warm(&mut lab, 132, 30, SearchMode::Ge);
    assert!(lab.ahi.is_hashed(root));
    let mut id = 30;
    while lab.tree.counters.root_raises == 0 {
        lab.insert(Key::from_i32(id), 400);
        id += 1;
        lab.check();
    }
    let leaves = lab.leaves();
    assert_eq!(leaves.len(), 2);
    assert!(!lab.ahi.is_hashed(root));
    assert!(leaves.iter().all(|&p| lab.ahi.is_hashed(p)));
    let c = lab.ahi.counters();
    assert_eq!(
        (c.adaptive_hash_pages_added, c.adaptive_hash_pages_removed),
        (3, 1)
    );
    assert_eq!(c.nodes, lab.tree.n_recs);
    // lookups keep hitting on both leaves
    for &p in &leaves {
        let first = lab
            .store
            .get(p)
            .and_then(|pg| pg.recs.get(3))
            .map(|r| r.key);
        let key = first.unwrap_or(Key::EMPTY);
        let hit = (0..3).any(|_| lab.lookup(key).guess == Guess::Hit { page: p });
        assert!(hit, "no hit on page {p}");
    }
    lab.check();
}

#[test]
fn merges_and_frees_leave_no_stale_node() {
    let mut lab = Lab::pk(600, 100);
    warm(&mut lab, 6000, 600, SearchMode::Ge);
    assert_eq!(lab.ahi.counters().hashed_pages, 5);
    for id in 100..500 {
        assert!(lab.delete(Key::from_i32(id)));
        lab.check();
    }
    assert!(lab.tree.counters.merges > 0);
    let c = lab.ahi.counters();
    // 230 deletes found their node; 170 hit rows a merge had moved off a hashed page
    // (their nodes went with the freed page's drop)
    let got = (
        c.adaptive_hash_pages_removed,
        c.adaptive_hash_rows_removed,
        c.adaptive_hash_rows_deleted_no_hash_entry,
    );
    assert_eq!(got, (3, 453, 170));
    assert_eq!(c.nodes, 600 - c.adaptive_hash_rows_removed);
    assert!(c.nodes <= lab.tree.n_recs);
    assert_eq!(
        c.hashed_pages as usize,
        lab.leaves()
            .iter()
            .filter(|&&p| lab.ahi.is_hashed(p))
            .count()
    );
}
