// The counters table: MySQL's counter names, one column per simulation (A/B), thousands
// separators, a plain-words tooltip per counter, and B ÷ A for a pair.
import { useMemo, useState } from 'react';
import type { Frame, Summary } from '../../engine/frames';
import { useMedia, usePalette } from '../../ui/theme';
import { MIN_FONT, captionStyle, figureStyle, numStyle } from '../../charts/common/styles';
import { Breakable } from '../../charts/common/Breakable';
import { TableScroll } from '../../ui/TableScroll';
import { metricsRows } from './layout';

export interface MetricsTableProps {
  /** One entry per simulation, e.g. [{label: "A: sequential", summary}, {label: "B: random", summary}]. */
  frames?: { label: string; summary: Summary }[];
  /** Single-simulation shorthand for `frames: [{label, summary: frame.summary}]`. */
  frame?: Frame;
  label?: string;
  /** Table caption (default "Counters"). */
  caption?: string;
  /** Some side has a query cache: show the Qcache_ counters (default true). */
  queryCache?: boolean;
}

const NONE: { label: string; summary: Summary }[] = [];

/** Where the panel sits under the lesson's text (app.css): the ~60 rows of the table stood
 *  between one step and the next, 2,000 px of them on a phone, so there they start folded. */
export const FOLD_COUNTERS_QUERY = '(max-width: 60rem)';

/** Counters of one or more simulations side by side. */
export function MetricsTable({ frames: given, frame, label, caption = 'Counters', queryCache = true }: MetricsTableProps) {
  const pal = usePalette();
  const frames = useMemo(
    () => given ?? (frame ? [{ label: label ?? 'value', summary: frame.summary }] : NONE),
    [given, frame, label],
  );
  const rows = useMemo(() => metricsRows(frames, queryCache), [frames, queryCache]);
  // 6 px a side: at 8 an A/B table on a 390 px phone ran 10 px past its box, the B ÷ A column cut.
  const cell = { padding: '3px 6px', borderTop: `1px solid ${pal.grid}` } as const;
  const sideHues = [pal.ab.A, pal.ab.B];
  const pair = frames.length === 2;
  const narrow = useMedia(FOLD_COUNTERS_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const open = !narrow || unfolded;
  const table = (
    <TableScroll>
      <table style={{ borderCollapse: 'collapse', fontSize: MIN_FONT + 1, width: '100%' }}>
        <caption style={{ ...captionStyle, textAlign: 'left' }}>
          {caption}
          {/* The engine counts from the run's start: a load before it (sysbench prepare) is left out. */}
          <span style={{ fontWeight: 400, color: pal.inkMuted }}> · counted since the run started (sizes and positions: now)</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'left', borderTop: 'none' }}>
              counter
            </th>
            {frames.map((f, i) => (
              // A long run label wraps rather than widening the table past a narrow panel.
              <th key={f.label} scope="col" style={{ ...cell, ...numStyle, whiteSpace: 'normal', borderTop: 'none', color: frames.length > 1 ? (sideHues[i] ?? pal.ink) : undefined }}>
                {f.label}
              </th>
            ))}
            {pair && (
              <th scope="col" style={{ ...cell, ...numStyle, borderTop: 'none' }} title="second column divided by the first">
                {frames[1].label.split(':')[0]} ÷ {frames[0].label.split(':')[0]}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td style={cell} colSpan={frames.length + 2}>
                No counters yet: press play.
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.name} title={r.help} data-counter={r.name}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                <Breakable name={r.name} />
                <span className="visually-hidden">: {r.help}</span>
              </th>
              {/* data-col: a row a slide's focus brings up under the player bar names its
                  columns itself (classroom.css); the header row was scrolled away above it. */}
              {r.cells.map((c, i) => (
                <td key={i} style={{ ...cell, ...numStyle }} data-col={frames[i]?.label}>
                  {c}
                </td>
              ))}
              {pair && (
                <td style={{ ...cell, ...numStyle, color: pal.inkMuted }} data-col={`${frames[1].label.split(':')[0]} ÷ ${frames[0].label.split(':')[0]}`}>
                  {r.ratio}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
  if (!narrow) return <figure style={figureStyle}>{table}</figure>;
  // Folded, the rows stay in the page (closed <details>): a find in page, or a focus on one
  // counter, still reaches them.
  return (
    <figure style={figureStyle}>
      <details className="counters-fold" open={open} onToggle={(e) => setUnfolded(e.currentTarget.open)}>
        <summary style={{ ...captionStyle, cursor: 'pointer' }}>
          {open ? 'Hide the counters' : `Show the counters (${rows.length} rows${pair ? ', A and B side by side' : ''})`}
        </summary>
        {table}
      </details>
    </figure>
  );
}
