// A small stacked bar of client threads: running / waiting for a CPU / spinning on a
// latch / asleep on a latch / waiting for the query cache lock / waiting for IO / idle,
// coloured per the legend, with counts as text so colour is not the only signal.
import { useId } from 'react';
import { usePalette } from '../../ui/theme';
import { formatCount, noun } from '../common/format';
import { useWidth } from '../common/hooks';
import { figureStyle, legendStyle, swatchStyle } from '../common/styles';
import { threadStateColor as segmentColor } from '../common/threadStates';
import { clientCount, noThreadsText, threadSegments, threadsSentence, type ThreadCounts } from './layout';

export interface ThreadsBarProps {
  /** Summary.threads of the frame shown. */
  threads: ThreadCounts;
  /** Optional prefix, e.g. "A". */
  label?: string;
  /** The run has reached its end (its duration, or its row target). */
  done?: boolean;
  /** The workload ran out (a row target): no busy thread then means every client has finished. */
  finished?: boolean;
  /** The server has a MySQL query cache in use, so threads can wait for its lock (the state is listed). */
  qcLock?: boolean;
}

/** A count in the legend: right-aligned tabular digits in a fixed width. */
const countStyle = { display: 'inline-block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Stacked bar of thread states for one simulation. */
export function ThreadsBar({ threads, label, done = false, finished = false, qcLock = true }: ThreadsBarProps) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>(300);
  const hatch = `th-${useId().replace(/:/g, '')}`;
  const segs = threadSegments(threads, width, qcLock);
  const clients = clientCount(threads);
  const aria = threadsSentence(threads, segs, label, done, finished);
  return (
    <figure style={figureStyle}>
      <div ref={ref} style={{ width: '100%' }}>
        <svg width={width} height={18} role="img" aria-label={aria} style={{ display: 'block' }}>
          <defs>
            {segs.map((s) => (
              <pattern key={s.key} id={`${hatch}-${s.key}`} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill={segmentColor(pal, s.key)} />
                <line x1={0} y1={0} x2={0} y2={6} stroke={pal.background} strokeWidth={2} opacity={0.7} />
                {s.cross && <line x1={0} y1={3} x2={6} y2={3} stroke={pal.background} strokeWidth={1.5} opacity={0.7} />}
              </pattern>
            ))}
          </defs>
          <rect width={width} height={18} fill="none" stroke={pal.grid} />
          {segs.map((s) =>
            s.width > 0 ? (
              <rect key={s.key} x={s.x} width={s.width} height={18} fill={s.hatch ? `url(#${hatch}-${s.key})` : segmentColor(pal, s.key)}>
                <title>{`${formatCount(s.count)} ${s.label}`}</title>
              </rect>
            ) : null,
          )}
        </svg>
      </div>
      {/* The label takes a line of its own and every count the width of the total, so
          the items keep their places while the counts change; in an A/B pair the list
          takes the taller side's height (data-align), so the lanes below line up. */}
      <ul style={{ ...legendStyle(pal), alignContent: 'flex-start' }} data-align="threads-legend">
        {label && <li style={{ color: pal.ink, fontWeight: 600, flexBasis: '100%' }}>{label}</li>}
        <li>
          {/* A run whose clients have all done their work has none left (it read as an empty, broken bar). */}
          {threads.total === 0 ? noThreadsText(done, finished) : `${formatCount(clients)} ${noun(clients, 'thread')}:`}
        </li>
        {segs.map((s) => (
          <li key={s.key}>
            <span style={{ ...countStyle, minWidth: `${formatCount(clients).length}ch` }}>{formatCount(s.count)}</span>{' '}
            <span style={swatchStyle(pal, segmentColor(pal, s.key), s.hatch, s.cross)} />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
