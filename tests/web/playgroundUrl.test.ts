import { describe, expect, it } from 'vitest';
import { applyChanges, changesOf, linkRunErrors, parsePlaygroundQuery, playgroundQuery } from '../../web/src/ui/playgroundUrl';

const base = JSON.stringify({ seed: 42, workload: { threads: 16, query: 'insert', rand_type: 'uniform' }, table: { columns: [{ name: 'id', type: 'int' }] } });
const known = (f: string) => f === 'file:pk-random.json' || f === 'lesson:primary-keys/seq-vs-random';

describe('playground links', () => {
  it('carry only what differs from the starting point, and rebuild the same scenario', () => {
    const edited = applyChanges(base, { 'workload.threads': 64, 'workload.query': 'point_select', 'server.cores': 2 });
    const a = changesOf(base, edited);
    expect(a).toEqual({ 'workload.threads': 64, 'workload.query': 'point_select', 'server.cores': 2 });
    const q = playgroundQuery({ from: 'file:pk-random.json', ab: false, a: a as Record<string, never>, b: {} });
    expect(q).toBe('from=file%3Apk-random.json&a.workload.threads=64&a.workload.query=point_select&a.server.cores=2');
    const { link, messages } = parsePlaygroundQuery(q, known);
    expect(messages).toEqual([]);
    expect(link).toEqual({ from: 'file:pk-random.json', ab: false, a: { 'workload.threads': 64, 'workload.query': 'point_select', 'server.cores': 2 }, b: {} });
    expect(JSON.parse(applyChanges(base, link!.a))).toEqual(JSON.parse(edited));
  });

  it('write text that reads as JSON quoted, arrays as JSON, and a left-out field as an empty value', () => {
    const edited = JSON.stringify({ seed: 42, workload: { threads: 16, query: '64', rand_type: 'uniform' }, table: { columns: [{ name: 'k', type: 'int' }] } });
    const b = changesOf(base, JSON.stringify({ seed: 42, workload: { threads: 16, query: 'insert' }, table: JSON.parse(base).table }));
    expect(b).toEqual({ 'workload.rand_type': undefined });
    const q = playgroundQuery({ from: 'defaults', ab: true, a: changesOf(base, edited) as never, b: b as never });
    expect(q).toBe('from=defaults&ab=1&a.workload.query=%2264%22&a.table.columns=%5B%7B%22name%22%3A%22k%22%2C%22type%22%3A%22int%22%7D%5D&b.workload.rand_type=');
    const { link } = parsePlaygroundQuery(q, known);
    expect(JSON.parse(applyChanges(base, link!.a))).toEqual(JSON.parse(edited));
    expect(JSON.parse(applyChanges(base, link!.b)).workload).toEqual({ threads: 16, query: 'insert' });
  });

  it('name each refused parameter and what is allowed', () => {
    const { link, messages } = parsePlaygroundQuery('from=defaults&rows=-5&ab=2&a.bad..path=1&b.workload.threads=8&a.seed=7', known);
    expect(link).toEqual({ from: 'defaults', ab: false, a: { seed: 7 }, b: { 'workload.threads': 8 } });
    expect(messages).toEqual([
      'Parameter "rows" is not a playground setting (allowed: from, ab, t, a.<field path>, b.<field path>); it was ignored.',
      'Parameter "ab" must be 1 (compare A with B) or 0, got "2".',
      'Parameter "a.bad..path": after "a." comes a scenario field path like workload.threads; it was ignored.',
      'The link sets B\'s fields but not "ab=1"; B is off and they were ignored.',
    ]);
  });

  it('use the first of a repeated parameter and say so; an empty from is named as empty', () => {
    const { link, messages } = parsePlaygroundQuery('from=file:pk-random.json&from=file:pk-sequential.json&a.seed=7&a.seed=8', (f) => f.startsWith('file:'));
    expect(link).toEqual({ from: 'file:pk-random.json', ab: false, a: { seed: 7 }, b: {} });
    expect(messages).toEqual(['Parameter "from" appears more than once; the first value was used.', 'Parameter "a.seed" appears more than once; the first value was used.']);
    const empty = parsePlaygroundQuery('from=&a.seed=7', known);
    expect(empty.link).toEqual({ from: 'defaults', ab: false, a: {}, b: {} });
    expect(empty.messages).toEqual(['Parameter "from" has no value; the engine defaults are shown instead, without the link\'s changes.']);
  });

  it('drop the changes of an unknown starting point, and never echo markup', () => {
    const { link, messages } = parsePlaygroundQuery('from=%3Cimg%20src%3Dx%3E&a.seed=7&%E0%A4%A=1', known);
    expect(link).toEqual({ from: 'defaults', ab: false, a: {}, b: {} });
    expect(messages).toHaveLength(2);
    expect(messages.join(' ')).not.toMatch(/<img/);
    expect(messages[0]).toMatch(/^Parameter "from" must name a starting point .* got "\(a name that is not allowed\)"/);
    expect(messages[1]).toMatch(/not valid URL encoding/);
  });

  it('carry the simulated time a link was copied at, and refuse a bad one by name', () => {
    const q = playgroundQuery({ from: 'defaults', ab: false, a: { seed: 7 }, b: {}, t: 1.25 });
    expect(q).toBe('from=defaults&a.seed=7&t=1.25');
    expect(parsePlaygroundQuery(q, known).link).toEqual({ from: 'defaults', ab: false, a: { seed: 7 }, b: {}, t: 1.25 });
    // t = 0 is the start: not written
    expect(playgroundQuery({ from: 'defaults', ab: false, a: {}, b: {}, t: 0 })).toBe('from=defaults');
    for (const bad of ['-1', 'abc', '', '99999999']) {
      const { link, messages } = parsePlaygroundQuery(`from=defaults&t=${bad}`, known);
      expect(link!.t).toBeUndefined();
      expect(messages).toEqual([`Parameter "t" (simulated seconds) must be from 0 to 86400, got ${bad === '' ? 'nothing' : `"${bad}"`}; the run starts at 0.`]);
    }
  });

  it('an empty query is no link', () => {
    expect(parsePlaygroundQuery('', known)).toEqual({ link: null, messages: [] });
  });
});

describe('a link whose run the engine refuses', () => {
  it('names the link\'s own parameter, or the scenario field it did not set, and says what to do', () => {
    const link = { from: 'file:pk-random.json', ab: true, a: { 'workload.threads': -5 }, b: {} };
    const errors = [{ path: 'workload.threads', message: 'must be an integer from 1 to 4096, got -5' }];
    expect(linkRunErrors(link, 'A', errors)).toEqual([
      'Parameter "a.workload.threads" must be an integer from 1 to 4096, got -5; fix it in the form and press “Run this scenario pair”.',
    ]);
    // a single scenario's button has no "pair"
    expect(linkRunErrors({ ...link, ab: false }, 'A', errors)[0]).toMatch(/press “Run this scenario”\.$/);
    expect(linkRunErrors(link, 'B', [{ path: 'server.innodb_io_capacity_max', message: 'must be at least innodb_io_capacity (5000), got 4000' }])).toEqual([
      "The link's scenario B has a problem at server.innodb_io_capacity_max: must be at least innodb_io_capacity (5000), got 4000; fix it in the form and press “Run this scenario pair”.",
    ]);
  });
});
