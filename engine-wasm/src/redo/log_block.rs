//! Redo log blocks (`log0log.h`, `log_write_low`/`log_buffer_reserve`): the log is a
//! sequence of 512-byte blocks, each with a 12-byte header and a 4-byte trailer, so
//! 496 bytes of every 512 carry records. The LSN counts every byte of the blocks,
//! headers and trailers included: lsn ≈ record bytes × 512/496.

/// `OS_FILE_LOG_BLOCK_SIZE`.
pub const LOG_BLOCK_SIZE: u64 = 512;
/// `LOG_BLOCK_HDR_SIZE`: block number, data length, first record offset, checkpoint no.
pub const LOG_BLOCK_HDR_SIZE: u64 = 12;
/// `LOG_BLOCK_TRL_SIZE`: the block's checksum.
pub const LOG_BLOCK_TRL_SIZE: u64 = 4;
/// Record bytes per block (496).
pub const LOG_BLOCK_DATA: u64 = LOG_BLOCK_SIZE - LOG_BLOCK_HDR_SIZE - LOG_BLOCK_TRL_SIZE;
/// `LOG_START_LSN` (16 blocks) plus the first block's header: the LSN of a new log.
pub const LOG_START_LSN: u64 = 16 * LOG_BLOCK_SIZE + LOG_BLOCK_HDR_SIZE;

/// The LSN after appending `len` record bytes at `lsn` (which points at record data,
/// never inside a header or trailer). Filling a block's data area exactly moves the
/// LSN past its trailer and the next block's header, as `log_write_low` does.
pub fn lsn_advance(lsn: u64, len: u64) -> u64 {
    let mut lsn = lsn;
    let mut len = len;
    while len > 0 {
        let offset = lsn % LOG_BLOCK_SIZE;
        let room = LOG_BLOCK_SIZE - LOG_BLOCK_TRL_SIZE - offset;
        if len < room {
            return lsn + len;
        }
        lsn += room + LOG_BLOCK_TRL_SIZE + LOG_BLOCK_HDR_SIZE;
        len -= room;
    }
    lsn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_log_starts_after_the_first_header() {
        assert_eq!(LOG_START_LSN, 8204);
        assert_eq!(LOG_START_LSN % LOG_BLOCK_SIZE, LOG_BLOCK_HDR_SIZE);
        assert_eq!(LOG_BLOCK_DATA, 496);
    }

    #[test]
    fn small_records_stay_in_the_block() {
        assert_eq!(lsn_advance(LOG_START_LSN, 100), LOG_START_LSN + 100);
        assert_eq!(lsn_advance(LOG_START_LSN, 0), LOG_START_LSN);
    }

    #[test]
    fn crossing_a_block_adds_trailer_and_header() {
        // 495 bytes fit; the 496th fills the block and the LSN jumps to the next data start.
        assert_eq!(lsn_advance(LOG_START_LSN, 495), LOG_START_LSN + 495);
        assert_eq!(lsn_advance(LOG_START_LSN, 496), LOG_START_LSN + 512);
        assert_eq!(lsn_advance(LOG_START_LSN, 497), LOG_START_LSN + 513);
        // 10 full blocks of data = 10 blocks of LSN.
        assert_eq!(lsn_advance(LOG_START_LSN, 4960), LOG_START_LSN + 5120);
    }

    #[test]
    fn split_appends_equal_one_append() {
        let mut a = LOG_START_LSN;
        for _ in 0..1000 {
            a = lsn_advance(a, 37);
        }
        assert_eq!(a, lsn_advance(LOG_START_LSN, 37_000));
        // 37000 bytes = 74 full blocks + 296 bytes.
        assert_eq!(a - LOG_START_LSN, 74 * 512 + 296);
    }
}
