//! Test harness: a B-tree, its pages and an AHI driven the way the server will
//! drive them (hash first, B-tree on a miss, advice applied at once).

use super::*;
use crate::storage::btree::{BTree, TreeEvent};
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::record::IndexLayout;
use crate::storage::{PageNo, FIL_NULL};

/// A `(k, id)` secondary key.
pub fn k2(k: i32, id: i32) -> Key {
    let mut key = Key::from_i32(k);
    key.push_i32(id);
    key
}

/// One index (id 0) with its pages and AHI.
pub struct Lab {
    pub store: PageStore,
    pub tree: BTree,
    pub ahi: Ahi,
    path: Vec<PageNo>,
}

/// What one search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub guess: Guess,
    pub advice: Advice,
}

impl Lab {
    /// An empty index whose fields have `widths`.
    pub fn new(widths: &[u16], clustered: bool, version: AhiVersion) -> Lab {
        let mut store = PageStore::new();
        let layout = IndexLayout {
            clustered,
            node_ptr_overhead: 9,
        };
        let tree = BTree::create(&mut store, 0, layout);
        let cfg = AhiConfig {
            enabled: true,
            n_parts: 8,
            cells: AhiConfig::cells_for_pool(128 << 20),
            version,
        };
        Lab {
            store,
            tree,
            ahi: Ahi::new(cfg, vec![widths.to_vec()]),
            path: Vec::new(),
        }
    }

    /// A clustered INT primary key holding ids `0..n`, records of `size` bytes.
    pub fn pk(n: i32, size: u16) -> Lab {
        let mut lab = Lab::new(&[4], true, AhiVersion::V8030);
        for id in 0..n {
            lab.insert(Key::from_i32(id), size);
        }
        lab
    }

    /// A secondary `(k, id)` index: `groups` values of k with `dups` rows each.
    pub fn secondary(groups: i32, dups: i32, size: u16) -> Lab {
        let mut lab = Lab::new(&[4, 4], false, AhiVersion::V8030);
        for k in 0..groups {
            for j in 0..dups {
                lab.insert(k2(k, k * dups + j), size);
            }
        }
        lab
    }

    /// A root over two hand-filled leaves; returns the leaves.
    pub fn two_leaves(&mut self, left: &[Key], right: &[Key], size: u16) -> (PageNo, PageNo) {
        let (l, r) = (self.store.alloc(0, 0), self.store.alloc(0, 0));
        let rec = |key: Key| Rec {
            key,
            size,
            child: FIL_NULL,
        };
        for (no, keys) in [(l, left), (r, right)] {
            let p = &mut self.store.pages[no as usize];
            p.recs = keys.iter().map(|&k| rec(k)).collect();
            p.recount();
        }
        self.store.pages[l as usize].next = r;
        self.store.pages[r as usize].prev = l;
        let root = &mut self.store.pages[self.tree.root as usize];
        root.level = 1;
        root.recs = [(Key::EMPTY, l), (right[0], r)]
            .into_iter()
            .map(|(key, child)| Rec {
                key,
                size: 13,
                child,
            })
            .collect();
        root.recount();
        self.tree.n_recs = (left.len() + right.len()) as u64;
        (l, r)
    }

    /// The leaf a search for `key` reaches.
    pub fn leaf_of(&mut self, key: &Key) -> PageNo {
        self.tree.search_path(&self.store, key, &mut self.path);
        self.path.last().copied().unwrap_or(FIL_NULL)
    }

    /// A `PAGE_CUR_GE` search.
    pub fn lookup(&mut self, key: Key) -> Step {
        self.search(key, SearchMode::Ge)
    }

    /// Hash first, else the B-tree; the advice is applied at once.
    pub fn search(&mut self, key: Key, mode: SearchMode) -> Step {
        let guess = self.ahi.guess_with(0, &key, mode, &self.store);
        if let Guess::Hit { .. } = guess {
            return Step {
                guess,
                advice: Advice::None,
            };
        }
        let leaf = self.leaf_of(&key);
        let failed = guess == Guess::Fail;
        let advice = self
            .ahi
            .after_btree_search_with(0, &key, mode, leaf, &self.store, failed);
        self.apply(advice);
        Step { guess, advice }
    }

    /// Applies an advice (as the server does once it holds the latch).
    pub fn apply(&mut self, advice: Advice) {
        self.ahi.apply_now(advice, &self.store);
    }

    /// Inserts a row and keeps the AHI in step with every page the tree touched.
    pub fn insert(&mut self, key: Key, size: u16) {
        let mut ev = Vec::new();
        let rec = Rec {
            key,
            size,
            child: FIL_NULL,
        };
        if self.tree.insert(&mut self.store, rec, &mut ev).is_err() {
            return;
        }
        self.tree_events(&ev);
        let leaf = self.leaf_of(&key);
        self.ahi.on_insert(leaf, &key, &self.store);
    }

    /// Deletes a row (the AHI first, as `btr_cur_optimistic_delete` does).
    pub fn delete(&mut self, key: Key) -> bool {
        let leaf = self.leaf_of(&key);
        self.ahi.on_delete(leaf, &key, &self.store);
        let mut ev = Vec::new();
        let found = self.tree.delete(&mut self.store, &key, &mut ev);
        self.tree_events(&ev);
        found
    }

    /// Splits and raises move hash entries; frees drop them.
    pub fn tree_events(&mut self, ev: &[TreeEvent]) {
        self.ahi.follow_tree_events(ev, &self.store);
    }

    /// Leaf pages in key order.
    pub fn leaves(&self) -> Vec<PageNo> {
        self.tree.leaf_pages(&self.store).collect()
    }

    /// Number of records on `page`.
    pub fn n_recs(&self, page: PageNo) -> usize {
        self.store.get(page).map_or(0, |p| p.n_recs())
    }

    /// The index's search info.
    pub fn info(&self) -> SearchInfo {
        self.ahi
            .search_info(0)
            .copied()
            .unwrap_or_else(|| unreachable!())
    }

    /// Checks the AHI against the pages.
    pub fn check(&self) {
        assert_eq!(self.ahi.check_invariants(&self.store), Ok(()));
    }
}

impl Ahi {
    /// The record the node for `key`'s first `n_fields` fields points to.
    pub(crate) fn node_for(&self, index: u16, n_fields: u16, key: &Key) -> Option<(PageNo, Key)> {
        let ix = self.index(index)?;
        let fold = ix.fields.fold(index, n_fields, key);
        self.parts.get(ix.part)?.get(fold).map(|r| (r.page, r.key))
    }
}
