//! Building and dropping a page's hash entries, the lazy pointer repair, and
//! switching the AHI off.

use super::block_info::BlockInfo;
use super::config::{AhiVersion, Prefix};
use super::sys::Ahi;
use super::table::RecRef;
use crate::storage::key::Key;
use crate::storage::page::Page;
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;

/// Live leaf `no` of `index`, if it is one.
pub(crate) fn live_leaf(store: &PageStore, no: PageNo, index: u16) -> Option<&Page> {
    store
        .get(no)
        .filter(|p| !p.free && p.is_leaf() && p.index == index)
}

impl Ahi {
    /// Builds `page`'s hash entries with `prefix`: one node per run of records with
    /// an equal prefix fold, pointing at the run's left-most record if `left_side`,
    /// else its right-most. A page hashed with another prefix is dropped first.
    /// Counts `adaptive_hash_pages_added` and `adaptive_hash_rows_added` (twice per
    /// entry in 5.7). No-op when the AHI is off or `page` is not a live leaf.
    // models btr_search_build_page_hash_index()
    pub fn build_page(&mut self, page: PageNo, prefix: Prefix, store: &PageStore) {
        if !self.enabled {
            return;
        }
        let Some(pg) = store.get(page).filter(|p| !p.free && p.is_leaf()) else {
            return;
        };
        let index = pg.index;
        let Some(ix) = self.index(index) else {
            return;
        };
        let (part, u) = (ix.part, ix.fields.n_unique());
        let curr = self.blocks.get(page as usize).and_then(|b| b.curr);
        if curr.is_some_and(|c| c != prefix) {
            self.drop_block(page, store, None);
        }
        if prefix.n_fields == 0 || prefix.n_fields > u || pg.n_recs() == 0 {
            return;
        }
        let entries = self.page_entries(page, pg, index, prefix);
        let newly = self
            .blocks
            .get(page as usize)
            .is_none_or(|b| b.curr.is_none());
        if newly {
            if let Some(Some(ix)) = self.indexes.get_mut(usize::from(index)) {
                ix.info.ref_count += 1;
            }
            self.counters.hashed_pages += 1;
        }
        let b = self.block_mut(page);
        b.n_hash_helps = 0;
        b.recommended = prefix;
        b.curr = Some(prefix);
        b.index = index;
        let n = entries.len() as u64;
        for (fold, r) in entries {
            self.node_insert(part, fold, r);
        }
        // the ha_insert_for_fold macro counts each row; 5.7 adds n_cached again
        self.counters.adaptive_hash_rows_added += match self.version {
            AhiVersion::V57 => 2 * n,
            AhiVersion::V8030 => n,
        };
        self.counters.adaptive_hash_pages_added += 1;
    }

    /// The (fold, record) pairs a build inserts: one per run of equal folds.
    fn page_entries(
        &self,
        page: PageNo,
        pg: &Page,
        index: u16,
        prefix: Prefix,
    ) -> Vec<(u64, RecRef)> {
        let mut out = Vec::new();
        let Some(ix) = self.index(index) else {
            return out;
        };
        // One fold per record: a record starts a run of equal folds (left side)
        // or ends one (right side: known when the next fold differs, or at the end).
        let entry = |pos: usize, key: &Key| RecRef {
            page,
            pos: pos as u16,
            key: *key,
        };
        let mut prev: Option<(u64, usize, &Key)> = None;
        for (i, key) in pg.recs.keys_from(0).enumerate() {
            let fold = ix.fields.fold(index, prefix.n_fields, key);
            if prev.is_none_or(|(f, _, _)| f != fold) {
                if prefix.left_side {
                    out.push((fold, entry(i, key)));
                } else if let Some((f, j, k)) = prev {
                    out.push((f, entry(j, k)));
                }
            }
            prev = Some((fold, i, key));
        }
        if let (false, Some((f, j, k))) = (prefix.left_side, prev) {
            out.push((f, entry(j, k)));
        }
        out
    }

    /// Drops `page`'s hash entries (no-op when not hashed) and resets the page's
    /// helps and recommendation, as a block reused for another page starts afresh:
    /// call on every eviction and page free. Counts `adaptive_hash_pages_removed`
    /// and `adaptive_hash_rows_removed` (the distinct folds refolded).
    // models btr_search_drop_page_hash_index() (+ buf_block_init_low() on reuse)
    pub fn drop_page(&mut self, page: PageNo, store: &PageStore) {
        self.drop_block(page, store, None);
        if let Some(b) = self.blocks.get_mut(page as usize) {
            *b = BlockInfo::NEW;
        }
    }

