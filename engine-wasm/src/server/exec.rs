//! A statement's step program: CPU step → locate (read missing pages) → logical
//! action → remaining CPU → commit wait → done. Timing and contention emerge from
//! cores, IO waits and the buffer pool; the uncontended path makes one event.

use super::cost::*;
use super::engine::{Engine, Ev};
use super::session::{CachedPath, Phase, Stmt, ThreadState};
use super::table::Table;
use crate::ahi::Advice;
use crate::redo::records;
use crate::sim::cpu::Tid;
use crate::sim::io::IoKind;
use crate::sim::Nanos;
use crate::storage::btree::{SplitKind, TreeEvent};
use crate::storage::{PageNo, FIL_NULL};
use crate::trace::TraceKind;

impl Engine {
    /// A statement reaches the server: `Questions` (dispatch_command) and its
    /// `Com_xxx` (mysql_execute_command) count now, before it runs, as MySQL counts
    /// them; a SELECT's `Com_select` waits for the query cache lookup, whose hits
    /// are not Com_select (qc_after). So a statement in flight is already counted:
    /// `Com_insert` ≥ `Innodb_rows_inserted` ≥ the inserts that completed.
    fn count_dispatch(&mut self, stmt: Stmt) {
        self.stats.queries += 1;
        let com = match stmt {
            Stmt::Insert | Stmt::InsertDeleted => &mut self.stats.inserts,
            Stmt::UpdateIndex | Stmt::UpdateNonIndex => &mut self.stats.updates,
            Stmt::Delete => &mut self.stats.deletes,
            Stmt::Begin => &mut self.stats.begins,
            Stmt::Commit => &mut self.stats.commits,
            // counted in begin_statement or at the query cache miss
            Stmt::Point | Stmt::Secondary | Stmt::RandomPoints | Stmt::Range(_) => return,
        };
        *com += 1;
    }

    /// Starts the thread's next statement (the next of its event's script, see
    /// script.rs), or parks it when there is no more work.
    pub(super) fn begin_statement(&mut self, tid: Tid) {
        let pos = self.sessions[tid as usize].txn_pos;
        if pos == 0 && !self.may_start(tid) {
            let s = &mut self.sessions[tid as usize];
            s.phase = Phase::Idle;
            s.state = ThreadState::Idle;
            self.note_if_finished();
            return;
        }
        // Open loop: a new event starts only when one has arrived.
        if pos == 0 && self.scenario.workload.rate_tps > 0.0 {
            if self.pending_arrivals == 0 {
                let s = &mut self.sessions[tid as usize];
                s.phase = Phase::Idle;
                s.state = ThreadState::Idle;
                self.idle_workers.push_back(tid);
                return;
            }
            self.pending_arrivals -= 1;
        }
        let step = self.script[pos.min(self.script.len() - 1)];
        let stmt = step.stmt;
        self.count_dispatch(stmt);
        let insert = stmt == Stmt::Insert;
        let ends_writing = self.ends_writing_trx(tid, stmt);
        let s = &mut self.sessions[tid as usize];
        s.start = self.now;
        if pos == 0 {
            s.txn_start = self.now;
        }
        s.ready_at = self.now;
        s.phase = Phase::Locate;
        s.is_insert = insert;
        s.stmt = stmt;
        s.cur_index = 0;
        s.extra_cost = 0;
        s.insert_ok = true;
        s.hash_failed = false;
        s.hash_tried = false;
        s.ahi_work = crate::ahi::Advice::None;
        s.free_checked = false;
        s.qc_hit = false;
        s.qc_reg = None;
        s.rows_sent = 0;
        s.searches.clear();
        // The one place that decides what a row change implies: the transaction
        // has written, and its end (the COMMIT, or this statement in autocommit
        // mode) writes the commit record, waits for the log and invalidates the
        // written tables' cached queries (log_commit; see ends_writing_trx).
        if stmt.is_write() {
            s.trx_wrote = true;
        }
        s.log_commit = ends_writing;
        match stmt {
            Stmt::Begin | Stmt::Commit => {
                s.phase = Phase::Finish;
                self.run_cpu(tid, STATEMENT_NS);
                return;
            }
            Stmt::Insert => self.table.next_insert_row(&mut s.rng, &mut s.buf),
            _ if stmt.is_write() => self.plan_write(tid, step.picks_table),
            _ => self.plan_statement(tid, step.picks_table),
        }
        if stmt.is_write() {
            // the row change's IX lock and the transaction's id (qc_innodb.rs)
            let s = &mut self.sessions[tid as usize];
            self.qc_gate.on_write(&mut s.trx_qc, s.table_no);
        }
        if stmt.is_cacheable_select() {
            if self.qc_lookup_applies() {
                // Com_select counts once the lookup misses (qc_after)
                self.qc_begin_select(tid);
                return;
            }
            self.stats.selects += 1;
            if self.qc.active()
                && self.scenario.server.query_cache_type != crate::scenario::QueryCacheType::Off
            {
                // SQL_NO_CACHE: no lookup, and is_cacheable refuses it
                self.qc.refuse();
            }
        }
        // Descents are charged per level when they happen (a hash hit skips them).
        self.run_cpu(tid, STATEMENT_NS);
    }

