//! The simulated table: schema (from the scenario), one B+tree per index, and the
//! row generator that turns a workload into rows and index keys.

use crate::scenario::{CharsetName, ColumnKind, IdGen, KValues, TableConfig, WorkloadConfig};
use crate::sim::rng::Rng;
use crate::storage::btree::BTree;
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::record::{
    Charset, Column, ColumnType, IndexDef, RecLayout, Row, TableSchema, Value,
};
use crate::storage::FIL_NULL;
use crate::workload::rand::{SbRand, StrTemplate};

/// The table (or sysbench's `--tables` identical tables) with its indexes: tree
/// `t·per_table` is table `t`'s clustered index, the next ones its secondaries.
/// The tree number is also the index id (`dict_index_t::id`).
#[derive(Clone, Debug)]
pub struct Table {
    /// Schema used for record sizes and keys.
    pub schema: TableSchema,
    /// One B+tree per index of every table.
    pub trees: Vec<BTree>,
    /// Index names by tree (PRIMARY first in each table).
    pub index_names: Vec<String>,
    /// Tables (sysbench `--tables`).
    pub n_tables: usize,
    /// Indexes per table (clustered + secondaries).
    pub per_table: usize,
    /// Table names (`sbtest1`, `sbtest2`, ...).
    pub table_names: Vec<String>,
    /// Rows in all tables.
    pub rows: u64,
    /// Next AUTO_INCREMENT value.
    pub auto_inc: i64,
    id_gen: IdGen,
    /// The id template of `IdGen::Template`, compiled once.
    id_template: StrTemplate,
    table_size: u32,
    rand: SbRand,
    pk_col: usize,
    /// `k` of every loaded row by table, in id order, kept for
    /// `workload.k_values = "existing"` (empty otherwise).
    row_k: Vec<Vec<i32>>,
    keep_k: bool,
    /// Record layout of each index of one table (sizes and keys of new rows).
    layouts: Vec<RecLayout>,
}

/// Scratch space reused for every generated row (no allocation per query).
#[derive(Clone, Debug)]
pub struct RowBuf {
    /// The row's values.
    pub row: Row,
    /// One key per index.
    pub keys: Vec<Key>,
    /// One record size per index.
    pub sizes: Vec<u16>,
    text: Vec<u8>,
}

impl Default for RowBuf {
    fn default() -> Self {
        RowBuf {
            row: Row {
                values: Vec::with_capacity(8),
            },
            keys: Vec::with_capacity(4),
            sizes: Vec::with_capacity(4),
            text: Vec::with_capacity(32),
        }
    }
}

/// Maps the scenario's table to the storage schema.
pub fn schema_of(t: &TableConfig) -> TableSchema {
    let pos = |n: &String| t.columns.iter().position(|c| &c.name == n).unwrap_or(0);
    TableSchema {
        name: t.name.clone(),
        charset: match t.charset {
            CharsetName::Latin1 => Charset::Latin1,
            CharsetName::Utf8mb4 => Charset::Utf8mb4,
        },
        columns: t
            .columns
            .iter()
            .map(|c| Column {
                name: c.name.clone(),
                ty: match c.kind {
                    ColumnKind::Int => ColumnType::Int,
                    ColumnKind::Bigint => ColumnType::BigInt,
                    ColumnKind::Char => ColumnType::Char {
                        chars: c.length as u16,
                    },
                    ColumnKind::Varchar => ColumnType::Varchar {
                        chars: c.length as u16,
                    },
                },
                nullable: c.nullable,
            })
            .collect(),
        primary_key: t.primary_key.iter().map(pos).collect(),
        secondary: t
            .indexes
            .iter()
            .map(|ix| IndexDef {
                name: ix.name.clone(),
                columns: ix.columns.iter().map(pos).collect(),
            })
            .collect(),
    }
}

