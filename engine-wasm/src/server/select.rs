//! A select's step program: a list of index searches (`row_search_mvcc` →
//! `btr_pcur_open` → `btr_cur_search_to_nth_level`), each tried on the AHI first,
//! else a B-tree descent that reads missing pages; then the action at the leaf
//! (a row, the matches of a secondary key, a range). Costs come from cost.rs.

use super::cost::*;
use super::engine::Engine;
use super::session::{Act, CachedPath, RangeKind, Search, Stmt, ThreadState, RANGE_SIZE};
use crate::scenario::KValues;
use crate::sim::cpu::Tid;
use crate::sim::Nanos;
use crate::storage::key::Key;
use crate::storage::{PageNo, FIL_NULL};

impl Engine {
    /// Chooses the table and keys of a statement that searches an index, as
    /// sysbench's `oltp_common.lua` does: a table per statement unless the script
    /// says it runs on the previous one's (`picks_table`), ids and `k` from `sb_rand`.
    pub(super) fn plan_statement(&mut self, tid: Tid, picks_table: bool) {
        let per = self.table.n_indexes();
        let s = &mut self.sessions[tid as usize];
        let stmt = s.stmt;
        if matches!(stmt, Stmt::Begin | Stmt::Commit) || stmt.is_write() {
            return;
        }
        if picks_table {
            s.table_no = self.table.pick_table(&mut s.rng);
        }
        let clustered = (s.table_no * per) as u16;
        let existing = self.scenario.workload.k_values == KValues::Existing;
        let search = match stmt {
            Stmt::RandomPoints => return self.plan_random_points(tid, clustered),
            Stmt::Secondary => {
                let k = if existing {
                    self.table.existing_k(&mut s.rng, s.table_no)
                } else {
                    self.table.k_draw(&mut s.rng)
                };
                s.row_id = k as u32;
                Search {
                    index: clustered + 1,
                    key: Key::from_i32(k),
                    act: Act::Matches { clustered },
                }
            }
            Stmt::Range(kind) => {
                let first = self.table.point_select_id(&mut s.rng);
                s.row_id = first as u32;
                Search {
                    index: clustered,
                    key: Key::from_i32(first),
                    act: Act::Range {
                        last: Key::from_i32(first.saturating_add(RANGE_SIZE - 1)),
                        kind,
                    },
                }
            }
            _ => {
                let id = self.table.point_select_id(&mut s.rng);
                s.row_id = id as u32;
                Search {
                    index: clustered,
                    key: Key::from_i32(id),
                    act: Act::Row,
                }
            }
        };
        s.key = search.key;
        s.searches.push(search);
    }

    /// `SELECT id, k, c, pad FROM sbtest1 WHERE k IN (v1, …, vN)`, sysbench's
    /// `select_random_points`: each thread draws its N values by `sb_rand` in its
    /// own slice of `1..table_size` (`rlen = table_size / threads`, from
    /// `rlen·tid` to `rlen·(tid + 1)`), or, with `k_values = "existing"`, takes the
    /// `k` of N random rows. The range optimizer turns the list into sorted,
    /// merged single-value ranges (`get_mm_tree` → `SEL_ARG` tree), and the range
    /// scan reads them in order: per range one search of the k index
    /// (`handler::read_range_first` → `row_search_mvcc`), the matches, and a
    /// clustered lookup per match (pushed by `Act::Matches`).
    fn plan_random_points(&mut self, tid: Tid, clustered: u16) {
        let threads = self.scenario.workload.threads.max(1);
        let n = self.scenario.workload.random_points as usize;
        let existing = self.scenario.workload.k_values == KValues::Existing;
        let rlen = f64::from(self.scenario.workload.table_size) / f64::from(threads);
        let lo = rlen * f64::from(tid % threads);
        let (lo, hi) = (lo as u32, (lo + rlen) as u32);
        let s = &mut self.sessions[tid as usize];
        // The values sorted and distinct, each put in its place as it is drawn (a
        // short list: no sort routine in the wasm module, issue #2).
        let mut ks: Vec<i32> = Vec::with_capacity(n);
        for _ in 0..n {
            let k = if existing {
                self.table.existing_k(&mut s.rng, s.table_no)
            } else {
                self.table.k_draw_in(&mut s.rng, lo, hi)
            };
            if let Err(i) = ks.binary_search(&k) {
                ks.insert(i, k);
            }
        }
        s.row_id = ks.first().copied().unwrap_or(0) as u32;
        s.key = Key::from_i32(s.row_id as i32);
        for k in ks {
            s.searches.push(Search {
                index: clustered + 1,
                key: Key::from_i32(k),
                act: Act::Matches { clustered },
            });
        }
    }

