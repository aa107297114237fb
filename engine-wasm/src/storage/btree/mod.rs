//! The B+tree of one index over the shared [`PageStore`], with InnoDB's insert,
//! split and merge rules (`btr0btr.cc`, `btr0cur.cc`). Mutations report
//! [`TreeEvent`]s so the buffer pool and the UI see every page they touch.

mod check;
mod delete;
mod insert;
mod raise;
mod split;
mod stats;
#[cfg(test)]
mod testutil;

pub use stats::TreeStats;

use super::key::Key;
use super::page::Rec;
use super::page_store::PageStore;
use super::record::IndexLayout;
use super::{PageNo, FIL_NULL, UNIV_PAGE_SIZE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Free space kept on clustered leaves under sequential inserts: 1/16 of a page.
// models dict_index_get_space_reserve()
pub const BTR_PAGE_RESERVE: u32 = UNIV_PAGE_SIZE / 16;

/// A page whose data falls below this after a delete is merged if possible:
/// 50% of the page (`merge_threshold` default). Models `BTR_CUR_PAGE_COMPRESS_LIMIT`.
pub const BTR_CUR_PAGE_COMPRESS_LIMIT: u32 = UNIV_PAGE_SIZE * 50 / 100;

/// How the split record was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SplitKind {
    /// Sequential inserts to the right (`btr_page_get_split_rec_to_right()`).
    ToRight,
    /// Sequential inserts to the left (`btr_page_get_split_rec_to_left()`).
    ToLeft,
    /// `page_get_middle_rec()`, or half the bytes on a retry (`btr_page_get_split_rec()`).
    Middle,
}

/// Something the tree did to a page, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TreeEvent {
    /// `page` split; `new_page` holds the upper half (`ToRight`, `Middle`) or the
    /// lower half (`ToLeft`).
    PageSplit {
        /// Index id.
        index: u16,
        /// The page that was full.
        page: PageNo,
        /// The page allocated for the split.
        new_page: PageNo,
        /// Level of both pages.
        level: u8,
        /// How the split point was chosen.
        kind: SplitKind,
    },
    /// The root's records moved to `new_page`; the root keeps its page number and
    /// grows one level (`btr_root_raise_and_insert()`).
    RootRaise {
        /// Index id.
        index: u16,
        /// The root page.
        page: PageNo,
        /// The new child holding the old root's records.
        new_page: PageNo,
        /// Level of `new_page` (the root's old level).
        level: u8,
    },
    /// A page was allocated; the buffer pool places it at the LRU head (`buf_page_create`).
    PageCreated {
        /// The page.
        page: PageNo,
        /// Its level.
        level: u8,
    },
    /// A page was changed (made dirty).
    PageModified {
        /// The page.
        page: PageNo,
    },
    /// A page was freed (merge, discard or lift).
    PageFreed {
        /// The page.
        page: PageNo,
    },
    /// A full page's record went to the start of its right sibling instead of a split
    /// (`btr_insert_into_right_sibling()`).
    InsertedIntoSibling {
        /// The full page.
        page: PageNo,
        /// Its right sibling, which took the record.
        sibling: PageNo,
    },
}

/// Why an insert was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InsertError {
    /// The key is already in the index.
    DuplicateKey,
    /// The empty key is reserved: it marks a level's minimum node pointer.
    EmptyKey,
    /// The record is half a page or more (would need off-page storage).
    RecordTooBig {
        /// The record's size.
        size: u16,
        /// Largest size accepted.
        max: u16,
    },
}

impl fmt::Display for InsertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InsertError::DuplicateKey => write!(f, "duplicate key"),
            InsertError::EmptyKey => write!(f, "empty key"),
            InsertError::RecordTooBig { size, max } => {
                write!(f, "record of {size} bytes exceeds {max} bytes")
            }
        }
    }
}

impl std::error::Error for InsertError {}

/// Structural counters of one tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeCounters {
    /// Splits whose point came from `btr_page_get_split_rec_to_right()`.
    pub splits_to_right: u64,
    /// Splits whose point came from `btr_page_get_split_rec_to_left()`.
    pub splits_to_left: u64,
    /// Middle (or half-bytes retry) splits.
    pub splits_middle: u64,
    /// InnoDB's `index_page_splits`: one per `btr_page_split_and_insert()` that split.
    pub index_page_splits: u64,
    /// Root raises.
    pub root_raises: u64,
    /// Pages merged into a sibling by `btr_compress()`.
    pub merges: u64,
    /// Inserts that went into the right sibling instead of splitting.
    pub sibling_inserts: u64,
}

/// One index's B+tree. Pages live in the shared [`PageStore`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BTree {
    /// Index id, stored in each page.
    pub index_id: u16,
    /// Node-pointer sizing and whether this is the clustered index.
    pub layout: IndexLayout,
    /// Root page number; never changes.
    pub root: PageNo,
    /// Leaf records.
    pub n_recs: u64,
    /// Split and merge counters.
    pub counters: TreeCounters,
    /// Pages used by the leaf segment (every non-root leaf).
    pub leaf_segment_pages: u32,
    /// Pages used by the non-leaf segment (the root and every non-leaf page).
    pub top_segment_pages: u32,
    /// Bumped by every structure change (split, raise, sibling insert, merge, lift,
    /// discard): a cached search path is valid while this is unchanged (the idea of
    /// InnoDB's `buf_block_t::modify_clock` for optimistic cursor restore).
    #[serde(default)]
    pub modify_clock: u64,
}

