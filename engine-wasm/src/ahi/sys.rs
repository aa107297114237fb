//! The AHI façade (`btr_search_sys_t` + the search entry points): partitions, per
//! index search info, per page block info, hash lookups and the post-search update.

use super::block_info::BlockInfo;
use super::config::{Advice, AhiConfig, AhiVersion, Guess, SearchMode};
use super::counters::{AhiCounters, PartStats};
use super::fields::Fields;
use super::search_info::{cursor, SearchInfo, BTR_SEARCH_BUILD_LIMIT, BTR_SEARCH_HASH_ANALYSIS};
use super::table::{heap_pages, ut_find_prime, HashPart, RecRef};
use crate::storage::key::Key;
use crate::storage::page::Page;
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL};
use std::cmp::Ordering;

/// Space id folded with the index id to pick a part until [`Ahi::set_index_spaces`]
/// says otherwise (InnoDB folds `index->space`; file-per-table gives each table one).
const SPACE_ID: u64 = 0;

/// Per-index AHI state.
#[derive(Clone, Debug)]
pub(crate) struct IndexAhi {
    pub(crate) fields: Fields,
    pub(crate) info: SearchInfo,
    pub(crate) part: usize,
}

/// The adaptive hash index of every index of the simulation.
#[derive(Clone, Debug)]
pub struct Ahi {
    pub(crate) version: AhiVersion,
    pub(crate) enabled: bool,
    /// Requested cells of each part after `ut_find_prime`.
    pub(crate) part_cells: u64,
    /// By index id; `None` = no AHI for that index (`disable_ahi`).
    pub(crate) indexes: Vec<Option<IndexAhi>>,
    pub(crate) parts: Vec<HashPart>,
    /// By page number.
    pub(crate) blocks: Vec<BlockInfo>,
    pub(crate) counters: AhiCounters,
}

/// `ut_fold_ulint_pair()`.
fn ut_fold_ulint_pair(n1: u64, n2: u64) -> u64 {
    const UT_HASH_RANDOM_MASK: u64 = 1_463_735_687;
    const UT_HASH_RANDOM_MASK2: u64 = 1_653_893_711;
    ((((n1 ^ n2 ^ UT_HASH_RANDOM_MASK2) << 8).wrapping_add(n1)) ^ UT_HASH_RANDOM_MASK)
        .wrapping_add(n2)
}

impl Ahi {
    /// An empty AHI. `index_fields[id]` lists the byte widths of index `id`'s
    /// `n_unique_in_tree` fields (PK fields for a clustered index, key + PK fields
    /// for a secondary one); an empty list disables the AHI for that index.
    pub fn new(cfg: AhiConfig, index_fields: Vec<Vec<u16>>) -> Ahi {
        let n_parts = cfg.n_parts.clamp(1, 512) as usize;
        let indexes = index_fields
            .iter()
            .enumerate()
            .map(|(id, w)| {
                Fields::new(w).map(|fields| IndexAhi {
                    fields,
                    info: SearchInfo::new(),
                    part: part_for(id as u64, SPACE_ID, n_parts),
                })
            })
            .collect();
        Ahi {
            version: cfg.version,
            enabled: cfg.enabled,
            part_cells: ut_find_prime(cfg.cells / n_parts as u64),
            indexes,
            parts: vec![HashPart::default(); n_parts],
            blocks: Vec::new(),
            counters: AhiCounters::default(),
        }
    }

    /// The partition of `index`: (index id, space id) folded modulo the parts, so
    /// one index always uses one latch.
    // models btr_get_search_part() / 5.7 ut_fold_ulint_pair(id, space) % parts
    pub fn part_of(&self, index: u16) -> usize {
        self.index(index).map_or_else(
            || part_for(u64::from(index), SPACE_ID, self.parts.len()),
            |ix| ix.part,
        )
    }

    /// Sets each index's tablespace (`spaces[index id]`) and so its partition.
    pub fn set_index_spaces(&mut self, spaces: &[u64]) {
        let n_parts = self.parts.len();
        for (id, ix) in self.indexes.iter_mut().enumerate() {
            if let (Some(ix), Some(&space)) = (ix.as_mut(), spaces.get(id)) {
                ix.part = part_for(id as u64, space, n_parts);
            }
        }
    }

    /// `innodb_adaptive_hash_index`.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// The version whose rules apply.
    pub fn version(&self) -> AhiVersion {
        self.version
    }

    /// Counters and gauges.
    pub fn counters(&self) -> &AhiCounters {
        &self.counters
    }

    /// Nodes, cells and heap pages per partition.
    pub fn part_stats(&self) -> Vec<PartStats> {
        self.parts
            .iter()
            .map(|p| PartStats {
                nodes: p.len() as u64,
                cells: self.part_cells,
                heap_pages: heap_pages(p.len()),
            })
            .collect()
    }

