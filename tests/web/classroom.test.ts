// Classroom features without a browser: routes of presenter/notes/embed, the shared
// link's t and x parameters, packing long links (deflate-raw + base64url) and refusing
// damaged ones by name, stored quiz progress, ```notes blocks, and the series CSV.
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../web/src/ui/route';
import { formatSeconds, formatUrlState, parseUrlState } from '../../web/src/ui/urlState';
import { expandQuery, packQuery } from '../../web/src/ui/shareLink';
import { progressLine, readProgress, score } from '../../web/src/lessons/progress';
import { parseLesson } from '../../web/src/lessons/parse';
import { notesOf } from '../../web/src/lessons/presenterChannel';
import { csvNumber, seriesCsv, slug } from '../../web/src/ui/exportView';

describe('routes', () => {
  it('maps presenter, notes and embed', () => {
    expect(parseRoute('#/present/primary-keys?step=3')).toEqual({ name: 'present', id: 'primary-keys', query: 'step=3' });
    expect(parseRoute('#/notes/primary-keys')).toEqual({ name: 'notes', id: 'primary-keys' });
    expect(parseRoute('#/embed/primary-keys/seq-vs-random?seed=3')).toEqual({ name: 'embed', id: 'primary-keys', experiment: 'seq-vs-random', query: 'seed=3' });
    expect(parseRoute('#/embed/primary-keys').name).toBe('notFound');
    expect(parseRoute('#/embed/primary-keys/Bad_Id').name).toBe('notFound');
    expect(parseRoute('#/present/Bad_Id').name).toBe('notFound');
  });
});

describe('shared link state', () => {
  const ctx = { stepCount: 5, knobs: [{ path: 'workload.max_rows', min: 1000, max: 2e6 }], experiments: ['seq-vs-random', 'lru'] };
  it('reads t (simulated seconds) and x (experiment)', () => {
    expect(parseUrlState('step=2&t=1.25&x=lru', ctx).state).toEqual({ step: 2, knobs: {}, t: 1.25, x: 'lru' });
  });
  it('names a bad t or x and ignores it', () => {
    const r = parseUrlState('t=-1&x=nope', ctx);
    expect(r.state).toEqual({ knobs: {} });
    expect(r.messages[0]).toMatch(/Parameter "t" \(simulated seconds\) must be from 0 to 86400, got -1/);
    expect(r.messages[1]).toMatch(/Parameter "x" must name an experiment of this page \(seq-vs-random, lru\), got "nope"/);
    expect(r.rejected).toEqual(['t', 'x']);
  });
  it('writes t with ns precision and no trailing zeros', () => {
    expect(formatSeconds(1.5)).toBe('1.5');
    expect(formatSeconds(0.000125)).toBe('0.000125');
    expect(formatSeconds(2)).toBe('2');
    expect(formatUrlState({ step: 3, seed: 7, knobs: { 'workload.max_rows': 5000 }, x: 'lru', t: 0.75 })).toBe('?step=3&seed=7&k.workload.max_rows=5000&x=lru&t=0.75');
  });
});

describe('packed links', () => {
  const knobs = ['innodb_buffer_pool_pages', 'innodb_old_blocks_pct', 'innodb_old_blocks_time_ms', 'innodb_lru_scan_depth', 'innodb_adaptive_hash_index_parts', 'innodb_sync_spin_loops', 'innodb_spin_wait_delay'];
  const long = `step=4&seed=123456&${knobs.map((k, i) => `k.server.${k}=${100 + i}`).join('&')}&x=seq-vs-random&t=12.345678901`;
  it('leaves short queries readable and packs long ones into z, round-tripping exactly', async () => {
    expect(await packQuery('step=2&seed=1')).toBe('step=2&seed=1');
    const packed = await packQuery(long);
    expect(packed).toMatch(/^z=[A-Za-z0-9_-]+$/);
    expect(packed.length).toBeLessThan(long.length);
    expect(await expandQuery(packed)).toEqual({ query: long, messages: [] });
    expect(await expandQuery(`${packed}&step=2`)).toEqual({ query: `${long}&step=2`, messages: [] });
  });
  it('names a truncated or changed z and keeps the other parameters', async () => {
    const packed = await packQuery(long);
    const cut = await expandQuery(`${packed.slice(0, 20)}&step=2`);
    expect(cut.query).toBe('step=2');
    expect(cut.messages).toEqual([expect.stringMatching(/^Parameter "z" .* could not be unpacked: the link looks cut off or changed/)]);
    const bad = await expandQuery('z=<script>');
    expect(bad.messages[0]).toMatch(/Parameter "z" .* contains characters a link of this site never has/);
    expect((await expandQuery(`z=${'A'.repeat(3000)}`)).messages[0]).toMatch(/Parameter "z" .* is too long \(3000 characters; at most 2000\)/);
  });
});