impl BTree {
    /// Creates an index whose root is an empty leaf (`btr_create()`).
    pub fn create(store: &mut PageStore, index_id: u16, layout: IndexLayout) -> BTree {
        let root = store.alloc(index_id, 0);
        BTree {
            index_id,
            layout,
            root,
            n_recs: 0,
            counters: TreeCounters::default(),
            leaf_segment_pages: 0,
            top_segment_pages: 1,
            modify_clock: 0,
        }
    }

    /// Pages visited from the root to the leaf that holds (or would hold) `key`.
    /// Clears `out` first.
    pub fn search_path(&self, store: &PageStore, key: &Key, out: &mut Vec<PageNo>) {
        out.clear();
        let mut no = self.root;
        loop {
            out.push(no);
            let page = store.page(no);
            if page.is_leaf() || page.recs.is_empty() {
                return;
            }
            no = page.recs.child_at(page.child_slot(key));
        }
    }

    /// The leaf record with this key.
    pub fn get(&self, store: &PageStore, key: &Key) -> Option<Rec> {
        let page = store.page(self.descend(store, key, 0));
        page.search(key).ok().map(|i| page.recs.at(i))
    }

    /// Page at `level` on the search path of `key` (`btr_cur_search_to_nth_level`).
    fn descend(&self, store: &PageStore, key: &Key, level: u8) -> PageNo {
        let mut no = self.root;
        loop {
            let page = store.page(no);
            if page.level <= level || page.recs.is_empty() {
                return no;
            }
            no = page.recs.child_at(page.child_slot(key));
        }
    }

    /// Like [`BTree::descend`], recording the path root..page in `path`.
    fn descend_path(&self, store: &PageStore, key: &Key, level: u8, path: &mut Vec<PageNo>) {
        path.clear();
        let mut no = self.root;
        loop {
            path.push(no);
            let page = store.page(no);
            if page.level <= level || page.recs.is_empty() {
                return;
            }
            no = page.recs.child_at(page.child_slot(key));
        }
    }

    /// The node pointer to `child` and its slot in the father page
    /// (`btr_page_get_father()`); `key` must be on `child`'s search path.
    fn find_father(
        &self,
        store: &PageStore,
        child: PageNo,
        level: u8,
        key: &Key,
    ) -> Option<(PageNo, usize)> {
        if child == self.root {
            return None;
        }
        let father = self.descend(store, key, level + 1);
        let page = store.page(father);
        if page.level != level + 1 {
            return None;
        }
        let slot = page.child_slot(key);
        if page.recs.get(slot).map(|r| r.child) == Some(child) {
            return Some((father, slot));
        }
        // Two pointers to one child exist only mid-merge; fall back to a scan.
        let slot = page.recs.iter().position(|r| r.child == child);
        debug_assert!(slot.is_some(), "father of page {child} not found");
        slot.map(|s| (father, s))
    }

    /// A node pointer to `child` whose key is `key` (`dict_index_build_node_ptr()`).
    fn node_ptr(&self, key: Key, child: PageNo) -> Rec {
        Rec {
            key,
            size: (key.len() as u16).saturating_add(self.layout.node_ptr_overhead),
            child,
        }
    }

    /// Allocates a page at `level` from the matching segment.
    fn alloc_page(&mut self, store: &mut PageStore, level: u8, ev: &mut Vec<TreeEvent>) -> PageNo {
        let no = store.alloc(self.index_id, level);
        if level == 0 {
            self.leaf_segment_pages += 1;
        } else {
            self.top_segment_pages += 1;
        }
        ev.push(TreeEvent::PageCreated { page: no, level });
        no
    }

    /// Frees a non-root page back to its segment (`btr_page_free()`).
    fn free_page(&mut self, store: &mut PageStore, no: PageNo, ev: &mut Vec<TreeEvent>) {
        if store.page(no).level == 0 {
            self.leaf_segment_pages = self.leaf_segment_pages.saturating_sub(1);
        } else {
            self.top_segment_pages = self.top_segment_pages.saturating_sub(1);
        }
        store.free(no);
        ev.push(TreeEvent::PageFreed { page: no });
    }
}

/// Records that `page` was changed (skips an immediate repeat).
fn modified(ev: &mut Vec<TreeEvent>, page: PageNo) {
    let e = TreeEvent::PageModified { page };
    if ev.last() != Some(&e) {
        ev.push(e);
    }
}

/// Links `no` out of its level's sibling list (`btr_level_list_remove()`).
fn level_list_remove(store: &mut PageStore, no: PageNo, ev: &mut Vec<TreeEvent>) {
    let (prev, next) = {
        let p = store.page(no);
        (p.prev, p.next)
    };
    if prev != FIL_NULL {
        store.page_mut(prev).next = next;
        modified(ev, prev);
    }
    if next != FIL_NULL {
        store.page_mut(next).prev = prev;
        modified(ev, next);
    }
}