    /// Puts the thread on a core for `cost` ns (or in the run queue).
    pub(super) fn run_cpu(&mut self, tid: Tid, cost: Nanos) {
        let s = &mut self.sessions[tid as usize];
        s.pending_cost = cost;
        if self.cpu.request(tid) {
            s.state = ThreadState::Running;
            self.queue.push(self.now + cost, Ev::Cpu(tid));
        } else {
            s.state = ThreadState::WaitCpu;
        }
    }

    /// Gives the current thread's core to the next runnable thread.
    pub(super) fn release_core(&mut self) {
        if let Some(next) = self.cpu.release() {
            let s = &mut self.sessions[next as usize];
            s.state = ThreadState::Running;
            self.queue.push(self.now + s.pending_cost, Ev::Cpu(next));
        }
    }

    pub(super) fn on_cpu_done(&mut self, tid: Tid) {
        self.cpu.busy_ns += self.sessions[tid as usize].pending_cost;
        match self.sessions[tid as usize].phase {
            Phase::Locate => self.locate_and_act(tid),
            Phase::Finish => {
                if self.qc_before_commit(tid) {
                    return;
                }
                self.release_core();
                self.commit(tid);
            }
            Phase::Commit | Phase::Idle | Phase::QcWait | Phase::QcMutexSleep => {
                self.release_core()
            }
            Phase::AhiSpin | Phase::AhiRetry | Phase::AhiWork => self.on_ahi_cpu_done(tid),
            Phase::QcRequest | Phase::QcHeld | Phase::QcParse | Phase::QcMutexSpin => {
                self.on_qc_cpu_done(tid)
            }
        }
    }

    /// The statement's index work, one index at a time as `row_ins_index_entry`
    /// does (clustered first, then each secondary): descend, keeping every page of
    /// the path buffer-fixed (latch coupling), read a missing page (the thread waits,
    /// its core goes to another thread), then act on that index and unfix.
    pub(super) fn locate_and_act(&mut self, tid: Tid) {
        let s = &self.sessions[tid as usize];
        // log_free_check before the statement's first mini-transaction.
        if s.stmt.is_write() && !s.free_checked && !self.log_free_check(tid) {
            return;
        }
        if !self.sessions[tid as usize].is_insert {
            return self.locate_searches(tid);
        }
        let n_idx = self.table.n_indexes();
        {
            let s = &mut self.sessions[tid as usize];
            if s.paths.len() < n_idx {
                s.paths.resize_with(n_idx, CachedPath::default);
            }
        }
        while self.sessions[tid as usize].cur_index < n_idx {
            let i = self.sessions[tid as usize].cur_index;
            let key = self.sessions[tid as usize].buf.keys[i];
            if let Some(missing) = self.fix_path(tid, i, i, key) {
                self.sessions[tid as usize].state = ThreadState::WaitIo;
                self.release_core();
                self.request_read(missing, tid);
                return;
            }
            // One page get per level (buf_page_get_gen), then the action.
            let levels = self.sessions[tid as usize].paths[i].pages.len();
            for k in 0..levels {
                let p = self.sessions[tid as usize].paths[i].pages[k];
                self.bp.access(p, self.now);
            }
            self.sessions[tid as usize].extra_cost += levels as Nanos * PER_LEVEL_NS;
            let ok = self.insert_into(tid, i);
            let s = &mut self.sessions[tid as usize];
            s.cur_index = if ok { i + 1 } else { n_idx };
            self.unfix_all(tid);
        }
        if self.sessions[tid as usize].insert_ok {
            self.table.rows += 1;
            self.stats.rows_inserted += 1;
        }
        self.finish_cpu(tid);
    }

    /// The statement's index work is done: run its remaining CPU, then commit.
    pub(super) fn finish_cpu(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        s.phase = Phase::Finish;
        s.state = ThreadState::Running;
        s.pending_cost = s.extra_cost;
        self.queue.push(self.now + s.extra_cost, Ev::Cpu(tid));
    }

