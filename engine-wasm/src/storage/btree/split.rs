//! Page splits: choosing the split record (to the right, to the left, middle, or
//! half the bytes on a retry), moving records, and raising the root.

use super::{modified, BTree, SplitKind, TreeEvent};
use crate::storage::key::Key;
use crate::storage::page::{page_dir_calc_reserved_space, Page, Rec, PAGE_FREE_SPACE_OF_EMPTY};
use crate::storage::page_store::PageStore;
use crate::storage::{PageNo, FIL_NULL};

/// Retries after which a split gives up looking for room (InnoDB needs at most 2).
const MAX_SPLIT_ITERATIONS: u32 = 8;

/// Where a page splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SplitPlan {
    /// Records at positions `at..` form the upper half.
    at: usize,
    /// The new page takes the lower half and goes to the left (`FSP_DOWN`).
    new_is_lower: bool,
    /// The new record goes to the lower half.
    insert_lower: bool,
    /// How `at` was chosen.
    kind: SplitKind,
}

/// Sequential pattern to the right: `PAGE_LAST_INSERT` is the insert point (the
/// record before position `pos`). Returns `Some(split)`: records `split..` move to the
/// new page, or with `None` the new record starts the new page, taking the ≤ 1 record
/// after it along. With ≥ 2 records after the insert point, one stays on this page.
// models btr_page_get_split_rec_to_right()
pub(super) fn split_rec_to_right(page: &Page, pos: usize) -> Option<Option<usize>> {
    if pos == 0 || page.last_insert != Some((pos - 1) as u16) {
        return None;
    }
    Some(if page.n_recs() - pos >= 2 {
        Some(pos + 1)
    } else {
        None
    })
}

/// Sequential pattern to the left: `PAGE_LAST_INSERT` is the record after the insert
/// point. Returns the first record of the upper half: the insert point itself when the
/// convergence is mid-page (so small records are not dragged page to page), else the
/// record after it.
// models btr_page_get_split_rec_to_left()
pub(super) fn split_rec_to_left(page: &Page, pos: usize) -> Option<usize> {
    if pos >= page.n_recs() || page.last_insert != Some(pos as u16) {
        return None;
    }
    Some(if pos >= 2 { pos - 1 } else { pos })
}

/// Split by bytes: fill the lower half up to half of the data (new record included).
/// Returns `(at, insert_lower)`.
// models btr_page_get_split_rec()
fn split_rec_by_bytes(page: &Page, pos: usize, size: u16) -> (usize, bool) {
    let n = page.n_recs();
    let size_of = |j: usize| -> u32 {
        let s = match j.cmp(&pos) {
            std::cmp::Ordering::Less => page.recs.at(j).size,
            std::cmp::Ordering::Equal => size,
            std::cmp::Ordering::Greater => page.recs.at(j - 1).size,
        };
        u32::from(s)
    };
    let total_space = page.data_bytes + u32::from(size) + page_dir_calc_reserved_space(n + 1);
    let (mut incl, mut k) = (0u32, 0usize);
    loop {
        incl += size_of(k);
        k += 1;
        if k > n || incl + page_dir_calc_reserved_space(k) >= total_space / 2 {
            break;
        }
    }
    // If the included records fit, the next one starts the upper half; else the
    // last included one does.
    let fits = incl + page_dir_calc_reserved_space(k) <= PAGE_FREE_SPACE_OF_EMPTY;
    let first_upper = if fits && k <= n { k } else { k - 1 };
    match first_upper.cmp(&pos) {
        std::cmp::Ordering::Less => (first_upper, false),
        // The new record starts the upper half (or, before everything, goes left alone).
        std::cmp::Ordering::Equal => (pos, pos == 0),
        std::cmp::Ordering::Greater => (first_upper - 1, true),
    }
}

