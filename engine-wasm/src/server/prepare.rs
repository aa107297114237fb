//! The untimed prepare phase (like `sysbench prepare`): rows are inserted through
//! the same trees and buffer pool, but no virtual time passes.

use super::engine::Engine;
use super::table::{RowBuf, Table};
use crate::redo::records;
use crate::sim::rng::{Rng, Stream};
use crate::storage::btree::TreeCounters;
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::FIL_NULL;

/// Rows (or sorted entries) per call of the prepare phase's out-of-line loops.
const BATCH: usize = 4096;

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

    /// Loads `n` rows into table `t` as `sysbench prepare` does: the rows go into the
    /// clustered index one INSERT at a time; then each secondary index is created
    /// (sysbench's `CREATE INDEX k_N` after the load), which InnoDB builds from the
    /// sorted entries (`row_merge_build_indexes`, bulk-loaded by `BtrBulk`).
    fn prepare_table(&mut self, t: usize, n: u64, rng: &mut Rng, buf: &mut RowBuf) {
        let first = t * self.table.n_indexes();
        let n_sec = self.table.n_indexes() - 1;
        // Each secondary index's entries, as (key, record size).
        let mut entries: Vec<Vec<(Key, u16)>> = (0..n_sec).map(|_| Vec::new()).collect();
        let mut left = n;
        while left > 0 {
            let rows = left.min(BATCH as u64);
            self.batch_prepare_rows(t, rows, rng, buf, &mut entries);
            left -= rows;
        }
        // BtrBulk fills a page and starts the next one: a build splits no page
        // (btr_page_split_and_insert() never runs), so neither `index_page_splits`
        // nor the tree's own counters count the pages it adds.
        let splits = self.stats.splits;
        for (i, mut e) in entries.into_iter().enumerate() {
            sort_by_key(&mut e);
            for sorted in e.chunks(BATCH) {
                self.batch_bulk_insert(first + i + 1, i + 1, sorted);
            }
            self.table.trees[first + i + 1].counters = TreeCounters::default();
        }
        self.stats.splits = splits;
    }

    /// The next `rows` rows of table `t` into its clustered index, their secondary
    /// entries kept in `entries`. Out of line, called once per [`BATCH`] rows: a
    /// WebAssembly engine has no on-stack replacement, so a loop over every row in
    /// one call would run in V8's baseline code to its end (see `batch_events`).
    #[inline(never)]
    fn batch_prepare_rows(
        &mut self,
        t: usize,
        rows: u64,
        rng: &mut Rng,
        buf: &mut RowBuf,
        entries: &mut [Vec<(Key, u16)>],
    ) {
        let first = t * self.table.n_indexes();
        for _ in 0..rows {
            self.table.next_insert_row(rng, buf);
            self.table.stamp_auto_inc(buf);
            if !self.prepare_insert(first, 0, Table::rec(buf, 0)) {
                continue;
            }
            self.table.rows += 1;
            self.table.note_row_k(t, buf);
            for (i, e) in entries.iter_mut().enumerate() {
                e.push((buf.keys[i + 1], buf.sizes[i + 1]));
            }
        }
    }

    /// Sorted entries into tree `tree` (index `i` of its table), one
    /// [`Engine::prepare_insert`] each; out of line for the reason
    /// [`Engine::batch_prepare_rows`] is.
    #[inline(never)]
    fn batch_bulk_insert(&mut self, tree: usize, i: usize, sorted: &[(Key, u16)]) {
        for &(key, size) in sorted {
            let rec = Rec {
                key,
                size,
                child: FIL_NULL,
            };
            self.prepare_insert(tree, i, rec);
        }
    }

    /// One untimed insert of `rec` into tree `tree` (index `i` of its table): the
    /// descent reads missing pages without time passing, the record and its redo go
    /// in, and the tree's events reach the buffer pool. False for a duplicate key.
    /// Sorted entries land where the previous one did, so a secondary index fills its
    /// pages in order (no reserve on secondary leaves: `BtrBulk` with the default
    /// `innodb_fill_factor` = 100 fills them).
    fn prepare_insert(&mut self, tree: usize, i: usize, rec: Rec) -> bool {
        self.table.trees[tree].search_path(&self.store, &rec.key, &mut self.path);
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
            .insert_with_hint(&mut self.store, rec, leaf, &mut self.tev)
            .is_err()
        {
            return false;
        }
        let mut bytes = records::rec_insert(u64::from(rec.size), self.table.n_fields(i))
            + records::MULTI_REC_END;
        if i == 0 {
            bytes += records::undo(self.table.pk_bytes(), 0);
        }
        let lsn = self.redo.append(bytes);
        self.apply_prepare_events(lsn);
        true
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

/// Sorts a secondary index's entries by key, in [`Key`]'s order (byte-wise, a prefix
/// before its extensions, which is the order of (bytes padded with zeros, length)).
/// An LSD radix sort: stable counting passes on the length, then on each byte from
/// the last; a pass is skipped when every entry has the same digit there. Linear in
/// the entries, and a few hundred bytes of wasm where a comparison sort costs ~2.5 kB
/// gzip (issue #2's size budget).
///
/// The passes on trailing bytes the entries already come in order of are skipped
/// ([`sorted_from`]): together those passes are a stable sort on those bytes, which
/// leaves such entries as they are. A secondary index's entries arrive in primary-key
/// order, so the PK at the end of each key usually is: sysbench's `k_1` entries
/// (k, id) need the passes on k's bytes only (3 passes instead of 6).
fn sort_by_key(e: &mut Vec<(Key, u16)>) {
    let n = e.len();
    let max_len = e.chunks(BATCH).map(batch_longest_key).max().unwrap_or(0);
    let p = sorted_from(e, max_len);
    let mut other = vec![(Key::EMPTY, 0u16); n];
    // Pass 0 sorts on the length (position max_len), pass k on byte max_len - k; the
    // passes at positions p and above would leave the order as it is. Each pass
    // runs over the entries in chunks, out of line (see `Engine::batch_prepare_rows`).
    for pass in (max_len + 1 - p)..=max_len {
        let mut at = [0usize; 256];
        for chunk in e.chunks(BATCH) {
            batch_count_digits(chunk, pass, max_len, &mut at);
        }
        if at.contains(&n) {
            continue;
        }
        let mut sum = 0;
        for a in at.iter_mut() {
            let c = *a;
            *a = sum;
            sum += c;
        }
        for chunk in e.chunks(BATCH) {
            batch_scatter(chunk, pass, max_len, &mut at, &mut other);
        }
        std::mem::swap(e, &mut other);
    }
}

/// The radix digit of an entry in pass `pass`: its length in pass 0, else byte
/// `max_len - pass` (zero past the key's end).
#[inline]
fn digit(x: &(Key, u16), pass: usize, max_len: usize) -> usize {
    if pass == 0 {
        x.0.len()
    } else {
        usize::from(x.0.padded_byte(max_len - pass))
    }
}

/// The longest key among `chunk`.
#[inline(never)]
fn batch_longest_key(chunk: &[(Key, u16)]) -> usize {
    chunk.iter().map(|x| x.0.len()).max().unwrap_or(0)
}

/// Adds each entry of `chunk` to the count of its digit.
#[inline(never)]
fn batch_count_digits(chunk: &[(Key, u16)], pass: usize, max_len: usize, at: &mut [usize; 256]) {
    for x in chunk {
        at[digit(x, pass, max_len)] += 1;
    }
}

/// Moves each entry of `chunk` to the next place of its digit in `out`.
#[inline(never)]
fn batch_scatter(
    chunk: &[(Key, u16)],
    pass: usize,
    max_len: usize,
    at: &mut [usize; 256],
    out: &mut [(Key, u16)],
) {
    for x in chunk {
        let d = digit(x, pass, max_len);
        out[at[d]] = *x;
        at[d] += 1;
    }
}

/// The smallest position `p` with the entries in order of (bytes `p..max_len` padded
/// with zeros, length), the order the radix passes at positions `p` and above sort
/// into; `max_len + 1` when there is none. One scan keeps the positions every pair of
/// neighbours so far is in order at (a pair in order at `p` may not be at `p + 1`:
/// 0x01ff before 0x0200), comparing each pair from its last byte down to the lowest
/// position still in the running.
fn sorted_from(e: &[(Key, u16)], max_len: usize) -> usize {
    // Bit p: in order on (bytes p.., length) so far; bit max_len is the length alone.
    let mut alive: u64 = (1u64 << (max_len + 1)) - 1;
    // In chunks that overlap by one entry, so every pair of neighbours is seen once.
    let mut start = 0;
    while start + 1 < e.len() && alive != 0 {
        let end = (start + BATCH + 1).min(e.len());
        alive = batch_sorted_pairs(&e[start..end], max_len, alive);
        start = end - 1;
    }
    if alive == 0 {
        max_len + 1
    } else {
        alive.trailing_zeros() as usize
    }
}

/// [`sorted_from`]'s scan over the neighbour pairs of `e`, from the positions still
/// `alive`; out of line, called per chunk (see `Engine::batch_prepare_rows`).
#[inline(never)]
fn batch_sorted_pairs(e: &[(Key, u16)], max_len: usize, mut alive: u64) -> u64 {
    for w in e.windows(2) {
        if alive == 0 {
            break;
        }
        let (a, b) = (&w[0].0, &w[1].0);
        let mut ok = a.len() <= b.len();
        if !ok {
            alive &= !(1u64 << max_len);
        }
        for i in (alive.trailing_zeros() as usize..max_len).rev() {
            match a.padded_byte(i).cmp(&b.padded_byte(i)) {
                std::cmp::Ordering::Less => ok = true,
                std::cmp::Ordering::Greater => ok = false,
                std::cmp::Ordering::Equal => {}
            }
            if !ok {
                alive &= !(1u64 << i);
            }
        }
    }
    alive
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::{Rng, Stream};
    use crate::sim_handle::SimHandle;

    fn prepared(rows: u64) -> SimHandle {
        let json = format!(
            r#"{{"seed":11,"server":{{"innodb_buffer_pool_pages":64}},"table":{{"prepare_rows":{rows},"count":2}},"run":{{"duration_s":0.01}}}}"#
        );
        SimHandle::new(&json).expect("valid scenario")
    }

    /// sysbench's table (id, k, c, pad; k_1 on k) prepared with 20,000 rows in each of
    /// two tables: k_1 holds exactly the entries of the loaded rows, in key order, its
    /// leaves full but the last, and neither `index_page_splits` nor k_1's own split
    /// counters count the build; the clustered index is loaded by inserts as before.
    #[test]
    fn prepare_builds_each_secondary_index_sorted_after_the_rows() {
        let rows = 20_000;
        let h = prepared(rows);
        let e = &h.engine;
        // The rows again, from the same seed and stream (auto-increment reset).
        let mut fresh = prepared(1);
        let t0 = &mut fresh.engine.table;
        let mut rng = Rng::stream(11, Stream::Prepare);
        let mut buf = RowBuf::default();
        let mut pk_splits = 0;
        for t in 0..2 {
            let mut want = Vec::new();
            t0.reset_auto_inc();
            for _ in 0..rows {
                t0.next_insert_row(&mut rng, &mut buf);
                t0.stamp_auto_inc(&mut buf);
                want.push(buf.keys[1]);
            }
            want.sort();
            let k1 = &e.table.trees[2 * t + 1];
            k1.check_invariants(&e.store).unwrap();
            let got: Vec<Key> = k1
                .leaf_pages(&e.store)
                .flat_map(|p| e.store.page(p).recs.iter().map(|r| r.key))
                .collect();
            assert_eq!(got, want, "table {t}: k_1 entries");
            // Leaves fill in key order: all full but the last and the one the
            // first root raise split in the middle (btr_root_raise_and_insert).
            let fills: Vec<f64> = k1
                .leaf_pages(&e.store)
                .map(|p| e.store.page(p).fill())
                .collect();
            let part = fills.iter().filter(|&&f| f < 0.99).count();
            assert!(fills.len() > 10 && part <= 2, "{fills:?}");
            assert_eq!(k1.counters, TreeCounters::default());
            let pk = e.table.trees[2 * t].stats(&e.store);
            assert_eq!(pk.n_recs, rows);
            // sequential ids: the clustered leaves keep InnoDB's 1/16 reserve
            assert!((0.92..0.94).contains(&pk.avg_leaf_fill), "{pk:?}");
            pk_splits += pk.index_page_splits;
        }
        assert!(pk_splits > 0);
        assert_eq!(e.stats.splits, pk_splits);
    }

    /// The radix sort gives exactly the order of `Key`'s `Ord`: keys of every length
    /// up to the maximum, with shared prefixes, zero bytes and duplicates of a prefix.
    #[test]
    fn sort_by_key_matches_key_order() {
        let mut rng = Rng::stream(7, Stream::Prepare);
        let mut e = Vec::new();
        for i in 0..5000u16 {
            let len = (rng.next_u64() % (crate::storage::key::MAX_KEY_LEN as u64 + 1)) as usize;
            // few distinct byte values, so prefixes and zero bytes are shared often
            let bytes: Vec<u8> = (0..len).map(|_| (rng.next_u64() % 3) as u8).collect();
            e.push((Key::from_bytes(&bytes).unwrap(), i));
        }
        let mut want = e.clone();
        want.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        sort_by_key(&mut e);
        // equal keys keep their input order (stable), so the pairs match exactly
        assert_eq!(e, want);
        // and the sysbench shape: (k INT, id INT), k random, ids in order
        let mut e: Vec<(Key, u16)> = (0..3000i32)
            .map(|id| {
                let k = (rng.next_u64() % 500) as i32 - 250;
                (Key::from_i32(k).concat(&Key::from_i32(id)), 0)
            })
            .collect();
        let mut want = e.clone();
        want.sort_by_key(|x| x.0);
        sort_by_key(&mut e);
        assert_eq!(e, want);
        // Entries in order on their trailing bytes but not on all (the passes there
        // are skipped; the ids wrap a byte: 0x00ff before 0x0100), with keys of two
        // lengths, then entries already in Key's order: each comes out in Key's order.
        let mut e: Vec<(Key, u16)> = (0..2000u16)
            .map(|i| {
                let head = (rng.next_u64() % 4) as u8;
                let mut b = vec![head];
                b.extend_from_slice(&(i / 3).to_be_bytes());
                b.truncate(1 + usize::from(i % 3 != 0) * 2);
                (Key::from_bytes(&b).unwrap(), i)
            })
            .collect();
        let mut want = e.clone();
        want.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        sort_by_key(&mut e);
        assert_eq!(e, want);
        let mut sorted = want.clone();
        sort_by_key(&mut sorted);
        assert_eq!(sorted, want);
        // (k, id) as sysbench's k_1: the trailing id bytes are in order from byte 4.
        let e: Vec<(Key, u16)> = (0..3000i32)
            .map(|id| {
                let k = (rng.next_u64() % 500) as i32;
                (Key::from_i32(k).concat(&Key::from_i32(id)), 0)
            })
            .collect();
        assert_eq!(sorted_from(&e, 8), 4);
        // The scan and the passes run in chunks of BATCH entries: a pair out of order
        // where one chunk of the scan ends and the next begins (entries BATCH and
        // BATCH + 1) is seen, and the sort still orders it. (k, id) with the ids in
        // order but for that pair: without it the ids are in order from byte 4.
        let mut e: Vec<(Key, u16)> = (0..(2 * BATCH as i32 + 5))
            .map(|id| {
                let k = (rng.next_u64() % 500) as i32;
                (Key::from_i32(k).concat(&Key::from_i32(id)), 0)
            })
            .collect();
        assert_eq!(sorted_from(&e, 8), 4);
        e.swap(BATCH, BATCH + 1);
        assert_eq!(
            sorted_from(&e, 8),
            8,
            "the pair across the boundary is seen"
        );
        let mut want = e.clone();
        want.sort_by_key(|x| x.0);
        sort_by_key(&mut e);
        assert_eq!(e, want);
        let mut one = vec![(Key::from_i32(1), 9)];
        sort_by_key(&mut one);
        assert_eq!(one, vec![(Key::from_i32(1), 9)]);
        sort_by_key(&mut Vec::new());
    }
}
