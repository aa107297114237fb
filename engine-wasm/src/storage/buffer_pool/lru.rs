//! The LRU list with midpoint insertion: list links, the `LRU_old` pointer and the
//! make-young decision (5.7 `buf0lru.cc`, `buf0buf.ic`).
//!
//! While `LRU_old` is undefined (LRU < 512) `old` flags read as false; the flags left
//! from the last old sublist stay set as a "stale" tail segment, so crossing 512 costs
//! O(drift) instead of InnoDB's O(n) rewrite of every flag, with the same end state.

use super::config::{
    BUF_LRU_NON_OLD_MIN_LEN, BUF_LRU_OLD_MIN_LEN, BUF_LRU_OLD_RATIO_DIV, BUF_LRU_OLD_TOLERANCE,
};
use super::frame::{NEVER, NIL};
use super::BufferPool;
use crate::sim::Nanos;

impl BufferPool {
    /// Target length of the old sublist for the current LRU length.
    pub(super) fn old_target_len(&self) -> u32 {
        let len = self.lru_len as u64;
        let by_ratio = len * self.old_ratio as u64 / BUF_LRU_OLD_RATIO_DIV as u64;
        let cap = len.saturating_sub((BUF_LRU_OLD_TOLERANCE + BUF_LRU_NON_OLD_MIN_LEN) as u64);
        by_ratio.min(cap) as u32
    }

    /// Moves `LRU_old` one page at a time until the old length is within tolerance.
    // models buf_LRU_old_adjust_len()
    pub(super) fn old_adjust_len(&mut self) {
        let new_len = self.old_target_len();
        loop {
            let old = self.lru_old;
            if old == NIL {
                return;
            }
            if self.lru_old_len + BUF_LRU_OLD_TOLERANCE < new_len {
                let prev = self.prev[old as usize];
                if prev == NIL {
                    return;
                }
                self.lru_old = prev;
                self.lru_old_len += 1;
                self.frames[prev as usize].old = true;
            } else if self.lru_old_len > new_len + BUF_LRU_OLD_TOLERANCE {
                self.frames[old as usize].old = false;
                self.lru_old = self.frames[old as usize].next;
                self.lru_old_len -= 1;
            } else {
                return;
            }
        }
    }

    /// Is `f` in the old sublist? (Flags are meaningless while `LRU_old` is undefined.)
    #[inline]
    pub(super) fn is_old(&self, f: u32) -> bool {
        self.lru_old != NIL && self.frames[f as usize].old
    }

    /// The LRU just reached 512: the last `target + tolerance` pages become old.
    // models buf_LRU_old_init(): InnoDB marks all 512 old, then buf_LRU_old_adjust_len()
    // shrinks from above, which always ends at min(len, target + BUF_LRU_OLD_TOLERANCE)
    fn old_init(&mut self) {
        let want = self
            .lru_len
            .min(self.old_target_len() + BUF_LRU_OLD_TOLERANCE);
        let (mut top, mut len) = (self.stale_top, self.stale_len);
        while len < want {
            top = if top == NIL {
                self.lru_tail
            } else {
                self.prev[top as usize]
            };
            self.frames[top as usize].old = true;
            len += 1;
        }
        while len > want {
            self.frames[top as usize].old = false;
            top = self.frames[top as usize].next;
            len -= 1;
        }
        self.lru_old = top;
        self.lru_old_len = len;
        self.stale_top = NIL;
        self.stale_len = 0;
    }

    /// Inserts `f` at the head (`old == false` or LRU < 512; records the pool clock)
    /// or right after `LRU_old` (the midpoint).
    // models buf_LRU_add_block_low()
    pub(super) fn lru_add(&mut self, f: u32, old: bool) {
        if !old || self.lru_len < BUF_LRU_OLD_MIN_LEN {
            self.link_after(NIL, f);
            self.frames[f as usize].freed_page_clock = self.freed_page_clock;
        } else {
            self.link_after(self.lru_old, f);
            self.lru_old_len += 1;
        }
        if self.lru_len > BUF_LRU_OLD_MIN_LEN {
            self.frames[f as usize].old = old;
            self.old_adjust_len();
        } else if self.lru_len == BUF_LRU_OLD_MIN_LEN {
            // `f` went to the head; its flag may be left over from before it moved
            self.frames[f as usize].old = false;
            self.old_init();
        } else {
            self.frames[f as usize].old = false; // buf_page_set_old(bpage, LRU_old != NULL)
        }
    }

