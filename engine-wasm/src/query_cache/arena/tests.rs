//! Bins and block splitting and merging.

use super::*;

#[test]
fn bins_descend_and_find_bin_is_consistent() {
    let a = Arena::new(64 << 20).expect("arena");
    for w in a.bins.windows(2) {
        assert!(w[0].size > w[1].size, "{} !> {}", w[0].size, w[1].size);
    }
    assert_eq!(a.find_bin(64 << 20), 0);
    assert_eq!(a.find_bin(4 << 20), 0);
    // a length falls in the bin whose size is the largest ≤ it
    for len in [512u64, 600, 1024, 4096, 5000, 70_000, 1 << 20, 3 << 20] {
        let i = a.find_bin(len);
        assert!(
            a.bins[i].size <= len || i == a.bins.len() - 1,
            "len {len} bin {i} size {}",
            a.bins[i].size
        );
        if i > 0 {
            assert!(a.bins[i - 1].size > len, "len {len} bin {i}");
        }
    }
    assert!(
        Arena::new(32 << 10).is_none(),
        "32 KiB is too small, as in 5.7"
    );
    a.check_invariants().expect("fresh arena");
}

#[test]
fn split_and_merge_keep_the_arena_tiled() {
    let mut a = Arena::new(1 << 20).expect("arena");
    let total = a.free_memory();
    let x = a.get_free_block(4096, true, 0).expect("block");
    a.take(x, 4096);
    a.set(x, BlockType::Query, 1, 300);
    let y = a.get_free_block(1000, true, 0).expect("block");
    a.take(y, 1000);
    a.set(y, BlockType::Result, 1, 900);
    a.check_invariants().expect("after two allocations");
    assert_eq!(a.block(y).len, 1000);
    assert_eq!(a.free_memory(), total - 4096 - 1000);
    // trimming a used block frees its tail
    a.split_block(x, 512);
    a.check_invariants().expect("after trim");
    assert_eq!(a.free_blocks(), 2);
    a.free_memory_block(y);
    a.check_invariants().expect("after free");
    assert_eq!(
        a.free_blocks(),
        1,
        "the freed block merged with both neighbours"
    );
    a.free_memory_block(x);
    a.check_invariants().expect("after free");
    assert_eq!(a.total_blocks(), 1);
    assert_eq!(a.free_memory(), total);
}
