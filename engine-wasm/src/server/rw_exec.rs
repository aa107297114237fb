//! sysbench `oltp_read_write` (without its range queries): each client runs
//! BEGIN, `point_selects` × `SELECT c WHERE id=?`, `UPDATE SET k=k+1 WHERE id=?`,
//! `UPDATE SET c=? WHERE id=?`, `DELETE WHERE id=?`, `INSERT` of the deleted id,
//! COMMIT. Each statement is a step program like the others (CPU, descents with page
//! reads, the change as one mini-transaction per index touched, redo appended and the
//! leaf made dirty with the mini-transaction's start LSN); COMMIT waits for the log.
//!
//! Simplification: row changes keep the trees' shape. A secondary entry is
//! delete-marked at its old key and written at its new one in the leaves those keys
//! lead to (purge, which would remove the marks, is not modelled), and the delete +
//! insert of one id rewrites its clustered leaf in place.

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{CachedPath, Phase, ThreadState};
use crate::redo::records;
use crate::sim::cpu::Tid;
use crate::sim::Nanos;
use crate::storage::key::Key;

/// A statement of the read_write transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RwOp {
    /// BEGIN.
    Begin,
    /// `SELECT c FROM sbtest WHERE id=?`.
    PointSelect,
    /// `UPDATE sbtest SET k=k+1 WHERE id=?`.
    UpdateIndex,
    /// `UPDATE sbtest SET c=? WHERE id=?`.
    UpdateNonIndex,
    /// `DELETE FROM sbtest WHERE id=?`.
    Delete,
    /// `INSERT INTO sbtest (id, k, c, pad) VALUES (...)` of the deleted id.
    Insert,
    /// COMMIT.
    Commit,
}

impl RwOp {
    /// The statement changes rows (calls `log_free_check`, writes redo).
    pub fn is_write(self) -> bool {
        matches!(
            self,
            RwOp::UpdateIndex | RwOp::UpdateNonIndex | RwOp::Delete | RwOp::Insert
        )
    }
}

impl Engine {
    /// Starts the thread's next read_write statement (a new transaction at step 0).
    pub(super) fn rw_begin(&mut self, tid: Tid) {
        let n_sel = self.scenario.workload.point_selects;
        let step = self.sessions[tid as usize].rw_step;
        if step == 0 && !self.may_start(tid) {
            let s = &mut self.sessions[tid as usize];
            s.phase = Phase::Idle;
            s.state = ThreadState::Idle;
            return;
        }
        let op = match step {
            0 => RwOp::Begin,
            s if s <= n_sel => RwOp::PointSelect,
            s if s == n_sel + 1 => RwOp::UpdateIndex,
            s if s == n_sel + 2 => RwOp::UpdateNonIndex,
            s if s == n_sel + 3 => RwOp::Delete,
            s if s == n_sel + 4 => RwOp::Insert,
            _ => RwOp::Commit,
        };
        let has_sec = self.table.n_indexes() > 1;
        let now = self.now;
        let s = &mut self.sessions[tid as usize];
        s.start = now;
        s.ready_at = now;
        s.phase = Phase::Locate;
        s.is_insert = false;
        s.cur_index = 0;
        s.extra_cost = 0;
        s.insert_ok = true;
        s.hash_failed = false;
        s.hash_tried = true;
        s.ahi_work = crate::ahi::Advice::None;
        s.free_checked = false;
        s.rw_op = op;
        s.rw_i = 0;
        s.rw_n = 0;
        let t = &self.table;
        let push = |s: &mut super::session::Session, idx: u8, key: Key| {
            s.rw_targets[s.rw_n as usize] = (idx, key);
            s.rw_n += 1;
        };
        match op {
            RwOp::Begin | RwOp::Commit => {}
            RwOp::PointSelect | RwOp::UpdateNonIndex => {
                let id = t.random_id(&mut s.rng);
                t.row_keys(id, 0, &mut s.buf);
                let key = s.buf.keys[0];
                push(s, 0, key);
            }
            RwOp::UpdateIndex | RwOp::Delete | RwOp::Insert => {
                let id = if op == RwOp::Insert {
                    s.rw_del_id
                } else {
                    t.random_id(&mut s.rng)
                };
                if op == RwOp::Delete {
                    s.rw_del_id = id;
                }
                let k = t.random_k(&mut s.rng);
                t.row_keys(id, k, &mut s.buf);
                let (pk, sec) = (s.buf.keys[0], s.buf.keys.get(1).copied());
                push(s, 0, pk);
                if let (true, Some(sec)) = (has_sec, sec) {
                    push(s, 1, sec);
                    if op == RwOp::UpdateIndex {
                        // k = k + 1 moves the entry: delete-mark at the old key, write
                        // at the new one (another leaf in general).
                        let k2 = t.random_k(&mut s.rng);
                        t.row_keys(id, k2, &mut s.buf);
                        let sec2 = s.buf.keys[1];
                        push(s, 1, sec2);
                    }
                }
            }
        }
        self.run_cpu(tid, STATEMENT_NS);
    }