describe('quiz progress', () => {
  it('keeps valid entries and drops anything else', () => {
    const p = readProgress(JSON.stringify({ quizzes: { 'q-fill': { choice: 2, correct: true }, 'q-x': { choice: 'a', correct: true }, BAD: { choice: 1, correct: false } }, ran: ['seq', 7, '<x>'] }));
    // Saved before `checked` existed: counted as checked, as it was then.
    expect(p).toEqual({ quizzes: { 'q-fill': { choice: 2, correct: true, checked: true } }, ran: ['seq'] });
    expect(readProgress('not json')).toEqual({ quizzes: {}, ran: [] });
    expect(score(p, ['q-fill', 'q-size'])).toEqual({ answered: 1, correct: 1, waiting: 0, total: 2 });
  });
  it('does not tell whether a prediction held before a run has checked it', () => {
    const p = readProgress(
      JSON.stringify({ quizzes: { a: { choice: 0, correct: true, checked: false }, b: { choice: 1, correct: true, checked: true }, c: { choice: 1, correct: false, checked: true } }, ran: [], totals: { quizzes: 5, experiments: 3 } }),
    );
    expect(score(p, ['a', 'b', 'c', 'd'])).toEqual({ answered: 3, correct: 1, waiting: 1, total: 4 });
    expect(progressLine(p)).toBe('3 of 5 predictions made (1 held, 1 to check) · 0 of 3 experiments run');
    // Nothing checked yet: no "0 held" that reads as "wrong".
    const w = readProgress(JSON.stringify({ quizzes: { a: { choice: 0, correct: false, checked: false } }, ran: ['x'], totals: { quizzes: 5, experiments: 3 } }));
    expect(progressLine(w)).toBe('1 of 5 predictions made (1 to check) · 1 of 3 experiments run');
  });
  it('gives the home card a line once something was done, with the totals when stored', () => {
    expect(progressLine(readProgress(JSON.stringify({ quizzes: {}, ran: [] })))).toBeNull();
    const p = readProgress(JSON.stringify({ quizzes: { a: { choice: 0, correct: true }, b: { choice: 1, correct: false } }, ran: ['seq'], totals: { quizzes: 5, experiments: 3 } }));
    expect(p.totals).toEqual({ quizzes: 5, experiments: 3 });
    expect(progressLine(p)).toBe('2 of 5 predictions made (1 held) · 1 of 3 experiments run');
    // No totals (or bad ones): plain counts.
    const q = readProgress(JSON.stringify({ quizzes: {}, ran: ['seq', 'rnd'], totals: { quizzes: -1, experiments: 'x' } }));
    expect(q.totals).toBeUndefined();
    expect(progressLine(q)).toBe('2 experiments run');
  });
});

describe('speaker notes', () => {
  it('are ```notes blocks of a step, not prose', () => {
    const md = '---\nid: n\ntitle: N\nsummary: s\norder: 1\n---\n## One\nText.\n\n```notes\nSay **this**.\n```\n## Two\nMore.\n';
    const lesson = parseLesson('lessons/n.md', md);
    expect(lesson.errors).toEqual([]);
    expect(notesOf(lesson.steps[0].blocks)).toBe('Say **this**.');
    expect(lesson.steps[0].blocks.filter((b) => b.kind === 'prose')).toHaveLength(1);
    expect(notesOf(lesson.steps[1].blocks)).toBe('');
  });
});

