import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activeExperimentFor, experimentsOf } from '../../web/src/lessons/activeExperiment';
import { renderMarkdown } from '../../web/src/lessons/markdown';
import { parseLesson, parseLessonMeta } from '../../web/src/lessons/parse';
import { focusSelector, stepFocus } from '../../web/src/lessons/panelFocus';
import { splitLesson } from '../../web/src/lessons/split';
import { buildSims, sweepScenario, withChangesNoted } from '../../web/src/lessons/scenarios';
import type { ExperimentSpec } from '../../web/src/lessons/types';
import { validateExperiment, validateFocus, validateQuiz } from '../../web/src/lessons/validate';

const text = readFileSync(new URL('./fixtures/sample-lesson.md', import.meta.url), 'utf8');
const FILES = new Set(['pk-sequential.json', 'pk-random.json']);
const file = 'lessons/sample-lesson.md';

function lessonWith(body: string, fm = 'id: sample-lesson\ntitle: T\nsummary: S\norder: 1') {
  return parseLesson(file, `---\n${fm}\n---\n${body}`, FILES);
}
const exp = (yaml: string) => lessonWith('## S\n\n```experiment\n' + yaml + '\n```\n');

describe('lesson parser', () => {
  const lesson = parseLesson(file, text, FILES);

  it('reads the front matter', () => {
    expect(lesson.errors).toEqual([]);
    expect(lesson.meta).toEqual({
      id: 'sample-lesson',
      title: 'A sample lesson',
      summary: 'Used by the tests.',
      order: 2,
      sources: [{ title: 'The InnoDB source' }, { title: 'A blog post', url: 'https://example.org/post' }],
      file,
    });
  });

  it('splits steps at ## headings only (not in fences, not ###)', () => {
    expect(lesson.steps.map((s) => s.title)).toEqual(['A sample lesson', 'First step', 'Second step']);
    const first = lesson.steps[1].blocks;
    expect(first.map((b) => b.kind)).toEqual(['prose', 'quiz', 'experiment']);
    expect((first[0] as { markdown: string }).markdown).toContain('## not a heading inside a fence');
    expect(lesson.steps[2].blocks.map((b) => b.kind)).toEqual(['experiment', 'prose']);
    expect(splitLesson(text).steps[2].blocks[1].text).toContain('### A sub-heading');
  });

  it('fills experiment defaults and reads every field', () => {
    const e = experimentsOf(lesson);
    expect(e.map((p) => [p.step, p.experiment.id])).toEqual([
      [1, 'exp-one'],
      [2, 'exp-two'],
    ]);
    expect(e[0].experiment).toMatchObject({
      speed: 0.001,
      overrides: { 'workload.max_rows': 3000 },
      views: ['btree', 'fill-histogram'],
      knobs: [{ path: 'workload.max_rows', min: 500, max: 20000, step: 500, default: 3000, scale: 'linear' }],
    });
    expect(e[1].experiment).toMatchObject({
      speed: 'max',
      scenarios: { B: { file: 'pk-random.json' } },
      charts: [{ column: 'inserts_per_s', reference: { value: 124 } }],
      sizeReference: [{ table: 't', dataPerRow: 32, indexPerRow: 14, totalRatio: 1 }],
    });
    expect(e[1].experiment.views).toContain('btree');
  });

  it('reads quizzes and lets them refer to an experiment below', () => {
    const q = lesson.steps[1].blocks[1];
    expect(q).toMatchObject({ kind: 'quiz', quiz: { id: 'q-one', answer: 1, choices: ['a', 'b', 'c'], after: 'exp-one' } });
  });

  it('activates the experiment nearest above the step', () => {
    const placed = experimentsOf(lesson);
    expect(activeExperimentFor(placed, 0)?.id).toBe('exp-one'); // before any: the first
    expect(activeExperimentFor(placed, 1)?.id).toBe('exp-one');
    expect(activeExperimentFor(placed, 2)?.id).toBe('exp-two');
    expect(activeExperimentFor([], 2)).toBeUndefined();
  });

  it('in a step with several experiments, activates the one its quiz names, else the first', () => {
    const block = (id: string) => '```experiment\nid: ' + id + '\ntitle: ' + id + '\nscenarios: { A: { label: L, file: pk-random.json } }\n```\n\n';
    const quiz = (after: string) => '```quiz\nid: q-' + after + '\nquestion: Q?\nchoices: [a, b]\nanswer: 0\nexplain: E\nafter: ' + after + '\n```\n\n';
    const l = lessonWith(
      '## One\n\n' + quiz('main') + block('main') + block('follow-up') + '## Two\n\nText.\n\n## Three\n\n' + block('first') + block('second'),
    );
    expect(l.errors).toEqual([]);
    const placed = experimentsOf(l);
    expect(placed.map((p) => [p.experiment.id, p.step, p.quizzed])).toEqual([
      ['main', 0, true],
      ['follow-up', 0, false],
      ['first', 2, false],
      ['second', 2, false],
    ]);
    expect(activeExperimentFor(placed, 0)?.id).toBe('main');
    expect(activeExperimentFor(placed, 1)?.id).toBe('main'); // no experiment: the step above's
    expect(activeExperimentFor(placed, 2)?.id).toBe('first');
    // The quiz names the second block of its step: that one is shown.
    const l2 = lessonWith('## One\n\n' + block('control') + quiz('asked') + block('asked'));
    expect(activeExperimentFor(experimentsOf(l2), 0)?.id).toBe('asked');
  });

  it('front matter problems name the file and field', () => {
    expect(parseLessonMeta(file, 'no front matter').errors[0]).toMatch(/^lessons\/sample-lesson\.md: front matter: required/);
    expect(parseLessonMeta(file, '---\nid: [\n---\n').errors[0]).toMatch(/front matter: invalid YAML/);
    const r = parseLessonMeta(file, '---\nid: other\ntitle: T\nsummary: S\norder: x\ncolour: red\n---\n');
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/front matter colour: unknown field/),
        expect.stringMatching(/front matter id: must match the file name "sample-lesson", got "other"/),
        expect.stringMatching(/front matter order: must be a number, got "x"/),
      ]),
    );
  });

  it('experiment problems name the file, block and field', () => {
    const l = exp('id: e1\ntitle: T\nscenarios: { A: { label: L, file: nope.json } }\nviews: [btree, treemap]\nspeed: fast');
    expect(l.errors).toEqual([
      'lessons/sample-lesson.md: experiment "e1" (block 1, line 9): scenarios.A.file: no file lessons/scenarios/nope.json',
      'lessons/sample-lesson.md: experiment "e1" (block 1, line 9): views[1]: unknown view "treemap"; allowed: btree, pool, fill-histogram, sizes, metrics, charts, threads, ahi, redo, qc, status, sysbench',
      'lessons/sample-lesson.md: experiment "e1" (block 1, line 9): speed: must be a positive number (simulated seconds per second) or "max", got "fast"',
    ]);
    expect(l.steps[0].blocks[0]).toMatchObject({ kind: 'invalid', what: 'experiment block 1' });
  });

  const expCases: [string, string, RegExp][] = [
    ['missing id', 'title: T\nscenarios: { A: { label: L, file: pk-sequential.json } }', /id: required/],
    ['bad id', 'id: Bad Id\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }', /id: must be lower-case letters, digits and dashes/],
    ['missing scenarios', 'id: e\ntitle: T', /scenarios: required/],
    ['missing A', 'id: e\ntitle: T\nscenarios: { B: { label: L, file: pk-random.json } }', /scenarios\.A: required/],
    ['unknown field', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nspeeed: 1', /speeed: unknown field; allowed:/],
    ['bad file name', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: ../x.json } }', /scenarios\.A\.file: must be a \.json file name/],
    ['bad override path', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\noverrides: { "a..b": 1 }', /overrides\.a\.\.b: not a scenario path/],
    ['override object', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\noverrides: { "a.b": [1] }', /overrides\.a\.b: must be a number, text or true\/false/],
    ['chart without unit', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q }]', /charts\[0\]\.unit: required/],
    ['chart limits not a list', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, limits: sync_mb }]', /charts\[0\]\.limits: must be a list of \{ column, label \}/],
    ['chart limit bad column', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, limits: [{ column: "Sync MB", label: s }] }]', /charts\[0\]\.limits\[0\]\.column: must be a series column name/],
    ['chart reference in_scale not a boolean', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, reference: { value: 1, label: R, in_scale: 1 } }]', /charts\[0\]\.reference\.in_scale: must be true or false, got 1/],
    ['chart from_zero not a boolean', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, from_zero: "no" }]', /charts\[0\]\.from_zero: must be true or false, got "no"/],
    ['chart highlight without above', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, highlight: { column: qps, label: h } }]', /charts\[0\]\.highlight\.above: required \(a number\)/],
    ['toggle with a number default', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, toggle: true, default: 1 }]', /knobs\[0\]\.default: a toggle's default must be true or false, got 1/],
    ['toggle with a range', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, toggle: true, default: true, max: 3 }]', /knobs\[0\]\.max: unknown field; allowed: path, label, toggle, default/],
    ['toggle false', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, toggle: false, default: true }]', /knobs\[0\]\.toggle: must be true \(or left out for a slider\), got false/],
    ['knob min >= max', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 5, max: 5, default: 5 }]', /knobs\[0\]\.max: must be greater than min \(5\), got 5/],
    ['knob default out of range', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 9 }]', /knobs\[0\]\.default: must be from 1 to 5, got 9/],
    ['knob step 0', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, step: 0, default: 2 }]', /knobs\[0\]\.step: must be greater than 0/],
    ['knob log min 0', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 0, max: 5, default: 2, scale: log }]', /knobs\[0\]\.min: must be greater than 0 on a log scale/],
    ['knob twice', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2 }, { path: a.b, label: K, min: 1, max: 5, default: 2 }]', /knobs\[1\]\.path: a\.b is listed twice/],
    ['knob also not a list', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2, also: a.c }]', /knobs\[0\]\.also: must be a list of 1 to 4 scenario paths the knob also sets \(e\.g\. \[workload\.table_size\]\), got "a\.c"/],
    ['knob also its own path', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2, also: [a.c, a.b] }]', /knobs\[0\]\.also\[1\]: a\.b is the knob's own path/],
    ['knob also a bad path', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2, also: ["a..c"] }]', /knobs\[0\]\.also\[0\]: must be a scenario path \(dots, e\.g\. workload\.table_size\), got "a\.\.c"/],
    ['knob also another knob\'s path', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2 }, { path: a.c, label: K, min: 1, max: 5, default: 2, also: [a.b] }]', /knobs\[1\]: a\.b is set by an earlier knob's path or also too/],
    ['side override of a knob\'s also', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json, overrides: { a.c: 3 } } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2, also: [a.c] }]', /scenarios\.A\.overrides\.a\.c: knobs\[0\] sets this path on both sides after the side's overrides/],
    ['knob non-number', 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: "1", max: 5, default: 2 }]', /knobs\[0\]\.min: must be a number, got "1"/],
    ['title placeholder not a knob', 'id: e\ntitle: "{a.c} rows"\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: a.b, label: K, min: 1, max: 5, default: 2 }]', /title: \{a\.c\} must name one of this experiment's knobs \(a\.b\), got "\{a\.c\}"/],
    ['label placeholder without knobs', 'id: e\ntitle: T\nscenarios: { A: { label: "{server.cores} cores", file: pk-sequential.json } }', /scenarios\.A\.label: \{server\.cores\} must name one of this experiment's knobs \(it has none\)/],
    ['bad YAML', 'id: e\ntitle: [', /invalid YAML/],
    ['not a mapping', '- 1\n- 2', /\(block\): must be a YAML mapping/],
  ];
  for (const [what, yaml, msg] of expCases) {
    it(`experiment: ${what}`, () => {
      const l = exp(yaml);
      expect(l.errors.length).toBeGreaterThan(0);
      expect(l.errors.join('\n')).toMatch(msg);
      expect(l.errors[0]).toMatch(/^lessons\/sample-lesson\.md: experiment .*\(block 1, line \d+\): /);
    });
  }

  it('reads a toggle knob as 0/1 and builds a boolean scenario field from it', () => {
    const l = exp('id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nknobs: [{ path: server.innodb_adaptive_flushing, label: Adaptive flushing, toggle: true, default: true }]');
    expect(l.errors).toEqual([]);
    const e = (l.steps[0].blocks[0] as { experiment: ExperimentSpec }).experiment;
    expect(e.knobs).toEqual([{ path: 'server.innodb_adaptive_flushing', label: 'Adaptive flushing', min: 0, max: 1, step: 1, default: 1, scale: 'linear', toggle: true }]);
    const texts = { 'pk-sequential.json': '{"server":{"cores":2}}' };
    const scenario = (chosen: Record<string, number>) => JSON.parse(buildSims(e, texts, chosen, undefined).sims![0].json);
    expect(scenario({}).server).toEqual({ cores: 2, innodb_adaptive_flushing: true });
    expect(scenario({ 'server.innodb_adaptive_flushing': 0 }).server.innodb_adaptive_flushing).toBe(false);
    // Not 0 or 1: the default, never a number in a boolean field.
    expect(scenario({ 'server.innodb_adaptive_flushing': 0.5 }).server.innodb_adaptive_flushing).toBe(true);
  });

  it('sets a knob\'s value at its path and at each path of its also, on both sides', () => {
    const l = exp('id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json }, B: { label: M, file: pk-random.json } }\noverrides: { workload.table_size: 7 }\nknobs: [{ path: table.prepare_rows, label: Rows, min: 100, max: 1000, step: 100, default: 400, also: [workload.table_size] }]');
    expect(l.errors).toEqual([]);
    const e = (l.steps[0].blocks[0] as { experiment: ExperimentSpec }).experiment;
    expect(e.knobs[0].also).toEqual(['workload.table_size']);
    const texts = { 'pk-sequential.json': '{"table":{"prepare_rows":1},"workload":{"table_size":1}}', 'pk-random.json': '{}' };
    const built = (chosen: Record<string, number>) => buildSims(e, texts, chosen, undefined).sims!.map((x) => JSON.parse(x.json));
    expect(built({}).map((x) => [x.table.prepare_rows, x.workload.table_size])).toEqual([[400, 400], [400, 400]]);
    expect(built({ 'table.prepare_rows': 900 }).map((x) => [x.table.prepare_rows, x.workload.table_size])).toEqual([[900, 900], [900, 900]]);
    // out of range: the default for both, never one moved without the other
    expect(built({ 'table.prepare_rows': 5000 })[0].workload.table_size).toBe(400);
  });

  it('reads chart limits and highlight', () => {
    const l = exp('id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, limits: [{ column: sync_mb, label: sync point }], highlight: { column: over_sync, above: 0.5, label: age past sync } }]');
    expect(l.errors).toEqual([]);
    expect(l.steps[0].blocks[0]).toMatchObject({
      kind: 'experiment',
      experiment: { charts: [{ column: 'qps', limits: [{ column: 'sync_mb', label: 'sync point' }], highlight: { column: 'over_sync', above: 0.5, label: 'age past sync' } }] },
    });
  });

  it('reads a reference with in_scale: true as one the axis always reaches', () => {
    const spec = (extra: string) => exp(`id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u, reference: { value: 0.01, label: R${extra} } }]`);
    const charts = (extra: string) => (spec(extra).steps[0].blocks[0] as { experiment: { charts: object[] } }).experiment.charts;
    expect(charts(', in_scale: true')).toEqual([{ column: 'qps', label: 'Q', unit: 'u', reference: { value: 0.01, label: 'R', inScale: true } }]);
    expect(charts('')).toEqual([{ column: 'qps', label: 'Q', unit: 'u', reference: { value: 0.01, label: 'R' } }]);
  });

  it('reads from_zero: false as an axis that spans the data; true or absent leave it from 0', () => {
    const spec = (extra: string) => exp(`id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\ncharts: [{ column: qps, label: Q, unit: u${extra} }]`);
    const charts = (extra: string) => (spec(extra).steps[0].blocks[0] as { experiment: { charts: object[] } }).experiment.charts;
    expect(charts(', from_zero: false')).toEqual([{ column: 'qps', label: 'Q', unit: 'u', fromZero: false }]);
    expect(charts(', from_zero: true')).toEqual([{ column: 'qps', label: 'Q', unit: 'u' }]);
    expect(charts('')).toEqual([{ column: 'qps', label: 'Q', unit: 'u' }]);
  });

  it('rejects duplicate block ids', () => {
    const y = 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }';
    const l = lessonWith(`## S\n\n\`\`\`experiment\n${y}\n\`\`\`\n\n\`\`\`experiment\n${y}\n\`\`\`\n`);
    expect(l.errors.join('\n')).toMatch(/block 2.*id: "e" is used by another block/);
  });

  const quizCases: [string, unknown, RegExp][] = [
    ['answer out of range', { id: 'q', question: 'Q', choices: ['a', 'b'], answer: 2, explain: 'E' }, /answer: must be the index of a choice, 0 to 1, got 2/],
    ['one choice', { id: 'q', question: 'Q', choices: ['a'], answer: 0, explain: 'E' }, /choices: must be a list of at least 2/],
    ['missing explain', { id: 'q', question: 'Q', choices: ['a', 'b'], answer: 0 }, /explain: required/],
    ['unknown after', { id: 'q', question: 'Q', choices: ['a', 'b'], answer: 0, explain: 'E', after: 'zzz' }, /after: no experiment "zzz" in this lesson/],
    ['fractional answer', { id: 'q', question: 'Q', choices: ['a', 'b'], answer: 0.5, explain: 'E' }, /answer: must be an integer/],
  ];
  for (const [what, v, msg] of quizCases) {
    it(`quiz: ${what}`, () => {
      const r = validateQuiz(v, new Set(['exp']));
      expect(r.spec).toBeUndefined();
      expect(r.errors.join('\n')).toMatch(msg);
    });
  }

  describe('focus blocks', () => {
    const experiment = 'id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json } }\nviews: [btree, sizes, charts]\ncharts: [{ column: qps, label: Q, unit: q/s }]';
    const withFocus = (focus: string, before = true) =>
      lessonWith(`## One\n\n${before ? '```experiment\n' + experiment + '\n```\n\n' : ''}## Two\n\nText.\n\n\`\`\`focus\n${focus}\n\`\`\`\n`);
    it('names a view of the experiment its step shows (the nearest above), a chart by its column', () => {
      const l = withFocus('view: sizes');
      expect(l.errors).toEqual([]);
      expect(stepFocus(l.steps[1])).toEqual({ view: 'sizes' });
      expect(stepFocus(l.steps[0])).toBeUndefined();
      const c = withFocus('view: charts\nchart: qps');
      expect(c.errors).toEqual([]);
      expect(stepFocus(c.steps[1])).toEqual({ view: 'charts', chart: 'qps' });
      expect(focusSelector({ view: 'charts', chart: 'qps' })).toBe('[data-chart="qps"]');
      expect(focusSelector({ view: 'sizes' })).toBe('[data-view="sizes"]');
      expect(focusSelector({ view: 'metrics', counter: 'adaptive_hash_pages_added' })).toBe('[data-view="metrics"] [data-counter="adaptive_hash_pages_added"]');
      // Nothing of it shows in the text.
      expect(l.steps[1].blocks.map((b) => b.kind)).toEqual(['prose', 'focus']);
    });
    it('names a counter of the Counters table to scroll to', () => {
      expect(validateFocus({ view: 'metrics', counter: 'adaptive_hash_pages_added' })).toEqual({ spec: { view: 'metrics', counter: 'adaptive_hash_pages_added' }, errors: [] });
    });
    const bad: [string, string, boolean, RegExp][] = [
      ['an unknown view', 'view: tree', true, /focus \(block \d+, line 21\): view: unknown view "tree"; allowed: btree, pool/],
      ['a view the experiment does not show', 'view: redo', true, /focus \(line 21\): view: "redo" is not a view of experiment "e" \(btree, sizes, charts\)/],
      ['a chart the experiment does not draw', 'view: charts\nchart: tps', true, /chart: experiment "e" has no chart of column "tps" \(qps\)/],
      ['a chart without view: charts', 'view: sizes\nchart: qps', true, /chart: only with "view: charts", got view "sizes"/],
      ['no view', 'chart: qps', true, /view: required/],
      ['an unknown field', 'view: sizes\nside: B', true, /side: unknown field; allowed: view, chart, counter/],
      ['a counter without view: metrics', 'view: sizes\ncounter: adaptive_hash_pages_added', true, /counter: only with "view: metrics", got view "sizes"/],
      ['a counter the table does not explain', 'view: metrics\ncounter: hits', true, /counter: "hits" is not a counter the Counters table explains/],
      ['not a mapping', 'sizes', true, /must be a YAML mapping like "view: sizes", got "sizes"/],
      ['no experiment at all', 'view: sizes', false, /view: no experiment at or above this step shows a panel/],
    ];
    for (const [what, focus, withExp, msg] of bad) {
      it(`refuses ${what}, naming the file and line`, () => {
        const l = withFocus(focus, withExp);
        expect(l.errors.join('\n')).toMatch(msg);
        expect(l.errors.join('\n')).toContain('lessons/sample-lesson.md: focus');
        expect(stepFocus(l.steps[withExp ? 1 : 0])).toBeUndefined();
      });
    }
  });

  it('a valid quiz and experiment pass', () => {
    expect(validateQuiz({ id: 'q', question: 'Q', choices: ['a', 'b'], answer: 0, explain: 'E', after: 'exp' }, new Set(['exp'])).errors).toEqual([]);
    expect(validateExperiment({ id: 'e', title: 'T', scenarios: { A: { label: 'L', file: 'x.json' } } }).spec?.speed).toBe(1);
  });

  describe('per-side overrides (scenarios.A/B.overrides)', () => {
    const sides = (B: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      validateExperiment({ id: 'e', title: 'T', scenarios: { A: { label: 'On', file: 'x.json' }, B: { label: 'Off', file: 'x.json', ...B } }, ...extra });
    it('reads a side\'s overrides and keeps them on that side only', () => {
      const r = sides({ overrides: { 'server.query_cache_type': 'OFF', 'server.cores': 8, 'server.innodb_adaptive_flushing': false } });
      expect(r.errors).toEqual([]);
      expect(r.spec?.scenarios).toEqual({
        A: { label: 'On', file: 'x.json' },
        B: { label: 'Off', file: 'x.json', overrides: { 'server.query_cache_type': 'OFF', 'server.cores': 8, 'server.innodb_adaptive_flushing': false } },
      });
      expect(r.spec?.overrides).toEqual({});
    });
    it('reads them from a lesson block (YAML flow mapping, dotted keys)', () => {
      const l = exp('id: e\ntitle: T\nscenarios:\n  A: { label: L, file: pk-sequential.json }\n  B: { label: M, file: pk-sequential.json, overrides: { workload.threads: 8 } }');
      expect(l.errors).toEqual([]);
      const e = (l.steps[0].blocks[0] as { experiment: ExperimentSpec }).experiment;
      expect(e.scenarios.B?.overrides).toEqual({ 'workload.threads': 8 });
      expect(e.scenarios.A.overrides).toBeUndefined();
    });
    it('an empty mapping is allowed and leaves no overrides', () => {
      const r = sides({ overrides: {} });
      expect(r.errors).toEqual([]);
      expect(r.spec?.scenarios.B).toEqual({ label: 'Off', file: 'x.json' });
    });
    const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
      ['not a mapping', { overrides: 'OFF' }, {}, 'scenarios.B.overrides: must be a mapping of scenario paths to values (e.g. { workload.max_rows: 20000 }), got "OFF"'],
      ['a list', { overrides: [{ 'server.cores': 4 }] }, {}, 'scenarios.B.overrides: must be a mapping of scenario paths to values (e.g. { workload.max_rows: 20000 }), got [{"server.cores":4}]'],
      ['a bad path', { overrides: { 'server..cores': 4 } }, {}, 'scenarios.B.overrides.server..cores: not a scenario path (use dots, e.g. workload.max_rows)'],
      ['a list value', { overrides: { 'server.cores': [4, 8] } }, {}, 'scenarios.B.overrides.server.cores: must be a number, text or true/false, got [4,8]'],
      ['a mapping value', { overrides: { server: { cores: 4 } } }, {}, 'scenarios.B.overrides.server: must be a number, text or true/false, got {"cores":4}'],
      ['a null value', { overrides: { 'server.query_cache_type': null } }, {}, 'scenarios.B.overrides.server.query_cache_type: must be a number, text or true/false, got null'],
      ['the seed', { overrides: { seed: 7 } }, {}, 'scenarios.B.overrides.seed: A and B always run with one seed; set seed on the experiment instead'],
      [
        'a knob\'s path',
        { overrides: { 'workload.threads': 8 } },
        { knobs: [{ path: 'workload.threads', label: 'Threads', min: 1, max: 64, default: 4 }] },
        'scenarios.B.overrides.workload.threads: knobs[0] sets this path on both sides after the side\'s overrides, so this value would never be used; drop one of them',
      ],
      ['a misspelt field', { override: { 'server.cores': 4 } }, {}, 'scenarios.B.override: unknown field; allowed: label, file, overrides'],
    ];
    for (const [what, B, extra, msg] of cases) {
      it(`refuses ${what}, naming the side and field`, () => {
        const r = sides(B, extra);
        expect(r.spec).toBeUndefined();
        expect(r.errors).toEqual([msg]);
      });
    }
    it('names side A too, and a lesson message carries file, block and line', () => {
      const r = validateExperiment({ id: 'e', title: 'T', scenarios: { A: { label: 'L', file: 'x.json', overrides: { 'a.b': [1] } } } });
      expect(r.errors).toEqual(['scenarios.A.overrides.a.b: must be a number, text or true/false, got [1]']);
      const l = exp('id: e\ntitle: T\nscenarios: { A: { label: L, file: pk-sequential.json, overrides: 3 } }');
      expect(l.errors).toEqual([
        'lessons/sample-lesson.md: experiment "e" (block 1, line 9): scenarios.A.overrides: must be a mapping of scenario paths to values (e.g. { workload.max_rows: 20000 }), got 3',
      ]);
    });
  });

  describe('query-cache lesson, qc-cores', () => {
    const dir = new URL('../../lessons/', import.meta.url);
    const files = new Set(readdirSync(new URL('scenarios/', dir)).filter((f) => f.endsWith('.json')));
    const texts = Object.fromEntries([...files].map((f) => [f, readFileSync(new URL(`scenarios/${f}`, dir), 'utf8')]));
    const qc = parseLesson('lessons/query-cache.md', readFileSync(new URL('query-cache.md', dir), 'utf8'), files);
    const cores = qc.steps.flatMap((s) => s.blocks).find((b) => b.kind === 'experiment' && b.experiment.id === 'qc-cores') as { experiment: ExperimentSpec };
    it('is A = cache on and B = the same file with the cache off, swept over 4 to 32 cores', () => {
      expect(qc.errors).toEqual([]);
      const e = cores.experiment;
      expect(e.scenarios.A.file).toBe(e.scenarios.B?.file);
      expect(e.sweep).toMatchObject({ path: 'server.cores', values: [4, 8, 16, 32], labels: ['4', '8', '16', '32'] });
      const built = buildSims(e, texts, {}, undefined);
      expect(built.error).toBeUndefined();
      const [a, b] = built.sims!.map((s) => JSON.parse(s.json) as { server: Record<string, unknown>; seed: number });
      expect(built.sims!.map((s) => s.label)).toEqual(['MySQL 5.7, cache on (256 MB)', 'MySQL 5.7, cache off']);
      expect(a.server.query_cache_type).toBe('ON');
      expect(b.server.query_cache_type).toBe('OFF');
      // nothing else differs between the sides, but B's description says what it sets
      const { description: da, ...restA } = a as typeof a & { description?: string };
      const { description: db, ...restB } = b as typeof b & { description?: string };
      expect({ ...restB, server: { ...restB.server, query_cache_type: 'ON' } }).toEqual(restA);
      expect(db).toBe(`${da} [This run sets server.query_cache_type = "OFF" on top of lessons/scenarios/qc-mysql-256mb.json.]`);
      // every sweep run of B keeps the cache off and sets the cores
      for (const v of e.sweep!.values) {
        const run = JSON.parse(sweepScenario(built.sims![1].json, e.sweep!, v)) as { server: Record<string, unknown> };
        expect(run.server).toMatchObject({ cores: v, query_cache_type: 'OFF' });
      }
    });
  });

  describe('withChangesNoted', () => {
    const file = { description: 'k_values = "existing".', workload: { k_values: 'existing', threads: 16 } };
    it('names the fields set to other values than the file\'s, after its description', () => {
      const built = { ...file, workload: { k_values: 'random', threads: 16 } };
      expect(withChangesNoted(file, built, { 'workload.k_values': 'random', 'workload.threads': 16 }, 'w.json').description).toBe(
        'k_values = "existing". [This run sets workload.k_values = "random" on top of lessons/scenarios/w.json.]',
      );
    });
    it('leaves the scenario alone when nothing differs, or it has no description', () => {
      expect(withChangesNoted(file, file, { 'workload.threads': 16 }, 'w.json')).toBe(file);
      const bare = { workload: { k_values: 'random' } };
      expect(withChangesNoted({ workload: { k_values: 'existing' } }, bare, { 'workload.k_values': 'random' }, 'w.json')).toBe(bare);
    });
  });

  describe('experiment fill_index', () => {
    const exp = (extra: Record<string, unknown>) =>
      validateExperiment({ id: 'e', title: 'T', scenarios: { A: { label: 'L', file: 'x.json' } }, views: ['fill-histogram'], ...extra });
    it('names the index the fill view shows first', () => {
      expect(exp({ fill_index: 'idx_number' }).spec?.fillIndex).toBe('idx_number');
      expect(exp({}).spec?.fillIndex).toBeUndefined();
    });
    it('refuses a name the engine would refuse, and a fill_index without the view', () => {
      expect(exp({ fill_index: 'idx number' }).errors).toEqual([
        'fill_index: must be an index name (PRIMARY or one of the table\'s indexes), got "idx number"',
      ]);
      expect(exp({ fill_index: 7 }).errors[0]).toMatch(/^fill_index: must be an index name .*, got 7$/);
      expect(exp({ fill_index: 'k_1', views: ['btree'] }).errors).toEqual([
        'fill_index: only used by the fill-histogram view; add it to views or drop fill_index',
      ]);
    });
  });

  describe('experiment sweep', () => {
    const exp = (sweep: unknown) => validateExperiment({ id: 'e', title: 'T', scenarios: { A: { label: 'L', file: 'x.json' } }, sweep });
    it('a valid sweep: scalar and mapping values, labels, run_s, reference; metric defaults to SELECT/s', () => {
      const r = exp({
        path: 'server.query_cache_size',
        values: [{ 'server.query_cache_type': 'OFF' }, 0, 65536],
        labels: ['off', '0', '64 MB'],
        run_s: 1,
        reference: { label: 'article', A: [null, null, 23000] },
      });
      expect(r.errors).toEqual([]);
      expect(r.spec?.sweep).toEqual({
        path: 'server.query_cache_size',
        values: [{ 'server.query_cache_type': 'OFF' }, 0, 65536],
        labels: ['off', '0', '64 MB'],
        runS: 1,
        metric: 'selectsPerS',
        title: 'SELECTs per second',
        unit: 'SELECT/s',
        table: [],
        reference: { label: 'article', A: [null, null, 23000] },
      });
    });
    it('table: more of each run\'s row as columns, in the order given', () => {
      const r = exp({ path: 'a.b', values: [1, 2], run_s: 1, table: ['hitRate', 'lowmemPrunes'] });
      expect(r.errors).toEqual([]);
      expect(r.spec?.sweep?.table).toEqual(['hitRate', 'lowmemPrunes']);
    });
    const cases: [string, unknown, RegExp][] = [
      ['not a mapping', [1, 2], /^sweep: must be \{ path, values, labels, run_s \}/],
      ['no values', { path: 'a.b', values: [], run_s: 1 }, /^sweep.values: must be a list of 1 to 64 values, got \[\]/],
      ['a bad value', { path: 'a.b', values: [1, [2]], run_s: 1 }, /^sweep.values\[1\]: must be a number, text, true\/false, or a mapping of scenario paths to values, got \[2\]/],
      ['a bad path in a mapping value', { path: 'a.b', values: [{ 'x..y': 1 }], run_s: 1 }, /^sweep.values\[0\].x..y: not a scenario path/],
      ['labels of the wrong length', { path: 'a.b', values: [1, 2], labels: ['one'], run_s: 1 }, /^sweep.labels: must have one label per value \(2\), got 1/],
      ['no run_s', { path: 'a.b', values: [1] }, /^sweep.run_s: required \(a number\)/],
      ['run_s too long', { path: 'a.b', values: [1], run_s: 600 }, /^sweep.run_s: must be more than 0 and at most 60 simulated seconds, got 600/],
      ['an unknown metric', { path: 'a.b', values: [1], run_s: 1, metric: 'speed' }, /^sweep.metric: unknown "speed"; allowed: selectsPerS, qps, hitRate/],
      ['a reference list of the wrong length', { path: 'a.b', values: [1, 2], run_s: 1, reference: { label: 'x', B: [1] } }, /^sweep.reference.B: must be a list of 2 numbers or null/],
      ['an unknown field', { path: 'a.b', values: [1], run_s: 1, steps: 3 }, /^sweep.steps: unknown field; allowed: path, values, labels, run_s, metric, title, unit, table, reference/],
      ['a table that is not a list', { path: 'a.b', values: [1], run_s: 1, table: 'hitRate' }, /^sweep.table: must be a list of at most 3 sweep row fields, got "hitRate"/],
      ['an unknown table column', { path: 'a.b', values: [1], run_s: 1, table: ['hitRate', 'hits'] }, /^sweep.table\[1\]: unknown "hits"; allowed: selectsPerS, qps, hitRate/],
      ['the charted metric again in the table', { path: 'a.b', values: [1], run_s: 1, table: ['selectsPerS'] }, /^sweep.table\[0\]: "selectsPerS" is already a column/],
      ['a table column twice', { path: 'a.b', values: [1], run_s: 1, metric: 'qps', table: ['hitRate', 'hitRate'] }, /^sweep.table\[1\]: "hitRate" is already a column/],
    ];
    for (const [what, v, msg] of cases) {
      it(`refuses ${what}, naming the field`, () => {
        const r = exp(v);
        expect(r.spec).toBeUndefined();
        expect(r.errors.join('\n')).toMatch(msg);
      });
    }
  });

  it('in presenter mode, a link to another lesson opens it in presenter mode; other links stay', () => {
    const text = '[next](#/lesson/ahi-latch-contention) [step](#/lesson/primary-keys?step=3) [play](#/playground) [web](https://example.org)';
    expect(renderMarkdown(text, { presenter: true })).toContain('href="#/present/ahi-latch-contention"');
    expect(renderMarkdown(text, { presenter: true })).toContain('href="#/present/primary-keys?step=3"');
    expect(renderMarkdown(text, { presenter: true })).toContain('href="#/playground"');
    expect(renderMarkdown(text)).toContain('href="#/lesson/ahi-latch-contention"');
  });
  it('keeps a short inline code on one line (`--table-size` broke after its "--" on a phone); a long one may wrap', () => {
    expect(renderMarkdown('One option, `--table-size`, sets both.')).toContain('<code class="nowrap">--table-size</code>');
    expect(renderMarkdown('`Innodb_buffer_pool_reads`')).toContain('<code class="nowrap">Innodb_buffer_pool_reads</code>'); // 24 characters
    expect(renderMarkdown('`innodb_adaptive_hash_index_parts`')).toContain('<code>innodb_adaptive_hash_index_parts</code>');
    expect(renderMarkdown('```\n--table-size\n```')).not.toContain('nowrap'); // a block is a block
    expect(renderMarkdown('`WHERE k IN (10 values)`')).toContain('<code>WHERE k IN (10 values)</code>'); // wraps at its spaces
  });
  it('makes a counter the Counters table shows a button to its row, where asked; other code stays code', () => {
    const counters = new Set(['adaptive_hash_rows_added', 'Innodb_buffer_pool_reads']);
    const html = renderMarkdown('A\'s `adaptive_hash_rows_added` reads twice B\'s; `innodb_adaptive_hash_index` is an option.', { counters });
    expect(html).toContain('<button type="button" class="linklike counter-ref" data-counter-ref="adaptive_hash_rows_added" title="Show adaptive_hash_rows_added in the panel\'s Counters table"><code class="nowrap">adaptive_hash_rows_added</code></button>');
    expect(html).toContain('<code>innodb_adaptive_hash_index</code> is an option');
    expect(html.match(/<button/g)?.length).toBe(1);
    // Without the set (a step whose experiment has no Counters table, presenter slides): code.
    expect(renderMarkdown('`Innodb_buffer_pool_reads`')).not.toContain('<button');
    // A code block is not a counter reference.
    expect(renderMarkdown('```\nInnodb_buffer_pool_reads\n```', { counters })).not.toContain('<button');
  });
  it('never renders HTML from lesson data', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <b>x</b> [link](javascript:alert(1)) [ok](https://example.org)');
    expect(html).not.toMatch(/<script|<b>|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://example.org" target="_blank" rel="noopener noreferrer"');
  });
});
