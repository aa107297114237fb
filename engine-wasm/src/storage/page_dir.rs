//! The words of a page's directory ([`super::page_recs`]): a key prefix above a heap
//! slot, the shared-head tests that choose which key bytes the prefix holds, and the
//! searches over a sorted run of words.

use serde::{Deserialize, Serialize};
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

/// Directory words whose positions a page keeps with its header ([`Marks`]).
pub(super) const MARKS: usize = 8;

/// Longest run between marks that never asks for a re-spread: 64 words, which
/// [`count_below`] reads in one round of independent loads.
const SHORT_RUN: usize = 64;

/// A few directory words and their positions, kept with the page header as
/// InnoDB's page directory keeps every few records' owners: a search compares its
/// prefix with them (no memory access beyond the header) and reads only the run of
/// the directory between the two marks around it, about 1/9 of the records. Inserts
/// and removes move the positions; a run grown to twice its share is split by
/// spreading the marks evenly again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Marks {
    /// The prefixes of the marked words (slot bits clear, so a record moving to
    /// another heap slot leaves them valid) in key order; unused entries are
    /// `Word::MAX`, which no prefix reaches.
    words: [Word; MARKS],
    /// Their positions in the directory; unused entries are `u16::MAX`.
    pos: [u16; MARKS],
}

impl Default for Marks {
    fn default() -> Marks {
        Marks {
            words: [Word::MAX; MARKS],
            pos: [u16::MAX; MARKS],
        }
    }
}

impl Marks {
    /// The run of the directory (of `len` words) that holds the first word `>= p`:
    /// `(lo, hi)` with every word before `lo` below `p` and the word at `hi` (if
    /// any) not below it.
    #[inline]
    pub(super) fn run(&self, p: Word, len: usize) -> (usize, usize) {
        let j = self.words.iter().filter(|&&w| w < p).count();
        let lo = if j == 0 {
            0
        } else {
            usize::from(self.pos[j - 1]) + 1
        };
        let hi = self.pos.get(j).map_or(len, |&q| usize::from(q).min(len));
        (lo, hi)
    }

    /// A word went in at `at` (the word there and every later one moved up one).
    /// Returns true when the run that took it has grown past its share of a
    /// directory of `len` words (the caller re-spreads the marks).
    #[inline]
    pub(super) fn inserted(&mut self, at: usize, len: usize) -> bool {
        let at = at as u16;
        let mut below = 0usize;
        for q in self.pos.iter_mut() {
            // Unused entries stay u16::MAX.
            *q = q.saturating_add(u16::from(*q >= at));
            below += usize::from(*q < at);
        }
        let lo = if below == 0 {
            0
        } else {
            usize::from(self.pos[below - 1]) + 1
        };
        let hi = self
            .pos
            .get(below)
            .map_or(len, |&q| usize::from(q).min(len));
        hi - lo > SHORT_RUN.max(2 * len / (MARKS + 1))
    }

    /// The word at `at` was removed (every later one moved down one); a mark on it
    /// is dropped.
    pub(super) fn removed(&mut self, at: usize) {
        let at = at as u16;
        if let Some(i) = self.pos.iter().position(|&q| q == at) {
            self.pos.copy_within(i + 1.., i);
            self.words.copy_within(i + 1.., i);
            self.pos[MARKS - 1] = u16::MAX;
            self.words[MARKS - 1] = Word::MAX;
        }
        for q in self.pos.iter_mut() {
            if *q != u16::MAX && *q > at {
                *q -= 1;
            }
        }
    }

    /// The word at `at` was rewritten in place (same order).
    pub(super) fn rewritten(&mut self, at: usize, word: Word) {
        if let Some(i) = self.pos.iter().position(|&q| usize::from(q) == at) {
            self.words[i] = prefix_of(word);
        }
    }

    /// Marks spread evenly over `dir` (none on a directory of one short run).
    pub(super) fn spread(dir: &[Word]) -> Marks {
        let mut m = Marks::default();
        if dir.len() > SHORT_RUN {
            for i in 0..MARKS {
                let at = (i + 1) * dir.len() / (MARKS + 1);
                m.pos[i] = at as u16;
                m.words[i] = prefix_of(dir[at]);
            }
        }
        m
    }

    /// Checks the marks against the directory they describe.
    pub(super) fn check(&self, dir: &[Word]) -> Result<(), String> {
        let mut prev = None;
        for (&w, &q) in self.words.iter().zip(&self.pos) {
            if q == u16::MAX {
                if w != Word::MAX {
                    return Err("unused mark with a word".to_string());
                }
                prev = Some(usize::MAX);
                continue;
            }
            let q = usize::from(q);
            if prev.is_some_and(|p| p >= q) || dir.get(q).map(|&d| prefix_of(d)) != Some(w) {
                return Err(format!("mark at {q} is stale or out of order"));
            }
            prev = Some(q);
        }
        Ok(())
    }
}

