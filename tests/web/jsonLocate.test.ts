import { describe, expect, it } from 'vitest';
import { duplicateKey, jsonErrorOffset, lineColumn } from '../../web/src/ui/jsonLocate';
import { depthProblem, jsonProblem, leftOut, MAX_JSON_DEPTH } from '../../web/src/ui/scenarioText';

describe('jsonErrorOffset', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const t of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}} ', '0', '"s"', '[[[]]]']) {
      expect(() => JSON.parse(t)).not.toThrow();
      expect(jsonErrorOffset(t), t).toBe(-1);
    }
  });
  it('points at the first bad character', () => {
    const cases: [string, number][] = [
      ['{"a": }', 6],
      ['{"a": 1,}', 8],
      ['{"a" 1}', 5],
      ["{'a': 1}", 1],
      ['[1 2]', 3],
      ['{"a": tru}', 6],
      ['{"a": 01}', 7],
      ['{"a": "x\ty"}', 8],
      ['{"a": "\\q"}', 7],
      ['{} x', 3],
      ['-', 0],
      ['', 0],
      ['{"a": [1, 2', 11],
    ];
    for (const [t, at] of cases) {
      expect(() => JSON.parse(t), t).toThrow();
      expect(jsonErrorOffset(t), t).toBe(at);
    }
  });
  it('survives deep nesting', () => {
    expect(jsonErrorOffset('['.repeat(100_000))).toBeGreaterThan(0);
  });
  it('gives 1-based line and column', () => {
    expect(lineColumn('{\n  "a": \n}', 10)).toEqual({ line: 3, column: 1 });
  });
});

describe('duplicateKey', () => {
  it('finds the first key an object gives twice, with its path and the offset of the second', () => {
    const t = '{"workload": {"threads": 4, "query": "insert", "threads": 16}}';
    expect(duplicateKey(t)).toEqual({ path: 'workload.threads', key: 'threads', at: t.lastIndexOf('"threads"') });
    expect(duplicateKey('{"a": 1, "a": 2, "b": 1, "b": 2}')?.path).toBe('a');
    // Inside arrays, with escapes decoded (both spell the key "é").
    expect(duplicateKey('{"t": {"columns": [{"name": "id"}, {"n\u00e9": 1, "né": 2}]}}')).toMatchObject({ path: 't.columns[1].né', key: 'né' });
  });
  it('lets one key in different objects, and invalid JSON, pass', () => {
    expect(duplicateKey('{"server": {"cores": 2}, "workload": {"cores": 2}, "x": [{"a": 1}, {"a": 2}]}')).toBeNull();
    expect(duplicateKey('{"a": 1, "a": }')).toBeNull();
    expect(duplicateKey('{}')).toBeNull();
  });
});

describe('jsonProblem (playground)', () => {
  it('a text nested too deeply is named with where it goes too deep (20,000 levels said "Maximum call stack size exceeded")', () => {
    const deep = `{"version":1,"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(jsonProblem(deep)).toBe('The scenario is nested too deeply at line 1, column 49: at most 32 levels of objects and arrays.');
    // brackets inside strings do not count; 32 levels are allowed, 33 are not
    expect(depthProblem(`{"d":"${'['.repeat(100)}\\"[","run":{}}`)).toBeNull();
    const levels = (n: number) => `${'{"a":'.repeat(n - 1)}{}${'}'.repeat(n - 1)}`;
    expect(depthProblem(levels(MAX_JSON_DEPTH))).toBeNull();
    expect(depthProblem(levels(MAX_JSON_DEPTH + 1))).toMatch(/^The scenario is nested too deeply at line 1, column 161:/);
  });
  it('names a key given twice, where the second one is (JSON.parse kept the last without a word)', () => {
    expect(jsonProblem('{\n  "seed": 1,\n  "workload": { "threads": 4,\n    "threads": 16 }\n}')).toBe(
      'workload.threads: given twice (again at line 4, column 5); only the last value would count. Keep one of them.',
    );
  });
  it('refuses a number too large to read and an explicit null, naming the field (both ran with the default, silently)', () => {
    expect(jsonProblem('{"workload": {"threads": 1e400}}')).toBe('workload.threads: the number is too large to be read (infinite); give a finite number.');
    expect(jsonProblem('{"server": {"innodb_buffer_pool_pages": -1e400}}')).toBe('server.innodb_buffer_pool_pages: the number is too large to be read (−infinite); give a finite number.');
    expect(jsonProblem('{"seed": null}')).toBe("seed: null is not a value here; give one, or leave the field out to take the engine's default.");
    expect(jsonProblem('{"server": null}')).toMatch(/^server: null is not a value here/);
    expect(jsonProblem('{"table": {"columns": [{"name": "id"}, null]}}')).toMatch(/^table\.columns\[1\]: null/);
    expect(jsonProblem('{"workload": {"threads": 16, "rate_tps": 1.5e3}}')).toBeNull();
  });
  it('names the line and column of a syntax error', () => {
    expect(jsonProblem('{\n  "seed": 1,\n  "workload": \n}')).toMatch(/^Invalid JSON at line 4, column 1: /);
    expect(jsonProblem('{\n  "seed": 1,')).toBe('Invalid JSON at line 2, column 13: the text ends too early');
  });
  it('wants an object and a sane size', () => {
    expect(jsonProblem('[]')).toBe('The scenario must be a JSON object ({ … }).');
    expect(jsonProblem(`{"a": "${'x'.repeat(100_000)}"}`)).toMatch(/^The scenario is too long \(100009 characters; at most 100000\)\.$/);
    expect(jsonProblem('{"seed": 1}')).toBeNull();
  });
});

describe('leftOut (playground)', () => {
  it('says when an engine message names a field the scenario does not write', () => {
    expect(leftOut('{}', 'table.prepare_rows')).toBe(true);
    expect(leftOut('{"table": {"name": "t"}}', 'table.prepare_rows')).toBe(true);
    expect(leftOut('{"table": {"prepare_rows": 0}}', 'table.prepare_rows')).toBe(false);
    expect(leftOut('{"table": {"prepare_rows": 0}}', 'A: table.prepare_rows')).toBe(false);
    expect(leftOut('{"workload": {}}', 'B: workload.threads')).toBe(true);
    expect(leftOut('{}', '')).toBe(false);
    expect(leftOut('{"table": {"columns": []}}', 'table.columns[0].name')).toBe(false);
    expect(leftOut('not json', 'table.name')).toBe(false);
  });
});
