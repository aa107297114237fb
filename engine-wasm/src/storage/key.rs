//! Index keys as memcomparable byte strings, so every index compares with one `Ord`.
//!
//! Integers are stored big-endian with the sign bit flipped; strings as their bytes.
//! A secondary-index key is the concatenation of its columns and the primary key,
//! exactly the `n_unique_in_tree` fields InnoDB compares.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

pub use innodb_lab_scenario::bounds::MAX_KEY_LEN;

/// A memcomparable key: byte-wise order equals SQL order of the encoded columns.
/// Aligned to 8 bytes: a page's keys sit two to a cache line, and a copy is four
/// word moves (in WebAssembly, not a `memory.copy` call).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(C, align(8))]
pub struct Key {
    bytes: [u8; MAX_KEY_LEN],
    len: u8,
}

impl Key {
    /// The empty key (sorts before every other key).
    pub const EMPTY: Key = Key {
        bytes: [0; MAX_KEY_LEN],
        len: 0,
    };

    /// Builds a key from raw bytes; `None` when longer than [`MAX_KEY_LEN`].
    pub fn from_bytes(b: &[u8]) -> Option<Key> {
        if b.len() > MAX_KEY_LEN {
            return None;
        }
        let mut k = Key::EMPTY;
        k.bytes[..b.len()].copy_from_slice(b);
        k.len = b.len() as u8;
        Some(k)
    }

    /// Key of one signed INT column (4 bytes, order-preserving).
    pub fn from_i32(v: i32) -> Key {
        let mut k = Key::EMPTY;
        k.push_i32(v);
        k
    }

    /// Appends an INT column (4 bytes). Silently truncates past [`MAX_KEY_LEN`]
    /// is impossible by construction: callers size keys from the schema.
    pub fn push_i32(&mut self, v: i32) {
        let u = (v as u32) ^ 0x8000_0000;
        self.push_bytes(&u.to_be_bytes());
    }

    /// Appends raw bytes (a string column), truncated to the space left.
    pub fn push_bytes(&mut self, b: &[u8]) {
        let start = self.len as usize;
        let n = b.len().min(MAX_KEY_LEN - start);
        self.bytes[start..start + n].copy_from_slice(&b[..n]);
        self.len = (start + n) as u8;
    }

    /// The concatenation `self ++ other` (e.g. secondary columns ++ primary key).
    pub fn concat(&self, other: &Key) -> Key {
        let mut k = *self;
        k.push_bytes(other.as_bytes());
        k
    }

    /// The encoded bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// Encoded length in bytes.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Byte `i` of the key padded with zeros to [`MAX_KEY_LEN`] (`i` must be below
    /// it). Keys order as (padded bytes, length), which a radix sort can use.
    #[inline]
    pub fn padded_byte(&self, i: usize) -> u8 {
        self.bytes[i]
    }

    /// The first 16 bytes as two big-endian integers, high half first. Bytes past
    /// `len` are always zero, so this orders keys as their first 16 bytes do.
    #[inline]
    pub fn head_be(&self) -> (u64, u64) {
        let (mut hi, mut lo) = ([0u8; 8], [0u8; 8]);
        hi.copy_from_slice(&self.bytes[..8]);
        lo.copy_from_slice(&self.bytes[8..16]);
        (u64::from_be_bytes(hi), u64::from_be_bytes(lo))
    }

    /// The first 16 bytes as two words in memory order (little-endian loads,
    /// zero-padded past `len`): equal heads, or equal leading bytes under a mask,
    /// are tested without reversing bytes.
    #[inline]
    pub fn head_le(&self) -> [u64; 2] {
        let (mut a, mut b) = ([0u8; 8], [0u8; 8]);
        a.copy_from_slice(&self.bytes[..8]);
        b.copy_from_slice(&self.bytes[8..16]);
        [u64::from_le_bytes(a), u64::from_le_bytes(b)]
    }

    /// Bytes `off..off + 8` as a big-endian integer (zero-padded past `len`);
    /// `off` must be at most `MAX_KEY_LEN - 8`.
    #[inline]
    pub fn be_u64_at(&self, off: usize) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.bytes[off..off + 8]);
        u64::from_be_bytes(b)
    }

    /// True for the empty key.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Decodes the first 4 bytes as an INT (for display and tests).
    pub fn first_i32(&self) -> Option<i32> {
        let b = self.as_bytes();
        if b.len() < 4 {
            return None;
        }
        let u = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        Some((u ^ 0x8000_0000) as i32)
    }
}

impl Ord for Key {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Fast path: bytes past `len` are always zero, so the first 8 bytes compared
        // as a big-endian integer order keys correctly whenever they differ.
        let a = u64::from_be_bytes([
            self.bytes[0],
            self.bytes[1],
            self.bytes[2],
            self.bytes[3],
            self.bytes[4],
            self.bytes[5],
            self.bytes[6],
            self.bytes[7],
        ]);
        let b = u64::from_be_bytes([
            other.bytes[0],
            other.bytes[1],
            other.bytes[2],
            other.bytes[3],
            other.bytes[4],
            other.bytes[5],
            other.bytes[6],
            other.bytes[7],
        ]);
        if a != b {
            return a.cmp(&b);
        }
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl PartialOrd for Key {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.as_bytes();
        if b.iter().all(|c| c.is_ascii_graphic()) && !b.is_empty() {
            write!(f, "Key({:?})", String::from_utf8_lossy(b))
        } else {
            write!(f, "Key({:02x?})", b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_order_matches_numeric_order() {
        let vals = [-5, -1, 0, 1, 2, 255, 256, i32::MAX, i32::MIN];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(
                    Key::from_i32(a).cmp(&Key::from_i32(b)),
                    a.cmp(&b),
                    "{a} vs {b}"
                );
            }
        }
        assert_eq!(Key::from_i32(-7).first_i32(), Some(-7));
    }

    #[test]
    fn fast_path_agrees_with_byte_order() {
        let samples: [&[u8]; 8] = [
            b"",
            b"\0",
            b"a",
            b"a\0",
            b"abcdefgh",
            b"abcdefgh\0",
            b"abcdefghi",
            b"abcdefgg\xff",
        ];
        for x in samples {
            for y in samples {
                let (kx, ky) = (Key::from_bytes(x), Key::from_bytes(y));
                assert_eq!(kx.cmp(&ky), x.cmp(y), "{x:?} vs {y:?}");
            }
        }
    }

    #[test]
    fn concat_orders_by_first_column_then_pk() {
        let a = Key::from_i32(3).concat(&Key::from_bytes(b"zzz").unwrap_or(Key::EMPTY));
        let b = Key::from_i32(4).concat(&Key::from_bytes(b"aaa").unwrap_or(Key::EMPTY));
        assert!(a < b);
        assert_eq!(a.len(), 7);
        assert!(Key::from_bytes(&[0u8; 31]).is_none());
    }
}