describe('exports', () => {
  it('writes the series as CSV: engine columns, plus a run column for A/B', () => {
    const a = { columns: ['t_s', 'qps'], rows: [[0.1, 100], [0.2, 150.5]] };
    const b = { columns: ['t_s', 'qps'], rows: [[0.1, 90]] };
    expect(seriesCsv([a], ['A'])).toBe('t_s,qps\n0.1,100\n0.2,150.5\n');
    expect(seriesCsv([a, b], ['Sequential, INT', 'Random'])).toBe('run,t_s,qps\n"Sequential, INT",0.1,100\n"Sequential, INT",0.2,150.5\nRandom,0.1,90\n');
    expect(slug('Sequential vs random: PK!')).toBe('sequential-vs-random-pk');
  });

  it('rounds cells to 6 digits, never cutting the whole part (an MB column printed 16 decimals)', () => {
    // checkpoint_age_mb as the engine sends it (pk-random at 0.1 s)
    expect(csvNumber(3.2342615127563477)).toBe('3.23426');
    expect(seriesCsv([{ columns: ['checkpoint_age_mb'], rows: [[3.2342615127563477]] }], ['A'])).toBe('checkpoint_age_mb\n3.23426\n');
    expect(csvNumber(137.90592456301746)).toBe('137.906');
    expect(csvNumber(0.9999531440352357)).toBe('0.999953');
    expect(csvNumber(1234567.89)).toBe('1234568');
    expect(csvNumber(999999.7)).toBe('1000000');
    expect(csvNumber(99.999999)).toBe('100');
    expect(csvNumber(10880)).toBe('10880');
    expect(csvNumber(0.25)).toBe('0.25');
    expect(csvNumber(-2.5000001)).toBe('-2.5');
    expect(csvNumber(-0.0000001)).toBe('0');
    expect(csvNumber(NaN)).toBe('');
    expect(seriesCsv([{ columns: ['t_s', 'qps', 'bp_hit_rate'], rows: [[24, 0, NaN]] }], ['A'])).toBe('t_s,qps,bp_hit_rate\n24,0,\n');
  });
});

describe('presenter slide text scrolling', () => {
  it('has more below while the shown part ends above the text’s end; a press scrolls most of a screen', async () => {
    const { hasMoreBelow, slideScrollStep } = await import('../../web/src/lessons/slideScroll');
    expect(hasMoreBelow({ scrollTop: 0, clientHeight: 608, scrollHeight: 1301 })).toBe(true);
    expect(hasMoreBelow({ scrollTop: 692, clientHeight: 608, scrollHeight: 1301 })).toBe(false); // at the end (1 px rounding)
    expect(hasMoreBelow({ scrollTop: 0, clientHeight: 608, scrollHeight: 600 })).toBe(false); // fits
    expect(slideScrollStep(608)).toBe(365);
    expect(slideScrollStep(30)).toBe(40);
  });
});

describe('presenter: a long slide shrinks its text to fit, not below MIN_FIT', () => {
  it('gives the type scale at which the text fits, about the square root of the ratio, rounded down to 1%', async () => {
    const { fitScale, MIN_FIT } = await import('../../web/src/lessons/slideScroll');
    expect(fitScale(900, 968)).toBe(1);
    expect(fitScale(970, 968)).toBe(1); // 2 px of slack for rounding
    expect(fitScale(1100, 968)).toBe(0.93); // sqrt(0.88) = 0.938
    expect(fitScale(1200, 968)).toBe(0.89);
    expect(MIN_FIT).toBe(0.85);
    expect(fitScale(2000, 968)).toBe(MIN_FIT); // too long even then: it scrolls
  });
});
