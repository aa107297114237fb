// Playground: edit a scenario as JSON (start from the engine's defaults or a lesson
// scenario) and run it in one experiment panel with every view.

import { useEffect, useMemo, useState } from 'react';
import { loadScenarioText, scenarioFileNames } from '../lessons/registry';
import type { ChartSpec, ViewName } from '../lessons/types';
import { EngineClient } from '../engine/client';
import { ExperimentPanel, type PanelSim } from './ExperimentPanel';

const VIEWS: ViewName[] = ['btree', 'pool', 'fill-histogram', 'charts', 'sizes', 'metrics'];
const CHARTS: ChartSpec[] = [
  { column: 'inserts_per_s', label: 'Inserts per second', unit: 'rows/s' },
  { column: 'latency_p95_us', label: 'p95 latency', unit: 'µs' },
  { column: 'bp_hit_rate', label: 'Buffer pool hit rate', unit: '0–1' },
];

/** Points at a JSON syntax error: "line 3, column 7: Unexpected token". */
export function jsonProblem(text: string): string | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'The scenario must be a JSON object ({ … }).';
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    if (!m) return `Invalid JSON: ${msg}`;
    const before = text.slice(0, Number(m[1])).split('\n');
    return `Invalid JSON at line ${before.length}, column ${before[before.length - 1].length + 1}: ${msg.replace(/ in JSON at position \d+.*$/, '')}`;
  }
}

export default function Playground() {
  const files = useMemo(() => [...scenarioFileNames()].sort(), []);
  const [start, setStart] = useState<string>('(engine defaults)');
  const [text, setText] = useState('');
  const [running, setRunning] = useState<PanelSim[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

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

  const run = () => {
    const p = jsonProblem(text);
    setProblem(p);
    if (!p) setRunning([{ label: start, json: JSON.stringify(JSON.parse(text)) }]);
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
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={28}
        />
        <div className="editor-actions">
          <button type="button" className="primary" onClick={run}>
            Run this scenario
          </button>
        </div>
        {problem ? (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
      <div className="playground-panel">
        {running ? (
          <ExperimentPanel
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
