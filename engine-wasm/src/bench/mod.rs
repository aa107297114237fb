//! The storage B+tree alone, for `npm run bench` (scripts/bench/btree.mjs): insert a
//! batch of keys into a fresh [`BTree`] over a [`PageStore`], then look every key up.
//! No clock here: the caller times `insert_all` and `lookup_all` (wasm has no `Instant`).

pub mod tree_load;

use crate::storage::btree::{BTree, TreeEvent};
use crate::storage::key::{Key, MAX_KEY_LEN};
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::record::{IndexLayout, DATA_ROLL_PTR_LEN, DATA_TRX_ID_LEN};
use crate::storage::record::{REC_NODE_PTR_SIZE, REC_N_NEW_EXTRA_BYTES};
use crate::storage::FIL_NULL;

/// Bytes of the random-PK lesson table's clustered leaf record besides the id: one
/// length byte, DB_TRX_ID, DB_ROLL_PTR, the INT `number` column, and the header.
const LEAF_OVERHEAD: u16 = REC_N_NEW_EXTRA_BYTES + 1 + DATA_TRX_ID_LEN + DATA_ROLL_PTR_LEN + 4;

/// A clustered index keyed by a VARCHAR id, filled and probed with caller-given keys.
pub struct BtreeBench {
    keys: Vec<Key>,
    store: PageStore,
    tree: BTree,
    events: Vec<TreeEvent>,
    rec_size: u16,
}

impl BtreeBench {
    /// `keys` holds the keys back to back, `key_len` bytes each (1..=[`MAX_KEY_LEN`]);
    /// a trailing partial key is ignored. Records are sized like the `test_random_PK`
    /// table's clustered leaf records (46 bytes for a 23-byte id).
    pub fn new(keys: &[u8], key_len: usize) -> Result<BtreeBench, String> {
        if key_len == 0 || key_len > MAX_KEY_LEN {
            return Err(format!(
                "key_len must be from 1 to {MAX_KEY_LEN}, got {key_len}"
            ));
        }
        let keys: Vec<Key> = keys
            .chunks_exact(key_len)
            .filter_map(Key::from_bytes)
            .collect();
        let mut store = PageStore::new();
        // A node pointer: header, the id's length byte, then the child page number.
        let layout = IndexLayout {
            clustered: true,
            node_ptr_overhead: REC_N_NEW_EXTRA_BYTES + 1 + REC_NODE_PTR_SIZE,
        };
        let tree = BTree::create(&mut store, 0, layout);
        Ok(BtreeBench {
            keys,
            store,
            tree,
            events: Vec::new(),
            rec_size: key_len as u16 + LEAF_OVERHEAD,
        })
    }

    /// Keys given.
    pub fn key_count(&self) -> usize {
        self.keys.len()
    }

    /// Inserts every key in the given order with [`BTree::insert`] (page splits and
    /// all); returns how many went in (a duplicate key is refused and not counted).
    /// Meant to be called once per handle.
    pub fn insert_all(&mut self) -> u32 {
        let mut inserted = 0u32;
        for key in &self.keys {
            let rec = Rec {
                key: *key,
                size: self.rec_size,
                child: FIL_NULL,
            };
            // The engine hands these events to the buffer pool; here they are dropped.
            self.events.clear();
            if self
                .tree
                .insert(&mut self.store, rec, &mut self.events)
                .is_ok()
            {
                inserted += 1;
            }
        }
        inserted
    }

    /// Looks every key up with [`BTree::get`] (a root-to-leaf descent each), in the
    /// order given; returns how many were found.
    pub fn lookup_all(&self) -> u32 {
        let mut found = 0u32;
        for key in &self.keys {
            if self.tree.get(&self.store, key).is_some() {
                found += 1;
            }
        }
        found
    }

    /// Pages the tree uses (root included).
    pub fn pages(&self) -> usize {
        (self.tree.leaf_segment_pages + self.tree.top_segment_pages) as usize
    }

    /// Height of the tree (1 = the root is a leaf).
    pub fn height(&self) -> usize {
        let mut path = Vec::new();
        self.tree.search_path(&self.store, &Key::EMPTY, &mut path);
        path.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` distinct 23-byte ids in a scrambled order (an LCG picks the first part).
    fn ids(n: u64) -> Vec<u8> {
        let mut out = Vec::new();
        let mut x = 12345u64;
        for i in 0..n {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = (x >> 24) % 100_000_000_000;
            out.extend_from_slice(format!("{v:011}-{i:011}").as_bytes());
        }
        out
    }

    #[test]
    fn inserts_then_finds_every_key() {
        let keys = ids(20_000);
        let mut b = BtreeBench::new(&keys, 23).expect("valid key length");
        assert_eq!(b.key_count(), 20_000);
        assert_eq!(b.insert_all(), 20_000);
        assert_eq!(b.lookup_all(), 20_000);
        assert!(b.pages() > 50 && b.height() >= 2);
        assert_eq!(b.tree.check_invariants(&b.store), Ok(()));
    }

    #[test]
    fn duplicates_are_refused_and_bad_lengths_rejected() {
        let mut b = BtreeBench::new(b"aaabbbaaaX", 3).expect("valid key length");
        assert_eq!(b.key_count(), 3);
        assert_eq!(b.insert_all(), 2);
        assert_eq!(b.lookup_all(), 3);
        assert!(BtreeBench::new(b"abc", 0).is_err());
        assert!(BtreeBench::new(b"abc", MAX_KEY_LEN + 1).is_err());
    }
}
