import { describe, expect, it } from 'vitest';
import { applyOverrides, getPath, scenarioEndNs } from '../../web/src/engine/scenario';
import { buildSims, changedKnobs, knobMove, knobMoveNote, knobNotesFor, knobText, knobValuesFor, resetSummary } from '../../web/src/lessons/scenarios';
import { otherRunsAfter } from '../../web/src/lessons/progress';
import { otherRunNote } from '../../web/src/lessons/QuizBlock';
import type { ExperimentSpec } from '../../web/src/lessons/types';
import { sliderToValue, snap, stepKnob, valueToSlider } from '../../web/src/ui/knobScale';
import { contrastRatio, fillColor, frameColor, paletteCss, PALETTES } from '../../web/src/ui/palette';
import { mergeSeries } from '../../web/src/ui/seriesData';
import { startingText } from '../../web/src/ui/startingText';

describe('scenario overrides', () => {
  const base = { seed: 1, workload: { max_rows: 10, threads: 4 }, table: { columns: [{ length: 26 }] } };
  it('sets paths without touching the source', () => {
    const out = applyOverrides(base, { 'workload.max_rows': 50, 'run.duration_s': 3, 'table.columns.0.length': 36 });
    expect(out).toEqual({ seed: 1, workload: { max_rows: 50, threads: 4 }, table: { columns: [{ length: 36 }] }, run: { duration_s: 3 } });
    expect(base.workload.max_rows).toBe(10);
    expect(getPath(out, 'run.duration_s')).toBe(3);
    expect(scenarioEndNs(out)).toBe(3e9);
  });
  it('refuses bad paths', () => {
    expect(() => applyOverrides(base, { '__proto__..x': 1 })).toThrow(/bad scenario path/);
  });
});

