//! The MySQL 5.7 query cache memory: one arena of `query_cache_size` bytes cut into
//! typed blocks in physical order, free blocks kept in roughly logarithmic size
//! bins (`Query_cache::init_cache`, `find_bin`), best-fit search
//! (`get_free_block`), splitting (`split_block`) and merging of free neighbours
//! (`free_memory_block`, `join_free_blocks`). The caller (mysql.rs) frees old
//! queries when nothing fits (`allocate_block` + `free_old_query`).

use std::collections::BTreeSet;

/// `min_allocation_unit`: no block is smaller, and a split must leave at least this.
pub const MIN_ALLOCATION_UNIT: u64 = 512;
/// `QUERY_CACHE_MEM_BIN_FIRST_STEP_PWR2`: bin 0 holds blocks ≥ size >> 4.
const FIRST_STEP_PWR2: u32 = 4;
/// `QUERY_CACHE_MEM_BIN_STEP_PWR2`: each step covers a size range 4x smaller.
const STEP_PWR2: u32 = 2;
/// `QUERY_CACHE_MEM_BIN_PARTS_INC`.
const PARTS_INC: u32 = 1;
/// `QUERY_CACHE_MEM_BIN_PARTS_MUL`.
const PARTS_MUL: f64 = 1.2;
/// `QUERY_CACHE_MEM_BIN_SPC_LIM_PWR2`: bins of one step are at least 8 bytes apart.
const SPC_LIM_PWR2: u32 = 3;
/// `QUERY_CACHE_MEM_BIN_TRY`: blocks probed from each end of a bin.
pub const MEM_BIN_TRY: usize = 5;
/// `ALIGN_SIZE`: 8-byte alignment.
pub fn align(n: u64) -> u64 {
    (n + 7) & !7
}

/// No block.
pub const NIL: u32 = u32::MAX;

/// `Query_cache_block::block_type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockType {
    /// Free memory.
    Free,
    /// A query: header, table links, the key (text + db + flags).
    Query,
    /// A complete result's first block.
    Result,
    /// A further block of a result chain.
    ResCont,
    /// The first block of a result still being written.
    ResBeg,
    /// A table: the ring of its queries.
    Table,
}

impl BlockType {
    /// The byte the arena strip uses (frames.ts `QC_BLOCK_*`).
    pub fn code(self) -> u8 {
        match self {
            BlockType::Free => 0,
            BlockType::Query => 1,
            BlockType::Result => 2,
            BlockType::ResCont => 3,
            BlockType::ResBeg => 4,
            BlockType::Table => 5,
        }
    }
}

/// One block (`Query_cache_block`: length, used, physical links, type).
#[derive(Clone, Copy, Debug)]
pub struct Block {
    /// Offset in the arena.
    pub off: u64,
    /// Length.
    pub len: u64,
    /// Bytes used (headers + data).
    pub used: u64,
    /// Type.
    pub kind: BlockType,
    /// Physical neighbours (`pprev`, `pnext`), NIL at the ends.
    pub pprev: u32,
    /// Next block in memory.
    pub pnext: u32,
    /// The query (or table) this block belongs to.
    pub owner: u32,
}

/// One size bin (`Query_cache_memory_bin`): blocks ≥ `size` (and below the
/// previous bin's size), sorted ascending.
#[derive(Clone, Debug)]
#[allow(dead_code)]
struct Bin {
    size: u64,
    blocks: BTreeSet<(u64, u32)>,
}

/// `Query_cache_memory_bin_step`: sizes in [size, previous step's size) map to bins
/// `idx - (len - size) / inc`.
#[derive(Clone, Copy, Debug)]
struct Step {
    size: u64,
    idx: usize,
    inc: u64,
}

/// What an allocation touched (for its CPU cost).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Block headers read or written (probes, splits, merges, links).
    pub block_ops: u64,
}

/// The arena.
#[derive(Clone, Debug)]
pub struct Arena {
    size: u64,
    blocks: Vec<Block>,
    spare: Vec<u32>,
    first: u32,
    bins: Vec<Bin>,
    steps: Vec<Step>,
    free_memory: u64,
    free_blocks: u64,
    total_blocks: u64,
    /// Work done since the caller last took it.
    pub work: Work,
}

