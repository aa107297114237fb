//! The arena's invariants, checked by tests and the fuzzers.

use super::{Arena, BlockType, MIN_ALLOCATION_UNIT, NIL};

impl Arena {
    /// Checks every invariant: blocks tile the arena exactly in physical order, no
    /// two free blocks are neighbours, every free block is in the bin `find_bin`
    /// gives for its length and no used block is, the counters match.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut off = 0;
        let mut prev = NIL;
        let mut cur = self.first;
        let (mut total, mut free_n, mut free_mem) = (0u64, 0u64, 0u64);
        let mut prev_free = false;
        while cur != NIL {
            let b = &self.blocks[cur as usize];
            if b.off != off {
                return Err(format!(
                    "block {cur} at {} but previous ends at {off}",
                    b.off
                ));
            }
            if b.pprev != prev {
                return Err(format!("block {cur}: pprev {} != {prev}", b.pprev));
            }
            if b.len < MIN_ALLOCATION_UNIT && b.len != self.size {
                return Err(format!("block {cur} of {} bytes < min unit", b.len));
            }
            if b.used > b.len {
                return Err(format!("block {cur} uses {} of {}", b.used, b.len));
            }
            let is_free = b.kind == BlockType::Free;
            let in_bin = self.bins[self.find_bin(b.len)]
                .blocks
                .binary_search(&(b.len, cur))
                .is_ok();
            if is_free != in_bin {
                return Err(format!(
                    "block {cur} free={is_free} but in its bin={in_bin}"
                ));
            }
            if is_free {
                if prev_free {
                    return Err(format!("free block {cur} follows a free block"));
                }
                free_n += 1;
                free_mem += b.len;
            }
            prev_free = is_free;
            off += b.len;
            total += 1;
            prev = cur;
            cur = b.pnext;
        }
        if off != self.size {
            return Err(format!("blocks cover {off} of {} bytes", self.size));
        }
        let binned: u64 = self.bins.iter().map(|b| b.blocks.len() as u64).sum();
        if binned != free_n {
            return Err(format!("{binned} blocks in bins, {free_n} free blocks"));
        }
        for (i, bin) in self.bins.iter().enumerate() {
            if !bin.blocks.windows(2).all(|w| w[0] < w[1]) {
                return Err(format!("bin {i} is not sorted by (length, block)"));
            }
            for &(len, id) in &bin.blocks {
                if self.blocks[id as usize].len != len || self.find_bin(len) != i {
                    return Err(format!("bin {i} holds block {id} of {len} bytes wrongly"));
                }
            }
        }
        if total != self.total_blocks || free_n != self.free_blocks || free_mem != self.free_memory
        {
            return Err(format!(
                "counters total {}/{total} free {}/{free_n} memory {}/{free_mem}",
                self.total_blocks, self.free_blocks, self.free_memory
            ));
        }
        Ok(())
    }
}
