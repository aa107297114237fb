//! Keeping hash entries right while pages change: splits and moves, row inserts
//! and row deletes.

use super::build::live_leaf;
use super::config::{Advice, Prefix};
use super::sys::Ahi;
use super::table::RecRef;
use crate::storage::btree::TreeEvent;
use crate::storage::key::Key;
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;

impl Ahi {
    /// Applies an advice at once, with no latch to wait for (test harnesses and
    /// tools; the server schedules it under the partition latch).
    pub fn apply_now(&mut self, advice: Advice, store: &PageStore) {
        match advice {
            Advice::Build { page, prefix, .. } => self.build_page(page, prefix, store),
            Advice::UpdateRef { page, rec, .. } => self.update_ref(page, &rec, store),
            Advice::None => {}
        }
    }

    /// Keeps the index in step with a B-tree's structure changes at once: a split or
    /// root raise moves the hash entries (its build advice applied at once), a freed
    /// page drops its own.
    pub fn follow_tree_events(&mut self, ev: &[TreeEvent], store: &PageStore) {
        for e in ev {
            match *e {
                TreeEvent::PageSplit { page, new_page, .. }
                | TreeEvent::RootRaise { page, new_page, .. } => {
                    if let Some(a) = self.on_page_moved_or_split(page, new_page, store) {
                        self.apply_now(a, store);
                    }
                }
                TreeEvent::PageFreed { page } => self.drop_page(page, store),
                _ => {}
            }
        }
    }

    /// Records moved from `old` to `new` (a split, a root raise, a merge). Call once
    /// the move is done. If `new` is already hashed, `old` is dropped; else, if `old`
    /// is hashed, the nodes of the moved records are detached from `old` and the
    /// result asks for a **blocking** build of `new` with `old`'s prefix (apply it
    /// with [`Ahi::build_page`]; skipping it only leaves the moved rows unhashed).
    /// An `old` page that is no longer a leaf (root raise) or was freed is dropped.
    // models btr_search_move_or_delete_hash_entries() (trunk: ..._update_hash_on_move)
    pub fn on_page_moved_or_split(
        &mut self,
        old: PageNo,
        new: PageNo,
        store: &PageStore,
    ) -> Option<Advice> {
        if !self.enabled {
            return None;
        }
        let ob = self.blocks.get(old as usize).copied()?;
        let prefix = ob.curr?;
        let new_hashed = self.is_hashed(new);
        if new_hashed {
            self.drop_block(old, store, Some(new));
            return None;
        }
        let part = self.index(ob.index)?.part;
        self.detach_moved(old, new, ob.index, prefix, store);
        if live_leaf(store, old, ob.index).is_none() {
            self.drop_block(old, store, None);
        }
        let n_new = live_leaf(store, new, ob.index).map_or(0, |p| p.n_recs());
        (n_new > 0).then_some(Advice::Build {
            page: new,
            prefix,
            part,
        })
    }

    /// Removes nodes that point into `old` at records no longer there: first through
    /// the folds of `new`'s records, then, if `old` still has more pointers than its
    /// records explain, by a sweep of the partition.
    fn detach_moved(
        &mut self,
        old: PageNo,
        new: PageNo,
        index: u16,
        prefix: Prefix,
        store: &PageStore,
    ) {
        let Some(part) = self.index(index).map(|ix| ix.part) else {
            return;
        };
        let old_pg = live_leaf(store, old, index);
        let gone = |k: &Key| old_pg.is_none_or(|p| p.recs.search(k).is_err());
        for f in self.distinct_folds(store, new, index, prefix) {
            self.node_remove_if(part, f, |r| r.page == old && gone(&r.key));
        }
        let mut valid = 0u32;
        for f in self.distinct_folds(store, old, index, prefix) {
            let hit = self.parts.get(part).and_then(|p| p.get(f));
            if hit.is_some_and(|r| r.page == old && !gone(&r.key)) {
                valid += 1;
            }
        }
        if self
            .blocks
            .get(old as usize)
            .is_some_and(|b| b.n_pointers > valid)
        {
            self.sweep(part, old, gone);
        }
    }

