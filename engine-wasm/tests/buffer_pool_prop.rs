//! Property test of the buffer pool: random operation sequences, `check_invariants`
//! after every step, and a simple reference model of residency, dirtiness and I/O.

use innodb_lab::sim::{Nanos, MS};
use innodb_lab::storage::buffer_pool::{
    Access, BpEvent, BufferPool, BufferPoolConfig, NoFreeBlock,
};
use innodb_lab::storage::PageNo;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug)]
enum Op {
    Get {
        page: PageNo,
        complete: bool,
    },
    /// Gets of `len` consecutive pages (each read completed), to fill big pools.
    Scan {
        start: PageNo,
        len: u32,
    },
    CompleteRead(usize),
    Create(PageNo),
    Dirty(PageNo),
    BeginWrite(PageNo),
    CompleteWrite(usize),
    Remove(PageNo),
    TailWalk,
    Fix(PageNo),
    Unfix(PageNo),
    Advance(Nanos),
    SetOldPct(u32),
}

fn op() -> impl Strategy<Value = Op> {
    let page = 0u32..1000;
    prop_oneof![
        40 => (page.clone(), prop::bool::weighted(0.8))
            .prop_map(|(page, complete)| Op::Get { page, complete }),
        2 => (page.clone(), 1u32..200).prop_map(|(start, len)| Op::Scan { start, len }),
        4 => any::<usize>().prop_map(Op::CompleteRead),
        4 => page.clone().prop_map(Op::Create),
        8 => page.clone().prop_map(Op::Dirty),
        4 => page.clone().prop_map(Op::BeginWrite),
        6 => any::<usize>().prop_map(Op::CompleteWrite),
        2 => page.clone().prop_map(Op::Remove),
        1 => Just(Op::TailWalk),
        2 => page.clone().prop_map(Op::Fix),
        2 => page.prop_map(Op::Unfix),
        6 => (0..1500 * MS).prop_map(Op::Advance),
        1 => (0u32..100).prop_map(Op::SetOldPct),
    ]
}

/// What the pool must agree with, whatever its replacement choices.
#[derive(Default)]
struct Model {
    resident: BTreeSet<PageNo>,
    dirty: BTreeSet<PageNo>,
    reading: Vec<PageNo>,
    /// (page, frees its frame on completion, changed during the write)
    writing: Vec<(PageNo, bool, bool)>,
    fixed: BTreeMap<PageNo, u32>,
    reads: u64,
    created: u64,
    evictions: u64,
    written: u64,
}

impl Model {
    fn busy(&self, p: PageNo) -> bool {
        self.reading.contains(&p) || self.writing.iter().any(|w| w.0 == p)
    }

    fn evicted(&mut self, ev: &mut Vec<BpEvent>, written: Option<PageNo>) {
        for e in ev.drain(..) {
            let BpEvent::Evicted { page, after_flush } = e;
            assert!(self.resident.remove(&page), "evicted non-resident {page}");
            self.evictions += 1;
            assert!(!self.fixed.contains_key(&page), "evicted fixed {page}");
            assert!(!self.dirty.contains(&page), "evicted dirty {page}");
            assert!(!self.busy(page), "evicted {page} with I/O in flight");
            assert_eq!(after_flush, written == Some(page));
        }
    }

    /// A free block was refused: check the reason against the model.
    fn refused(&mut self, why: NoFreeBlock, n_frames: usize) {
        assert_eq!(self.resident.len(), n_frames, "refused with free frames");
        match why {
            NoFreeBlock::MustFlush(p) => {
                assert!(self.dirty.contains(&p) && !self.busy(p));
                self.writing.push((p, true, false));
            }
            NoFreeBlock::WaitForIo => {
                for &p in &self.resident {
                    // a fixed dirty page can still be flushed (buf_flush_ready_for_flush)
                    let fixed_clean = self.fixed.contains_key(&p) && !self.dirty.contains(&p);
                    let stuck = self.busy(p) || fixed_clean;
                    assert!(stuck, "page {p} was usable");
                }
            }
        }
    }
}

/// One page get, with the read on a miss.
fn get(bp: &mut BufferPool, m: &mut Model, page: PageNo, complete: bool, now: Nanos) {
    let n = bp.config().n_frames as usize;
    let mut ev = Vec::new();
    let got = bp.access(page, now);
    let want = if !m.resident.contains(&page) {
        Access::Miss
    } else if m.reading.contains(&page) {
        Access::ReadInFlight
    } else {
        got // Hit { made_young } is the pool's business
    };
    assert_eq!(got, want);
    if got == Access::Miss {
        match bp.install_read(page, &mut ev) {
            Ok(()) => {
                m.evicted(&mut ev, None);
                m.resident.insert(page);
                m.reads += 1;
                if complete {
                    assert!(bp.complete_read(page, now));
                } else {
                    m.reading.push(page);
                }
            }
            Err(why) => m.refused(why, n),
        }
    }
}

