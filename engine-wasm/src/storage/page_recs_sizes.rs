//! A page's record sizes: one size while every record has it (`sizes` empty), else
//! one per heap slot (`PageRecs::set_size`).

use super::PageRecs;

impl PageRecs {
    /// Size of the record in heap slot `slot`.
    #[inline]
    pub(super) fn size_of(&self, slot: usize) -> u16 {
        if self.sizes.is_empty() {
            self.size
        } else {
            self.sizes[slot]
        }
    }

    /// Sets the size of heap slot `slot` (`slot == heap.len()` appends), keeping
    /// `sizes` empty while every record has the same size.
    #[inline]
    pub(super) fn set_size(&mut self, slot: usize, size: u16) {
        // The usual case, a page whose records all have this size, stays inline.
        if self.sizes.is_empty() && size == self.size && !self.heap.is_empty() {
            return;
        }
        self.set_size_other(slot, size);
    }

    /// [`PageRecs::set_size`] on a page without records, with sizes per record, or
    /// for a record of another size.
    #[inline(never)]
    fn set_size_other(&mut self, slot: usize, size: u16) {
        if self.sizes.is_empty() {
            let n = self.heap.len();
            if n == 0 || (n == 1 && slot == 0) {
                self.size = size;
                return;
            }
            if size == self.size {
                return;
            }
            // The first record of another size: every record gets its own.
            self.sizes.reserve_exact(self.heap.capacity().max(n + 1));
            self.sizes.resize(n, self.size);
        }
        if slot == self.sizes.len() {
            self.sizes.push(size);
        } else {
            self.sizes[slot] = size;
        }
    }
}
