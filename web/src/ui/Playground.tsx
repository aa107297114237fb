// Playground: start from the engine's defaults, any lesson experiment or scenario file;
// change any setting in a form grouped by mechanism (or the JSON itself); optionally
// compare with a second configuration B, run side by side at the same virtual time. A
// scenario is checked (JSON syntax, then the engine's validation, field by field) before
// it replaces the one running, so a mistake never costs the reader the simulation on screen.
// The address holds what runs (playgroundUrl.ts): a reload or a copied link opens the same
// starting point with the same changes, and runs it. Edits not yet run are kept for the
// tab under that address (playgroundDraft.ts), so a reload brings them back too.

import { useCallback, useEffect, useRef, useState } from 'react';
import { loadPresets, type Preset } from './playgroundPresets';
import { ScenarioForm } from './ScenarioForm';
import { abLabels, sideLabel } from './abLabels';
import { applyChanges, FROM_DEFAULTS, linkRunErrors, parsePlaygroundQuery, runningQuery, type PlaygroundLink } from './playgroundUrl';
import { packQuery, siteBase } from './shareLink';
import { replaceAddress } from './route';
import { formatSeconds } from './urlState';
import { useExpandedQuery } from '../lessons/useExpandedQuery';
import { IgnoredSettings } from '../lessons/LessonGate';
import { EngineClient } from '../engine/client';
import type { FieldError } from '../engine/errors';
import { jsonProblem } from './scenarioText';
import { RunProblems } from './RunProblems';
import { RunButton } from './RunButton';
import { AbControls } from './AbControls';
import { EditNotice } from './EditNotice';
import { StartPicker } from './StartPicker';
import { CHARTS, viewsFor } from './playgroundPanel';
import { loadDraft, sameTexts, saveDraft } from './playgroundDraft';
import { ExperimentPanel, type PanelSim } from './ExperimentPanel';

type Side = 'A' | 'B';
const DEFAULTS = '(engine defaults)';

