//! Allocator and cache invariants after every operation, counter semantics (§4.3).

use super::mysql::MysqlCache;
use super::*;
use crate::sim::rng::{Rng, Stream};

fn key(n: u32) -> Vec<u8> {
    let mut k = Vec::new();
    build_key(
        &mut k,
        format!("SELECT c FROM sbtest1 WHERE id={n}").as_bytes(),
        b"sbtest",
        true,
        false,
    );
    k
}

fn entry(k: &[u8]) -> Entry {
    Entry {
        key: k.into(),
        result_bytes: 200,
        value: 0,
    }
}

/// Stores query `n` with a result of `bytes`; true when it ends up cached.
fn store(c: &mut MysqlCache, n: u32, bytes: u64, ev: &mut Vec<QcEvent>) -> bool {
    let k = key(n);
    let Ok((id, g)) = c.store_query(&k, b"sbtest\0sbtest1", entry(&k), ev) else {
        return false;
    };
    c.check_invariants().expect("after store_query");
    let ok = c.append_result(id, g, bytes, ev);
    c.check_invariants().expect("after append_result");
    ok && c.end_of_result(id, g, ev)
}

#[test]
fn random_operations_keep_every_invariant() {
    let mut rng = Rng::stream(7, Stream::Prepare);
    let mut c = MysqlCache::new(256 << 10, 1 << 20, 4096).expect("cache");
    let mut ev = Vec::new();
    for step in 0..4000 {
        let r = rng.next_u64() % 100;
        let n = (rng.next_u64() % 600) as u32;
        if r < 70 {
            store(&mut c, n, 100 + rng.next_u64() % 9000, &mut ev);
        } else if r < 95 {
            c.lookup(&key(n));
        } else {
            c.invalidate_table(b"sbtest\0sbtest1", &mut ev);
        }
        c.check_invariants()
            .unwrap_or_else(|m| panic!("step {step}: {m}"));
        let a = c.arena();
        let free: u64 = a
            .physical()
            .filter(|b| b.kind == arena::BlockType::Free)
            .map(|b| b.len)
            .sum();
        assert_eq!(
            c.counters.free_memory, free,
            "step {step}: Qcache_free_memory = sum of free blocks"
        );
        assert_eq!(c.counters.total_blocks, a.physical().count() as u64);
        ev.clear();
    }
    assert!(c.counters.lowmem_prunes > 0, "the small arena had to prune");
}

#[test]
fn counters_follow_the_source() {
    let mut c = MysqlCache::new(1 << 20, 1 << 20, 4096).expect("cache");
    // a fresh cache is one free block over the whole arena
    assert_eq!(c.counters.free_memory, c.arena().size());
    assert_eq!((c.counters.free_blocks, c.counters.total_blocks), (1, 1));
    let mut ev = Vec::new();
    assert!(store(&mut c, 1, 200, &mut ev));
    assert_eq!((c.counters.inserts, c.counters.queries_in_cache), (1, 1));
    // a repeat hits; a byte-different text (extra space) misses
    assert!(matches!(c.lookup(&key(1)), Lookup::Hit { .. }));
    let mut spaced = Vec::new();
    build_key(
        &mut spaced,
        b"SELECT  c FROM sbtest1 WHERE id=1",
        b"sbtest",
        true,
        false,
    );
    assert_eq!(c.lookup(&spaced), Lookup::Miss);
    // the same text outside a transaction is another key (the flags differ)
    let mut auto = Vec::new();
    build_key(
        &mut auto,
        b"SELECT c FROM sbtest1 WHERE id=1",
        b"sbtest",
        false,
        true,
    );
    assert_eq!(c.lookup(&auto), Lookup::Miss);
    assert_eq!(c.counters.hits, 1);
    // a second registration of a key in the cache is refused (not_cached)
    let k = key(1);
    assert_eq!(
        c.store_query(&k, b"sbtest\0sbtest1", entry(&k), &mut ev),
        Err(StoreRefused::Competitor)
    );
    assert_eq!(c.counters.not_cached, 1);
    // a result over query_cache_limit: freed, inserts taken back, not_cached
    let mut small = MysqlCache::new(1 << 20, 1000, 4096).expect("cache");
    assert!(!store(&mut small, 5, 5000, &mut ev));
    assert_eq!((small.counters.inserts, small.counters.not_cached), (0, 1));
    assert_eq!(small.counters.queries_in_cache, 0);
    // invalidation drops every query of the table
    for n in 2..10 {
        assert!(store(&mut c, n, 200, &mut ev));
    }
    assert_eq!(c.invalidate_table(b"sbtest\0sbtest1", &mut ev), 9);
    assert_eq!(c.counters.queries_in_cache, 0);
    assert_eq!(c.lookup(&key(3)), Lookup::Miss);
    // with nothing cached the arena is one free block again
    assert_eq!(c.counters.free_blocks, 1);
    assert_eq!(c.counters.free_memory, c.arena().size());
}