/// The pool's own invariants, then agreement with the model.
fn check(bp: &BufferPool, m: &Model, universe: u32, op: &Op) {
    if let Err(e) = bp.check_invariants() {
        panic!("after {op:?}: {e}");
    }
    for p in 0..universe {
        assert_eq!(bp.is_resident(p), m.resident.contains(&p), "page {p}");
        assert_eq!(bp.read_in_flight(p), m.reading.contains(&p), "page {p}");
    }
    let c = bp.counters();
    assert_eq!(c.dirty_len as usize, m.dirty.len());
    assert_eq!(c.lru_len as usize, m.resident.len());
    assert_eq!((c.reads, c.pages_created), (m.reads, m.created));
    assert_eq!((c.evictions, c.pages_written), (m.evictions, m.written));
}

fn run(cfg: BufferPoolConfig, universe: u32, ops: &[Op]) {
    let mut bp = BufferPool::new(cfg);
    let mut m = Model::default();
    let (mut now, mut lsn) = (0 as Nanos, 0u64);
    let (mut ev, mut out) = (Vec::new(), Vec::new());
    let n = cfg.n_frames as usize;
    for op in ops {
        match *op {
            Op::Get { page, complete } => get(&mut bp, &mut m, page % universe, complete, now),
            Op::Scan { start, len } => {
                for page in (start..start + len).map(|p| p % universe) {
                    get(&mut bp, &mut m, page, true, now);
                }
            }
            Op::CompleteRead(i) if !m.reading.is_empty() => {
                let page = m.reading.remove(i % m.reading.len());
                assert!(bp.complete_read(page, now));
            }
            Op::CompleteRead(_) => {}
            Op::Create(page) => {
                let page = page % universe;
                let was = m.resident.contains(&page);
                match bp.install_created(page, now, &mut ev) {
                    Ok(()) => {
                        m.evicted(&mut ev, None);
                        m.created += u64::from(!was);
                        m.resident.insert(page);
                    }
                    Err(why) => m.refused(why, n),
                }
            }
            Op::Dirty(page) => {
                let page = page % universe;
                lsn += 1;
                let ok = m.resident.contains(&page) && !m.reading.contains(&page);
                assert_eq!(bp.mark_dirty(page, lsn), ok);
                if ok {
                    m.dirty.insert(page);
                    if let Some(w) = m.writing.iter_mut().find(|w| w.0 == page) {
                        w.2 = true;
                    }
                }
            }
            Op::BeginWrite(page) => {
                let page = page % universe;
                let ok = m.dirty.contains(&page) && !m.busy(page);
                assert_eq!(bp.begin_write(page), ok);
                if ok {
                    m.writing.push((page, false, false));
                }
            }
            Op::CompleteWrite(i) if !m.writing.is_empty() => {
                let (page, evict, redirtied) = m.writing.remove(i % m.writing.len());
                assert!(bp.complete_write(page, &mut ev));
                m.written += 1;
                if !redirtied {
                    m.dirty.remove(&page);
                }
                let expect_evict = evict && !redirtied && !m.fixed.contains_key(&page);
                assert_eq!(ev.len(), usize::from(expect_evict));
                m.evicted(&mut ev, Some(page));
            }
            Op::CompleteWrite(_) => {}
            Op::Remove(page) => {
                let page = page % universe;
                let ok = !m.busy(page);
                assert_eq!(bp.remove(page), ok);
                if ok {
                    m.resident.remove(&page);
                    m.dirty.remove(&page);
                    m.fixed.remove(&page);
                }
            }
            Op::TailWalk => {
                out.clear();
                bp.lru_tail_walk(&mut ev, &mut out);
                m.evicted(&mut ev, None);
                for &p in &out {
                    assert!(m.dirty.contains(&p) && !m.busy(p));
                    m.writing.push((p, true, false));
                }
            }
            Op::Fix(page) => {
                let page = page % universe;
                assert_eq!(bp.fix(page), m.resident.contains(&page));
                if m.resident.contains(&page) {
                    *m.fixed.entry(page).or_insert(0) += 1;
                }
            }
            Op::Unfix(page) => {
                let page = page % universe;
                if let Some(c) = m.fixed.get_mut(&page) {
                    bp.unfix(page);
                    *c -= 1;
                    if *c == 0 {
                        m.fixed.remove(&page);
                    }
                }
            }
            Op::Advance(dt) => now += dt,
            Op::SetOldPct(pct) => bp.set_old_blocks_pct(pct),
        }
        check(&bp, &m, universe, op);
    }
}

fn config() -> impl Strategy<Value = BufferPoolConfig> {
    (
        prop::sample::select(vec![6u32, 64, 600]),
        prop::sample::select(vec![0, 1000 * MS]),
        prop::sample::select(vec![4u32, 64, 1024]),
    )
        .prop_map(
            |(n_frames, old_blocks_time_ns, lru_scan_depth)| BufferPoolConfig {
                n_frames,
                old_blocks_pct: 37,
                old_blocks_time_ns,
                lru_scan_depth,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn random_ops_keep_invariants(cfg in config(), ops in prop::collection::vec(op(), 1..1500)) {
        let universe = cfg.n_frames * 3 / 2 + 4;
        run(cfg, universe, &ops);
    }
}
