//! Property test: random insert/delete/get sequences against a `BTreeMap` model,
//! with the tree's invariants checked after every operation.

use innodb_lab::storage::btree::{BTree, InsertError, TreeEvent};
use innodb_lab::storage::key::Key;
use innodb_lab::storage::page::Rec;
use innodb_lab::storage::page_store::PageStore;
use innodb_lab::storage::record::IndexLayout;
use innodb_lab::storage::FIL_NULL;
use proptest::prelude::*;
use proptest::sample::Index;
use std::collections::BTreeMap;

/// One operation of a test sequence.
#[derive(Clone, Debug)]
enum Op {
    /// Insert a random key (1–30 bytes).
    Random(Vec<u8>, u16),
    /// Insert the next ascending key.
    Ascending(u16),
    /// Insert the next descending key.
    Descending(u16),
    /// Delete a key present in the model.
    DeletePresent(Index),
    /// Delete a key that is probably absent.
    DeleteAny(Vec<u8>),
    /// Look up a key present in the model.
    Get(Index),
}

/// Record sizes: mostly small, some large enough to split pages after a few records.
fn size() -> impl Strategy<Value = u16> {
    prop_oneof![3 => 6u16..200, 2 => 1000u16..4000, 1 => 4000u16..=8125]
}

fn op() -> impl Strategy<Value = Op> {
    // Half the keys share an 8-byte prefix, so equal directory prefixes are common.
    let key = prop_oneof![
        prop::collection::vec(any::<u8>(), 1..=30),
        prop::collection::vec(0u8..4, 0..=22)
            .prop_map(|tail| [&b"\x40shared_"[..], &tail].concat()),
    ];
    prop_oneof![
        4 => (key.clone(), size()).prop_map(|(k, s)| Op::Random(k, s)),
        3 => size().prop_map(Op::Ascending),
        2 => size().prop_map(Op::Descending),
        4 => any::<Index>().prop_map(Op::DeletePresent),
        1 => key.prop_map(Op::DeleteAny),
        1 => any::<Index>().prop_map(Op::Get),
    ]
}

/// Layouts: real node pointers, and huge ones that make the tree deep after a few
/// dozen records so non-leaf splits, merges and lifts happen too.
fn layout() -> impl Strategy<Value = IndexLayout> {
    (
        any::<bool>(),
        prop_oneof![Just(9u16), Just(2000), Just(4000)],
    )
        .prop_map(|(clustered, node_ptr_overhead)| IndexLayout {
            clustered,
            node_ptr_overhead,
        })
}

/// Ascending keys start with 0x80, descending ones with 0x7f: both bands interleave
/// with random keys.
fn counter_key(prefix: u8, n: u32) -> Key {
    let b = n.to_be_bytes();
    Key::from_bytes(&[prefix, b[0], b[1], b[2], b[3]]).unwrap_or(Key::EMPTY)
}

fn run(layout: IndexLayout, ops: Vec<Op>) -> Result<(), TestCaseError> {
    let mut store = PageStore::new();
    let mut tree = BTree::create(&mut store, 3, layout);
    let mut model: BTreeMap<Vec<u8>, u16> = BTreeMap::new();
    let mut ev: Vec<TreeEvent> = Vec::new();
    let (mut up, mut down) = (0u32, u32::MAX);
    for op in ops {
        ev.clear();
        let insert = match &op {
            Op::Random(k, s) => Some((Key::from_bytes(k).unwrap_or(Key::EMPTY), *s)),
            Op::Ascending(s) => {
                up += 1;
                Some((counter_key(0x80, up), *s))
            }
            Op::Descending(s) => {
                down -= 1;
                Some((counter_key(0x7f, down), *s))
            }
            _ => None,
        };
        if let Some((key, size)) = insert {
            let rec = Rec {
                key,
                size,
                child: FIL_NULL,
            };
            let got = tree.insert(&mut store, rec, &mut ev);
            let present = model.contains_key(key.as_bytes());
            if present {
                prop_assert_eq!(got, Err(InsertError::DuplicateKey));
            } else {
                prop_assert_eq!(got, Ok(()));
                model.insert(key.as_bytes().to_vec(), size);
                let leaf = TreeEvent::PageModified {
                    page: tree.search_leaf(&store, &key),
                };
                prop_assert!(ev.contains(&leaf), "no PageModified for the leaf");
            }
        }
        match &op {
            Op::DeletePresent(i) if !model.is_empty() => {
                let k = model
                    .keys()
                    .nth(i.index(model.len()))
                    .cloned()
                    .unwrap_or_default();
                let key = Key::from_bytes(&k).unwrap_or(Key::EMPTY);
                prop_assert!(tree.delete(&mut store, &key, &mut ev));
                model.remove(&k);
                prop_assert!(tree.get(&store, &key).is_none());
            }
            Op::DeleteAny(k) => {
                let key = Key::from_bytes(k).unwrap_or(Key::EMPTY);
                prop_assert_eq!(
                    tree.delete(&mut store, &key, &mut ev),
                    model.remove(k).is_some()
                );
            }
            Op::Get(i) if !model.is_empty() => {
                let (k, s) = model
                    .iter()
                    .nth(i.index(model.len()))
                    .map(|(k, s)| (k.clone(), *s))
                    .unwrap_or_default();
                let key = Key::from_bytes(&k).unwrap_or(Key::EMPTY);
                prop_assert_eq!(tree.get(&store, &key).map(|r| r.size), Some(s));
            }
            _ => {}
        }
        if let Err(e) = tree.check_invariants(&store) {
            return Err(TestCaseError::fail(format!("after {op:?}: {e}")));
        }
    }
    let contents: Vec<(Vec<u8>, u16)> = tree
        .leaf_pages(&store)
        .flat_map(|no| store.pages[no as usize].recs.iter())
        .map(|r| (r.key.as_bytes().to_vec(), r.size))
        .collect();
    let expected: Vec<(Vec<u8>, u16)> = model.into_iter().collect();
    prop_assert_eq!(contents, expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn tree_matches_a_btreemap(layout in layout(), ops in prop::collection::vec(op(), 1..400)) {
        run(layout, ops)?;
    }
}

/// A leaf's page number, for checking which page an insert dirtied.
trait SearchLeaf {
    fn search_leaf(&self, store: &PageStore, key: &Key) -> u32;
}

impl SearchLeaf for BTree {
    fn search_leaf(&self, store: &PageStore, key: &Key) -> u32 {
        let mut path = Vec::new();
        self.search_path(store, key, &mut path);
        path.last().copied().unwrap_or(FIL_NULL)
    }
}

/// 400 cases unless `PROPTEST_CASES` asks otherwise.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
}
