//! Unit tests of free-block search, single-page flush, the page cleaner's LRU batch,
//! the flush list and page removal.

use super::tests_lru::{lru, pool, position, read};
use super::*;
use crate::storage::PageNo;

fn tail_pages(bp: &BufferPool, n: usize) -> Vec<PageNo> {
    lru(bp).iter().rev().take(n).map(|e| e.page).collect()
}

#[test]
fn eviction_takes_the_first_clean_page_from_the_tail() {
    let mut bp = pool(600);
    for p in 0..600 {
        read(&mut bp, p, 0);
    }
    let tail = tail_pages(&bp, 51);
    for (i, &p) in tail[..50].iter().enumerate() {
        bp.mark_dirty(p, 100 + i as u64);
    }
    // The search's window (last 100) holds 50 clean, unfixed pages.
    assert_eq!(bp.tail_replaceable(), 50);
    let ev = read(&mut bp, 1000, 0);
    assert_eq!(
        ev,
        vec![BpEvent::Evicted {
            page: tail[50],
            after_flush: false
        }]
    );
    let c = bp.counters();
    assert_eq!((c.evictions, c.freed_page_clock, c.wait_free), (1, 1, 0));
    assert_eq!(c.dirty_len, 50);
    bp.check_invariants().unwrap();
}

#[test]
fn all_dirty_last_100_asks_for_a_single_page_flush() {
    let mut bp = pool(600);
    for p in 0..600 {
        read(&mut bp, p, 0);
    }
    let tail = tail_pages(&bp, 100);
    for &p in &tail {
        bp.mark_dirty(p, 7);
    }
    // Nothing in the window is replaceable: the search skips its walk.
    assert_eq!(bp.tail_replaceable(), 0);
    bp.fix(tail[0]);
    bp.unfix(tail[0]);
    assert_eq!(bp.tail_replaceable(), 0, "a dirty page stays unreplaceable");
    let mut ev = Vec::new();
    assert_eq!(bp.access(1000, 0), Access::Miss);
    assert_eq!(
        bp.install_read(1000, &mut ev),
        Err(NoFreeBlock::MustFlush(tail[0]))
    );
    assert!(ev.is_empty());
    assert_eq!(bp.counters().wait_free, 1);
    assert!(
        !bp.begin_write(tail[0]),
        "already I/O-fixed for the single-page flush"
    );
    assert!(bp.complete_write(tail[0], &mut ev));
    assert_eq!(
        ev,
        vec![BpEvent::Evicted {
            page: tail[0],
            after_flush: true
        }]
    );
    let c = bp.counters();
    assert_eq!((c.pages_written, c.free_len, c.dirty_len), (1, 1, 99));
    // The evicted page's place in the window went to the 101st page, clean.
    assert_eq!(bp.tail_replaceable(), 1);
    ev.clear();
    bp.install_read(1000, &mut ev).unwrap();
    assert!(ev.is_empty(), "the retry takes the freed frame");
    bp.check_invariants().unwrap();
}

#[test]
fn single_page_path_evicts_a_clean_page_beyond_the_last_100() {
    let mut bp = pool(600);
    for p in 0..600 {
        read(&mut bp, p, 0);
    }
    let tail = tail_pages(&bp, 101);
    for &p in &tail[..100] {
        bp.mark_dirty(p, 7);
        assert!(bp.begin_write(p)); // all in flight: neither evictable nor flushable
    }
    let ev = read(&mut bp, 1000, 0);
    assert_eq!(
        ev,
        vec![BpEvent::Evicted {
            page: tail[100],
            after_flush: false
        }]
    );
    assert_eq!(bp.counters().wait_free, 1);
}

#[test]
fn everything_in_flight_means_wait_for_io() {
    let mut bp = pool(4);
    for p in 0..4 {
        read(&mut bp, p, 0);
        bp.mark_dirty(p, 1 + p as u64);
        assert!(bp.begin_write(p));
    }
    let mut ev = Vec::new();
    assert_eq!(bp.install_read(9, &mut ev), Err(NoFreeBlock::WaitForIo));
    assert!(bp.complete_write(2, &mut ev)); // a flush-list write: page stays
    assert!(bp.is_resident(2));
    bp.install_read(9, &mut ev).unwrap();
    assert!(!bp.is_resident(2));
    bp.check_invariants().unwrap();
}

