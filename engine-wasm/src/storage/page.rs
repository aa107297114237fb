//! One B+tree page: records in key order, `PAGE_LAST_INSERT`, siblings, and
//! InnoDB's COMPACT capacity rules (`page0page.ic`).

use super::key::Key;
use super::page_recs::PageRecs;
use super::{PageNo, FIL_NULL, UNIV_PAGE_SIZE};
use serde::{Deserialize, Serialize};

/// Usable bytes of an empty COMPACT page: 16384 − 120 (headers, infimum, supremum)
/// − 8 (trailer) − 4 (two directory slots). Models `page_get_free_space_of_empty()`.
pub const PAGE_FREE_SPACE_OF_EMPTY: u32 = UNIV_PAGE_SIZE - 120 - 8 - 4;

/// Bytes of one page-directory slot (`PAGE_DIR_SLOT_SIZE`).
pub const PAGE_DIR_SLOT_SIZE: u32 = 2;

/// Fewest records a directory slot owns (`PAGE_DIR_SLOT_MIN_N_OWNED`).
pub const PAGE_DIR_SLOT_MIN_N_OWNED: u32 = 4;

/// Largest record a page accepts: a record of half an empty page or more would be
/// stored off-page (`page_zip_rec_needs_ext()`), which is not modelled.
pub const REC_MAX_SIZE: u16 = (PAGE_FREE_SPACE_OF_EMPTY / 2 - 1) as u16;

/// Directory bytes reserved for `n_recs` records: ceil(2·n / 4).
// models page_dir_calc_reserved_space()
pub const fn page_dir_calc_reserved_space(n_recs: usize) -> u32 {
    (PAGE_DIR_SLOT_SIZE * n_recs as u32).div_ceil(PAGE_DIR_SLOT_MIN_N_OWNED)
}

/// One record: its key, full COMPACT size, and child page (node pointers only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rec {
    /// The `n_unique_in_tree` key fields, memcomparable.
    pub key: Key,
    /// Record size in bytes, header included.
    pub size: u16,
    /// Child page of a node pointer; [`FIL_NULL`] on leaves.
    pub child: PageNo,
}

/// `PAGE_DIRECTION`: the direction of consecutive inserts on a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PageDirection {
    /// `PAGE_NO_DIRECTION`.
    None,
    /// `PAGE_LEFT`: each insert lands just before the previous one.
    Left,
    /// `PAGE_RIGHT`: each insert lands just after the previous one.
    Right,
}

/// An index page. Aligned to a cache line: its header fields (128 bytes natively)
/// span two lines, not three, when a search brings a cold page in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[repr(align(64))]
pub struct Page {
    /// Index id (`PAGE_INDEX_ID`).
    pub index: u16,
    /// Level in the tree: 0 = leaf (`PAGE_LEVEL`).
    pub level: u8,
    /// User records in key order.
    pub recs: PageRecs,
    /// Sum of record sizes (`page_get_data_size()`; no garbage is modelled).
    pub data_bytes: u32,
    /// Left sibling on the same level (`FIL_PAGE_PREV`).
    pub prev: PageNo,
    /// Right sibling on the same level (`FIL_PAGE_NEXT`).
    pub next: PageNo,
    /// `PAGE_LAST_INSERT` as a position in `recs`; `None` after a delete, a split or
    /// a reorganize, as InnoDB resets it.
    pub last_insert: Option<u16>,
    /// `PAGE_DIRECTION`.
    pub direction: PageDirection,
    /// `PAGE_N_DIRECTION`: consecutive inserts in `direction`.
    pub n_direction: u16,
    /// True while the page is on the store's free list.
    pub free: bool,
}

impl Page {
    /// An empty page (`btr_page_create()`).
    pub fn new(index: u16, level: u8) -> Page {
        Page {
            index,
            level,
            recs: PageRecs::default(),
            data_bytes: 0,
            prev: FIL_NULL,
            next: FIL_NULL,
            last_insert: None,
            direction: PageDirection::None,
            n_direction: 0,
            free: false,
        }
    }

    /// Number of user records (`page_get_n_recs()`).
    pub fn n_recs(&self) -> usize {
        self.recs.len()
    }

    /// True on level 0.
    pub fn is_leaf(&self) -> bool {
        self.level == 0
    }

    /// Record bytes plus their directory slots.
    pub fn used_bytes(&self) -> u32 {
        self.data_bytes + page_dir_calc_reserved_space(self.recs.len())
    }

    /// Fraction of an empty page's usable space in use (records + directory).
    pub fn fill(&self) -> f64 {
        f64::from(self.used_bytes()) / f64::from(PAGE_FREE_SPACE_OF_EMPTY)
    }

