// A sweep in an experiment panel: runs A (and B) once per value of one scenario field in
// a worker of its own, one run after another, with a progress bar and a Cancel button
// (which stops that worker at once; the panel's own simulation is untouched), then the
// chart of the metric by value with the article's figures beside it, and a table.

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EngineClient, type WorkerFactory } from '../engine/client';
import { parseEngineError } from '../engine/errors';
import type { SweepSpec } from '../lessons/types';
import { withRunSeconds } from '../lessons/scenarios';
import { formatFixed } from '../charts/common/format';
import { relativeToFirst } from '../charts/sweepChart/layout';
import { underscoreBreaks } from '../charts/common/Breakable';
import type { Palette } from './palette';
import { useViewComponents, ViewSlot } from './ViewSlot';
import { TableScroll } from './TableScroll';
import { stackTables } from './sweepLayout';
import { formatMetric, metricValue, SWEEP_METRIC_LABELS } from './sweepMetrics';
import { emptySweep, replacedNote, settled, sweepKey, sweepResults, type SweepState } from './sweepResults';

/** Wall time the worker runs the sweep between two progress reports. */
export const SWEEP_STEP_MS = 120;

interface Props {
  sweep: SweepSpec;
  sims: { label: string; json: string }[] | null;
  /** Side labels as the panel shows them ("A: MySQL 5.7"). */
  labels: string[];
  palette: Palette;
  workerFactory?: WorkerFactory;
  /** A sweep ran to its end (the experiment's quizzes are about its results). */
  onDone?: () => void;
}

/** What the panel shows: the results for one sweep of one set of scenarios. */
interface Shown {
  key: string;
  sweep: SweepSpec;
  state: SweepState;
  /** Why earlier results are gone (replacedNote). */
  note: string | null;
}

