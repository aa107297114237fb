// Pure layout of the redo panel: the log as a ring (checkpoint tail, oldest dirty page,
// LSN head; the modified age from the oldest dirty page to the head, and the part already
// flushed but not yet checkpointed; marks for the low-water mark, async and sync points,
// measured as modified ages, and the checkpoint limit, measured from the tail) and the
// flush list as dirty pages by age. No DOM; unit-tested.
import { arc } from 'd3';
import type { RedoState } from '../../engine/frames';
import { LABEL_FONT } from '../../charts/common/styles';
import { separateLabels } from './ringLabels';
export { labelBox, labelOverRing, RING_LABEL_LINE, RING_LABEL_ROOM } from './ringLabels';

/** Where the age stands, in the order InnoDB escalates (log0log.cc, buf0flu.cc). */
export type AgeZone = 'calm' | 'adaptive' | 'own' | 'async' | 'sync';

export const ZONE_WORDS: Record<Exclude<AgeZone, 'own'>, string> = {
  calm: 'below the low-water mark: no flushing for age',
  adaptive: 'adaptive flushing: the page cleaner writes more as the age grows',
  async: 'past the async point: flushing for age is urgent',
  sync: 'past the sync point: furious flushing, writes wait',
};

/**
 * What flushes the log below the async point when the age itself drives nothing (no
 * low-water mark: the 5.5 master thread, Percona 5.5's methods, or adaptive flushing
 * switched off), as `master55_second`, `percona_estimate`, `percona_keep_average_tick`
 * and `pct_for_lsn` (engine-wasm/src/redo/adaptive) decide it.
 */
export function ownWords(s: RedoState): string {
  if (s.policy === 'percona-5.5-estimate') return 'Percona "estimate": past a quarter of the limit, the master thread flushes for the age';
  if (s.policy === 'percona-5.5-keep_average') return 'Percona "keep_average": the master thread flushes at the redo rate, a tenth every 0.1 s';
  if (s.policy.startsWith('5.5'))
    return s.knobs.adaptiveFlushing
      ? 'the 5.5 master thread flushes once a second at the redo rate, blind to the age'
      : 'the 5.5 master thread flushes only past max_dirty_pages_pct, never for the age';
  return 'adaptive flushing is off: below the async point the age asks for no flushing (the share of dirty pages still does)';
}

/** The words for a zone of `s`. */
export function zoneWords(s: RedoState, zone: AgeZone): string {
  return zone === 'own' ? ownWords(s) : ZONE_WORDS[zone];
}

/** The ring's size and the ages of its marks, bytes of LSN. */
export interface RedoMarks {
  capacity: number; // usable log capacity (log_get_capacity)
  lwmAge: number; // innodb_adaptive_flushing_lwm as an age; 0 when the policy has none or it is off
  asyncAge: number; // max_modified_age_async
  syncAge: number; // max_modified_age_sync
  maxAge: number; // max_checkpoint_age
}

/**
 * The marks of the engine's redo state. The low-water mark belongs to the page cleaner's
 * adaptive flushing (5.6 on: af_get_pct_for_lsn works above capacity × lwm %); the 5.5
 * master thread and Percona 5.5's methods have none.
 */
export function redoMarks(s: RedoState): RedoMarks {
  const hasLwm = !s.policy.startsWith('5.5') && !s.policy.startsWith('percona') && s.knobs.adaptiveFlushing;
  return {
    capacity: s.limits.capacity,
    lwmAge: hasLwm ? Math.floor((s.limits.capacity * s.knobs.adaptiveFlushingLwm) / 100) : 0,
    asyncAge: s.limits.maxModifiedAgeAsync,
    syncAge: s.limits.maxModifiedAgeSync,
    maxAge: s.limits.maxCheckpointAge,
  };
}

/**
 * The two ages InnoDB watches (log_checkpoint_margin, log0log.cc): the modified age,
 * lsn − the oldest modification in the flush list (buf_pool_get_oldest_modification),
 * against max_modified_age_async/sync (flushing); and the checkpoint age, lsn − the last
 * checkpoint, against max_checkpoint_age (checkpointing). The checkpoint trails the oldest
 * modification, so checkpoint age ≥ modified age.
 */
export function ages(s: RedoState): { modified: number; checkpoint: number } {
  const checkpoint = Math.max(0, s.lsn - s.checkpointLsn);
  return { modified: Math.min(checkpoint, Math.max(0, s.lsn - s.oldestModification)), checkpoint };
}

/** The zone of the modified age (the age the lwm, async and sync points apply to). */
export function ageZone(s: RedoState, age = ages(s).modified): AgeZone {
  const k = redoMarks(s);
  if (age >= k.syncAge) return 'sync';
  if (age >= k.asyncAge) return 'async';
  if (k.lwmAge > 0 && age >= k.lwmAge) return 'adaptive';
  return k.lwmAge > 0 ? 'calm' : 'own';
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
  /** The modified age: the arc from the oldest dirty page to the head. */
  agePath: string;
  /** Flushed but not yet checkpointed: the arc from the tail to the oldest dirty page. */
  flushedPath: string;
  /** Share of the log the modified age fills, 0..1. */
  ageShare: number;
  /** Modified age (lsn − oldest modification), bytes. */
  age: number;
  /** Checkpoint age (lsn − last checkpoint), bytes. */
  checkpointAge: number;
  oldestAngle: number;
  oldest: { x: number; y: number };
  zone: AgeZone;
  /** 0..1: how far the age is toward the sync point (drives the colour gradient). */
  heat: number;
  headAngle: number;
  tailAngle: number;
  head: { x: number; y: number };
  tail: { x: number; y: number };
  marks: RingMark[];
  /** The text in the ring's hole: the age, what it is, its share of the log. */
  centre: RingText[];
  sentence: string;
}