    /// Hashed pages in page order (clears `out` first).
    pub fn hashed_pages(&self, out: &mut Vec<PageNo>) {
        out.clear();
        out.extend(
            self.blocks
                .iter()
                .enumerate()
                .filter(|(_, b)| b.curr.is_some())
                .map(|(no, _)| no as PageNo),
        );
    }

    /// True when `page` has hash entries (`block->index != NULL`).
    pub fn is_hashed(&self, page: PageNo) -> bool {
        self.blocks
            .get(page as usize)
            .is_some_and(|b| b.curr.is_some())
    }

    /// The search info of `index` (`None` for an index without AHI).
    pub fn search_info(&self, index: u16) -> Option<&SearchInfo> {
        self.index(index).map(|ix| &ix.info)
    }

    /// The AHI state of `page` (`None` before any search touched it).
    pub fn block_info(&self, page: PageNo) -> Option<&BlockInfo> {
        self.blocks.get(page as usize)
    }

    pub(crate) fn index(&self, index: u16) -> Option<&IndexAhi> {
        self.indexes
            .get(usize::from(index))
            .and_then(Option::as_ref)
    }

    /// The block of `page`, created on first use.
    pub(crate) fn block_mut(&mut self, page: PageNo) -> &mut BlockInfo {
        let i = page as usize;
        if i >= self.blocks.len() {
            self.blocks.resize(i + 1, BlockInfo::NEW);
        }
        &mut self.blocks[i]
    }

    /// Hash lookup for a `PAGE_CUR_GE` search (a point or range read): see
    /// [`Ahi::guess_with`].
    pub fn guess(&mut self, index: u16, key: &Key, store: &PageStore) -> Guess {
        self.guess_with(index, key, SearchMode::Ge, store)
    }

    /// Tries the hash for a search of `key` (whole leading fields) in `mode`: the
    /// gating of `btr_cur_search_to_nth_level` (AHI on, `last_hash_succ`), then the
    /// lookup and `btr_search_check_guess` against the real page. On a hit the caller
    /// also counts a page get and makes the page young if needed.
    // models btr_search_guess_on_hash()
    pub fn guess_with(
        &mut self,
        index: u16,
        key: &Key,
        mode: SearchMode,
        store: &PageStore,
    ) -> Guess {
        if !self.enabled {
            return Guess::NotTried;
        }
        let Some(ix) = self
            .indexes
            .get_mut(usize::from(index))
            .and_then(Option::as_mut)
        else {
            return Guess::NotTried;
        };
        let info = &mut ix.info;
        if !info.last_hash_succ || info.n_hash_potential == 0 {
            return Guess::NotTried;
        }
        let prefix = info.prefix;
        if ix.fields.n_fields_of(key) < prefix.n_fields {
            return Guess::NotTried;
        }
        let fold = ix.fields.fold(index, prefix.n_fields, key);
        info.last_hash_succ = false;
        let Some(part) = self.parts.get_mut(ix.part) else {
            return Guess::NotTried;
        };
        let found = part.get(fold).and_then(|r| {
            let page = store
                .get(r.page)
                .filter(|p| !p.free && p.is_leaf() && p.index == index)?;
            // a unique full-key match decides a PAGE_CUR_GE guess from the record
            // alone; the node's key is the record's (check_invariants keeps it so)
            let (ord, matched) = ix.fields.cmp_tuple_rec(key, &r.key);
            if mode == SearchMode::Ge && ord != Ordering::Greater && matched >= ix.fields.n_unique()
            {
                return Some((r.page, None));
            }
            let pos = locate(page, r)?;
            let moved = (usize::from(r.pos) != pos).then_some(pos as u16);
            check_guess(&ix.fields, page, pos, key, mode).then_some((r.page, moved))
        });
        let Some((page, moved)) = found else {
            self.counters.hash_fails += 1;
            return Guess::Fail;
        };
        if let Some(pos) = moved {
            part.set_pos_hint(fold, pos);
        }
        if info.n_hash_potential < BTR_SEARCH_BUILD_LIMIT + 5 {
            info.n_hash_potential += 1;
        }
        info.last_hash_succ = true;
        self.counters.adaptive_hash_searches += 1;
        Guess::Hit { page }
    }

    /// After a `PAGE_CUR_GE` B-tree descent: see [`Ahi::after_btree_search_with`].
    pub fn after_btree_search(
        &mut self,
        index: u16,
        key: &Key,
        leaf: PageNo,
        store: &PageStore,
        hash_failed: bool,
    ) -> Advice {
        self.after_btree_search_with(index, key, SearchMode::Ge, leaf, store, hash_failed)
    }