#[test]
fn a_small_result_keeps_512_bytes_after_end_of_result() {
    let mut c = MysqlCache::new(1 << 20, 1 << 20, 4096).expect("cache");
    let mut ev = Vec::new();
    assert!(store(&mut c, 1, 196, &mut ev));
    let kinds: Vec<(arena::BlockType, u64)> =
        c.arena().physical().map(|b| (b.kind, b.len)).collect();
    // query block (512), its table block (512), result trimmed from 4096 to 512, free rest
    assert_eq!(kinds[0], (arena::BlockType::Query, 512));
    assert_eq!(kinds[1], (arena::BlockType::Table, 512));
    assert_eq!(kinds[2], (arena::BlockType::Result, 512));
    assert_eq!(kinds[3].0, arena::BlockType::Free);
    assert_eq!(kinds.len(), 4);
}

#[test]
fn fragmentation_prunes_while_free_memory_is_large() {
    // Results need a 4096-byte first block even though they keep 512: once the
    // free space is cut into pieces under 4 KiB, stores prune though much is free.
    // 16 writers in flight at a time (each holds its 4 KiB first block until its
    // end_of_result), and lookups of a hot set reorder the LRU.
    let mut c = MysqlCache::new(256 << 10, 1 << 20, 4096).expect("cache");
    let mut ev = Vec::new();
    let mut rng = Rng::stream(3, Stream::Prepare);
    for _ in 0..400 {
        let mut regs = Vec::new();
        for _ in 0..16 {
            let n = (rng.next_u64() % 100_000) as u32;
            let k = key(n);
            if let Ok(r) = c.store_query(&k, b"sbtest\0sbtest1", entry(&k), &mut ev) {
                regs.push(r);
            }
        }
        for &(id, g) in &regs {
            c.append_result(id, g, 196, &mut ev);
        }
        for &(id, g) in &regs {
            c.end_of_result(id, g, &mut ev);
        }
        for _ in 0..16 {
            c.lookup(&key((rng.next_u64() % 100) as u32));
        }
        ev.clear();
    }
    c.check_invariants().expect("invariants");
    assert!(c.counters.lowmem_prunes > 1000);
    assert!(
        c.counters.free_blocks > 10,
        "free blocks {}",
        c.counters.free_blocks
    );
    assert!(
        c.counters.free_memory > c.arena().size() / 5,
        "free {} of {}",
        c.counters.free_memory,
        c.arena().size()
    );
}

#[test]
fn aurora_has_no_fragmentation() {
    let mut c = aurora::AuroraCache::new(256 << 10, 1 << 20);
    let mut ev = Vec::new();
    let mut rng = Rng::stream(3, Stream::Prepare);
    for _ in 0..5000 {
        let n = (rng.next_u64() % 100_000) as u32;
        let k = key(n);
        if let Ok((id, g)) = c.store_query(&k, b"sbtest\0sbtest1", entry(&k), &mut ev) {
            c.store_result(id, g, 196, &mut ev);
        }
        c.check_invariants().expect("invariants");
    }
    assert!(
        c.counters.free_memory < 1024,
        "full: free {}",
        c.counters.free_memory
    );
    assert_eq!(c.counters.free_blocks, 1);
    let m = {
        let mut m = MysqlCache::new(256 << 10, 1 << 20, 4096).expect("cache");
        for _ in 0..5000 {
            let n = (rng.next_u64() % 100_000) as u32;
            store(&mut m, n, 196, &mut ev);
        }
        m.counters.queries_in_cache
    };
    assert!(
        c.counters.queries_in_cache > 2 * m,
        "{} vs {m}",
        c.counters.queries_in_cache
    );
}
