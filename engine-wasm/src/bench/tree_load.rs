//! The headline's B+tree work without the server, for `innodb-sim trees` (the speed
//! section of `npm run bench`): the rows an insert scenario would insert, made by its
//! own row generator, go straight into the table's trees (a descent, then the insert
//! at the leaf it found, as `locate_and_act` does), with no clock, no buffer pool and
//! no threads. The same keys also go into one `std::collections::BTreeMap` per index,
//! a general in-memory ordered map to compare with. The caller times both (wasm has
//! no `Instant`); the rows are made beforehand, so neither timing includes them.

use crate::scenario::{parse_scenario, QueryKind};
use crate::server::table::{RowBuf, Table};
use crate::sim::rng::{Rng, Stream};
use crate::storage::btree::TreeEvent;
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::PageNo;
use std::collections::BTreeMap;

/// A table's empty trees and the rows to insert into them, one record per index.
pub struct TreeLoad {
    store: PageStore,
    table: Table,
    /// `recs[r * per_table + i]`: row `r`'s record in index `i`.
    recs: Vec<Rec>,
    per_table: usize,
}

impl TreeLoad {
    /// The empty table of scenario `json` and its first `workload.max_rows` rows,
    /// drawn from the first client's stream. The scenario must be an insert load of
    /// one table with a row target; an error names the field otherwise.
    pub fn from_scenario(json: &str) -> Result<TreeLoad, String> {
        let s = parse_scenario(json).map_err(|e| e.to_string())?;
        if s.workload.query != QueryKind::Insert {
            return Err("workload.query: trees needs an insert load (\"insert\")".to_string());
        }
        if s.workload.max_rows == 0 {
            return Err("workload.max_rows: trees needs a row target (1 or more)".to_string());
        }
        if s.table.count > 1 {
            return Err("table.count: trees loads one table (1)".to_string());
        }
        let mut store = PageStore::new();
        let mut table = Table::create(&mut store, &s.table, &s.workload);
        let per_table = table.n_indexes();
        let rows = s.workload.max_rows as usize;
        let mut rng = Rng::stream(s.seed, Stream::Client(0));
        let mut buf = RowBuf::default();
        let mut recs = Vec::with_capacity(rows * per_table);
        for _ in 0..rows {
            table.next_insert_row(&mut rng, &mut buf);
            table.stamp_auto_inc(&mut buf);
            recs.extend((0..per_table).map(|i| Table::rec(&buf, i)));
        }
        Ok(TreeLoad {
            store,
            table,
            recs,
            per_table,
        })
    }

    /// Rows made (inserted or refused as duplicates).
    pub fn rows(&self) -> usize {
        self.recs.len() / self.per_table
    }

    /// Inserts every row into every index of the trees, clustered first; a row whose
    /// primary key is already there goes no further (the engine's duplicate-key
    /// error). Returns the rows inserted. Meant to be called once.
    pub fn insert_trees(&mut self) -> u64 {
        let (mut inserted, mut path, mut ev) = (0, Vec::<PageNo>::new(), Vec::<TreeEvent>::new());
        for row in self.recs.chunks_exact(self.per_table) {
            let mut ok = true;
            for (tree, rec) in self.table.trees.iter_mut().zip(row) {
                tree.search_path(&self.store, &rec.key, &mut path);
                let leaf = path.last().copied().unwrap_or(crate::storage::FIL_NULL);
                ev.clear();
                if tree
                    .insert_with_hint(&mut self.store, *rec, leaf, &mut ev)
                    .is_err()
                {
                    ok = false;
                    break;
                }
            }
            inserted += u64::from(ok);
        }
        inserted
    }

    /// The same rows into one `BTreeMap` (key to record size) per index, with the
    /// same duplicate rule. Returns the maps.
    pub fn insert_maps(&self) -> Vec<BTreeMap<Key, u16>> {
        let mut maps = vec![BTreeMap::new(); self.per_table];
        for row in self.recs.chunks_exact(self.per_table) {
            if maps[0].contains_key(&row[0].key) {
                continue;
            }
            for (map, rec) in maps.iter_mut().zip(row) {
                map.insert(rec.key, rec.size);
            }
        }
        maps
    }