    /// Unlinks `f`, keeping `LRU_old` valid; below 512 the old sublist disappears.
    // models buf_LRU_remove_block()
    pub(super) fn lru_remove(&mut self, f: u32) {
        if f == self.lru_old {
            let prev = self.prev[f as usize];
            self.lru_old = prev;
            if prev != NIL {
                self.frames[prev as usize].old = true;
                self.lru_old_len += 1;
            }
        }
        let (flagged, next) = (self.frames[f as usize].old, self.frames[f as usize].next);
        self.unlink(f);
        if self.lru_len < BUF_LRU_OLD_MIN_LEN {
            if self.lru_old != NIL {
                // InnoDB clears every flag here; keep them as the stale tail segment
                self.stale_top = self.lru_old;
                self.stale_len = self.lru_old_len - u32::from(flagged);
                self.lru_old = NIL;
                self.lru_old_len = 0;
            } else if flagged {
                self.stale_len -= 1;
                if f == self.stale_top {
                    self.stale_top = if self.stale_len == 0 { NIL } else { next };
                }
            }
            return;
        }
        if flagged {
            self.lru_old_len -= 1;
        }
        self.old_adjust_len();
    }

    /// Moves `f` to the LRU head; `pages_made_young++` only if it was old.
    // models buf_LRU_make_block_young()
    fn make_block_young(&mut self, f: u32) {
        if self.is_old(f) {
            self.counters.pages_made_young += 1;
        }
        self.lru_remove(f);
        self.lru_add(f, false);
    }

    /// Still within the first quarter of the young sublist, judged by evictions since
    /// it was last put at the head.
    // models buf_page_peek_if_young()
    fn peek_if_young(&self, f: u32) -> bool {
        let young_quarter = self.cfg.n_frames as u64
            * (BUF_LRU_OLD_RATIO_DIV - self.old_ratio) as u64
            / (BUF_LRU_OLD_RATIO_DIV as u64 * 4);
        self.freed_page_clock < self.frames[f as usize].freed_page_clock + young_quarter
    }

    /// Should this access move the page to the head? Counts `pages_made_not_young`.
    // models buf_page_peek_if_too_old()
    fn peek_if_too_old(&mut self, f: u32, now: Nanos) -> bool {
        if self.freed_page_clock == 0 {
            // no eviction yet: warm-up or an in-memory workload, nothing moves
            return false;
        }
        let old = self.is_old(f);
        let fr = &self.frames[f as usize];
        if self.cfg.old_blocks_time_ns > 0 && old {
            if fr.access_time != NEVER
                && now.saturating_sub(fr.access_time) >= self.cfg.old_blocks_time_ns
            {
                return true;
            }
            self.counters.pages_made_not_young += 1;
            return false;
        }
        !self.peek_if_young(f)
    }

    /// One access to a resident page: make young if too old, record the first access.
    // models buf_page_make_young_if_needed() + buf_page_set_accessed()
    #[inline]
    pub(super) fn touch(&mut self, f: u32, now: Nanos) -> bool {
        let young = self.peek_if_too_old(f, now);
        if young {
            self.make_block_young(f);
        }
        let fr = &mut self.frames[f as usize];
        if fr.access_time == NEVER {
            fr.access_time = now;
        }
        young
    }

    /// Links `f` after `at` (`NIL` = at the head).
    fn link_after(&mut self, at: u32, f: u32) {
        let next = if at == NIL {
            self.lru_head
        } else {
            self.frames[at as usize].next
        };
        self.prev[f as usize] = at;
        self.frames[f as usize].next = next;
        if at == NIL {
            self.lru_head = f;
        } else {
            self.frames[at as usize].next = f;
        }
        if next == NIL {
            self.lru_tail = f;
        } else {
            self.prev[next as usize] = f;
        }
        self.lru_len += 1;
        self.tail_linked(f);
    }

    fn unlink(&mut self, f: u32) {
        let (prev, next) = (self.prev[f as usize], self.frames[f as usize].next);
        if prev == NIL {
            self.lru_head = next;
        } else {
            self.frames[prev as usize].next = next;
        }
        if next == NIL {
            self.lru_tail = prev;
        } else {
            self.prev[next as usize] = prev;
        }
        self.prev[f as usize] = NIL;
        self.frames[f as usize].next = NIL;
        self.lru_len -= 1;
        self.tail_unlinked(f, next);
    }
}
