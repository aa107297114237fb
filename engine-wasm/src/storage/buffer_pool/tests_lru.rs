//! Unit tests of the LRU rules with InnoDB's numbers: old sublist at 512, midpoint
//! insertion, old_blocks_time, the ¼-young rule, no moves before the first eviction.

use super::*;
use crate::sim::{Nanos, MS, US};
use crate::storage::PageNo;

pub(super) fn pool(n_frames: u32) -> BufferPool {
    BufferPool::new(BufferPoolConfig {
        n_frames,
        ..BufferPoolConfig::default()
    })
}

/// A miss at `now`: page get, read, read completion (the reader's first access).
pub(super) fn read(bp: &mut BufferPool, page: PageNo, now: Nanos) -> Vec<BpEvent> {
    let mut ev = Vec::new();
    assert_eq!(bp.access(page, now), Access::Miss);
    bp.install_read(page, &mut ev)
        .expect("a clean victim exists");
    assert!(bp.complete_read(page, now));
    ev
}

pub(super) fn lru(bp: &BufferPool) -> Vec<LruEntry> {
    let mut out = Vec::new();
    bp.frames_lru_order(&mut out);
    out
}

pub(super) fn position(bp: &BufferPool, page: PageNo) -> usize {
    lru(bp)
        .iter()
        .position(|e| e.page == page)
        .expect("page is resident")
}

fn is_old(bp: &BufferPool, page: PageNo) -> bool {
    lru(bp)[position(bp, page)].old
}

#[test]
fn old_sublist_appears_at_512_with_37_percent() {
    let mut bp = pool(2000);
    for p in 0..511 {
        read(&mut bp, p, 0);
    }
    assert_eq!(bp.counters().old_len, 0);
    assert!(lru(&bp).iter().all(|e| !e.old));
    read(&mut bp, 511, 0);
    // buf_LRU_old_init: all 512 old, then shrink to target + tolerance = 189 + 20
    assert_eq!(bp.counters().lru_len, 512);
    assert_eq!(bp.old_target_len(), 512 * 378 / 1024);
    assert_eq!(bp.counters().old_len, 209);
    for p in 512..2000 {
        read(&mut bp, p, 0);
        bp.check_invariants().unwrap();
    }
    let c = bp.counters();
    assert_eq!(c.lru_len, 2000);
    let target = 2000 * 378 / 1024; // 738
    assert!(c.old_len.abs_diff(target) <= 20, "old_len {}", c.old_len);
    // the old flags are exactly the last old_len pages
    let entries = lru(&bp);
    let young = (c.lru_len - c.old_len) as usize;
    assert!(entries[..young].iter().all(|e| !e.old));
    assert!(entries[young..].iter().all(|e| e.old));
}

#[test]
fn read_page_goes_to_the_midpoint_created_page_to_the_head() {
    let mut bp = pool(2000);
    for p in 0..100 {
        read(&mut bp, p, 0);
        assert_eq!(position(&bp, p), 0, "below 512 a read goes to the head");
    }
    for p in 100..1000 {
        read(&mut bp, p, 0);
    }
    let c = bp.counters();
    let young = (c.lru_len - c.old_len) as usize;
    read(&mut bp, 5000, 0);
    // buf_LRU_add_block_low: inserted right after LRU_old, the first old page
    assert_eq!(position(&bp, 5000), young + 1);
    assert!(is_old(&bp, 5000));
    assert_eq!(bp.counters().reads, 1001);

    let mut ev = Vec::new();
    bp.install_created(6000, 0, &mut ev).unwrap();
    assert_eq!(position(&bp, 6000), 0);
    assert!(!is_old(&bp, 6000));
    assert_eq!(bp.counters().pages_created, 1);
    bp.check_invariants().unwrap();
}

#[test]
fn nothing_is_made_young_before_the_first_eviction() {
    let mut bp = pool(1000);
    for p in 0..700 {
        read(&mut bp, p, 0);
    }
    let tail = lru(&bp).last().unwrap().page;
    assert_eq!(
        bp.access(tail, 5000 * MS),
        Access::Hit { made_young: false }
    );
    assert_eq!(lru(&bp).last().unwrap().page, tail);
    let c = bp.counters();
    assert_eq!((c.pages_made_young, c.pages_made_not_young), (0, 0));
    assert_eq!(c.freed_page_clock, 0);
}

