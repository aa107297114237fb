import { describe, expect, it } from 'vitest';
import { abLabels, sideLabel } from '../../web/src/ui/abLabels';

const base = { seed: 42, workload: { threads: 16, query: 'insert' }, server: { cores: 8 } };
const j = (v: unknown) => JSON.stringify(v);

describe('abLabels', () => {
  it('keeps different names as they are', () => {
    expect(abLabels(['Sequential', 'Random'], j(base), j(base))).toEqual(['Sequential', 'Random']);
  });
  it('keeps one name twice when the scenarios are the same', () => {
    expect(abLabels(['engine defaults', 'engine defaults'], j(base), j(base))).toEqual(['engine defaults', 'engine defaults']);
  });
  it('tells one name apart by the settings that differ, each side with its value', () => {
    const b = { ...base, workload: { ...base.workload, threads: 64 } };
    expect(abLabels(['engine defaults', 'engine defaults'], j(base), j(b))).toEqual([
      'engine defaults · workload.threads 16',
      'engine defaults · workload.threads 64',
    ]);
  });
  it('names a setting only one side gives as (default) on the other, and counts past two', () => {
    const b = { ...base, seed: 7, server: { cores: 2, innodb_adaptive_hash_index: false }, workload: { threads: 1, query: 'point_select' } };
    expect(abLabels(['x', 'x'], j(base), j(b))).toEqual(['x · seed 42, workload.threads 16, +3 more', 'x · seed 7, workload.threads 1, +3 more']);
    const c = { ...base, server: { cores: 8, innodb_adaptive_hash_index: false } };
    expect(abLabels(['x', 'x'], j(base), j(c))).toEqual(['x · server.innodb_adaptive_hash_index (default)', 'x · server.innodb_adaptive_hash_index false']);
  });
  it('follows different names (a lesson pair) with what each side changed from its own start', () => {
    const reader = { ...base, server: { cores: 8, innodb_adaptive_hash_index: false } };
    const b = { ...reader, workload: { ...base.workload, rand_type: 'gaussian' } };
    const a = { ...base, workload: { ...base.workload, threads: 8 } };
    expect(abLabels(['Writer', 'Reader'], j(a), j(b), [j(base), j(reader)])).toEqual(['Writer · workload.threads 8', 'Reader · workload.rand_type gaussian']);
    expect(abLabels(['Writer', 'Reader'], j(base), j(reader), [j(base), j(reader)])).toEqual(['Writer', 'Reader']);
  });
  it('falls back to the names when a text is not JSON', () => {
    expect(abLabels(['x', 'x'], '{', j(base))).toEqual(['x', 'x']);
  });
});

describe('sideLabel (a single run in the playground)', () => {
  const base = '{"server":{"innodb_buffer_pool_pages":1024},"workload":{"threads":15,"query":"point_select"}}';
  it('is the preset name while nothing changed, and names what changed once something has', () => {
    expect(sideLabel('engine defaults', base, JSON.stringify(JSON.parse(base)))).toBe('engine defaults');
    const mine = '{"server":{"innodb_buffer_pool_pages":128},"workload":{"threads":4,"query":"insert"},"run":{"duration_s":4}}';
    expect(sideLabel('engine defaults', base, mine)).toBe('engine defaults · server.innodb_buffer_pool_pages 128, workload.threads 4, +2 more');
  });
  it('is the name alone without a base or with unreadable JSON', () => {
    expect(sideLabel('x', undefined, '{}')).toBe('x');
    expect(sideLabel('x', base, '{')).toBe('x');
  });
});
