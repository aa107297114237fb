import { beforeEach, describe, expect, it } from 'vitest';
import { EngineClient, NOT_DOWNLOADED, type RestartInfo, type WorkerLike } from '../../web/src/engine/client';
import { EngineError, parseEngineError } from '../../web/src/engine/errors';
import { SimHost } from '../../web/src/engine/host';
import { frameTransferables, isRequest } from '../../web/src/engine/protocol';
import { STATUS_MIN_INTERVAL_MS, statusDue } from '../../web/src/engine/statusThrottle';
import { fakeEngine, fakeScenario, FakeSimulation } from './fixtures/fakeEngine';
import { FakeWorker } from './fixtures/fakeWorker';

describe('parseEngineError', () => {
  it('reads the engine JSON', () => {
    const e = new Error(JSON.stringify({ code: 'config', errors: [{ path: 'workload.threads', message: 'must be ≥ 1' }] }));
    expect(parseEngineError(e)).toEqual({ code: 'config', errors: [{ path: 'workload.threads', message: 'must be ≥ 1' }] });
  });
  it('treats anything else as a panic', () => {
    expect(parseEngineError(new Error('RuntimeError: unreachable'))).toEqual({ code: 'panic', errors: [{ path: '', message: 'RuntimeError: unreachable' }] });
    expect(parseEngineError('boom').code).toBe('panic');
    expect(parseEngineError(new Error('{"code":"weird"}')).code).toBe('panic');
  });
  it('EngineError names the fields in its message', () => {
    const e = new EngineError({ code: 'knob', errors: [{ path: 'workload.threads', message: 'too big' }] });
    expect(e.message).toBe('workload.threads: too big');
    expect(e.toData()).toEqual({ code: 'knob', errors: [{ path: 'workload.threads', message: 'too big' }] });
  });
});

