//! The row changes of sysbench `oltp_read_write` as statement kinds of the common
//! model (script.rs): each is planned as index searches whose action at the leaf
//! is [`Act::Write`], one mini-transaction per index touched (the record change,
//! the undo record for the clustered one, `MLOG_MULTI_REC_END`); the executor
//! (select.rs) appends the redo and makes the leaf dirty at the mini-transaction's
//! start LSN. `log_free_check` runs once before the statement's first change.
//!
//! Simplification: these changes keep the trees' shape. A secondary entry is
//! delete-marked at its old key and written at its new one in the leaves those keys
//! lead to (purge, which would remove the marks, is not modelled), and the INSERT
//! that follows the DELETE of one id rewrites its delete-marked records in place
//! (`row_ins_clust_index_entry_by_modify`, `row_ins_sec_index_entry_by_modify`).
//! Only the first secondary index (sysbench's `k_1`) is touched.

use super::engine::Engine;
use super::session::{Act, Search, Stmt};
use crate::redo::records;
use crate::sim::cpu::Tid;
use crate::storage::key::Key;

impl Engine {
    /// Chooses the table, id and `k` values of the row change at the thread's
    /// statement, as `oltp_common.lua`'s `execute_index_updates`,
    /// `execute_non_index_updates` and `execute_delete_inserts` (and oltp.lua's
    /// index updates) do: a table unless the script says it runs on the previous
    /// statement's (`picks_table`; the INSERT reuses the DELETE's table and id), and
    /// lists its searches. The row's new version counts at COMMIT (`updated_rows`).
    pub(super) fn plan_write(&mut self, tid: Tid, picks_table: bool) {
        let has_sec = self.table.n_indexes() > 1;
        let per = self.table.n_indexes();
        let t = &self.table;
        let s = &mut self.sessions[tid as usize];
        let stmt = s.stmt;
        if picks_table {
            s.table_no = t.pick_table(&mut s.rng);
        }
        let clustered = (s.table_no * per) as u16;
        let id = if stmt == Stmt::InsertDeleted {
            s.deleted_id
        } else {
            t.point_select_id(&mut s.rng)
        };
        if stmt == Stmt::Delete {
            s.deleted_id = id;
        }
        s.row_id = id as u32;
        s.updated_rows.push((s.table_no, s.row_id));
        let k = if stmt == Stmt::UpdateNonIndex {
            0
        } else {
            t.random_k(&mut s.rng)
        };
        t.row_keys(i64::from(id), k, &mut s.buf);
        let (pk, old_sec) = (s.buf.keys[0], s.buf.keys.get(1).copied());
        let push = |s: &mut super::session::Session, index: u16, key: Key, redo: u64| {
            s.searches.push(Search {
                index,
                key,
                act: Act::Write { redo: redo as u32 },
            });
        };
        let redo = Self::redo_bytes(t, &s.buf.sizes, stmt, 0);
        push(s, clustered, pk, redo);
        if let (true, Some(sec), false) = (has_sec, old_sec, stmt == Stmt::UpdateNonIndex) {
            let redo = Self::redo_bytes(t, &s.buf.sizes, stmt, 1);
            push(s, clustered + 1, sec, redo);
            if stmt == Stmt::UpdateIndex {
                // k = k + 1 moves the entry: delete-mark at the old key, write at
                // the new one (another leaf in general).
                let k2 = t.random_k(&mut s.rng);
                t.row_keys(i64::from(id), k2, &mut s.buf);
                let (sec2, redo) = (s.buf.keys[1], Self::redo_bytes(t, &s.buf.sizes, stmt, 2));
                push(s, clustered + 1, sec2, redo);
            }
        }
        s.key = pk;
    }

    /// Redo bytes of change `i` of a statement (0 = clustered, then the secondary
    /// entries in order): one mini-transaction each.
    fn redo_bytes(t: &super::table::Table, sizes: &[u16], stmt: Stmt, i: u8) -> u64 {
        let rec_size = |ix: usize| sizes.get(ix).copied().unwrap_or(0) as u64;
        let end = records::MULTI_REC_END;
        if i == 0 {
            let nf0 = t.n_fields(0);
            let (change, old) = match stmt {
                // k is an INT: 4 bytes rewritten, the old value (+ field number) undone.
                Stmt::UpdateIndex => (records::update_in_place(nf0, 4, 1), 2 + 4),
                Stmt::UpdateNonIndex => {
                    let c = t.update_col_bytes();
                    (records::update_in_place(nf0, c, 1), 2 + c)
                }
                Stmt::Delete => (records::clust_delete_mark(nf0), 2 + 4),
                _ => (records::rec_insert(rec_size(0), nf0), 0),
            };
            change + records::undo(t.pk_bytes(), old) + end
        } else {
            match (stmt, i) {
                (Stmt::Delete, _) | (Stmt::UpdateIndex, 1) => records::SEC_DELETE_MARK + end,
                _ => records::rec_insert(rec_size(1), t.n_fields(1)) + end,
            }
        }
    }
}
