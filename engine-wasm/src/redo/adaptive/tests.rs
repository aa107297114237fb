//! The policies' arithmetic against hand-computed values.

use super::*;
use crate::redo::limits::Limits;
use crate::redo::policy::FlushPolicy;
use crate::sim::SEC;

const MIB: u64 = 1024 * 1024;

fn knobs57() -> FlushKnobs {
    FlushKnobs {
        io_capacity: 200,
        io_capacity_max: 2000,
        adaptive_flushing: true,
        adaptive_flushing_lwm: 10,
        max_dirty_pages_pct: 75,
        max_dirty_pages_pct_lwm: 0,
        flushing_avg_loops: 30,
    }
}

#[test]
fn pct_for_dirty_rules() {
    let k = knobs57();
    let mut i = Inputs {
        n_dirty: 750,
        pool_pages: 999,
        ..Inputs::default()
    };
    // 75% dirty: 5.7 (≥) flushes at 100%, 5.6 (>) not yet.
    assert_eq!(pct_for_dirty(&i, &k, true), 100);
    assert_eq!(pct_for_dirty(&i, &k, false), 0);
    i.n_dirty = 500;
    assert_eq!(pct_for_dirty(&i, &k, true), 0);
    // 8.0 defaults: lwm 10, max 90: 50%·100/91 = 54.
    let k8 = FlushKnobs {
        max_dirty_pages_pct: 90,
        max_dirty_pages_pct_lwm: 10,
        ..k
    };
    assert_eq!(pct_for_dirty(&i, &k8, true), 54);
    i.n_dirty = 50;
    assert_eq!(pct_for_dirty(&i, &k8, true), 0);
}

#[test]
fn pct_for_lsn_grows_as_f_sqrt_f() {
    let k = knobs57();
    let l = Limits::classic(48 * MIB, 2, 0);
    let async_age = l.max_modified_age_async;
    // Below 10% of capacity: nothing.
    assert_eq!(pct_for_lsn(l.capacity / 20, &k, l.capacity, async_age), 0);
    // At half the async point: f = 50 → 10 · 50·√50 / 7.5 = 471.
    assert_eq!(pct_for_lsn(async_age / 2, &k, l.capacity, async_age), 471);
    // At the async point: f = 100 → 10 · 1000 / 7.5 = 1333.
    assert_eq!(pct_for_lsn(async_age, &k, l.capacity, async_age), 1333);
    // io_capacity_max = io_capacity: ratio 1.
    let k1 = FlushKnobs {
        io_capacity_max: 200,
        ..k
    };
    assert_eq!(pct_for_lsn(async_age, &k1, l.capacity, async_age), 133);
    // Adaptive flushing off: nothing below async.
    let off = FlushKnobs {
        adaptive_flushing: false,
        ..k
    };
    assert_eq!(pct_for_lsn(async_age / 2, &off, l.capacity, async_age), 0);
    assert_eq!(pct_for_lsn(async_age, &off, l.capacity, async_age), 1333);
}

#[test]
fn desired_rate_55_uses_twenty_seconds_of_redo() {
    let mut d = DesiredRate55::default();
    assert_eq!(d.redo_avg(5_000_000), 0, "no interval yet");
    d.stat_update(1000, 0); // first call only records the LSN
    for s in 1..=20 {
        d.stat_update(1000 + s * 1_000_000, 0);
    }
    // 1 MB/s of history, 0.5 MB in the current interval.
    let lsn = 1000 + 20 * 1_000_000 + 500_000;
    assert_eq!(d.redo_avg(lsn), 1_500_000);
    let i = Inputs {
        lsn,
        n_dirty: 10_000,
        lru_flushed_total: 30,
        ..Inputs::default()
    };
    // 10000 · 1.5 MB / 100 MB = 150 pages/s, less 30 LRU-flushed this interval.
    assert_eq!(d.desired(&i, 100_000_000), 120);
    let k = knobs57();
    let i2 = Inputs {
        pool_pages: 100_000,
        ..i
    };
    assert_eq!(master55_second(&i2, &k, &d, 100_000_000), 120);
    let i3 = Inputs {
        n_dirty: 100_000,
        pool_pages: 100_000,
        ..i
    };
    // 99% dirty: io_capacity.
    assert_eq!(master55_second(&i3, &k, &d, 100_000_000), 200);
    assert_eq!(master55_ten_seconds(&i3, &k), 200);
    assert_eq!(master55_ten_seconds(&i2, &k), 20);
}

