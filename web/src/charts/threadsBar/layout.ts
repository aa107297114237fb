// Pure layout of the threads bar: Summary.threads → stacked segments (running, waiting
// for a CPU, waiting for IO, other/idle) with widths proportional to thread counts.
import type { Summary } from '../../engine/frames';

export interface ThreadSegment {
  key: 'running' | 'waitingCpu' | 'waitingIo' | 'idle';
  label: string;
  count: number;
  x: number;
  width: number;
  /** Hatched segments differ from their neighbours by more than colour. */
  hatch: boolean;
}

const SEGMENTS: { key: ThreadSegment['key']; label: string; hatch: boolean }[] = [
  { key: 'running', label: 'running', hatch: false },
  { key: 'waitingCpu', label: 'waiting for a CPU', hatch: true },
  { key: 'waitingIo', label: 'waiting for IO', hatch: false },
  { key: 'idle', label: 'other / idle', hatch: true },
];

/** Segments left to right over `width` px; "other / idle" = total minus the three states. */
export function threadSegments(threads: Summary['threads'], width: number): ThreadSegment[] {
  const known = threads.running + threads.waitingCpu + threads.waitingIo;
  const total = Math.max(threads.total, known);
  const counts = {
    running: threads.running,
    waitingCpu: threads.waitingCpu,
    waitingIo: threads.waitingIo,
    idle: total - known,
  };
  let x = 0;
  return SEGMENTS.map((s) => {
    const w = total > 0 ? (counts[s.key] / total) * width : 0;
    const seg = { key: s.key, label: s.label, count: counts[s.key], x, width: w, hatch: s.hatch };
    x += w;
    return seg;
  });
}
