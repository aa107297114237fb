// The labels of the redo ring's marks (lwm, async, sync, limit): kept apart, off the ring
// and inside the room the view keeps around it (layoutRing in layout.ts places the marks).

import type { RingMark } from './layout';

/** Room the ring's view keeps on either side of its square for mark labels (px; RedoView). */
export const RING_LABEL_ROOM = 26;
/** A mark label's line height and the width of one of its characters (13 px type, px). */
export const RING_LABEL_LINE = 15;
const LABEL_LINE = RING_LABEL_LINE;
const LABEL_CHAR = 7.6;

/** The horizontal extent of a mark's label. */
export function labelBox(m: RingMark): { x0: number; x1: number } {
  const w = m.label.length * LABEL_CHAR;
  const x0 = m.anchor === 'start' ? m.lx : m.anchor === 'end' ? m.lx - w : m.lx - w / 2;
  return { x0, x1: x0 + w };
}

/** Whether a mark's label, its line centred on `ly`, lies over the ring (radius `outer`). */
export function labelOverRing(m: RingMark, size: number, outer: number): boolean {
  const { x0, x1 } = labelBox(m);
  const c = size / 2;
  const dx = Math.max(x0 - c, 0, c - x1);
  const dy = Math.max(m.ly - LABEL_LINE / 2 - c, 0, c - (m.ly + LABEL_LINE / 2));
  return Math.hypot(dx, dy) < outer + 2;
}

/**
 * Keeps the mark labels apart, off the ring and inside the room beside it: the async,
 * sync and limit points often sit a few degrees apart, and their labels were drawn over
 * each other ("sylimit async"), past the view's edge, or over the ring itself (a label
 * below the ring moved up a line onto it). Each label is first moved sideways into the
 * room, then a label that would touch another (overlapping horizontally, less than a
 * line apart) moves up or down by as few lines as it takes to a line off the ring; its
 * tick stays at the mark.
 */
export function separateLabels(marks: RingMark[], size: number, outer: number): void {
  for (const m of marks) {
    const { x0, x1 } = labelBox(m);
    if (x0 < -RING_LABEL_ROOM) m.lx += -RING_LABEL_ROOM - x0;
    else if (x1 > size + RING_LABEL_ROOM) m.lx -= x1 - size - RING_LABEL_ROOM;
  }
  const order = [...marks].sort((a, b) => a.ly - b.ly);
  const clash = (a: RingMark, b: RingMark) => {
    const p = labelBox(a);
    const q = labelBox(b);
    return p.x0 < q.x1 + 2 && q.x0 < p.x1 + 2 && Math.abs(a.ly - b.ly) < LABEL_LINE;
  };
  // Each label in turn (top to bottom) takes the nearest free place to its own, off the
  // ring: whole lines up or down (up to a line beyond the ring's square: the view keeps
  // room around it), or a few px sideways (marks a few degrees apart at the top or the
  // bottom of the ring). With no free place it keeps its own.
  const placed: RingMark[] = [];
  for (const m of order) {
    const [x0, y0] = [m.lx, m.ly];
    let free: [number, number] | null = null;
    for (const [dx, dy] of CANDIDATES) {
      [m.lx, m.ly] = [x0 + dx, y0 + dy];
      const b = labelBox(m);
      if (m.ly < -LABEL_LINE || m.ly > size + LABEL_LINE || b.x0 < -RING_LABEL_ROOM || b.x1 > size + RING_LABEL_ROOM) continue;
      if (!labelOverRing(m, size, outer) && !placed.some((p) => clash(p, m))) {
        free = [m.lx, m.ly];
        break;
      }
    }
    [m.lx, m.ly] = free ?? [x0, y0];
    placed.push(m);
  }
}

/** Moves a label may make, nearest first: whole lines count 15 px, sideways px as they are. */
const CANDIDATES: [number, number][] = [-3, -2, -1, 0, 1, 2, 3]
  .flatMap((n) => [-36, -24, -12, 0, 12, 24, 36].map((dx): [number, number] => [dx, n * LABEL_LINE]))
  .sort((a, b) => Math.abs(a[0]) + Math.abs(a[1]) - (Math.abs(b[0]) + Math.abs(b[1])) || b[1] - a[1] || b[0] - a[0]);
