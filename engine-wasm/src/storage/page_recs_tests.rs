//! Tests of `PageRecs`: key order, the directory kept in step with the records, and a
//! model check against a sorted vector.

use super::*;

fn rec(k: &[u8]) -> Rec {
    Rec {
        key: Key::from_bytes(k).unwrap_or(Key::EMPTY),
        size: k.len() as u16,
        child: FIL_NULL,
    }
}

fn keys(r: &PageRecs) -> Vec<Vec<u8>> {
    r.iter().map(|r| r.key.as_bytes().to_vec()).collect()
}

#[test]
fn keeps_key_order_with_shared_prefixes() {
    let mut r = PageRecs::default();
    for k in [&b"abcdefZ"[..], b"abcdefA", b"ab", b"ab\0", b"abcdef", b"b"] {
        let pos = r.search(&rec(k).key).unwrap_err();
        r.insert(pos, rec(k));
    }
    let want: Vec<Vec<u8>> = [&b"ab"[..], b"ab\0", b"abcdef", b"abcdefA", b"abcdefZ", b"b"]
        .iter()
        .map(|k| k.to_vec())
        .collect();
    assert_eq!(keys(&r), want);
    assert_eq!(r.search(&rec(b"abcdefA").key), Ok(3));
    assert_eq!(r.count_le(&rec(b"abcdefB").key), 4);
    assert_eq!(r.count_le(&rec(b"a").key), 0);
    assert_eq!(r.check(), Ok(()));
}

#[test]
fn remove_replace_and_drain_keep_heap_and_directory_in_step() {
    let mut r: PageRecs = (0u8..10).map(|i| rec(&[b'a' + i])).collect();
    assert_eq!(r.remove(0).key.as_bytes(), b"a");
    assert_eq!(r.remove(3).key.as_bytes(), b"e");
    assert_eq!(r.check(), Ok(()));
    r.replace(0, rec(b"bb"));
    r.set_child(1, 7);
    assert_eq!(
        (r.at(0).size, r.at(1).child, r.at(0).child),
        (2, 7, FIL_NULL)
    );
    let mut out = Vec::new();
    r.drain_into(4..r.len(), &mut out);
    assert_eq!(out.len(), 4);
    r.prepend_sorted(&[rec(b"0")]);
    assert_eq!(keys(&r)[..2], [b"0".to_vec(), b"bb".to_vec()]);
    assert_eq!(r.check(), Ok(()));
}

/// Records of one size keep no size per record; the first of another size gives
/// every record its own, and each keeps the size it had.
#[test]
fn one_size_until_a_record_of_another_size_arrives() {
    let sized = |k: u8, size: u16| Rec {
        size,
        ..rec(&[b'k', k])
    };
    let mut r: PageRecs = (0u8..6).map(|i| sized(i * 2, 40)).collect();
    assert!(r.sizes.is_empty());
    assert_eq!(r.iter().map(|x| x.size).sum::<u16>(), 240);
    r.replace(2, sized(4, 40));
    r.remove(0);
    assert!(r.sizes.is_empty());
    r.insert(1, sized(3, 55));
    assert_eq!(r.sizes.len(), r.len());
    let got: Vec<(u8, u16)> = r.iter().map(|x| (x.key.as_bytes()[1], x.size)).collect();
    assert_eq!(got, [(2, 40), (3, 55), (4, 40), (6, 40), (8, 40), (10, 40)]);
    r.replace(0, sized(2, 70));
    assert_eq!((r.at(0).size, r.at(1).size, r.at(2).size), (70, 55, 40));
    assert_eq!(r.check(), Ok(()));
    // A single record may change size without giving up the one size.
    let mut one: PageRecs = [sized(1, 30)].into_iter().collect();
    one.replace(0, sized(1, 31));
    assert!(one.sizes.is_empty());
    assert_eq!(one.at(0).size, 31);
    one.clear();
    one.insert(0, sized(9, 12));
    assert_eq!((one.at(0).size, one.sizes.len()), (12, 0));
}