export default function Playground({ query = '' }: { query?: string }) {
  const expanded = useExpandedQuery(query);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [presetsLoaded, setPresetsLoaded] = useState(false);
  const [start, setStart] = useState<string>(DEFAULTS);
  // The starting point's own texts (what a link's changes are relative to).
  const [base, setBase] = useState<{ A: string; B: string | null } | null>(null);
  // A link's changes, applied once its starting point has loaded; then it runs.
  const pending = useRef<PlaygroundLink | null>(null);
  // Compare ticked by the reader (or a link to a single starting point), not by a pair preset.
  const ownCompare = useRef(false);
  const [linkMessages, setLinkMessages] = useState<string[]>([]);
  // The link's run was refused: its notice says so, not that its settings were "ignored".
  const [linkRefused, setLinkRefused] = useState(false);
  const [linkRead, setLinkRead] = useState(false);
  // The address of what runs (its link), '' before a run.
  const [runningHash, setRunningHash] = useState('');
  // Its query before packing: a copied link adds the simulated time to it.
  const [linkQuery, setLinkQuery] = useState('');
  const shareLink = useCallback(
    async (timeNs: number) => `${siteBase()}#/playground?${await packQuery(timeNs > 0 ? `${linkQuery}&t=${formatSeconds(timeNs / 1e9)}` : linkQuery)}`,
    [linkQuery],
  );
  // A link's simulated time, applied once to the run the link starts.
  const [pendingT, setPendingT] = useState<number | undefined>(undefined);
  const clearPendingT = useCallback(() => setPendingT(undefined), []);
  const [defaults, setDefaults] = useState<unknown>(null);
  const [texts, setTexts] = useState<{ A: string; B: string | null }>({ A: '', B: null });
  const [names, setNames] = useState<[string, string]>(['A', 'B']);
  const [editing, setEditing] = useState<Side>('A');
  const [running, setRunning] = useState<PanelSim[] | null>(null);
  const [runs, setRuns] = useState(0); // each Run starts a fresh panel, even for the same scenario
  const [problem, setProblem] = useState<string | null>(null);
  // `fromForm`: a value the form refused, which goes from the list once the form has none.
  const [fieldErrors, setFieldErrors] = useState<(FieldError & { fromForm?: boolean })[]>([]);
  const [checking, setChecking] = useState(false);
  // Run pressed while the first starting point loads: kept, and run once it is in.
  const [queuedRun, setQueued] = useState(false);
  const queued = useRef(false);
  // Fields of the form (the side being edited) holding a value the form refused: the
  // JSON still has the last good one, so a run now would not run what the form shows.
  const [formProblems, setFormProblems] = useState<FieldError[]>([]);
  // Fixed in the form (or the JSON): "The scenario was not run … got -5" stayed until the next Run.
  useEffect(() => {
    if (formProblems.length === 0) setFieldErrors((prev) => (prev.some((e) => e.fromForm) ? prev.filter((e) => !e.fromForm) : prev));
  }, [formProblems]);
  // One engine for validation, started on the first run and stopped with the page.
  const validator = useRef<EngineClient | null>(null);
  useEffect(() => () => validator.current?.dispose(), []);
  // The editor as this tab left it at this address, put back once its start has loaded.
  const draft = useRef(loadDraft(location.hash));
  const [restored, setRestored] = useState<{ A: string; B: string | null } | null>(null);

  useEffect(() => {
    document.title = 'Playground · InnoDB Lab';
    let live = true;
    void loadPresets()
      .then((p) => live && setPresets(p))
      .catch(() => undefined)
      .finally(() => live && setPresetsLoaded(true));
    const c = new EngineClient();
    c.defaultScenario()
      .then((j) => live && setDefaults(JSON.parse(j)))
      .catch(() => live && setProblem('The engine is not available, so its defaults could not be loaded. Pick a lesson scenario or paste one.'))
      .finally(() => c.dispose());
    return () => {
      live = false;
    };
  }, []);

  // The address's link, read once the starting points are known.
  useEffect(() => {
    if (linkRead || !presetsLoaded || !expanded) return;
    setLinkRead(true);
    const { link, messages } = parsePlaygroundQuery(expanded.query, (f) => presets.some((p) => p.id === f));
    setLinkMessages([...expanded.messages, ...messages]);
    if (!link) {
      const from = draft.current?.start;
      if (from === DEFAULTS || presets.some((p) => p.id === from)) setStart(from!);
      return;
    }
    pending.current = link;
    setPendingT(link.t);
    setTexts((t) => ({ ...t, B: link.ab ? (t.B ?? t.A) : null }));
    // The side the link changes (A's cores changed: A, not B's untouched 2), B when both are.
    setEditing(link.ab && (Object.keys(link.b).length > 0 || Object.keys(link.a).length === 0) ? 'B' : 'A');
    setStart(link.from === FROM_DEFAULTS ? DEFAULTS : link.from);
  }, [linkRead, presetsLoaded, expanded, presets]);

  // The starting point whose texts are on screen: the engine's defaults arriving after a
  // link's preset had loaded ran this again and put A's text over the link's B.
  const loadedStart = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!linkRead || loadedStart.current === start) return;
    const loaded = (A: string, B: string | null, labels: [string, string]) => {
      loadedStart.current = start;
      // Run pressed before the starting point's text was in (it said "Invalid JSON"): it runs
      // now, unless a link's run does (the button stayed "Runs once…" after a link's run).
      const wasQueued = queued.current;
      setQueued((queued.current = false));
      setBase({ A, B });
      setNames(labels);
      const link = pending.current;
      pending.current = null;
      const kept = draft.current;
      draft.current = null;
      let shown: { A: string; B: string | null };
      if (link) {
        ownCompare.current = link.ab && B === null;
        shown = { A: applyChanges(A, link.a), B: link.ab ? applyChanges(B ?? A, link.b) : null };
        setTexts(shown);
        void run({ texts: shown, names: labels, base: { A, B }, link });
      } else if (wasQueued) {
        setTexts((shown = { A, B }));
        void run({ texts: shown, names: labels, base: { A, B } });
      } else {
        // A pair preset turns the comparison on with its own B; a single one keeps the
        // reader's own tick (B a copy of A), not a pair's: after a pair, every single
        // starting point ran as a pair of copies.
        shown = { A, B };
        setTexts((t) => ({ A, B: B !== null ? B : t.B !== null && ownCompare.current ? A : null }));
        if (!B) setEditing('A');
      }
      if (kept && !sameTexts(kept.texts, shown)) {
        setTexts(kept.texts);
        setEditing(kept.editing);
        setRestored(shown);
      }
    };
    if (start === DEFAULTS) {
      if (defaults !== null) {
        const d = JSON.stringify(defaults, null, 2);
        loaded(d, null, ['engine defaults', 'engine defaults']);
      }
    } else {
      const p = presets.find((x) => x.id === start || x.label === start);
      if (p)
        void p
          .load()
          .then((r) => live && loaded(r.A, r.B ?? null, [r.labels[0], r.labels[1] ?? r.labels[0]]))
          .catch((e: unknown) => live && setProblem(`This preset could not be loaded: ${e instanceof Error ? e.message : String(e)}`));
    }
    return () => {
      live = false;
    };
    // `run` reads the state of this render; the effect runs when the starting point changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, presets, defaults, linkRead]);

  const text = (editing === 'B' ? texts.B : texts.A) ?? '';
  const setText = (v: string) => setTexts((t) => (editing === 'B' ? { ...t, B: v } : { ...t, A: v }));
  const compare = texts.B !== null;
  const setCompare = (on: boolean) => {
    ownCompare.current = on;
    // A pair preset's own B (ticked after picking it, B was a copy of A under B's label).
    setTexts((t) => ({ ...t, B: on ? (t.B ?? base?.B ?? t.A) : null }));
    setEditing(on ? 'B' : 'A');
  };

  /** Checks and runs the texts on screen, or a link's (`given`, with the starting point's own texts). */
  const run = async (given?: { texts: { A: string; B: string | null }; names: [string, string]; base: { A: string; B: string | null }; link?: PlaygroundLink }) => {
    const sideTexts = given?.texts ?? texts;
    const sideNames = given?.names ?? names;
    const from = given?.base ?? base;
    const pair = sideTexts.B !== null;
    setFieldErrors([]);
    if (!given) setRestored(null);
    // A run the reader starts opens at t = 0; only the link's own run goes to its time.
    if (!given) setPendingT(undefined);
    if (!given && formProblems.length > 0) {
      setProblem(null);
      setFieldErrors(formProblems.map((e) => ({ path: pair ? `${editing}: ${e.path}` : e.path, message: e.message.replace(/^[^:]*: /, ''), fromForm: true })));
      return;
    }
    const sides: Side[] = pair ? ['A', 'B'] : ['A'];
    for (const side of sides) {
      const p = jsonProblem(sideTexts[side] ?? '');
      if (p) {
        setEditing(side);
        setProblem(pair ? `Configuration ${side}: ${p}` : p);
        return;
      }
    }
    setProblem(null);
    setChecking(true);
    validator.current ??= new EngineClient();
    const sims: PanelSim[] = [];
    // Every side is checked: with both wrong, B's errors went unsaid until A's were fixed.
    const bad: { side: Side; errors: FieldError[] }[] = [];
    for (const side of sides) {
      const json = JSON.stringify(JSON.parse(sideTexts[side] ?? ''));
      // If validation itself is unavailable, run anyway: the panel reports the engine's error.
      const errors = await validator.current.validate(json).catch(() => [] as FieldError[]);
      if (errors.length > 0) bad.push({ side, errors });
      sims.push({ label: sideNames[side === 'A' ? 0 : 1] || side, json });
    }
    setChecking(false);
    if (bad.length > 0) {
      setEditing(bad[0].side);
      setFieldErrors(bad.flatMap(({ side, errors }) => (pair ? errors.map((e) => ({ ...e, path: `${side}: ${e.path || '(the whole scenario)'}` })) : errors)));
      // A link's own bad value is named in the notice on screen, as its parameter: the
      // list above sat two screens below the fold, under an idle panel.
      if (given?.link) {
        setLinkMessages((m) => [...m, ...bad.flatMap(({ side, errors }) => linkRunErrors(given.link!, side, errors))]);
        setLinkRefused(true);
      }
      return;
    }
    if (sims.length === 2) {
      const [a, b] = abLabels([sims[0].label, sims[1].label], sims[0].json, sims[1].json, from ? [from.A, from.B ?? from.A] : undefined);
      sims[0] = { ...sims[0], label: a };
      sims[1] = { ...sims[1], label: b };
    } else {
      sims[0] = { ...sims[0], label: sideLabel(sims[0].label, from?.A, sims[0].json) };
    }
    setRunning(sims);
    setRuns((n) => n + 1);
    const q = from ? runningQuery(start === DEFAULTS ? FROM_DEFAULTS : start, from, sims.map((x) => x.json)) : null;
    // A scenario a link cannot carry (a field name outside [A-Za-z0-9_]) gets no Copy link.
    const hash = `#/playground${q ? `?${await packQuery(q)}` : ''}`;
    setRunningHash(q ? hash : '');
    setLinkQuery(q ?? '');
    replaceAddress(hash);
  };

  // The editor kept for the tab under the address of what runs (a run changes it).
  useEffect(() => {
    if (linkRead && !draft.current && loadedStart.current === start) saveDraft({ hash: location.hash, start, texts, editing });
  }, [linkRead, start, texts, editing, runningHash, runs]);

  // Another starting point replaces the texts on screen; edits to them can be had back.
  const [replaced, setReplaced] = useState<{ start: string; label: string; texts: typeof texts; base: typeof base; names: [string, string] } | null>(null);
  const edited = base !== null && (texts.A !== base.A || (texts.B !== null && texts.B !== (base.B ?? base.A)));
  const pickStart = (next: string) => {
    const label = start === DEFAULTS ? DEFAULTS : (presets.find((p) => p.id === start)?.label ?? start);
    if (edited) setReplaced({ start, label, texts, base, names });
    setRestored(null);
    setStart(next);
  };
  const undoReplace = () => {
    if (!replaced) return;
    loadedStart.current = replaced.start;
    setStart(replaced.start);
    setBase(replaced.base);
    setNames(replaced.names);
    setTexts(replaced.texts);
    setEditing('A');
    setReplaced(null);
  };
  const discardRestored = () => {
    if (restored) setTexts(restored);
    setEditing('A');
    setRestored(null);
  };

  return (
    <div className="playground">
      <div className="playground-editor">
        <p className="crumbs">
          <a href="#/">← All lessons</a>
        </p>
        <h1>Playground</h1>
        <IgnoredSettings className="url-messages" messages={linkMessages} heading={linkRefused ? 'The scenario in the address was not run:' : undefined} onDismiss={() => setLinkMessages([])} />
        <StartPicker value={start} defaultsLabel={DEFAULTS} presets={presets} onPick={pickStart} />
        {replaced ? <EditNotice className="replaced-edits" text={`Your edits to “${replaced.label}” were replaced by the new starting point.`} action="Undo" onAction={undoReplace} /> : null}
        {restored ? <EditNotice className="restored-edits" text="Your edits from before are back (kept for this tab); they have not been run yet." action="Discard them" onAction={discardRestored} /> : null}
        <AbControls compare={compare} onCompare={setCompare} editing={editing} onEdit={setEditing} />
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
          <RunButton pair={compare} busy={checking} queued={queuedRun} onRun={() => (base === null ? setQueued((queued.current = true)) : !checking && void run())} />
        </div>
        <RunProblems problem={problem} fieldErrors={fieldErrors} text={texts[editing] ?? ''} checks={`${texts.A}\u0000${texts.B ?? ''}`} running={running !== null} />
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
            defaultSpeed={presets.find((p) => p.id === start)?.speed ?? 1 /* a lesson's experiment at its lesson's speed */}
            keyboard
            shareLink={runningHash ? shareLink : undefined}
            shareLinkTitle="A link to this scenario (or pair): its starting point, the settings changed from it and the simulated time."
            initialTimeNs={pendingT !== undefined ? pendingT * 1e9 : undefined}
            onInitialTimeApplied={clearPendingT}
          />
        ) : (
          <p className="muted">Pick a starting point, change settings, then press “Run this scenario{compare ? ' pair' : ''}”: it opens here at t = 0, ready to play.</p>
        )}
      </div>
    </div>
  );
}
