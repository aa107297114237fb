// Leaf strip binning (one column per leaf, or per pixel with mean/max), picking,
// split flash rules, and the records bar of one page.
import { describe, expect, it } from 'vitest';
import { binLeaves, columnAtX, LastSplits, lastSplitKind, leafAtX, leafCounts, recentSplits, showHashedRow, splitKindsLine, splitNews, STRIP_ROWS, stripRows } from '../../web/src/views/btree/strip';
import type { TraceEvent } from '../../web/src/engine/frames';
import { FLASH_MS, flashAlpha, shouldFlash, SLOW_MOTION_MAX_SPLITS } from '../../web/src/views/btree/splitFlash';
import { PAGE_USABLE_BYTES, recordTotals, recordsBar, recordsCaption } from '../../web/src/views/btree/records';

const arr = (a: Float32Array | Uint8Array) => Array.from(a, (v) => Math.round(v * 1000) / 1000);

describe('binLeaves', () => {
  it('gives each leaf its own column when leaves fit', () => {
    // states: resident; resident+dirty; split; nothing
    const c = binLeaves(new Uint8Array([0, 255, 51, 102]), new Uint8Array([1, 3, 4, 0]), { lo: 0, hi: 4 }, 8);
    expect([c.columns, c.colWidth, c.leavesPerColumn]).toEqual([4, 2, 1]);
    expect(arr(c.meanFill)).toEqual([0, 1, 0.2, 0.4]);
    expect(arr(c.resident)).toEqual([1, 1, 0, 0]);
    expect(arr(c.dirty)).toEqual([0, 1, 0, 0]);
    expect(Array.from(c.split)).toEqual([0, 0, 1, 0]);
  });
  it('bins leaves per pixel column with mean and max fill when leaves > pixels', () => {
    const fill = new Uint8Array([0, 255, 51, 51, 51, 255, 255, 0, 0, 255]);
    const state = new Uint8Array([1, 1, 0, 0, 0, 3, 0, 0, 0, 4]);
    const c = binLeaves(fill, state, { lo: 0, hi: 10 }, 4);
    expect([c.columns, c.colWidth, c.leavesPerColumn]).toEqual([4, 1, 2.5]);
    expect(Array.from(c.firstLeaf)).toEqual([0, 2, 5, 7]); // [0,2) [2,5) [5,7) [7,10)
    expect(arr(c.meanFill)).toEqual([0.5, 0.2, 1, 0.333]);
    expect(arr(c.maxFill)).toEqual([1, 0.2, 1, 1]);
    expect(arr(c.resident)).toEqual([1, 0, 0.5, 0]);
    expect(arr(c.dirty)).toEqual([0, 0, 0.5, 0]);
    expect(Array.from(c.split)).toEqual([0, 0, 0, 1]);
  });
  it('bins only the zoomed range', () => {
    const c = binLeaves(new Uint8Array([255, 0, 0, 255]), new Uint8Array(4), { lo: 1, hi: 3 }, 100);
    expect([c.columns, c.colWidth]).toEqual([2, 50]);
    expect(Array.from(c.firstLeaf)).toEqual([1, 2]);
    expect(arr(c.meanFill)).toEqual([0, 0]);
  });
  it('handles 10^4 leaves in 1,000 px', () => {
    const n = 10_000;
    const c = binLeaves(new Uint8Array(n).fill(240), new Uint8Array(n), { lo: 0, hi: n }, 1000);
    expect([c.columns, c.leavesPerColumn]).toEqual([1000, 10]);
    expect(c.meanFill[999]).toBeCloseTo(240 / 255, 5);
  });
});

describe('picking and counts', () => {
  it('maps x to a leaf ordinal and a column, clamped', () => {
    expect(leafAtX(2.5, { lo: 0, hi: 10 }, 4)).toBe(6);
    expect(leafAtX(4, { lo: 0, hi: 10 }, 4)).toBe(9);
    expect(leafAtX(-3, { lo: 100, hi: 200 }, 50)).toBe(100);
    const c = binLeaves(new Uint8Array(4), new Uint8Array(4), { lo: 0, hi: 4 }, 8);
    expect([columnAtX(0, c), columnAtX(5.9, c), columnAtX(99, c)]).toEqual([0, 2, 3]);
  });
  it('counts resident, dirty, hashed and recently split leaves', () => {
    const s = new Uint8Array([1, 3, 7, 0, 4, 9, 8 | 2 | 1]);
    expect(leafCounts(s)).toEqual({ resident: 5, dirty: 3, hashed: 2, split: 2 });
    expect(recentSplits(s)).toEqual([2, 4]);
  });
});

describe('AHI row of the strip', () => {
  it('bins the share of hashed leaves per column', () => {
    // leaves 0-3: hashed+resident, resident, hashed+resident, nothing
    const c = binLeaves(new Uint8Array(4), new Uint8Array([9, 1, 9, 0]), { lo: 0, hi: 4 }, 2);
    expect(arr(c.hashed)).toEqual([0.5, 0.5]);
    expect(arr(binLeaves(new Uint8Array(4), new Uint8Array([9, 1, 9, 0]), { lo: 0, hi: 4 }, 8).hashed)).toEqual([1, 0, 1, 0]);
  });
  it('adds a 4th row only once the AHI has hashed pages, and keeps it', () => {
    expect(stripRows(false)).toBe(STRIP_ROWS);
    expect(STRIP_ROWS.hashed).toBeNull();
    expect(stripRows(true)).toMatchObject({ dirty: { y: 66, h: 7 }, hashed: { y: 75, h: 7 }, height: 82 });
    expect(showHashedRow(0, {})).toBe(false);
    expect(showHashedRow(0, { adaptive_hash_pages_added: 0 })).toBe(false);
    expect(showHashedRow(3, {})).toBe(true);
    expect(showHashedRow(0, { adaptive_hash_pages_added: 12 })).toBe(true); // all dropped again: the row stays
  });
});

