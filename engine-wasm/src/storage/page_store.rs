//! Every page of every index in one vector: the global [`PageNo`] is the position.
//!
//! Freed pages go to a free list and are reused (last freed, first reused).

use super::page::Page;
use super::PageNo;
use serde::{Deserialize, Serialize};

/// Owner of all index pages.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PageStore {
    /// Pages indexed by page number (free ones included, with `free` set).
    pub pages: Vec<Page>,
    /// Free page numbers, reused before the vector grows.
    free_list: Vec<PageNo>,
    /// Index id of each page, as set when it was allocated: a compact copy for
    /// callers that need only that (the buffer pool's eviction trace), so they do
    /// not bring a cold page header into the cache.
    index_ids: Vec<u16>,
}

impl PageStore {
    /// An empty store.
    pub fn new() -> PageStore {
        PageStore::default()
    }

    /// Allocates an empty page of `index` at `level` (`btr_page_alloc()` +
    /// `btr_page_create()`); a freed page keeps its record buffer's capacity.
    pub fn alloc(&mut self, index: u16, level: u8) -> PageNo {
        match self.free_list.pop() {
            Some(no) => {
                let mut recs = std::mem::take(&mut self.pages[no as usize].recs);
                recs.clear();
                self.pages[no as usize] = Page {
                    recs,
                    ..Page::new(index, level)
                };
                self.index_ids[no as usize] = index;
                no
            }
            None => {
                self.pages.push(Page::new(index, level));
                self.index_ids.push(index);
                (self.pages.len() - 1) as PageNo
            }
        }
    }

    /// Returns a page to the free list (`btr_page_free()`).
    pub fn free(&mut self, no: PageNo) {
        if let Some(p) = self.pages.get_mut(no as usize) {
            if !p.free {
                p.free = true;
                p.recs.clear();
                p.data_bytes = 0;
                p.reset_last_insert();
                self.free_list.push(no);
            }
        }
    }

    /// The page `no`, if it exists.
    pub fn get(&self, no: PageNo) -> Option<&Page> {
        self.pages.get(no as usize)
    }

    /// Index id of page `no` (`None` for a page never created).
    pub fn index_of(&self, no: PageNo) -> Option<u16> {
        self.index_ids.get(no as usize).copied()
    }

    /// Pages ever created (free ones included).
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// True when no page was ever created.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// Pages currently on the free list.
    pub fn n_free(&self) -> usize {
        self.free_list.len()
    }

    /// Page `no`; the tree only passes numbers it allocated.
    pub(crate) fn page(&self, no: PageNo) -> &Page {
        &self.pages[no as usize]
    }

    /// Mutable page `no`; the tree only passes numbers it allocated.
    pub(crate) fn page_mut(&mut self, no: PageNo) -> &mut Page {
        &mut self.pages[no as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freed_pages_are_reused() {
        let mut s = PageStore::new();
        let a = s.alloc(1, 0);
        let b = s.alloc(1, 0);
        assert_eq!((a, b), (0, 1));
        s.free(a);
        s.free(a);
        assert_eq!(s.n_free(), 1);
        let c = s.alloc(2, 3);
        assert_eq!(c, a);
        let p = s.get(c).map(|p| (p.index, p.level, p.free));
        assert_eq!(p, Some((2, 3, false)));
        assert_eq!(
            (s.index_of(c), s.index_of(b), s.index_of(9)),
            (Some(2), Some(1), None)
        );
        assert_eq!(s.len(), 2);
    }
}
