// Playground: start from the engine's defaults, any lesson experiment or scenario file;
// change any setting in a form grouped by mechanism (or the JSON itself); optionally
// compare with a second configuration B, run side by side at the same virtual time. A
// scenario is checked (JSON syntax, then the engine's validation, field by field) before
// it replaces the one running, so a mistake never costs the reader the simulation on screen.

import { useEffect, useRef, useState } from 'react';
import { loadPresets, type Preset } from './playgroundPresets';
import { ScenarioForm } from './ScenarioForm';
import { abLabels } from './abLabels';
import { VIEW_NAMES, type ChartSpec, type ViewName } from '../lessons/types';
import { EngineClient } from '../engine/client';
import type { FieldError } from '../engine/errors';
import { jsonErrorOffset, lineColumn } from './jsonLocate';
import { ExperimentPanel, type PanelSim } from './ExperimentPanel';

/** Every view (the panel draws them in its own order). */
const VIEWS: ViewName[] = [...VIEW_NAMES];

/** Every view, but the query cache view only when a scenario has a query cache. */
function viewsFor(sims: PanelSim[]): ViewName[] {
  const hasCache = sims.some((s) => {
    try {
      const k = (JSON.parse(s.json) as { server?: { query_cache?: unknown } }).server?.query_cache;
      return k === 'mysql' || k === 'aurora';
    } catch {
      return false;
    }
  });
  return hasCache ? VIEWS : VIEWS.filter((v) => v !== 'qc');
}
const CHARTS: ChartSpec[] = [
  { column: 'qps', label: 'Queries per second', unit: 'queries/s' },
  { column: 'inserts_per_s', label: 'Inserts per second', unit: 'rows/s' },
  { column: 'latency_p95_us', label: 'p95 latency', unit: 'µs' },
  { column: 'bp_hit_rate', label: 'Buffer pool hit rate', unit: '0–1' },
];

/** Longest scenario text accepted (a full scenario is ~1–2 kB). */
export const MAX_SCENARIO_CHARS = 100_000;

/** Points at a JSON syntax error: "Invalid JSON at line 3, column 7: Unexpected token …". */
export function jsonProblem(text: string): string | null {
  if (text.length > MAX_SCENARIO_CHARS) return `The scenario is too long (${text.length} characters; at most ${MAX_SCENARIO_CHARS}).`;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'The scenario must be a JSON object ({ … }).';
    return valueProblem(v, '');
  } catch (e) {
    const msg = (e instanceof Error ? e.message : String(e)).replace(/ in JSON at position \d+.*$/, '');
    const at = jsonErrorOffset(text);
    if (at < 0) return `Invalid JSON: ${msg}`;
    const { line, column } = lineColumn(text, at);
    return `Invalid JSON at line ${line}, column ${column}: ${at >= text.length ? 'the text ends too early' : msg}`;
  }
}

/**
 * Values the scenario's JSON can hold but the engine would read as "not given": a number
 * too large for a double (1e400 parses as Infinity, which JSON.stringify writes as null)
 * and an explicit null. Both ran with the field's default and no word said.
 */
function valueProblem(v: unknown, path: string): string | null {
  const at = path || '(the whole scenario)';
  if (v === null) return `${at}: null is not a value here; give one, or leave the field out to take the engine's default.`;
  if (typeof v === 'number' && !Number.isFinite(v)) return `${at}: the number is too large to be read (${v > 0 ? '' : '−'}infinite); give a finite number.`;
  if (typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const p = valueProblem(x, Array.isArray(v) ? `${path}[${k}]` : path ? `${path}.${k}` : k);
    if (p) return p;
  }
  return null;
}

/**
 * Whether the scenario text leaves out the field at `path` ("table.prepare_rows"; an A/B
 * prefix "A: " is dropped): the engine then named a field the user never wrote (`{}`
 * read "table.prepare_rows: point_select needs rows to read").
 */
