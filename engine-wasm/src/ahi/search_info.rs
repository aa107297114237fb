//! Per-index search info (`btr_search_t`) and the recommendation rule: which prefix
//! would have let the hash find the B-tree cursor, and how many searches in a row
//! it would have worked for (`n_hash_potential`).

use super::config::{Prefix, SearchMode};
use super::fields::Fields;
use crate::storage::key::{Key, MAX_KEY_LEN};
use crate::storage::page::Page;
use crate::storage::page_store::PageStore;
use crate::storage::FIL_NULL;
use serde::{Deserialize, Serialize};

/// B-tree searches between two analyses after a new recommendation
/// (`BTR_SEARCH_HASH_ANALYSIS`).
pub const BTR_SEARCH_HASH_ANALYSIS: u32 = 17;

/// Consecutive potential successes needed before any page is built
/// (`BTR_SEARCH_BUILD_LIMIT`); a hash success caps the potential at this + 5.
pub const BTR_SEARCH_BUILD_LIMIT: u32 = 100;

/// A page is built once more than `n_recs / 16` searches would have used the hash
/// (`BTR_SEARCH_PAGE_BUILD_LIMIT`).
pub const BTR_SEARCH_PAGE_BUILD_LIMIT: u32 = 16;

/// One index's AHI statistics (`btr_search_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// B-tree searches since the last new recommendation (`hash_analysis`).
    pub hash_analysis: u32,
    /// Consecutive searches the recommended prefix would have served.
    pub n_hash_potential: u32,
    /// Recommended prefix.
    pub prefix: Prefix,
    /// The last search succeeded (or would have) with the hash: try it next time.
    pub last_hash_succ: bool,
    /// Pages of this index currently hashed.
    pub ref_count: u32,
}

impl SearchInfo {
    /// Fresh info (`btr_search_info_create()`).
    pub(crate) fn new() -> SearchInfo {
        SearchInfo {
            hash_analysis: 0,
            n_hash_potential: 0,
            prefix: Prefix::INITIAL,
            last_hash_succ: false,
            ref_count: 0,
        }
    }

    /// Learns from a B-tree cursor whose neighbours matched `m.low` / `m.up` fields.
    // models btr_search_info_update_hash() (n_bytes = 0)
    pub(crate) fn update_hash(&mut self, m: Matches, n_unique: u16) {
        if self.n_hash_potential > 0 {
            let p = self.prefix;
            if p.n_fields == n_unique && m.low.max(m.up) == n_unique {
                self.n_hash_potential = self.n_hash_potential.saturating_add(1);
                return;
            }
            let low_matches = p.n_fields <= m.low;
            let up_matches = p.n_fields <= m.up;
            let boundary = if p.left_side {
                !low_matches && up_matches
            } else {
                low_matches && !up_matches
            };
            if boundary {
                self.n_hash_potential = self.n_hash_potential.saturating_add(1);
                return;
            }
        }
        // a new recommendation: skip the analysis for a while
        self.hash_analysis = 0;
        if m.up == m.low {
            self.n_hash_potential = 0;
            self.prefix = Prefix::INITIAL;
        } else if m.up > m.low {
            self.n_hash_potential = 1;
            let n_fields = if m.up >= n_unique {
                n_unique
            } else {
                m.low + 1
            };
            self.prefix = Prefix {
                n_fields,
                left_side: true,
            };
        } else {
            self.n_hash_potential = 1;
            let n_fields = if m.low >= n_unique {
                n_unique
            } else {
                m.up + 1
            };
            self.prefix = Prefix {
                n_fields,
                left_side: false,
            };
        }
    }
}

/// Whole fields the search tuple shares with the records below (`low_match`) and
/// above (`up_match`) the B-tree cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Matches {
    pub low: u16,
    pub up: u16,
}

/// The cursor of a search for `tuple` in `leaf`: the matches around it and the
/// position of the record it stands on (`None` on infimum/supremum). At a page edge
/// the sibling's edge record stands in for the node-pointer bound InnoDB carries
/// down from the upper levels (`page_cur_search_with_match()`).
pub(crate) fn cursor(
    fields: &Fields,
    store: &PageStore,
    leaf: &Page,
    tuple: &Key,
    mode: SearchMode,
) -> (Matches, Option<usize>) {
    let n = leaf.n_recs();
    // `up` = number of records before the first record above the cursor
    let up = match mode {
        SearchMode::Ge => match leaf.recs.search(tuple) {
            Ok(p) | Err(p) => p,
        },
        SearchMode::Le => {
            let mut hi = *tuple;
            hi.push_bytes(&[0xff; MAX_KEY_LEN]);
            leaf.recs.count_le(&hi)
        }
    };
    let low_rec = match up.checked_sub(1) {
        Some(i) => leaf.recs.get(i),
        None => edge(store, leaf.prev, leaf.index, true),
    };
    let up_rec = if up < n {
        leaf.recs.get(up)
    } else {
        edge(store, leaf.next, leaf.index, false)
    };
    let m = |r: Option<crate::storage::page::Rec>| {
        r.map_or(0, |r| fields.cmp_tuple_rec(tuple, &r.key).1)
    };
    let matches = Matches {
        low: m(low_rec),
        up: m(up_rec),
    };
    let at = match mode {
        SearchMode::Ge => (up < n).then_some(up),
        SearchMode::Le => up.checked_sub(1),
    };
    (matches, at)
}

/// The last (`last`) or first record of sibling `no`, if it is a live leaf of `index`.
fn edge(
    store: &PageStore,
    no: crate::storage::PageNo,
    index: u16,
    last: bool,
) -> Option<crate::storage::page::Rec> {
    if no == FIL_NULL {
        return None;
    }
    let p = store
        .get(no)
        .filter(|p| !p.free && p.is_leaf() && p.index == index)?;
    if last {
        p.recs.last()
    } else {
        p.recs.first()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(low: u16, up: u16) -> Matches {
        Matches { low, up }
    }

    #[test]
    fn unique_point_lookups_recommend_all_fields_left() {
        let mut i = SearchInfo::new();
        i.update_hash(m(0, 1), 1);
        assert_eq!(
            (i.n_hash_potential, i.prefix),
            (
                1,
                Prefix {
                    n_fields: 1,
                    left_side: true
                }
            )
        );
        i.update_hash(m(0, 1), 1);
        i.update_hash(m(1, 0), 1);
        assert_eq!(i.n_hash_potential, 3);
    }

    #[test]
    fn recommendations_follow_the_boundary() {
        let mut i = SearchInfo::new();
        i.hash_analysis = 40;
        // secondary (k, id): a k-only tuple, GE cursor on the group's first record
        i.update_hash(m(0, 1), 2);
        assert_eq!(
            i.prefix,
            Prefix {
                n_fields: 1,
                left_side: true
            }
        );
        assert_eq!((i.hash_analysis, i.n_hash_potential), (0, 1));
        i.update_hash(m(0, 1), 2);
        assert_eq!(i.n_hash_potential, 2);
        // LE cursor on the group's last record: right side
        i.update_hash(m(1, 0), 2);
        assert_eq!(
            i.prefix,
            Prefix {
                n_fields: 1,
                left_side: false
            }
        );
        assert_eq!(i.n_hash_potential, 1);
        // no boundary between low and up: no potential
        i.update_hash(m(1, 1), 2);
        assert_eq!((i.n_hash_potential, i.prefix), (0, Prefix::INITIAL));
    }
}
