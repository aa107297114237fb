//! Per-page AHI state (the AHI fields of `buf_block_t`) and the per-page build
//! decision.

use super::config::Prefix;
use super::search_info::{SearchInfo, BTR_SEARCH_BUILD_LIMIT, BTR_SEARCH_PAGE_BUILD_LIMIT};
use serde::{Deserialize, Serialize};

/// A page's AHI state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockInfo {
    /// Searches in a row that the recommended prefix would have served here.
    pub n_hash_helps: u32,
    /// The index recommendation this page last took.
    pub recommended: Prefix,
    /// Prefix of the page's hash entries; `Some` = hashed (`block->index` set).
    pub curr: Option<Prefix>,
    /// Index of the hashed page.
    pub index: u16,
    /// Hash nodes pointing into the page (`n_pointers` of `UNIV_AHI_DEBUG`).
    pub n_pointers: u32,
}

impl BlockInfo {
    /// A block as `buf_block_init_low()` leaves it.
    pub const NEW: BlockInfo = BlockInfo {
        n_hash_helps: 0,
        recommended: Prefix::INITIAL,
        curr: None,
        index: 0,
        n_pointers: 0,
    };

    /// Counts a search that ended on this page; true when the page should be
    /// (re)built with `self.recommended`.
    // models btr_search_update_block_hash_info()
    pub(crate) fn update(&mut self, info: &mut SearchInfo, n_recs: usize) -> bool {
        info.last_hash_succ = false;
        if self.n_hash_helps > 0 && info.n_hash_potential > 0 && self.recommended == info.prefix {
            if self.curr == Some(info.prefix) {
                // the hash would presumably have succeeded: try it next time
                info.last_hash_succ = true;
            }
            self.n_hash_helps = self.n_hash_helps.saturating_add(1);
        } else {
            self.n_hash_helps = 1;
            self.recommended = info.prefix;
        }
        let helps = u64::from(self.n_hash_helps);
        let n = n_recs as u64;
        info.n_hash_potential >= BTR_SEARCH_BUILD_LIMIT
            && helps > n / u64::from(BTR_SEARCH_PAGE_BUILD_LIMIT)
            && (self.curr.is_none() || helps > 2 * n || self.curr != Some(self.recommended))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_400_row_page_needs_26_helps_once_potential_reaches_100() {
        let mut info = SearchInfo::new();
        info.n_hash_potential = 100;
        info.prefix = Prefix {
            n_fields: 1,
            left_side: true,
        };
        let mut b = BlockInfo::NEW;
        let builds: Vec<bool> = (0..26).map(|_| b.update(&mut info, 400)).collect();
        assert_eq!(builds.iter().position(|&x| x), Some(25));
        assert_eq!(b.n_hash_helps, 26);
        // a hashed page with the same prefix is rebuilt only past 2 · n_recs helps
        b.curr = Some(info.prefix);
        b.n_hash_helps = 799;
        assert!(!b.update(&mut info, 400));
        assert!(info.last_hash_succ);
        assert!(b.update(&mut info, 400));
        // potential 99 blocks every build
        info.n_hash_potential = 99;
        b.curr = None;
        assert!(!b.update(&mut info, 400));
    }
}