    /// Redo bytes of descent `i` of a write (one mini-transaction: the index record
    /// change, the undo record for the clustered one, `MLOG_MULTI_REC_END`).
    fn rw_redo_bytes(&self, tid: Tid, op: RwOp, i: u8) -> u64 {
        let sizes = &self.sessions[tid as usize].buf.sizes;
        let rec_size = |ix: usize| sizes.get(ix).copied().unwrap_or(0) as u64;
        let t = &self.table;
        let pk = t.pk_bytes();
        let nf0 = t.n_fields(0);
        let end = records::MULTI_REC_END;
        if i == 0 {
            let (change, old) = match op {
                RwOp::UpdateIndex => (records::update_in_place(nf0, 4, 1), 2 + 4),
                RwOp::UpdateNonIndex => {
                    let c = t.update_col_bytes();
                    (records::update_in_place(nf0, c, 1), 2 + c)
                }
                RwOp::Delete => (records::clust_delete_mark(nf0), 2 + 4),
                _ => (records::rec_insert(rec_size(0), nf0), 0),
            };
            change + records::undo(pk, old) + end
        } else {
            let nf1 = t.n_fields(1);
            let size = rec_size(1);
            match (op, i) {
                (RwOp::Delete, _) | (RwOp::UpdateIndex, 1) => records::SEC_DELETE_MARK + end,
                _ => records::rec_insert(size, nf1) + end,
            }
        }
    }

    /// The statement's descents: `log_free_check` first for a change; each descent
    /// fixes its path (reading missing pages, the thread waits), then reads the row or
    /// changes it (redo appended, the leaf made dirty).
    pub(super) fn rw_locate(&mut self, tid: Tid) {
        let op = self.sessions[tid as usize].rw_op;
        if op.is_write() && !self.sessions[tid as usize].free_checked && !self.log_free_check(tid) {
            return;
        }
        {
            let n = self.table.n_indexes();
            let s = &mut self.sessions[tid as usize];
            if s.paths.len() < n {
                s.paths.resize_with(n, CachedPath::default);
            }
        }
        while self.sessions[tid as usize].rw_i < self.sessions[tid as usize].rw_n {
            let i = self.sessions[tid as usize].rw_i;
            let (idx, key) = self.sessions[tid as usize].rw_targets[i as usize];
            if let Some(missing) = self.fix_path_key(tid, idx as usize, key) {
                self.sessions[tid as usize].state = ThreadState::WaitIo;
                self.release_core();
                self.request_read(missing, tid);
                return;
            }
            let levels = self.sessions[tid as usize].paths[idx as usize].pages.len();
            for k in 0..levels {
                let p = self.sessions[tid as usize].paths[idx as usize].pages[k];
                self.bp.access(p, self.now);
            }
            let leaf = self.sessions[tid as usize].paths[idx as usize]
                .pages
                .last()
                .copied();
            let mut cost = levels as Nanos * PER_LEVEL_NS;
            if op.is_write() {
                let bytes = self.rw_redo_bytes(tid, op, i);
                let lsn = self.redo.append(bytes);
                if let Some(leaf) = leaf {
                    self.bp.mark_dirty(leaf, lsn);
                }
                cost += ROW_INSERT_NS;
            } else {
                self.stats.rows_read += 1;
                cost += ROW_SEND_NS;
            }
            self.unfix_all(tid);
            let s = &mut self.sessions[tid as usize];
            s.extra_cost += cost;
            s.rw_i += 1;
        }
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::Finish;
        s.pending_cost = s.extra_cost;
        self.queue.push(self.now + s.extra_cost, Ev::Cpu(tid));
    }

    /// After the statement's CPU: COMMIT appends its redo and waits for the log write
    /// (group commit: latency-bound); every other statement completes at once.
    pub(super) fn rw_commit(&mut self, tid: Tid) {
        if self.sessions[tid as usize].rw_op != RwOp::Commit {
            self.finish_statement(tid);
            return;
        }
        self.redo.append(records::COMMIT);
        let s = &mut self.sessions[tid as usize];
        let start = s.ready_at.max(self.now);
        let done = self.log_dev.submit(start, crate::sim::io::IoKind::Write);
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::Commit;
        s.state = ThreadState::WaitIo;
        self.queue.push(done, Ev::Wake(tid));
    }

    /// Counts a completed read_write statement and moves to the next one.
    pub(super) fn rw_count(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        match s.rw_op {
            RwOp::PointSelect => self.stats.selects += 1,
            RwOp::Insert => {
                self.stats.inserts += 1;
                self.stats.rows_inserted += 1;
            }
            RwOp::UpdateIndex | RwOp::UpdateNonIndex => self.stats.writes += 1,
            RwOp::Delete => self.stats.deletes += 1,
            RwOp::Commit => self.stats.transactions += 1,
            RwOp::Begin => self.stats.begins += 1,
        }
        s.rw_step = if s.rw_op == RwOp::Commit {
            0
        } else {
            s.rw_step + 1
        };
    }
}
