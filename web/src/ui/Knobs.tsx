// Knob controls generated from an experiment's knob table: slider + number field, or a
// checkbox for a toggle knob (a boolean scenario field).
// A value is committed (and the simulation re-created) on release / Enter / blur.

import { useEffect, useState } from 'react';
import { LONG_NAME, underscoreBreaks } from '../charts/common/Breakable';
import type { KnobSpec } from '../lessons/types';
import { knobTextProblem, typedNothing } from './knobText';
import { sliderToValue, snap, SLIDER_MAX, stepKnob, valueToSlider } from './knobScale';

interface Props {
  knobs: KnobSpec[];
  values: Record<string, number>;
  onChange: (path: string, value: number) => void;
  seed: number | undefined;
  onSeed?: (seed: number) => void;
  /** Behind a closed disclosure that lists the values (an embed, where the views
   * should show without scrolling past the controls). */
  folded?: boolean;
  /** Back to the lesson's values: a button beside the heading while any knob or the seed differs. */
  onReset?: () => void;
  /** What the last move also did (a knob pair), under the fields. */
  note?: string;
  /** What the reset puts back (the button's title). */
  resetTitle?: string;
}

export function Knobs(props: Props) {
  const { knobs, values, seed, onSeed } = props;
  if (knobs.length === 0 && !onSeed) return null;
  if (!props.folded) return <KnobFields {...props} />;
  return (
    <details className="knobs-fold">
      <summary>
        Knobs <span className="muted">· {foldedSummary(knobs, values, onSeed ? seed : undefined)}</span>
      </summary>
      <KnobFields {...props} />
    </details>
  );
}

/** "Rows to insert 200000 · Random seed 42": the values a folded knob set holds. */
export function foldedSummary(knobs: KnobSpec[], values: Record<string, number>, seed: number | undefined): string {
  const parts = knobs.map((k) => {
    const v = values[k.path] ?? k.default;
    if (k.toggle) return `${k.label} ${v === 1 ? 'ON' : 'OFF'}`;
    return `${k.label} ${v}${k.unit ? ` ${k.unit}` : ''}`;
  });
  if (seed !== undefined) parts.push(`Random seed ${seed}`);
  return parts.join(' · ');
}

