//! Times AHI hash hits (`Ahi::guess` on a warmed, fully hashed INT primary key) next
//! to the B-tree descent they replace.
//! Run: `cargo run --release --example ahi_bench [rows]` (default 100,000).

use innodb_lab::ahi::{Advice, Ahi, AhiConfig, AhiVersion, Guess};
use innodb_lab::storage::btree::BTree;
use innodb_lab::storage::key::Key;
use innodb_lab::storage::page::Rec;
use innodb_lab::storage::page_store::PageStore;
use innodb_lab::storage::record::IndexLayout;
use innodb_lab::storage::FIL_NULL;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

fn main() {
    let rows: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut store = PageStore::new();
    let layout = IndexLayout {
        clustered: true,
        node_ptr_overhead: 9,
    };
    let mut tree = BTree::create(&mut store, 0, layout);
    let mut ev = Vec::new();
    for id in 0..rows {
        let rec = Rec {
            key: Key::from_i32(id as i32),
            size: 200,
            child: FIL_NULL,
        };
        ev.clear();
        if tree.insert(&mut store, rec, &mut ev).is_err() {
            return;
        }
    }
    let cfg = AhiConfig {
        enabled: true,
        n_parts: 8,
        cells: AhiConfig::cells_for_pool(1 << 30),
        version: AhiVersion::V8030,
    };
    let mut ahi = Ahi::new(cfg, vec![vec![4]]);
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut key = move || Key::from_i32((rng.next_u64() % u64::from(rows)) as i32);
    let mut path = Vec::new();
    // warm up as the server does: hash first, else the B-tree and the advice
    for _ in 0..rows as usize * 20 {
        let k = key();
        let guess = ahi.guess(0, &k, &store);
        if let Guess::Hit { .. } = guess {
            continue;
        }
        tree.search_path(&store, &k, &mut path);
        let leaf = path.last().copied().unwrap_or(FIL_NULL);
        match ahi.after_btree_search(0, &k, leaf, &store, guess == Guess::Fail) {
            Advice::Build { page, prefix, .. } => ahi.build_page(page, prefix, &store),
            Advice::UpdateRef { page, rec, .. } => ahi.update_ref(page, &rec, &store),
            Advice::None => {}
        }
    }
    let c = *ahi.counters();
    println!(
        "{rows} rows: {} pages hashed, {} nodes, {} heap pages",
        c.hashed_pages, c.nodes, c.heap_pages
    );
    let keys: Vec<Key> = (0..1_000_000).map(|_| key()).collect();
    let t0 = Instant::now();
    let hits = keys
        .iter()
        .filter(|k| matches!(ahi.guess(0, k, &store), Guess::Hit { .. }))
        .count();
    let ns = t0.elapsed().as_nanos() as f64 / keys.len() as f64;
    println!("guess: {hits} hits of {}, {ns:.1} ns each", keys.len());
    let t0 = Instant::now();
    let found = keys
        .iter()
        .filter(|k| tree.get(&store, k).is_some())
        .count();
    let ns = t0.elapsed().as_nanos() as f64 / keys.len() as f64;
    println!("BTree::get: {found} found, {ns:.1} ns each");
}
