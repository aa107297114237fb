// The experiment panel: player bar, knobs, structure views (A|B side by side), charts
// (A and B overlaid), then the numbers tables. Used by lesson pages and the playground.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartSpec, KnobSpec, SizeReferenceSpec, SweepSpec, ViewName } from '../lessons/types';
import type { WorkerFactory } from '../engine/client';
import { usePlayer } from '../player/usePlayer';
import { useEstimatedEnd } from '../player/rowEnd';
import { finishNote, finishNoteChars, formatSimTime, type Speed } from '../player/speed';
import { EngineMessage, RestartMessage } from './EngineMessage';
import { Knobs } from './Knobs';
import { PlayerBar } from './PlayerBar';
import { getPath, scenarioEndNs } from '../engine/scenario';
import { useTheme } from './theme';
import { PALETTES } from './palette';
import { useEngineSession } from './useEngineSession';
import { PanelViews } from './PanelViews';
import { PanelTools } from './PanelTools';
import { SweepPanel } from './SweepPanel';
import { startingText } from './startingText';
import { useSettled } from './useSettled';
import { KeyHelp, PANEL_KEYS } from '../lessons/KeyHelp';

export interface PanelSim {
  label: string;
  json: string;
}

export interface ExperimentPanelProps {
  title: string;
  sims: PanelSim[] | null; // null while scenario files load
  /** The sides' labels, known before the scenario files load: the header keeps its
   * height when they arrive (a knob below it moved ~30 px as a reader reached for it). */
  sideLabels?: string[];
  loadError?: string | null;
  views: ViewName[];
  charts: ChartSpec[];
  knobs: KnobSpec[];
  knobValues: Record<string, number>;
  onKnob: (path: string, value: number) => void;
  seed?: number;
  onSeed?: (seed: number) => void;
  /** Puts the knobs and seed back to the lesson's values (shown while any differ). */
  onResetKnobs?: () => void;
  /** What the reader's last knob move also did (the other knob of a pair moved with it),
   *  shown under the knobs, where it moves nothing the reader is reaching for. */
  knobNote?: string;
  /** What the reset puts back, as the button's title. */
  resetTitle?: string;
  defaultSpeed: Speed;
  keyboard: boolean;
  onDone?: () => void;
  workerFactory?: WorkerFactory;
  sizeReference?: SizeReferenceSpec[];
  /** The index the Leaf page fill view shows first (`fill_index`). */
  fillIndex?: string;
  /** A sweep of one scenario field (runs in a worker of its own, with progress and Cancel). */
  sweep?: SweepSpec;
  /** Open at this simulated time (a shared link): run there once the simulation exists. */
  initialTimeNs?: number;
  onInitialTimeApplied?: () => void;
  /** Told, when the panel goes (the reader moved to another experiment), where its run was. */
  onLeave?: (timeNs: number, done: boolean) => void;
  /** Kept at the run's simulated time (ns), for a link made outside the panel (presenter's Exit). */
  timeRef?: { current: number };
  /** Kept at the player's speed, for the same links. */
  speedRef?: { current: Speed | undefined };
  /** Builds a link to the current state (shows "Copy link"): its simulated time and the player's speed. */
  shareLink?: (timeNs: number, speed: Speed) => Promise<string>;
  /** What the copied link holds (Copy link's title); a lesson's by default. */
  shareLinkTitle?: string;
  /** HTML to embed this experiment as it is at a simulated time and speed (shows "Embed"). */
  embedSnippet?: (timeNs: number, speed: Speed) => string;
  /** ←/→ step the player (default); false in presenter mode, where they change slides. */
  arrowKeys?: boolean;
  /** Hide the export and share tools (default shown). */
  noTools?: boolean;
  /** Knobs behind a closed disclosure that lists their values (embeds). */
  foldKnobs?: boolean;
}