#[test]
fn old_blocks_time_keeps_a_page_old_for_one_second() {
    let mut bp = pool(600);
    for p in 0..601 {
        read(&mut bp, p, 0); // page 600 evicts one page: freed_page_clock = 1
    }
    assert_eq!(bp.counters().freed_page_clock, 1);
    let t0 = 10 * MS;
    read(&mut bp, 1000, t0); // first access at t0
    assert!(is_old(&bp, 1000));
    let pos = position(&bp, 1000);
    let before = bp.counters();
    assert_eq!(
        bp.access(1000, t0 + 999 * MS),
        Access::Hit { made_young: false }
    );
    assert_eq!(position(&bp, 1000), pos);
    assert_eq!(
        bp.counters().pages_made_not_young,
        before.pages_made_not_young + 1
    );
    assert_eq!(
        bp.access(1000, t0 + 1000 * MS),
        Access::Hit { made_young: true }
    );
    assert_eq!(position(&bp, 1000), 0);
    assert!(!is_old(&bp, 1000));
    assert_eq!(bp.counters().pages_made_young, before.pages_made_young + 1);
    bp.check_invariants().unwrap();
}

#[test]
fn young_page_in_first_quarter_is_not_moved() {
    let mut bp = pool(600);
    let mut ev = Vec::new();
    for p in 0..605 {
        read(&mut bp, p, 0);
    }
    // quarter of the young part, in evictions: 600 * (1024 - 378) / 4096 = 94
    let clock0 = bp.counters().freed_page_clock;
    bp.install_created(9000, 0, &mut ev).unwrap(); // head, remembers clock0 + 1
    for p in 9001..9004 {
        bp.install_created(p, 0, &mut ev).unwrap(); // 3 more pages above it
    }
    let made_young = bp.counters().pages_made_young;
    assert_eq!(bp.access(9000, 0), Access::Hit { made_young: false });
    assert_eq!(position(&bp, 9000), 3);
    // 93 more evictions: clock = (clock0 + 1) + 3 + 90 < (clock0 + 1) + 94
    for p in 10_000..10_090 {
        read(&mut bp, p, 0);
    }
    assert_eq!(bp.counters().freed_page_clock, clock0 + 1 + 93);
    assert_eq!(bp.access(9000, 0), Access::Hit { made_young: false });
    read(&mut bp, 20_000, 0); // one more: the page has drifted a quarter down
    assert_eq!(bp.access(9000, 0), Access::Hit { made_young: true });
    assert_eq!(position(&bp, 9000), 0);
    // it was young, so this move is not counted as made_young
    assert_eq!(bp.counters().pages_made_young, made_young);
    bp.check_invariants().unwrap();
}

/// Hot set of 200 pages made young, then a one-time scan of 3000 pages, 10 rows each.
fn hot_set_survivors_after_scan(old_blocks_time: Nanos) -> (usize, BpCounters, BpCounters) {
    let mut bp = pool(1000); // warm up with the default 1000 ms
    for p in 1000..2200 {
        read(&mut bp, p, 0); // fill, then 200 evictions: freed_page_clock = 200
    }
    let hot: Vec<PageNo> = (0..200).collect();
    for &p in &hot {
        read(&mut bp, p, 0);
    }
    for &p in &hot {
        // old, first accessed 2 s ago (and past the quarter rule): to the head
        assert_eq!(bp.access(p, 2000 * MS), Access::Hit { made_young: true });
    }
    bp.set_old_blocks_time(old_blocks_time);
    let before = bp.counters();
    let mut t = 3000 * MS;
    for p in 100_000..103_000 {
        read(&mut bp, p, t);
        for _ in 1..10 {
            t += US;
            bp.access(p, t);
        }
        t += US;
    }
    bp.check_invariants().unwrap();
    let survivors = hot.iter().filter(|&&p| bp.is_resident(p)).count();
    (survivors, before, bp.counters())
}