function KnobFields({ knobs, values, onChange, seed, onSeed, folded, onReset, resetTitle, note }: Props) {
  const reset = onReset ? (
    <button type="button" className="linklike knobs-reset" onClick={onReset} title={resetTitle}>
      Reset to the lesson's values
    </button>
  ) : null;
  return (
    <fieldset className="knobs">
      {/* Folded, the disclosure's own line already says "Knobs". In the heading, the
          reset button comes and goes without moving the fields below it. */}
      <legend className={folded ? 'visually-hidden' : undefined}>
        Knobs{folded ? null : reset}
      </legend>
      {knobs.map((k) =>
        k.toggle ? (
          <Toggle key={k.path} knob={k} value={values[k.path] ?? k.default} onCommit={(v) => onChange(k.path, v)} />
        ) : (
          <Knob key={k.path} knob={k} value={values[k.path] ?? k.default} onCommit={(v) => onChange(k.path, v)} />
        ),
      )}
      {onSeed ? <SeedField seed={seed} onSeed={onSeed} /> : null}
      {folded && reset ? <div>{reset}</div> : null}
      {note ? (
        <p className="knob-move-note muted" role="status">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A toggle knob: a checkbox that commits at once (1 = on). The box and its ON/OFF
 *  are one label, so a tap on the word toggles it too (it did nothing), and the row
 *  is a finger's height on a touch screen. */
function Toggle({ knob, value, onCommit }: { knob: KnobSpec; value: number; onCommit: (v: number) => void }) {
  const id = `knob-${knob.path.replace(/\W/g, '-')}`;
  return (
    <div className="knob knob-toggle">
      <label htmlFor={id}>{underscoreBreaks(knob.label, LONG_NAME)}</label>
      <label className="knob-switch">
        <input id={id} type="checkbox" checked={value === 1} onChange={(e) => onCommit(e.target.checked ? 1 : 0)} />
        <span className="knob-state" aria-hidden="true">
          {value === 1 ? 'ON' : 'OFF'}
        </span>
      </label>
    </div>
  );
}

function Knob({ knob, value, onCommit }: { knob: KnobSpec; value: number; onCommit: (v: number) => void }) {
  const [draft, setDraft] = useState(value);
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState<string | null>(null);
  // A typed value between two steps is rounded to the nearest one, and says so.
  const [rounded, setRounded] = useState<string | null>(null);
  useEffect(() => {
    setDraft(value);
    setText(String(value));
  }, [value]);
  const commit = (v: number) => {
    if (v !== value) onCommit(v);
  };
  // Typed into since the last commit: a blur with nothing new to commit (Tab after Enter)
  // leaves the message of the last one (it cleared the refusal Enter had just shown).
  const [typed, setTyped] = useState(false);
  const commitText = (badInput: boolean) => {
    if (!typed) return;
    setTyped(false);
    const v = Number(text);
    const problemWith = knobTextProblem(knob, text, value, badInput);
    if (problemWith) {
      // The field shows the value that stays (the message quotes what was typed): left
      // empty or at -1, it read as the value in use.
      setProblem(problemWith);
      setText(String(value));
    } else {
      setProblem(null);
      const s = snap(knob, v);
      setRounded(s !== v ? roundedNote(knob, v, s) : null);
      setText(String(s));
      setDraft(s);
      commit(s);
    }
  };
  const id = `knob-${knob.path.replace(/\W/g, '-')}`;
  const errorId = `${id}-error`;
  return (
    <div className="knob">
      <label htmlFor={id}>
        {underscoreBreaks(knob.label, LONG_NAME)}
        {knob.unit ? <span className="muted"> ({knob.unit})</span> : null}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={SLIDER_MAX}
        value={valueToSlider(knob, draft)}
        onChange={(e) => {
          const v = sliderToValue(knob, Number(e.target.value));
          setDraft(v);
          setText(String(v));
          setRounded(null);
          setProblem(null); // the slider set a value the knob takes
        }}
        onKeyDown={(e) => {
          const dir = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
          if (!dir) return;
          e.preventDefault();
          const v = stepKnob(knob, draft, dir);
          setDraft(v);
          setText(String(v));
          setRounded(null);
          setProblem(null);
        }}
        onPointerUp={() => commit(draft)}
        // The browser took the touch for a page scroll (a vertical swipe that began on the
        // slider): the value the touch jumped to is not the reader's, so it goes back (it
        // stayed on the slider, unapplied, and a later blur applied it).
        onPointerCancel={() => {
          setDraft(value);
          setText(String(value));
        }}
        onKeyUp={() => commit(draft)}
        onBlur={() => commit(draft)}
        aria-valuetext={`${draft}${knob.unit ? ` ${knob.unit}` : ''}`}
      />
      <input
        type="number"
        className="knob-number"
        aria-label={`${knob.label} value`}
        min={knob.min}
        max={knob.max}
        step={knob.step}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
        }}
        onBlur={(e) => commitText(e.currentTarget.validity.badInput)}
        onKeyDown={(e) => e.key === 'Enter' && commitText(e.currentTarget.validity.badInput)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem ? (
        <span className="field-error" role="alert" id={errorId}>
          {problem}
        </span>
      ) : rounded ? (
        <span className="field-note muted" role="status">
          {rounded}
        </span>
      ) : null}
    </div>
  );
}

function SeedField({ seed, onSeed }: { seed: number | undefined; onSeed: (s: number) => void }) {
  const [text, setText] = useState(seed === undefined ? '' : String(seed));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(seed === undefined ? '' : String(seed)), [seed]);
  // As a knob's field: a blur with nothing typed since the last commit keeps its message.
  const [typed, setTyped] = useState(false);
  const commit = (badInput: boolean) => {
    if (!typed) return;
    setTyped(false);
    // Any whole number the field allows ("1e3" too, as the knobs take it), in range.
    const v = text.trim() === '' ? NaN : Number(text);
    if (!Number.isInteger(v) || v < 0 || v > 4294967295) {
      setProblem(`Random seed: enter a whole number from 0 to 4294967295, got ${text.trim() === '' ? typedNothing(badInput) : `“${text.trim()}”`}; ${seed === undefined ? 'the lesson’s seed is kept' : `it stays at ${seed}`}.`);
      setText(seed === undefined ? '' : String(seed));
    } else {
      setProblem(null);
      if (v !== seed) onSeed(v);
    }
  };
  return (
    <div className="knob">
      <label htmlFor="knob-seed">Random seed</label>
      <input
        id="knob-seed"
        type="number"
        className="knob-number"
        min={0}
        step={1}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
        }}
        onBlur={(e) => commit(e.currentTarget.validity.badInput)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.validity.badInput)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'knob-seed-error' : undefined}
      />
      {problem ? (
        <span className="field-error" role="alert" id="knob-seed-error">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** "innodb_io_capacity moves in steps of 100, so 350 runs as 400 pages/s.": the unit once
 *  ("in steps of 64 pages of 16 KiB, so 8200 runs as 8192 pages of 16 KiB" read clumsily); the
 *  steps counted from the knob's least value when that is not a whole step. */
export function roundedNote(knob: { label: string; min: number; step: number; unit?: string }, typed: number, used: number): string {
  const unit = knob.unit ? ` ${knob.unit}` : '';
  const from = knob.min % knob.step !== 0 ? ` from ${knob.min}` : '';
  return `${knob.label} moves in steps of ${knob.step}${from}, so ${typed} runs as ${used}${unit}.`;
}
