// A form over a scenario's JSON text, generated from the settings table
// (scenarioFields.ts) and grouped by mechanism. Each change rewrites the JSON; fields the
// JSON leaves out show the engine's default. A number the form refuses stays in its
// field with its message, the JSON keeps the last good value, and the form reports the
// refused fields (`onProblems`) so a run can be held back until they are fixed.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldError } from '../engine/errors';
import { applyOverrides, getPath, type JsonObject } from '../engine/scenario';
import { depthProblem, jsonProblem } from './scenarioText';
import { FIELD_GROUPS, fieldProblem, otherFields, SCENARIO_FIELDS, type ScenarioField } from './scenarioFields';

interface Props {
  text: string;
  onText: (text: string) => void;
  /** The engine's default scenario (parsed), or null while it loads. */
  defaults: unknown;
  /** The fields whose typed value was refused (path and message), [] when none; [] again on unmount. */
  onProblems?: (problems: FieldError[]) => void;
}

export function ScenarioForm({ text, onText, defaults, onProblems }: Props) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const onProblem = useCallback((path: string, message: string | null) => {
    setProblems((m) => {
      if ((m[path] ?? null) === message) return m;
      const next = { ...m };
      if (message === null) delete next[path];
      else next[path] = message;
      return next;
    });
  }, []);
  useEffect(() => onProblems?.(Object.entries(problems).map(([path, message]) => ({ path, message }))), [problems, onProblems]);
  useEffect(() => () => onProblems?.([]), [onProblems]);
  const obj = useMemo(() => {
    if (depthProblem(text)) return null;
    try {
      const v: unknown = JSON.parse(text);
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : null;
    } catch {
      return null;
    }
  }, [text]);
  const fields = useMemo(() => [...SCENARIO_FIELDS, ...otherFields(defaults)], [defaults]);
  // Where the text is broken, at once (it showed only after Run).
  if (!obj) return <p className="notice notice-warn">The settings form needs valid scenario JSON; fix the text below first. {jsonProblem(text)}</p>;
  const set = (path: string, value: number | string | boolean) => onText(JSON.stringify(applyOverrides(obj, { [path]: value }), null, 2));
  const groups = [...FIELD_GROUPS, 'Other settings'];
  return (
    <div className="scenario-form">
      {groups.map((g) => {
        const fs = fields.filter((x) => x.group === g);
        if (!fs.length) return null;
        return (
          <details key={g} className="field-group" open={g === 'Workload' || g === 'Buffer pool'}>
            <summary>{g}</summary>
            {fs.map((x) => (
              <Field
                key={x.path}
                field={x}
                value={getPath(obj, x.path) ?? getPath(defaults, x.path)}
                onValue={(v) => set(x.path, v)}
                onProblem={onProblem}
              />
            ))}
          </details>
        );
      })}
    </div>
  );
}

interface FieldProps {
  field: ScenarioField;
  value: unknown;
  onValue: (v: number | string | boolean) => void;
  onProblem: (path: string, message: string | null) => void;
}

function Field({ field, value, onValue, onProblem }: FieldProps) {
  const id = `field-${field.path.replace(/\W/g, '-')}`;
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onProblem(field.path, problem), [field.path, problem, onProblem]);
  useEffect(() => () => onProblem(field.path, null), [field.path, onProblem]);
  // The JSON changed this field (edited there): its value is the one to show now, and a
  // refused draft with its message goes (it held the run back after the JSON was fixed).
  const shown = useRef(value);
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    setDraft(null);
    setProblem(null);
  }, [value]);
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.unit ? <span className="muted"> ({field.unit})</span> : null}
    </label>
  );
  if (field.kind === 'bool') {
    return (
      <div className="field">
        {label}
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onValue(e.target.checked)} />
      </div>
    );
  }
  if (field.kind === 'choice') {
    return (
      <div className="field">
        {label}
        <select id={id} value={String(value ?? '')} onChange={(e) => onValue(e.target.value)}>
          {field.choices!.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
    );
  }
  const commit = () => {
    if (draft === null) return;
    const p = fieldProblem(field, draft);
    setProblem(p);
    if (!p) {
      onValue(Number(draft));
      setDraft(null);
    }
  };
  return (
    <div className="field">
      {label}
      <input
        id={id}
        type="number"
        min={field.min}
        max={field.max}
        step={field.kind === 'int' ? 1 : 'any'}
        // 1e309 in the JSON reads as Infinity, which a number field cannot show (the browser warned, three times)
        value={draft ?? (typeof value === 'number' && Number.isFinite(value) ? String(value) : '')}
        placeholder={value === undefined || (typeof value === 'number' && Number.isFinite(value)) ? undefined : typeof value === 'number' ? 'too large a number in the JSON' : 'not a number in the JSON'}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