/// Chooses the split of `page` for a record of `size` going to `pos`.
// models btr_page_split_and_insert() step 1 "decide the split record"
fn plan_split(page: &Page, pos: usize, size: u16, n_iterations: u32) -> SplitPlan {
    let up = |at: usize, insert_lower: bool, kind| SplitPlan {
        at,
        new_is_lower: false,
        insert_lower,
        kind,
    };
    if n_iterations > 0 {
        let (at, insert_lower) = split_rec_by_bytes(page, pos, size);
        return up(at, insert_lower, SplitKind::Middle);
    }
    if let Some(split) = split_rec_to_right(page, pos) {
        return match split {
            Some(at) => up(at, true, SplitKind::ToRight),
            None => up(pos, false, SplitKind::ToRight),
        };
    }
    if let Some(at) = split_rec_to_left(page, pos) {
        return SplitPlan {
            at,
            new_is_lower: true,
            insert_lower: pos <= at,
            kind: SplitKind::ToLeft,
        };
    }
    let n = page.n_recs();
    if n > 1 {
        // page_get_middle_rec(): user record number (n + 2) / 2, 1-based
        let at = n / 2;
        up(at, pos <= at, SplitKind::Middle)
    } else if pos == 0 {
        up(0, true, SplitKind::Middle)
    } else {
        up(pos, false, SplitKind::Middle)
    }
}

impl BTree {
    /// Splits page `no` and inserts `rec`, first trying the right sibling; retries with
    /// a half-bytes split while the record does not fit.
    // models btr_page_split_and_insert()
    pub(super) fn split_and_insert(
        &mut self,
        store: &mut PageStore,
        mut no: PageNo,
        rec: Rec,
        ev: &mut Vec<TreeEvent>,
    ) {
        let mut n_iterations = 0;
        loop {
            let pos = store.page(no).search(&rec.key).unwrap_or_else(|p| p);
            if self.insert_into_right_sibling(store, no, pos, rec, ev) {
                return;
            }
            let plan = plan_split(store.page(no), pos, rec.size, n_iterations);
            let (lower, upper) = self.split_page(store, no, pos, &rec, plan, ev);
            let target = if plan.insert_lower { lower } else { upper };
            let page = store.page(target);
            let fits = u32::from(rec.size) <= page.max_insert_size_after_reorganize(1);
            if fits || n_iterations >= MAX_SPLIT_ITERATIONS {
                debug_assert!(fits, "record of {} bytes never fit", rec.size);
                let tpos = page.search(&rec.key).unwrap_or_else(|p| p);
                store.page_mut(target).insert_rec(tpos, rec);
                modified(ev, target);
                self.counters.index_page_splits += 1;
                self.modify_clock += 1;
                return;
            }
            n_iterations += 1;
            no = target;
        }
    }

    /// Moves half of page `no` to a new page, links it, and adds its node pointer to
    /// the father. Returns `(lower, upper)`.
    // models btr_page_split_and_insert() steps 2-5 and btr_attach_half_pages()
    fn split_page(
        &mut self,
        store: &mut PageStore,
        no: PageNo,
        pos: usize,
        rec: &Rec,
        plan: SplitPlan,
        ev: &mut Vec<TreeEvent>,
    ) -> (PageNo, PageNo) {
        let level = store.page(no).level;
        let old_first = store.page(no).recs.first().map_or(Key::EMPTY, |r| r.key);
        let new = self.alloc_page(store, level, ev);
        ev.push(TreeEvent::PageSplit {
            index: self.index_id,
            page: no,
            new_page: new,
            level,
            kind: plan.kind,
        });
        match plan.kind {
            SplitKind::ToRight => self.counters.splits_to_right += 1,
            SplitKind::ToLeft => self.counters.splits_to_left += 1,
            SplitKind::Middle => self.counters.splits_middle += 1,
        }
        let (lower, upper) = if plan.new_is_lower {
            let father = self.find_father(store, no, level, &old_first);
            move_recs(store, no, new, 0..plan.at);
            link_before(store, no, new, ev);
            // The father's pointer to this page now leads to the new lower page.
            if let Some((f, slot)) = father {
                store.page_mut(f).recs.set_child(slot, new);
                modified(ev, f);
            }
            let upper_first = store.page(no).recs.first().map_or(rec.key, |r| r.key);
            self.insert_node_ptr(store, level + 1, self.node_ptr(upper_first, no), ev);
            (new, no)
        } else {
            let n = store.page(no).n_recs();
            move_recs(store, no, new, plan.at..n);
            link_after(store, no, new, ev);
            let upper_first = if plan.at == pos && !plan.insert_lower {
                rec.key
            } else {
                store.page(new).recs.first().map_or(rec.key, |r| r.key)
            };
            self.insert_node_ptr(store, level + 1, self.node_ptr(upper_first, new), ev);
            (no, new)
        };
        store.page_mut(no).reset_last_insert();
        modified(ev, no);
        modified(ev, new);
        (lower, upper)
    }
}

