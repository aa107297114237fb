// Loads an experiment's scenario files, applies overrides, knob values and the seed,
// and hands the result to the experiment panel.

import { DownloadFailed } from '../ui/downloadFailed';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ExperimentPanel, type ExperimentPanelProps } from '../ui/ExperimentPanel';
import { loadScenarioText } from './registry';
import { buildSims, changedKnobs, knobMove, knobMoveNote, knobNotesFor, knobText, knobValuesFor, resetSummary } from './scenarios';
import type { UrlParseResult, UrlState } from '../ui/urlState';
import type { ExperimentSpec } from './types';
import type { Speed } from '../player/speed';

interface Props {
  experiment: ExperimentSpec;
  knobValues: Record<string, number>;
  onKnob: (path: string, value: number) => void;
  seed: number | undefined;
  onSeed: (seed: number) => void;
  /** Puts these knobs (and the seed, with `seed`) back to the lesson's values. */
  onResetKnobs?: (paths: string[], seed: boolean) => void;
  /** A run finished; `changed` lists the settings (knobs, seed) it ran with other values than the lesson's. */
  onDone: (experimentId: string, changed: string[]) => void;
  /** Passed on to the panel: shared-link time, share and embed tools, key map. */
  panel?: Partial<Pick<ExperimentPanelProps, 'initialTimeNs' | 'onInitialTimeApplied' | 'onLeave' | 'timeRef' | 'speedRef' | 'shareLink' | 'embedSnippet' | 'arrowKeys' | 'noTools' | 'keyboard' | 'foldKnobs' | 'defaultSpeed'>>;
}