impl Arena {
    /// `init_cache`: the bins for `size` bytes and one free block over all of it.
    /// `None` when the size is too small to be used (as 5.7 disables the cache).
    /// The bins' own bookkeeping is taken from the size as the source does; the
    /// query and table hashes live outside the arena here (the source subtracts an
    /// estimate of them too).
    pub fn new(size: u64) -> Option<Arena> {
        let max_bin = size >> FIRST_STEP_PWR2;
        let first_count = ((1 + PARTS_INC) as f64 * PARTS_MUL) as u32;
        let mut bin_size = max_bin >> STEP_PWR2;
        if bin_size <= MIN_ALLOCATION_UNIT {
            return None;
        }
        let mut bins = vec![Bin {
            size: max_bin,
            blocks: BTreeSet::new(),
        }];
        let mut steps = vec![Step {
            size: max_bin,
            idx: 0,
            inc: 0,
        }];
        let mut count = first_count;
        while bin_size > MIN_ALLOCATION_UNIT {
            let prev = steps[steps.len() - 1].size;
            let inc = (prev - bin_size) / count as u64;
            let base = bins.len();
            for i in 0..count as u64 {
                // bins of one step in descending size: the last is `bin_size`
                let s = bin_size + inc * (count as u64 - 1 - i);
                bins.push(Bin {
                    size: s,
                    blocks: BTreeSet::new(),
                });
            }
            steps.push(Step {
                size: bin_size,
                idx: base + count as usize - 1,
                inc: inc.max(1),
            });
            bin_size >>= STEP_PWR2;
            count += PARTS_INC;
            count = (count as f64 * PARTS_MUL) as u32;
            count = count.min((bin_size >> SPC_LIM_PWR2) as u32).max(1);
        }
        // The last step: sizes from min_allocation_unit up to the previous step.
        let prev = steps[steps.len() - 1].size;
        let inc = ((prev - bin_size) / count as u64).max(1);
        let skipped = ((MIN_ALLOCATION_UNIT - bin_size) / inc) as u32;
        let n = count.saturating_sub(skipped).max(1);
        let base = bins.len();
        for i in 0..n as u64 {
            let s = bin_size + inc * (skipped as u64 + (n as u64 - 1 - i));
            bins.push(Bin {
                size: s,
                blocks: BTreeSet::new(),
            });
        }
        steps.push(Step {
            size: bin_size + inc * skipped as u64,
            idx: base + n as usize - 1,
            inc,
        });
        // Bookkeeping of bins and steps comes out of the arena (`additional_data_size`).
        let overhead = align((bins.len() as u64 + 1) * 24 + steps.len() as u64 * 24);
        let usable = (size - overhead) & !7;
        let mut a = Arena {
            size: usable,
            blocks: Vec::new(),
            spare: Vec::new(),
            first: 0,
            bins,
            steps,
            free_memory: 0,
            free_blocks: 0,
            total_blocks: 0,
            work: Work::default(),
        };
        let b = a.new_block(Block {
            off: 0,
            len: usable,
            used: 0,
            kind: BlockType::Free,
            pprev: NIL,
            pnext: NIL,
            owner: NIL,
        });
        a.first = b;
        a.total_blocks = 1;
        a.insert_free(b);
        Some(a)
    }

    fn new_block(&mut self, b: Block) -> u32 {
        match self.spare.pop() {
            Some(id) => {
                self.blocks[id as usize] = b;
                id
            }
            None => {
                self.blocks.push(b);
                (self.blocks.len() - 1) as u32
            }
        }
    }

    /// Usable bytes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// `Qcache_free_memory`.
    pub fn free_memory(&self) -> u64 {
        self.free_memory
    }

    /// `Qcache_free_blocks`.
    pub fn free_blocks(&self) -> u64 {
        self.free_blocks
    }

    /// `Qcache_total_blocks`.
    pub fn total_blocks(&self) -> u64 {
        self.total_blocks
    }

    /// Number of bins.
    pub fn n_bins(&self) -> usize {
        self.bins.len()
    }

    /// A block.
    pub fn block(&self, id: u32) -> &Block {
        &self.blocks[id as usize]
    }

    /// Sets a block's type, owner and used bytes.
    pub fn set(&mut self, id: u32, kind: BlockType, owner: u32, used: u64) {
        let b = &mut self.blocks[id as usize];
        b.kind = kind;
        b.owner = owner;
        b.used = used;
    }

    /// Blocks in physical order.
    pub fn physical(&self) -> impl Iterator<Item = &Block> {
        let mut cur = self.first;
        std::iter::from_fn(move || {
            if cur == NIL {
                return None;
            }
            let b = &self.blocks[cur as usize];
            cur = b.pnext;
            Some(b)
        })
    }

