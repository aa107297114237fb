// The client-thread states of the legend (VISUAL.md): order, words, hatching and colour,
// shared by the threads bar and the thread swimlanes so both read the same way.
import { THREAD_IDLE, THREAD_RUNNING, THREAD_SLEEPING, THREAD_SPINNING, THREAD_WAIT_CPU, THREAD_WAIT_IO, THREAD_WAIT_QC_LOCK } from '../../engine/frames';
import type { Palette } from '../../ui/palette';
import { waitingCpuColor } from './colors';

export type ThreadStateKey = 'running' | 'waitingCpu' | 'spinning' | 'sleeping' | 'qcLock' | 'waitingIo' | 'idle';

/** One state: its thread_states() byte, words for labels, and whether it is drawn hatched. */
export interface ThreadStateInfo {
  key: ThreadStateKey;
  byte: number;
  label: string;
  /** Hatched states alternate with solid ones, so neighbours differ by more than colour. */
  hatch: boolean;
  /** Cross-hatched (both diagonals): the query cache lock, its own pattern. */
  cross?: boolean;
}

/**
 * Legend order: on a core first, then the waits, idle last. Solid and hatched states
 * alternate; the query cache lock (brown) is cross-hatched, unlike its neighbours.
 */
export const THREAD_STATES: readonly ThreadStateInfo[] = [
  { key: 'running', byte: THREAD_RUNNING, label: 'running', hatch: false },
  { key: 'waitingCpu', byte: THREAD_WAIT_CPU, label: 'waiting for a CPU', hatch: true },
  { key: 'spinning', byte: THREAD_SPINNING, label: 'spinning on a latch', hatch: false },
  { key: 'sleeping', byte: THREAD_SLEEPING, label: 'asleep on a latch', hatch: true },
  { key: 'qcLock', byte: THREAD_WAIT_QC_LOCK, label: 'waiting for query cache lock', hatch: true, cross: true },
  { key: 'waitingIo', byte: THREAD_WAIT_IO, label: 'waiting for IO', hatch: false },
  { key: 'idle', byte: THREAD_IDLE, label: 'idle', hatch: true },
];

/**
 * The states a run can show: the query cache lock's only where a MySQL query cache is in
 * use (Aurora's has no global lock; without a cache, or with query_cache_type = OFF, no
 * thread takes it), so lessons without one do not list a wait that cannot happen.
 */
export function threadStatesFor(qcLock: boolean): readonly ThreadStateInfo[] {
  return qcLock ? THREAD_STATES : THREAD_STATES.filter((s) => s.key !== 'qcLock');
}

/** Whether a frame's server can make a thread wait for the query cache lock. */
export function hasQcLock(frame: { qcKind: string; qcOff: boolean }): boolean {
  return frame.qcKind === 'mysql' && !frame.qcOff;
}

/** Legend colour of a state: green, light green, amber, red, brown, violet, grey. */
export function threadStateColor(p: Palette, key: ThreadStateKey): string {
  switch (key) {
    case 'running':
      return p.thread.running;
    case 'waitingCpu':
      return waitingCpuColor(p);
    case 'spinning':
      return p.thread.spinning;
    case 'sleeping':
      return p.thread.sleeping;
    case 'qcLock':
      return p.thread.qcLock;
    case 'waitingIo':
      return p.thread.io;
    default:
      return p.thread.idle;
  }
}
