//! Redo bytes per change, in one place. Sizes follow the COMPACT-format mini-transaction
//! records of `mtr0log.cc`, `page0cur.cc`, `btr0cur.cc`, `row0upd.cc` and
//! `trx0rec.cc`; compressed integers (`mach_write_compressed`) are taken at the size
//! they have for a sysbench-sized table (space id and page number ≤ 2^21: 3 bytes).
//!
//! - Every page record starts with type (1) + space id (3) + page no (3) = [`MLOG_HDR`].
//! - A COMPACT record operation that needs the index layout (`mlog_open_and_write_index`)
//!   adds n_fields (2) + n_uniq (2) + 2 bytes per field = [`index_desc`].
//! - Every row change also writes an undo record on an undo page, logged as
//!   `MLOG_UNDO_INSERT`: header + 2-byte length + the undo record
//!   (`trx_undo_page_report_*`): type/compiler info (1), undo no (2), table id (2),
//!   info bits (1), trx id (5), roll ptr (7), next/prev offsets (4) = [`UNDO_BASE`],
//!   then the PK as length and value, and the old value of each updated field
//!   (position 1, length 1, bytes).
//! - A mini-transaction with several records ends with `MLOG_MULTI_REC_END` (1 byte).
//!
//! The undo pages themselves and purge (which later removes delete-marked records) are
//! not modelled: their redo is left out, so these sizes are a floor.

/// Record type + compressed space id + compressed page number.
pub const MLOG_HDR: u64 = 1 + 3 + 3;
/// Undo record without the PK and old values (see the module comment).
pub const UNDO_BASE: u64 = 1 + 2 + 2 + 1 + 5 + 7 + 4;
/// `MLOG_MULTI_REC_END`.
pub const MULTI_REC_END: u64 = 1;

/// `mlog_open_and_write_index`: n, n_uniq, 2 bytes per field.
pub fn index_desc(n_fields: u64) -> u64 {
    2 + 2 + 2 * n_fields
}

/// `MLOG_UNDO_INSERT` of an undo record carrying a `pk_bytes` key and `old_bytes` of
/// old field values.
pub fn undo(pk_bytes: u64, old_bytes: u64) -> u64 {
    MLOG_HDR + 2 + UNDO_BASE + 1 + pk_bytes + old_bytes
}

/// `MLOG_COMP_REC_INSERT` (`page_cur_insert_rec_write_log`): header, index layout,
/// cursor record offset (2), end-segment length (2), info+status bits (1), origin
/// offset (1), mismatch index (1), then the record bytes.
pub fn rec_insert(rec_bytes: u64, n_fields: u64) -> u64 {
    MLOG_HDR + index_desc(n_fields) + 2 + 2 + 1 + 1 + 1 + rec_bytes
}

/// `MLOG_COMP_REC_UPDATE_IN_PLACE` (`btr_cur_update_in_place_log`): header, index
/// layout, flags (1), trx id position (1) + trx id (6) + roll ptr (7), record offset
/// (2), info bits (1), n updated (1), then per field: field no (1) + length (1) + bytes.
pub fn update_in_place(n_fields: u64, new_bytes: u64, fields_updated: u64) -> u64 {
    MLOG_HDR + index_desc(n_fields) + 1 + 1 + 6 + 7 + 2 + 1 + 1 + 2 * fields_updated + new_bytes
}

/// `MLOG_COMP_REC_CLUST_DELETE_MARK`: header, index layout, flags (1), value (1),
/// trx id position (1) + trx id (6) + roll ptr (7), record offset (2).
pub fn clust_delete_mark(n_fields: u64) -> u64 {
    MLOG_HDR + index_desc(n_fields) + 1 + 1 + 1 + 6 + 7 + 2
}

/// `MLOG_REC_SEC_DELETE_MARK`: header, value (1), record offset (2).
pub const SEC_DELETE_MARK: u64 = MLOG_HDR + 1 + 2;

/// Commit (`trx_undo_set_state_at_finish`, `trx_write_serialisation_history`): the
/// undo segment state (`MLOG_2BYTES`), the undo log header's trx number (`MLOG_8BYTES`)
/// and the history list link (two `MLOG_4BYTES` + a 2-byte length): 5 small writes
/// of header + 2-byte offset + value, ≈ 12 bytes each.
pub const COMMIT: u64 = 5 * (MLOG_HDR + 2 + 3);

/// A page split (`btr_page_split_and_insert`, COMPACT): `MLOG_COMP_PAGE_CREATE` on the
/// new page, `MLOG_COMP_LIST_END_COPY_CREATED` carrying every moved record (about half
/// of the page's 16252 usable bytes when splitting in the middle; the moved bytes are
/// passed in), `MLOG_COMP_LIST_END_DELETE` on the old page, the sibling links
/// (`MLOG_4BYTES` × 3), and the node pointer inserted in the parent.
pub fn page_split(moved_bytes: u64, n_fields: u64, node_ptr_bytes: u64) -> u64 {
    (MLOG_HDR + 2)
        + (MLOG_HDR + index_desc(n_fields) + 4 + moved_bytes)
        + (MLOG_HDR + index_desc(n_fields) + 2)
        + 3 * (MLOG_HDR + 2 + 4)
        + rec_insert(node_ptr_bytes, n_fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_a_sysbench_row_change() {
        // sbtest: id, k, c CHAR(120), pad CHAR(60) + DB_TRX_ID, DB_ROLL_PTR = 6 fields.
        assert_eq!(MLOG_HDR, 7);
        assert_eq!(index_desc(6), 16);
        // Non-index update of c: 120 new bytes; undo keeps the old 120.
        assert_eq!(update_in_place(6, 120, 1), 7 + 16 + 19 + 2 + 120);
        assert_eq!(undo(4, 2 + 120), 7 + 2 + 22 + 1 + 4 + 122);
        assert_eq!(SEC_DELETE_MARK, 10);
        assert_eq!(COMMIT, 60);
        assert_eq!(rec_insert(13, 2), 7 + 8 + 7 + 13);
    }
}
