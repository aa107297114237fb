//! Tree statistics, the leaf chain, and the size information_schema reports.

use super::BTree;
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL, UNIV_PAGE_SIZE};
use serde::{Deserialize, Serialize};

/// Pages a segment takes one at a time before it allocates whole extents
/// (`FSEG_FRAG_LIMIT`, half of `FSP_EXTENT_SIZE`).
pub const FSEG_FRAG_LIMIT: u64 = 32;

/// Pages per extent for 16 KiB pages (`FSP_EXTENT_SIZE`).
pub const FSP_EXTENT_SIZE: u64 = 64;

/// A snapshot of one tree's shape and counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TreeStats {
    /// Levels, leaves included.
    pub height: u32,
    /// Leaf pages.
    pub leaf_pages: u64,
    /// Non-leaf pages (the root included once the tree has two levels).
    pub non_leaf_pages: u64,
    /// Leaf records.
    pub n_recs: u64,
    /// Mean of (record bytes + directory) / 16252 over leaf pages.
    pub avg_leaf_fill: f64,
    /// Splits chosen by `btr_page_get_split_rec_to_right()`.
    pub splits_to_right: u64,
    /// Splits chosen by `btr_page_get_split_rec_to_left()`.
    pub splits_to_left: u64,
    /// Middle and half-bytes splits.
    pub splits_middle: u64,
    /// InnoDB's `index_page_splits`.
    pub index_page_splits: u64,
    /// Root raises.
    pub root_raises: u64,
    /// Merges by `btr_compress()`.
    pub merges: u64,
}

/// Pages a segment reserves when it uses `used` pages: the first 32 one by one
/// (fragment pages), then whole 64-page extents.
// models fseg_n_reserved_pages() under fseg_alloc_free_page_low()'s fragment rule
pub fn segment_reserved_pages(used: u64) -> u64 {
    if used <= FSEG_FRAG_LIMIT {
        used
    } else {
        FSEG_FRAG_LIMIT + (used - FSEG_FRAG_LIMIT).div_ceil(FSP_EXTENT_SIZE) * FSP_EXTENT_SIZE
    }
}

impl BTree {
    /// Leaf pages in key order, following `next` links from the leftmost leaf.
    pub fn leaf_pages<'a>(&self, store: &'a PageStore) -> impl Iterator<Item = PageNo> + 'a {
        let mut no = self.root;
        while let Some(first) = store
            .get(no)
            .filter(|p| !p.is_leaf())
            .and_then(|p| p.recs.first())
        {
            no = first.child;
        }
        let mut budget = store.len();
        std::iter::successors(Some(no), move |&cur| {
            budget = budget.saturating_sub(1);
            store
                .get(cur)
                .map(|p| p.next)
                .filter(|&n| n != FIL_NULL && budget > 0)
        })
    }

    /// Shape and counters of the tree (walks every page).
    pub fn stats(&self, store: &PageStore) -> TreeStats {
        let height = store.get(self.root).map_or(1, |p| u32::from(p.level) + 1);
        let (mut leaf_pages, mut fill) = (0u64, 0f64);
        for no in self.leaf_pages(store) {
            leaf_pages += 1;
            fill += store.page(no).fill();
        }
        let c = &self.counters;
        TreeStats {
            height,
            leaf_pages,
            non_leaf_pages: self.non_leaf_pages(store),
            n_recs: self.n_recs,
            avg_leaf_fill: if leaf_pages == 0 {
                0.0
            } else {
                fill / leaf_pages as f64
            },
            splits_to_right: c.splits_to_right,
            splits_to_left: c.splits_to_left,
            splits_middle: c.splits_middle,
            index_page_splits: c.index_page_splits,
            root_raises: c.root_raises,
            merges: c.merges,
        }
    }

    /// Bytes information_schema reports for this index (`stat_index_size` × page
    /// size): the leaf and non-leaf segments' reserved pages.
    // models btr_get_size(index, BTR_TOTAL_SIZE)
    pub fn segment_bytes(&self) -> u64 {
        let pages = segment_reserved_pages(u64::from(self.leaf_segment_pages))
            + segment_reserved_pages(u64::from(self.top_segment_pages));
        pages * u64::from(UNIV_PAGE_SIZE)
    }

    /// Non-leaf pages, level by level along the sibling links.
    fn non_leaf_pages(&self, store: &PageStore) -> u64 {
        let mut count = 0;
        let mut leftmost = self.root;
        while let Some(page) = store.get(leftmost).filter(|p| !p.is_leaf()) {
            let mut no = leftmost;
            while no != FIL_NULL && count < store.len() as u64 {
                count += 1;
                no = store.page(no).next;
            }
            match page.recs.first() {
                Some(r) => leftmost = r.child,
                None => break,
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragment_pages_then_whole_extents() {
        assert_eq!(segment_reserved_pages(0), 0);
        assert_eq!(segment_reserved_pages(1), 1);
        assert_eq!(segment_reserved_pages(32), 32);
        assert_eq!(segment_reserved_pages(33), 96);
        assert_eq!(segment_reserved_pages(96), 96);
        assert_eq!(segment_reserved_pages(97), 160);
    }
}
