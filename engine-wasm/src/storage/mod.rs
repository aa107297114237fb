//! Storage layer: record sizes, pages, the B+tree and the buffer pool.

pub mod btree;
pub mod buffer_pool;
pub mod key;
pub mod page;
mod page_dir;
pub mod page_recs;
pub mod page_store;
pub mod record;
pub mod tables;

/// A page number, global across every index of the simulation (one id space keeps
/// the buffer pool's page table a flat vector).
pub type PageNo = u32;

/// "No page" (InnoDB's `FIL_NULL`), used for missing siblings and children.
pub const FIL_NULL: PageNo = u32::MAX;

/// InnoDB's default page size, `UNIV_PAGE_SIZE` (bytes).
pub const UNIV_PAGE_SIZE: u32 = 16384;
