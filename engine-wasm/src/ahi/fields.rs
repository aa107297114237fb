//! Per-index field layout for the AHI: how many leading fields a key holds, how many
//! fields two keys share, and the fold (hash value) of a key prefix.
//!
//! Keys are fixed-width fields concatenated (memcomparable), so a byte offset maps to
//! a field count; `n_bytes` is always 0 (whole fields only).

use crate::storage::key::{Key, MAX_KEY_LEN};
use std::cmp::Ordering;

/// Field geometry of one index: the `n_unique_in_tree` fields InnoDB compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fields {
    /// Byte offset where field `i` ends: `end[i]` = widths[0] + … + widths[i].
    end: Vec<u16>,
    /// `complete[len]`: number of whole fields in the first `len` bytes of a key.
    complete: [u8; MAX_KEY_LEN + 1],
}

impl Fields {
    /// The layout of fields of the given byte widths; `None` when empty, a width is
    /// zero or the fields do not fit a [`Key`] (the index then gets no AHI, like
    /// InnoDB's `disable_ahi`).
    pub(crate) fn new(widths: &[u16]) -> Option<Fields> {
        if widths.is_empty() || widths.len() > usize::from(u8::MAX) || widths.contains(&0) {
            return None;
        }
        let mut end = Vec::with_capacity(widths.len());
        let mut total = 0usize;
        for &w in widths {
            total += usize::from(w);
            if total > MAX_KEY_LEN {
                return None;
            }
            end.push(total as u16);
        }
        let mut complete = [0u8; MAX_KEY_LEN + 1];
        for (len, c) in complete.iter_mut().enumerate() {
            *c = end.iter().filter(|&&e| usize::from(e) <= len).count() as u8;
        }
        Some(Fields { end, complete })
    }

    /// `n_unique_in_tree`: the number of fields.
    pub(crate) fn n_unique(&self) -> u16 {
        self.end.len() as u16
    }

    /// Whole fields in `key` (`dtuple_get_n_fields()` of a search tuple).
    #[inline]
    pub(crate) fn n_fields_of(&self, key: &Key) -> u16 {
        u16::from(self.complete[key.len()])
    }

    /// Bytes of the first `n_fields` fields (clamped to the key's length).
    #[inline]
    pub(crate) fn prefix_len(&self, n_fields: u16, key: &Key) -> usize {
        let end = match usize::from(n_fields).checked_sub(1) {
            Some(i) => self.end.get(i).copied().unwrap_or(0),
            None => 0,
        };
        usize::from(end).min(key.len())
    }

    /// Fold of the first `n_fields` fields of `key` for index `index`.
    // models rec_fold() / dtuple_fold() with n_bytes = 0, seeded by the index id
    #[inline]
    pub(crate) fn fold(&self, index: u16, n_fields: u16, key: &Key) -> u64 {
        fold_bytes(index, &key.as_bytes()[..self.prefix_len(n_fields, key)])
    }

    /// Compares search tuple `tuple` with record `rec` over the tuple's fields, as
    /// `cmp_dtuple_rec_with_match()`: `Equal` when the record starts with the tuple.
    /// Also returns the number of whole fields that matched.
    #[inline]
    pub(crate) fn cmp_tuple_rec(&self, tuple: &Key, rec: &Key) -> (Ordering, u16) {
        let t = tuple.as_bytes();
        let r = rec.as_bytes();
        let r = &r[..r.len().min(t.len())];
        let common = common_prefix(t, r);
        let ord = if common == t.len() && common == r.len() {
            Ordering::Equal
        } else if common == r.len() {
            Ordering::Greater
        } else if common == t.len() {
            Ordering::Less
        } else {
            t[common].cmp(&r[common])
        };
        (ord, u16::from(self.complete[common]))
    }
}

/// Length of the common prefix of two byte strings.
#[inline]
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A deterministic 64-bit hash of a key prefix, seeded by the index id; never 0 (0
/// marks an empty cell in the hash table). Uses explicit little-endian reads so the
/// value is the same natively and in WASM.
pub(crate) fn fold_bytes(index: u16, bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (u64::from(index) << 32 | bytes.len() as u64).wrapping_mul(K);
    // words are read little-endian, the last one zero-padded (no memcpy: this is on
    // the hot path of every hash lookup)
    let mut words = bytes.chunks_exact(8);
    for c in &mut words {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h ^ w).wrapping_mul(K).rotate_left(31);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let w = rest
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &b)| w | u64::from(b) << (8 * i));
        h = (h ^ w).wrapping_mul(K).rotate_left(31);
    }
    // murmur3 fmix64: every input bit reaches every output bit
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    h.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k2(a: i32, b: i32) -> Key {
        let mut k = Key::from_i32(a);
        k.push_i32(b);
        k
    }

    #[test]
    fn field_counts_and_matches() {
        let f = Fields::new(&[4, 4]).unwrap();
        assert_eq!(f.n_unique(), 2);
        assert_eq!(f.n_fields_of(&Key::from_i32(5)), 1);
        assert_eq!(f.n_fields_of(&k2(5, 6)), 2);
        assert_eq!(
            f.cmp_tuple_rec(&Key::from_i32(5), &k2(5, 9)),
            (Ordering::Equal, 1)
        );
        assert_eq!(f.cmp_tuple_rec(&k2(5, 6), &k2(5, 9)), (Ordering::Less, 1));
        assert_eq!(f.cmp_tuple_rec(&k2(5, 9), &k2(5, 9)), (Ordering::Equal, 2));
        assert_eq!(
            f.cmp_tuple_rec(&k2(6, 0), &k2(5, 9)),
            (Ordering::Greater, 0)
        );
        assert_eq!(f.prefix_len(1, &k2(1, 2)), 4);
        assert!(Fields::new(&[]).is_none());
        assert!(Fields::new(&[20, 20]).is_none());
    }

    #[test]
    fn folds_are_deterministic_and_prefix_sensitive() {
        let f = Fields::new(&[4, 4]).unwrap();
        assert_eq!(f.fold(3, 1, &k2(7, 1)), f.fold(3, 1, &k2(7, 2)));
        assert_ne!(f.fold(3, 2, &k2(7, 1)), f.fold(3, 2, &k2(7, 2)));
        assert_ne!(f.fold(3, 1, &k2(7, 1)), f.fold(4, 1, &k2(7, 1)));
        // golden values: explicit little-endian words keep them the same in WASM
        assert_eq!(fold_bytes(0, &[1, 2, 3, 4]), 0xa0ac_0357_337f_2f44);
        assert_eq!(fold_bytes(7, &[9; 12]), 0x37ba_756c_63c6_401e);
        assert_ne!(fold_bytes(0, &[0]), fold_bytes(0, &[]));
    }
}
