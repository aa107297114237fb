// Thread swimlanes: a canvas with one thin lane per client thread and simulated time on
// x (one column per frame shown, as wide as the time since the one before, newest on
// the right), coloured by state, with a legend of current counts and a text summary for
// screen readers.
import { useEffect, useMemo, useRef } from 'react';
import type { Frame } from '../../engine/frames';
import type { Palette } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { rgbOf } from '../../charts/common/colors';
import { formatCount } from '../../charts/common/format';
import { prepareCanvas, useWidth } from '../../charts/common/hooks';
import { figureStyle, legendStyle, mutedStyle, swatchStyle } from '../../charts/common/styles';
import { hasQcLock, THREAD_STATES, threadStatesFor, threadStateColor } from '../../charts/common/threadStates';
import { blankColumns, blankStretch, countsSentence, hatchMask, laneGrid, laneLayout, paintGrid, SAMPLE_PX, stateCounts, timeSpans } from './layout';
import { columnJumped, columnSought, columnTime, DEFAULT_RING_COLUMNS, pushStates, type StateRing } from './ring';

export interface ThreadLanesProps {
  frame: Frame;
  /** Side label, e.g. "A: 8.0.25". */
  label?: string;
  /** Frames kept on the time axis (default 240). */
  columns?: number;
  /** Height budget of the lanes (px, default 256). */
  maxHeight?: number;
  /** Show the legend of current counts (off when a threads bar above already has it). */
  legend?: boolean;
}

const EMPTY = new Uint8Array(0);

/** [r, g, b] per state byte. */
function stateRgb(p: Palette): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const s of THREAD_STATES) out[s.byte] = rgbOf(threadStateColor(p, s.key));
  return out;
}

const MASKS = [hatchMask(false), hatchMask(true)] as const;

/**
 * The legend swatches' stripes as a canvas pattern, in `color` (the page background):
 * 2 px diagonals every 6 px like "\\", and for `cross` 1 px lines both ways every 4 px,
 * so a hatched state reads hatched on the lanes as on its swatch.
 */
function stripes(ctx: CanvasRenderingContext2D, color: string, cross: boolean): CanvasPattern | null {
  const n = cross ? 4 : 6;
  const tile = document.createElement('canvas');
  tile.width = tile.height = n;
  const t = tile.getContext('2d');
  if (!t) return null;
  t.fillStyle = color;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const on = cross ? (x + y) % n === n - 1 || (x - y + n) % n === n - 1 : (x - y + n) % n < 2;
      if (on) t.fillRect(x, y, 1, 1);
    }
  return ctx.createPattern(tile, 'repeat');
}

const seconds = (ns: number) => `${(ns / 1e9).toFixed(3)} s`;

/** Each column's place on `w` px and whether it is drawn blank ([`blankColumns`]). */
function blanks(r: StateRing, w: number): { spans: { x: number[]; w: number[] }; blank: boolean[] } {
  const idx = Array.from({ length: r.length }, (_, i) => i);
  const times = idx.map((i) => columnTime(r, i));
  const spans = timeSpans(times, w);
  const blank = blankColumns(
    times,
    idx.map((i) => columnJumped(r, i)),
    idx.map((i) => columnSought(r, i)),
    spans.w,
  );
  return { spans, blank };
}