/** A line of the ring's centre text, `dy` px below the centre (its baseline). */
export interface RingText {
  text: string;
  dy: number;
  size: number;
  bold?: boolean;
}

/**
 * Average width of a character of the centre text per px of font size: 6.7 px for
 * "78% of the log" at 13 px in Chromium's sans-serif (DejaVu Sans), 0.52 em; a bold
 * line is wider.
 */
export const CENTRE_EM = 0.53;
export const CENTRE_BOLD_EM = 0.62;

const TAU = Math.PI * 2;

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

/** The log ring for an SVG of `size` px. Positions are LSN modulo capacity. */
export function layoutRing(s: RedoState, size: number, fmtBytes: (v: number) => string): RingModel {
  const k = redoMarks(s);
  const cap = Math.max(1, k.capacity);
  const cx = size / 2;
  const cy = size / 2;
  const outer = Math.max(20, size / 2 - 34);
  // The hole holds three lines of text, the widest "100% of the log": at 0.72 of the
  // outer radius its corners touched the ring.
  const inner = outer * 0.78;
  const { modified: age, checkpoint: checkpointAge } = ages(s);
  const tailAngle = (mod(s.checkpointLsn, cap) / cap) * TAU;
  const ageShare = age / cap;
  const headAngle = tailAngle + Math.min(1, checkpointAge / cap) * TAU;
  const oldestAngle = tailAngle + Math.min(1, (checkpointAge - age) / cap) * TAU;
  const a = arc<unknown, { startAngle: number; endAngle: number }>()
    .innerRadius(inner)
    .outerRadius(outer)
    .startAngle((d) => d.startAngle)
    .endAngle((d) => d.endAngle);
  const at = (angle: number, r: number) => ({ x: cx + r * Math.sin(angle), y: cy - r * Math.cos(angle) });
  const zone = ageZone(s, age);
  const marks: RingMark[] = (
    [
      ['lwm', 'lwm', k.lwmAge],
      ['async', 'async', k.asyncAge],
      ['sync', 'sync', k.syncAge],
      ['max', 'limit', k.maxAge],
    ] as const
  )
    .filter(([, , v]) => Number.isFinite(v) && v > 0 && v <= cap)
    .map(([key, label, v]) => {
      // The flushing points are modified ages (from the oldest dirty page); the limit is a checkpoint age.
      const angle = (key === 'max' ? tailAngle : oldestAngle) + (v / cap) * TAU;
      const p1 = at(angle, inner - 3);
      const p2 = at(angle, outer + 5);
      const pl = at(angle, outer + 16);
      const sx = Math.sin(angle);
      return { key, label, angle, x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, lx: pl.x, ly: pl.y, anchor: sx > 0.3 ? 'start' : sx < -0.3 ? 'end' : 'middle' } as RingMark;
    });
  separateLabels(marks, size, outer);
  const pct = Math.round(ageShare * 1000) / 10;
  return {
    size,
    cx,
    cy,
    inner,
    outer,
    track: a({ startAngle: 0, endAngle: TAU }) ?? '',
    agePath: age > 0 ? (a({ startAngle: oldestAngle, endAngle: headAngle }) ?? '') : '',
    flushedPath: oldestAngle > tailAngle ? (a({ startAngle: tailAngle, endAngle: oldestAngle }) ?? '') : '',
    ageShare,
    age,
    checkpointAge,
    oldestAngle,
    oldest: at(oldestAngle, (inner + outer) / 2),
    zone,
    heat: k.syncAge > 0 ? Math.min(1, age / k.syncAge) : 0,
    headAngle,
    tailAngle,
    head: at(headAngle, (inner + outer) / 2),
    tail: at(tailAngle, (inner + outer) / 2),
    marks,
    centre: [
      { text: fmtBytes(age), dy: -13, size: 15, bold: true },
      { text: 'modified age', dy: 4, size: LABEL_FONT },
      { text: `${Math.round(ageShare * 100)}% of the log`, dy: 18, size: LABEL_FONT },
    ],
    sentence: `Modified age ${fmtBytes(age)} of a ${fmtBytes(cap)} log (${pct}%), checkpoint age ${fmtBytes(checkpointAge)}: ${zoneWords(s, zone)}.`,
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
  const k = redoMarks(s);
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
    return { x: i * bw, width: Math.max(1, bw - 1), y: height - h, height: h, pages, flushed, pastSync: i * s.ageBinBytes >= k.syncAge };
  });
  const marks = (
    [
      ['async', 'async', k.asyncAge],
      ['sync', 'sync', k.syncAge],
    ] as const
  )
    .filter(([, , v]) => v > 0 && v <= axisMaxBytes)
    .map(([key, label, v]) => ({ key, label, x: (v / axisMaxBytes) * width }));
  return { width, height, bars, maxPages, total: bins.reduce((a, b) => a + b, 0), marks, axisMaxBytes };
}