export function leftOut(text: string, path: string): boolean {
  const keys = path.replace(/^[AB]: /, '').split('.').filter(Boolean);
  if (!keys.length || keys.some((k) => /\[|\]/.test(k))) return false;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  for (const k of keys) {
    if (typeof v !== 'object' || v === null || !(k in v)) return true;
    v = (v as Record<string, unknown>)[k];
  }
  return false;
}

type Side = 'A' | 'B';
const DEFAULTS = '(engine defaults)';

export default function Playground() {
  const [presets, setPresets] = useState<Preset[]>([]);
  const [start, setStart] = useState<string>(DEFAULTS);
  const [defaults, setDefaults] = useState<unknown>(null);
  const [texts, setTexts] = useState<{ A: string; B: string | null }>({ A: '', B: null });
  const [names, setNames] = useState<[string, string]>(['A', 'B']);
  const [editing, setEditing] = useState<Side>('A');
  const [running, setRunning] = useState<PanelSim[] | null>(null);
  const [runs, setRuns] = useState(0); // each Run starts a fresh panel, even for the same scenario
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [checking, setChecking] = useState(false);
  // Fields of the form (the side being edited) holding a value the form refused: the
  // JSON still has the last good one, so a run now would not run what the form shows.
  const [formProblems, setFormProblems] = useState<FieldError[]>([]);
  // One engine for validation, started on the first run and stopped with the page.
  const validator = useRef<EngineClient | null>(null);
  useEffect(() => () => validator.current?.dispose(), []);

  useEffect(() => {
    document.title = 'Playground · InnoDB Lab';
    let live = true;
    void loadPresets().then((p) => live && setPresets(p));
    const c = new EngineClient();
    c.defaultScenario()
      .then((j) => live && setDefaults(JSON.parse(j)))
      .catch(() => live && setProblem('The engine is not available, so its defaults could not be loaded. Pick a lesson scenario or paste one.'))
      .finally(() => c.dispose());
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    if (start === DEFAULTS) {
      if (defaults !== null) {
        setTexts((t) => ({ A: JSON.stringify(defaults, null, 2), B: t.B === null ? null : JSON.stringify(defaults, null, 2) }));
        setNames(['engine defaults', 'engine defaults']);
      }
    } else {
      const p = presets.find((x) => x.id === start || x.label === start);
      if (p)
        void p
          .load()
          .then((r) => {
            if (!live) return;
            setTexts((t) => ({ A: r.A, B: r.B ?? (t.B === null ? null : r.A) }));
            setNames([r.labels[0], r.labels[1] ?? r.labels[0]]);
            if (!r.B) setEditing('A');
          })
          .catch((e: unknown) => live && setProblem(`This preset could not be loaded: ${e instanceof Error ? e.message : String(e)}`));
    }
    return () => {
      live = false;
    };
  }, [start, presets, defaults]);

  const text = (editing === 'B' ? texts.B : texts.A) ?? '';
  const setText = (v: string) => setTexts((t) => (editing === 'B' ? { ...t, B: v } : { ...t, A: v }));
  const compare = texts.B !== null;
  const setCompare = (on: boolean) => {
    setTexts((t) => ({ ...t, B: on ? (t.B ?? t.A) : null }));
    setEditing(on ? 'B' : 'A');
  };

  const run = async () => {
    setFieldErrors([]);
    if (formProblems.length > 0) {
      setProblem(null);
      setFieldErrors(formProblems.map((e) => ({ path: compare ? `${editing}: ${e.path}` : e.path, message: e.message.replace(/^[^:]*: /, '') })));
      return;
    }
    const sides: Side[] = compare ? ['A', 'B'] : ['A'];
    for (const side of sides) {
      const p = jsonProblem(texts[side] ?? '');
      if (p) {
        setEditing(side);
        setProblem(compare ? `Configuration ${side}: ${p}` : p);
        return;
      }
    }
    setProblem(null);
    setChecking(true);
    validator.current ??= new EngineClient();
    const sims: PanelSim[] = [];
    for (const side of sides) {
      const json = JSON.stringify(JSON.parse(texts[side] ?? ''));
      // If validation itself is unavailable, run anyway: the panel reports the engine's error.
      const errors = await validator.current.validate(json).catch(() => [] as FieldError[]);
      if (errors.length > 0) {
        setChecking(false);
        setEditing(side);
        setFieldErrors(compare ? errors.map((e) => ({ ...e, path: `${side}: ${e.path || '(the whole scenario)'}` })) : errors);
        return;
      }
      sims.push({ label: names[side === 'A' ? 0 : 1] || side, json });
    }
    setChecking(false);
    if (sims.length === 2) {
      const [a, b] = abLabels([sims[0].label, sims[1].label], sims[0].json, sims[1].json);
      sims[0] = { ...sims[0], label: a };
      sims[1] = { ...sims[1], label: b };
    }
    setRunning(sims);
    setRuns((n) => n + 1);
  };

  const groups = [...new Set(presets.map((p) => p.group))];
  return (
    <div className="playground">
      <div className="playground-editor">
        <p className="crumbs">
          <a href="#/">← All lessons</a>
        </p>
        <h1>Playground</h1>
        <label>
          Start from{' '}
          <select value={start} onChange={(e) => setStart(e.target.value)}>
            <option value={DEFAULTS}>{DEFAULTS}</option>
            {groups.map((g) => (
              <optgroup key={g} label={g}>
                {presets
                  .filter((p) => p.group === g)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <div className="ab-controls">
          <label>
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} /> Compare with a second configuration (A/B)
          </label>
          {compare ? (
            <div role="group" aria-label="Configuration to edit" className="ab-tabs">
              {(['A', 'B'] as const).map((s) => (
                <button key={s} type="button" aria-pressed={editing === s} className={editing === s ? 'primary' : ''} onClick={() => setEditing(s)}>
                  Edit {s}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <ScenarioForm key={editing} text={text} onText={setText} defaults={defaults} onProblems={setFormProblems} />
        <details className="json-editor" open>
          <summary>Scenario JSON{compare ? ` (${editing})` : ''}</summary>
          <textarea
            aria-label="Scenario JSON"
            aria-invalid={problem || fieldErrors.length > 0 ? true : undefined}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={20}
          />
        </details>
        <div className="editor-actions">
          <button type="button" className="primary" onClick={() => void run()} disabled={checking}>
            Run this scenario{compare ? ' pair' : ''}
          </button>
        </div>
        {problem ? (
          <div className="notice notice-error scenario-problem" role="alert">
            {problem}
            {running ? <p>The simulation on the right is unchanged.</p> : null}
          </div>
        ) : null}
        {fieldErrors.length > 0 ? (
          <div className="notice notice-error scenario-problem" role="alert">
            <strong>The scenario was not run: {fieldErrors.length === 1 ? 'one field needs' : `${fieldErrors.length} fields need`} fixing.</strong>
            <ul>
              {fieldErrors.map((e, i) => (
                <li key={i}>
                  <code>{e.path || '(the whole scenario)'}</code>: {e.message}
                  {leftOut(texts[editing] ?? '', e.path) ? ' (Your scenario leaves this field out, so it has its default; set it.)' : null}
                </li>
              ))}
            </ul>
            {running ? <p>The simulation on the right is unchanged.</p> : null}
          </div>
        ) : null}
      </div>
      <div className="playground-panel">
        {running ? (
          <ExperimentPanel
            key={runs}
            title={running.length > 1 ? 'Your A/B comparison' : 'Your scenario'}
            sims={running}
            views={viewsFor(running)}
            charts={CHARTS}
            knobs={[]}
            knobValues={{}}
            onKnob={() => undefined}
            defaultSpeed={1}
            keyboard
          />
        ) : (
          <p className="muted">Pick a starting point, change settings, then press “Run this scenario{compare ? ' pair' : ''}”.</p>
        )}
      </div>
    </div>
  );
}