    /// Indexes of the table (clustered and secondary).
    pub fn indexes(&self) -> usize {
        self.per_table
    }

    /// Pages the trees use (non-leaf and leaf).
    pub fn pages(&self) -> u64 {
        let trees = self.table.trees.iter();
        trees
            .map(|t| u64::from(t.leaf_segment_pages + t.top_segment_pages))
            .sum()
    }

    /// Index `i`'s records in key order, as (key, size).
    pub fn records(&self, i: usize) -> Vec<(Key, u16)> {
        let tree = &self.table.trees[i];
        tree.leaf_pages(&self.store)
            .flat_map(|p| self.store.page(p).recs.iter().map(|r| (r.key, r.size)))
            .collect()
    }

    /// Checks every tree's invariants.
    pub fn check(&self) -> Result<(), String> {
        self.table
            .trees
            .iter()
            .try_for_each(|t| t.check_invariants(&self.store))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::default_scenario_json;

    /// The default scenario as a random-PK insert load of `rows` rows (the
    /// primary-keys lesson's table: VARCHAR id from the sysbench template, INT
    /// `number` in 1..=10 under a secondary index).
    fn random_pk(rows: u64) -> String {
        let mut v: serde_json::Value = serde_json::from_str(&default_scenario_json()).unwrap();
        v["table"] = serde_json::json!({
            "name": "test_random_PK", "charset": "utf8mb4",
            "columns": [{"name": "id", "type": "varchar", "length": 26}, {"name": "number", "type": "int"}],
            "primary_key": ["id"], "indexes": [{"name": "idx_number", "columns": ["number"]}],
            "prepare_rows": 0
        });
        v["workload"] = serde_json::json!({
            "threads": 15, "query": "insert", "id": {"template": "###########-###########"},
            "table_size": 10, "max_rows": rows
        });
        v.to_string()
    }

    #[test]
    fn trees_and_maps_hold_the_same_rows_in_the_same_order() {
        let mut load = TreeLoad::from_scenario(&random_pk(20_000)).expect("valid scenario");
        assert_eq!(load.rows(), 20_000);
        assert_eq!(load.insert_trees(), 20_000);
        assert_eq!(load.check(), Ok(()));
        let maps = load.insert_maps();
        assert_eq!(maps.len(), 2);
        for (i, map) in maps.iter().enumerate() {
            let from_map: Vec<(Key, u16)> = map.iter().map(|(k, s)| (*k, *s)).collect();
            assert_eq!(load.records(i), from_map, "index {i}");
        }
        // 20k rows of ~46-byte clustered and ~35-byte secondary records at the
        // random-insert fill (1/2 to 3/4): 2 x 60..120 pages.
        let pages = load.pages();
        assert!((100..=240).contains(&pages), "pages {pages}");
    }

    #[test]
    fn a_duplicate_primary_key_stops_the_row_in_both() {
        // AUTO_INCREMENT ids never repeat; a 2-digit template repeats after 100 rows.
        let mut v: serde_json::Value = serde_json::from_str(&random_pk(1_000)).unwrap();
        v["workload"]["id"] = serde_json::json!({"template": "##"});
        let mut load = TreeLoad::from_scenario(&v.to_string()).expect("valid scenario");
        let inserted = load.insert_trees();
        assert!(inserted <= 100, "{inserted} distinct 2-digit ids");
        let maps = load.insert_maps();
        assert_eq!(maps[0].len() as u64, inserted);
        assert_eq!(maps[1].len() as u64, inserted);
        assert_eq!(load.records(1).len() as u64, inserted);
    }

    #[test]
    fn a_load_that_cannot_be_replayed_names_its_field() {
        // The default scenario: point selects on a prepared table.
        let e = TreeLoad::from_scenario(&default_scenario_json())
            .err()
            .expect("refused");
        assert!(e.starts_with("workload.query"), "{e}");
        let e = TreeLoad::from_scenario(&random_pk(0))
            .err()
            .expect("refused");
        assert!(e.starts_with("workload.max_rows"), "{e}");
        let e = TreeLoad::from_scenario("{").err().expect("refused");
        assert!(e.contains("JSON"), "{e}");
    }
}
