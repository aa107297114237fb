//! Consistency checks of the AHI against the pages: no node may point at a freed,
//! evicted or unhashed page, or at a record that is not there.

use super::build::live_leaf;
use super::sys::Ahi;
use super::table::heap_pages;
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;

impl Ahi {
    /// [`Ahi::check_invariants_with`] with every page taken as resident.
    pub fn check_invariants(&self, store: &PageStore) -> Result<(), String> {
        self.check_invariants_with(store, |_| true)
    }

    /// Checks that every node points to a live, `resident`, hashed leaf of its index
    /// holding the node's record, whose prefix folds to the node's fold, in the
    /// index's partition; that per-page pointer counts, per-index `ref_count`s and
    /// the gauges match; and that nothing is hashed while the AHI is off.
    pub fn check_invariants_with(
        &self,
        store: &PageStore,
        resident: impl Fn(PageNo) -> bool,
    ) -> Result<(), String> {
        let mut pointers = vec![0u32; self.blocks.len()];
        let mut nodes = 0u64;
        let mut heap = 0u64;
        for (part_no, part) in self.parts.iter().enumerate() {
            nodes += part.len() as u64;
            heap += heap_pages(part.len());
            for (fold, r) in part.nodes() {
                let at = format!(
                    "part {part_no} node {fold:#x} -> page {} {:?}",
                    r.page, r.key
                );
                let b = self
                    .blocks
                    .get(r.page as usize)
                    .filter(|b| b.curr.is_some())
                    .ok_or_else(|| format!("{at}: page not hashed"))?;
                let prefix = b.curr.unwrap_or(super::Prefix::INITIAL);
                let ix = self
                    .index(b.index)
                    .ok_or_else(|| format!("{at}: index {} has no AHI", b.index))?;
                if ix.part != part_no {
                    return Err(format!(
                        "{at}: index {} belongs to part {}",
                        b.index, ix.part
                    ));
                }
                let pg = live_leaf(store, r.page, b.index).ok_or_else(|| {
                    format!("{at}: page freed or not a leaf of index {}", b.index)
                })?;
                if !resident(r.page) {
                    return Err(format!("{at}: page not in the buffer pool"));
                }
                if pg.recs.search(&r.key).is_err() {
                    return Err(format!("{at}: record not on the page"));
                }
                if ix.fields.fold(b.index, prefix.n_fields, &r.key) != fold {
                    return Err(format!("{at}: record folds elsewhere under {prefix:?}"));
                }
                if let Some(c) = pointers.get_mut(r.page as usize) {
                    *c += 1;
                }
            }
        }
        let mut refs = vec![0u32; self.indexes.len()];
        let mut hashed = 0u64;
        for (no, b) in self.blocks.iter().enumerate() {
            let no = no as PageNo;
            let counted = pointers.get(no as usize).copied().unwrap_or(0);
            if b.n_pointers != counted {
                return Err(format!(
                    "page {no}: n_pointers {} but {counted} nodes",
                    b.n_pointers
                ));
            }
            if b.curr.is_none() {
                continue;
            }
            if !self.enabled {
                return Err(format!("page {no} hashed while the AHI is off"));
            }
            hashed += 1;
            if live_leaf(store, no, b.index).is_none() || !resident(no) {
                return Err(format!("page {no} hashed but freed, evicted or not a leaf"));
            }
            if let Some(c) = refs.get_mut(usize::from(b.index)) {
                *c += 1;
            }
        }
        for (id, ix) in self.indexes.iter().enumerate() {
            let want = refs.get(id).copied().unwrap_or(0);
            if let Some(ix) = ix {
                if ix.info.ref_count != want {
                    return Err(format!(
                        "index {id}: ref_count {} but {want} pages",
                        ix.info.ref_count
                    ));
                }
            }
        }
        let c = &self.counters;
        if (c.nodes, c.heap_pages, c.hashed_pages) != (nodes, heap, hashed) {
            return Err(format!(
                "gauges nodes/heap/hashed {}/{}/{} but counted {nodes}/{heap}/{hashed}",
                c.nodes, c.heap_pages, c.hashed_pages
            ));
        }
        Ok(())
    }
}