    /// Runs the statement's searches from `cur_index` on (a select's, or a row
    /// change's: write.rs); returns when the thread waits (a page read, an AHI
    /// latch) or has queued its remaining CPU.
    pub(super) fn locate_searches(&mut self, tid: Tid) {
        loop {
            let s = &mut self.sessions[tid as usize];
            let i = s.cur_index;
            let Some(&Search { index, key, act }) = s.searches.get(i) else {
                break;
            };
            if s.paths.len() <= i {
                s.paths.resize_with(i + 1, CachedPath::default);
            }
            let hashed = if s.hash_tried {
                None
            } else {
                self.try_hash(tid, index, &key)
            };
            let leaf = match hashed {
                Some(page) => page,
                None => {
                    if let Some(missing) = self.fix_path(tid, i, usize::from(index), key) {
                        return self.wait_for_page(tid, missing);
                    }
                    // One page get per level (buf_page_get_gen).
                    let levels = self.sessions[tid as usize].paths[i].pages.len();
                    for k in 0..levels {
                        let p = self.sessions[tid as usize].paths[i].pages[k];
                        self.bp.access(p, self.now);
                    }
                    self.sessions[tid as usize].extra_cost += levels as Nanos * PER_LEVEL_NS;
                    self.sessions[tid as usize].paths[i]
                        .pages
                        .last()
                        .copied()
                        .unwrap_or(FIL_NULL)
                }
            };
            if let Err(missing) = self.act_at_leaf(tid, leaf, &key, act) {
                // The scan needs the next leaf: read it, then search again (the
                // hash is not retried: InnoDB restores the cursor by the B-tree).
                return self.wait_for_page(tid, missing);
            }
            let s = &mut self.sessions[tid as usize];
            s.cur_index = i + 1;
            s.hash_tried = false;
            let hash_failed = std::mem::take(&mut s.hash_failed);
            // btr_search_info_update runs while the cursor still latches the leaf,
            // so the page stays fixed through any AHI work it advises (which may
            // wait for the partition latch); see continue_after_ahi.
            if hashed.is_none() && !self.after_descent(tid, index, &key, leaf, hash_failed) {
                return;
            }
            self.unfix_all(tid);
        }
        self.finish_cpu(tid);
    }

    /// The thread waits for `page`; its core goes to another thread.
    fn wait_for_page(&mut self, tid: Tid, page: PageNo) {
        self.sessions[tid as usize].state = ThreadState::WaitIo;
        self.release_core();
        self.request_read(page, tid);
    }

