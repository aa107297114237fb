import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState, MAX_QUERY_LENGTH } from '../../web/src/ui/urlState';

const ctx = {
  stepCount: 5,
  knobs: [
    { path: 'workload.max_rows', label: 'Rows', min: 1000, max: 2000000 },
    { path: 'server.innodb_adaptive_flushing', label: 'Adaptive flushing', min: 0, max: 1, toggle: true },
  ],
};
const parse = (q: string) => parseUrlState(q, ctx);

describe('parseUrlState', () => {
  it('reads step, seed and knobs', () => {
    const r = parse('step=3&seed=7&k.workload.max_rows=50000');
    expect(r.messages).toEqual([]);
    expect(r.state).toEqual({ step: 3, seed: 7, knobs: { 'workload.max_rows': 50000 } });
  });

  it('accepts a leading ? and an empty query', () => {
    expect(parse('?step=2').state.step).toBe(2);
    expect(parse('')).toEqual({ state: { knobs: {} }, messages: [], rejected: [], ignoredAll: false });
  });

  it('round-trips through formatUrlState', () => {
    const q = formatUrlState({ step: 4, seed: 0, knobs: { 'workload.max_rows': 3000 } });
    expect(q).toBe('?step=4&seed=0&k.workload.max_rows=3000');
    expect(parse(q).state).toEqual({ step: 4, seed: 0, knobs: { 'workload.max_rows': 3000 } });
    expect(formatUrlState({ knobs: {} })).toBe('');
  });

  const bad: [string, string, RegExp][] = [
    ['unknown knob', 'k.workload.threads=4', /Unknown knob "k\.workload\.threads"; allowed: k\.workload\.max_rows/],
    ['non-numeric knob', 'k.workload.max_rows=lots', /"k\.workload\.max_rows" \(Rows\) must be a number from 1000 to 2000000, got "lots"/],
    ['toggle not 0 or 1', 'k.server.innodb_adaptive_flushing=0.5', /"k\.server\.innodb_adaptive_flushing" \(Adaptive flushing\) is an on\/off knob: it must be 0 \(off\) or 1 \(on\), got 0\.5/],
    ['knob below range', 'k.workload.max_rows=5', /must be from 1000 to 2000000, got 5/],
    ['knob above range', 'k.workload.max_rows=9e9', /must be from 1000 to 2000000/],
    ['knob Infinity', 'k.workload.max_rows=Infinity', /must be a number/],
    ['knob NaN', 'k.workload.max_rows=NaN', /must be a number/],
    ['empty value', 'seed=', /^Parameter "seed" has no value; it was ignored\.$/],
    ['no value at all', 'step', /^Parameter "step" has no value; it was ignored\.$/],
    ['step out of range', 'step=6', /"step" must be a step number from 1 to 5, got 6/],
    ['step zero', 'step=0', /from 1 to 5/],
    ['fractional step', 'step=2.5', /step number from 1 to 5/],
    ['negative seed', 'seed=-1', /"seed" must be an integer from 0 to 4294967295/],
    ['seed too big', 'seed=4294967296', /from 0 to 4294967295/],
    ['hex seed', 'seed=0x10', /"seed" must be an integer from 0 to 4294967295, got "0x10"/],
    ['text step', 'step=two', /"step" must be a step number from 1 to 5, got "two"/],
    ['text time', 't=soon', /"t" must be a number of simulated seconds from 0 to 86400, got "soon"/],
    ['text on/off knob', 'k.server.innodb_adaptive_flushing=yes', /"k\.server\.innodb_adaptive_flushing" \(Adaptive flushing\) must be 0 \(off\) or 1 \(on\), got "yes"/],
    ['too long value', `seed=${'1'.repeat(30)}`, /"seed" is too long \(at most 24 characters\)/],
    ['script in value', 'seed=%3Cscript%3Ealert(1)%3C%2Fscript%3E', /"seed" contains text that is not allowed/],
    ['javascript: in value', 'step=javascript:alert(1)', /"step" contains text that is not allowed/],
    ['script in name', '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1', /name contains text that is not allowed/],
    ['unknown parameter', 'foo=1', /Unknown parameter "foo"; allowed: step, seed, t, x, speed, k\.<knob>/],
    ['bad encoding', 'seed=%E0%A4%A', /Parameter "seed" is not correctly encoded \(bad %-escape\)/],
    ['bad encoding in a name', '%E0%A4%A=1', /A parameter name is not correctly encoded/],
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

  it('takes on/off, true/false as the values of an on/off knob (the scenario files say true and false)', () => {
    for (const [raw, v] of [['true', 1], ['on', 1], ['TRUE', 1], ['false', 0], ['off', 0], ['Off', 0], ['1', 1], ['0', 0]] as const) {
      const r = parse(`k.server.innodb_adaptive_flushing=${raw}`);
      expect(r.messages, raw).toEqual([]);
      expect(r.state.knobs, raw).toEqual({ 'server.innodb_adaptive_flushing': v });
    }
    // Not on a knob with a range, nor a word that is no value.
    expect(parse('k.workload.max_rows=true').messages[0]).toMatch(/"k\.workload\.max_rows" \(Rows\) must be a number from 1000 to 2000000, got "true"/);
    expect(parse('k.server.innodb_adaptive_flushing=constructor').messages[0]).toMatch(/must be 0 \(off\) or 1 \(on\), got "constructor"/);
  });

  it('never echoes markup in messages', () => {
    const r = parse('k.workload.max_rows=%3Cb%3Ex&seed=%22onload%3D');
    for (const m of r.messages) expect(m).not.toMatch(/[<>]|onload/);
  });

  it('keeps the good parameters beside bad ones', () => {
    const r = parse('step=2&seed=abc&k.workload.max_rows=4000');
    expect(r.state).toEqual({ step: 2, knobs: { 'workload.max_rows': 4000 } });
    expect(r.messages).toHaveLength(1);
  });

  it('refuses an over-long query as a whole, naming its longest parameter', () => {
    const r = parse(`step=1&seed=${'9'.repeat(10_000)}`);
    expect(r.state).toEqual({ knobs: {} });
    expect(r.ignoredAll).toBe(true);
    expect(r.messages).toEqual([
      'The address is too long (10012 characters; at most 2000), so none of its settings were used. Parameter "seed" alone is 10005 characters.',
    ]);
    // ... but never a name that is not safe to show
    const bad = parse(`%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=${'y'.repeat(MAX_QUERY_LENGTH)}`);
    expect(bad.messages[0]).toMatch(/^The address is too long \(\d+ characters; at most 2000\), so none of its settings were used\.$/);
  });

  it('lists the parameters it refused, so the page can keep what it shows', () => {
    const r = parse('step=9&seed=x&k.workload.max_rows=5&k.nope=1&foo=1&k.workload.max_rows=7');
    expect(r.rejected).toEqual(['step', 'seed', 'k.workload.max_rows']);
    expect(r.ignoredAll).toBe(false);
  });

  it('reads at most 40 parameters, and names unknown ones in one line', () => {
    const r = parse(Array.from({ length: 45 }, (_, i) => `p${i}=1`).join('&'));
    expect(r.messages[0]).toMatch(/first 40/);
    // 40 identical lines before.
    expect(r.messages).toEqual(['Only the first 40 parameters were read.', 'Unknown parameters "p0", "p1", "p2" and 37 more; allowed: step, seed, t, x, speed, k.<knob>. They were ignored.']);
    expect(parse('foo=1').messages).toEqual(['Unknown parameter "foo"; allowed: step, seed, t, x, speed, k.<knob>. It was ignored.']);
  });

  it('says a repeated parameter once, and names every parameter in the bad-name message', () => {
    expect(parse('seed=1&seed=2&seed=3').messages).toEqual(['Parameter "seed" appears more than once; the first value was used.']);
    expect(parse('se%3Ced=1').messages[0]).toMatch(/names are step, seed, t, x, speed or k\.<knob>/);
  });

  it('accepts a knob value any experiment of the lesson allows (shared paths, different ranges)', () => {
    const two = {
      stepCount: 5,
      knobs: [
        { path: 'workload.max_rows', label: 'Rows', min: 500, max: 20000 },
        { path: 'workload.max_rows', label: 'Rows', min: 10000, max: 2000000 },
      ],
    };
    expect(parseUrlState('k.workload.max_rows=5000', two).state.knobs).toEqual({ 'workload.max_rows': 5000 });
    expect(parseUrlState('k.workload.max_rows=1000000', two).state.knobs).toEqual({ 'workload.max_rows': 1000000 });
    const r = parseUrlState('k.workload.max_rows=100', two);
    expect(r.messages).toEqual(['Parameter "k.workload.max_rows" (Rows) must be from 500 to 2000000, got 100; it was ignored.']);
    expect(parseUrlState('k.nope=1', two).messages[0]).toMatch(/allowed: k\.workload\.max_rows\. It was ignored/);
  });

  it('reads the player\'s speed, one of the speeds the player offers, and writes it last', () => {
    expect(parse('speed=0.01').state.speed).toBe(0.01);
    expect(parse('speed=max').state.speed).toBe('max');
    expect(parse('speed=MAX').state.speed).toBe('max');
    expect(parse('speed=').messages).toEqual([
      'Parameter "speed" has no value (one of 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, max (simulated seconds per second)); the experiment\'s own speed is used.',
    ]);
    for (const raw of ['0.003', 'fast', '-1']) {
      const r = parse(`speed=${raw}`);
      expect(r.state.speed, raw).toBeUndefined();
      expect(r.rejected).toEqual(['speed']);
      expect(r.messages).toEqual([
        `Parameter "speed" must be one of 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, max (simulated seconds per second), got "${raw}"; the experiment's own speed is used.`,
      ]);
    }
    const q = formatUrlState({ step: 3, knobs: {}, t: 0.00075, speed: 0.01 });
    expect(q).toBe('?step=3&t=0.00075&speed=0.01');
    expect(parse(q).state).toEqual({ step: 3, knobs: {}, t: 0.00075, speed: 0.01 });
  });

  it('names a parameter the page does not use as unused, with why (an embed has no steps)', () => {
    const r = parseUrlState('step=2&x=seq&seed=7&foo=1', { stepCount: 1, knobs: [], unused: { step: 'an embed shows one experiment', x: 'an embed shows the experiment its address names' } });
    expect(r.state).toEqual({ seed: 7, knobs: {} });
    expect(r.messages).toEqual([
      'Parameter "step" is not used here: an embed shows one experiment. It was ignored.',
      'Parameter "x" is not used here: an embed shows the experiment its address names. It was ignored.',
      'Unknown parameter "foo"; allowed: seed, t, speed. It was ignored.', // no knobs here: no k.<knob>
    ]);
    expect(r.rejected).toEqual([]);
  });

  it('says the experiment shown has no knobs, and then lists no k.<knob>', () => {
    const r = parseUrlState('k.a=1&foo=2', { stepCount: 1, knobs: [] });
    expect(r.messages).toEqual(['Unknown knob "k.a"; the experiment shown has no knobs but its seed (seed=…). It was ignored.', 'Unknown parameter "foo"; allowed: step, seed, t, x, speed. It was ignored.']);
    // another experiment of the lesson has it: this one has none (it said "none on this page")
    const e = parseUrlState('k.storage.iops=3000', { stepCount: 1, knobs: [], knobsElsewhere: ['storage.iops'] });
    expect(e.messages).toEqual(['Knob "k.storage.iops" belongs to another experiment of this lesson; this one has no knobs but its seed (seed=…). It was ignored.']);
  });
  it('k.seed: the panel lists the seed among its knobs, but the address sets it with seed=', () => {
    const r = parseUrlState('k.seed=abc', { stepCount: 1, knobs: [] });
    expect(r.messages).toEqual(['Parameter "k.seed": the random seed is set with "seed" (e.g. seed=42), not as a knob. It was ignored.']);
  });
});