    /// `find_bin`: the bin of a block of `len` bytes (bins in descending size).
    pub fn find_bin(&self, len: u64) -> usize {
        // binary search over steps (sizes descending)
        let (mut left, mut right) = (0usize, self.steps.len());
        while left < right {
            let mid = (left + right) / 2;
            if self.steps[mid].size > len {
                left = mid + 1;
            } else {
                right = mid;
            }
        }
        if left == 0 {
            return 0;
        }
        let left = left.min(self.steps.len() - 1);
        let s = self.steps[left];
        let back = (len.saturating_sub(s.size) / s.inc) as usize;
        let prev_last = self.steps[left - 1].idx;
        s.idx
            .saturating_sub(back)
            .max(prev_last + 1)
            .min(self.bins.len() - 1)
    }

    fn insert_free(&mut self, id: u32) {
        let len = self.blocks[id as usize].len;
        let bin = self.find_bin(len);
        self.bins[bin].blocks.insert((len, id));
        self.free_memory += len;
        self.free_blocks += 1;
        self.work.block_ops += 1;
    }

    fn exclude_free(&mut self, id: u32) {
        let len = self.blocks[id as usize].len;
        let bin = self.find_bin(len);
        let removed = self.bins[bin].blocks.remove(&(len, id));
        debug_assert!(removed, "free block {id} not in bin {bin}");
        self.free_memory -= len;
        self.free_blocks -= 1;
        self.work.block_ops += 1;
    }

    /// `get_free_block`: a free block for `len` bytes, taken out of its bin, or
    /// None. Best fit in the request's bin (at most `MEM_BIN_TRY` probes from the
    /// small end, then from the large end), else the smallest block of the nearest
    /// larger non-empty bin; when `!not_less`, a smaller block longer than `min`
    /// (results may be chains).
    pub fn get_free_block(&mut self, len: u64, not_less: bool, min: u64) -> Option<u32> {
        let start = self.find_bin(len);
        let mut found: Option<(u64, u32)> = None;
        let mut first: Option<(u64, u32)> = None;
        let bin = &self.bins[start].blocks;
        let mut probes = 0u64;
        if let Some(&max) = bin.last() {
            if max.0 >= len {
                // from the small end
                let mut it = bin.iter();
                let mut cur = it.next().copied();
                let mut n = 0;
                while n < MEM_BIN_TRY && cur.is_some_and(|c| c.0 < len) {
                    cur = it.next().copied();
                    n += 1;
                }
                probes += n as u64 + 1;
                match cur {
                    Some(c) if c.0 >= len => found = Some(c),
                    _ => {
                        // from the large end: step down while still ≥ len
                        let mut best = max;
                        let mut n = 0;
                        for &c in bin.iter().rev().skip(1) {
                            if n >= MEM_BIN_TRY || c.0 < len {
                                break;
                            }
                            best = c;
                            n += 1;
                        }
                        probes += n as u64 + 1;
                        found = Some(best);
                    }
                }
            } else {
                first = Some(max);
                probes += 1;
            }
        }
        if found.is_none() && start > 0 {
            // a larger bin: its smallest block
            let mut i = start - 1;
            while i > 0 && self.bins[i].blocks.is_empty() {
                i -= 1;
                probes += 1;
            }
            if let Some(&b) = self.bins[i].blocks.first() {
                found = Some(b);
            }
        }
        if found.is_none() && !not_less {
            if let Some(f) = first.filter(|f| f.0 > min) {
                found = Some(f);
            } else {
                let mut i = start + 1;
                while i < self.bins.len() && self.bins[i].blocks.is_empty() {
                    i += 1;
                    probes += 1;
                }
                if let Some(&b) = self.bins.get(i).and_then(|b| b.blocks.last()) {
                    if b.0 >= min {
                        found = Some(b);
                    }
                }
            }
        }
        self.work.block_ops += probes;
        let (_, id) = found?;
        self.exclude_free(id);
        Some(id)
    }