    /// Free bytes for `n_new` more records once the page is reorganized.
    // models page_get_max_insert_size_after_reorganize()
    pub fn max_insert_size_after_reorganize(&self, n_new: usize) -> u32 {
        let occupied = self.data_bytes + page_dir_calc_reserved_space(self.recs.len() + n_new);
        PAGE_FREE_SPACE_OF_EMPTY.saturating_sub(occupied)
    }

    /// Binary search: `Ok(pos)` if `key` is present, else `Err(insert position)`.
    pub fn search(&self, key: &Key) -> Result<usize, usize> {
        self.recs.search(key)
    }

    /// Slot of the node pointer to follow for `key` (`PAGE_CUR_LE`; the first record
    /// acts as the minimum, like InnoDB's `REC_INFO_MIN_REC_FLAG` on the leftmost page).
    pub fn child_slot(&self, key: &Key) -> usize {
        self.recs.count_le(key).saturating_sub(1)
    }

    /// Inserts `rec` at `pos` and updates the last-insert info.
    // models page_cur_insert_rec_low() step "update the last insertion info"
    pub fn insert_rec(&mut self, pos: usize, rec: Rec) {
        let after_last = pos > 0 && self.last_insert == Some((pos - 1) as u16);
        let before_last = self.last_insert == Some(pos as u16);
        let (direction, n) = match self.last_insert {
            None => (PageDirection::None, 0),
            Some(_) if after_last && self.direction != PageDirection::Left => {
                (PageDirection::Right, self.n_direction.saturating_add(1))
            }
            Some(_) if before_last && self.direction != PageDirection::Right => {
                (PageDirection::Left, self.n_direction.saturating_add(1))
            }
            Some(_) => (PageDirection::None, 0),
        };
        self.direction = direction;
        self.n_direction = n;
        self.recs.insert(pos, rec);
        self.data_bytes += u32::from(rec.size);
        self.last_insert = Some(pos as u16);
    }

    /// Removes the record at `pos`.
    // models page_cur_delete_rec(): PAGE_LAST_INSERT is reset
    pub fn remove_rec(&mut self, pos: usize) -> Rec {
        let rec = self.recs.remove(pos);
        self.data_bytes -= u32::from(rec.size);
        self.last_insert = None;
        rec
    }

    /// Replaces record `pos` with one whose key keeps its place in the order.
    pub fn replace_rec(&mut self, pos: usize, rec: Rec) {
        let old = self.recs.at(pos).size;
        self.recs.replace(pos, rec);
        self.data_bytes = self.data_bytes - u32::from(old) + u32::from(rec.size);
    }

    /// Resets the insert-pattern header fields, as a split or reorganize does.
    pub fn reset_last_insert(&mut self) {
        self.last_insert = None;
        self.direction = PageDirection::None;
        self.n_direction = 0;
    }

    /// Recomputes `data_bytes` from the records (after bulk moves).
    pub fn recount(&mut self) {
        self.data_bytes = self.recs.iter().map(|r| u32::from(r.size)).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(k: i32, size: u16) -> Rec {
        Rec {
            key: Key::from_i32(k),
            size,
            child: FIL_NULL,
        }
    }

    #[test]
    fn capacity_constants() {
        assert_eq!(PAGE_FREE_SPACE_OF_EMPTY, 16252);
        assert_eq!(page_dir_calc_reserved_space(0), 0);
        assert_eq!(page_dir_calc_reserved_space(1), 1);
        assert_eq!(page_dir_calc_reserved_space(2), 1);
        assert_eq!(page_dir_calc_reserved_space(3), 2);
        assert_eq!(page_dir_calc_reserved_space(600), 300);
        assert_eq!(REC_MAX_SIZE, 8125);
        let mut p = Page::new(0, 0);
        assert_eq!(p.max_insert_size_after_reorganize(1), 16251);
        p.insert_rec(0, rec(1, 26));
        assert_eq!(p.max_insert_size_after_reorganize(1), 16252 - 26 - 1);
    }

    #[test]
    fn last_insert_and_direction_follow_page_cur_insert_rec_low() {
        let mut p = Page::new(0, 0);
        p.insert_rec(0, rec(10, 20));
        assert_eq!((p.last_insert, p.direction), (Some(0), PageDirection::None));
        p.insert_rec(1, rec(20, 20));
        p.insert_rec(2, rec(30, 20));
        assert_eq!(
            (p.last_insert, p.direction, p.n_direction),
            (Some(2), PageDirection::Right, 2)
        );
        p.insert_rec(0, rec(5, 20));
        assert_eq!((p.direction, p.n_direction), (PageDirection::None, 0));
        p.remove_rec(1);
        assert_eq!(p.last_insert, None);
        assert_eq!(p.data_bytes, 60);
    }
}
