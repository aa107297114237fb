//! Structural invariants of a tree (`btr_validate_index` in spirit), for tests.

use super::BTree;
use crate::storage::key::Key;
use crate::storage::page::{Page, PAGE_FREE_SPACE_OF_EMPTY};
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL};

/// Traversal state shared by the recursive page checks.
struct Walk {
    /// Pages of each level in key order, as reached from the root.
    levels: Vec<Vec<PageNo>>,
    /// Leaf records seen.
    n_recs: u64,
    /// Pages that may still be visited (guards against cycles).
    budget: usize,
}

impl BTree {
    /// Checks key order within and across pages, capacity, sibling links, node
    /// pointers, levels, record and segment counts. Node pointer rules follow InnoDB:
    /// a pointer to a non-leaf page equals that page's first record; a pointer to a
    /// leaf is ≤ the leaf's first record (a purge-style delete of a leaf's first
    /// record leaves the father alone); the first pointer of each level's leftmost
    /// page is the level minimum, stored as the empty key.
    pub fn check_invariants(&self, store: &PageStore) -> Result<(), String> {
        let root = store.get(self.root).ok_or("root page missing")?;
        let mut walk = Walk {
            levels: vec![Vec::new(); usize::from(root.level) + 1],
            n_recs: 0,
            budget: store.len(),
        };
        self.check_page(store, self.root, root.level, (None, None), &mut walk)?;
        for (level, pages) in walk.levels.iter().enumerate() {
            for (i, &no) in pages.iter().enumerate() {
                let page = store.page(no);
                let prev = if i == 0 { FIL_NULL } else { pages[i - 1] };
                let next = pages.get(i + 1).copied().unwrap_or(FIL_NULL);
                if page.prev != prev || page.next != next {
                    return Err(format!(
                        "level {level} page {no}: prev/next {}/{} but key order says {prev}/{next}",
                        page.prev, page.next
                    ));
                }
                if i > 0 {
                    let last = store.page(prev).recs.last().map(|r| r.key);
                    let first = page.recs.first().map(|r| r.key);
                    if level == 0 && last >= first {
                        return Err(format!("leaf {prev} ends at or after leaf {no} starts"));
                    }
                }
            }
        }
        if walk.n_recs != self.n_recs {
            return Err(format!(
                "{} leaf records, counter says {}",
                walk.n_recs, self.n_recs
            ));
        }
        let total: usize = walk.levels.iter().map(Vec::len).sum();
        let leaf_seg = walk.levels[0].len() - usize::from(root.level == 0);
        if leaf_seg != self.leaf_segment_pages as usize
            || total - leaf_seg != self.top_segment_pages as usize
        {
            return Err(format!(
                "segments: {leaf_seg} leaf + {} non-leaf pages, counters say {} + {}",
                total - leaf_seg,
                self.leaf_segment_pages,
                self.top_segment_pages
            ));
        }
        Ok(())
    }

    /// Checks page `no` and its subtree; every key must lie in `[lo, hi)`.
    fn check_page(
        &self,
        store: &PageStore,
        no: PageNo,
        level: u8,
        (lo, hi): (Option<Key>, Option<Key>),
        walk: &mut Walk,
    ) -> Result<(), String> {
        if walk.budget == 0 {
            return Err(format!("page {no} reached twice: the tree has a cycle"));
        }
        walk.budget -= 1;
        let page = store.get(no).ok_or(format!("page {no} does not exist"))?;
        self.check_page_alone(no, page, level)?;
        walk.levels[usize::from(level)].push(no);
        let in_range = |k: &Key| lo.is_none_or(|lo| *k >= lo) && hi.is_none_or(|hi| *k < hi);
        if let Some(r) = page.recs.iter().find(|r| !in_range(&r.key)) {
            return Err(format!("page {no}: {:?} outside its father's range", r.key));
        }
        if level == 0 {
            walk.n_recs += page.recs.len() as u64;
            return Ok(());
        }
        for (i, r) in page.recs.iter().enumerate() {
            let child = store
                .get(r.child)
                .ok_or(format!("page {no} points to missing page {}", r.child))?;
            let first = child.recs.first().map(|c| c.key);
            let ok = if child.is_leaf() {
                first.is_some_and(|f| r.key <= f)
            } else {
                first == Some(r.key)
            };
            if !ok {
                return Err(format!(
                    "page {no} slot {i}: pointer {:?} vs first record {first:?} of page {}",
                    r.key, r.child
                ));
            }
            let min_rec = i == 0 && page.prev == FIL_NULL;
            let expect = r.key.len() as u16 + self.layout.node_ptr_overhead;
            if !min_rec && r.size != expect {
                return Err(format!(
                    "page {no} slot {i}: node pointer size {} != {expect}",
                    r.size
                ));
            }
            let child_hi = page.recs.get(i + 1).map(|n| n.key).or(hi);
            self.check_page(store, r.child, level - 1, (Some(r.key), child_hi), walk)?;
        }
        Ok(())
    }

    /// Checks what can be seen on one page alone.
    fn check_page_alone(&self, no: PageNo, page: &Page, level: u8) -> Result<(), String> {
        if page.free || page.index != self.index_id || page.level != level {
            return Err(format!(
                "page {no}: free={} index={} level={} (expected index {} level {level})",
                page.free, page.index, page.level, self.index_id
            ));
        }
        if no != self.root && page.recs.is_empty() {
            return Err(format!("page {no} is empty"));
        }
        page.recs.check().map_err(|e| format!("page {no}: {e}"))?;
        if page
            .recs
            .iter()
            .zip(page.recs.iter().skip(1))
            .any(|(a, b)| a.key >= b.key)
        {
            return Err(format!("page {no}: keys not strictly increasing"));
        }
        let sum: u32 = page.recs.iter().map(|r| u32::from(r.size)).sum();
        if sum != page.data_bytes {
            return Err(format!(
                "page {no}: data_bytes {} != {sum}",
                page.data_bytes
            ));
        }
        if page.used_bytes() > PAGE_FREE_SPACE_OF_EMPTY {
            return Err(format!("page {no} overfull: {} bytes", page.used_bytes()));
        }
        if page
            .last_insert
            .is_some_and(|p| usize::from(p) >= page.recs.len())
        {
            return Err(format!("page {no}: PAGE_LAST_INSERT out of range"));
        }
        if level > 0
            && page.prev == FIL_NULL
            && page.recs.first().is_some_and(|r| !r.key.is_empty())
        {
            return Err(format!(
                "page {no}: leftmost non-leaf page lacks the minimum record"
            ));
        }
        let leaf_child = |r: crate::storage::page::Rec| r.child == FIL_NULL;
        if (level == 0) != page.recs.iter().all(leaf_child) && !page.recs.is_empty() {
            return Err(format!(
                "page {no}: child pointers do not match level {level}"
            ));
        }
        Ok(())
    }
}