    /// The action of a search positioned on `leaf` for `key`. Nothing changes when
    /// a leaf it must walk to is not in the pool (`Err` names it).
    fn act_at_leaf(&mut self, tid: Tid, leaf: PageNo, key: &Key, act: Act) -> Result<(), PageNo> {
        let (rows, cost) = match act {
            Act::Row => (1, ROW_SEND_NS),
            Act::Write { redo } => {
                // One mini-transaction: its redo, the leaf dirty from its start LSN
                // (mtr_commit → buf_flush_note_modification).
                let lsn = self.redo.append(u64::from(redo));
                if leaf != FIL_NULL {
                    self.bp.mark_dirty(leaf, lsn);
                }
                (0, ROW_INSERT_NS)
            }
            Act::Matches { clustered } => {
                let n = key.len();
                let prefix = *key;
                let examined = self.walk_leaves(leaf, key, |k| {
                    k.len() >= n && k.as_bytes()[..n] == prefix.as_bytes()[..n]
                })?;
                // Each match becomes a clustered search by its primary key
                // (row_sel_get_clust_rec_for_mysql), which may use the AHI too.
                // They run right after this search, before the next value of an
                // IN list (the range scan fetches each row as it finds it).
                let s = &mut self.sessions[tid as usize];
                let at = s.cur_index + 1;
                s.searches.splice(
                    at..at,
                    self.scan_keys.iter().map(|rec| Search {
                        index: clustered,
                        key: Key::from_bytes(&rec.as_bytes()[n..]).unwrap_or(Key::EMPTY),
                        act: Act::Row,
                    }),
                );
                // The secondary records read, the one that ends the run included;
                // the rows themselves are counted by the clustered searches.
                (0, (examined as Nanos + 1) * ROW_READ_NS)
            }
            Act::Range { last, kind } => {
                let n = self.walk_leaves(leaf, key, |k| *k <= last)? as Nanos;
                let sort = n * ceil_log2(n) * SORT_COMPARE_NS;
                let cost = match kind {
                    RangeKind::Simple => n * ROW_SEND_NS,
                    RangeKind::Sum => n * ROW_READ_NS + ROW_SEND_NS,
                    RangeKind::Order => n * ROW_SEND_NS + sort,
                    RangeKind::Distinct => n * (ROW_SEND_NS + TEMP_TABLE_ROW_NS) + sort,
                };
                let sent = if kind == RangeKind::Sum { 1 } else { n };
                self.sessions[tid as usize].rows_sent += sent as u32;
                (n, cost)
            }
        };
        if matches!(act, Act::Row) {
            self.sessions[tid as usize].rows_sent += 1;
        }
        self.stats.rows_read += rows;
        self.sessions[tid as usize].extra_cost += cost;
        Ok(())
    }

    /// Reads records from the first ≥ `from` on `leaf` while `keep` holds, following
    /// the leaf chain (`btr_pcur_move_to_next`). Keys go to `scan_keys`; every leaf
    /// after the first counts a page get. `Err` = a leaf that is not in the pool.
    fn walk_leaves(
        &mut self,
        leaf: PageNo,
        from: &Key,
        keep: impl Fn(&Key) -> bool,
    ) -> Result<usize, PageNo> {
        self.scan_keys.clear();
        self.scan_pages.clear();
        let mut page_no = leaf;
        let mut start = match self.store.get(leaf) {
            Some(p) => p.recs.search(from).unwrap_or_else(|e| e),
            None => return Ok(0),
        };
        'pages: while page_no != FIL_NULL {
            if page_no != leaf {
                if !self.bp.is_ready(page_no) {
                    return Err(page_no);
                }
                self.scan_pages.push(page_no);
            }
            let Some(page) = self.store.get(page_no) else {
                break;
            };
            for key in page.recs.keys_from(start) {
                if !keep(key) {
                    break 'pages;
                }
                self.scan_keys.push(*key);
            }
            page_no = page.next;
            start = 0;
        }
        for k in 0..self.scan_pages.len() {
            let p = self.scan_pages[k];
            self.bp.access(p, self.now);
        }
        Ok(self.scan_keys.len())
    }
}

/// ⌈log2 n⌉ for the compares of a sort of `n` rows (0 for n ≤ 1).
fn ceil_log2(n: Nanos) -> Nanos {
    if n <= 1 {
        0
    } else {
        Nanos::from(64 - (n - 1).leading_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::ceil_log2;

    #[test]
    fn ceil_log2_counts_sort_levels() {
        assert_eq!(ceil_log2(1), 0);
        assert_eq!(ceil_log2(2), 1);
        assert_eq!(ceil_log2(100), 7);
        assert_eq!(ceil_log2(128), 7);
        assert_eq!(ceil_log2(129), 8);
    }
}
