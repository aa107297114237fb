// The panel's latest status text per simulation: kept across frames without one,
// replaced by a newer one, dropped after a step back, and when a refresh is worth asking.
import { describe, expect, it } from 'vitest';
import { mergeStatus, statusStale } from '../../web/src/ui/statusData';

describe('mergeStatus', () => {
  it('takes a frame\'s text and keeps it (same array) while frames carry none', () => {
    const a = mergeStatus([], [{ timeNs: 1e9, statusText: 'one' }]);
    expect(a).toEqual([{ text: 'one', timeNs: 1e9 }]);
    expect(mergeStatus(a, [{ timeNs: 1.5e9 }])).toBe(a);
    expect(mergeStatus(a, [{ timeNs: 2e9, statusText: 'two' }])).toEqual([{ text: 'two', timeNs: 2e9 }]);
  });
  it('per simulation (A, B); a text from after the frame shown is dropped (step back)', () => {
    const ab = mergeStatus([], [
      { timeNs: 2e9, statusText: 'A' },
      { timeNs: 2e9, statusText: 'B' },
    ]);
    expect(mergeStatus(ab, [{ timeNs: 1e9 }, { timeNs: 1e9 }])).toEqual([null, null]);
    expect(mergeStatus([null], [{ timeNs: 0 }])).toEqual([null]);
  });
});

describe('statusStale', () => {
  it('missing or older than the frame, past t = 0', () => {
    expect(statusStale([], [{ timeNs: 0 }])).toBe(false);
    expect(statusStale([], [{ timeNs: 1 }])).toBe(true);
    expect(statusStale([{ text: 'x', timeNs: 5 }], [{ timeNs: 5 }])).toBe(false);
    expect(statusStale([{ text: 'x', timeNs: 5 }, null], [{ timeNs: 5 }, { timeNs: 5 }])).toBe(true);
  });
});