#[test]
fn lru_tail_walk_frees_clean_and_returns_dirty() {
    let mut bp = pool(1000);
    bp.set_lru_scan_depth(100);
    for p in 0..1000 {
        read(&mut bp, p, 0);
    }
    let tail = tail_pages(&bp, 100);
    for &p in tail.iter().step_by(2) {
        bp.mark_dirty(p, 5);
    }
    let (mut ev, mut to_write) = (Vec::new(), Vec::new());
    bp.lru_tail_walk(&mut ev, &mut to_write);
    let dirty: Vec<PageNo> = tail.iter().copied().step_by(2).collect();
    assert_eq!(to_write, dirty);
    assert_eq!(ev.len(), 50);
    let c = bp.counters();
    assert_eq!(
        (c.evictions, c.free_len, c.lru_batch_flush_total_pages),
        (50, 50, 50)
    );
    for &p in &to_write {
        assert!(bp.complete_write(p, &mut ev));
    }
    let c = bp.counters();
    assert_eq!((c.free_len, c.dirty_len, c.pages_written), (100, 0, 50));
    // the free list already holds lru_scan_depth frames: nothing more to do
    ev.clear();
    to_write.clear();
    bp.lru_tail_walk(&mut ev, &mut to_write);
    assert!(ev.is_empty() && to_write.is_empty());
    bp.check_invariants().unwrap();
}

#[test]
fn lru_tail_walk_keeps_256_pages() {
    let mut bp = pool(300);
    for p in 0..300 {
        read(&mut bp, p, 0);
    }
    let (mut ev, mut to_write) = (Vec::new(), Vec::new());
    bp.lru_tail_walk(&mut ev, &mut to_write);
    assert_eq!(bp.counters().lru_len, BUF_LRU_MIN_LEN);
    assert_eq!(ev.len(), 44);
}

#[test]
fn flush_list_is_ordered_by_oldest_modification() {
    let mut bp = pool(10);
    for p in 0..5 {
        read(&mut bp, p, 0);
    }
    for (p, lsn) in [(3, 300), (1, 100), (4, 400), (0, 50)] {
        assert!(bp.mark_dirty(p, lsn));
    }
    bp.mark_dirty(1, 900); // not the first change: oldest stays 100
    assert!(!bp.mark_dirty(77, 1000), "not resident");
    assert_eq!(bp.oldest_modification(), Some(50));
    assert_eq!(bp.newest_modification(1), 900);
    assert_eq!(bp.flush_list_count_up_to(300), 3);
    let mut out = Vec::new();
    bp.flush_list_oldest(10, &mut out);
    assert_eq!(out, vec![0, 1, 3, 4]);
    assert!(!bp.begin_write(2), "clean page");
    assert!(bp.begin_write(0));
    out.clear();
    bp.flush_list_oldest(2, &mut out);
    assert_eq!(out, vec![1, 3], "pages being written are skipped");
    // a change during the write keeps the page dirty, from that change's LSN
    bp.mark_dirty(0, 1200);
    let mut ev = Vec::new();
    assert!(bp.complete_write(0, &mut ev));
    assert_eq!(bp.oldest_modification(), Some(100));
    out.clear();
    bp.flush_list_oldest(10, &mut out);
    assert_eq!(out, vec![1, 3, 4, 0]);
    assert!(bp.remove(4));
    assert_eq!(bp.counters().dirty_len, 3);
    bp.check_invariants().unwrap();
}

#[test]
fn removed_page_goes_to_the_free_list_without_ticking_the_clock() {
    let mut bp = pool(600);
    for p in 0..600 {
        read(&mut bp, p, 0);
    }
    let mid = lru(&bp)[300].page;
    assert!(bp.remove(mid));
    assert!(!bp.is_resident(mid));
    let c = bp.counters();
    assert_eq!((c.free_len, c.lru_len, c.freed_page_clock), (1, 599, 0));
    let mut ev = Vec::new();
    bp.install_read(5000, &mut ev).unwrap();
    assert!(ev.is_empty());
    bp.install_read(5001, &mut ev).unwrap();
    assert!(!bp.remove(5001), "read in flight");
    bp.check_invariants().unwrap();
}

#[test]
fn fixed_page_is_not_evicted() {
    let mut bp = pool(3);
    for p in 0..3 {
        read(&mut bp, p, 0);
    }
    let tail = tail_pages(&bp, 1)[0];
    assert!(bp.fix(tail));
    let ev = read(&mut bp, 10, 0);
    assert!(bp.is_resident(tail));
    assert_eq!(ev.len(), 1);
    bp.unfix(tail);
    assert_eq!(position(&bp, tail), 2);
}
