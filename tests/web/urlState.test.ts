import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState, MAX_QUERY_LENGTH } from '../../web/src/ui/urlState';

const ctx = { stepCount: 5, knobs: [{ path: 'workload.max_rows', label: 'Rows', min: 1000, max: 2000000 }] };
const parse = (q: string) => parseUrlState(q, ctx);

describe('parseUrlState', () => {
  it('reads step, seed and knobs', () => {
    const r = parse('step=3&seed=7&k.workload.max_rows=50000');
    expect(r.messages).toEqual([]);
    expect(r.state).toEqual({ step: 3, seed: 7, knobs: { 'workload.max_rows': 50000 } });
  });

  it('accepts a leading ? and an empty query', () => {
    expect(parse('?step=2').state.step).toBe(2);
    expect(parse('')).toEqual({ state: { knobs: {} }, messages: [] });
  });

  it('round-trips through formatUrlState', () => {
    const q = formatUrlState({ step: 4, seed: 0, knobs: { 'workload.max_rows': 3000 } });
    expect(q).toBe('?step=4&seed=0&k.workload.max_rows=3000');
    expect(parse(q).state).toEqual({ step: 4, seed: 0, knobs: { 'workload.max_rows': 3000 } });
    expect(formatUrlState({ knobs: {} })).toBe('');
  });

  const bad: [string, string, RegExp][] = [
    ['unknown knob', 'k.workload.threads=4', /Unknown knob "k\.workload\.threads"; allowed: k\.workload\.max_rows/],
    ['non-numeric knob', 'k.workload.max_rows=lots', /"k\.workload\.max_rows" must be a number, got "lots"/],
    ['knob below range', 'k.workload.max_rows=5', /must be from 1000 to 2000000, got 5/],
    ['knob above range', 'k.workload.max_rows=9e9', /must be from 1000 to 2000000/],
    ['knob Infinity', 'k.workload.max_rows=Infinity', /must be a number/],
    ['knob NaN', 'k.workload.max_rows=NaN', /must be a number/],
    ['empty value', 'seed=', /"seed" must be a number/],
    ['step out of range', 'step=6', /"step" must be a step number from 1 to 5, got 6/],
    ['step zero', 'step=0', /from 1 to 5/],
    ['fractional step', 'step=2.5', /step number from 1 to 5/],
    ['negative seed', 'seed=-1', /"seed" must be an integer from 0 to 4294967295/],
    ['seed too big', 'seed=4294967296', /from 0 to 4294967295/],
    ['hex seed', 'seed=0x10', /must be a number/],
    ['too long value', `seed=${'1'.repeat(30)}`, /"seed" is too long \(at most 24 characters\)/],
    ['script in value', 'seed=%3Cscript%3Ealert(1)%3C%2Fscript%3E', /"seed" contains text that is not allowed/],
    ['javascript: in value', 'step=javascript:alert(1)', /"step" contains text that is not allowed/],
    ['script in name', '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1', /name contains text that is not allowed/],
    ['unknown parameter', 'foo=1', /Unknown parameter "foo"; allowed: step, seed, k\.<knob>/],
    ['bad encoding', 'seed=%E0%A4%A', /not correctly encoded/],
    ['duplicate', 'seed=1&seed=2', /appears more than once/],
    ['too long name', `${'a'.repeat(100)}=1`, /name is too long/],
  ];
  for (const [what, q, msg] of bad) {
    it(`ignores ${what} with a message`, () => {
      const r = parse(q);
      expect(r.messages.join('\n')).toMatch(msg);
      // The bad value is never applied.
      if (!/duplicate/.test(what)) expect(r.state).toEqual({ knobs: {} });
    });
  }

  it('never echoes markup in messages', () => {
    const r = parse('k.workload.max_rows=%3Cb%3Ex&seed=%22onload%3D');
    for (const m of r.messages) expect(m).not.toMatch(/[<>]|onload/);
  });

  it('keeps the good parameters beside bad ones', () => {
    const r = parse('step=2&seed=abc&k.workload.max_rows=4000');
    expect(r.state).toEqual({ step: 2, knobs: { 'workload.max_rows': 4000 } });
    expect(r.messages).toHaveLength(1);
  });

  it('refuses an over-long query as a whole', () => {
    const r = parse(`step=1&x=${'y'.repeat(MAX_QUERY_LENGTH)}`);
    expect(r.state).toEqual({ knobs: {} });
    expect(r.messages[0]).toMatch(/too long/);
  });

  it('reads at most 40 parameters', () => {
    const r = parse(Array.from({ length: 45 }, (_, i) => `p${i}=1`).join('&'));
    expect(r.messages[0]).toMatch(/first 40/);
    expect(r.messages).toHaveLength(41);
  });

  it('names the knobs as "none" when the page has none', () => {
    const r = parseUrlState('k.a=1', { stepCount: 1, knobs: [] });
    expect(r.messages[0]).toMatch(/none on this page/);
  });
});
