//! The tables the lessons' source articles measured, as [`TableSchema`] values.

use super::record::{Charset, Column, ColumnType, IndexDef, TableSchema};

fn col(name: &str, ty: ColumnType) -> Column {
    Column {
        name: name.to_string(),
        ty,
        nullable: false,
    }
}

/// `test_sequential_PK(id INT AUTO_INCREMENT PK, number INT NOT NULL, KEY(number))`, utf8mb4.
pub fn test_sequential_pk() -> TableSchema {
    TableSchema {
        name: "test_sequential_PK".into(),
        charset: Charset::Utf8mb4,
        columns: vec![col("id", ColumnType::Int), col("number", ColumnType::Int)],
        primary_key: vec![0],
        secondary: vec![IndexDef {
            name: "idx_number".into(),
            columns: vec![1],
        }],
    }
}

/// `test_random_PK(id VARCHAR(26) PK, number INT NOT NULL, KEY(number))`, utf8mb4.
pub fn test_random_pk() -> TableSchema {
    TableSchema {
        name: "test_random_PK".into(),
        charset: Charset::Utf8mb4,
        columns: vec![
            col("id", ColumnType::Varchar { chars: 26 }),
            col("number", ColumnType::Int),
        ],
        primary_key: vec![0],
        secondary: vec![IndexDef {
            name: "idx_number".into(),
            columns: vec![1],
        }],
    }
}

/// sysbench `sbtest1(id INT PK, k INT, c CHAR(120), pad CHAR(60), KEY k_1(k))`.
pub fn sbtest(charset: Charset) -> TableSchema {
    TableSchema {
        name: "sbtest1".into(),
        charset,
        columns: vec![
            col("id", ColumnType::Int),
            col("k", ColumnType::Int),
            col("c", ColumnType::Char { chars: 120 }),
            col("pad", ColumnType::Char { chars: 60 }),
        ],
        primary_key: vec![0],
        secondary: vec![IndexDef {
            name: "k_1".into(),
            columns: vec![1],
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::record::{Row, Value};

    fn id23(n: u64) -> Value {
        Value::str(format!("{:011}-{:011}", n, n * 7).as_bytes())
    }

    #[test]
    fn sequential_pk_table_sizes() {
        let t = test_sequential_pk();
        let row = Row {
            values: vec![Value::Int(1), Value::Int(42)],
        };
        assert_eq!(t.clustered_rec_size(&row), 26);
        assert_eq!(t.secondary_rec_size(0, &row), 13);
        assert_eq!(t.clustered_key(&row).len(), 4);
        assert_eq!(t.secondary_key(0, &row).len(), 8);
        // node pointers: 5 + 4 + 4 = 13 in both indexes
        assert_eq!(t.index_layout(0).node_ptr_overhead, 9);
        assert_eq!(t.index_layout(1).node_ptr_overhead, 9);
        assert!(t.index_layout(0).clustered && !t.index_layout(1).clustered);
    }

    #[test]
    fn random_pk_table_sizes() {
        let t = test_random_pk();
        let row = Row {
            values: vec![id23(12345), Value::Int(42)],
        };
        assert_eq!(t.clustered_rec_size(&row), 46);
        assert_eq!(t.secondary_rec_size(0, &row), 33);
        assert_eq!(t.clustered_key(&row).len(), 23);
        let sk = t.secondary_key(0, &row);
        assert_eq!(sk.len(), 27);
        assert_eq!(sk.first_i32(), Some(42));
        // The per-table layouts give the same keys and sizes.
        let (l0, l1) = (t.rec_layout(0), t.rec_layout(1));
        assert_eq!(
            (t.key_in(&l0, &row), l0.size(&row)),
            (t.clustered_key(&row), 46)
        );
        assert_eq!((t.key_in(&l1, &row), l1.size(&row)), (sk, 33));
        // clustered node pointer 5 + 1 + 23 + 4 = 33; secondary 5 + 1 + 27 + 4 = 37
        assert_eq!(t.index_layout(0).node_ptr_overhead, 10);
        assert_eq!(t.index_layout(1).node_ptr_overhead, 10);
    }

    #[test]
    fn sbtest_sizes_latin1_and_utf8mb4() {
        let row = Row {
            values: vec![
                Value::Int(7),
                Value::Int(5000),
                Value::str(&[b'1'; 119]),
                Value::str(&[b'2'; 59]),
            ],
        };
        // latin1: CHAR is fixed: 5 + 4 + 6 + 7 + 4 + 120 + 60
        let l1 = sbtest(Charset::Latin1);
        assert_eq!(l1.clustered_rec_size(&row), 206);
        assert_eq!(l1.secondary_rec_size(0, &row), 13);
        // utf8mb4: CHAR is variable with min length = chars, one length byte each
        // (value < 128 bytes): 5 + 2 + 4 + 6 + 7 + 4 + 120 + 60
        let u8 = sbtest(Charset::Utf8mb4);
        assert_eq!(u8.clustered_rec_size(&row), 208);
        assert_eq!(u8.secondary_rec_size(0, &row), 13);
    }
}