/// Number of words below `p` in the sorted `dir` (first and last words `first`,
/// `last`, copies kept with the header): none or all without reading the directory
/// when `p` is outside them, else counted in the run between the marks around `p`.
#[inline]
pub(super) fn words_below(dir: &[Word], p: Word, first: Word, last: Word, marks: &Marks) -> usize {
    if dir.is_empty() || p <= first {
        return 0;
    }
    if p > last {
        return dir.len();
    }
    let (lo, hi) = marks.run(p, dir.len());
    lo + count_below(&dir[lo..hi], p)
}

/// Number of words below `p` in a sorted run, in rounds of independent loads: the
/// last word of every 64 (on a long run), then of every 8 in the 64 found (one load
/// per cache line), then the few words of one group of 8.
#[inline]
fn count_below(run: &[Word], p: Word) -> usize {
    let (mut base, mut run) = (0, run);
    if run.len() > 64 {
        let k = run.chunks_exact(64).filter(|c| c[63] < p).count();
        base = k * 64;
        run = &run[base..];
        run = &run[..run.len().min(64)];
    }
    let k = run.chunks_exact(8).filter(|c| c[7] < p).count();
    let rest = &run[k * 8..];
    let rest = &rest[..rest.len().min(8)];
    base + k * 8 + rest.iter().filter(|&&d| d < p).count()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A sorted directory of `n` words: prefixes `step` apart (slot bits set to the
    /// position, as heap slots would be).
    fn dir_of(n: usize, step: u64) -> Vec<Word> {
        (0..n as u64).map(|i| ((i + 1) * step) << 16 | i).collect()
    }

    fn below(dir: &[Word], p: Word) -> usize {
        dir.iter().filter(|&&d| d < p).count()
    }

    fn search(dir: &[Word], p: Word, m: &Marks) -> usize {
        let (first, last) = (
            dir.first().copied().unwrap_or(0),
            dir.last().copied().unwrap_or(0),
        );
        words_below(dir, p, first, last, m)
    }

    #[test]
    fn count_below_agrees_with_a_scan_on_runs_of_every_length() {
        for n in [0, 1, 7, 8, 9, 63, 64, 65, 200, 600] {
            let dir = dir_of(n, 4);
            for p in (0..(n as u64 + 2) * 4).map(|v| v << 16) {
                assert_eq!(count_below(&dir, p), below(&dir, p), "n {n} p {p:#x}");
            }
        }
    }

    #[test]
    fn marks_narrow_a_search_to_the_run_around_its_key() {
        let dir = dir_of(230, 8);
        let m = Marks::spread(&dir);
        assert_eq!(m.check(&dir), Ok(()));
        // Eight marks at 25, 51, ..., 204: runs of 25 or 26 words.
        assert_eq!(m.pos, [25, 51, 76, 102, 127, 153, 178, 204]);
        // A key just above the word at 100 (prefix 101·8): the run 77..102.
        let p = ((101 * 8) + 1) << 16;
        assert_eq!(m.run(p, dir.len()), (77, 102));
        for p in (0..240 * 8).map(|v| (v as u64) << 16) {
            assert_eq!(search(&dir, p, &m), below(&dir, p), "p {p:#x}");
        }
        // A short directory has no marks: one run.
        let short = dir_of(SHORT_RUN, 8);
        assert_eq!(Marks::spread(&short), Marks::default());
        assert_eq!(Marks::default().run(1 << 20, SHORT_RUN), (0, SHORT_RUN));
    }

    #[test]
    fn marks_follow_inserts_and_removes_and_ask_to_spread_again() {
        let mut dir = dir_of(200, 1000);
        let mut m = Marks::spread(&dir);
        // Inserts into the run before the first mark (at 22) move every mark up.
        let mut grew = false;
        for k in 0..60u64 {
            let at = 10;
            let w = (((10 * 1000) + 500 - k) << 16) | (200 + k);
            dir.insert(at, w);
            grew |= m.inserted(at, dir.len());
            assert_eq!(m.check(&dir), Ok(()), "insert {k}");
            if grew {
                break;
            }
        }
        // The first run passed twice its share (2·len/9, at least 64 words).
        assert!(grew);
        assert!(m.pos[0] as usize > SHORT_RUN.max(2 * dir.len() / (MARKS + 1)));
        // Removing a marked word drops its mark; later marks move down.
        let at = usize::from(m.pos[3]);
        let before = m.pos;
        dir.remove(at);
        m.removed(at);
        assert_eq!(m.check(&dir), Ok(()));
        assert_eq!(m.pos[..3], before[..3]);
        assert_eq!(m.pos[3], before[4] - 1);
        assert_eq!(m.pos[MARKS - 1], u16::MAX);
        for p in (0..300 * 1000).step_by(97).map(|v| (v as u64) << 16) {
            assert_eq!(search(&dir, p, &m), below(&dir, p));
        }
        // A rewritten word keeps its mark, with the new prefix.
        let at = usize::from(m.pos[0]);
        dir[at] = ((dir[at] & !SLOT_MASK) + (1 << 16)) | 7;
        m.rewritten(at, dir[at]);
        assert_eq!(m.check(&dir), Ok(()));
    }
}