export function SweepPanel({ sweep, sims, labels, palette, workerFactory, onDone }: Props) {
  const sides = sims?.length ?? 0;
  const total = sides * sweep.values.length;
  // What the values are: the swept field's own name ("cores", "query_cache_size").
  const axis = sweep.path.split('.').at(-1) ?? sweep.path;
  const key = sweepKey(sims, sweep);
  const [shown, setShown] = useState<Shown>(() => ({ key, sweep, state: sweepResults.get(key) ?? emptySweep(sides, sweep.values.length), note: null }));
  const state = shown.state;
  const client = useRef<EngineClient | null>(null);
  const runId = useRef(0);
  const { components: V } = useViewComponents();

  const stop = useCallback(() => {
    runId.current += 1;
    client.current?.dispose();
    client.current = null;
  }, []);

  // New scenarios (a knob, a seed) or a new sweep: the results kept for them, if any.
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    stop();
    const next = sweepResults.get(key) ?? emptySweep(sims?.length ?? 0, sweep.values.length);
    setShown((prev) => ({ key, sweep, state: next, note: replacedNote(prev, sweep, next) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for sims and sweep
  }, [key, stop]);
  useEffect(() => stop, [stop]);
  // Every result shown is filed under the scenarios it was computed for.
  useEffect(() => sweepResults.put(shown.key, shown.state), [shown]);

  /** Updates the state of the sweep filed under `k`, unless the panel has moved on. */
  const update = useCallback((k: string, f: (s: SweepState) => SweepState) => setShown((prev) => (prev.key === k ? { ...prev, state: f(prev.state), note: null } : prev)), []);

  const run = useCallback(async () => {
    if (!sims) return;
    stop();
    const id = runId.current;
    const k = key;
    const c = new EngineClient(workerFactory);
    client.current = c;
    update(k, () => ({ ...emptySweep(sims.length, sweep.values.length), status: 'running' }));
    try {
      await c.sweepStart(
        sims.map((s) => withRunSeconds(s.json, sweep.runS)),
        sweep.path,
        sweep.values,
      );
      for (;;) {
        const r = await c.sweepStep(SWEEP_STEP_MS);
        if (id !== runId.current) return;
        update(k, (prev) => {
          const rows = prev.rows.map((r2) => r2.slice());
          for (const d of r.completed) rows[d.side][d.value] = d.row;
          return { ...prev, rows, progress: r.progress, finished: prev.finished + r.completed.length, status: r.done ? 'done' : 'running' };
        });
        if (r.done) {
          onDone?.();
          break;
        }
      }
    } catch (e) {
      if (id !== runId.current) return; // cancelled: the worker was stopped on purpose
      const data = parseEngineError(e);
      const words = data.errors.map((x) => (x.path ? `${x.path}: ${x.message}` : x.message)).join('; ');
      update(k, (prev) => ({ ...prev, status: 'error', error: data.code === 'panic' ? `The engine hit a bug during the sweep: ${words}` : `The sweep could not run: ${words}` }));
    } finally {
      if (id === runId.current) {
        c.dispose();
        client.current = null;
      }
    }
  }, [sims, sweep, key, workerFactory, stop, update, onDone]);

  const cancel = useCallback(() => {
    stop();
    update(key, (prev) => (prev.status === 'running' ? settled(prev, 'cancelled') : prev));
  }, [stop, update, key]);

  const running = state.status === 'running';
  // The button pressed is disabled while the sweep runs, which drops the keyboard's focus
  // to the page: it moves to Cancel when a sweep starts and back when it ends. Only when
  // the keyboard's focus was on the button: a sweep started by a key elsewhere (the
  // presenter's R) or by the mouse leaves focus where it was, or the presenter's next
  // Space pressed "Run the sweep again".
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(running);
  const focusHere = useRef(false);
  useEffect(() => {
    if (wasRunning.current === running) return;
    wasRunning.current = running;
    const [from, to] = running ? [runButton.current, cancelButton.current] : [cancelButton.current, runButton.current];
    const a = document.activeElement;
    if (focusHere.current && (a === from || a === document.body || a === null)) to?.focus();
    else focusHere.current = false;
  }, [running]);
  // Keyboard focus only (:focus-visible): a mouse click focuses the button too, and in
  // presenter mode the next Space then ran the whole sweep again instead of playing.
  const pressed = (button: RefObject<HTMLButtonElement | null>, act: () => unknown) => {
    const b = button.current;
    focusHere.current = b !== null && document.activeElement === b && b.matches(':focus-visible');
    // Clicked: the button gives its focus back to the page (it kept it, disabled, and the
    // next Space went to Cancel or to "Run the sweep again").
    if (b && !focusHere.current && document.activeElement === b) b.blur();
    void act();
  };
  // Side by side or stacked (sweepLayout.ts): measured after every render, as the values
  // fill in, and when the panel's width changes.
  const tablesBox = useRef<HTMLDivElement>(null);
  const [stacked, setStacked] = useState(false);
  const fitTables = useCallback(() => {
    const box = tablesBox.current;
    if (!box) return;
    const tables = [...box.querySelectorAll<HTMLTableElement>('table.sweep-table')];
    const axisWidth = tables[0]?.querySelector('th')?.offsetWidth ?? 0;
    const next = stackTables(sides, box.clientWidth, tables.map((t) => t.offsetWidth), axisWidth, stacked);
    if (next !== stacked) setStacked(next);
  }, [sides, stacked]);
  useLayoutEffect(fitTables);
  useEffect(() => {
    const box = tablesBox.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => fitTables());
    ro.observe(box);
    return () => ro.disconnect();
  }, [fitTables]);
  const ab = (i: number) => (i === 0 ? palette.ab.A : palette.ab.B);
  const refs = [sweep.reference?.A, sweep.reference?.B];
  const chartSides = (sims ?? []).map((_, i) => ({
    label: labels[i] ?? '',
    color: ab(i),
    values: state.rows[i]?.map((r) => metricValue(r, sweep.metric)) ?? [],
    ...(refs[i] ? { reference: refs[i] } : {}),
  }));
  // More of each run's row, in the table only (the lesson's `table`: a hit ratio beside the rate).
  const extra = sweep.table;
  const pct = Math.round(state.progress * 100);
  const statusWords =
    state.status === 'running'
      ? `Running: ${state.finished} of ${total} runs done; ${pct}% of the whole sweep, the run under way included.`
      : state.status === 'done'
        ? // The panel's other views stayed at "hit ratio –" beside a table of hit ratios (QA).
          `Done: ${total} runs of ${formatFixed(sweep.runS, 2)} simulated s each. They run apart from the panel's own simulation: its other views show that one, which Play plays.`
        : state.status === 'cancelled'
          ? `Cancelled after ${state.finished} of ${total} runs; the results so far stay. Run again to start over.`
          : state.status === 'stopped'
            ? `Stopped after ${state.finished} of ${total} runs: the panel moved on while the sweep ran. The results so far stay; run again to start over.`
          : state.status === 'error'
            ? (state.error ?? 'The sweep failed.')
            : `${total} runs of ${formatFixed(sweep.runS, 2)} simulated s each (${sweep.labels.join(', ')}${sides > 1 ? ', for A and B' : ''}), one after another.`;

  const tableFor = (shownSides: number[]) => {
    const picked = shownSides.map((i) => [chartSides[i], i] as const);
    return (
      <TableScroll key={shownSides.join()}>
        <table className="sweep-table">
          <caption className="visually-hidden">
            {sweep.title} by {axis}
            {picked.length < chartSides.length ? `: ${picked.map(([s]) => s.label).join(', ')}` : ''}
            {sweep.reference ? `, with ${sweep.reference.label}` : ''}
          </caption>
          <thead>
            {/* The two header cells may wrap (the axis after its underscores): on a phone a
                side's own table ran 59 px past the screen, its name cut to "A: MyS…". */}
            <tr>
              <th scope="col" className="sweep-wrap">
                {underscoreBreaks(axis)}
              </th>
              {picked.map(([s, i]) => (
                <th scope="col" key={i} className="sweep-wrap" colSpan={(s.reference ? 3 : 2) + extra.length} style={{ color: ab(i) }}>
                  {s.label}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" />
              {picked.map(([s, i]) => [
                <th scope="col" key={`${i}s`}>
                  simulated
                </th>,
                <th scope="col" key={`${i}r`}>
                  vs {sweep.labels[0]}
                </th>,
                s.reference ? (
                  <th scope="col" key={`${i}a`}>
                    {sweep.reference?.label}
                  </th>
                ) : null,
                ...extra.map((m) => (
                  <th scope="col" key={`${i}x${m}`}>
                    {SWEEP_METRIC_LABELS[m]}
                  </th>
                )),
              ])}
            </tr>
          </thead>
          <tbody>
            {sweep.labels.map((label, vi) => (
              <tr key={vi}>
                <th scope="row">{label}</th>
                {picked.map(([s, i]) => {
                  const rel = relativeToFirst(s.values)[vi];
                  return [
                    <td key={`${i}s`}>{formatMetric(s.values[vi], sweep.metric)}</td>,
                    <td key={`${i}r`}>{Number.isFinite(rel) ? `${formatFixed(rel, 2)}×` : '–'}</td>,
                    s.reference ? <td key={`${i}a`}>{formatMetric(s.reference[vi], sweep.metric)}</td> : null,
                    ...extra.map((m) => <td key={`${i}x${m}`}>{formatMetric(metricValue(state.rows[i]?.[vi], m), m)}</td>),
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  };

  return (
    <section className="view-row sweep" aria-label={`Sweep: ${sweep.title}`}>
      <h3>
        Sweep: {sweep.title} by {axis} <span className="muted">(scenario field <code>{sweep.path}</code>)</span>
      </h3>
      <div className="sweep-controls" data-no-export>
        <button type="button" className="sweep-run" ref={runButton} onClick={() => pressed(runButton, run)} disabled={!sims || running}>
          {state.status === 'idle' || state.status === 'running' ? 'Run the sweep' : 'Run the sweep again'}
        </button>
        <button type="button" ref={cancelButton} onClick={() => pressed(cancelButton, cancel)} disabled={!running}>
          Cancel
        </button>
        <progress max={1} value={state.progress} aria-label="Sweep progress" aria-valuetext={`${state.finished} of ${total} runs, ${pct}%`} />
        <span className="sweep-pct">{pct}%</span>
      </div>
      <p className={`sweep-status ${state.status === 'error' ? 'notice notice-error' : 'muted'}`}>{statusWords}</p>
      {/* What a screen reader hears: each finished run, not every percent of progress. */}
      <p className="visually-hidden" role="status">
        {running ? `Running: ${state.finished} of ${total} runs done.` : statusWords}
      </p>
      {shown.note ? <p className="notice sweep-note">{shown.note}</p> : null}
      <ViewSlot title="Sweep chart">
        {() =>
          V ? (
            <V.SweepChart title={sweep.title} unit={sweep.unit} labels={sweep.labels} sides={chartSides} referenceLabel={sweep.reference?.label} axis={axis} />
          ) : null
        }
      </ViewSlot>
      {/* One table for A and B side by side; one per side, A above B, where the pair is
          wider than the panel (at 1024 px on a projector B's columns sat 192 px to the
          side, and presenter keys cannot scroll sideways). */}
      <div ref={tablesBox}>{(stacked ? chartSides.map((_, i) => [i]) : [chartSides.map((_, i) => i)]).map(tableFor)}</div>
    </section>
  );
}