/// Random inserts, removes and replaces against a sorted vector: order, search
/// and count_le agree, and the directory stays consistent.
#[test]
fn segmented_directory_matches_a_sorted_vector() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    for round in 0..4 {
        let mut r = PageRecs::default();
        let mut model: Vec<Rec> = Vec::new();
        for step in 0..3000 {
            let op = next() % 10;
            // Few distinct leading bytes: many keys share the 14-byte prefix.
            let mut k = [b'a'; 18];
            k[3] = b'a' + (next() % 3) as u8;
            k[15] = b'a' + (next() % 26) as u8;
            k[16] = b'a' + (next() % 26) as u8;
            k[17] = b'a' + (next() % 26) as u8;
            let len = if round % 2 == 0 {
                18
            } else {
                4 + (next() % 15) as usize
            };
            let mut x = rec(&k[..len]);
            if round >= 2 {
                x.child = (next() % 1000) as PageNo;
            }
            if op < 7 || model.is_empty() {
                // Ascending runs exercise appends at the end of full segments.
                let pos = match r.search(&x.key) {
                    Ok(_) => continue,
                    Err(p) => p,
                };
                assert_eq!(pos, model.partition_point(|m| m.key < x.key));
                r.insert(pos, x);
                model.insert(pos, x);
            } else if op < 9 {
                let pos = (next() as usize) % model.len();
                assert_eq!(r.remove(pos), model.remove(pos));
            } else {
                let pos = (next() as usize) % model.len();
                let y = Rec {
                    size: 99,
                    child: 7,
                    ..model[pos]
                };
                r.replace(pos, y);
                model[pos] = y;
            }
            if step % 97 == 0 {
                assert_eq!(r.check(), Ok(()), "round {round} step {step}");
                assert!(r.iter().eq(model.iter().copied()));
                assert!(r.iter().rev().eq(model.iter().rev().copied()));
                assert_eq!(r.iter().nth(5), model.get(5).copied());
                for m in model.iter().step_by(7) {
                    let le = model.partition_point(|n| n.key <= m.key);
                    assert_eq!(r.count_le(&m.key), le);
                    assert_eq!(r.search(&m.key), Ok(le - 1));
                }
                for (i, m) in model.iter().enumerate().step_by(5) {
                    assert_eq!(r.at(i), *m);
                    assert_eq!((r.key_at(i), r.child_at(i)), (m.key, m.child));
                }
            }
        }
        let mut out = Vec::new();
        let n = model.len();
        r.drain_into(n / 3..n, &mut out);
        assert_eq!(out, model[n / 3..]);
        r.prepend_sorted(&[rec(b"0")]);
        assert_eq!(r.check(), Ok(()));
        assert_eq!(r.len(), n / 3 + 1);
        let rebuilt: PageRecs = model[..n / 3].iter().copied().collect();
        assert_eq!(rebuilt.check(), Ok(()));
        assert!(rebuilt.iter().eq(model[..n / 3].iter().copied()));
    }
}

/// Keys that agree on a long head until one arrives that leaves it early (first
/// byte, middle, past 16 bytes): the shared head shortens and every search, count
/// and first-key test still agrees with a sorted vector.
#[test]
fn shared_head_shortens_when_a_key_leaves_it() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut r = PageRecs::default();
    let mut model: Vec<Rec> = Vec::new();
    let mut head = *b"0123456789abcdefghijkl";
    for step in 0..2000 {
        if step % 300 == 299 {
            // A new key leaves the head at a random byte from now on.
            let at = (next() % 20) as usize;
            head[at] = b'0' + (next() % 75) as u8;
        }
        let mut k = head;
        let tail = 17 + (next() % 5) as usize;
        k[tail] = b'0' + (next() % 75) as u8;
        let x = rec(&k[..tail + 1 - (next() % 2) as usize]);
        let pos = match r.search(&x.key) {
            Ok(_) => continue,
            Err(p) => p,
        };
        assert_eq!(pos, model.partition_point(|m| m.key < x.key), "step {step}");
        r.insert(pos, x);
        model.insert(pos, x);
        if step % 37 == 0 {
            assert_eq!(r.check(), Ok(()), "step {step}");
            for probe in [&b"/"[..], b"0", b"01234567", b"0123456789abcdefz", b"~"] {
                let key = rec(probe).key;
                let le = model.partition_point(|n| n.key <= key);
                assert_eq!(r.count_le(&key), le, "{probe:?}");
                assert_eq!(r.first_key_le(&key), model[0].key <= key, "{probe:?}");
            }
            for m in model.iter().step_by(11) {
                let le = model.partition_point(|n| n.key <= m.key);
                assert_eq!(r.search(&m.key), Ok(le - 1));
                assert!(r.first_key_le(&m.key));
            }
        }
    }
    let mut out = Vec::new();
    let n = model.len();
    r.drain_into(n / 2..n, &mut out);
    assert_eq!(out, model[n / 2..]);
    assert_eq!(r.check(), Ok(()));
    r.extend_sorted(&out);
    assert_eq!(r.check(), Ok(()));
    assert!(r.iter().eq(model.iter().copied()));
}

/// `keys_from(start)` yields the keys of `iter().skip(start)`, from either end, and
/// nothing past the last record.
#[test]
fn keys_from_a_position_match_the_records_after_it() {
    let r: PageRecs = (0u8..40).map(|i| rec(&[b'a', i])).collect();
    for start in [0, 1, 17, 39, 40, 41, 1000] {
        let want: Vec<Key> = r.iter().skip(start).map(|x| x.key).collect();
        assert_eq!(r.keys_from(start).copied().collect::<Vec<_>>(), want);
        assert_eq!(r.keys_from(start).len(), want.len());
        let back: Vec<Key> = r.keys_from(start).rev().copied().collect();
        assert!(back.iter().eq(want.iter().rev()));
    }
}
