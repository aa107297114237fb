// Pure layout of the threads bar: Summary.threads → stacked segments (running, waiting
// for a CPU, spinning on a latch, asleep on a latch, waiting for the query cache lock,
// waiting for IO, idle) with widths
// proportional to thread counts.
import type { Summary } from '../../engine/frames';
import { formatCount, noun } from '../common/format';
import { threadStatesFor, type ThreadStateKey } from '../common/threadStates';

export interface ThreadSegment {
  key: ThreadStateKey;
  label: string;
  count: number;
  x: number;
  width: number;
  /** Hatched segments differ from their neighbours by more than colour. */
  hatch: boolean;
  /** Cross-hatched: the query cache lock. */
  cross: boolean;
}

/** Summary.threads; the latch states are optional so older summaries still draw. */
export type ThreadCounts = Omit<Summary['threads'], 'spinning' | 'sleepingOnLatch' | 'waitingQcLock'> & {
  spinning?: number;
  sleepingOnLatch?: number;
  waitingQcLock?: number;
};

/** Every client thread, busy or idle (`clients`; a summary without it counts the busy ones). */
export function clientCount(threads: ThreadCounts): number {
  return Math.max(threads.clients ?? 0, threads.total);
}

/**
 * Segments left to right over `width` px; "idle" = the clients minus the known states
 * (never negative). Without `withQcLock` (no MySQL query cache) that state is left out.
 */
export function threadSegments(threads: ThreadCounts, width: number, withQcLock = true): ThreadSegment[] {
  const spinning = threads.spinning ?? 0;
  const sleeping = threads.sleepingOnLatch ?? 0;
  const qcLock = threads.waitingQcLock ?? 0;
  const known = threads.running + threads.waitingCpu + threads.waitingIo + spinning + sleeping + qcLock;
  const total = Math.max(clientCount(threads), known);
  const counts: Record<ThreadStateKey, number> = {
    running: threads.running,
    waitingCpu: threads.waitingCpu,
    spinning,
    sleeping,
    qcLock,
    waitingIo: threads.waitingIo,
    idle: total - known,
  };
  let x = 0;
  return threadStatesFor(withQcLock).map((s) => {
    const w = total > 0 ? (counts[s.key] / total) * width : 0;
    const seg = { key: s.key, label: s.label, count: counts[s.key], x, width: w, hatch: s.hatch, cross: s.cross === true };
    x += w;
    return seg;
  });
}

/**
 * What a bar with no busy thread means: every client has done its work (the workload ran
 * out: a row target), the run stopped at its duration, or, in a run that goes on (clients
 * that wait for the next transaction of a fixed rate), none is busy at this instant.
 * "0 threads: 0 running, ..." read as a broken bar; a fixed-rate run that stopped at its
 * duration said every client had finished its work.
 */
export function noThreadsText(done: boolean, finished = false): string {
  if (finished) return 'no client threads left: every client has finished its work';
  return done ? 'the run has reached its end; no client thread is busy' : 'no client thread is busy at this instant';
}

/** The bar's summary for a screen reader: the total and each state's count, or why there is none. */
export function threadsSentence(threads: ThreadCounts, segs: ThreadSegment[], label?: string, done = false, finished = false): string {
  const head = label ? `${label}: ` : '';
  if (threads.total === 0) return head + noThreadsText(done, finished);
  const n = clientCount(threads);
  return `${head}${formatCount(n)} client ${noun(n, 'thread')}: ` + segs.map((s) => `${formatCount(s.count)} ${s.label}`).join(', ');
}
