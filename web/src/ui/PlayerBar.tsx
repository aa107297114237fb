// The player bar: reset, step back, play/pause, step, speed, simulated time, scrubber.

import { useEffect, useRef, useState } from 'react';
import { useKeepFocus } from './keepFocus';
import type { Player } from '../player/usePlayer';

/** Small inline icons (no icon font: glyphs like ⏮ are missing on many systems). */
function Icon({ d }: { d: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
const RESET = 'M1 1h2v12H1zM13 1v12L4 7z';
const BACK = 'M11 1v12L3 7zM1 1h2v12H1z';
const FORWARD = 'M3 1v12l8-6zM11 1h2v12h-2z';
const PLAY = 'M3 1v12l10-6z';
const PAUSE = 'M2 1h4v12H2zM8 1h4v12H8z';
const STOP = 'M2 2h10v10H2z';
/** A bar at t = 0 and the play triangle: run again from the start. */
const REPLAY = 'M1 1h2v12H1zM5 1v12l8-6z';
import { formatAchieved, formatSimTime, formatSpeed, SPEEDS, type Speed } from '../player/speed';

/**
 * The scrubber moves in whole ticks (an arrow key = 1/1000 of the run so far). A value off
 * the input's step grid would be snapped by the browser, and React, seeing a value it did
 * not set, would report a second, spurious change (a seek back to where it was).
 */
const SCRUB_TICKS = 1000;
/** A touch on the scrubber seeks once it has moved this far sideways (a swipe up or down scrolls). */
const SIDEWAYS_PX = 8;

/**
 * The time a scrubber tick asks for on a scrubber spanning `maxNs`. The end of a span that
 * is only estimated (`estimated`: a run to a row target) asks for the run's real end: past
 * any time it can reach, where it stops once its rows are in (End went only as far as the
 * estimate of the moment, and each press got a little further).
 */
function scrubToNs(tick: number, maxNs: number, estimated: boolean): number {
  if (tick >= SCRUB_TICKS) return estimated ? Number.MAX_SAFE_INTEGER : maxNs;
  return Math.round((tick / SCRUB_TICKS) * maxNs);
}

interface Props {
  player: Player;
  disabled: boolean;
  /** ←/→ step (else only , and . do: presenter mode). */
  arrowKeys?: boolean;
  /** Shows the keyboard shortcuts (a "?" button at the bar's end). */
  onHelp?: () => void;
  /**
   * Where the run ends, when that is known ahead (a run of a set duration): the scrubber
   * spans the whole run, so its knob shows how much is left, and can be dragged ahead.
   * Else it spans the time run so far (a run to a row target ends when its rows are in).
   */
  endNs?: number;
  /**
   * A row-target run's end estimated from its rows so far (rowEnd.ts), while it is not
   * known: the scrubber spans it, so its thumb moves as the rows go in. Null before its
   * first rows: the thumb stays at the start (nothing of the run is known to be done).
   */
  aboutEndNs?: number | null;
}

/** A note beside the scrubber; `hidden` keeps a gone one's place while the thumb is held. */
interface Badge {
  key: string;
  text: string;
  /** The text on a phone, where the badge has the scrubber's width (about 80 px at 360). */
  short: string;
  title?: string;
  hidden?: boolean;
}

export function PlayerBar({ player, disabled, arrowKeys = true, onHelp, endNs, aboutEndNs }: Props) {
  const back = arrowKeys ? '← or ,' : ',';
  const fwd = arrowKeys ? '→ or .' : '.';
  const p = player;
  // A finished run spans its own length (where the estimate stood a frame before).
  const about = p.done || endNs ? undefined : aboutEndNs;
  const max = Math.max(p.maxTimeNs, p.timeNs, endNs ?? about ?? 0, 1);
  const endUnknown = about === null;
  // A long seek under way (its badge shows): the play button stops it where it has got.
  const going = p.seekingNs !== null;
  // A finished run: the play button runs it again from t = 0.
  const replay = p.done && !p.playing && !going;
  // Pressed while the simulation is still being built: it plays as soon as it is ready
  // (the button stays live then: a click was lost, while Space was remembered).
  const waiting = disabled && p.startsWhenReady;
  const label = waiting ? 'Waiting…' : going ? 'Stop' : p.playing ? 'Pause' : replay ? 'Replay' : 'Play';
  const bar = useRef<HTMLDivElement>(null);
  // While the thumb is held, it stays under the pointer: a long seek moves the clock as it
  // goes (restore, then replay), and the thumb jumped back to it between moves, so a fast
  // drag landed short of where it was let go.
  // Arrow keys on the scrubber ask for a tick too: each press counts from the last one asked
  // for, not from the clock still on its way there (quick presses were lost: 50 → went 15).
  // The scale stays as it was when the thumb was taken: an estimated end moves as the run
  // goes (a row target), and the held tick would then stand for another time (← after a
  // seek ahead went forward, the clock never matched the tick, and the thumb stayed held).
  const [held, setHeld] = useState<{ tick: number; max: number; ns: number } | null>(null);
  const dragging = useRef(false);
  const [letGo, setLetGo] = useState(0);
  const scale = held?.max ?? max;
  const tick = endUnknown ? 0 : Math.min(SCRUB_TICKS, Math.round((p.timeNs / scale) * SCRUB_TICKS));
  useEffect(() => {
    // Against the value asked for now, not this render's: a press handled since then (asked
    // 2 while the clock reached 1) must not be dropped by the clock catching up with 1. A
    // run that ended short of the time asked for (past an estimated end) lets go too.
    const short = held !== null && p.done && !going && p.timeNs >= p.maxTimeNs && p.timeNs < held.ns;
    if (held !== null && !dragging.current && (tick === held.tick || p.playing || short)) setHeld((h) => (h === held ? null : h));
    // letGo: a seek that got there before the pointer was let go is over once it is (the
    // thumb stayed held, on a scale the estimate had since left: 30% over 60% of the rows).
  }, [held, tick, p.playing, p.done, going, p.timeNs, p.maxTimeNs, letGo]);
  /** Holds the thumb at tick `v` (on the scale it was taken on); returns the time it asks for. */
  const hold = (v: number): number => {
    const m = held?.max ?? max;
    const ns = scrubToNs(v, m, about != null);
    setHeld({ tick: v, max: m, ns });
    return ns;
  };
  // The badges keep their place while the thumb is held: one going ("run complete" as the
  // drag leaves the end) or coming widened the scrubber under the pointer, which then sat
  // over another time (let go at 20%, it landed at 33%).
  const live: Badge[] = [];
  if (p.done) live.push({ key: 'done', text: 'run complete', short: 'complete' });
  // Where a seek goes: a time, or the real end of a row-target run (scrubToNs).
  const goal = p.seekingNs === null ? '' : p.seekingNs >= Number.MAX_SAFE_INTEGER ? 'the end' : `t = ${formatSimTime(p.seekingNs)}`;
  if (p.seekingNs !== null) live.push({ key: 'seek', text: `going to ${goal}…`, short: 'going…' });
  // Steps pressed while the simulation is built: they are taken once it is ready, and
  // nothing showed they had been counted (the presenter pressed "." again).
  if (disabled && p.stepsWhenReady > 0) {
    const steps = `${p.stepsWhenReady} step${p.stepsWhenReady === 1 ? '' : 's'}`;
    live.push({ key: 'queued', text: `${steps} when ready`, short: `+${steps}`, title: `${steps} forward as soon as the simulation is ready (${back} takes one back)` });
  }
  if (p.slow && p.achievedSpeed !== null)
    live.push({
      key: 'slow',
      text: `running at ${formatAchieved(p.achievedSpeed)}`,
      short: `at ${formatAchieved(p.achievedSpeed)}`,
      title: `This scenario is more work per simulated second than this browser can do at ${formatSpeed(p.speed)}: it runs at ${formatAchieved(p.achievedSpeed)}. Every number is the same, only later.`,
    });
  const [frozen, setFrozen] = useState<Badge[] | null>(null);
  const badges = frozen ? frozen.map((b) => live.find((x) => x.key === b.key) ?? { ...b, hidden: true }) : live;
  // Let go: the thumb stays where it was let go until the clock gets there (the effect above).
  const release = () => {
    dragging.current = false;
    setFrozen(null);
    setLetGo((n) => n + 1);
  };
  // Where the thumb was taken. A touch seeks once it moves sideways (or lifts: a tap on the
  // track), not where the finger lands: a vertical swipe that began on the scrubber, which
  // the browser then takes for a page scroll, sought there, and going back replayed the run.
  const taken = useRef<{ tick: number; max: number; ns: number } | null>(null);
  const touch = useRef<{ x: number; sideways: boolean; tick: number | null } | null>(null);
  const cancel = () => {
    const t = taken.current;
    const sought = !touch.current || touch.current.sideways;
    taken.current = null;
    touch.current = null;
    release();
    if (t && held && held.tick !== t.tick) {
      setHeld(t);
      if (sought) p.seek(t.ns);
    }
  };
  // The tick a touch not yet sideways asks for is kept (the thumb stays put), and asked for
  // once the touch goes sideways or lifts; asked for then, it is done with (it was asked for
  // again on lifting, back where the drag began).
  const seekTo = (v: number) => {
    if (touch.current && !touch.current.sideways) touch.current.tick = v;
    else p.seek(hold(v));
  };
  const flushTouch = () => {
    const v = touch.current?.tick ?? null;
    if (touch.current) touch.current.tick = null;
    if (v !== null) p.seek(hold(v));
  };
  useKeepFocus(bar);
  return (
    <div className="player-bar" role="toolbar" aria-label="Simulation player" ref={bar}>
      <button type="button" onClick={p.reset} disabled={disabled} title="Back to t = 0" aria-label="Reset to start">
        <Icon d={RESET} />
      </button>
      <button type="button" onClick={p.stepBack} disabled={disabled || p.timeNs <= 0} title={`Step back (${back})`} aria-label="Step back" aria-keyshortcuts={arrowKeys ? 'ArrowLeft ,' : ','}>
        <Icon d={BACK} />
      </button>
      <button
        type="button"
        className="primary play"
        onClick={p.toggle}
        aria-disabled={disabled && !waiting ? true : undefined}
        data-loading={disabled ? '' : undefined}
        aria-pressed={disabled ? waiting : undefined}
        title={
          disabled
            ? waiting
              ? 'Plays as soon as the simulation is ready (press again to cancel)'
              : 'Play as soon as the simulation is ready (Space)'
            : going
              ? `Stop going to ${goal} (Space)`
              : p.playing
                ? 'Pause (Space)'
                : replay
                  ? 'Run it again from t = 0 (Space)'
                  : 'Play (Space)'
        }
        aria-label={label}
        aria-keyshortcuts="Space"
      >
        <Icon d={waiting || p.playing ? PAUSE : going ? STOP : replay ? REPLAY : PLAY} /> {label}
      </button>
      <button type="button" onClick={p.stepForward} disabled={disabled || p.done} title={`Step forward (${fwd})`} aria-label="Step forward" aria-keyshortcuts={arrowKeys ? 'ArrowRight .' : '.'}>
        <Icon d={FORWARD} />
      </button>
      <label className="speed">
        <span className="muted">Speed</span>
        <select
          value={String(p.speed)}
          onChange={(e) => p.setSpeed((e.target.value === 'max' ? 'max' : Number(e.target.value)) as Speed)}
          title="Simulated seconds per second (+/−)"
        >
          {SPEEDS.map((s) => (
            <option key={String(s)} value={String(s)}>
              {formatSpeed(s)}
            </option>
          ))}
        </select>
      </label>
      <span className="sim-time" aria-live="off" title="Simulated time">
        {/* An <output> is a live region of its own: off, or the clock is read out every frame. */}
        t = <output aria-live="off">{formatSimTime(p.timeNs)}</output>
      </span>
      {/* The scrubber and ? wrap together: alone, ? took a row of its own (an embed at 800 px). */}
      {/* The badges open the scrubber's row, whose width is set (flex-basis): one that
          appears shortens the scrubber instead of pushing the row onto a line of its own
          (in the clock's span, "run complete" moved every view below down 43 px). */}
      <span className="scrub-row">
        {/* The badges and the scrubber, without the "?" button: a badge placed over the
            scrubber spans the scrubber's width only (it ran over the button). */}
        <span className="scrub-track">
          {badges.map((b) => (
            <span key={b.key} className="badge" title={b.title} style={b.hidden ? { visibility: 'hidden' } : undefined} aria-hidden={b.hidden || undefined}>
              <span className="badge-text">{b.text}</span>
              <span className="badge-short">{b.short}</span>
            </span>
          ))}
          <input
            className="scrubber"
            type="range"
            min={0}
            max={SCRUB_TICKS}
            step={1}
            value={held?.tick ?? tick}
            // Where the clock is, on the same scale (the value can be ahead of it: asked for, on the way).
            data-clock={tick}
            disabled={disabled || max <= 1 || endUnknown}
            onPointerDown={(e) => {
              dragging.current = true;
              taken.current = { tick, max, ns: p.timeNs };
              touch.current = e.pointerType === 'touch' ? { x: e.clientX, sideways: false, tick: null } : null;
              setHeld(taken.current);
              setFrozen(live);
            }}
            onPointerMove={(e) => {
              const t = touch.current;
              if (!t || t.sideways || Math.abs(e.clientX - t.x) < SIDEWAYS_PX) return;
              t.sideways = true;
              flushTouch();
            }}
            onPointerUp={() => {
              flushTouch();
              taken.current = null;
              touch.current = null;
              release();
            }}
            onPointerCancel={cancel}
            onBlur={() => {
              release();
              setHeld(null);
            }}
            onChange={(e) => {
              seekTo(Number(e.target.value));
            }}
            aria-label="Simulated time (scrub)"
            // A row-target run, once finished, spans its own length, as a timed run its duration.
            aria-valuetext={`${formatSimTime(p.timeNs)}${endNs ? ` of ${formatSimTime(endNs)}` : about ? ` of about ${formatSimTime(about)}` : p.done ? ` of ${formatSimTime(p.maxTimeNs)}` : ''}`}
            title={
              about
                ? `This run ends when its rows are in: at about t = ${formatSimTime(about)}, going by the rows so far`
                : endUnknown
                  ? 'This run ends when its rows are in: how long that takes shows once the first rows are'
                  : undefined
            }
          />
        </span>
        {onHelp ? (
          <button type="button" className="key-help-button" onClick={onHelp} aria-label="Keyboard shortcuts" aria-keyshortcuts="?" title="Keyboard shortcuts (?)">
            ?
          </button>
        ) : null}
      </span>
    </div>
  );
}