#[test]
fn af56_averages_and_limits_by_lsn() {
    let k = FlushKnobs {
        flushing_avg_loops: 1,
        ..knobs57()
    };
    let l = Limits::classic(48 * MIB, 2, 0);
    let mut af = Af56::default();
    let mut i = Inputs {
        lsn: 10_000_000,
        oldest: 9_000_000,
        n_dirty: 1000,
        pool_pages: 10_000,
        ..Inputs::default()
    };
    assert_eq!(
        af.recommend(&i, &k, &l).n_pages,
        0,
        "first call records the LSN"
    );
    i.lsn = 12_000_000;
    i.last_pages = 0;
    let r = af.recommend(&i, &k, &l);
    // lsn_avg_rate = (0 + 2 MB/1)/2 = 1 MB; age 3 MB < 10% of 90.6 MB: pct_lsn 0.
    assert_eq!(r.lsn_avg_rate, 1_000_000);
    assert_eq!((r.pct_for_lsn, r.pct_for_dirty, r.n_pages), (0, 0, 0));
    assert_eq!(r.lsn_limit, 9_000_000 + 1_000_000);
    af.flushed(0);
    // Age at the async point: pct 1333 → PCT_IO = 2666; n = (2666 + avg)/2, capped 2000.
    i.lsn = 9_000_000 + l.max_modified_age_async;
    i.last_pages = 400;
    let r = af.recommend(&i, &k, &l);
    assert_eq!(r.pct_for_lsn, 1333);
    assert_eq!(r.avg_page_rate, 200);
    assert_eq!(r.n_pages, (2666 + 200) / 2);
}

#[test]
fn af57_three_terms() {
    let k = knobs57();
    let l = Limits::classic(48 * MIB, 2, 0);
    let mut af = Af57::default();
    let mut i = Inputs {
        now: 0,
        lsn: 1_000_000,
        oldest: 1_000,
        n_dirty: 5000,
        pool_pages: 10_000,
        ..Inputs::default()
    };
    let count = |_: u64| 3000u64;
    assert_eq!(af.recommend57(&i, &k, &l, &count).n_pages, 0);
    // 30 s later (averages refresh on time): 29 MB of redo in 29+ s.
    i.now = 30 * SEC;
    i.lsn = 1_000_000 + 30_000_000;
    i.last_pages = 3000;
    let r = af.recommend57(&i, &k, &l, &count);
    assert_eq!(r.lsn_avg_rate, 500_000);
    assert_eq!(r.avg_page_rate, 50);
    // age ≈ 31 MB of async 70.7 MB: f = 43 → 10·43·√43/7.5 = 375 → PCT_IO 750.
    assert_eq!(r.pct_for_lsn, 375);
    // pages_for_lsn = 3000/3 = 1000; n = (750 + 50 + 1000)/3 = 600.
    assert_eq!(r.n_by_age, 1000);
    assert_eq!(r.n_pages, 600);
    assert_eq!(r.lsn_limit, u64::MAX);
}

#[test]
fn af8030_sync_flush_takes_every_page_below_the_limit() {
    let k = FlushKnobs {
        max_dirty_pages_pct: 90,
        max_dirty_pages_pct_lwm: 10,
        ..knobs57()
    };
    let l = Limits::v8030(100 * MIB, 0);
    let mut af = Af57::default();
    let i = Inputs {
        now: SEC,
        lsn: 90_000_000,
        oldest: 1_000,
        n_dirty: 5000,
        pool_pages: 100_000,
        ..Inputs::default()
    };
    let count = |lsn: u64| if lsn >= 10_000_000 { 4200 } else { 10 };
    let r = af.recommend8030(&i, &k, &l, Some(10_000_000), &count);
    assert_eq!(
        (r.n_pages, r.lsn_limit),
        (4200, 10_000_000),
        "no io_max cap"
    );
    let r = af.recommend8030(&i, &k, &l, Some(5_000_000), &count);
    assert_eq!(r.n_pages, 200, "floor of io_capacity");
    // Not in sync: age 90 MB > limit_for_dirty_page_age → f ≈ 118 → big pct, capped.
    let i2 = Inputs {
        lsn: 91_000_000,
        ..i
    };
    let r = af.recommend8030(&i2, &k, &l, None, &count);
    assert!(r.pct_for_lsn > 1500, "{}", r.pct_for_lsn);
    // (PCT_IO(pct) + avg 0 + max(10/3, 1)) / 3, under io_capacity_max.
    assert_eq!(r.n_pages, (pct_io(&k, r.pct_for_lsn) + 3) / 3);
    assert_eq!(r.lsn_limit, u64::MAX);
}

#[test]
fn percona_estimate_and_keep_average() {
    let l = Limits::classic(48 * MIB, 2, 0);
    let m = l.max_checkpoint_age;
    let lsn = 100_000_000;
    let mut i = Inputs {
        lsn,
        oldest: lsn - m / 8,
        n_dirty: 1000,
        sum_oldest: 1000 * (lsn - m / 10) as u128,
        ..Inputs::default()
    };
    assert_eq!(
        percona_estimate(&i, &l, 2_000_000),
        0,
        "below 1/4 of the max age"
    );
    i.oldest = lsn - m / 2;
    // avg age m/10: n = 1000 · 2 MB / (0.9 m) = 27.
    assert_eq!(
        percona_estimate(&i, &l, 2_000_000),
        1000 * 2_000_000 / (m - m / 10)
    );
    let mut d = DesiredRate55::default();
    d.stat_update(1, 0);
    for s in 1..=20 {
        d.stat_update(1 + s * 1_000_000, 0);
    }
    let i = Inputs {
        lsn: 1 + 20 * 1_000_000,
        n_dirty: 10_000,
        ..Inputs::default()
    };
    // Desired 100 pages/s → 10 per 0.1 s tick.
    assert_eq!(percona_keep_average_tick(&i, &d, 100_000_000), 10);
    assert_eq!(period(FlushPolicy::PerconaKeepAverage), SEC / 10);
}
