//! The arena's free-block bins: their sizes for a given `query_cache_size`
//! (`Query_cache::init_cache`), which bin a size falls in (`find_bin`), and the
//! best-fit search over them (`get_free_block`).

use super::{align, Arena, Block, BlockType, Work, MEM_BIN_TRY, MIN_ALLOCATION_UNIT, NIL};

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

/// One size bin (`Query_cache_memory_bin`): blocks ≥ `size` (and below the
/// previous bin's size), sorted ascending. The source keeps a bin as a list sorted
/// by length; here a sorted vector of (length, block) is the ordered set, with no
/// ordered-map code in the wasm module (issue #2).
#[derive(Clone, Debug)]
#[allow(dead_code)]
pub(super) struct Bin {
    pub(super) size: u64,
    pub(super) blocks: Vec<(u64, u32)>,
}

/// `Query_cache_memory_bin_step`: sizes in [size, previous step's size) map to bins
/// `idx - (len - size) / inc`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    size: u64,
    idx: usize,
    inc: u64,
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
            blocks: Vec::new(),
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
                    blocks: Vec::new(),
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
                blocks: Vec::new(),
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

    pub(super) fn insert_free(&mut self, id: u32) {
        let len = self.blocks[id as usize].len;
        let bin = self.find_bin(len);
        let blocks = &mut self.bins[bin].blocks;
        if let Err(i) = blocks.binary_search(&(len, id)) {
            blocks.insert(i, (len, id));
        }
        self.free_memory += len;
        self.free_blocks += 1;
        self.work.block_ops += 1;
    }

    pub(super) fn exclude_free(&mut self, id: u32) {
        let len = self.blocks[id as usize].len;
        let bin = self.find_bin(len);
        let blocks = &mut self.bins[bin].blocks;
        let found = blocks.binary_search(&(len, id));
        debug_assert!(found.is_ok(), "free block {id} not in bin {bin}");
        if let Ok(i) = found {
            blocks.remove(i);
        }
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
}