    /// Refreshes the cached path `slot` (a search of `key` in tree `index`) if the
    /// tree or the key changed, and buffer-fixes its resident pages from the root
    /// down; returns the first page that is not usable yet (absent or being read).
    pub(super) fn fix_path(
        &mut self,
        tid: Tid,
        slot: usize,
        index: usize,
        key: crate::storage::key::Key,
    ) -> Option<PageNo> {
        let s = &mut self.sessions[tid as usize];
        let tree = &self.table.trees[index];
        let cached = &mut s.paths[slot];
        if cached.clock != tree.modify_clock || cached.key != key {
            tree.search_path(&self.store, &key, &mut cached.pages);
            cached.clock = tree.modify_clock;
            cached.key = key;
        }
        for &p in &cached.pages {
            if s.fixed.contains(&p) {
                continue;
            }
            if !self.bp.fix_if_ready(p) {
                return Some(p);
            }
            s.fixed.push(p);
        }
        None
    }

    /// Releases every page the thread has buffer-fixed.
    pub(super) fn unfix_all(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        for &p in &s.fixed {
            self.bp.unfix(p);
        }
        s.fixed.clear();
    }

    /// Inserts the row's entry into index `i` (taking the AUTO_INCREMENT value just
    /// before the clustered insert); false when the clustered index rejects it.
    fn insert_into(&mut self, tid: Tid, i: usize) -> bool {
        if i == 0 {
            self.table
                .stamp_auto_inc(&mut self.sessions[tid as usize].buf);
        }
        let rec = Table::rec(&self.sessions[tid as usize].buf, i);
        // The leaf found by the descent, if nothing changed the tree or the key since.
        let tree = &mut self.table.trees[i];
        let hint = match self.sessions[tid as usize].paths.get(i) {
            Some(c) if c.clock == tree.modify_clock && c.key == rec.key => {
                c.pages.last().copied().unwrap_or(FIL_NULL)
            }
            _ => FIL_NULL,
        };
        self.tev.clear();
        if tree
            .insert_with_hint(&mut self.store, rec, hint, &mut self.tev)
            .is_err()
        {
            // Only the clustered index can reject (duplicate PK): nothing written.
            self.stats.duplicate_keys += 1;
            self.sessions[tid as usize].insert_ok = false;
            return false;
        }
        // One mini-transaction: the record, its undo record (clustered), and any split.
        let mut bytes =
            records::rec_insert(rec.size as u64, self.table.n_fields(i)) + records::MULTI_REC_END;
        if i == 0 {
            bytes += records::undo(self.table.pk_bytes(), 0);
        }
        let lsn = self.redo.append(bytes);
        let cost = ROW_INSERT_NS + self.apply_tree_events(tid, i as u16, lsn);
        if self.ahi.enabled() {
            // btr_search_update_hash_on_insert on the record's leaf.
            self.table.trees[i].search_path(&self.store, &rec.key, &mut self.path);
            if let Some(&leaf) = self.path.last() {
                self.ahi.on_insert(leaf, &rec.key, &self.store);
            }
        }
        self.sessions[tid as usize].extra_cost += cost;
        true
    }

    /// Reflects B+tree events in the buffer pool (created pages, dirty pages) and the
    /// trace; returns extra CPU for splits.
    pub(super) fn apply_tree_events(&mut self, tid: Tid, index: u16, lsn: u64) -> Nanos {
        let mut cost = 0;
        for k in 0..self.tev.len() {
            match self.tev[k] {
                TreeEvent::PageCreated { page, .. } => {
                    let ready = self.install_created(page);
                    let s = &mut self.sessions[tid as usize];
                    s.ready_at = s.ready_at.max(ready);
                    self.bp.mark_dirty(page, lsn);
                }
                TreeEvent::PageModified { page } => {
                    self.bp.mark_dirty(page, lsn);
                }
                TreeEvent::PageSplit {
                    page,
                    new_page,
                    level,
                    kind,
                    ..
                } => {
                    cost += PAGE_SPLIT_NS;
                    self.log_split(index, new_page);
                    self.stats.splits += 1;
                    self.note_split(page);
                    self.note_split(new_page);
                    self.ahi_page_moved(page, new_page);
                    if self.tracing {
                        let split = match kind {
                            SplitKind::ToRight => "to_right",
                            SplitKind::ToLeft => "to_left",
                            SplitKind::Middle => "middle",
                        };
                        self.trace.push(
                            self.now,
                            TraceKind::PageSplit {
                                index,
                                page,
                                new_page,
                                level,
                                split,
                            },
                        );
                    }
                }
                TreeEvent::RootRaise {
                    page,
                    new_page,
                    level,
                    ..
                } => {
                    cost += PAGE_SPLIT_NS;
                    self.log_split(index, new_page);
                    self.ahi_page_moved(page, new_page);
                    if self.tracing {
                        self.trace.push(
                            self.now,
                            TraceKind::RootRaise {
                                index,
                                page,
                                new_page,
                                level,
                            },
                        );
                    }
                }
                TreeEvent::PageFreed { page } => {
                    self.ahi.drop_page(page, &self.store);
                    self.bp.remove(page);
                }
                _ => {}
            }
        }
        cost
    }

