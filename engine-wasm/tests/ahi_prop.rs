//! Property test of the adaptive hash index: random lookups (present and missing
//! keys, both search modes, full and short tuples), inserts with their splits,
//! deletes with their merges, evictions and AHI on/off on a clustered and a
//! secondary index, with the AHI's invariants checked after every step and every
//! hash hit checked against a scan of the leaves.

use innodb_lab::ahi::{Advice, Ahi, AhiConfig, AhiVersion, Guess, SearchMode};
use innodb_lab::storage::btree::{BTree, TreeEvent};
use innodb_lab::storage::key::Key;
use innodb_lab::storage::page::Rec;
use innodb_lab::storage::page_store::PageStore;
use innodb_lab::storage::record::IndexLayout;
use innodb_lab::storage::{PageNo, FIL_NULL};
use proptest::prelude::*;
use std::cmp::Ordering;

/// Index 0: `id INT` PK; index 1: secondary `(k INT, id INT)`.
const PK: u16 = 0;
const SEC: u16 = 1;
const REC_SIZE: [u16; 2] = [300, 150];

fn k_of(id: u16) -> i32 {
    i32::from(id) * 7919 % 37
}

fn key(index: u16, id: u16, short: bool) -> Key {
    if index == PK {
        return Key::from_i32(i32::from(id));
    }
    let mut k = Key::from_i32(k_of(id));
    if !short {
        k.push_i32(i32::from(id));
    }
    k
}

#[derive(Clone, Debug)]
enum Op {
    Lookup {
        index: u16,
        id: u16,
        short: bool,
        le: bool,
    },
    Warm {
        index: u16,
        start: u16,
        count: u16,
        stride: u16,
        short: bool,
        le: bool,
    },
    Insert(u16),
    Delete(u16),
    EvictHashed(u16),
    EvictAny(u16),
    Toggle,
}

fn op() -> impl Strategy<Value = Op> {
    let index = 0u16..2;
    prop_oneof![
        6 => (index.clone(), 0u16..500, prop::bool::weighted(0.7), prop::bool::weighted(0.2))
            .prop_map(|(index, id, short, le)| Op::Lookup { index, id, short, le }),
        5 => (index, 0u16..500, 150u16..600, 1u16..7, prop::bool::weighted(0.7), prop::bool::weighted(0.2))
            .prop_map(|(index, start, count, stride, short, le)| Op::Warm { index, start, count, stride, short, le }),
        4 => (0u16..500).prop_map(Op::Insert),
        3 => (0u16..500).prop_map(Op::Delete),
        2 => any::<u16>().prop_map(Op::EvictHashed),
        1 => any::<u16>().prop_map(Op::EvictAny),
        1 => Just(Op::Toggle),
    ]
}

struct World {
    store: PageStore,
    trees: [BTree; 2],
    ahi: Ahi,
    path: Vec<PageNo>,
}

impl World {
    fn new(version: AhiVersion, n_parts: u32, rows: u16) -> World {
        let mut store = PageStore::new();
        let layout = |clustered| IndexLayout {
            clustered,
            node_ptr_overhead: 9,
        };
        let trees = [
            BTree::create(&mut store, PK, layout(true)),
            BTree::create(&mut store, SEC, layout(false)),
        ];
        let cfg = AhiConfig {
            enabled: true,
            n_parts,
            cells: AhiConfig::cells_for_pool(16 << 20),
            version,
        };
        let ahi = Ahi::new(cfg, vec![vec![4], vec![4, 4]]);
        let mut w = World {
            store,
            trees,
            ahi,
            path: Vec::new(),
        };
        for id in 0..rows {
            w.insert(id);
        }
        w
    }

    fn leaf_of(&mut self, index: u16, key: &Key) -> PageNo {
        self.trees[usize::from(index)].search_path(&self.store, key, &mut self.path);
        self.path.last().copied().unwrap_or(FIL_NULL)
    }

    /// The page of the record a correct `mode` search stops on, by a full scan.
    fn oracle(&self, index: u16, tuple: &Key, mode: SearchMode) -> Option<PageNo> {
        let t = tuple.as_bytes();
        let cmp = |r: &Rec| r.key.as_bytes()[..t.len().min(r.key.len())].cmp(t);
        let mut found = None;
        for no in self.trees[usize::from(index)].leaf_pages(&self.store) {
            for r in self.store.get(no)?.recs.iter() {
                match (mode, cmp(&r)) {
                    (SearchMode::Ge, Ordering::Less) => {}
                    (SearchMode::Ge, _) => return Some(no),
                    (SearchMode::Le, Ordering::Greater) => return found,
                    (SearchMode::Le, _) => found = Some(no),
                }
            }
        }
        found
    }

