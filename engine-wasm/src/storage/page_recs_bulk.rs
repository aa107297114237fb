//! A page's records moved in bulk: the half a split moves out, the sorted runs it
//! moves in, a reorganize, and a page built from records in key order.

use super::super::page::Rec;
use super::super::page_dir::shared_bytes;
use super::{grow_step, Marks, PageRecs};
use std::ops::Range;

impl PageRecs {
    /// Moves records `range` (key order) to the end of `out`, and compacts the rest
    /// into key order (a reorganize).
    pub fn drain_into(&mut self, range: Range<usize>, out: &mut Vec<Rec>) {
        let mut all: Vec<Rec> = self.iter().collect();
        out.extend(all.drain(range));
        self.clear();
        // The page keeps what it held before the split: give back the rest.
        let keep = all.len() + grow_step(all.len());
        self.heap.shrink_to(keep);
        self.sizes.shrink_to(keep);
        self.children.shrink_to(keep);
        self.buf.shrink_to(keep);
        self.extend_sorted(&all);
    }

    /// Appends records given in key order, all greater than the current ones.
    pub fn extend_sorted(&mut self, recs: &[Rec]) {
        if let (Some(first), Some(last)) = (recs.first(), recs.last()) {
            // Keys in order between the first and the last share what those two share.
            let (a, b) = (first.key.head_le(), last.key.head_le());
            if self.is_empty() {
                self.set_base(a, shared_bytes(a, b));
            } else {
                self.admit_into(a);
                self.admit_into(b);
            }
        }
        let want = self.len() + recs.len();
        let extra = recs.len() + grow_step(want);
        if want > self.heap.capacity() {
            self.heap.reserve_exact(extra);
            if !self.sizes.is_empty() {
                self.sizes.reserve_exact(extra);
            }
        }
        if self.buf.len() + recs.len() > self.buf.capacity() {
            self.buf.reserve_exact(extra);
        }
        for r in recs {
            self.put(self.len(), *r);
        }
        self.marks = Marks::spread(self.dir());
    }

    /// Puts records given in key order, all smaller than the current ones, in front.
    pub fn prepend_sorted(&mut self, recs: &[Rec]) {
        let mut all = recs.to_vec();
        all.extend(self.iter());
        self.clear();
        self.extend_sorted(&all);
    }
}

impl FromIterator<Rec> for PageRecs {
    /// Collects records given in key order.
    fn from_iter<I: IntoIterator<Item = Rec>>(iter: I) -> PageRecs {
        let mut recs = PageRecs::default();
        for r in iter {
            recs.insert(recs.len(), r);
        }
        recs
    }
}