describe('split flash', () => {
  it('fades linearly over FLASH_MS', () => {
    expect(flashAlpha(0)).toBe(1);
    expect(flashAlpha(FLASH_MS / 2)).toBeCloseTo(0.5);
    expect(flashAlpha(FLASH_MS + 1)).toBe(0);
  });
  it('flashes only single events in slow motion, never with reduced motion', () => {
    expect(shouldFlash(1, false)).toBe(true);
    expect(shouldFlash(SLOW_MOTION_MAX_SPLITS + 1, false)).toBe(false);
    expect(shouldFlash(1, true)).toBe(false);
    expect(shouldFlash(0, false)).toBe(false);
  });
});

describe('records bar', () => {
  it('marks the 1/16 reserve at 15/16 of the bar', () => {
    const b = recordsBar(15 / 16, 160);
    expect(b).toMatchObject({ usedBytes: 15236, freeBytes: 1016, usedWidth: 150, reserveX: 150 });
    expect(b.label).toBe('14.9 KiB used, 1,016 B free of 15.9 KiB');
    expect(recordsBar(NaN, 100).usedBytes).toBe(0);
    expect(recordsBar(2, 100).freeBytes).toBe(0);
    expect(PAGE_USABLE_BYTES).toBe(16252);
  });
  it('totals the listed records', () => {
    const r = { page: 7, level: 0, fill: 0.5, records: [{ key: '1', size: 26 }, { key: '2', size: 30 }] };
    expect(recordTotals(r)).toEqual({ count: 2, bytes: 56, mean: 28 });
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(recordsCaption(r, 2, 56, fmt)).toBe('2 records (56 bytes)');
    // a page longer than the list: the total, and how many are listed ("200 records listed" under "14.9 KiB used")
    expect(recordsCaption({ ...r, n_recs: 574 }, 200, 5200, fmt)).toBe('574 records, the first 200 listed (5,200 bytes)');
    expect(recordsCaption({ ...r, n_recs: 1, records: [r.records[0]] }, 1, 26, fmt)).toBe('1 record (26 bytes)');
  });
});

describe('split kinds in the tree header', () => {
  it('lists the counts by kind once the index has split', () => {
    expect(splitKindsLine({ toRight: 1234, toLeft: 0, middle: 5 })).toBe('splits since CREATE TABLE: 1,234 to_right · 5 middle · 0 to_left');
    expect(splitKindsLine({ toRight: 0, toLeft: 0, middle: 0 })).toBeNull();
    expect(splitKindsLine(undefined)).toBeNull();
  });
  it("names the frame's last split of this index", () => {
    const split = (index: number, kind: 'to_right' | 'middle' | 'to_left'): TraceEvent => ({ t: 1, kind: 'PageSplit', index, page: 3, newPage: 4, level: 0, split: kind });
    const events: TraceEvent[] = [split(0, 'to_right'), split(1, 'to_left'), split(0, 'middle'), { t: 2, kind: 'PageRead', index: 0, page: 9 }];
    expect(lastSplitKind(events, 0)).toBe('middle');
    expect(lastSplitKind(events, 1)).toBe('to_left');
    expect(lastSplitKind(events, 2)).toBeNull();
    expect(lastSplitKind([], 0)).toBeNull();
  });
  it('keeps the last kind while the count stays, and finds it again on a step back to a time seen before', () => {
    const l = new LastSplits();
    expect(l.at(0, 0, null)).toBeNull();
    expect(l.at(4, 900, 'to_right')).toBe('to_right'); // a frame with splits
    expect(l.at(4, 1000, null)).toBe('to_right'); // none since: still the last
    expect(l.at(5, 1100, 'middle')).toBe('middle');
    expect(l.at(6, 1200, 'to_left')).toBe('to_left');
    // Step back to 1,144 ns (5 splits then): its frame has no events of its own; it lost "last: …".
    expect(l.at(5, 1144, null)).toBe('middle');
    expect(l.at(4, 950, null)).toBe('to_right');
    // Before any split, and after a reset or a new run (t = 0), none.
    expect(l.at(0, 500, null)).toBeNull();
    expect(l.at(0, 0, null)).toBeNull();
    expect(l.at(5, 1144, null)).toBeNull(); // a new run reaching 5 splits in a frame it skipped: unknown, not the old run's
  });
});

describe('splitNews (the tree header line of leaves marked as split)', () => {
  it('says how long a stretch the marks cover: a step, or a frame of play', () => {
    expect(splitNews(6, 313_300_000, 288_300_000)).toBe(' · 6 leaves changed by a split in the last 25.0 ms');
    expect(splitNews(1, 313_300_000, 312_900_000)).toBe(' · 1 leaf changed by a split in the last 400 µs');
    expect(splitNews(1_200, 5e9, 3e9)).toBe(' · 1,200 leaves changed by a split in the last 2.000 s');
  });
  it('nothing without marks; the old words when the frame does not say where it started', () => {
    expect(splitNews(0, 313_300_000, 288_300_000)).toBe('');
    expect(splitNews(2, 313_300_000, undefined)).toBe(' · 2 leaves changed by a split since the last update');
    expect(splitNews(2, 313_300_000, 313_300_000)).toBe(' · 2 leaves changed by a split since the last update');
  });
});