    fn lookup(&mut self, index: u16, key: Key, mode: SearchMode) -> Result<(), TestCaseError> {
        let guess = self.ahi.guess_with(index, &key, mode, &self.store);
        if let Guess::Hit { page } = guess {
            prop_assert_eq!(
                Some(page),
                self.oracle(index, &key, mode),
                "hit for {:?}",
                key
            );
            return Ok(());
        }
        let leaf = self.leaf_of(index, &key);
        let failed = guess == Guess::Fail;
        let advice = self
            .ahi
            .after_btree_search_with(index, &key, mode, leaf, &self.store, failed);
        self.apply(advice);
        Ok(())
    }

    fn apply(&mut self, advice: Advice) {
        self.ahi.apply_now(advice, &self.store);
    }

    fn events(&mut self, ev: &[TreeEvent]) {
        self.ahi.follow_tree_events(ev, &self.store);
    }

    fn insert(&mut self, id: u16) {
        for index in [PK, SEC] {
            let key = key(index, id, false);
            let rec = Rec {
                key,
                size: REC_SIZE[usize::from(index)],
                child: FIL_NULL,
            };
            if self.trees[usize::from(index)]
                .get(&self.store, &key)
                .is_some()
            {
                return;
            }
            // the insert's own PAGE_CUR_LE search may use the hash and teaches it
            let guess = self
                .ahi
                .guess_with(index, &key, SearchMode::Le, &self.store);
            if !matches!(guess, Guess::Hit { .. }) {
                let leaf = self.leaf_of(index, &key);
                let failed = guess == Guess::Fail;
                let advice = self.ahi.after_btree_search_with(
                    index,
                    &key,
                    SearchMode::Le,
                    leaf,
                    &self.store,
                    failed,
                );
                self.apply(advice);
            }
            let mut ev = Vec::new();
            if self.trees[usize::from(index)]
                .insert(&mut self.store, rec, &mut ev)
                .is_err()
            {
                return;
            }
            self.events(&ev);
            let leaf = self.leaf_of(index, &key);
            let split = ev
                .iter()
                .any(|e| matches!(e, TreeEvent::PageSplit { .. } | TreeEvent::RootRaise { .. }));
            if guess == (Guess::Hit { page: leaf }) && !split {
                self.ahi.on_insert_via_hash(leaf, &key, &self.store);
            } else {
                self.ahi.on_insert(leaf, &key, &self.store);
            }
        }
    }

    fn delete(&mut self, id: u16) {
        for index in [PK, SEC] {
            let key = key(index, id, false);
            let leaf = self.leaf_of(index, &key);
            self.ahi.on_delete(leaf, &key, &self.store);
            let mut ev = Vec::new();
            self.trees[usize::from(index)].delete(&mut self.store, &key, &mut ev);
            self.events(&ev);
        }
    }

    fn step(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let mode = |le: bool| if le { SearchMode::Le } else { SearchMode::Ge };
        match *op {
            Op::Lookup {
                index,
                id,
                short,
                le,
            } => self.lookup(index, key(index, id, short), mode(le))?,
            Op::Warm {
                index,
                start,
                count,
                stride,
                short,
                le,
            } => {
                for i in 0..count {
                    let id = (start + i * stride) % 500;
                    self.lookup(index, key(index, id, short), mode(le))?;
                }
            }
            Op::Insert(id) => self.insert(id),
            Op::Delete(id) => self.delete(id),
            Op::EvictHashed(n) => {
                let mut hashed = Vec::new();
                self.ahi.hashed_pages(&mut hashed);
                if !hashed.is_empty() {
                    let page = hashed[usize::from(n) % hashed.len()];
                    self.ahi.drop_page(page, &self.store);
                }
            }
            Op::EvictAny(n) => {
                let page = PageNo::from(n) % self.store.len() as PageNo;
                self.ahi.drop_page(page, &self.store);
            }
            Op::Toggle => {
                let on = !self.ahi.enabled();
                self.ahi.set_enabled(on, &self.store);
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn ahi_stays_consistent(
        v57 in any::<bool>(),
        n_parts in prop_oneof![Just(1u32), Just(2), Just(8)],
        rows in 50u16..300,
        ops in prop::collection::vec(op(), 1..60),
    ) {
        let version = if v57 { AhiVersion::V57 } else { AhiVersion::V8030 };
        let mut w = World::new(version, n_parts, rows);
        prop_assert_eq!(w.ahi.check_invariants(&w.store), Ok(()));
        for op in &ops {
            w.step(op)?;
            prop_assert_eq!(w.ahi.check_invariants(&w.store), Ok(()), "after {:?}", op);
            for t in &w.trees {
                prop_assert_eq!(t.check_invariants(&w.store), Ok(()));
            }
        }
        let c = w.ahi.counters();
        let nodes: u64 = w.ahi.part_stats().iter().map(|s| s.nodes).sum();
        prop_assert_eq!(c.nodes, nodes);
    }
}
