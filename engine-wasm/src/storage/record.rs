//! Table schemas and byte-exact COMPACT record sizes (`rec_get_converted_size_comp`).
//!
//! Only key bytes are kept as content; every other column contributes its size alone.

use super::key::Key;
use serde::{Deserialize, Serialize};

/// COMPACT record header (`REC_N_NEW_EXTRA_BYTES`).
pub const REC_N_NEW_EXTRA_BYTES: u16 = 5;
/// Hidden `DB_TRX_ID` column of a clustered leaf record (`DATA_TRX_ID_LEN`).
pub const DATA_TRX_ID_LEN: u16 = 6;
/// Hidden `DB_ROLL_PTR` column of a clustered leaf record (`DATA_ROLL_PTR_LEN`).
pub const DATA_ROLL_PTR_LEN: u16 = 7;
/// Child page number stored at the end of a node pointer (`REC_NODE_PTR_SIZE`).
pub const REC_NODE_PTR_SIZE: u16 = 4;

/// Character set of the table's string columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Charset {
    /// One byte per character.
    Latin1,
    /// Up to four bytes per character (`mbmaxlen` 4, `mbminlen` 1).
    Utf8mb4,
}

impl Charset {
    /// Longest encoding of one character (`mbmaxlen`).
    pub fn max_bytes_per_char(self) -> u16 {
        match self {
            Charset::Latin1 => 1,
            Charset::Utf8mb4 => 4,
        }
    }
}

/// SQL column type (the subset the simulated workloads use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColumnType {
    /// `INT`: 4 bytes.
    Int,
    /// `BIGINT`: 8 bytes.
    BigInt,
    /// `CHAR(chars)`: fixed in a single-byte charset, variable (min `chars` bytes) otherwise.
    Char {
        /// Declared length in characters.
        chars: u16,
    },
    /// `VARCHAR(chars)`.
    Varchar {
        /// Declared length in characters.
        chars: u16,
    },
}

impl ColumnType {
    /// Stored length when the column is fixed-length in COMPACT, else `None`.
    /// A CHAR in a multi-byte charset is variable-length (`dict_col_get_fixed_size`).
    pub fn fixed_len(self, cs: Charset) -> Option<u16> {
        match self {
            ColumnType::Int => Some(4),
            ColumnType::BigInt => Some(8),
            ColumnType::Char { chars } if cs.max_bytes_per_char() == 1 => Some(chars),
            ColumnType::Char { .. } | ColumnType::Varchar { .. } => None,
        }
    }

    /// Longest possible value in bytes (InnoDB's `col->len`).
    pub fn max_len(self, cs: Charset) -> u32 {
        match self {
            ColumnType::Int => 4,
            ColumnType::BigInt => 8,
            ColumnType::Char { chars } | ColumnType::Varchar { chars } => {
                u32::from(chars) * u32::from(cs.max_bytes_per_char())
            }
        }
    }

    /// Shortest stored value in bytes: a multi-byte CHAR is space-padded to `chars` bytes.
    pub fn min_len(self) -> u16 {
        match self {
            ColumnType::Char { chars } => chars,
            _ => 0,
        }
    }
}

/// One table column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// Column name.
    pub name: String,
    /// SQL type.
    pub ty: ColumnType,
    /// Nullable columns cost one bit each in the record's null bitmap.
    pub nullable: bool,
}

/// A secondary index: column positions in [`TableSchema::columns`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexDef {
    /// Index name.
    pub name: String,
    /// Key columns, by position in the table.
    pub columns: Vec<usize>,
}

/// A table: columns, the clustered (primary) key and secondary indexes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSchema {
    /// Table name.
    pub name: String,
    /// Charset of every string column.
    pub charset: Charset,
    /// Columns in table order.
    pub columns: Vec<Column>,
    /// Primary-key column positions (never NULL, as in MySQL).
    pub primary_key: Vec<usize>,
    /// Secondary indexes; index number `i + 1` in [`TableSchema::index_layout`].
    pub secondary: Vec<IndexDef>,
}