/// Moves records `range` of page `from` to the end of page `to` (empty, or all
/// smaller keys) and resets both pages' insert info, as a page copy does.
pub(super) fn move_recs(
    store: &mut PageStore,
    from: PageNo,
    to: PageNo,
    range: std::ops::Range<usize>,
) {
    let mut moved = Vec::with_capacity(range.len());
    let src = store.page_mut(from);
    src.recs.drain_into(range, &mut moved);
    src.recount();
    src.reset_last_insert();
    let dst = store.page_mut(to);
    dst.recs.extend_sorted(&moved);
    dst.recount();
    dst.reset_last_insert();
}

/// Links `new` right after `no` on their level.
fn link_after(store: &mut PageStore, no: PageNo, new: PageNo, ev: &mut Vec<TreeEvent>) {
    let next = store.page(no).next;
    if next != FIL_NULL {
        store.page_mut(next).prev = new;
        modified(ev, next);
    }
    let n = store.page_mut(new);
    n.prev = no;
    n.next = next;
    store.page_mut(no).next = new;
}

/// Links `new` right before `no` on their level.
fn link_before(store: &mut PageStore, no: PageNo, new: PageNo, ev: &mut Vec<TreeEvent>) {
    let prev = store.page(no).prev;
    if prev != FIL_NULL {
        store.page_mut(prev).next = new;
        modified(ev, prev);
    }
    let n = store.page_mut(new);
    n.prev = prev;
    n.next = no;
    store.page_mut(no).prev = new;
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{full_page_keys, keys, rec, two_leaves};
    use super::super::{BTree, SplitKind, TreeEvent};
    use crate::storage::page_store::PageStore;

    /// Inserts `k` into a tree whose left leaf is full with PAGE_LAST_INSERT at `last`.
    fn split_with_last_insert(
        last: Option<u16>,
        k: i32,
    ) -> (PageStore, BTree, u32, u32, Vec<TreeEvent>) {
        let mut s = PageStore::new();
        let (mut t, l, r) = two_leaves(&mut s, false, &full_page_keys(), &[1000, 1010], 400);
        s.page_mut(l).last_insert = last;
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(k, 400), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(t.counters.index_page_splits, 1);
        (s, t, l, r, ev)
    }

    fn split_event(ev: &[TreeEvent]) -> Option<(u32, u32, SplitKind)> {
        ev.iter().find_map(|e| match *e {
            TreeEvent::PageSplit {
                page,
                new_page,
                kind,
                ..
            } => Some((page, new_page, kind)),
            _ => None,
        })
    }

    #[test]
    fn to_right_moves_new_row_and_the_one_record_after_it() {
        // insert point 380 = PAGE_LAST_INSERT, one record (390) after it
        let (s, t, l, _, ev) = split_with_last_insert(Some(38), 385);
        let (page, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!((page, kind), (l, SplitKind::ToRight));
        assert_eq!(keys(&s, new), vec![385, 390]);
        assert_eq!(keys(&s, l).len(), 39);
        assert_eq!(s.page(l).next, new);
        assert_eq!(s.page(new).last_insert, Some(0));
        assert_eq!(t.counters.splits_to_right, 1);
    }

    #[test]
    fn to_right_at_the_end_moves_only_the_new_row() {
        let mut s = PageStore::new();
        let (mut t, l, _) = two_leaves(&mut s, false, &full_page_keys(), &[1000], 400);
        // right sibling too full to take it: two huge records
        let r = s.page(l).next;
        s.page_mut(r).replace_rec(0, rec(1000, 8000));
        s.page_mut(r).insert_rec(1, rec(1001, 8000));
        t.n_recs += 1;
        s.page_mut(l).last_insert = Some(39);
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(395, 400), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        let (_, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!(kind, SplitKind::ToRight);
        assert_eq!(keys(&s, new), vec![395]);
        assert_eq!(keys(&s, l).len(), 40);
    }

    #[test]
    fn to_right_with_records_after_keeps_one_and_new_row_left() {
        // insert point 200 = PAGE_LAST_INSERT; split two records after it (at 220)
        let (s, _, l, _, ev) = split_with_last_insert(Some(20), 205);
        let (_, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!(kind, SplitKind::ToRight);
        assert_eq!(keys(&s, new).first(), Some(&220));
        assert_eq!(keys(&s, new).len(), 18);
        let left = keys(&s, l);
        assert_eq!(&left[left.len() - 3..], &[200, 205, 210]);
    }

    #[test]
    fn to_left_splits_at_the_insert_point_and_puts_the_new_page_left() {
        // PAGE_LAST_INSERT = 200 = the record after the insert point (190)
        let (s, t, l, _, ev) = split_with_last_insert(Some(20), 195);
        let (page, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!((page, kind), (l, SplitKind::ToLeft));
        assert_eq!(s.page(new).next, l);
        assert_eq!(s.page(l).prev, new);
        assert_eq!(keys(&s, new), (0..19).map(|i| i * 10).collect::<Vec<_>>());
        assert_eq!(&keys(&s, l)[..3], &[190, 195, 200]);
        assert_eq!(t.counters.splits_to_left, 1);
    }

    #[test]
    fn to_left_at_the_page_start_gives_the_new_row_its_own_page() {
        let mut s = PageStore::new();
        let (mut t, l, _) = two_leaves(&mut s, true, &full_page_keys(), &[1000], 400);
        s.page_mut(l).last_insert = Some(0);
        let mut ev = Vec::new();
        assert_eq!(t.insert(&mut s, rec(-5, 400), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        let (_, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!(kind, SplitKind::ToLeft);
        assert_eq!(keys(&s, new), vec![-5]);
        assert_eq!(keys(&s, l).len(), 40);
        assert_eq!(t.leaf_pages(&s).next(), Some(new));
    }

    #[test]
    fn no_pattern_splits_at_the_middle_record() {
        let (s, t, l, _, ev) = split_with_last_insert(None, 205);
        let (_, new, kind) = split_event(&ev).unwrap_or((0, 0, SplitKind::Middle));
        assert_eq!(kind, SplitKind::Middle);
        assert_eq!(keys(&s, l), (0..20).map(|i| i * 10).collect::<Vec<_>>());
        assert_eq!(&keys(&s, new)[..3], &[200, 205, 210]);
        assert_eq!(t.counters.splits_middle, 1);
        assert!(ev.contains(&TreeEvent::PageCreated {
            page: new,
            level: 0
        }));
    }

    #[test]
    fn a_record_that_still_does_not_fit_is_retried_with_a_half_bytes_split() {
        let mut s = PageStore::new();
        let (mut t, l, _) = two_leaves(&mut s, false, &[0, 10, 20, 30], &[1000], 100);
        s.page_mut(l).replace_rec(0, rec(0, 7000));
        s.page_mut(l).replace_rec(1, rec(10, 7000));
        let mut ev = Vec::new();
        // the middle split leaves [0, 10] + the new record: 16300 bytes, too many
        assert_eq!(t.insert(&mut s, rec(5, 2300), &mut ev), Ok(()));
        assert_eq!(t.check_invariants(&s), Ok(()));
        assert_eq!(
            (t.counters.splits_middle, t.counters.index_page_splits),
            (2, 1)
        );
        let leaves: Vec<Vec<i32>> = t.leaf_pages(&s).map(|p| keys(&s, p)).collect();
        assert_eq!(leaves, vec![vec![0, 5], vec![10], vec![20, 30], vec![1000]]);
    }
}