    /// Records moved from `old` to `new` (split, root raise): the hash of the moved
    /// records follows them (`btr_search_move_or_delete_hash_entries`). The rebuild
    /// it may ask for blocks in every version; it is applied at once here.
    fn ahi_page_moved(&mut self, old: PageNo, new: PageNo) {
        if let Some(Advice::Build { page, prefix, .. }) =
            self.ahi.on_page_moved_or_split(old, new, &self.store)
        {
            self.ahi.build_page(page, prefix, &self.store);
        }
    }

    /// The redo of a split or root raise: the records now on `new_page` were copied.
    fn log_split(&mut self, index: u16, new_page: PageNo) {
        let moved = self
            .store
            .pages
            .get(new_page as usize)
            .map_or(0, |p| p.data_bytes as u64);
        let nf = self.table.n_fields(index as usize);
        self.redo.append(records::page_split(moved, nf, 20));
    }

    fn note_split(&mut self, page: u32) {
        let p = page as usize;
        if self.split_seq.len() <= p {
            self.split_seq.resize(p + 1, 0);
        }
        self.split_seq[p] = self.stats.splits;
    }

    /// Whether `stmt`, run now by the thread, ends a transaction that changed rows:
    /// a COMMIT after writes, or a row change in autocommit mode (a script without
    /// BEGIN). Such an end writes the commit record and waits for the log
    /// (`trx_commit` → `log_write_up_to`), and the written tables' cached queries go
    /// (`Query_cache::invalidate` at commit, qc_exec.rs).
    fn ends_writing_trx(&self, tid: Tid, stmt: Stmt) -> bool {
        let autocommit = self.script.first().is_some_and(|f| f.stmt != Stmt::Begin);
        match stmt {
            Stmt::Commit => self.sessions[tid as usize].trx_wrote,
            stmt => autocommit && stmt.is_write(),
        }
    }

    /// The statement's end: wait until any page it created is ready; the end of a
    /// transaction that changed rows (`log_commit`) writes the commit record and
    /// waits for the log (group commit: latency, not IOPS, bound).
    pub(super) fn commit(&mut self, tid: Tid) {
        // a transaction's end releases its table locks (qc_innodb.rs, lock_release)
        let autocommit = self.script.first().is_some_and(|f| f.stmt != Stmt::Begin);
        let s = &mut self.sessions[tid as usize];
        if autocommit || s.stmt == Stmt::Commit {
            self.qc_gate.on_end(&mut s.trx_qc);
        }
        let durable = self.sessions[tid as usize].log_commit;
        if durable {
            self.redo.append(records::COMMIT);
        }
        let s = &mut self.sessions[tid as usize];
        if !durable && s.ready_at <= self.now {
            self.finish_statement(tid);
            return;
        }
        let start = s.ready_at.max(self.now);
        let done = if durable {
            self.log_dev.submit(start, IoKind::Write)
        } else {
            start
        };
        s.phase = Phase::Commit;
        s.state = ThreadState::WaitIo;
        self.queue.push(done, Ev::Wake(tid));
    }

    pub(super) fn on_wake(&mut self, tid: Tid) {
        match self.sessions[tid as usize].phase {
            Phase::Commit => self.finish_statement(tid),
            Phase::Locate => self.run_cpu(tid, RESUME_NS),
            Phase::AhiRetry => self.run_cpu(tid, CONTEXT_SWITCH_NS),
            Phase::QcWait => self.on_qc_wake(tid),
            Phase::QcMutexSleep => self.on_qc_mutex_wake(tid),
            _ => {}
        }
    }

    fn finish_statement(&mut self, tid: Tid) {
        let s = &mut self.sessions[tid as usize];
        self.stats.completed += 1;
        if s.stmt.is_write() {
            self.stats.writes_completed += 1;
        }
        match s.stmt {
            Stmt::InsertDeleted => self.stats.rows_inserted += 1,
            Stmt::UpdateIndex | Stmt::UpdateNonIndex => self.stats.rows_updated += 1,
            Stmt::Delete => self.stats.rows_deleted += 1,
            _ => {}
        }
        // sysbench's event: the whole script (one statement, or a transaction).
        if s.txn_pos + 1 >= self.script.len() {
            let lat = self.now - s.txn_start;
            self.hist.record(lat);
            self.hist_iv.record(lat);
            self.stats.transactions += 1;
            s.txn_pos = 0;
        } else {
            s.txn_pos += 1;
        }
        self.begin_statement(tid);
    }
}
