//! AHI configuration and the small value types of its API: versions, prefixes,
//! search modes, guesses and advice to the caller.

use crate::storage::PageNo;
use serde::{Deserialize, Serialize};

/// Which InnoDB build the AHI follows. Only exposed here: the server applies the
/// latch semantics (blocking vs try-lock) and costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AhiVersion {
    /// 5.7 up to 8.0.25: every build blocks on the partition's X-latch, and a build
    /// counts `adaptive_hash_rows_added` twice per entry.
    V57,
    /// 8.0.30+ (Bug #100512 fix): a new build, insert maintenance and
    /// `btr_search_update_hash_ref` try-lock and are skipped when the latch is busy;
    /// rebuilds after a move, deletes and drops still block.
    V8030,
}

impl AhiVersion {
    /// True when a build recommended by a search ([`Advice::Build`] from
    /// `after_btree_search`) only try-locks (`btr_search_x_lock_nowait`).
    pub fn build_try_locks(self) -> bool {
        self == AhiVersion::V8030
    }

    /// True when [`Advice::UpdateRef`] and insert maintenance only try-lock.
    pub fn maintenance_try_locks(self) -> bool {
        self == AhiVersion::V8030
    }
}

/// AHI settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AhiConfig {
    /// `innodb_adaptive_hash_index`.
    pub enabled: bool,
    /// `innodb_adaptive_hash_index_parts` (clamped to 1..=512).
    pub n_parts: u32,
    /// Hash cells of all parts: buffer-pool bytes / sizeof(void*) / 64 (`buf0buf.cc`);
    /// see [`AhiConfig::cells_for_pool`].
    pub cells: u64,
    /// Version whose rules apply.
    pub version: AhiVersion,
}

impl AhiConfig {
    /// Hash cells InnoDB sizes for a buffer pool of `pool_bytes`:
    /// `buf_pool_get_curr_size() / sizeof(void*) / 64`.
    pub fn cells_for_pool(pool_bytes: u64) -> u64 {
        pool_bytes / 8 / 64
    }
}

/// A hash prefix: the leading `n_fields` fields (`n_bytes` is always 0 here) and
/// which record of a run of equal prefixes is hashed (`left_side`: the left-most).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefix {
    /// Whole fields hashed.
    pub n_fields: u16,
    /// Hash the left-most record of each equal-prefix run (else the right-most).
    pub left_side: bool,
}

impl Prefix {
    /// `btr_search_info_create()` / `buf_block_init_low()`: {1, 0, left}.
    pub const INITIAL: Prefix = Prefix {
        n_fields: 1,
        left_side: true,
    };
}

/// The page-cursor search mode of a B-tree search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchMode {
    /// `PAGE_CUR_GE`: point and range reads (`row_search_mvcc` for `=`/`>=`).
    Ge,
    /// `PAGE_CUR_LE`: inserts (`row_ins_*_index_entry_low`).
    Le,
}

/// Outcome of a hash lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Guess {
    /// The hash was not tried (gating of `btr_cur_search_to_nth_level`, or
    /// `n_hash_potential` = 0, or the tuple is shorter than the prefix).
    NotTried,
    /// The hash found the record on `page` (`BTR_CUR_HASH`): no B-tree descent.
    Hit {
        /// The leaf page found.
        page: PageNo,
    },
    /// Looked up, but no node or the node failed `btr_search_check_guess`
    /// (`BTR_CUR_HASH_FAIL`): descend the B-tree and pass `hash_failed = true`.
    Fail,
}

/// What the caller should do after a B-tree search or a page move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Advice {
    /// Nothing.
    None,
    /// Build the page's hash index with `prefix` ([`super::Ahi::build_page`]) under
    /// the X-latch of `part`.
    Build {
        /// The leaf page.
        page: PageNo,
        /// The block's recommended prefix.
        prefix: Prefix,
        /// AHI partition whose latch the build needs.
        part: usize,
    },
    /// Insert the correct pointer for the searched fold ([`super::Ahi::update_ref`]
    /// with `rec`) under the X-latch of `part`: a lazy repair after `HASH_FAIL`.
    UpdateRef {
        /// The leaf page of the B-tree cursor.
        page: PageNo,
        /// AHI partition whose latch the update needs.
        part: usize,
        /// Key of the record under the B-tree cursor.
        rec: crate::storage::key::Key,
    },
}