/** Swimlanes of client-thread states over the last frames. */
export function ThreadLanes({ frame, label, columns = DEFAULT_RING_COLUMNS, maxHeight, legend = true }: ThreadLanesProps) {
  const [ref, width, scale] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pal = usePalette();
  const states = frame.threadStates ?? EMPTY;
  // The ring lives across frames; pushing the same frame twice is harmless (idempotent).
  const ringRef = useRef<StateRing | null>(null);
  const cells = useRef<Uint8Array | null>(null);
  const pixels = useRef<(Uint8ClampedArray | undefined)[]>([]);
  const offscreen = useRef<(HTMLCanvasElement | undefined)[]>([]);
  const overlay = useRef<HTMLCanvasElement | null>(null);
  const patterns = useRef<{ key: string[]; p: (CanvasPattern | null)[] }>({ key: [], p: [] });
  const ring = useMemo(() => {
    ringRef.current = pushStates(ringRef.current, frame.timeNs, states, columns, frame.jumped === true, frame.sought === true);
    return { r: ringRef.current, length: ringRef.current.length };
  }, [frame.timeNs, states, columns, frame.jumped, frame.sought]);
  const lanes = useMemo(() => laneLayout(states.length, maxHeight), [states.length, maxHeight]);
  const counts = useMemo(() => stateCounts(states), [states]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || lanes.rows === 0) return;
    const w = Math.max(1, width - 2); // inside the 1 px border
    const ctx = prepareCanvas(canvas, w, lanes.height);
    if (!ctx) return;
    ctx.fillStyle = pal.surface;
    ctx.fillRect(0, 0, w, lanes.height);
    const { r } = ring;
    if (r.length === 0) return;
    // Offscreen images, 1 px per frame × lane, repainted each frame: the colours, then
    // masks of the hatched and the cross-hatched states.
    const { spans, blank } = blanks(r, w);
    const grid = laneGrid(r, lanes, cells.current ?? undefined);
    cells.current = grid;
    const image = (k: number, rgba: readonly (readonly number[])[]): HTMLCanvasElement | null => {
      const px = paintGrid(grid, rgba, pixels.current[k] ?? undefined);
      pixels.current[k] = px;
      const off = (offscreen.current[k] ??= document.createElement('canvas'));
      if (off.width !== r.capacity) off.width = r.capacity;
      if (off.height !== lanes.rows) off.height = lanes.rows;
      const octx = off.getContext('2d');
      if (!octx) return null;
      octx.putImageData(new ImageData(px as Uint8ClampedArray<ArrayBuffer>, r.capacity, lanes.rows), 0, 0);
      return off;
    };
    const columnsOf = (target: CanvasRenderingContext2D, off: HTMLCanvasElement) => {
      target.imageSmoothingEnabled = false;
      for (let i = 0; i < r.length; i++) {
        // A stretch nobody watched stays blank; a line at its end shows where the jump stopped.
        const keep = blank[i] ? SAMPLE_PX : spans.w[i];
        target.drawImage(off, i, 0, 1, lanes.rows, spans.x[i] + spans.w[i] - keep, 0, keep, lanes.height);
      }
    };
    const colours = image(0, stateRgb(pal));
    if (!colours) return;
    columnsOf(ctx, colours);
    // Stripes of the background over the hatched states, as their legend swatches have:
    // each mask drawn as the lanes, kept where the stripes are, laid on top.
    const layer = (overlay.current ??= document.createElement('canvas'));
    if (layer.width !== canvas.width) layer.width = canvas.width;
    if (layer.height !== canvas.height) layer.height = canvas.height;
    const lctx = layer.getContext('2d');
    if (!lctx) return;
    MASKS.forEach((mask, k) => {
      const off = image(k + 1, mask);
      const key = `${pal.background} ${k}`;
      if (patterns.current.key[k] !== key) {
        patterns.current.key[k] = key;
        patterns.current.p[k] = stripes(lctx, pal.background, k === 1);
      }
      const pattern = patterns.current.p[k];
      if (!off || !pattern) return;
      lctx.setTransform(1, 0, 0, 1, 0, 0);
      lctx.clearRect(0, 0, layer.width, layer.height);
      lctx.setTransform(ctx.getTransform());
      columnsOf(lctx, off);
      lctx.globalCompositeOperation = 'source-in';
      lctx.fillStyle = pattern;
      lctx.fillRect(0, 0, w, lanes.height);
      lctx.globalCompositeOperation = 'source-over';
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(layer, 0, 0);
      ctx.restore();
    });
    if (lanes.gap) {
      ctx.fillStyle = pal.background;
      for (let y = 1; y < lanes.rows; y++) ctx.fillRect(0, y * lanes.rowHeight - 1, w, 1);
    }
  }, [ring, lanes, width, pal, scale]);

  const { r, length } = ring;
  const from = length ? columnTime(r, 0) : frame.timeNs;
  // The time halfway across (x is simulated time).
  const mid = from + (frame.timeNs - from) / 2;
  // Stretches the player went across in one go (a link's time, a large step): left blank.
  const coarse = useMemo(() => {
    const times = Array.from({ length: ring.length }, (_, i) => columnTime(ring.r, i));
    return blankStretch(times, blanks(ring.r, Math.max(1, width - 2)).blank);
  }, [ring, width]);
  const group = lanes.threadsPerRow > 1 ? ` Each lane is ${lanes.threadsPerRow} threads, drawn in the state most of them are in.` : '';
  const aria =
    `${label ? `${label}: ` : ''}${countsSentence(counts, formatCount, hasQcLock(frame))} at t = ${seconds(frame.timeNs)}. ` +
    `Lanes show each thread's state as the last ${formatCount(length)} frames saw it, from t = ${seconds(from)}, simulated time across.${group}`;

  return (
    <figure style={figureStyle}>
      <div data-align="lanes-head" style={{ display: 'flex', justifyContent: 'space-between', alignContent: 'flex-start', gap: 8, flexWrap: 'wrap', ...mutedStyle(pal) }}>
        <span>{lanes.threadsPerRow > 1 ? `lanes of ${formatCount(lanes.threadsPerRow)} threads` : 'a lane per thread'}, thread 1 on top</span>
        <span>simulated time across, now on the right →</span>
      </div>
      <div ref={ref} style={{ width: '100%' }}>
        {states.length === 0 ? (
          <p style={mutedStyle(pal)}>No client threads yet: press play.</p>
        ) : (
          <canvas ref={canvasRef} role="img" aria-label={aria} style={{ display: 'block', border: `1px solid ${pal.grid}`, boxSizing: 'content-box' }} />
        )}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', ...mutedStyle(pal) }}>
        <span>t = {seconds(from)}</span>
        {length > 2 && <span>t = {seconds(mid)}</span>}
        {/* Not "(240 frames)": a count that depends on the playback speed, and jargon. */}
        <span>t = {seconds(frame.timeNs)}</span>
      </div>
      {coarse && (
        <p className="lanes-coarse" style={{ ...mutedStyle(pal), margin: '2px 0' }}>
          From t = {seconds(coarse.fromNs)} to {seconds(coarse.toNs)} the player went there in one go: the lanes are blank but for a thin line wherever it stopped on the way, the states there. Play to see the states change.
        </p>
      )}
      {legend && (
        <ul style={legendStyle(pal)} aria-label="Thread states now">
          {threadStatesFor(hasQcLock(frame)).map((s) => (
            <li key={s.key}>
              <span style={swatchStyle(pal, threadStateColor(pal, s.key), s.hatch, s.cross)} />
              {formatCount(counts[s.byte])} {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
