//! Unit tests of the search side: recommendation, build decision, hits, repairs,
//! drops, switching off, versions and partitions.

use super::testutil::{k2, Lab};
use super::*;
use crate::storage::key::Key;
use std::collections::BTreeSet;

/// PK lookups of ids `0..modulo` in turn, `n` searches; returns the steps.
fn warm(lab: &mut Lab, n: u32, modulo: i32) -> Vec<Step> {
    (0..n)
        .map(|s| lab.lookup(Key::from_i32(s as i32 % modulo)))
        .collect()
}

use super::testutil::Step;

fn is_build(s: &Step) -> bool {
    matches!(s.advice, Advice::Build { .. })
}

const LEFT1: Prefix = Prefix {
    n_fields: 1,
    left_side: true,
};

#[test]
fn no_build_before_17_searches_and_100_consecutive_potential_successes() {
    let mut lab = Lab::pk(50, 100);
    let root = lab.tree.root;
    let mut potential = Vec::new();
    let mut first_build = None;
    for s in 1..=132u32 {
        let step = lab.lookup(Key::from_i32(s as i32 % 50));
        assert_eq!(step.guess, Guess::NotTried);
        potential.push(lab.info().n_hash_potential);
        if is_build(&step) && first_build.is_none() {
            first_build = Some(s);
        }
        assert_eq!(lab.ahi.is_hashed(root), first_build.is_some());
    }
    // the 17th search makes the first recommendation, {u = 1, left}, potential 1;
    // the analysis then sleeps 17 searches, after which every search adds 1
    assert_eq!((potential[15], potential[16], potential[32]), (0, 1, 1));
    assert_eq!((potential[33], potential[34]), (2, 3));
    assert_eq!(first_build, Some(132));
    assert_eq!(potential[131], 100);
    assert_eq!(lab.info().prefix, LEFT1);
    let c = lab.ahi.counters();
    assert_eq!(
        (c.adaptive_hash_pages_added, c.adaptive_hash_rows_added),
        (1, 50)
    );
    lab.check();
}

#[test]
fn unique_pk_lookups_hit_after_the_build_and_potential_caps_at_105() {
    let mut lab = Lab::pk(50, 100);
    let root = lab.tree.root;
    warm(&mut lab, 132, 50);
    // the next two searches still descend (last_hash_succ is false until the block
    // reports it is hashed with the recommended prefix); then every lookup hits
    let steps = warm(&mut lab, 6, 50);
    let guesses: Vec<Guess> = steps.iter().map(|s| s.guess).collect();
    let hit = Guess::Hit { page: root };
    assert_eq!(
        guesses,
        [Guess::NotTried, Guess::NotTried, hit, hit, hit, hit]
    );
    assert_eq!(lab.info().n_hash_potential, 105);
    warm(&mut lab, 62, 50);
    let c = lab.ahi.counters();
    assert_eq!(
        (c.adaptive_hash_searches, c.adaptive_hash_searches_btree),
        (66, 134)
    );
    assert_eq!(lab.info().n_hash_potential, 105);
    lab.check();
}

#[test]
fn a_400_row_page_needs_more_than_25_helps() {
    let mut lab = Lab::new(&[4], false, AhiVersion::V8030);
    let left: Vec<Key> = (0..16).map(Key::from_i32).collect();
    let right: Vec<Key> = (16..416).map(Key::from_i32).collect();
    let (l, r) = lab.two_leaves(&left, &right, 30);
    warm(&mut lab, 140, 16);
    assert!(lab.ahi.is_hashed(l));
    assert!(lab.info().n_hash_potential >= 100);
    let mut builds = Vec::new();
    for i in 0..26 {
        let step = lab.lookup(Key::from_i32(16 + i * 7));
        assert_ne!(step.guess, Guess::Hit { page: r });
        builds.push(is_build(&step));
    }
    assert_eq!(builds.iter().position(|&b| b), Some(25));
    assert!(lab.ahi.is_hashed(r));
    assert_eq!(lab.ahi.counters().nodes, 416);
    lab.check();
}