    /// `split_block`: cuts `id` to `len` bytes; the rest becomes a free block
    /// (merged with a free neighbour when the cut block was in use).
    pub fn split_block(&mut self, id: u32, len: u64) {
        let b = self.blocks[id as usize];
        let rest = self.new_block(Block {
            off: b.off + len,
            len: b.len - len,
            used: 0,
            kind: BlockType::Free,
            pprev: id,
            pnext: b.pnext,
            owner: NIL,
        });
        if b.pnext != NIL {
            self.blocks[b.pnext as usize].pprev = rest;
        }
        let bm = &mut self.blocks[id as usize];
        bm.len = len;
        bm.pnext = rest;
        self.total_blocks += 1;
        self.work.block_ops += 2;
        if b.kind == BlockType::Free {
            // a free block was already merged with its free neighbours
            self.insert_free(rest);
        } else {
            self.free_memory_block(rest);
        }
    }

    /// `allocate_block`'s split: a found block longer than needed by at least
    /// `min_allocation_unit` is cut to the aligned request.
    pub fn take(&mut self, id: u32, len: u64) {
        let want = align(len);
        if self.blocks[id as usize].len >= want + MIN_ALLOCATION_UNIT {
            self.split_block(id, want);
        }
    }

    /// `free_memory_block`: the block becomes free and merges with free physical
    /// neighbours (`join_free_blocks`), then goes into its bin.
    pub fn free_memory_block(&mut self, id: u32) {
        {
            let b = &mut self.blocks[id as usize];
            b.used = 0;
            b.kind = BlockType::Free;
            b.owner = NIL;
        }
        let mut cur = id;
        let next = self.blocks[cur as usize].pnext;
        if next != NIL && self.blocks[next as usize].kind == BlockType::Free {
            self.exclude_free(next);
            self.join(cur, next);
        }
        let prev = self.blocks[cur as usize].pprev;
        if prev != NIL && self.blocks[prev as usize].kind == BlockType::Free {
            self.exclude_free(prev);
            self.join(prev, cur);
            cur = prev;
        }
        self.insert_free(cur);
    }

    /// `join_free_blocks`: `b` (physically after `a`) is absorbed into `a`.
    fn join(&mut self, a: u32, b: u32) {
        let bb = self.blocks[b as usize];
        let ab = &mut self.blocks[a as usize];
        ab.len += bb.len;
        ab.pnext = bb.pnext;
        if bb.pnext != NIL {
            self.blocks[bb.pnext as usize].pprev = a;
        }
        self.spare.push(b);
        self.total_blocks -= 1;
        self.work.block_ops += 2;
    }

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
                .contains(&(b.len, cur));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_descend_and_find_bin_is_consistent() {
        let a = Arena::new(64 << 20).expect("arena");
        for w in a.bins.windows(2) {
            assert!(w[0].size > w[1].size, "{} !> {}", w[0].size, w[1].size);
        }
        assert_eq!(a.find_bin(64 << 20), 0);
        assert_eq!(a.find_bin(4 << 20), 0);
        // a length falls in the bin whose size is the largest ≤ it
        for len in [512u64, 600, 1024, 4096, 5000, 70_000, 1 << 20, 3 << 20] {
            let i = a.find_bin(len);
            assert!(
                a.bins[i].size <= len || i == a.bins.len() - 1,
                "len {len} bin {i} size {}",
                a.bins[i].size
            );
            if i > 0 {
                assert!(a.bins[i - 1].size > len, "len {len} bin {i}");
            }
        }
        assert!(
            Arena::new(32 << 10).is_none(),
            "32 KiB is too small, as in 5.7"
        );
        a.check_invariants().expect("fresh arena");
    }

    #[test]
    fn split_and_merge_keep_the_arena_tiled() {
        let mut a = Arena::new(1 << 20).expect("arena");
        let total = a.free_memory();
        let x = a.get_free_block(4096, true, 0).expect("block");
        a.take(x, 4096);
        a.set(x, BlockType::Query, 1, 300);
        let y = a.get_free_block(1000, true, 0).expect("block");
        a.take(y, 1000);
        a.set(y, BlockType::Result, 1, 900);
        a.check_invariants().expect("after two allocations");
        assert_eq!(a.block(y).len, 1000);
        assert_eq!(a.free_memory(), total - 4096 - 1000);
        // trimming a used block frees its tail
        a.split_block(x, 512);
        a.check_invariants().expect("after trim");
        assert_eq!(a.free_blocks(), 2);
        a.free_memory_block(y);
        a.check_invariants().expect("after free");
        assert_eq!(
            a.free_blocks(),
            1,
            "the freed block merged with both neighbours"
        );
        a.free_memory_block(x);
        a.check_invariants().expect("after free");
        assert_eq!(a.total_blocks(), 1);
        assert_eq!(a.free_memory(), total);
    }
}
