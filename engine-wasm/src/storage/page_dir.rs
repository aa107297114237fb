//! The words of a page's directory ([`super::page_recs`]): a key prefix above a heap
//! slot, the shared-head tests that choose which key bytes the prefix holds, and the
//! searches over a sorted run of words.

use std::cmp::Ordering;

/// A directory word: key bytes `skip..skip + 6` (big-endian) above the 16-bit heap
/// slot, so words order as their prefixes do.
pub(super) type Word = u64;

/// Low bits of a directory word: the heap slot.
pub(super) const SLOT_MASK: u64 = 0xffff;

/// Most leading bytes the records' shared part may span (a [`Head`]).
pub(super) const MAX_SKIP: u8 = 16;

/// The heap slot of a word.
#[inline]
pub(super) fn slot_of(d: Word) -> usize {
    (d & SLOT_MASK) as usize
}

/// The prefix of a word (slot bits zero).
#[inline]
pub(super) fn prefix_of(d: Word) -> Word {
    d & !SLOT_MASK
}

/// A key's first 16 bytes as two words in memory order ([`Key::head_le`]): the
/// shared-head tests compare them without reversing bytes (WebAssembly has no
/// byte-swap instruction).
pub(super) type Head = [u64; 2];

/// Masks of the first `skip` bytes of a [`Head`].
#[inline]
pub(super) fn head_masks(skip: u8) -> Head {
    let bytes = |n: u32| if n >= 8 { !0u64 } else { (1u64 << (8 * n)) - 1 };
    let s = u32::from(skip);
    [bytes(s.min(8)), bytes(s.saturating_sub(8))]
}

/// Number of leading bytes two heads share, at most [`MAX_SKIP`].
#[inline]
pub(super) fn shared_bytes(a: Head, b: Head) -> u8 {
    let lo = a[0] ^ b[0];
    let n = if lo != 0 {
        lo.trailing_zeros() / 8
    } else {
        8 + (a[1] ^ b[1]).trailing_zeros() / 8
    };
    n.min(u32::from(MAX_SKIP)) as u8
}

/// Byte order of two heads (first differing byte decides).
pub(super) fn head_order(a: Head, b: Head) -> Ordering {
    let be = |h: Head| {
        (
            u64::from_be_bytes(h[0].to_le_bytes()),
            u64::from_be_bytes(h[1].to_le_bytes()),
        )
    };
    be(a).cmp(&be(b))
}

/// Words per block of the directory search: 256 bytes, four cache lines.
pub(super) const BLOCK: usize = 32;

/// Number of words below `p` in the sorted `dir`, in two rounds of independent
/// loads: the last word of every block (one per 256 bytes, so a cold page costs
/// one memory round trip for all of them), then every word of the one block where
/// `p` falls (a second round trip). Counting instead of branching keeps the loads
/// of a round independent of each other.
pub(super) fn words_below(dir: &[Word], p: Word) -> usize {
    let full = dir.len() / BLOCK;
    let blocks = (0..full).filter(|b| dir[b * BLOCK + BLOCK - 1] < p).count();
    let start = blocks * BLOCK;
    let end = (start + BLOCK).min(dir.len());
    start + dir[start..end].iter().filter(|&&d| d < p).count()
}

/// Length of the run of words `<= last` at the start of `dir`, found by galloping
/// so a short run (the usual case) reads only cached neighbours.
pub(super) fn ties(dir: &[Word], last: Word) -> usize {
    let mut end = 1;
    while end <= dir.len() && dir[end - 1] <= last {
        end *= 2;
    }
    let start = end / 2;
    let end = end.min(dir.len() + 1) - 1;
    start + dir[start..end].partition_point(|&d| d <= last)
}
