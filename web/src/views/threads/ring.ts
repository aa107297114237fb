// A bounded ring of thread_states() snapshots, one column per frame shown, for the thread
// swimlanes. Pushing is idempotent for a repeated time and rewinds when time goes back
// (step back, restart), so the lanes never show states from a future that was undone.

/** Columns of per-thread state bytes; column 0 is the oldest kept. */
export interface StateRing {
  capacity: number; // columns kept at most
  threads: number; // bytes per column
  length: number; // columns held
  start: number; // slot of the oldest column
  times: Float64Array; // virtual ns of each slot
  states: Uint8Array; // capacity × threads, slot-major
  jumped: Uint8Array; // per slot: 1 after a go-to (Frame.jumped), 2 after a seek (Frame.sought); 0 playback
}

/** Columns kept by default (about 4 s of frames at 60 fps). */
export const DEFAULT_RING_COLUMNS = 240;

export function createRing(capacity: number, threads: number): StateRing {
  const cap = Math.max(1, Math.floor(capacity));
  return { capacity: cap, threads, length: 0, start: 0, times: new Float64Array(cap), states: new Uint8Array(cap * threads), jumped: new Uint8Array(cap) };
}

function slotOf(r: StateRing, column: number): number {
  return (r.start + column) % r.capacity;
}

/** Virtual ns of column `column` (0 = oldest). */
export function columnTime(r: StateRing, column: number): number {
  return r.times[slotOf(r, column)];
}

/** Whether column `column` (0 = oldest) came after a go-to (a step or a seek), not playback. */
export function columnJumped(r: StateRing, column: number): boolean {
  return r.jumped[slotOf(r, column)] !== 0;
}

/** Whether column `column` (0 = oldest) was shown by a seek (Frame.sought). */
export function columnSought(r: StateRing, column: number): boolean {
  return r.jumped[slotOf(r, column)] === 2;
}

/** The state bytes of column `column` (0 = oldest): a view, valid until the next push. */
export function column(r: StateRing, column: number): Uint8Array {
  const s = slotOf(r, column) * r.threads;
  return r.states.subarray(s, s + r.threads);
}

/**
 * Adds the states at `timeNs` as the newest column and returns the ring (a new one when
 * `ring` is null, or the thread count or capacity changed). Columns later than `timeNs`
 * are dropped first; a column at the same time is replaced, not repeated. `jumped`: the
 * frame came after a go-to (Frame.jumped); `sought`: a seek showed it (Frame.sought).
 */
export function pushStates(ring: StateRing | null, timeNs: number, states: Uint8Array, capacity = DEFAULT_RING_COLUMNS, jumped = false, sought = false): StateRing {
  const r = ring && ring.threads === states.length && ring.capacity === Math.max(1, Math.floor(capacity)) ? ring : createRing(capacity, states.length);
  while (r.length > 0 && columnTime(r, r.length - 1) > timeNs) r.length--;
  if (r.length > 0 && columnTime(r, r.length - 1) === timeNs) r.length--;
  if (r.length === r.capacity) {
    r.start = (r.start + 1) % r.capacity;
    r.length--;
  }
  const slot = slotOf(r, r.length);
  r.times[slot] = timeNs;
  r.jumped[slot] = sought ? 2 : jumped ? 1 : 0;
  r.states.set(states, slot * r.threads);
  r.length++;
  return r;
}
