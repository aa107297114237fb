//! The untimed prepare phase (like `sysbench prepare`): rows are inserted through
//! the same trees and buffer pool, but no virtual time passes.

use super::engine::Engine;
use super::table::{RowBuf, Table};
use crate::sim::rng::{Rng, Stream};
use crate::storage::FIL_NULL;

impl Engine {
    /// Loads `table.prepare_rows` rows.
    pub(super) fn prepare(&mut self) {
        let n = self.scenario.table.prepare_rows;
        let mut rng = Rng::stream(self.scenario.seed, Stream::Prepare);
        let mut buf = RowBuf::default();
        for t in 0..self.table.n_tables {
            self.table.reset_auto_inc();
            self.prepare_table(t, n, &mut rng, &mut buf);
        }
        self.reserved_rows = self.table.rows;
        self.flush_all_untimed();
        // Everything is on disk: the checkpoint catches up with the LSN.
        self.redo.checkpoint(None);
    }

    /// Loads `n` rows into table `t`.
    fn prepare_table(&mut self, t: usize, n: u64, rng: &mut Rng, buf: &mut RowBuf) {
        let first = t * self.table.n_indexes();
        for _ in 0..n {
            self.table.next_insert_row(rng, buf);
            self.table.stamp_auto_inc(buf);
            for i in 0..self.table.n_indexes() {
                let tree = first + i;
                self.table.trees[tree].search_path(&self.store, &buf.keys[i], &mut self.path);
                for k in 0..self.path.len() {
                    let p = self.path[k];
                    if !self.bp.is_resident(p) {
                        self.load_page_untimed(p);
                    }
                    self.bp.access(p, self.now);
                }
                self.tev.clear();
                // The descent above found the leaf: no second descent.
                let leaf = self.path.last().copied().unwrap_or(FIL_NULL);
                if self.table.trees[tree]
                    .insert_with_hint(&mut self.store, Table::rec(buf, i), leaf, &mut self.tev)
                    .is_err()
                {
                    break;
                }
                let mut bytes =
                    crate::redo::records::rec_insert(buf.sizes[i] as u64, self.table.n_fields(i))
                        + crate::redo::records::MULTI_REC_END;
                if i == 0 {
                    bytes += crate::redo::records::undo(self.table.pk_bytes(), 0);
                }
                let lsn = self.redo.append(bytes);
                self.apply_prepare_events(lsn);
                if i + 1 == self.table.n_indexes() {
                    self.table.rows += 1;
                    self.table.note_row_k(t, buf);
                }
            }
        }
    }

    /// After loading, every dirty page is written, as happens in the pause between
    /// `sysbench prepare` and `run` (the page cleaner's idle flushing at
    /// `innodb_idle_flush_pct`): the run starts from a clean pool and an empty
    /// flush list. No virtual time passes.
    fn flush_all_untimed(&mut self) {
        let mut dirty = Vec::new();
        self.bp.flush_list_oldest(usize::MAX, &mut dirty);
        for page in dirty {
            if self.bp.begin_write(page) {
                self.bpev.clear();
                self.bp.complete_write(page, &mut self.bpev);
            }
        }
    }

    fn apply_prepare_events(&mut self, lsn: u64) {
        use crate::storage::btree::TreeEvent;
        for k in 0..self.tev.len() {
            match self.tev[k] {
                TreeEvent::PageCreated { page, .. } => {
                    self.install_created(page);
                    self.bp.mark_dirty(page, lsn);
                }
                TreeEvent::PageModified { page } => {
                    self.bp.mark_dirty(page, lsn);
                }
                TreeEvent::PageSplit { .. } => self.stats.splits += 1,
                TreeEvent::PageFreed { page } => {
                    self.ahi.drop_page(page, &self.store);
                    self.bp.remove(page);
                }
                _ => {}
            }
        }
    }
}
