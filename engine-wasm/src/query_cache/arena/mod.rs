//! The MySQL 5.7 query cache memory: one arena of `query_cache_size` bytes cut into
//! typed blocks in physical order, free blocks kept in roughly logarithmic size
//! bins (`Query_cache::init_cache`, `find_bin`), best-fit search
//! (`get_free_block`), splitting (`split_block`) and merging of free neighbours
//! (`free_memory_block`, `join_free_blocks`). The caller (mysql.rs) frees old
//! queries when nothing fits (`allocate_block` + `free_old_query`).

mod bins;
mod check;
#[cfg(test)]
mod tests;

use bins::{Bin, Step};

/// `min_allocation_unit`: no block is smaller, and a split must leave at least this.
pub const MIN_ALLOCATION_UNIT: u64 = 512;
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
}