/// A column value. NULL values are not modelled (nullable columns still pay their bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    /// An INT or BIGINT value (an INT column keeps the low 32 bits' range, clamped).
    Int(i64),
    /// A string: `len` = actual byte length, `prefix` = its first ≤ 30 bytes (only key
    /// columns need real content).
    Str {
        /// Actual length in bytes.
        len: u16,
        /// First bytes of the value, used when the column is part of a key.
        prefix: Key,
    },
}

impl Value {
    /// A string value from its bytes (the prefix keeps what fits in a [`Key`]).
    pub fn str(bytes: &[u8]) -> Value {
        let mut prefix = Key::EMPTY;
        prefix.push_bytes(bytes);
        Value::Str {
            len: u16::try_from(bytes.len()).unwrap_or(u16::MAX),
            prefix,
        }
    }
}

/// One row: a value per column, in table order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// Values in column order.
    pub values: Vec<Value>,
}

/// What a B+tree needs to know about its index to size node pointers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexLayout {
    /// True for the clustered index (gets the 1/16 leaf reserve).
    pub clustered: bool,
    /// Node pointer size = key bytes + this: header 5 + null bitmap + one length
    /// byte per variable-length key field + 4-byte child page number.
    pub node_ptr_overhead: u16,
}

/// A schema or row that does not fit the model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemaError {
    /// Path of the offending field, e.g. `primary_key[0]`.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl TableSchema {
    /// Checks column positions and that a primary key exists.
    pub fn validate(&self) -> Result<(), SchemaError> {
        let err = |path: String, message: &str| SchemaError {
            path,
            message: message.to_string(),
        };
        if self.primary_key.is_empty() {
            return Err(err("primary_key".into(), "a primary key is required"));
        }
        for (i, &c) in self.primary_key.iter().enumerate() {
            if c >= self.columns.len() {
                return Err(err(format!("primary_key[{i}]"), "no such column"));
            }
        }
        for (s, idx) in self.secondary.iter().enumerate() {
            if idx.columns.is_empty() {
                return Err(err(format!("secondary[{s}].columns"), "empty index"));
            }
            for (i, &c) in idx.columns.iter().enumerate() {
                if c >= self.columns.len() {
                    return Err(err(
                        format!("secondary[{s}].columns[{i}]"),
                        "no such column",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks that a row has one value of the right kind per column.
    pub fn validate_row(&self, row: &Row) -> Result<(), SchemaError> {
        if row.values.len() != self.columns.len() {
            return Err(SchemaError {
                path: "values".into(),
                message: format!(
                    "{} values for {} columns",
                    row.values.len(),
                    self.columns.len()
                ),
            });
        }
        for (i, (col, v)) in self.columns.iter().zip(&row.values).enumerate() {
            let is_int = matches!(col.ty, ColumnType::Int | ColumnType::BigInt);
            if is_int != matches!(v, Value::Int(_)) {
                return Err(SchemaError {
                    path: format!("values[{i}]"),
                    message: format!("wrong value kind for column {}", col.name),
                });
            }
        }
        Ok(())
    }

    /// Number of indexes: the clustered index plus the secondaries.
    pub fn index_count(&self) -> usize {
        1 + self.secondary.len()
    }

    /// The clustered key (primary-key columns, memcomparable).
    pub fn clustered_key(&self, row: &Row) -> Key {
        let mut k = Key::EMPTY;
        for &c in &self.primary_key {
            self.push_key_field(&mut k, c, row);
        }
        k
    }

    /// Key of secondary index `i` (position in [`TableSchema::secondary`]): its columns
    /// followed by the primary-key columns it lacks, the `n_unique_in_tree` fields.
    /// The empty key when `i` is out of range.
    pub fn secondary_key(&self, i: usize, row: &Row) -> Key {
        let mut k = Key::EMPTY;
        if let Some(idx) = self.secondary.get(i) {
            for c in self.secondary_fields(idx) {
                self.push_key_field(&mut k, c, row);
            }
        }
        k
    }

    /// Size of the clustered leaf record: header 5 + null bitmap + length bytes +
    /// PK + `DB_TRX_ID` 6 + `DB_ROLL_PTR` 7 + the other columns.
    ///
    /// `test_sequential_PK(id INT, number INT)`: 5 + 4 + 6 + 7 + 4 = 26 bytes.
    /// `test_random_PK(id VARCHAR(26) utf8mb4, number INT)`, 23-byte ids:
    /// 5 + 1 (length byte) + 23 + 6 + 7 + 4 = 46 bytes.
    pub fn clustered_rec_size(&self, row: &Row) -> u16 {
        self.rec_layout(0).size(row)
    }

    /// Size of a leaf record of secondary index `i`: header 5 + null bitmap + length
    /// bytes + key columns + PK columns. `KEY(number)` of `test_sequential_PK`:
    /// 5 + 4 + 4 = 13 bytes; of `test_random_PK`: 5 + 1 + 4 + 23 = 33 bytes.
    /// 0 when `i` is out of range.
    pub fn secondary_rec_size(&self, i: usize, row: &Row) -> u16 {
        if i < self.secondary.len() {
            self.rec_layout(i + 1).size(row)
        } else {
            0
        }
    }

    /// The leaf-record layout of index `i`: 0 = clustered, `1..` = secondaries in
    /// order (out of range: the clustered layout). Computed once per table, it
    /// gives each row's record size and key without walking the schema again.
    pub fn rec_layout(&self, i: usize) -> RecLayout {
        match i.checked_sub(1).and_then(|s| self.secondary.get(s)) {
            Some(idx) => {
                let key: Vec<usize> = self.secondary_fields(idx).collect();
                self.layout_of(key.iter().copied(), 0, key.clone())
            }
            None => {
                let others = (0..self.columns.len()).filter(|c| !self.primary_key.contains(c));
                let fields = self.primary_key.iter().copied().chain(others);
                let system = u32::from(DATA_TRX_ID_LEN + DATA_ROLL_PTR_LEN);
                self.layout_of(fields, system, self.primary_key.clone())
            }
        }
    }

    /// The key of `row` in an index of layout `l` (as [`TableSchema::clustered_key`]
    /// and [`TableSchema::secondary_key`] build it).
    pub fn key_in(&self, l: &RecLayout, row: &Row) -> Key {
        let mut k = Key::EMPTY;
        self.key_into(l, row, &mut k);
        k
    }

    /// [`TableSchema::key_in`] written over `k`.
    #[inline]
    pub fn key_into(&self, l: &RecLayout, row: &Row, k: &mut Key) {
        *k = Key::EMPTY;
        for &c in &l.key {
            self.push_key_field(k, c, row);
        }
    }

    /// Layout of index `i`: 0 = clustered, `1..` = secondaries in order.
    /// Out-of-range `i` gives the clustered layout.
    pub fn index_layout(&self, i: usize) -> IndexLayout {
        let (clustered, fields): (bool, Vec<usize>) = match i.checked_sub(1) {
            Some(s) if s < self.secondary.len() => {
                (false, self.secondary_fields(&self.secondary[s]).collect())
            }
            _ => (true, self.primary_key.clone()),
        };
        let mut nullable = 0u32;
        let mut len_bytes = 0u32;
        for &c in &fields {
            if let Some(col) = self.columns.get(c) {
                nullable += u32::from(col.nullable && !self.primary_key.contains(&c));
                // Key fields hold at most MAX_KEY_LEN (< 128) bytes: one length byte.
                len_bytes += u32::from(col.ty.fixed_len(self.charset).is_none());
            }
        }
        let overhead = u32::from(REC_N_NEW_EXTRA_BYTES)
            + nullable.div_ceil(8)
            + len_bytes
            + u32::from(REC_NODE_PTR_SIZE);
        IndexLayout {
            clustered,
            node_ptr_overhead: saturate(overhead),
        }
    }

    /// Fields of a secondary leaf record: key columns, then missing PK columns.
    fn secondary_fields<'a>(&'a self, idx: &'a IndexDef) -> impl Iterator<Item = usize> + 'a {
        let pk = self.primary_key.iter().copied();
        idx.columns
            .iter()
            .copied()
            .chain(pk.filter(move |c| !idx.columns.contains(c)))
    }

    /// Header + null bitmap + fixed-length data + `system` bytes of the given
    /// fields, and their variable-length ones (whose length bytes and data
    /// [`RecLayout::size`] adds per row).
    // models rec_get_converted_size_comp_prefix_low()
    fn layout_of(
        &self,
        fields: impl Iterator<Item = usize>,
        system: u32,
        key: Vec<usize>,
    ) -> RecLayout {
        let mut nullable = 0u32;
        let mut fixed = 0u32;
        let mut var = Vec::new();
        for c in fields {
            let Some(col) = self.columns.get(c) else {
                continue;
            };
            nullable += u32::from(col.nullable && !self.primary_key.contains(&c));
            match col.ty.fixed_len(self.charset) {
                Some(n) => fixed += u32::from(n),
                None => var.push((c, u32::from(col.ty.min_len()), col.ty.max_len(self.charset))),
            }
        }
        RecLayout {
            fixed: u32::from(REC_N_NEW_EXTRA_BYTES) + nullable.div_ceil(8) + fixed + system,
            var,
            key,
        }
    }

    /// Appends column `c`'s memcomparable encoding to `k`.
    fn push_key_field(&self, k: &mut Key, c: usize, row: &Row) {
        let ty = self.columns.get(c).map(|col| col.ty);
        match (ty, row.values.get(c)) {
            (Some(ColumnType::BigInt), Some(Value::Int(v))) => {
                let u = (*v as u64) ^ (1 << 63);
                k.push_bytes(&u.to_be_bytes());
            }
            (_, Some(Value::Int(v))) => {
                k.push_i32((*v).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
            }
            (_, Some(Value::Str { prefix, .. })) => k.push_bytes(prefix.as_bytes()),
            (_, None) => {}
        }
    }
}

/// One index's leaf-record rule, from [`TableSchema::rec_layout`]: what does not
/// depend on the row, the variable-length fields, and the key's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecLayout {
    /// Header, null bitmap, fixed-length data and hidden columns, in bytes.
    fixed: u32,
    /// Variable-length fields: (column, shortest, longest) in bytes.
    var: Vec<(usize, u32, u32)>,
    /// The key's columns in order (the `n_unique_in_tree` fields).
    key: Vec<usize>,
}

impl RecLayout {
    /// Size in bytes of `row`'s record, header included.
    pub fn size(&self, row: &Row) -> u16 {
        let mut n = self.fixed;
        for &(c, min, max) in &self.var {
            let actual = match row.values.get(c) {
                Some(Value::Str { len, .. }) => u32::from(*len),
                _ => 0,
            };
            let len = actual.max(min).min(max);
            // One length byte unless the column can exceed 255 bytes and this
            // value is at least 128 bytes long (DATA_BIG_COL).
            n += if max <= 255 || len < 128 { 1 } else { 2 } + len;
        }
        saturate(n)
    }
}

/// Clamps a byte count into a `u16` record size.
fn saturate(n: u32) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_take_two_length_bytes_and_nulls_take_bits() {
        let t = TableSchema {
            name: "t".into(),
            charset: Charset::Utf8mb4,
            columns: vec![
                Column {
                    name: "id".into(),
                    ty: ColumnType::BigInt,
                    nullable: false,
                },
                Column {
                    name: "v".into(),
                    ty: ColumnType::Varchar { chars: 100 },
                    nullable: true,
                },
            ],
            primary_key: vec![0],
            secondary: vec![],
        };
        let short = Row {
            values: vec![Value::Int(-1), Value::str(&[b'x'; 127])],
        };
        let long = Row {
            values: vec![Value::Int(-1), Value::str(&[b'x'; 128])],
        };
        // 5 + bitmap 1 + len 1 + 8 + 13 + 127
        assert_eq!(t.clustered_rec_size(&short), 155);
        // 2 length bytes once >= 128 bytes in a column whose max exceeds 255
        assert_eq!(t.clustered_rec_size(&long), 157);
        assert!(
            t.clustered_key(&short)
                < t.clustered_key(&Row {
                    values: vec![Value::Int(0), Value::Int(0)]
                })
        );
        assert!(t.validate_row(&short).is_ok());
        assert!(t.validate_row(&Row { values: vec![] }).is_err());
    }

    #[test]
    fn validation_reports_the_path() {
        let mut t = crate::storage::tables::test_sequential_pk();
        assert!(t.validate().is_ok());
        t.secondary[0].columns.push(9);
        let e = t.validate().err().map(|e| e.path);
        assert_eq!(e.as_deref(), Some("secondary[0].columns[1]"));
    }
}
