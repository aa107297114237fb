// The playground's settings table (web/src/ui/scenarioFields.ts) against the engine:
// every numeric field's min and max are accepted and one step outside is refused with a
// message naming the field; every choice is accepted; every path exists in the engine's
// default scenario; and settings the table does not name still reach the form.
import { describe, expect, it } from 'vitest';
import { applyOverrides, getPath, type JsonObject } from '../../web/src/engine/scenario';
import { default_scenario_json, validate_scenario } from '../../web/src/engine/pkg/innodb_lab.js';
import { otherFields, SCENARIO_FIELDS } from '../../web/src/ui/scenarioFields';
import { loadEngine } from './loadEngine';

describe('playground settings table', () => {
  loadEngine();
  const defaults = JSON.parse(default_scenario_json()) as JsonObject;
  // Cross-field rules: prepare_rows = 0 is only allowed when nothing reads (test it under
  // inserts); innodb_io_capacity ≤ innodb_io_capacity_max (test each with the other out of the
  // way); a run takes at most 100,000 samples (a day's run_s sampled every second).
  const baseFor = (path: string) =>
    path === 'run.duration_s'
      ? applyOverrides(defaults, { 'run.sample_ms': 1000 })
      : path === 'table.prepare_rows'
      ? applyOverrides(defaults, { 'workload.query': 'insert' })
      : path === 'server.innodb_io_capacity'
        ? applyOverrides(defaults, { 'server.innodb_io_capacity_max': 2000000 })
        : path === 'server.innodb_io_capacity_max'
          ? applyOverrides(defaults, { 'server.innodb_io_capacity': 100 })
          : defaults;
  const errorsFor = (path: string, value: unknown) => JSON.parse(validate_scenario(JSON.stringify(applyOverrides(baseFor(path), { [path]: value as number })))) as { path: string; message: string }[];

  it.each(SCENARIO_FIELDS.map((f) => [f.path, f] as const))('%s', (_p, f) => {
    expect(getPath(defaults, f.path), 'present in default_scenario_json()').not.toBeUndefined();
    if (f.kind === 'int' || f.kind === 'float') {
      expect(errorsFor(f.path, f.min)).toEqual([]);
      expect(errorsFor(f.path, f.max)).toEqual([]);
      const step = f.kind === 'int' ? 1 : f.min! > 0 ? f.min! / 2 : 1;
      expect(errorsFor(f.path, f.min! - step).map((e) => e.path)).toContain(f.path);
      expect(errorsFor(f.path, f.max! + (f.kind === 'int' ? 1 : 1)).map((e) => e.path)).toContain(f.path);
    } else if (f.kind === 'choice') {
      for (const c of f.choices!) expect(errorsFor(f.path, c)).toEqual([]);
      expect(errorsFor(f.path, 'nonsense').map((e) => e.path)).toContain(f.path);
    } else {
      expect(errorsFor(f.path, true)).toEqual([]);
      expect(errorsFor(f.path, false)).toEqual([]);
    }
  });

  it('shows settings the table does not name under "Other settings"', () => {
    const extra = otherFields({ ...defaults, redo: { innodb_log_file_size_mb: 48, innodb_adaptive_flushing: true }, table: { ...(defaults.table as object), columns: [{ x: 1 }] } });
    expect(extra.map((f) => [f.path, f.kind, f.group])).toEqual([
      ['redo.innodb_log_file_size_mb', 'int', 'Other settings'],
      ['redo.innodb_adaptive_flushing', 'bool', 'Other settings'],
    ]);
    expect(otherFields(defaults)).toEqual([]);
  });
});