impl Table {
    /// Creates the empty table and its trees in `store`.
    pub fn create(store: &mut PageStore, t: &TableConfig, w: &WorkloadConfig) -> Table {
        let schema = schema_of(t);
        let per_table = 1 + schema.secondary.len();
        let n_tables = t.count.max(1) as usize;
        let mut trees = Vec::with_capacity(per_table * n_tables);
        let mut index_names = Vec::with_capacity(per_table * n_tables);
        for _ in 0..n_tables {
            for i in 0..per_table {
                let id = trees.len() as u16;
                trees.push(BTree::create(store, id, schema.index_layout(i)));
            }
            index_names.push("PRIMARY".to_string());
            index_names.extend(t.indexes.iter().map(|ix| ix.name.clone()));
        }
        // sysbench names its tables sbtest1..sbtestN.
        let stem = t.name.trim_end_matches(|c: char| c.is_ascii_digit());
        let table_names = if n_tables == 1 {
            vec![t.name.clone()]
        } else {
            (1..=n_tables).map(|n| format!("{stem}{n}")).collect()
        };
        let pk_col = schema.primary_key.first().copied().unwrap_or(0);
        let layouts = (0..per_table).map(|i| schema.rec_layout(i)).collect();
        Table {
            schema,
            trees,
            index_names,
            n_tables,
            per_table,
            table_names,
            rows: 0,
            auto_inc: 1,
            id_gen: w.id.clone(),
            id_template: StrTemplate::new(match &w.id {
                IdGen::Template(t) => t,
                IdGen::AutoIncrement => "",
            }),
            table_size: w.table_size,
            rand: SbRand::new(w.rand_type),
            pk_col,
            row_k: vec![Vec::new(); n_tables],
            keep_k: w.k_values == KValues::Existing,
            layouts,
        }
    }

    /// Levels of index `i` (the root's level + 1).
    pub fn height(&self, store: &PageStore, i: usize) -> u64 {
        store.page(self.trees[i].root).level as u64 + 1
    }

    /// Field widths of each index's keys in bytes, as the AHI compares them:
    /// PK fields for the clustered index, key fields then PK fields for a secondary.
    /// Strings count their declared length (the lessons hash INT keys).
    pub fn index_fields(&self) -> Vec<Vec<u16>> {
        let width = |c: usize| match self.schema.columns[c].ty {
            ColumnType::Int => 4,
            ColumnType::BigInt => 8,
            ColumnType::Char { chars } | ColumnType::Varchar { chars } => chars,
        };
        let pk: Vec<u16> = self.schema.primary_key.iter().map(|&c| width(c)).collect();
        let mut one = vec![pk.clone()];
        for ix in &self.schema.secondary {
            let mut f: Vec<u16> = ix.columns.iter().map(|&c| width(c)).collect();
            f.extend(&pk);
            one.push(f);
        }
        (0..self.n_tables).flat_map(|_| one.clone()).collect()
    }

    /// The tablespace of each index (file-per-table: one per table, numbered from 0).
    pub fn index_spaces(&self) -> Vec<u64> {
        (0..self.trees.len())
            .map(|i| (i / self.per_table) as u64)
            .collect()
    }

    /// Number of indexes of one table.
    pub fn n_indexes(&self) -> usize {
        self.per_table
    }

    /// Table of tree `index`.
    pub fn table_of(&self, index: usize) -> usize {
        index / self.per_table
    }

    /// Rows in each table (the tables are loaded alike).
    pub fn rows_per_table(&self) -> u64 {
        self.rows / self.n_tables as u64
    }