export function ExperimentPanel(props: ExperimentPanelProps) {
  const { sims, views, charts } = props;
  const scenarioJson = useMemo(() => (sims ? sims.map((s) => s.json) : null), [sims]);
  // status_text() is only worth its cost (and its averaging window) while a STATUS view shows.
  const session = useEngineSession(scenarioJson, props.workerFactory, views.includes('status'));
  // A run of set duration ends at its scenario's end (the later side's); one that stops at
  // a row target ends when its rows are in, which is not known ahead.
  const toRowTarget = session.frames ? session.frames.some((f) => f.summary?.canFinish) : null;
  const durationNs = useMemo(() => {
    if (!scenarioJson) return undefined;
    const ends = scenarioJson.map((j) => {
      try {
        return scenarioEndNs(JSON.parse(j));
      } catch {
        return undefined;
      }
    });
    return ends.every((e) => e !== undefined) ? Math.max(...(ends as number[])) : undefined;
  }, [scenarioJson]);
  const endNs = toRowTarget === false ? durationNs : undefined;
  const player = usePlayer({
    source: session.source,
    endNs,
    defaultSpeed: props.defaultSpeed,
    keyboard: props.keyboard,
    arrowKeys: props.arrowKeys ?? true,
    onFrames: session.onFrames,
    onError: session.onError,
  });
  // "?" (or the player bar's ? button) shows the panel's keys, where the panel takes keys;
  // the presenter has its own help (and its own arrows).
  const keyHelp = props.keyboard && (props.arrowKeys ?? true);
  const [help, setHelp] = useState(false);
  useEffect(() => {
    if (!keyHelp) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      e.preventDefault();
      setHelp((h) => !h);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyHelp]);
  const { theme, reducedMotion } = useTheme();
  const palette = PALETTES[theme];
  // An experiment with a sweep is done when its sweep is (its quizzes ask about the
  // sweep's results, which a run played to its end does not show).
  const { onDone, sweep } = props;
  useEffect(() => {
    if (player.done && !sweep) onDone?.();
  }, [player.done, onDone, sweep]);
  // The export menu lists every view in the panel: the live views and a sweep's chart and table.
  const panelRef = useRef<HTMLElement>(null);

  // A shared link's time: once, when the first simulation of this panel is ready.
  const initialApplied = useRef(false);
  const { initialTimeNs, onInitialTimeApplied } = props;
  const { seek } = player;
  const starting = session.creating || (!sims && !props.loadError);
  // Heard once settled: a panel built twice on opening said starting, ready, starting, ready.
  const said = useSettled(starting ? startingText(scenarioJson) : player.done ? `Run complete at t = ${formatSimTime(player.timeNs)}.` : sims ? 'The simulation is ready.' : '', 300);
  // A time past the run's end opens at the end, and says so (it did so silently).
  const wantedNs = useRef<number | null>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);
  useEffect(() => {
    if (!session.source || initialApplied.current) return;
    initialApplied.current = true;
    if (initialTimeNs !== undefined && initialTimeNs > 0) {
      wantedNs.current = initialTimeNs;
      seek(initialTimeNs);
    }
    onInitialTimeApplied?.();
  }, [session.source, initialTimeNs, onInitialTimeApplied, seek]);
  useEffect(() => {
    const w = wantedNs.current;
    if (w === null || player.seekingNs !== null) return;
    if (player.timeNs >= w) wantedNs.current = null;
    else if (player.done) {
      wantedNs.current = null;
      setLinkNote(pastEndNote(w, player.timeNs));
    }
  }, [player.done, player.timeNs, player.seekingNs]);

  // A knob or seed changed mid-run builds a new simulation, which starts at t = 0: said
  // under the knobs until Play (the panel went back to 0 without a word).
  const [restarted, setRestarted] = useState<{ json: string[]; note: string } | null>(null);
  const lastRun = useRef<{ json: string[] | null; timeNs: number }>({ json: null, timeNs: 0 });
  if (scenarioJson && lastRun.current.json && scenarioJson !== lastRun.current.json && lastRun.current.timeNs > 0 && restarted?.json !== scenarioJson) {
    setRestarted({ json: scenarioJson, note: `New settings: the run starts again from t = 0 (it was at t = ${formatSimTime(lastRun.current.timeNs)}).` });
  }
  if (scenarioJson !== lastRun.current.json) lastRun.current = { json: scenarioJson, timeNs: 0 };
  else if (session.source) lastRun.current.timeNs = player.timeNs;
  useEffect(() => {
    if (player.playing) setRestarted(null);
  }, [player.playing]);
  const knobNote = [props.knobNote, restarted?.note].filter(Boolean).join(' ') || undefined;

  // Where the run is, for onLeave when the panel unmounts.
  const leaving = useRef({ timeNs: 0, done: false, onLeave: props.onLeave });
  leaving.current = { timeNs: player.timeNs, done: player.done, onLeave: props.onLeave };
  if (props.timeRef) props.timeRef.current = player.timeNs;
  if (props.speedRef) props.speedRef.current = player.speed;
  useEffect(() => {
    const at = leaving;
    return () => at.current.onLeave?.(at.current.timeNs, at.current.done);
  }, []);

  const labels = (sims ?? []).map((s, i) => (sims && sims.length > 1 ? `${i === 0 ? 'A' : 'B'}: ${s.label}` : s.label));
  const early = props.sideLabels ?? [];
  const headLabels = sims ? labels : early.map((l, i) => (early.length > 1 ? `${i === 0 ? 'A' : 'B'}: ${l}` : l));
  const frames = session.frames;
  // Each run's finish, once its workload has run out (A may finish long before B). The
  // note keeps one width from the first frame on, so the header never reflows when a run
  // finishes (the charts below would jump).
  const targets = useMemo(() => (scenarioJson ?? []).map(rowTarget), [scenarioJson]);
  const finished = labels.map((_, i) => finishNote(frames?.[i]?.summary, targets[i]));
  // A row-target run's end, estimated from its rows so far: the scrubber spans it.
  const aboutEndNs = useEstimatedEnd(frames, targets, durationNs, session.source, toRowTarget === true);
  const ready = session.source !== null;
  const abColor = (i: number) => (i === 0 ? palette.ab.A : palette.ab.B);

  return (
    <section className="experiment-panel" aria-label={`Experiment: ${props.title}`} ref={panelRef}>
      <header className="panel-head">
        <h2>{props.title}</h2>
        {headLabels.length > 1 ? (
          <p className="ab-legend">
            {headLabels.map((l, i) => (
              <span key={i} className="ab-chip" style={{ borderColor: abColor(i), color: abColor(i) }}>
                {l}
                <FinishNote text={sims ? (finished[i] ?? null) : null} target={targets[i]} />
              </span>
            ))}
          </p>
        ) : headLabels.length === 1 ? (
          <p className="muted">
            {headLabels[0]}
            <FinishNote text={sims ? (finished[0] ?? null) : null} target={targets[0]} />
          </p>
        ) : null}
      </header>
      <PlayerBar player={player} disabled={!ready} arrowKeys={props.arrowKeys ?? true} onHelp={keyHelp ? () => setHelp((h) => !h) : undefined} endNs={endNs} aboutEndNs={aboutEndNs} />
      {help ? <KeyHelp keys={PANEL_KEYS} onClose={() => setHelp(false)} /> : null}
      {props.noTools ? null : (
        <PanelTools
          title={props.title}
          sims={sims}
          labels={labels}
          series={session.series}
          timeNs={player.timeNs}
          speed={player.speed}
          viewsRef={panelRef}
          shareLink={props.shareLink}
          shareLinkTitle={props.shareLinkTitle}
          embedSnippet={props.embedSnippet}
        />
      )}
      {props.loadError ? (
        <div className="notice notice-error" role="alert">
          {props.loadError}
        </div>
      ) : null}
      {linkNote ? (
        <p className="notice notice-warn" role="status">
          {linkNote}{' '}
          <button type="button" className="linklike" onClick={() => setLinkNote(null)}>
            Dismiss
          </button>
        </p>
      ) : null}
      {session.restart ? <RestartMessage info={session.restart} onDismiss={session.dismissRestart} /> : null}
      {session.error ? <EngineMessage error={session.error} knobs={props.knobs} /> : null}
      <Knobs
        knobs={props.knobs}
        values={props.knobValues}
        onChange={props.onKnob}
        seed={props.seed}
        onSeed={props.onSeed}
        folded={props.foldKnobs}
        onReset={props.onResetKnobs}
        resetTitle={props.resetTitle}
        note={knobNote}
      />
      {props.sweep ? <SweepPanel sweep={props.sweep} sims={sims} labels={labels} palette={palette} workerFactory={props.workerFactory} onDone={onDone} /> : null}
      {/* Below the knobs, where the views will appear: when it goes, nothing a reader
          may be reaching for moves. */}
      {starting ? <p className="muted">{startingText(scenarioJson)}</p> : null}
      {/* What a screen reader hears of the run: it starting, ready, complete. One region that
          stays (a status paragraph that came and went was never read). */}
      <p className="visually-hidden" role="status">
        {said ?? ''}
      </p>
      <div className="panel-views">
      {frames ? (
        <PanelViews
          frames={frames}
          series={session.series}
          status={session.status}
          labels={labels}
          views={views}
          charts={charts}
          sizeReference={props.sizeReference}
          fillIndex={props.fillIndex}
          palette={palette}
          reducedMotion={reducedMotion}
          client={session.client}
        />
      ) : null}
      </div>
    </section>
  );
}

/** A scenario's row target (workload.max_rows), if it has one. */
function rowTarget(json: string): number | undefined {
  try {
    const v = getPath(JSON.parse(json), 'workload.max_rows');
    return typeof v === 'number' && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** " · done at 183.5 ms" after a run's label (finishNote). The dot holds on to the label
 * (a phone wrapped the note to a line of its own that began with "·"); the space after it
 * stays outside the fixed-width slot, where an inline-block would drop it. The slot is as
 * wide as the longest progress note (`target` rows of `target`), so growing digits never
 * reflow it. */
function FinishNote({ text, target }: { text: string | null; target?: number }) {
  if (!text) return null;
  const chars = finishNoteChars(target);
  return (
    <>
      <span className="ab-finished-dot"> ·</span>{' '}
      <span className="ab-finished" style={chars ? { minWidth: `${chars}ch` } : undefined}>
        {text}
      </span>
    </>
  );
}

/** The note for a link whose time lies past the run's end. */
export function pastEndNote(wantedNs: number, endNs: number): string {
  return `The link asked for t = ${formatSimTime(wantedNs)}, but this run ends at t = ${formatSimTime(endNs)}: it is shown at its end.`;
}
