import { describe, expect, it } from 'vitest';
import { knobTextProblem } from '../../web/src/ui/knobText';
import { foldedSummary } from '../../web/src/ui/Knobs';

const knob = { label: 'Rows to insert', min: 500, max: 20000 };

describe('knobTextProblem', () => {
  it('accepts a number in range', () => {
    expect(knobTextProblem(knob, '5000', 3000)).toBeNull();
    expect(knobTextProblem(knob, ' 500 ', 3000)).toBeNull();
    expect(knobTextProblem(knob, '2e4', 3000)).toBeNull();
  });
  it('names the knob, the range and the value kept', () => {
    expect(knobTextProblem(knob, '99', 3000)).toBe('Rows to insert must be from 500 to 20000, got 99; it stays at 3000.');
    expect(knobTextProblem(knob, '', 3000)).toBe('Rows to insert: enter a number from 500 to 20000, got an empty field; it stays at 3000.');
    // A number field's value is empty for text that is not a number too; its validity tells them apart.
    expect(knobTextProblem(knob, '', 3000, true)).toBe('Rows to insert: enter a number from 500 to 20000, got text that is not a number; it stays at 3000.');
    expect(knobTextProblem(knob, 'abc', 3000)).toBe('Rows to insert: enter a number from 500 to 20000, got “abc”; it stays at 3000.');
    expect(knobTextProblem({ ...knob, unit: 'rows' }, '-1', 3000)).toBe('Rows to insert must be from 500 to 20000 rows, got -1; it stays at 3000 rows.');
  });
  it('describes long input instead of echoing it', () => {
    expect(knobTextProblem(knob, '9'.repeat(10_000), 3000)).toBe('Rows to insert: enter a number from 500 to 20000, got a 10000-character value; it stays at 3000.');
    expect(knobTextProblem(knob, '9'.repeat(300), 3000)).toBe('Rows to insert must be from 500 to 20000, got a 300-digit number; it stays at 3000.');
    expect(knobTextProblem(knob, `<img src=x onerror=alert(1)>${'x'.repeat(30)}`, 3000)).not.toMatch(/</);
  });
});

describe('foldedSummary (an embed’s folded knobs)', () => {
  const base = { min: 0, max: 1, step: 1, scale: 'linear' as const };
  const knobs = [
    { ...base, path: 'workload.max_rows', label: 'Rows to insert', max: 1e6, default: 200000 },
    { ...base, path: 'storage.read_latency_us', label: 'Read latency', max: 1e4, default: 200, unit: 'µs' },
    { ...base, path: 'server.innodb_adaptive_hash_index', label: 'AHI', default: 1, toggle: true },
  ];
  it('lists each knob’s current value (or its default), then the seed', () => {
    expect(foldedSummary(knobs, { 'workload.max_rows': 50000, 'server.innodb_adaptive_hash_index': 0 }, 7)).toBe(
      'Rows to insert 50000 · Read latency 200 µs · AHI OFF · Random seed 7',
    );
  });
  it('leaves the seed out when the panel has no seed field', () => {
    expect(foldedSummary(knobs.slice(2), {}, undefined)).toBe('AHI ON');
  });
});

describe('roundedNote (a typed value between two steps)', () => {
  it('names the knob, the steps and the value the run uses', async () => {
    const { roundedNote } = await import('../../web/src/ui/Knobs');
    expect(roundedNote({ label: 'innodb_io_capacity', min: 200, step: 100, unit: 'pages/s' }, 150, 200)).toBe('innodb_io_capacity moves in steps of 100, so 150 runs as 200 pages/s.');
    // "(64 pages of 16 KiB apart from 64)" read as garbled
    expect(roundedNote({ label: 'Buffer pool size', min: 64, step: 64, unit: 'pages of 16 KiB' }, 1000, 1024)).toBe('Buffer pool size moves in steps of 64, so 1000 runs as 1024 pages of 16 KiB.');
    expect(roundedNote({ label: 'Rows', min: 500, step: 1000 }, 1200, 1500)).toBe('Rows moves in steps of 1000 from 500, so 1200 runs as 1500.');
  });
});