    /// Fills `buf` with the next row to insert, as sysbench's insert scripts make it:
    /// the PK from AUTO_INCREMENT or `sysbench.rand.string(template)`, every other
    /// INT column `sb_rand(1, table_size)`, strings at their full length.
    pub fn next_insert_row(&mut self, rng: &mut Rng, buf: &mut RowBuf) {
        let n_cols = self.schema.columns.len();
        // Every value is written in place (no push per column).
        buf.row.values.resize(n_cols, Value::Int(0));
        for (c, v) in buf.row.values.iter_mut().enumerate() {
            *v = if c == self.pk_col {
                match &self.id_gen {
                    // Provisional: the real value is taken at insert time (stamp_auto_inc).
                    IdGen::AutoIncrement => Value::Int(self.auto_inc),
                    IdGen::Template(_) => {
                        self.id_template.fill(rng, &mut buf.text);
                        Value::Str {
                            len: buf.text.len() as u16,
                            prefix: Key::from_bytes(&buf.text[..buf.text.len().min(26)])
                                .unwrap_or(Key::EMPTY),
                        }
                    }
                }
            } else {
                match self.schema.columns[c].ty {
                    ColumnType::Int | ColumnType::BigInt => {
                        Value::Int(self.rand.draw(rng, 1, self.table_size) as i64)
                    }
                    ColumnType::Char { chars } | ColumnType::Varchar { chars } => Value::Str {
                        len: chars,
                        prefix: Key::EMPTY,
                    },
                }
            };
        }
        self.fill_keys(buf);
    }

    /// Takes the AUTO_INCREMENT value at the moment of the insert, as
    /// `ha_innobase::write_row` does just before `row_insert_for_mysql`, so ids
    /// reach the tree in order even with many threads.
    pub fn stamp_auto_inc(&mut self, buf: &mut RowBuf) {
        if matches!(self.id_gen, IdGen::AutoIncrement) {
            buf.row.values[self.pk_col] = Value::Int(self.auto_inc);
            self.auto_inc += 1;
            self.fill_keys(buf);
        }
    }

    /// The PK key of an existing row chosen by `sb_rand(1, rows)` (point selects on
    /// an AUTO_INCREMENT table, like sysbench's `oltp_point_select`).
    pub fn point_select_key(&self, rng: &mut Rng) -> Key {
        Key::from_i32(self.point_select_id(rng))
    }

    /// The id behind [`Table::point_select_key`] (also a range's first id).
    pub fn point_select_id(&self, rng: &mut Rng) -> i32 {
        self.rand.draw(
            rng,
            1,
            self.rows_per_table().clamp(1, i32::MAX as u64) as u32,
        ) as i32
    }

    /// `sb_rand(1, table_size)`: a value of `k` (sysbench's secondary-key column).
    pub fn k_value(&self, rng: &mut Rng) -> Key {
        Key::from_i32(self.k_draw(rng))
    }

    /// The number behind [`Table::k_value`] (for the query text).
    pub fn k_draw(&self, rng: &mut Rng) -> i32 {
        self.rand.draw(rng, 1, self.table_size) as i32
    }

    /// `sb_rand(lo, hi)`: a value of `k` in `lo..=hi` (select_random_points'
    /// per-thread segment of `1..table_size`).
    pub fn k_draw_in(&self, rng: &mut Rng, lo: u32, hi: u32) -> i32 {
        self.rand.draw(rng, lo, hi.max(lo)) as i32
    }

    /// The `k` of an existing row of table `t`, picked as a point select picks
    /// its id (`sb_rand(1, rows)`): what an application that knows its rows
    /// (say, by a foreign key) looks up. Needs `k_values = "existing"`.
    pub fn existing_k(&self, rng: &mut Rng, t: usize) -> i32 {
        let ks = &self.row_k[t];
        if ks.is_empty() {
            return 0;
        }
        let id = self
            .rand
            .draw(rng, 1, ks.len().min(u32::MAX as usize) as u32);
        ks[id as usize - 1]
    }

    /// Remembers the `k` (first column of the first secondary index) of the row
    /// just loaded into table `t`, when existing values are looked up.
    pub fn note_row_k(&mut self, t: usize, buf: &RowBuf) {
        if !self.keep_k {
            return;
        }
        let col = self
            .schema
            .secondary
            .first()
            .and_then(|ix| ix.columns.first());
        if let Some(Value::Int(k)) = col.and_then(|&c| buf.row.values.get(c)) {
            self.row_k[t].push(*k as i32);
        }
    }