    /// Call after every B-tree descent that ended on `leaf` (AHI on or off; it counts
    /// `adaptive_hash_searches_btree`). Updates the index's recommendation and the
    /// page's helps, and advises a build or, after a failed guess
    /// (`hash_failed`), a lazy repair of the pointer.
    // models btr_search_info_update() -> btr_search_info_update_slow()
    pub fn after_btree_search_with(
        &mut self,
        index: u16,
        key: &Key,
        mode: SearchMode,
        leaf: PageNo,
        store: &PageStore,
        hash_failed: bool,
    ) -> Advice {
        self.counters.adaptive_hash_searches_btree += 1;
        if !self.enabled {
            return Advice::None;
        }
        let Some(page) = store
            .get(leaf)
            .filter(|p| !p.free && p.is_leaf() && p.index == index)
        else {
            return Advice::None;
        };
        if leaf as usize >= self.blocks.len() {
            self.blocks.resize(leaf as usize + 1, BlockInfo::NEW);
        }
        let Some(ix) = self
            .indexes
            .get_mut(usize::from(index))
            .and_then(Option::as_mut)
        else {
            return Advice::None;
        };
        ix.info.hash_analysis = ix.info.hash_analysis.saturating_add(1);
        if ix.info.hash_analysis < BTR_SEARCH_HASH_ANALYSIS {
            return Advice::None;
        }
        let (matches, at) = cursor(&ix.fields, store, page, key, mode);
        ix.info.update_hash(matches, ix.fields.n_unique());
        let Some(block) = self.blocks.get_mut(leaf as usize) else {
            return Advice::None;
        };
        if block.update(&mut ix.info, page.n_recs()) {
            return Advice::Build {
                page: leaf,
                prefix: block.recommended,
                part: ix.part,
            };
        }
        if hash_failed && ix.info.n_hash_potential > 0 && block.curr == Some(ix.info.prefix) {
            if let Some(rec) = at.and_then(|i| page.recs.get(i)) {
                return Advice::UpdateRef {
                    page: leaf,
                    part: ix.part,
                    rec: rec.key,
                };
            }
        }
        Advice::None
    }

    /// Inserts or re-points a node, keeping per-page pointer counts and gauges.
    // models ha_insert_for_fold()
    pub(crate) fn node_insert(&mut self, part: usize, fold: u64, r: RecRef) {
        let Some(p) = self.parts.get_mut(part) else {
            return;
        };
        let before = heap_pages(p.len());
        match p.insert(fold, r) {
            Some(old) => {
                if let Some(b) = self.blocks.get_mut(old as usize) {
                    b.n_pointers = b.n_pointers.saturating_sub(1);
                }
            }
            None => self.counters.nodes += 1,
        }
        let after = heap_pages(p.len());
        self.counters.heap_pages = (self.counters.heap_pages + after).saturating_sub(before);
        self.block_mut(r.page).n_pointers += 1;
    }

    /// Removes the node for `fold` when `remove` approves it; true if removed.
    pub(crate) fn node_remove_if(
        &mut self,
        part: usize,
        fold: u64,
        remove: impl FnOnce(&RecRef) -> bool,
    ) -> bool {
        let Some(p) = self.parts.get_mut(part) else {
            return false;
        };
        let before = heap_pages(p.len());
        let Some(r) = p.remove_if(fold, remove) else {
            return false;
        };
        let after = heap_pages(p.len());
        self.counters.heap_pages = (self.counters.heap_pages + after).saturating_sub(before);
        self.counters.nodes = self.counters.nodes.saturating_sub(1);
        if let Some(b) = self.blocks.get_mut(r.page as usize) {
            b.n_pointers = b.n_pointers.saturating_sub(1);
        }
        true
    }
}

/// Part of index `id` in tablespace `space` among `n_parts`.
fn part_for(id: u64, space: u64, n_parts: usize) -> usize {
    (ut_fold_ulint_pair(id, space) % n_parts as u64) as usize
}

/// Position of the record a node points to, checking the hint first.
#[inline]
pub(crate) fn locate(page: &Page, r: &RecRef) -> Option<usize> {
    let hint = usize::from(r.pos);
    if page.recs.get(hint).is_some_and(|x| x.key == r.key) {
        return Some(hint);
    }
    page.recs.search(&r.key).ok()
}

/// Is the hash's record really where a B-tree search for `tuple` would stop?
// models btr_search_check_guess()
#[inline]
fn check_guess(fields: &Fields, page: &Page, pos: usize, tuple: &Key, mode: SearchMode) -> bool {
    let Some(rec) = page.recs.get(pos) else {
        return false;
    };
    let (ord, matched) = fields.cmp_tuple_rec(tuple, &rec.key);
    match mode {
        SearchMode::Ge => {
            if ord == Ordering::Greater {
                return false;
            }
            if matched >= fields.n_unique() {
                return true;
            }
            match pos.checked_sub(1).and_then(|i| page.recs.get(i)) {
                None => page.prev == FIL_NULL,
                Some(prev) => fields.cmp_tuple_rec(tuple, &prev.key).0 == Ordering::Greater,
            }
        }
        SearchMode::Le => {
            if ord == Ordering::Less {
                return false;
            }
            match page.recs.get(pos + 1) {
                None => page.next == FIL_NULL,
                Some(next) => fields.cmp_tuple_rec(tuple, &next.key).0 == Ordering::Less,
            }
        }
    }
}
