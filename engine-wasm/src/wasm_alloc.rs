//! The WebAssembly heap: `dlmalloc` (the allocator std uses on wasm32) over a system
//! layer that grows linear memory geometrically, by at least 1/8 of its current size.
//!
//! std's layer grows memory by exactly the pages each request needs, so a table that
//! fills hundreds of MiB makes thousands of small `memory.grow` calls, and V8 (Node,
//! Chromium) runs a full garbage collection on each. Growing by 12.5% at a time needs
//! a few dozen, at the cost of at most 1/8 of the memory lying unused at the top.
//! Allocation order and addresses do not affect the simulation: this changes time only.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

/// A WebAssembly memory page (64 KiB).
const PAGE: usize = 64 * 1024;

/// Smallest growth step: 1 MiB.
const MIN_GROW_PAGES: usize = 16;

/// The system layer: hands dlmalloc fresh pages from `memory.grow`.
struct GrowingMemory;

// SAFETY: the regions returned are fresh, zeroed linear memory owned by nobody else;
// nothing is ever released (wasm memory cannot shrink).
unsafe impl dlmalloc::Allocator for GrowingMemory {
    fn alloc(&self, size: usize) -> (*mut u8, usize, u32) {
        let need = size.div_ceil(PAGE);
        let step = (wasm32::memory_size(0) / 8).max(MIN_GROW_PAGES);
        for pages in [need.max(step), need] {
            let prev = wasm32::memory_grow(0, pages);
            if prev != usize::MAX {
                let base = prev * PAGE;
                let mut len = pages * PAGE;
                // Never hand out the very last bytes of the 4 GiB space (a pointer
                // one past the end would wrap to 0), as dlmalloc's own layer does.
                if base.wrapping_add(len) == 0 {
                    len -= 16;
                }
                return (base as *mut u8, len, 0);
            }
        }
        (ptr::null_mut(), 0, 0)
    }

    fn remap(&self, _ptr: *mut u8, _old: usize, _new: usize, _can_move: bool) -> *mut u8 {
        ptr::null_mut()
    }

    fn free_part(&self, _ptr: *mut u8, _old: usize, _new: usize) -> bool {
        false
    }

    fn free(&self, _ptr: *mut u8, _size: usize) -> bool {
        false
    }

    fn can_release_part(&self, _flags: u32) -> bool {
        false
    }

    fn allocates_zeros(&self) -> bool {
        true
    }

    fn page_size(&self) -> usize {
        PAGE
    }
}

/// The global allocator of the wasm build.
pub struct Heap(UnsafeCell<dlmalloc::Dlmalloc<GrowingMemory>>);

// SAFETY: wasm32-unknown-unknown without the atomics feature is single-threaded.
unsafe impl Sync for Heap {}

#[global_allocator]
static HEAP: Heap = Heap(UnsafeCell::new(dlmalloc::Dlmalloc::new_with_allocator(
    GrowingMemory,
)));

// SAFETY: every call goes straight to dlmalloc, which upholds the GlobalAlloc contract;
// there is one thread, so no two calls overlap.
unsafe impl GlobalAlloc for Heap {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).malloc(layout.size(), layout.align())
    }

    // Out of line (issue #2): dlmalloc's `free` and `realloc` first check the
    // chunk's size against the layout (`validate_size`, two asserts with their panic
    // paths); inlined, that check was copied into every drop of a Vec or String
    // (about 3 KB gzip of the module). One call more per free; same instruction
    // count in the 250k-insert run.
    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        (*self.0.get()).free(ptr, layout.size(), layout.align())
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).calloc(layout.size(), layout.align())
    }

    // Out of line: see `dealloc`.
    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        (*self.0.get()).realloc(ptr, layout.size(), layout.align(), new_size)
    }
}
