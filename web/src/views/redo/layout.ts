// Pure layout of the redo panel: the log as a ring (LSN head, checkpoint tail, the
// checkpoint age between them, marks for the low-water mark, async and sync points and
// the log's limit) and the flush list as dirty pages by age. No DOM; unit-tested.
import { arc } from 'd3';
import type { RedoState } from '../../engine/frames';

/** Where the age stands, in the order InnoDB escalates (log0log.cc, buf0flu.cc). */
export type AgeZone = 'calm' | 'adaptive' | 'async' | 'sync';

export const ZONE_WORDS: Record<AgeZone, string> = {
  calm: 'below the low-water mark: no flushing for age',
  adaptive: 'adaptive flushing: the page cleaner writes more as the age grows',
  async: 'past the async point: flushing for age is urgent',
  sync: 'past the sync point: furious flushing, writes wait',
};

export function ageZone(s: RedoState, age = s.lsn - s.checkpointLsn): AgeZone {
  if (age >= s.syncAge) return 'sync';
  if (age >= s.asyncAge) return 'async';
  if (s.lwmAge > 0 && age >= s.lwmAge) return 'adaptive';
  return s.lwmAge > 0 ? 'calm' : 'adaptive';
}

/** One threshold mark on the ring, measured from the checkpoint tail. */
export interface RingMark {
  key: 'lwm' | 'async' | 'sync' | 'max';
  label: string;
  /** Angle in radians, 0 at 12 o'clock, clockwise. */
  angle: number;
  /** Tick from just inside to just outside the ring, and the label anchor. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lx: number;
  ly: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface RingModel {
  size: number;
  cx: number;
  cy: number;
  inner: number;
  outer: number;
  /** Whole-ring background path (free log space). */
  track: string;
  /** The checkpoint age: the arc from the tail to the head. */
  agePath: string;
  /** Share of the log the age fills, 0..1 (may pass 1 only if the model is broken). */
  ageShare: number;
  age: number;
  zone: AgeZone;
  /** 0..1: how far the age is toward the sync point (drives the colour gradient). */
  heat: number;
  headAngle: number;
  tailAngle: number;
  head: { x: number; y: number };
  tail: { x: number; y: number };
  marks: RingMark[];
  sentence: string;
}

const TAU = Math.PI * 2;

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

/** The log ring for an SVG of `size` px. Positions are LSN modulo capacity. */
export function layoutRing(s: RedoState, size: number, fmtBytes: (v: number) => string): RingModel {
  const cap = Math.max(1, s.capacity);
  const cx = size / 2;
  const cy = size / 2;
  const outer = Math.max(20, size / 2 - 34);
  const inner = outer * 0.72;
  const age = Math.max(0, s.lsn - s.checkpointLsn);
  const tailAngle = (mod(s.checkpointLsn, cap) / cap) * TAU;
  const ageShare = age / cap;
  const headAngle = tailAngle + Math.min(1, ageShare) * TAU;
  const a = arc<unknown, { startAngle: number; endAngle: number }>()
    .innerRadius(inner)
    .outerRadius(outer)
    .startAngle((d) => d.startAngle)
    .endAngle((d) => d.endAngle);
  const at = (angle: number, r: number) => ({ x: cx + r * Math.sin(angle), y: cy - r * Math.cos(angle) });
  const zone = ageZone(s, age);
  const marks: RingMark[] = (
    [
      ['lwm', 'lwm', s.lwmAge],
      ['async', 'async', s.asyncAge],
      ['sync', 'sync', s.syncAge],
      ['max', 'limit', s.maxAge],
    ] as const
  )
    .filter(([, , v]) => Number.isFinite(v) && v > 0 && v <= cap)
    .map(([key, label, v]) => {
      const angle = tailAngle + (v / cap) * TAU;
      const p1 = at(angle, inner - 3);
      const p2 = at(angle, outer + 5);
      const pl = at(angle, outer + 16);
      const sx = Math.sin(angle);
      return { key, label, angle, x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, lx: pl.x, ly: pl.y, anchor: sx > 0.3 ? 'start' : sx < -0.3 ? 'end' : 'middle' };
    });
  const pct = Math.round(ageShare * 1000) / 10;
  return {
    size,
    cx,
    cy,
    inner,
    outer,
    track: a({ startAngle: 0, endAngle: TAU }) ?? '',
    agePath: age > 0 ? (a({ startAngle: tailAngle, endAngle: headAngle }) ?? '') : '',
    ageShare,
    age,
    zone,
    heat: s.syncAge > 0 ? Math.min(1, age / s.syncAge) : 0,
    headAngle,
    tailAngle,
    head: at(headAngle, (inner + outer) / 2),
    tail: at(tailAngle, (inner + outer) / 2),
    marks,
    sentence: `Checkpoint age ${fmtBytes(age)} of a ${fmtBytes(cap)} log (${pct}%): ${ZONE_WORDS[zone]}.`,
  };
}

/** One bar of the flush list: dirty pages whose age falls in the bin. */
export interface AgeBar {
  x: number;
  width: number;
  y: number;
  height: number;
  pages: number;
  /** Pages flushed from this bin since the previous frame (0 when unknown). */
  flushed: number;
  /** Past the sync point's age: drawn hatched. */
  pastSync: boolean;
}

export interface FlushListModel {
  width: number;
  height: number;
  bars: AgeBar[];
  maxPages: number;
  total: number;
  /** x of the async and sync marks (ages), when inside the axis. */
  marks: { key: 'async' | 'sync'; x: number; label: string }[];
  axisMaxBytes: number;
}

/**
 * Dirty pages by age (youngest left, oldest right, as the flush list's tail is the
 * oldest). `prev` is the previous frame's histogram (same bins) for the flush flashes.
 */
export function layoutFlushList(s: RedoState, width: number, height: number, prev?: number[]): FlushListModel {
  const bins = s.dirtyByAge;
  const n = Math.max(1, bins.length);
  const axisMaxBytes = s.ageBinBytes * n;
  const maxPages = Math.max(1, ...bins);
  const bw = width / n;
  const bars = bins.map((pages, i) => {
    const h = (pages / maxPages) * height;
    const before = prev && prev.length === bins.length ? prev : undefined;
    // Pages age to the right between frames; a drop at the same bin is a lower bound of
    // what was written, good enough for a flash that says "flushed here".
    const flushed = before ? Math.max(0, before[i] - pages) : 0;
    return { x: i * bw, width: Math.max(1, bw - 1), y: height - h, height: h, pages, flushed, pastSync: i * s.ageBinBytes >= s.syncAge };
  });
  const marks = (
    [
      ['async', 'async', s.asyncAge],
      ['sync', 'sync', s.syncAge],
    ] as const
  )
    .filter(([, , v]) => v > 0 && v <= axisMaxBytes)
    .map(([key, label, v]) => ({ key, label, x: (v / axisMaxBytes) * width }));
  return { width, height, bars, maxPages, total: bins.reduce((a, b) => a + b, 0), marks, axisMaxBytes };
}
