//! Consistency checks over the whole pool, for tests and debug builds (O(n)).

use super::config::{BUF_LRU_OLD_MIN_LEN, BUF_LRU_OLD_TOLERANCE};
use super::frame::NIL;
use super::{BufferPool, IoFix};
use crate::storage::FIL_NULL;
use std::collections::BTreeSet;

impl BufferPool {
    /// Checks list links, the page table ↔ frame bijection, old flags (contiguous at
    /// the tail from `LRU_old`, within tolerance of the target; below 512, the stale
    /// segment), free + LRU = frames, flush list = dirty pages by LSN, and the tail
    /// window of the free-frame search.
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.frames.len();
        let mut on_lru = vec![false; n];
        let (mut len, mut prev, mut f) = (0u32, NIL, self.lru_head);
        let (mut old_len, mut first_old, mut seen_old) = (0u32, NIL, false);
        while f != NIL {
            let fr = self
                .frames
                .get(f as usize)
                .ok_or(format!("bad frame {f}"))?;
            if on_lru[f as usize] || len as usize >= n {
                return Err(format!("LRU cycle at frame {f}"));
            }
            on_lru[f as usize] = true;
            if self.prev[f as usize] != prev {
                return Err(format!(
                    "frame {f}: prev {} != {prev}",
                    self.prev[f as usize]
                ));
            }
            if fr.page == FIL_NULL || self.frame_of(fr.page) != Some(f) {
                return Err(format!("frame {f}: page {} not mapped back", fr.page));
            }
            if fr.io_fix == IoFix::Read && fr.is_dirty() {
                return Err(format!("page {} dirty while being read", fr.page));
            }
            if fr.old {
                if !seen_old {
                    first_old = f;
                }
                seen_old = true;
                old_len += 1;
            } else if seen_old {
                return Err(format!("young page {} below the old sublist", fr.page));
            }
            len += 1;
            prev = f;
            f = fr.next;
        }
        if prev != self.lru_tail || len != self.lru_len {
            return Err(format!(
                "LRU tail/len mismatch: len {len} vs {}",
                self.lru_len
            ));
        }
        // flagged frames: the old sublist, or (LRU < 512) the stale segment
        let (top, want) = if self.lru_old != NIL {
            (self.lru_old, self.lru_old_len)
        } else {
            (self.stale_top, self.stale_len)
        };
        if old_len != want || first_old != top {
            return Err(format!(
                "{old_len} flagged from {first_old}, pool says {want} from {top}"
            ));
        }
        if (len < BUF_LRU_OLD_MIN_LEN) != (self.lru_old == NIL) || self.lru_old_len > len {
            return Err(format!(
                "LRU_old defined = {} at len {len}",
                self.lru_old != NIL
            ));
        }
        if self.lru_old != NIL && self.old_target_len().abs_diff(old_len) > BUF_LRU_OLD_TOLERANCE {
            return Err(format!(
                "old len {old_len} vs target {}",
                self.old_target_len()
            ));
        }
        let mut on_free = vec![false; n];
        for &g in &self.free {
            let fr = self
                .frames
                .get(g as usize)
                .ok_or(format!("bad free frame {g}"))?;
            if on_lru[g as usize] || on_free[g as usize] || fr.page != FIL_NULL {
                return Err(format!("free frame {g} also in use"));
            }
            on_free[g as usize] = true;
        }
        if self.free.len() + len as usize != n {
            return Err(format!("free {} + lru {len} != {n}", self.free.len()));
        }
        let mapped = self.page_table.iter().filter(|&&g| g != NIL).count();
        if mapped != len as usize {
            return Err(format!("page table maps {mapped} pages, LRU holds {len}"));
        }
        let dirty: BTreeSet<(u64, u32)> = self
            .frames
            .iter()
            .filter(|fr| fr.page != FIL_NULL && fr.is_dirty())
            .map(|fr| (fr.oldest_modification, fr.page))
            .collect();
        let listed = self.flush_list.keys(&self.frames);
        if listed.len() != self.flush_list.len()
            || !listed.is_sorted()
            || listed.iter().copied().collect::<BTreeSet<_>>() != dirty
        {
            return Err("flush list != dirty pages".to_string());
        }
        self.check_tail()
    }
}