#[test]
fn left_side_hashes_the_left_most_and_right_side_the_right_most_of_each_group() {
    let mut lab = Lab::secondary(20, 5, 20);
    let root = lab.tree.root;
    for s in 0..200 {
        lab.lookup(Key::from_i32(s % 20));
    }
    assert_eq!(lab.info().prefix, LEFT1);
    assert_eq!(lab.ahi.counters().adaptive_hash_rows_added, 20);
    for k in 0..20 {
        assert_eq!(
            lab.ahi.node_for(0, 1, &k2(k, 0)),
            Some((root, k2(k, 5 * k)))
        );
    }
    assert_eq!(
        lab.lookup(Key::from_i32(7)).guess,
        Guess::Hit { page: root }
    );

    let mut lab = Lab::secondary(20, 5, 20);
    for s in 0..200 {
        lab.search(Key::from_i32(s % 20), SearchMode::Le);
    }
    let right1 = Prefix {
        n_fields: 1,
        left_side: false,
    };
    assert_eq!(lab.info().prefix, right1);
    for k in 0..20 {
        assert_eq!(
            lab.ahi.node_for(0, 1, &k2(k, 0)),
            Some((root, k2(k, 5 * k + 4)))
        );
    }
    let step = lab.search(Key::from_i32(7), SearchMode::Le);
    assert_eq!(step.guess, Guess::Hit { page: root });
    lab.check();
}

#[test]
fn alternating_lookup_patterns_keep_resetting_the_potential() {
    let mut lab = Lab::secondary(20, 5, 20);
    let mut max_potential = 0;
    for s in 0..2000 {
        let k = s % 20;
        let key = if s % 2 == 0 {
            Key::from_i32(k)
        } else {
            k2(k, 5 * k + 2)
        };
        lab.lookup(key);
        max_potential = max_potential.max(lab.info().n_hash_potential);
    }
    assert_eq!(max_potential, 1);
    assert_eq!(lab.ahi.counters().adaptive_hash_pages_added, 0);
    assert_eq!(lab.ahi.counters().adaptive_hash_searches, 0);
    // one pattern alone builds the page
    let mut steady = Lab::secondary(20, 5, 20);
    for s in 0..2000 {
        steady.lookup(Key::from_i32(s % 20));
    }
    assert_eq!(steady.ahi.counters().adaptive_hash_pages_added, 1);
}

#[test]
fn a_hashed_page_is_refreshed_after_more_than_2_n_recs_helps() {
    let mut lab = Lab::pk(10, 100);
    let root = lab.tree.root;
    assert!(warm(&mut lab, 132, 10).last().is_some_and(is_build));
    let mut advice = Vec::new();
    for i in 0..21 {
        let key = Key::from_i32(i % 10);
        advice.push(lab.ahi.after_btree_search(0, &key, root, &lab.store, false));
    }
    assert!(advice[..20].iter().all(|a| *a == Advice::None));
    assert_eq!(
        advice[20],
        Advice::Build {
            page: root,
            prefix: LEFT1,
            part: lab.ahi.part_of(0)
        }
    );
    lab.apply(advice[20]);
    let c = lab.ahi.counters();
    assert_eq!(
        (c.adaptive_hash_pages_added, c.adaptive_hash_rows_added),
        (2, 20)
    );
    assert_eq!(lab.ahi.block_info(root).map(|b| b.n_hash_helps), Some(0));
    lab.check();
}

/// One row re-pointed, counted once by 8.0.30 and twice by 5.7 (btr_search_update_hash_ref:
/// the ha_insert_for_fold macro counts it, then its own MONITOR_INC).
#[test]
fn a_failed_guess_is_repaired_lazily_with_one_row() {
    for (version, counted) in [(AhiVersion::V8030, 1), (AhiVersion::V57, 2)] {
        repair_one_row(version, counted);
    }
}

