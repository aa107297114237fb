//! The consistency check of a page's records: heap, sizes, children, directory and
//! marks describe the same records (`PageRecs::check`, used by the B+tree's
//! invariant check and the tests).

use super::super::page_dir::{head_masks, prefix_of, slot_of};
use super::PageRecs;

impl PageRecs {
    /// Checks that the directory and the heap describe the same records.
    pub fn check(&self) -> Result<(), String> {
        if !self.children.is_empty() && self.children.len() != self.heap.len() {
            return Err(format!(
                "{} heap records, {} children",
                self.heap.len(),
                self.children.len()
            ));
        }
        if !self.sizes.is_empty() && self.sizes.len() != self.heap.len() {
            return Err(format!(
                "{} heap records, {} sizes",
                self.heap.len(),
                self.sizes.len()
            ));
        }
        if self.heap.len() != self.dir().len() {
            return Err(format!(
                "{} heap records, {} directory entries",
                self.heap.len(),
                self.dir().len()
            ));
        }
        let mut seen = vec![false; self.heap.len()];
        if self.first != self.dir().first().copied().unwrap_or(0) {
            return Err("copy of the first directory word is stale".to_string());
        }
        if self.last != self.dir().last().copied().unwrap_or(0) {
            return Err("copy of the last directory word is stale".to_string());
        }
        self.marks.check(self.dir())?;
        let m = head_masks(self.skip);
        for &d in self.dir() {
            let slot = slot_of(d);
            if slot >= seen.len() || std::mem::replace(&mut seen[slot], true) {
                return Err(format!("directory slot {slot} invalid or repeated"));
            }
            let key = &self.heap[slot];
            let h = key.head_le();
            if (h[0] ^ self.base[0]) & m[0] != 0 || (h[1] ^ self.base[1]) & m[1] != 0 {
                return Err(format!("key of slot {slot} leaves the shared head"));
            }
            if prefix_of(d) != prefix_of(key.be_u64_at(usize::from(self.skip))) {
                return Err(format!("directory prefix of slot {slot} is stale"));
            }
        }
        Ok(())
    }
}
