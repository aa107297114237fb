//! The simulated table: schema (from the scenario), one B+tree per index, and the
//! row generator that turns a workload into rows and index keys.

use crate::scenario::{CharsetName, ColumnKind, IdGen, TableConfig, WorkloadConfig};
use crate::sim::rng::Rng;
use crate::storage::btree::BTree;
use crate::storage::key::Key;
use crate::storage::page::Rec;
use crate::storage::page_store::PageStore;
use crate::storage::record::{Charset, Column, ColumnType, IndexDef, Row, TableSchema, Value};
use crate::storage::FIL_NULL;
use crate::workload::rand::{rand_str, SbRand};

/// A table with its indexes (tree 0 = clustered, 1.. = secondaries in order).
#[derive(Clone, Debug)]
pub struct Table {
    /// Schema used for record sizes and keys.
    pub schema: TableSchema,
    /// One B+tree per index.
    pub trees: Vec<BTree>,
    /// Index names (PRIMARY first).
    pub index_names: Vec<String>,
    /// Rows in the table.
    pub rows: u64,
    /// Next AUTO_INCREMENT value.
    pub auto_inc: i64,
    id_gen: IdGen,
    table_size: u32,
    rand: SbRand,
    pk_col: usize,
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
        let n_idx = 1 + schema.secondary.len();
        let trees = (0..n_idx)
            .map(|i| BTree::create(store, i as u16, schema.index_layout(i)))
            .collect();
        let mut index_names = vec!["PRIMARY".to_string()];
        index_names.extend(t.indexes.iter().map(|ix| ix.name.clone()));
        let pk_col = schema.primary_key.first().copied().unwrap_or(0);
        Table {
            schema,
            trees,
            index_names,
            rows: 0,
            auto_inc: 1,
            id_gen: w.id.clone(),
            table_size: w.table_size,
            rand: SbRand::new(w.rand_type),
            pk_col,
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
        let mut out = vec![pk.clone()];
        for ix in &self.schema.secondary {
            let mut f: Vec<u16> = ix.columns.iter().map(|&c| width(c)).collect();
            f.extend(&pk);
            out.push(f);
        }
        out
    }

    /// Number of indexes.
    pub fn n_indexes(&self) -> usize {
        self.trees.len()
    }

    /// Fills `buf` with the next row to insert, as sysbench's insert scripts make it:
    /// the PK from AUTO_INCREMENT or `sysbench.rand.string(template)`, every other
    /// INT column `sb_rand(1, table_size)`, strings at their full length.
    pub fn next_insert_row(&mut self, rng: &mut Rng, buf: &mut RowBuf) {
        let n_cols = self.schema.columns.len();
        buf.row.values.clear();
        for c in 0..n_cols {
            let v = if c == self.pk_col {
                match &self.id_gen {
                    // Provisional: the real value is taken at insert time (stamp_auto_inc).
                    IdGen::AutoIncrement => Value::Int(self.auto_inc),
                    IdGen::Template(tpl) => {
                        rand_str(rng, tpl, &mut buf.text);
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
            buf.row.values.push(v);
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
    /// The id of a point select: `sb_rand(1, rows)` (the same draw as
    /// `point_select_key`, as a number for the query text).
    pub fn point_select_id(&self, rng: &mut Rng) -> u32 {
        self.rand
            .draw(rng, 1, self.rows.clamp(1, u32::MAX as u64) as u32)
    }

    pub fn point_select_key(&self, rng: &mut Rng) -> Key {
        let id = self
            .rand
            .draw(rng, 1, self.rows.clamp(1, u32::MAX as u64) as u32);
        Key::from_i32(id as i32)
    }

    fn fill_keys(&self, buf: &mut RowBuf) {
        buf.keys.clear();
        buf.sizes.clear();
        buf.keys.push(self.schema.clustered_key(&buf.row));
        buf.sizes.push(self.schema.clustered_rec_size(&buf.row));
        for i in 0..self.schema.secondary.len() {
            buf.keys.push(self.schema.secondary_key(i, &buf.row));
            buf.sizes.push(self.schema.secondary_rec_size(i, &buf.row));
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