export function LessonExperiment({ experiment, knobValues, onKnob, seed, onSeed, onResetKnobs, onDone, panel }: Props) {
  const [texts, setTexts] = useState<Record<string, string | undefined> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const files = [experiment.scenarios.A.file, ...(experiment.scenarios.B ? [experiment.scenarios.B.file] : [])];
    setFailed(false);
    Promise.all(files.map(async (f) => [f, await loadScenarioText(f)] as const)).then(
      (pairs) => live && setTexts(Object.fromEntries(pairs)),
      () => live && setFailed(true), // it threw out of the effect, and the panel never came
    );
    return () => {
      live = false;
    };
  }, [experiment]);

  const mine = knobValuesFor(experiment, knobValues);
  const mineKey = JSON.stringify(mine);
  const built = useMemo(
    () => (texts ? buildSims(experiment, texts, mine, seed) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mineKey stands for mine
    [texts, experiment, mineKey, seed],
  );
  // The settings of the run on screen that differ from the lesson's (a knob or seed change
  // rebuilds it, so when a run finishes they are its settings). Read through a ref: a
  // `done` that changed with the knobs made the panel report its finished run again at the
  // knob's move, under the new knobs (moving a knob back "checked" a prediction with no run).
  const lessonSeed = useMemo(() => (texts ? buildSims(experiment, texts, {}, undefined).seed : undefined), [texts, experiment]);
  const changed = useRef<string[]>([]);
  changed.current = [...changedKnobs(experiment, mine), ...(built?.seed !== undefined && lessonSeed !== undefined && built.seed !== lessonSeed ? [`Random seed ${built.seed}`] : [])];
  const done = useMemo(() => () => onDone(experiment.id, changed.current), [onDone, experiment.id]);
  const notes = knobNotesFor(experiment, knobValues);
  // What "Reset" would put back: this experiment's knobs the reader set, and a seed of theirs.
  const reset = resetSummary(experiment, knobValues, changed.current);
  const onReset = useMemo(
    () => (onResetKnobs && reset ? () => onResetKnobs(reset.paths, reset.seed) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset.key stands for reset
    [onResetKnobs, reset?.key],
  );
  // A knob of an ordered pair moves the other with it where it must (innodb_io_capacity ≤ _max).
  // It says so while the pair holds those values (the other field changed without a word;
  // a reset or another move puts the note away).
  const [pairNote, setPairNote] = useState<{ text: string; moves: Record<string, number> } | undefined>(undefined);
  const onKnobPair = useCallback(
    (path: string, value: number) => {
      const moves = knobMove(experiment, knobValues, path, value);
      const text = knobMoveNote(path, value, moves);
      setPairNote(text ? { text, moves } : undefined);
      for (const [p, v] of Object.entries(moves)) onKnob(p, v);
    },
    [experiment, knobValues, onKnob],
  );
  const pairHolds = pairNote !== undefined && Object.entries(pairNote.moves).every(([p, v]) => mine[p] === v);

  return (
    <>
      {failed ? <DownloadFailed what="This experiment's scenario" /> : null}
      {notes.length > 0 ? (
        <div className="notice notice-warn knob-notes" role="status">
          {notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      ) : null}
      <ExperimentPanel
        title={knobText(experiment.title, experiment, mine)}
        sims={built?.sims ?? null}
        sideLabels={[experiment.scenarios.A.label, ...(experiment.scenarios.B ? [experiment.scenarios.B.label] : [])].map((l) => knobText(l, experiment, mine))}
        loadError={built?.error ?? null}
        views={experiment.views}
        charts={experiment.charts}
        knobs={experiment.knobs}
        knobValues={mine}
        onKnob={onKnobPair}
        seed={built?.seed}
        onSeed={onSeed}
        onResetKnobs={onReset}
        resetTitle={reset?.title}
        knobNote={pairHolds ? pairNote?.text : undefined}
        defaultSpeed={experiment.speed}
        keyboard
        onDone={done}
        sizeReference={experiment.sizeReference}
        fillIndex={experiment.fillIndex}
        sweep={experiment.sweep}
        {...panel}
      />
    </>
  );
}

/** The panel for a page's current experiment (a new panel per experiment), or a line
 *  saying the lesson has none. */
export function ExperimentSlot({ experiment, onDone, panel, ...rest }: Omit<Props, 'experiment'> & { experiment: ExperimentSpec | undefined }) {
  // Where each experiment was left: coming back to one replays to that time (the engine is
  // deterministic) instead of starting over at 0 with its results gone. A finished run
  // that comes back this way is not a new run (a prediction locked meanwhile waits on).
  const left = useRef(new Map<string, { timeNs: number; done: boolean }>());
  const resumed = useRef<string | null>(null);
  const id = experiment?.id;
  const back = id ? left.current.get(id) : undefined;
  useEffect(() => {
    resumed.current = back?.done && id ? id : null;
    // Only when the experiment changes: `back` is read as the panel for `id` mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const onLeave = useCallback((expId: string, timeNs: number, done: boolean) => {
    if (timeNs > 0) left.current.set(expId, { timeNs, done });
    else left.current.delete(expId);
  }, []);
  const done = useCallback(
    (expId: string, changed: string[]) => {
      if (resumed.current === expId) resumed.current = null;
      else onDone(expId, changed);
    },
    [onDone],
  );
  if (!experiment) return <p className="muted">This lesson has no experiment.</p>;
  const linkTime = panel?.initialTimeNs;
  return (
    <LessonExperiment
      key={experiment.id}
      experiment={experiment}
      onDone={done}
      panel={{ ...panel, initialTimeNs: linkTime ?? back?.timeNs, onLeave: (t, d) => onLeave(experiment.id, t, d) }}
      {...rest}
    />
  );
}

const NO_KNOBS: Record<string, number> = {};

/**
 * Each address after the first (typed or pasted over this one; the first was read by the
 * state initializers): its messages shown, then, unless the whole query was refused, the
 * page's own `apply` (its step, time, pinned experiment) and the seed and knobs taken for
 * `addressExp`, a parameter it names but that was refused keeping what is on screen.
 */
export function useNewAddress(
  parsed: UrlParseResult,
  addressExp: string | undefined,
  fromAddress: (state: UrlState, rejected: string[], expId: string | undefined) => void,
  setMessages: (m: string[]) => void,
  apply: () => void,
) {
  const first = useRef(true);
  const applyNow = useRef(apply);
  applyNow.current = apply;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setMessages(parsed.messages);
    if (parsed.ignoredAll) return;
    applyNow.current();
    fromAddress(parsed.state, parsed.rejected, addressExp);
  }, [parsed, addressExp, fromAddress, setMessages]);
}