describe('buildSims', () => {
  const exp: ExperimentSpec = {
    id: 'e',
    title: 'T',
    scenarios: { A: { label: 'Seq', file: 'a.json' }, B: { label: 'Rnd', file: 'b.json' } },
    overrides: { 'workload.max_rows': 100 },
    views: ['btree'],
    charts: [],
    knobs: [{ path: 'workload.max_rows', label: 'Rows', min: 1, max: 1000, step: 1, default: 200, scale: 'linear' }],
    speed: 1,
  };
  const texts = { 'a.json': '{"seed": 42, "workload": {"max_rows": 5}}', 'b.json': '{"seed": 9, "workload": {"max_rows": 5}}' };
  it('applies overrides, then knobs, and one seed to both sides', () => {
    const r = buildSims(exp, texts, {}, undefined);
    expect(r.seed).toBe(42);
    expect(r.sims!.map((s) => JSON.parse(s.json))).toEqual([
      { seed: 42, workload: { max_rows: 200 } },
      { seed: 42, workload: { max_rows: 200 } },
    ]);
    const r2 = buildSims(exp, texts, { 'workload.max_rows': 300, 'other.knob': 1 }, 7);
    expect(JSON.parse(r2.sims![1].json)).toEqual({ seed: 7, workload: { max_rows: 300 } });
    expect(knobValuesFor(exp, { 'other.knob': 1 })).toEqual({ 'workload.max_rows': 200 });
  });
  it('uses a chosen knob value only inside this experiment\'s range (another experiment may share the path)', () => {
    expect(knobValuesFor(exp, { 'workload.max_rows': 1000 })).toEqual({ 'workload.max_rows': 1000 });
    expect(knobValuesFor(exp, { 'workload.max_rows': 1001 })).toEqual({ 'workload.max_rows': 200 });
    expect(knobValuesFor(exp, { 'workload.max_rows': 0 })).toEqual({ 'workload.max_rows': 200 });
    expect(knobValuesFor(exp, { 'workload.max_rows': NaN })).toEqual({ 'workload.max_rows': 200 });
  });
  it('puts a chosen value on the knob\'s step grid, as a typed value is, and says why a value is not used as is', () => {
    const coarse: ExperimentSpec = { ...exp, knobs: [{ ...exp.knobs[0], min: 500, max: 20000, step: 500, default: 3000 }] };
    expect(knobValuesFor(coarse, { 'workload.max_rows': 1234 })).toEqual({ 'workload.max_rows': 1000 });
    expect(knobNotesFor(coarse, { 'workload.max_rows': 1234 })).toEqual(['Rows (k.workload.max_rows): this knob moves in steps of 500, so 1234 runs as 1000.']);
    expect(knobValuesFor(coarse, { 'workload.max_rows': 50000 })).toEqual({ 'workload.max_rows': 3000 });
    expect(knobNotesFor(coarse, { 'workload.max_rows': 50000 })).toEqual([
      "Rows (k.workload.max_rows): 50000 is outside this experiment's range (500 to 20000), so it runs with its default, 3000.",
    ]);
    expect(knobNotesFor(coarse, { 'workload.max_rows': 1500 })).toEqual([]);
    expect(knobNotesFor(coarse, {})).toEqual([]);
    expect(JSON.parse(buildSims(coarse, texts, { 'workload.max_rows': 1234 }, 1).sims![0].json).workload.max_rows).toBe(1000);
  });
  it('writes the value a run uses into a title or label\'s {knob path} (a fixed "512 partitions" stayed at 1)', () => {
    const parts: ExperimentSpec = {
      ...exp,
      knobs: [
        { path: 'server.innodb_adaptive_hash_index_parts', label: 'parts', min: 1, max: 512, step: 1, default: 512, scale: 'log' },
        { path: 'server.innodb_adaptive_hash_index', label: 'AHI', min: 0, max: 1, step: 1, default: 1, scale: 'linear', toggle: true },
      ],
    };
    const title = 'One index, {server.innodb_adaptive_hash_index_parts} partitions, AHI {server.innodb_adaptive_hash_index} {not.a.knob}';
    expect(knobText(title, parts)).toBe('One index, 512 partitions, AHI ON {not.a.knob}');
    expect(knobText(title, parts, { 'server.innodb_adaptive_hash_index_parts': 8, 'server.innodb_adaptive_hash_index': 0 })).toBe('One index, 8 partitions, AHI OFF {not.a.knob}');
    expect(knobText('{server.innodb_adaptive_hash_index_parts}', { ...parts, knobs: [{ ...parts.knobs[0], default: 1500 }] })).toBe('1,500');
  });
  it('keeps innodb_io_capacity ≤ innodb_io_capacity_max as MySQL does (the panel was refused and went blank)', () => {
    const io: ExperimentSpec = {
      ...exp,
      knobs: [
        { path: 'server.innodb_io_capacity', label: 'innodb_io_capacity', min: 200, max: 10000, step: 100, default: 2000, scale: 'linear' },
        { path: 'server.innodb_io_capacity_max', label: 'innodb_io_capacity_max', min: 400, max: 20000, step: 100, default: 4000, scale: 'linear' },
      ],
    };
    // SET GLOBAL: the knob moved wins, the other follows.
    expect(knobMove(io, {}, 'server.innodb_io_capacity', 10000)).toEqual({ 'server.innodb_io_capacity': 10000, 'server.innodb_io_capacity_max': 10000 });
    expect(knobMove(io, {}, 'server.innodb_io_capacity_max', 400)).toEqual({ 'server.innodb_io_capacity': 400, 'server.innodb_io_capacity_max': 400 });
    expect(knobMove(io, {}, 'server.innodb_io_capacity', 3000)).toEqual({ 'server.innodb_io_capacity': 3000 });
    expect(knobMove(io, {}, 'workload.max_rows', 5)).toEqual({ 'workload.max_rows': 5 });
    // Where the other cannot follow, the moved one stops at its limit.
    const narrow: ExperimentSpec = { ...io, knobs: [io.knobs[0], { ...io.knobs[1], max: 8000 }] };
    expect(knobMove(narrow, {}, 'server.innodb_io_capacity', 10000)).toEqual({ 'server.innodb_io_capacity': 8000, 'server.innodb_io_capacity_max': 8000 });
    // The reader is told the other field moved too (it changed without a word).
    expect(knobMoveNote('server.innodb_io_capacity', 10000, knobMove(io, {}, 'server.innodb_io_capacity', 10000))).toBe(
      'innodb_io_capacity 10,000 moves innodb_io_capacity_max up to 10,000 too: MySQL keeps innodb_io_capacity at most innodb_io_capacity_max, and SET GLOBAL of either moves the other this way.',
    );
    expect(knobMoveNote('server.innodb_io_capacity_max', 400, knobMove(io, {}, 'server.innodb_io_capacity_max', 400))).toMatch(/^innodb_io_capacity_max 400 moves innodb_io_capacity down to 400 too: /);
    expect(knobMoveNote('server.innodb_io_capacity', 3000, knobMove(io, {}, 'server.innodb_io_capacity', 3000))).toBeUndefined();
    expect(knobMoveNote('workload.max_rows', 5, { 'workload.max_rows': 5 })).toBeUndefined();
    expect(knobMoveNote('server.innodb_io_capacity', 10000, knobMove(narrow, {}, 'server.innodb_io_capacity', 10000))).toBe(
      'innodb_io_capacity 8,000 moves innodb_io_capacity_max up to 8,000 too: MySQL keeps innodb_io_capacity at most innodb_io_capacity_max, and SET GLOBAL of either moves the other this way. innodb_io_capacity stops at 8,000: innodb_io_capacity_max goes no further here.',
    );
    // A link's pair out of order runs as MySQL starts it (io_capacity lowered), and says so.
    const link = { 'server.innodb_io_capacity': 10000 };
    expect(knobValuesFor(io, link)).toEqual({ 'server.innodb_io_capacity': 4000, 'server.innodb_io_capacity_max': 4000 });
    expect(knobNotesFor(io, link)).toEqual(['innodb_io_capacity 10000 is above innodb_io_capacity_max 4000: it runs at 4000, as MySQL lowers it at startup.']);
    // named by the server variable, not a label with a remark in brackets (the lesson's)
    const remark: ExperimentSpec = { ...io, knobs: [io.knobs[0], { ...io.knobs[1], label: 'innodb_io_capacity_max (at least io_capacity)' }] };
    expect(knobNotesFor(remark, link)).toEqual(['innodb_io_capacity 10000 is above innodb_io_capacity_max 4000: it runs at 4000, as MySQL lowers it at startup.']);
    expect(knobNotesFor(io, {})).toEqual([]);
  });
  it('names the knobs a run changed from the lesson\'s defaults (such a run checks no prediction)', () => {
    const two: ExperimentSpec = {
      ...exp,
      knobs: [
        { path: 'server.innodb_buffer_pool_pages', label: 'Buffer pool size', min: 1000, max: 40000, step: 1000, default: 4000, unit: 'pages', scale: 'log' },
        { path: 'server.innodb_adaptive_hash_index', label: 'innodb_adaptive_hash_index', min: 0, max: 1, step: 1, default: 1, scale: 'linear', toggle: true },
      ],
    };
    expect(changedKnobs(two, {})).toEqual([]);
    // a value equal to the default, or one that runs as the default (out of range), changes nothing
    expect(changedKnobs(two, { 'server.innodb_buffer_pool_pages': 4000, 'server.innodb_adaptive_hash_index': 7 })).toEqual([]);
    expect(changedKnobs(two, { 'server.innodb_buffer_pool_pages': 40000, 'server.innodb_adaptive_hash_index': 0 })).toEqual(['Buffer pool size 40,000 pages', 'innodb_adaptive_hash_index off']);
    const cores: ExperimentSpec = { ...exp, knobs: [{ path: 'server.cores', label: 'CPU cores', min: 1, max: 8, step: 1, default: 2, unit: 'cores', scale: 'linear' }] };
    expect(changedKnobs(cores, { 'server.cores': 4 })).toEqual(['CPU cores 4']);
    // "Reset to the lesson's values": the experiment's knobs the reader set, and their seed
    expect(resetSummary(two, { 'server.innodb_buffer_pool_pages': 4000 }, [])).toBeUndefined();
    const set = { 'server.innodb_buffer_pool_pages': 40000, 'workload.threads': 8 };
    expect(resetSummary(two, set, changedKnobs(two, set))).toMatchObject({
      paths: ['server.innodb_buffer_pool_pages'],
      seed: false,
      title: "Back to the lesson's values (Buffer pool size 40,000 pages)",
    });
    expect(resetSummary(two, {}, ['Random seed 7'])).toMatchObject({ paths: [], seed: true, title: "Back to the lesson's values (Random seed 7)" });
    expect(otherRunNote(['Buffer pool size 40,000 pages', 'Random seed 7'])).toBe(
      "The last run did not check it: it ran with Buffer pool size 40,000 pages, Random seed 7, and the prediction is about the experiment with the lesson's settings. Run it with them to check it.",
    );
    // an experiment's entry: set by a run with changed knobs, cleared by one as the lesson sets it
    const after = otherRunsAfter({}, 'e', ['Buffer pool size 40,000 pages']);
    expect(after).toEqual({ e: ['Buffer pool size 40,000 pages'] });
    expect(otherRunsAfter(after, 'f', [])).toBe(after);
    expect(otherRunsAfter(after, 'e', [])).toEqual({});
  });
  it('applies a side\'s own overrides after the experiment\'s and before the knobs and the seed, to that side only', () => {
    const sided: ExperimentSpec = {
      ...exp,
      scenarios: {
        A: { label: 'On', file: 'a.json' },
        B: { label: 'Off', file: 'a.json', overrides: { 'server.query_cache_type': 'OFF', 'workload.max_rows': 150, 'workload.threads': 2, seed: 5 } },
      },
      overrides: { 'workload.max_rows': 100, 'workload.threads': 1 },
      knobs: [{ path: 'workload.max_rows', label: 'Rows', min: 1, max: 1000, step: 1, default: 200, scale: 'linear' }],
    };
    const r = buildSims(sided, texts, {}, undefined);
    expect(r.sims!.map((s) => s.label)).toEqual(['On', 'Off']);
    expect(r.sims!.map((s) => JSON.parse(s.json))).toEqual([
      { seed: 42, workload: { max_rows: 200, threads: 1 } },
      // B: its threads beat the experiment's; the knob (rows) and the one seed beat B's own
      { seed: 42, workload: { max_rows: 200, threads: 2 }, server: { query_cache_type: 'OFF' } },
    ]);
    expect(JSON.parse(buildSims(sided, texts, { 'workload.max_rows': 300 }, 7).sims![1].json)).toEqual({
      seed: 7,
      workload: { max_rows: 300, threads: 2 },
      server: { query_cache_type: 'OFF' },
    });
  });
  it('names a missing or broken scenario file', () => {
    expect(buildSims(exp, { 'a.json': texts['a.json'] }, {}, undefined).error).toMatch(/lessons\/scenarios\/b\.json is missing/);
    expect(buildSims(exp, { ...texts, 'b.json': '{' }, {}, undefined).error).toMatch(/lessons\/scenarios\/b\.json: invalid JSON/);
    expect(buildSims(exp, { ...texts, 'b.json': '[1]' }, {}, undefined).error).toMatch(/must be a JSON object/);
  });
});

