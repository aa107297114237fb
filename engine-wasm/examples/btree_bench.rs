//! Times 1M random-PK inserts (23-byte keys) into a clustered and a secondary tree,
//! the tree's share of a simulated `test_random_PK` insert.
//! Run: `cargo run --release --example btree_bench [rows]` (default 1,000,000).

use innodb_lab::storage::btree::{BTree, TreeEvent};
use innodb_lab::storage::key::Key;
use innodb_lab::storage::page::Rec;
use innodb_lab::storage::page_store::PageStore;
use innodb_lab::storage::tables;
use innodb_lab::storage::FIL_NULL;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

fn main() {
    let rows_wanted: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let table = tables::test_random_pk();
    let mut rng = Pcg64Mcg::seed_from_u64(42);
    // Keys are generated up front so only the trees are timed.
    let rows: Vec<(Key, Key)> = (0..rows_wanted)
        .map(|_| {
            let mut id = [b'-'; 23];
            for (i, c) in id.iter_mut().enumerate() {
                if i != 11 {
                    *c = b'0' + (rng.next_u32() % 10) as u8;
                }
            }
            let pk = Key::from_bytes(&id).unwrap_or(Key::EMPTY);
            let number = Key::from_i32(1 + (rng.next_u32() % 10_000) as i32);
            (pk, number.concat(&pk))
        })
        .collect();
    let mut store = PageStore::new();
    let mut clustered = BTree::create(&mut store, 0, table.index_layout(0));
    let mut secondary = BTree::create(&mut store, 1, table.index_layout(1));
    let mut ev: Vec<TreeEvent> = Vec::with_capacity(64);
    let rec = |key, size| Rec {
        key,
        size,
        child: FIL_NULL,
    };
    let start = Instant::now();
    let mut inserted = 0;
    for (pk, sk) in &rows {
        ev.clear();
        if clustered.insert(&mut store, rec(*pk, 46), &mut ev).is_ok() {
            let _ = secondary.insert(&mut store, rec(*sk, 33), &mut ev);
            inserted += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{inserted} rows into clustered + secondary: {secs:.3} s, {:.2} M rows/s, {:.0} ns/row",
        inserted as f64 / secs / 1e6,
        secs * 1e9 / inserted as f64
    );
    let mut path = Vec::new();
    let start = Instant::now();
    let mut found = 0;
    for (pk, _) in &rows {
        clustered.search_path(&store, pk, &mut path);
        found += usize::from(clustered.get(&store, pk).is_some());
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{found} point lookups (search_path + get): {secs:.3} s");
    println!("clustered {:?}", clustered.stats(&store));
    println!("secondary {:?}", secondary.stats(&store));
}