fn repair_one_row(version: AhiVersion, counted: u64) {
    let mut lab = Lab::new(&[4, 4], false, version);
    let mut left: Vec<Key> = (0..10)
        .flat_map(|k| (0..3).map(move |j| k2(k, 3 * k + j)))
        .collect();
    left.extend([k2(10, 30), k2(10, 31)]);
    let mut right = vec![k2(10, 32)];
    right.extend((11..20).flat_map(|k| (0..3).map(move |j| k2(k, 3 * k + j))));
    let (l, r) = lab.two_leaves(&left, &right, 20);
    for s in 0..300 {
        lab.lookup(Key::from_i32(s % 20));
    }
    assert_eq!(lab.info().prefix, LEFT1);
    // group 10 spans both pages; building the right page last points it there
    lab.ahi.build_page(l, LEFT1, &lab.store);
    lab.ahi.build_page(r, LEFT1, &lab.store);
    assert_eq!(
        lab.ahi.node_for(0, 1, &Key::from_i32(10)),
        Some((r, k2(10, 32)))
    );
    while lab.lookup(Key::from_i32(3)).guess != (Guess::Hit { page: l }) {}
    let before = *lab.ahi.counters();
    let step = lab.lookup(Key::from_i32(10));
    assert_eq!(step.guess, Guess::Fail);
    let part = lab.ahi.part_of(0);
    assert_eq!(
        step.advice,
        Advice::UpdateRef {
            page: l,
            part,
            rec: k2(10, 30)
        }
    );
    let c = lab.ahi.counters();
    assert_eq!(
        c.adaptive_hash_rows_added,
        before.adaptive_hash_rows_added + counted,
        "{version:?}"
    );
    assert_eq!(c.nodes, before.nodes);
    assert_eq!(c.hash_fails, before.hash_fails + 1);
    assert_eq!(
        lab.ahi.node_for(0, 1, &Key::from_i32(10)),
        Some((l, k2(10, 30)))
    );
    let guesses: Vec<Guess> = (0..3)
        .map(|_| lab.lookup(Key::from_i32(10)).guess)
        .collect();
    assert_eq!(guesses[2], Guess::Hit { page: l });
    lab.check();
}

#[test]
fn dropping_an_evicted_page_removes_exactly_its_rows() {
    let mut lab = Lab::pk(600, 100);
    warm(&mut lab, 6000, 600);
    let leaves = lab.leaves();
    assert_eq!(leaves.len(), 5);
    assert!(leaves.iter().all(|&p| lab.ahi.is_hashed(p)));
    let p = leaves[1];
    let n = lab.n_recs(p) as u64;
    let before = *lab.ahi.counters();
    lab.ahi.drop_page(p, &lab.store);
    let c = lab.ahi.counters();
    assert_eq!(
        c.adaptive_hash_rows_removed - before.adaptive_hash_rows_removed,
        n
    );
    assert_eq!(before.nodes - c.nodes, n);
    assert_eq!(
        c.adaptive_hash_pages_removed,
        before.adaptive_hash_pages_removed + 1
    );
    assert_eq!(c.hashed_pages, 4);
    assert!(!lab.ahi.is_hashed(p));
    assert!(leaves
        .iter()
        .filter(|&&q| q != p)
        .all(|&q| lab.ahi.is_hashed(q)));
    assert_eq!(
        lab.ahi.check_invariants_with(&lab.store, |q| q != p),
        Ok(())
    );
}

