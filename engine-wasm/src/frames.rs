//! Bulk state for the UI as flat arrays (the layouts are documented once, in
//! web/src/engine/frames.ts): leaf fill and state, upper tree levels, pool frames.

use crate::server::Engine;
use crate::storage::page::Page;
use crate::storage::{PageNo, FIL_NULL};
use serde::Serialize;

/// Leaf state bits (frames.ts `LEAF_*`).
pub const LEAF_RESIDENT: u8 = 1;
/// The page is dirty in the pool.
pub const LEAF_DIRTY: u8 = 2;
/// The page split since the previous `leaf_state` call for its index.
pub const LEAF_SPLIT_RECENT: u8 = 4;
/// The page carries an adaptive hash index.
pub const LEAF_HASHED: u8 = 8;

/// A leaf's fill as one byte: the same measure as the tree's mean fill ([`Page::fill`]:
/// records and their directory slots over an empty page's free space), so the fill view
/// and the B+tree view agree (records alone read ~3 points lower on a full page).
fn fill_byte(p: &Page) -> u8 {
    (p.fill().min(1.0) * 255.0).round() as u8
}

/// Leaf pages of `index` in key order.
pub fn leaves(e: &Engine, index: usize) -> Vec<PageNo> {
    match e.table.trees.get(index) {
        Some(t) => t.leaf_pages(&e.store).collect(),
        None => Vec::new(),
    }
}

/// One fill byte per leaf page, in key order.
pub fn leaf_fill(e: &Engine, index: usize) -> Vec<u8> {
    leaves(e, index)
        .iter()
        .map(|&p| fill_byte(&e.store.pages[p as usize]))
        .collect()
}

/// One state byte per leaf page; `since_split` is the split number last reported
/// for this index (updated), so each split is flagged exactly once.
pub fn leaf_state(e: &Engine, index: usize, since_split: &mut u64) -> Vec<u8> {
    let out = leaves(e, index)
        .iter()
        .map(|&p| {
            let mut b = 0;
            if e.bp.is_resident(p) {
                b |= LEAF_RESIDENT;
            }
            if e.bp.is_dirty(p) {
                b |= LEAF_DIRTY;
            }
            if e.split_seq
                .get(p as usize)
                .is_some_and(|&s| s > *since_split)
            {
                b |= LEAF_SPLIT_RECENT;
            }
            if e.ahi.is_hashed(p) {
                b |= LEAF_HASHED;
            }
            b
        })
        .collect();
    *since_split = e.stats.splits;
    out
}

/// Non-leaf pages, root level first, each level in key order:
/// `[level, first_leaf_ordinal, n_leaves_under, fill]` per page.
pub fn tree_upper(e: &Engine, index: usize) -> Vec<u32> {
    let Some(t) = e.table.trees.get(index) else {
        return Vec::new();
    };
    // The pages of level l at levels[l]: DFS order lists each level in key order.
    let mut levels: Vec<Vec<[u32; 4]>> = Vec::new();
    let mut next_leaf = 0u32;
    walk(e, t.root, &mut next_leaf, &mut levels);
    levels.into_iter().rev().flatten().flatten().collect()
}

fn walk(e: &Engine, page: PageNo, next_leaf: &mut u32, levels: &mut Vec<Vec<[u32; 4]>>) {
    let p = &e.store.pages[page as usize];
    if p.level == 0 {
        *next_leaf += 1;
        return;
    }
    let level = usize::from(p.level);
    if levels.len() <= level {
        levels.resize_with(level + 1, Vec::new);
    }
    let slot = levels[level].len();
    levels[level].push([p.level as u32, *next_leaf, 0, fill_byte(p) as u32]);
    for r in p.recs.iter() {
        if r.child != FIL_NULL {
            walk(e, r.child, next_leaf, levels);
        }
    }
    let node = &mut levels[level][slot];
    node[2] = *next_leaf - node[1];
}

/// One byte per frame in LRU order (head → tail), then the free frames:
/// bits 0-1 free/clean/dirty, bit 2 old, bits 3-7 index id + 1.
pub fn pool_frames(e: &Engine) -> Vec<u8> {
    let mut lru = Vec::new();
    e.bp.frames_lru_order(&mut lru);
    let mut out: Vec<u8> = lru
        .iter()
        .map(|f| {
            let (page, dirty, old) = (f.page, f.dirty, f.old);
            let index = e
                .store
                .pages
                .get(page as usize)
                .map(|p| p.index)
                .unwrap_or(31);
            let mut b: u8 = if dirty { 2 } else { 1 };
            if old {
                b |= 4;
            }
            b | (((index + 1).min(31) as u8) << 3)
        })
        .collect();
    out.resize(e.bp.config().n_frames as usize, 0);
    out
}

/// A record as the zoomed view lists it.
#[derive(Serialize)]
pub struct RecordView {
    /// The key, readable (INT as a number, strings as text).
    pub key: String,
    /// Record size in bytes.
    pub size: u16,
}

/// One leaf page's records (at most `max`).
#[derive(Serialize)]
pub struct PageView {
    /// Page number.
    pub page: u32,
    /// Level.
    pub level: u8,
    /// Fill 0..1.
    pub fill: f64,
    /// Records in the page.
    pub n_recs: usize,
    /// The first `max` records.
    pub records: Vec<RecordView>,
}

/// The records of the `ordinal`-th leaf of `index`.
pub fn page_records(e: &Engine, index: usize, ordinal: usize, max: usize) -> Option<PageView> {
    let page = *leaves(e, index).get(ordinal)?;
    let p = &e.store.pages[page as usize];
    Some(PageView {
        page,
        level: p.level,
        fill: p.fill(),
        n_recs: p.recs.len(),
        records: p
            .recs
            .iter()
            .take(max)
            .map(|r| RecordView {
                key: show_key(r.key.as_bytes()),
                size: r.size,
            })
            .collect(),
    })
}

fn show_key(b: &[u8]) -> String {
    // INT columns are 4 bytes with the sign bit flipped; text is printable ASCII.
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b.len() - i >= 4 && !b[i..i + 4].iter().all(|c| c.is_ascii_graphic()) {
            let v = u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]) ^ 0x8000_0000;
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&(v as i32).to_string());
            i += 4;
        } else {
            let start = i;
            while i < b.len() && b[i].is_ascii_graphic() {
                i += 1;
            }
            if i == start {
                i += 1;
                continue;
            }
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&String::from_utf8_lossy(&b[start..i]));
        }
    }
    out
}
