// Playground: edit a scenario as JSON (start from the engine's defaults or a lesson
// scenario) and run it in one experiment panel with every view. A scenario is checked
// (JSON syntax, then the engine's validation, field by field) before it replaces the one
// running, so a mistake never costs the reader the simulation on screen.

import { useEffect, useMemo, useRef, useState } from 'react';
import { loadScenarioText, scenarioFileNames } from '../lessons/registry';
import { VIEW_NAMES, type ChartSpec, type ViewName } from '../lessons/types';
import { EngineClient } from '../engine/client';
import type { FieldError } from '../engine/errors';
import { jsonErrorOffset, lineColumn } from './jsonLocate';
import { ExperimentPanel, type PanelSim } from './ExperimentPanel';

/** Every view (the panel draws them in its own order). */
const VIEWS: ViewName[] = [...VIEW_NAMES];
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
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'The scenario must be a JSON object ({ … }).';
  } catch (e) {
    const msg = (e instanceof Error ? e.message : String(e)).replace(/ in JSON at position \d+.*$/, '');
    const at = jsonErrorOffset(text);
    if (at < 0) return `Invalid JSON: ${msg}`;
    const { line, column } = lineColumn(text, at);
    return `Invalid JSON at line ${line}, column ${column}: ${at >= text.length ? 'the text ends too early' : msg}`;
  }
}

export default function Playground() {
  const files = useMemo(() => [...scenarioFileNames()].sort(), []);
  const [start, setStart] = useState<string>('(engine defaults)');
  const [text, setText] = useState('');
  const [running, setRunning] = useState<PanelSim[] | null>(null);
  const [runs, setRuns] = useState(0); // each Run starts a fresh panel, even for the same scenario
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [checking, setChecking] = useState(false);
  // One engine for validation, started on the first run and stopped with the page.
  const validator = useRef<EngineClient | null>(null);
  useEffect(() => () => validator.current?.dispose(), []);

  useEffect(() => {
    document.title = 'Playground · InnoDB Lab';
  }, []);

  useEffect(() => {
    let live = true;
    if (start === '(engine defaults)') {
      const c = new EngineClient();
      c.defaultScenario()
        .then((j) => live && setText(JSON.stringify(JSON.parse(j), null, 2)))
        .catch(() => live && setProblem('The engine is not available, so its defaults could not be loaded. Pick a lesson scenario or paste one.'))
        .finally(() => c.dispose());
    } else {
      void loadScenarioText(start).then((t) => live && t !== undefined && setText(t));
    }
    return () => {
      live = false;
    };
  }, [start]);

  const run = async () => {
    const p = jsonProblem(text);
    setProblem(p);
    setFieldErrors([]);
    if (p) return;
    const json = JSON.stringify(JSON.parse(text));
    setChecking(true);
    validator.current ??= new EngineClient();
    // If validation itself is unavailable, run anyway: the panel reports the engine's error.
    const errors = await validator.current.validate(json).catch(() => [] as FieldError[]);
    setChecking(false);
    if (errors.length > 0) setFieldErrors(errors);
    else {
      setRunning([{ label: start, json }]);
      setRuns((n) => n + 1);
    }
  };

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
            <option>(engine defaults)</option>
            {files.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <textarea
          aria-label="Scenario JSON"
          aria-invalid={problem || fieldErrors.length > 0 ? true : undefined}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={28}
        />
        <div className="editor-actions">
          <button type="button" className="primary" onClick={() => void run()} disabled={checking}>
            Run this scenario
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
            title="Your scenario"
            sims={running}
            views={VIEWS}
            charts={CHARTS}
            knobs={[]}
            knobValues={{}}
            onKnob={() => undefined}
            defaultSpeed={1}
            keyboard
          />
        ) : (
          <p className="muted">Edit the scenario, then press “Run this scenario”.</p>
        )}
      </div>
    </div>
  );
}