    /// sysbench's table choice, `sysbench.rand.uniform(1, tables)` (0-based here);
    /// nothing is drawn when there is one table.
    pub fn pick_table(&self, rng: &mut Rng) -> usize {
        if self.n_tables == 1 {
            return 0;
        }
        crate::workload::rand::uniform(rng, 1, self.n_tables as u32) as usize - 1
    }

    /// Sets the next AUTO_INCREMENT value (each table of a prepare starts at 1).
    pub fn reset_auto_inc(&mut self) {
        self.auto_inc = 1;
    }

    /// Fields of index `i`'s leaf records as `mlog_open_and_write_index` lists them:
    /// every column + DB_TRX_ID + DB_ROLL_PTR (clustered), key + PK columns (secondary).
    pub fn n_fields(&self, i: usize) -> u64 {
        if i == 0 {
            self.schema.columns.len() as u64 + 2
        } else {
            (self.schema.secondary[i - 1].columns.len() + self.schema.primary_key.len()) as u64
        }
    }

    /// Bytes of the PK's first column (undo records carry the PK).
    pub fn pk_bytes(&self) -> u64 {
        match self.schema.columns[self.pk_col].ty {
            ColumnType::Int => 4,
            ColumnType::BigInt => 8,
            ColumnType::Char { chars } | ColumnType::Varchar { chars } => chars as u64,
        }
    }

    /// Bytes of the first CHAR/VARCHAR column that is not the PK (`c` in sbtest), the
    /// column a sysbench non-index update rewrites; 4 if there is none.
    pub fn update_col_bytes(&self) -> u64 {
        let per_char = self.schema.charset.max_bytes_per_char() as u64;
        self.schema
            .columns
            .iter()
            .enumerate()
            .filter(|(c, _)| *c != self.pk_col)
            .find_map(|(_, col)| match col.ty {
                ColumnType::Char { chars } | ColumnType::Varchar { chars } => {
                    Some(chars as u64 * per_char)
                }
                _ => None,
            })
            .unwrap_or(4)
    }

    /// A random `k` value, `sb_rand(1, table_size)`.
    pub fn random_k(&self, rng: &mut Rng) -> i64 {
        self.rand.draw(rng, 1, self.table_size) as i64
    }

    /// The keys (clustered, then each secondary) and record sizes of the row with
    /// PK `id` whose INT columns other than the PK are `k` (sysbench's `k`).
    pub fn row_keys(&self, id: i64, k: i64, buf: &mut RowBuf) {
        buf.row.values.clear();
        for c in 0..self.schema.columns.len() {
            let v = if c == self.pk_col {
                Value::Int(id)
            } else {
                match self.schema.columns[c].ty {
                    ColumnType::Int | ColumnType::BigInt => Value::Int(k),
                    ColumnType::Char { chars } | ColumnType::Varchar { chars } => Value::Str {
                        len: chars,
                        prefix: Key::EMPTY,
                    },
                }
            };
            buf.row.values.push(v);
        }
        self.fill_keys(buf);
    }

    fn fill_keys(&self, buf: &mut RowBuf) {
        let n = self.layouts.len();
        buf.keys.resize(n, Key::EMPTY);
        buf.sizes.resize(n, 0);
        for ((l, k), size) in self.layouts.iter().zip(&mut buf.keys).zip(&mut buf.sizes) {
            self.schema.key_into(l, &buf.row, k);
            *size = l.size(&buf.row);
        }
    }

    /// The record of index `i` for the row in `buf`.
    pub fn rec(buf: &RowBuf, i: usize) -> Rec {
        Rec {
            key: buf.keys[i],
            size: buf.sizes[i],
            child: FIL_NULL,
        }
    }
}