/**
 * An address's speed (`speed=0.01`), for the experiment the address shows (another keeps
 * its own): `speedOf(id)` gives the panel prop for experiment `id`; `renew()` takes a new
 * address's. A lesson page and presenter mode both open a link's experiment at it, and
 * each carries the player's speed to the other (the presenter opened at the lesson's own).
 */
export function useLinkSpeed(parsed: UrlParseResult, addressExp: string | undefined) {
  const fromAddress = () => (parsed.state.speed !== undefined && addressExp ? { exp: addressExp, speed: parsed.state.speed } : null);
  const [linkSpeed, setLinkSpeed] = useState(fromAddress);
  return {
    speedOf: (id: string | undefined): { defaultSpeed?: Speed } => (linkSpeed && id === linkSpeed.exp ? { defaultSpeed: linkSpeed.speed } : {}),
    renew: () => setLinkSpeed(fromAddress()),
  };
}

/** The player's speed for a link, when it is not the experiment's own (which the link then leaves out). */
export function speedForLink(speed: Speed | undefined, experiment: ExperimentSpec | undefined): Speed | undefined {
  return speed !== undefined && speed !== experiment?.speed ? speed : undefined;
}

/**
 * Each experiment's own seed and knob values, starting from the address's (which belong to
 * `addressExp`, the experiment the address shows). `seed`, `knobValues` and the settings
 * are those of `activeExp`, the experiment on screen: a value set in one experiment stays
 * there, and coming back to it finds it again. (A seed shared by the page made seed 7, set
 * for step 10's run, run step 8's too, whose quiz then checked nothing.)
 */
export function useExperimentSettings(initial: { seed?: number; knobs: Record<string, number> }, addressExp: string | undefined, activeExp: string | undefined) {
  const [seeds, setSeeds] = useState<Record<string, number | undefined>>(() => (addressExp && initial.seed !== undefined ? { [addressExp]: initial.seed } : {}));
  const [byExp, setByExp] = useState<Record<string, Record<string, number>>>(() => (addressExp ? { [addressExp]: initial.knobs } : {}));
  const knobValues = (activeExp !== undefined ? byExp[activeExp] : undefined) ?? NO_KNOBS;
  const seed = activeExp !== undefined ? seeds[activeExp] : undefined;
  const setSeed = useCallback(
    (v: number | undefined) => {
      if (activeExp !== undefined) setSeeds((m) => ({ ...m, [activeExp]: v }));
    },
    [activeExp],
  );
  const onKnob = useCallback(
    (path: string, value: number) => {
      if (activeExp !== undefined) setByExp((b) => ({ ...b, [activeExp]: { ...b[activeExp], [path]: value } }));
    },
    [activeExp],
  );
  /** Drops the reader's values of these knobs (and their seed): the lesson's apply again. */
  const onResetKnobs = useCallback(
    (paths: string[], resetSeed: boolean) => {
      if (activeExp === undefined) return;
      setByExp((b) => ({ ...b, [activeExp]: Object.fromEntries(Object.entries(b[activeExp] ?? {}).filter(([p]) => !paths.includes(p))) }));
      if (resetSeed) setSeeds((m) => ({ ...m, [activeExp]: undefined }));
    },
    [activeExp],
  );
  /** Takes a new address's seed and knobs (those of experiment `expId`); one it named but that was refused keeps what is on screen. */
  const fromAddress = useCallback((state: { seed?: number; knobs: Record<string, number> }, rejected: string[], expId: string | undefined) => {
    const refused = new Set(rejected);
    if (expId === undefined) return;
    setSeeds((m) => ({ ...m, [expId]: refused.has('seed') ? m[expId] : state.seed }));
    setByExp((b) => {
      const next = { ...state.knobs };
      for (const [path, v] of Object.entries(b[expId] ?? {})) if (refused.has(`k.${path}`)) next[path] = v;
      return { ...b, [expId]: next };
    });
  }, []);
  /** The props every page hands its experiment panel. */
  const settings = { knobValues, onKnob, seed, onSeed: setSeed, onResetKnobs };
  return { seed, setSeed, knobValues, fromAddress, settings };
}