describe('mergeSeries', () => {
  const cols = ['t_s', 'qps'];
  it('appends, and replaces from firstIndex after a restore', () => {
    let s = mergeSeries(null, { columns: cols, firstIndex: 0, rows: [[0.1, 1], [0.2, 2]] });
    s = mergeSeries(s, { columns: cols, firstIndex: 2, rows: [[0.3, 3]] });
    expect(s.rows).toEqual([[0.1, 1], [0.2, 2], [0.3, 3]]);
    const same = mergeSeries(s, { columns: cols, firstIndex: 3, rows: [] });
    expect(same).toBe(s);
    s = mergeSeries(s, { columns: cols, firstIndex: 1, rows: [[0.2, 20]] });
    expect(s.rows).toEqual([[0.1, 1], [0.2, 20]]);
  });
});

describe('knob scale', () => {
  const lin = { min: 1000, max: 2000000, step: 1000, scale: 'linear' as const };
  const log = { ...lin, scale: 'log' as const };
  it('maps both ends and snaps to the step', () => {
    for (const k of [lin, log]) {
      expect(sliderToValue(k, 0)).toBe(1000);
      expect(sliderToValue(k, 1000)).toBe(2000000);
      expect(valueToSlider(k, 1000)).toBe(0);
      expect(valueToSlider(k, 2000000)).toBe(1000);
      expect(sliderToValue(k, 500) % 1000).toBe(0);
    }
    expect(sliderToValue(log, 500)).toBe(45000); // geometric middle ≈ 44,721
    expect(snap({ min: 0, max: 1, step: 0.1, scale: 'linear' }, 0.30000000004)).toBe(0.3);
  });
  it('moves one knob step per arrow key, within the range', () => {
    const coarse = { min: 500, max: 20000, step: 500, scale: 'linear' as const };
    // one slider position (of 1000) is ~19.5 rows: it would snap back to the same value
    expect(sliderToValue(coarse, valueToSlider(coarse, 3000) + 1)).toBe(3000);
    expect(stepKnob(coarse, 3000, 1)).toBe(3500);
    expect(stepKnob(coarse, 3000, -1)).toBe(2500);
    expect(stepKnob(coarse, 20000, 1)).toBe(20000);
    expect(stepKnob(coarse, 500, -1)).toBe(500);
    expect(stepKnob(log, 45000, 1)).toBe(46000);
  });
});