describe('SimHost', () => {
  let host: SimHost;
  beforeEach(() => {
    host = new SimHost(fakeEngine, () => 0);
  });

  it('creates A and B and runs them in lockstep', () => {
    const c = host.handle('create', { scenarios: [fakeScenario(), fakeScenario({ workload: { threads: 2, max_rows: 5000 } })] });
    expect(c.indexes).toHaveLength(2);
    expect(c.columns[0][0]).toBe('t_s');
    const r = host.handle('runTo', { tNs: 0.5e9 });
    expect(r).toEqual({ timeNs: 0.5e9, done: [false, false] });
    const { frames } = host.handle('frame', {});
    expect(frames.map((f) => f.timeNs)).toEqual([0.5e9, 0.5e9]);
    expect(frames.map((f) => f.summary.tables[0].rows)).toEqual([500, 1000]);
  });

  it('sends series rows and events only once, and again after a restore', () => {
    host.handle('create', { scenarios: [fakeScenario()] });
    const snap = host.handle('snapshot', {});
    host.handle('runTo', { tNs: 0.3e9 });
    let f = host.handle('frame', {}).frames[0];
    expect(f.series).toMatchObject({ columns: ['t_s', 'inserts_per_s', 'rows'], firstIndex: 0 });
    expect(f.series.rows).toEqual([
      [0.1, 1000, 100],
      [0.2, 1000, 200],
      [0.3, 1000, 300],
    ]);
    expect(f.events.map((e) => e.kind)).toEqual(['PageSplit', 'PageSplit', 'PageSplit']);
    f = host.handle('frame', {}).frames[0];
    expect(f.series.rows).toEqual([]);
    expect(f.events).toEqual([]);
    host.handle('restore', { token: snap.token });
    host.handle('runTo', { tNs: 0.1e9 });
    f = host.handle('frame', {}).frames[0];
    expect(f.series.firstIndex).toBe(0);
    expect(f.series.rows).toEqual([[0.1, 1000, 100]]);
    expect(f.events).toHaveLength(1);
  });

  it('restores exactly (deterministic replay)', () => {
    host.handle('create', { scenarios: [fakeScenario()] });
    host.handle('runTo', { tNs: 0.2e9 });
    const snap = host.handle('snapshot', {});
    host.handle('runTo', { tNs: 0.7e9 });
    const direct = host.handle('frame', {}).frames[0].summary;
    host.handle('restore', { token: snap.token });
    host.handle('runTo', { tNs: 0.7e9 });
    expect(host.handle('frame', {}).frames[0].summary).toEqual(direct);
  });

  it('stops at the scenario end and reports done', () => {
    host.handle('create', { scenarios: [fakeScenario()] });
    expect(host.handle('runTo', { tNs: 5e9 })).toEqual({ timeNs: 1e9, done: [true] });
  });

  it('returns buffers that can be transferred', () => {
    host.handle('create', { scenarios: [fakeScenario()] });
    host.handle('runTo', { tNs: 0.5e9 });
    const { frames } = host.handle('frame', {});
    const pool = frames[0].pool;
    expect(pool.byteLength).toBe(pool.buffer.byteLength); // the wasm-style view was copied
    expect(frames[0].threadStates.byteLength).toBe(frames[0].threadStates.buffer.byteLength);
    // leaf fill, leaf state, upper levels, pool, thread states, query cache strip
    expect(frameTransferables(frames)).toHaveLength(6);
  });

  it('carries thread states and AHI partitions in every frame', () => {
    host.handle('create', { scenarios: [fakeScenario({ workload: { threads: 8, max_rows: 5000 } })] });
    host.handle('runTo', { tNs: 0.2e9 });
    const [f] = host.handle('frame', {}).frames;
    // sample 2: thread i is in state (i + 2) % 6
    expect(Array.from(f.threadStates)).toEqual([2, 3, 4, 5, 0, 1, 2, 3]);
    expect(f.summary.threads).toEqual({ total: 7, running: 1, waitingCpu: 2, waitingIo: 2, spinning: 1, sleepingOnLatch: 1 });
    expect(f.ahiParts.map((p) => [p.part, p.nodes, p.heapPages])).toEqual([
      [0, 160, 2],
      [1, 0, 0],
    ]);
    expect(f.statusText).toBeUndefined(); // not asked for
  });

  it('adds status_text() only when asked, after time moved, at most once a second of wall time', () => {
    let now = 0;
    const h = new SimHost(fakeEngine, () => now);
    h.handle('create', { scenarios: [fakeScenario({ workload: { threads: 1, max_rows: 1e9 } })] });
    const status = () => h.handle('frame', { statusText: true }).frames[0].statusText;
    expect(status()).toBeUndefined(); // t = 0: nothing to average yet
    h.handle('runTo', { tNs: 0.1e9 });
    expect(status()).toBe('FAKE STATUS t = 0.1 s, call 1');
    h.handle('runTo', { tNs: 0.2e9 });
    now = STATUS_MIN_INTERVAL_MS - 1;
    expect(status()).toBeUndefined(); // too soon
    now = STATUS_MIN_INTERVAL_MS;
    expect(status()).toBe('FAKE STATUS t = 0.2 s, call 2');
    now = 5 * STATUS_MIN_INTERVAL_MS;
    expect(status()).toBeUndefined(); // paused: time did not move
    expect(h.handle('frame', {}).frames[0].statusText).toBeUndefined();
  });

  it('answers `status` with the texts that are due (a STATUS view while paused)', () => {
    let now = 0;
    const h = new SimHost(fakeEngine, () => now);
    h.handle('create', { scenarios: [fakeScenario({ workload: { threads: 1, max_rows: 1e9 } }), fakeScenario({ workload: { threads: 2, max_rows: 1e9 } })] });
    h.handle('runTo', { tNs: 0.3e9 });
    expect(h.handle('status', {})).toEqual({ texts: ['FAKE STATUS t = 0.3 s, call 1', 'FAKE STATUS t = 0.3 s, call 1'], timeNs: [0.3e9, 0.3e9] });
    h.handle('runTo', { tNs: 0.4e9 });
    now = 200;
    expect(h.handle('status', {}).texts).toEqual([null, null]);
    now = 1200;
    expect(h.handle('status', {}).texts).toEqual(['FAKE STATUS t = 0.4 s, call 2', 'FAKE STATUS t = 0.4 s, call 2']);
  });

  it('re-bases the status averages after a restore', () => {
    let now = 0;
    const h = new SimHost(fakeEngine, () => now);
    h.handle('create', { scenarios: [fakeScenario({ workload: { threads: 1, max_rows: 1e9 } })] });
    const snap = h.handle('snapshot', {});
    h.handle('runTo', { tNs: 0.5e9 });
    expect(h.handle('frame', { statusText: true }).frames[0].statusText).toBe('FAKE STATUS t = 0.5 s, call 1');
    h.handle('restore', { token: snap.token }); // call 2 re-bases at t = 0
    h.handle('runTo', { tNs: 0.1e9 });
    now = 10; // no wait after a restore
    expect(h.handle('frame', { statusText: true }).frames[0].statusText).toBe('FAKE STATUS t = 0.1 s, call 3');
  });

  it('stops a budgeted run early', () => {
    let now = 0;
    const h = new SimHost(fakeEngine, () => (now += 5));
    h.handle('create', { scenarios: [fakeScenario({ workload: { threads: 1, max_rows: 1e9 } })] });
    const r = h.handle('runTo', { tNs: 8e9, budgetMs: 12 });
    expect(r.timeNs).toBeGreaterThan(0);
    expect(r.timeNs).toBeLessThan(8e9);
  });

  it('turns engine throws into typed errors naming the field', () => {
    expect(() => host.handle('create', { scenarios: [fakeScenario({ workload: { threads: 0 } })] })).toThrowError(/workload\.threads: must be an integer/);
    try {
      host.handle('create', { scenarios: [fakeScenario(), fakeScenario({ workload: { threads: 0 } })] });
    } catch (e) {
      expect((e as EngineError).code).toBe('config');
      expect((e as EngineError).errors[0].path).toBe('B:workload.threads');
    }
    expect(() => host.handle('frame', {})).toThrowError(/send create first/);
    host.handle('create', { scenarios: [fakeScenario()] });
    expect(() => host.handle('restore', { token: 42 })).toThrowError(/no snapshot 42/);
    expect(() => host.handle('setKnob', { name: 'nope', value: 1 })).toThrow(EngineError);
  });

  it('frees simulations it replaces or disposes, and a half-made pair', () => {
    const before = FakeSimulation.live;
    host.handle('create', { scenarios: [fakeScenario(), fakeScenario()] });
    host.handle('create', { scenarios: [fakeScenario()] });
    expect(FakeSimulation.live).toBe(before + 1);
    expect(() => host.handle('create', { scenarios: [fakeScenario(), '{bad'] })).toThrow();
    expect(FakeSimulation.live).toBe(before);
    host.handle('create', { scenarios: [fakeScenario()] });
    host.handle('dispose', {});
    expect(FakeSimulation.live).toBe(before);
  });

  it('frames carry the query cache strip and lock only when the scenario has a cache', () => {
    host.handle('create', { scenarios: [fakeScenario(), fakeScenario({ server: { query_cache: 'mysql' } })] });
    host.handle('runTo', { tNs: 0.5e9 });
    const [plain, qc] = host.handle('frame', {}).frames;
    expect(plain.qcKind).toBe('none');
    expect(Array.from(plain.qcBlocks)).toEqual([]);
    expect(plain.qcLock).toEqual({ holder: null, waiting: 0, acquisitions: 0, waits: 0, timeouts: 0 });
    expect(qc.qcKind).toBe('mysql');
    // 500 rows: a query block, 5 result blocks, the free rest of 64 units
    expect(Array.from(qc.qcBlocks)).toEqual([1, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 0, 58]);
    expect(qc.qcLock).toEqual({ holder: 1, waiting: 0, acquisitions: 500, waits: 0, timeouts: 0 });
    expect(frameTransferables([qc])).toContain(qc.qcBlocks.buffer);
  });

  it('sweeps value by value, A then B, in budgeted steps, with progress; a mapping value sets several fields', () => {
    let clock = 0;
    const h = new SimHost(fakeEngine, () => (clock += 1));
    const live = FakeSimulation.live;
    const base = fakeScenario({ workload: { threads: 1, max_rows: 100 } });
    const { count } = h.handle('sweepStart', { scenarios: [base, base], path: 'workload.threads', values: [1, 2, { 'workload.threads': 4, 'workload.max_rows': 200 }] });
    expect(count).toBe(6);
    const done: { value: number; side: number; rows: number }[] = [];
    let last = -1;
    for (let i = 0; i < 1000; i++) {
      const r = h.handle('sweepStep', { budgetMs: 3 });
      expect(r.progress).toBeGreaterThanOrEqual(last);
      last = r.progress;
      for (const c of r.completed) done.push({ value: c.value, side: c.side, rows: Math.round(c.row.selectsPerS * c.row.seconds) });
      if (r.done) break;
    }
    expect(last).toBe(1);
    expect(done).toEqual([
      { value: 0, side: 0, rows: 100 },
      { value: 0, side: 1, rows: 100 },
      { value: 1, side: 0, rows: 100 },
      { value: 1, side: 1, rows: 100 },
      { value: 2, side: 0, rows: 200 },
      { value: 2, side: 1, rows: 200 },
    ]);
    // every sweep simulation was freed; the sweep is over
    expect(FakeSimulation.live).toBe(live);
    expect(() => h.handle('sweepStep', { budgetMs: 3 })).toThrow(/no sweep/);
  });

  it('a bad sweep value is refused up front, naming the field; cancel frees the running simulation', () => {
    const live = FakeSimulation.live;
    expect(() => host.handle('sweepStart', { scenarios: [fakeScenario()], path: 'workload.threads', values: [1, 0] })).toThrow(/workload.threads: must be an integer/);
    host.handle('sweepStart', { scenarios: [fakeScenario({ workload: { threads: 1, max_rows: 100000 } })], path: 'workload.threads', values: [1, 2] });
    const r = host.handle('sweepStep', { budgetMs: 0 });
    expect(r.done).toBe(false);
    expect(r.progress).toBeGreaterThan(0);
    expect(r.progress).toBeLessThan(0.5);
    expect(FakeSimulation.live).toBe(live + 1);
    host.handle('sweepCancel', {});
    expect(FakeSimulation.live).toBe(live);
  });

  it('validates messages structurally', () => {
    expect(isRequest({ id: 1, type: 'frame', args: {} })).toBe(true);
    expect(isRequest({ id: '1', type: 'frame', args: {} })).toBe(false);
    expect(isRequest(null)).toBe(false);
  });
});

