// Which engine checkpoints to keep for step back and scrubbing (pure). Snapshots are
// taken every `intervalNs` of virtual time; past the cap, every other one is dropped and
// the interval doubles, so coverage stays even over the whole run.

/** One engine checkpoint the player can restore. */
export interface SnapshotRef {
  token: number;
  timeNs: number;
}

export interface SnapshotStore {
  snaps: SnapshotRef[]; // ascending timeNs; snaps[0] is t = 0
  intervalNs: number;
  max: number;
}

export const DEFAULT_MAX_SNAPSHOTS = 20;

/** Memory all checkpoints of one panel may take (WebAssembly memory tops out at 4 GiB). */
export const SNAPSHOT_BUDGET_BYTES = 1024 * 1024 * 1024;

/** How many checkpoints fit the budget when each costs `bytes` (at least 2: t = 0 and the latest). */
export function maxSnapshotsFor(bytes: number, budget = SNAPSHOT_BUDGET_BYTES): number {
  if (!(bytes > 0)) return DEFAULT_MAX_SNAPSHOTS;
  return Math.max(2, Math.min(DEFAULT_MAX_SNAPSHOTS, Math.floor(budget / bytes)));
}
export const DEFAULT_INTERVAL_NS = 0.5e9;

export function emptyStore(intervalNs = DEFAULT_INTERVAL_NS, max = DEFAULT_MAX_SNAPSHOTS): SnapshotStore {
  return { snaps: [], intervalNs, max: Math.max(2, max) };
}

/** The latest snapshot at or before `targetNs` (undefined if none). */
export function pickSnapshot(store: SnapshotStore, targetNs: number): SnapshotRef | undefined {
  let best: SnapshotRef | undefined;
  for (const s of store.snaps) {
    if (s.timeNs <= targetNs && (!best || s.timeNs > best.timeNs)) best = s;
  }
  return best;
}

/** True when time has reached the next interval mark past the latest snapshot. */
export function shouldSnapshot(store: SnapshotStore, timeNs: number): boolean {
  if (store.snaps.length === 0) return true;
  const last = store.snaps.reduce((m, s) => Math.max(m, s.timeNs), 0);
  return timeNs >= last + store.intervalNs;
}

/**
 * Adds a snapshot; returns the new store and the tokens to drop in the engine.
 * A snapshot at an already-covered time is dropped straight away.
 */
export function addSnapshot(store: SnapshotStore, snap: SnapshotRef): { store: SnapshotStore; drop: number[] } {
  if (store.snaps.some((s) => s.timeNs === snap.timeNs)) return { store, drop: [snap.token] };
  let snaps = [...store.snaps, snap].sort((a, b) => a.timeNs - b.timeNs);
  let intervalNs = store.intervalNs;
  const drop: number[] = [];
  while (snaps.length > store.max) {
    // Keep the first (t = 0) and every other one after it; double the spacing.
    const kept: SnapshotRef[] = [];
    snaps.forEach((s, i) => (i % 2 === 0 || i === snaps.length - 1 ? kept.push(s) : drop.push(s.token)));
    snaps = kept;
    intervalNs *= 2;
  }
  return { store: { ...store, snaps, intervalNs }, drop };
}