describe('palette', () => {
  it('meets WCAG AA for text-like colours in every theme', () => {
    for (const [name, p] of Object.entries(PALETTES)) {
      for (const [what, c] of [['ink', p.ink], ['inkMuted', p.inkMuted], ['A', p.ab.A], ['B', p.ab.B]] as const) {
        expect(contrastRatio(c, p.background), `${name} ${what}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
  it('has a monotone fill scale and maps frame bytes', () => {
    const p = PALETTES.light;
    expect(fillColor(p, 0)).toBe(p.fillStops[0]);
    expect(fillColor(p, 1)).toBe(p.fillStops[p.fillStops.length - 1]);
    expect(fillColor(p, NaN)).toBe(p.fillStops[0]);
    expect(frameColor(p, 0)).toBe(p.frame.free);
    expect(frameColor(p, 1)).toBe(p.frame.clean);
    expect(frameColor(p, 2 | 4)).toBe(p.frame.dirtyOld);
    expect(frameColor(p, 1 | 4 | (3 << 3))).toBe(p.frame.cleanOld);
  });
  it('exports CSS variables for every theme', () => {
    const css = paletteCss();
    // Light and dark in one light-dark() pair; a colour both share stays plain.
    expect(css).toMatch(/:root \{[^}]*--pal-ab-A: light-dark\(#1864ab, #74c0fc\);/);
    expect(css).toMatch(/:root \{[^}]*--pal-ahi-miss: #868e96;/);
    expect(css).toMatch(/\[data-theme="projector"\] \{[^}]*--pal-ab-A: #0b4f8a;/);
  });
});

describe('startingText', () => {
  const sc = (table: Record<string, unknown>) => JSON.stringify({ version: 1, table });
  it('says plainly "Starting" for small or no prepared tables', () => {
    expect(startingText(null)).toBe('Starting the simulation…');
    expect(startingText([sc({ name: 't', prepare_rows: 0 })])).toBe('Starting the simulation…');
    expect(startingText([sc({ name: 't', prepare_rows: 99_999 })])).toBe('Starting the simulation…');
  });
  it('explains a large prepare: rows, table, and A then B', () => {
    expect(startingText([sc({ name: 'sbtest1', prepare_rows: 2_000_000 })])).toBe(
      'Starting the simulation: loading 2,000,000 rows into sbtest1, as sysbench prepare does before a run. This takes a few seconds…',
    );
    const two = startingText([sc({ name: 'sbtest1', prepare_rows: 2_000_000 }), sc({ name: 'sbtest1', prepare_rows: 1_000 })]);
    expect(two).toContain('2,000,000 rows into sbtest1, for A and then for B');
  });
  it('counts every table, and survives a bad scenario text', () => {
    expect(startingText([sc({ name: 'sbtest', prepare_rows: 100_000, count: 16 })])).toContain('1,600,000 rows into 16 tables');
    expect(startingText(['{not json', sc({ prepare_rows: 'many' })])).toBe('Starting the simulation…');
  });
});

describe('TableScroll hint', () => {
  it('names the sides with hidden columns', async () => {
    const { hiddenSides, scrollHintText } = await import('../../web/src/ui/TableScroll');
    // a 602 px table in a 366 px box, scrolled to the start, the middle, the end
    expect(hiddenSides(0, 366, 602)).toEqual({ left: false, right: true });
    expect(scrollHintText(hiddenSides(0, 366, 602))).toBe('more columns: scroll sideways →');
    expect(scrollHintText(hiddenSides(100, 366, 602))).toBe('← more columns on both sides: scroll sideways →');
    expect(scrollHintText(hiddenSides(236, 366, 602))).toBe('← more columns: scroll back');
    // it fits: nothing to say
    expect(scrollHintText(hiddenSides(0, 602, 602))).toBe('');
  });
});