    /// A row `key` was inserted into `page` through a B-tree cursor: adds the up to
    /// two boundary entries the new record creates (+1 row added each).
    // models btr_search_update_hash_on_insert()
    pub fn on_insert(&mut self, page: PageNo, key: &Key, store: &PageStore) {
        let Some((part, index, prefix)) = self.hashed(page) else {
            return;
        };
        let (Some(pg), Some(ix)) = (live_leaf(store, page, index), self.index(index)) else {
            return;
        };
        let Ok(p) = pg.recs.search(key) else {
            return;
        };
        let fold_of = |k: &Key| ix.fields.fold(index, prefix.n_fields, k);
        let at = |i: usize| pg.recs.get(i).map(|r| (fold_of(&r.key), r.key));
        let ins_fold = fold_of(key);
        let rref = |pos: usize, key: Key| RecRef {
            page,
            pos: pos as u16,
            key,
        };
        let mut adds: Vec<(u64, RecRef)> = Vec::with_capacity(2);
        let left = prefix.left_side;
        match p.checked_sub(1).and_then(at) {
            None if left => adds.push((ins_fold, rref(p, *key))),
            None => {}
            Some((f, k)) if f != ins_fold => {
                adds.push(if left {
                    (ins_fold, rref(p, *key))
                } else {
                    (f, rref(p - 1, k))
                });
            }
            Some(_) => {}
        }
        match at(p + 1) {
            None if !left => adds.push((ins_fold, rref(p, *key))),
            None => {}
            Some((f, k)) if f != ins_fold => {
                adds.push(if left {
                    (f, rref(p + 1, k))
                } else {
                    (ins_fold, rref(p, *key))
                });
            }
            Some(_) => {}
        }
        for (f, r) in adds {
            self.node_insert(part, f, r);
            self.counters.adaptive_hash_rows_added += 1;
        }
    }

    /// A row `key` was inserted into `page` right after the record a hash hit had
    /// positioned the cursor on (`PAGE_CUR_LE`). With a right-side prefix the group's
    /// node moves to the new record (`adaptive_hash_rows_updated`); otherwise this is
    /// [`Ahi::on_insert`].
    // models btr_search_update_hash_node_on_insert()
    pub fn on_insert_via_hash(&mut self, page: PageNo, key: &Key, store: &PageStore) {
        let Some((part, index, prefix)) = self.hashed(page) else {
            return;
        };
        let Some(ix) = self.index(index) else {
            return;
        };
        if prefix.left_side || ix.info.prefix.n_fields != prefix.n_fields {
            self.on_insert(page, key, store);
            return;
        }
        let Some(pg) = live_leaf(store, page, index) else {
            return;
        };
        let Some(cur) = pg.recs.search(key).ok().and_then(|p| p.checked_sub(1)) else {
            return;
        };
        let Some(cur_key) = pg.recs.get(cur).map(|r| r.key) else {
            return;
        };
        let fold = ix.fields.fold(index, prefix.n_fields, key);
        let hit = self.parts.get(part).and_then(|p| p.get(fold));
        if hit.is_some_and(|r| r.page == page && r.key == cur_key) {
            let r = RecRef {
                page,
                pos: (cur + 1) as u16,
                key: *key,
            };
            self.node_insert(part, fold, r);
            self.counters.adaptive_hash_rows_updated += 1;
        }
    }

    /// Row `key` of `page` is being (or was) deleted: removes its node if the node
    /// points at it (`adaptive_hash_rows_removed`), else counts
    /// `adaptive_hash_rows_deleted_no_hash_entry`. Blocking in every version.
    // models btr_search_update_hash_on_delete()
    pub fn on_delete(&mut self, page: PageNo, key: &Key, _store: &PageStore) {
        let Some((part, index, prefix)) = self.hashed(page) else {
            return;
        };
        let Some(ix) = self.index(index) else {
            return;
        };
        let fold = ix.fields.fold(index, prefix.n_fields, key);
        if self.node_remove_if(part, fold, |r| r.page == page && r.key == *key) {
            self.counters.adaptive_hash_rows_removed += 1;
        } else {
            self.counters.adaptive_hash_rows_deleted_no_hash_entry += 1;
        }
    }

    /// (part, index, prefix) of a hashed page while the AHI is on.
    fn hashed(&self, page: PageNo) -> Option<(usize, u16, Prefix)> {
        if !self.enabled {
            return None;
        }
        let b = self.blocks.get(page as usize)?;
        let prefix = b.curr?;
        Some((self.index(b.index)?.part, b.index, prefix))
    }
}
