//! The LRU tail window a user thread's free-frame search walks: the last
//! `BUF_LRU_SEARCH_SCAN_THRESHOLD` frames (`buf_LRU_free_from_common_LRU_list()` with
//! `scan_all = false`), with a count of its replaceable frames kept as frames are
//! linked, unlinked and change state. When the count is zero the walk cannot find a
//! victim and is skipped: same result, no walk. Under a write-heavy load the tail is
//! all dirty and the walk was ~12% of the simulation's instructions (issue #2).

use super::config::BUF_LRU_SEARCH_SCAN_THRESHOLD as WINDOW;
use super::frame::NIL;
use super::BufferPool;

impl BufferPool {
    #[inline]
    fn replaceable(&self, f: u32) -> bool {
        self.frames[f as usize].ready_for_replace()
    }

    /// Replaceable frames among the last `BUF_LRU_SEARCH_SCAN_THRESHOLD` of the LRU.
    #[inline]
    pub(super) fn tail_replaceable(&self) -> u32 {
        self.tail_replaceable
    }

    /// Frame `f`'s state changed (fix count, I/O fix, dirtiness); `was` is whether it
    /// was replaceable before.
    #[inline]
    pub(super) fn retally(&mut self, f: u32, was: bool) {
        if self.in_tail[f as usize] {
            let now = self.replaceable(f);
            if now != was {
                if now {
                    self.tail_replaceable += 1;
                } else {
                    self.tail_replaceable -= 1;
                }
            }
        }
    }

    /// Joins `f` to the window in state order.
    fn tail_join(&mut self, f: u32) {
        self.in_tail[f as usize] = true;
        self.tail_len += 1;
        self.tail_replaceable += u32::from(self.replaceable(f));
    }

    fn tail_leave(&mut self, f: u32) {
        self.in_tail[f as usize] = false;
        self.tail_len -= 1;
        self.tail_replaceable -= u32::from(self.replaceable(f));
    }

    /// `f` was just linked into the LRU: it is in the window if it sits among the
    /// last frames, and then the window's head-most frame leaves if it is over size.
    pub(super) fn tail_linked(&mut self, f: u32) {
        let next = self.frames[f as usize].next;
        let full = self.tail_len >= WINDOW;
        let joins =
            next == NIL || (self.in_tail[next as usize] && !(full && next == self.tail_top));
        if !joins {
            return;
        }
        self.tail_join(f);
        if self.tail_len > WINDOW {
            let top = self.tail_top;
            self.tail_leave(top);
            self.tail_top = self.frames[top as usize].next;
        } else {
            // Not full: the window is the whole LRU.
            self.tail_top = self.lru_head;
        }
    }

    /// `f` was just unlinked from above `next`: if it was in the window, the frame
    /// above the window's top moves in.
    pub(super) fn tail_unlinked(&mut self, f: u32, next: u32) {
        if !self.in_tail[f as usize] {
            return;
        }
        self.tail_leave(f);
        if f == self.tail_top {
            self.tail_top = next;
        }
        let above = if self.tail_top == NIL {
            self.lru_tail
        } else {
            self.prev[self.tail_top as usize]
        };
        if above != NIL && self.tail_len < WINDOW {
            self.tail_join(above);
            self.tail_top = above;
        }
    }

    /// Checks the window against a walk from the tail.
    pub(super) fn check_tail(&self) -> Result<(), String> {
        let (mut f, mut len, mut repl, mut top) = (self.lru_tail, 0u32, 0u32, NIL);
        while f != NIL && len < WINDOW {
            if !self.in_tail[f as usize] {
                return Err(format!(
                    "frame {f} is {len} from the tail but not in the tail window"
                ));
            }
            repl += u32::from(self.replaceable(f));
            len += 1;
            top = f;
            f = self.prev[f as usize];
        }
        let flagged = self.in_tail.iter().filter(|&&b| b).count() as u32;
        if (len, repl, top, flagged) != (self.tail_len, self.tail_replaceable, self.tail_top, len) {
            return Err(format!(
                "tail window: walk gives len {len}, replaceable {repl}, top {top}, {flagged} flagged; \
                 kept len {}, replaceable {}, top {}",
                self.tail_len, self.tail_replaceable, self.tail_top
            ));
        }
        Ok(())
    }
}