#[test]
fn scan_with_old_blocks_time_leaves_hot_set_resident() {
    let (survivors, before, after) = hot_set_survivors_after_scan(1000 * MS);
    assert_eq!(survivors, 200);
    // every scan access hit an old page within 1 s of its first access
    assert_eq!(
        after.pages_made_not_young - before.pages_made_not_young,
        30_000
    );
    assert_eq!(after.pages_made_young, before.pages_made_young);
}

#[test]
fn scan_with_old_blocks_time_zero_evicts_hot_set() {
    let (survivors, before, after) = hot_set_survivors_after_scan(0);
    assert_eq!(survivors, 0);
    // each scanned page is promoted on its first access (it was never at the head,
    // so its freed_page_clock is 0 and it is not within the young quarter)
    assert_eq!(after.pages_made_young - before.pages_made_young, 3000);
}

#[test]
fn read_in_flight_is_reported_to_other_threads() {
    let mut bp = pool(10);
    let mut ev = Vec::new();
    assert_eq!(bp.access(7, 0), Access::Miss);
    bp.install_read(7, &mut ev).unwrap();
    assert!(bp.read_in_flight(7));
    // resident but not ready: nobody may fix it until the read completes
    assert!(bp.is_resident(7) && !bp.is_ready(7));
    assert!(!bp.fix_if_ready(7));
    assert_eq!(bp.fix_count(7), 0);
    assert_eq!(bp.access(7, 5), Access::ReadInFlight);
    assert!(bp.complete_read(7, 10));
    assert!(!bp.read_in_flight(7));
    assert!(bp.is_ready(7));
    assert!(bp.fix_if_ready(7));
    assert_eq!(bp.fix_count(7), 1);
    bp.unfix(7);
    // an absent page is neither
    assert!(!bp.is_ready(8) && !bp.fix_if_ready(8));
    assert!(!bp.complete_read(7, 10));
    assert_eq!(bp.access(7, 20), Access::Hit { made_young: false });
    let c = bp.counters();
    assert_eq!((c.read_requests, c.reads), (3, 1));
}

#[test]
fn changing_old_blocks_pct_moves_the_pointer() {
    let mut bp = pool(1000);
    for p in 0..1000 {
        read(&mut bp, p, 0);
    }
    bp.set_old_blocks_pct(80); // ratio 819 -> target min(799, 975) = 799
    assert_eq!(bp.counters().old_len, 799 - 20);
    bp.set_old_blocks_pct(1); // clamped to 5% -> ratio 51 -> target 49
    assert_eq!(bp.counters().old_len, 69);
    bp.check_invariants().unwrap();
}

#[test]
fn crossing_512_down_and_up_rebuilds_the_old_sublist_like_old_init() {
    let mut bp = pool(700);
    for p in 0..700 {
        read(&mut bp, p, 0);
    }
    for p in 0..200 {
        assert!(bp.remove(p)); // down to 500: no old sublist
    }
    assert_eq!(bp.counters().old_len, 0);
    assert!(lru(&bp).iter().all(|e| !e.old));
    for p in 1000..1012 {
        read(&mut bp, p, 0); // back to 512
    }
    // as buf_LRU_old_init(): exactly the last 189 + 20 pages are old
    let entries = lru(&bp);
    assert_eq!(bp.counters().old_len, 209);
    assert!(entries[..512 - 209].iter().all(|e| !e.old));
    assert!(entries[512 - 209..].iter().all(|e| e.old));
    bp.check_invariants().unwrap();
}

#[test]
fn make_young_at_exactly_512_pages() {
    let mut bp = pool(512);
    for p in 0..513 {
        read(&mut bp, p, 0); // full, one eviction
    }
    let tail = lru(&bp).last().unwrap().page;
    assert_eq!(bp.access(tail, 5000 * MS), Access::Hit { made_young: true });
    assert_eq!(position(&bp, tail), 0);
    assert_eq!(bp.counters().old_len, 209);
    let entries = lru(&bp);
    assert!(entries[512 - 209..].iter().all(|e| e.old));
    bp.check_invariants().unwrap();
}
