// The `threads` view of one simulation: the stacked bar of thread states now (with the
// legend and counts), then the swimlanes of every thread over the last frames.
import type { Frame } from '../../engine/frames';
import { ThreadsBar } from '../../charts/threadsBar/ThreadsBar';
import { hasQcLock } from '../../charts/common/threadStates';
import { ThreadLanes } from './ThreadLanes';

export interface ThreadsViewProps {
  frame: Frame;
  /** Side label, e.g. "A: 8.0.25". */
  label?: string;
}

/** Threads bar + swimlanes. */
export function ThreadsView({ frame, label }: ThreadsViewProps) {
  return (
    <>
      <ThreadsBar threads={frame.summary.threads} label={label} done={frame.summary.done} finished={frame.summary.finishedNs !== null} qcLock={hasQcLock(frame)} />
      <ThreadLanes frame={frame} label={label} legend={false} />
    </>
  );
}
