// The sysbench view: the newest report lines, as sysbench prints them with
// --report-interval, one per metric sample, in a monospace block.
import { Fragment, useMemo } from 'react';
import { usePalette } from '../../ui/theme';
import { captionStyle, figureStyle, mutedStyle } from '../../charts/common/styles';
import { noSamplesText } from '../../charts/common/format';
import { terminalStyle } from '../common';
import { sampleInterval, sysbenchGroups, SYSBENCH_LINES, sysbenchLines, type SeriesLike } from './layout';

export interface SysbenchReportProps {
  /** Every series sample so far of one simulation. */
  series: SeriesLike;
  /** Client threads (sysbench's thds:). */
  threads: number;
  /** Side label, e.g. "A: 8.0.25". */
  label?: string;
  /** Lines shown (default 12, the newest). */
  lines?: number;
  /** Simulated time has moved (no lines yet then means a sample is coming). */
  started?: boolean;
}

/** sysbench --report-interval lines of one simulation. */
export function SysbenchReport({ series, threads, label, lines = SYSBENCH_LINES, started = false }: SysbenchReportProps) {
  const pal = usePalette();
  const text = useMemo(() => sysbenchLines(series, threads, lines), [series, threads, lines]);
  const dt = sampleInterval(series);
  const name = `${label ? `${label}: ` : ''}sysbench report`;
  return (
    <figure style={figureStyle}>
      {label && (
        <figcaption style={captionStyle} data-align="caption">
          {name}
        </figcaption>
      )}
      <p style={mutedStyle(pal)} data-align="about">
        What sysbench prints with --report-interval: one line per {dt === null ? 'metric sample' : `${dt} s sample of simulated time`}, rates per
        second, the newest {lines} lines.
      </p>
      {text.length === 0 ? (
        <p style={mutedStyle(pal)}>{noSamplesText(started)}.</p>
      ) : (
        <pre tabIndex={0} role="region" aria-label={`${name}, the lines`} style={terminalStyle(pal, true)}>
          {/* one block per line, so a wrapped line hangs under its own start; it wraps
              only between "key: value" groups */}
          {text.map((l, i) => (
            <span key={i} style={{ display: 'block' }}>
              {sysbenchGroups(l).map((g, j) => (
                <Fragment key={j}>
                  {j > 0 ? ' ' : ''}
                  <span style={{ whiteSpace: 'nowrap' }}>{g}</span>
                </Fragment>
              ))}
            </span>
          ))}
        </pre>
      )}
    </figure>
  );
}