describe('statusDue', () => {
  it('needs time past 0 and past the last call, and the wall interval', () => {
    expect(statusDue(null, 0, 0)).toBe(false);
    expect(statusDue(null, 1, 0)).toBe(true);
    expect(statusDue({ wallMs: 0, timeNs: 5 }, 5, 5000)).toBe(false);
    expect(statusDue({ wallMs: 0, timeNs: 5 }, 6, 999)).toBe(false);
    expect(statusDue({ wallMs: 0, timeNs: 5 }, 6, 1000)).toBe(true);
  });
});

describe('EngineClient', () => {
  let restarts: RestartInfo[];
  let client: EngineClient;
  beforeEach(() => {
    FakeWorker.created = [];
    restarts = [];
    client = new EngineClient(() => new FakeWorker(), (i) => restarts.push(i));
  });

  it('keeps one request in flight', async () => {
    await client.create([fakeScenario()]);
    await Promise.all([client.runTo(1e8), client.frame(), client.runTo(2e8), client.frame(), client.snapshot()]);
    expect(FakeWorker.created[0].maxInFlight).toBe(1);
    expect(FakeWorker.created[0].received.map((r) => r.type)).toEqual(['create', 'runTo', 'frame', 'runTo', 'frame', 'snapshot']);
  });

  it('rejects with a typed error and keeps working', async () => {
    await expect(client.create([fakeScenario({ workload: { threads: 0 } })])).rejects.toMatchObject({ code: 'config', errors: [{ path: 'workload.threads' }] });
    await client.create([fakeScenario()]);
    expect((await client.runTo(0.2e9)).timeNs).toBe(0.2e9);
  });

  it('after a panic starts a new worker and replays to the last good time', async () => {
    await client.create([fakeScenario({ fake: { panic_at_ns: 0.5e9 } })]);
    await client.runTo(0.4e9);
    await expect(client.runTo(0.6e9)).rejects.toMatchObject({ code: 'panic' });
    expect(FakeWorker.created).toHaveLength(2);
    expect(FakeWorker.created[0].terminated).toBe(true);
    expect(restarts).toEqual([{ error: { code: 'panic', errors: [{ path: '', message: 'RuntimeError: unreachable' }] }, timeNs: 0.4e9, ok: true }]);
    expect(FakeWorker.created[1].received.map((r) => r.type)).toEqual(['create', 'runTo']);
    const [f] = await client.frame();
    expect(f.timeNs).toBe(0.4e9);
    expect(f.summary.tables[0].rows).toBe(400);
  });

  it('debugPanic: the panic hook\'s message replaces the bare trap, and the replay restores the time', async () => {
    await client.create([fakeScenario()]);
    await client.runTo(0.3e9);
    await expect(client.debugPanic()).rejects.toMatchObject({
      code: 'panic',
      errors: [{ path: '', message: 'panicked at src/fake.rs:1:1:\ndeliberate fake panic' }],
    });
    expect(FakeWorker.created).toHaveLength(2);
    expect(restarts).toEqual([{ error: { code: 'panic', errors: [{ path: '', message: 'panicked at src/fake.rs:1:1:\ndeliberate fake panic' }] }, timeNs: 0.3e9, ok: true }]);
    expect((await client.frame())[0].timeNs).toBe(0.3e9);
  });

  it("a player's calls made after a newer create() are refused as stale, not run on the new simulations", async () => {
    await client.create([fakeScenario()]);
    const old = client.player();
    await old.runTo(0.3e9);
    // A knob that changes the scenario: a new create() is called while the old run's
    // next step is still to come (it ran the new simulations to the old run's time).
    const made = client.create([fakeScenario({ seed: 7 })]);
    await expect(old.runTo(0.5e9)).rejects.toMatchObject({ code: 'stale' });
    await expect(old.frame()).rejects.toMatchObject({ code: 'stale' });
    await made;
    const current = client.player();
    expect((await current.frame())[0].timeNs).toBe(0);
    // The player's own re-create (a step back with no checkpoint) keeps its calls valid.
    await current.runTo(0.2e9);
    await current.recreate();
    expect((await current.runTo(0.1e9)).timeNs).toBe(0.1e9);
    expect(FakeWorker.created[0].received.map((r) => r.type)).toEqual(['create', 'runTo', 'create', 'frame', 'runTo', 'create', 'runTo']);
  });

  it('replays runtime knobs at their times', async () => {
    await client.create([fakeScenario({ workload: { threads: 1, max_rows: 1e9 } })]);
    await client.runTo(0.2e9);
    await client.setKnob('workload.rate', 5000);
    await client.runTo(0.4e9);
    const before = (await client.frame())[0].summary;
    FakeWorker.created[0].crashOn = 'runTo';
    await expect(client.runTo(0.5e9)).rejects.toMatchObject({ code: 'crash' });
    expect(restarts[0]).toMatchObject({ timeNs: 0.4e9, ok: true });
    expect(FakeWorker.created[1].received.map((r) => r.type)).toEqual(['create', 'runTo', 'setKnob', 'runTo']);
    expect((await client.frame())[0].summary).toEqual(before);
  });

  it('a worker that cannot be downloaded is reported once, and no new worker is started (it looped ~70 times a second)', async () => {
    let made = 0;
    const seen: RestartInfo[] = [];
    const dead = new EngineClient(() => {
      made += 1;
      const w: WorkerLike = {
        onmessage: null,
        onerror: null,
        postMessage() {
          setTimeout(() => w.onerror?.({ message: '', preventDefault() {} } as ErrorEvent), 0);
        },
        terminate() {},
      };
      return w;
    }, (i) => seen.push(i));
    await expect(dead.create([fakeScenario()])).rejects.toMatchObject({ code: 'unavailable', errors: [{ message: NOT_DOWNLOADED }] });
    await expect(dead.runTo(1e8)).rejects.toMatchObject({ code: 'unavailable' });
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toBe(1);
    expect(seen).toEqual([]);
  });

  it('stops restarting a worker that keeps crashing (3 restarts within 30 s)', async () => {
    await client.create([fakeScenario()]);
    await client.runTo(0.1e9);
    for (let i = 0; i < 3; i++) {
      FakeWorker.created[i].crashOn = 'runTo';
      await expect(client.runTo(0.2e9)).rejects.toMatchObject({ code: 'crash' });
    }
    expect(restarts.map((r) => r.ok)).toEqual([true, true, true]);
    FakeWorker.created[3].crashOn = 'runTo';
    await expect(client.runTo(0.2e9)).rejects.toMatchObject({ code: 'crash' });
    expect(FakeWorker.created).toHaveLength(4);
    expect(restarts[3]).toMatchObject({ ok: false, cause: { code: 'crash' } });
    expect(restarts[3].cause?.errors[0].message).toMatch(/stopped 4 times within 30 s/);
    await expect(client.frame()).rejects.toMatchObject({ code: 'crash' });
    expect(FakeWorker.created).toHaveLength(4);
  });

  it('a crash with nothing running starts a fresh worker quietly (it announced a replay to t = 0)', async () => {
    await new Promise((r) => setTimeout(r, 5)); // the worker has said it started
    FakeWorker.created[0].onerror?.({ message: 'gone', preventDefault() {} } as ErrorEvent);
    await new Promise((r) => setTimeout(r, 10));
    await client.create([fakeScenario()]);
    expect(restarts).toEqual([]);
    expect((await client.runTo(0.1e9)).timeNs).toBe(0.1e9);
  });

  it('recovers from a crash while idle', async () => {
    await client.create([fakeScenario()]);
    await client.runTo(0.3e9);
    FakeWorker.created[0].onerror?.({ message: 'gone', preventDefault() {} } as ErrorEvent);
    const [f] = await client.frame();
    expect(f.timeNs).toBe(0.3e9);
    expect(restarts).toHaveLength(1);
    expect(restarts[0].error.code).toBe('crash');
  });

  it('drops knobs undone by a restore', async () => {
    await client.create([fakeScenario({ workload: { threads: 1, max_rows: 1e9 } })]);
    const snap = await client.snapshot();
    await client.runTo(0.2e9);
    await client.setKnob('workload.rate', 5000);
    await client.restore(snap.token);
    await client.runTo(0.1e9);
    FakeWorker.created[0].crashOn = 'frame';
    await expect(client.frame()).rejects.toMatchObject({ code: 'crash' });
    expect(FakeWorker.created[1].received.map((r) => r.type)).toEqual(['create', 'runTo']);
  });

  it('re-creates from t = 0 and answers page records', async () => {
    await client.create([fakeScenario()]);
    await client.runTo(0.5e9);
    await client.recreate();
    expect((await client.frame())[0].timeNs).toBe(0);
    expect(JSON.parse(await client.pageRecords(0, 0, 3))).toMatchObject({ page: 3 });
    expect(JSON.parse(await client.defaultScenario())).toMatchObject({ version: 1 });
  });

  it('asks for the status text only while a view wants it', async () => {
    await client.create([fakeScenario()]);
    await client.frame();
    client.setStatusText(true);
    await client.frame();
    client.setStatusText(false);
    await client.frame();
    const frames = FakeWorker.created[0].received.filter((r) => r.type === 'frame');
    expect(frames.map((r) => r.args)).toEqual([{}, { statusText: true }, {}]);
  });

  it('rejects after dispose', async () => {
    client.dispose();
    await expect(client.frame()).rejects.toMatchObject({ code: 'state' });
  });
});