#[test]
fn switching_the_ahi_off_clears_everything() {
    let mut lab = Lab::pk(600, 100);
    warm(&mut lab, 6000, 600);
    assert_eq!(lab.ahi.counters().hashed_pages, 5);
    assert_eq!(lab.ahi.counters().heap_pages, 1);
    let removed = lab.ahi.counters().adaptive_hash_pages_removed;
    lab.ahi.set_enabled(false, &lab.store);
    let c = *lab.ahi.counters();
    assert_eq!((c.nodes, c.heap_pages, c.hashed_pages), (0, 0, 0));
    assert_eq!(c.adaptive_hash_pages_removed, removed + 5);
    assert!(lab
        .ahi
        .part_stats()
        .iter()
        .all(|s| s.nodes == 0 && s.heap_pages == 0));
    assert_eq!(lab.info().ref_count, 0);
    assert_eq!(lab.lookup(Key::from_i32(5)).guess, Guess::NotTried);
    assert_eq!(
        lab.ahi.counters().adaptive_hash_searches_btree,
        c.adaptive_hash_searches_btree + 1
    );
    lab.check();
    lab.ahi.set_enabled(true, &lab.store);
    warm(&mut lab, 3000, 600);
    assert!(lab.ahi.counters().hashed_pages > 0);
    lab.check();
}

#[test]
fn v57_counts_each_built_row_twice() {
    for (version, rows) in [(AhiVersion::V57, 100), (AhiVersion::V8030, 50)] {
        let mut lab = Lab::new(&[4], true, version);
        for id in 0..50 {
            lab.insert(Key::from_i32(id), 100);
        }
        let root = lab.tree.root;
        lab.ahi.build_page(root, LEFT1, &lab.store);
        let c = lab.ahi.counters();
        assert_eq!((c.adaptive_hash_rows_added, c.nodes), (rows, 50));
        lab.check();
    }
}

#[test]
fn one_index_one_part_and_many_indexes_spread() {
    let cfg = AhiConfig {
        enabled: true,
        n_parts: 8,
        cells: AhiConfig::cells_for_pool(128 << 20),
        version: AhiVersion::V8030,
    };
    let mut widths = vec![vec![4u16]; 64];
    widths[5] = Vec::new();
    let ahi = Ahi::new(cfg, widths);
    let parts: BTreeSet<usize> = (0..64).map(|i| ahi.part_of(i)).collect();
    assert_eq!(parts.len(), 8);
    assert!((0..64).all(|i| ahi.part_of(i) == ahi.part_of(i) && ahi.part_of(i) < 8));
    assert!(ahi.search_info(5).is_none() && ahi.search_info(6).is_some());
    assert_eq!(ahi.part_stats()[0].cells, 34_583);
    // a lab's nodes all live in its index's part
    let mut lab = Lab::pk(50, 100);
    warm(&mut lab, 132, 50);
    let part = lab.ahi.part_of(0);
    let nodes: Vec<u64> = lab.ahi.part_stats().iter().map(|s| s.nodes).collect();
    assert!(nodes
        .iter()
        .enumerate()
        .all(|(i, &n)| n == if i == part { 50 } else { 0 }));
}

#[test]
fn check_invariants_catches_stale_nodes() {
    let mut lab = Lab::pk(50, 100);
    warm(&mut lab, 132, 50);
    let root = lab.tree.root;
    lab.check();
    let mut freed = lab.store.clone();
    freed.free(root);
    assert!(lab
        .ahi
        .check_invariants(&freed)
        .is_err_and(|e| e.contains("freed")));
    let evicted = lab.ahi.check_invariants_with(&lab.store, |p| p != root);
    assert!(evicted.is_err_and(|e| e.contains("buffer pool")));
    let mut edited = lab.store.clone();
    edited.pages[root as usize].remove_rec(5);
    assert!(lab
        .ahi
        .check_invariants(&edited)
        .is_err_and(|e| e.contains("record not on the page")));
    // dropping the page (as eviction and free must) makes the AHI clean again
    lab.ahi.drop_page(root, &freed);
    assert_eq!(lab.ahi.check_invariants(&freed), Ok(()));
    assert_eq!(lab.ahi.counters().nodes, 0);
}
