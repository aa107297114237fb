import { describe, expect, it } from 'vitest';
import { occurrenceKeys, sharedHeights } from '../../web/src/ui/alignAcross';

describe('sharedHeights (A/B blocks line up)', () => {
  it('gives each key the tallest height among the columns that have it', () => {
    const h = sharedHeights([
      [
        ['caption', 40],
        ['upper', 24],
      ],
      [
        ['caption', 20.2],
        ['upper', 48.5],
      ],
    ]);
    expect([...h]).toEqual([
      ['caption', 40],
      ['upper', 49],
    ]);
  });

  it('leaves a block found in one column alone', () => {
    const h = sharedHeights([[['caption', 18], ['lock', 60]], [['caption', 36]]]);
    expect(h.get('caption')).toBe(36);
    expect(h.has('lock')).toBe(false);
  });

  it('counts a key twice in one column as one column', () => {
    const h = sharedHeights([[['row', 10], ['row', 30]], [['other', 5]]]);
    expect(h.size).toBe(0);
  });

  it('an empty block (a tree with no upper levels) takes the other side’s height', () => {
    const h = sharedHeights([[['upper', 0]], [['upper', 52]]]);
    expect(h.get('upper')).toBe(52);
  });

  it('tells repeated keys apart by occurrence, so the nth block pairs with the nth', () => {
    expect(occurrenceKeys(['caption', 'upper', 'caption', 'upper', 'stats'])).toEqual(['caption#0', 'upper#0', 'caption#1', 'upper#1', 'stats#0']);
  });
});
