import { describe, expect, it } from 'vitest';
import { parseDraft, sameTexts } from '../../web/src/ui/playgroundDraft';

describe('playground draft (kept for the tab across a reload)', () => {
  const good = { hash: '#/playground?from=defaults', start: 'file:pk-random.json', texts: { A: '{"seed": 1}', B: null }, editing: 'A' };
  it('reads back what was stored, field by field', () => {
    expect(parseDraft(JSON.stringify(good))).toEqual(good);
    // B being edited without a B is read as A being edited.
    expect(parseDraft(JSON.stringify({ ...good, editing: 'B' }))?.editing).toBe('A');
    expect(parseDraft(JSON.stringify({ ...good, texts: { A: '{}', B: '{"seed": 2}' }, editing: 'B' }))?.editing).toBe('B');
  });
  it('ignores anything else stored under its key', () => {
    for (const raw of [null, '', 'not json', '[]', '7', JSON.stringify({ ...good, hash: 3 }), JSON.stringify({ ...good, editing: 'C' }), JSON.stringify({ ...good, texts: { A: 1, B: null } }), JSON.stringify({ ...good, texts: { A: '{}' } }), JSON.stringify({ ...good, texts: null })]) {
      expect(parseDraft(raw), String(raw)).toBeNull();
    }
  });
  it('counts a re-indented scenario as the same, a changed value or a B as different', () => {
    expect(sameTexts({ A: '{"a": 1,\n "b": [1, 2]}', B: null }, { A: '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}', B: null })).toBe(true);
    expect(sameTexts({ A: '{"a": 1}', B: null }, { A: '{"a": 2}', B: null })).toBe(false);
    expect(sameTexts({ A: '{"a": 1}', B: '{"a": 1}' }, { A: '{"a": 1}', B: null })).toBe(false);
    expect(sameTexts({ A: '{"a": 1', B: null }, { A: '{"a": 1', B: null })).toBe(true);
    expect(sameTexts({ A: '{"a": 1', B: null }, { A: '{"a":1', B: null })).toBe(false);
  });
});