    /// Removes the nodes pointing into `page`: refolds its records (and those of
    /// `moved_to`, which received some of them) with the page's prefix, then sweeps
    /// its partition for any node left (records freed or moved before the call).
    // models btr_search_drop_page_hash_index()
    pub(crate) fn drop_block(&mut self, page: PageNo, store: &PageStore, moved_to: Option<PageNo>) {
        let Some(b) = self.blocks.get(page as usize).copied() else {
            return;
        };
        let Some(prefix) = b.curr else {
            return;
        };
        let Some(ix) = self.index(b.index) else {
            return;
        };
        let part = ix.part;
        let mut removed = 0u64;
        let folds = self.distinct_folds(store, page, b.index, prefix);
        let n_cached = folds.len() as u64;
        for f in folds {
            self.node_remove_if(part, f, |r| r.page == page);
        }
        if let Some(other) = moved_to {
            for f in self.distinct_folds(store, other, b.index, prefix) {
                removed += u64::from(self.node_remove_if(part, f, |r| r.page == page));
            }
        }
        if self
            .blocks
            .get(page as usize)
            .is_some_and(|b| b.n_pointers > 0)
        {
            removed += self.sweep(part, page, |_| true);
        }
        if let Some(Some(ix)) = self.indexes.get_mut(usize::from(b.index)) {
            ix.info.ref_count = ix.info.ref_count.saturating_sub(1);
        }
        self.counters.hashed_pages = self.counters.hashed_pages.saturating_sub(1);
        self.block_mut(page).curr = None;
        self.counters.adaptive_hash_rows_removed += n_cached + removed;
        self.counters.adaptive_hash_pages_removed += 1;
    }

    /// Removes every node of `part` pointing into `page` that `pred` selects.
    pub(crate) fn sweep(&mut self, part: usize, page: PageNo, pred: impl Fn(&Key) -> bool) -> u64 {
        let Some(p) = self.parts.get(part) else {
            return 0;
        };
        let doomed: Vec<u64> = p
            .nodes()
            .filter(|(_, r)| r.page == page && pred(&r.key))
            .map(|(f, _)| f)
            .collect();
        for &f in &doomed {
            self.node_remove_if(part, f, |_| true);
        }
        doomed.len() as u64
    }

    /// Folds of `page`'s records under `prefix`, consecutive duplicates skipped
    /// (empty when `page` is not a live leaf of `index`).
    pub(crate) fn distinct_folds(
        &self,
        store: &PageStore,
        page: PageNo,
        index: u16,
        prefix: Prefix,
    ) -> Vec<u64> {
        let mut out: Vec<u64> = Vec::new();
        let (Some(pg), Some(ix)) = (live_leaf(store, page, index), self.index(index)) else {
            return out;
        };
        for r in pg.recs.iter() {
            let f = ix.fields.fold(index, prefix.n_fields, &r.key);
            if out.last() != Some(&f) {
                out.push(f);
            }
        }
        out
    }

    /// Points the node of `rec`'s fold at `rec` on `page` (the record under the
    /// B-tree cursor after a failed guess, from [`super::Advice::UpdateRef`]), if
    /// the page is hashed with the index's current recommendation. One row added,
    /// counted twice in 5.7.
    // models btr_search_update_hash_ref()
    pub fn update_ref(&mut self, page: PageNo, rec: &Key, store: &PageStore) {
        if !self.enabled {
            return;
        }
        let Some(b) = self.blocks.get(page as usize).copied() else {
            return;
        };
        let (Some(prefix), Some(ix)) = (b.curr, self.index(b.index)) else {
            return;
        };
        if ix.info.n_hash_potential == 0 || ix.info.prefix != prefix {
            return;
        }
        let Some(pos) = live_leaf(store, page, b.index).and_then(|p| p.recs.search(rec).ok())
        else {
            return;
        };
        let fold = ix.fields.fold(b.index, prefix.n_fields, rec);
        let r = RecRef {
            page,
            pos: pos as u16,
            key: *rec,
        };
        self.node_insert(ix.part, fold, r);
        // The ha_insert_for_fold macro counts the row; 5.7 (to 8.0.25) then MONITOR_INCs
        // it again, as its build adds n_cached again.
        self.counters.adaptive_hash_rows_added += match self.version {
            AhiVersion::V57 => 2,
            AhiVersion::V8030 => 1,
        };
    }

    /// Switches the AHI on or off. Off X-latches every part and clears everything:
    /// every node, every page's hash state and every index's `ref_count`; 8.0.30
    /// counts a page removed per hashed page (`btr_search_set_block_not_cached`), 5.7
    /// counts nothing. Recommendations and helps survive.
    // models btr_search_disable() + buf_pool_clear_hash_index() / btr_search_enable()
    pub fn set_enabled(&mut self, on: bool, _store: &PageStore) {
        if on == self.enabled {
            return;
        }
        self.enabled = on;
        if on {
            return;
        }
        for b in self.blocks.iter_mut() {
            if b.curr.take().is_some() && self.version == AhiVersion::V8030 {
                self.counters.adaptive_hash_pages_removed += 1;
            }
            b.n_pointers = 0;
        }
        for ix in self.indexes.iter_mut().flatten() {
            ix.info.ref_count = 0;
        }
        for p in self.parts.iter_mut() {
            p.clear();
        }
        self.counters.nodes = 0;
        self.counters.heap_pages = 0;
        self.counters.hashed_pages = 0;
    }
}
