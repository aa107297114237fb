// information_schema.TABLES-like sizes of each simulated table (A/B), with the article's
// real bytes/row and size ratio beside them and the scale stated. Narrow screens get
// the same matrix transposed (one column per table) instead of a sideways scroll.
import { useMemo, type CSSProperties } from 'react';
import type { Frame, Summary } from '../../engine/frames';
import { usePalette } from '../../ui/theme';
import { formatBytes, formatCount, formatFixed, formatSI } from '../../charts/common/format';
import { useWidth } from '../../charts/common/hooks';
import { Breakable } from '../../charts/common/Breakable';
import { MIN_FONT, captionStyle, figureStyle, numStyle } from '../../charts/common/styles';
import { formatRatio } from '../metrics/layout';
import { scaleStatement, sizeMatrix, sizeRows, type SizeReference } from './layout';

export interface SizeTableProps {
  frames?: { label: string; summary: Summary }[];
  /** Single-simulation shorthand for `frames: [{label, summary: frame.summary}]`. */
  frame?: Frame;
  label?: string;
  /** The article's figures, e.g. {table: "test_random_PK", dataPerRow: 71, indexPerRow: 49, totalRatio: 2.24, rows: 1_586_250_000}. */
  reference?: SizeReference[];
  /** Caption (default "Table sizes (information_schema.TABLES)"). */
  caption?: string;
}

const NONE: { label: string; summary: Summary }[] = [];
const FORMAT = {
  count: formatCount,
  bytes: formatBytes,
  fixed2: (v: number) => formatFixed(v, 2),
  ratio: (v: number) => (Number.isFinite(v) ? formatRatio(1, v) : '–'),
};
/** Below this width the matrix is transposed. */
const NARROW_PX = 720;

/** Sizes table with the article's reference columns. */
export function SizeTable({ frames: given, frame, label, reference, caption = 'Table sizes (information_schema.TABLES)' }: SizeTableProps) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>();
  const frames = useMemo(() => given ?? (frame ? [{ label: label ?? '', summary: frame.summary }] : NONE), [given, frame, label]);
  const { rows, unmatched } = useMemo(() => sizeRows(frames, reference), [frames, reference]);
  const hasRef = (reference?.length ?? 0) > 0;
  const m = sizeMatrix(rows, unmatched, hasRef, FORMAT);
  const scale = scaleStatement(rows, formatSI);
  const cell: CSSProperties = { padding: '3px 7px', borderTop: `1px solid ${pal.grid}` };
  const num: CSSProperties = { ...cell, ...numStyle };
  const refBg = (article: boolean): CSSProperties => (article ? { background: pal.surface } : {});
  const name = (l: (typeof m.lines)[number]) => (
    <>
      {frames.length > 1 && l.side && <strong>{l.side} </strong>}
      <Breakable name={l.table} />
    </>
  );
  const narrow = width < NARROW_PX;

  return (
    <figure style={figureStyle}>
      <div ref={ref} style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', fontSize: MIN_FONT + 1, width: '100%' }}>
          <caption style={{ ...captionStyle, textAlign: 'left' }}>{caption}</caption>
          {m.lines.length === 0 ? (
            <tbody>
              <tr>
                <td style={cell}>No tables yet: press play.</td>
              </tr>
            </tbody>
          ) : narrow ? (
            <>
              <thead>
                <tr>
                  <td style={{ ...cell, borderTop: 'none' }} />
                  {m.lines.map((l) => (
                    <th key={l.side + l.table} scope="col" style={{ ...num, borderTop: 'none', whiteSpace: 'normal' }}>
                      {name(l)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {m.columns.map((c, ci) => (
                  <tr key={c.key} title={c.title}>
                    <th scope="row" style={{ ...cell, ...refBg(c.article), textAlign: 'left', fontWeight: 400 }}>
                      {c.key}
                    </th>
                    {m.lines.map((l) => (
                      <td key={l.side + l.table} style={{ ...num, ...refBg(c.article) }}>
                        {l.values[ci]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <>
              <thead>
                <tr>
                  <th scope="col" style={{ ...cell, textAlign: 'left', borderTop: 'none' }}>
                    table
                  </th>
                  {m.columns.map((c) => (
                    <th key={c.key} scope="col" title={c.title} style={{ ...num, ...refBg(c.article), borderTop: 'none' }}>
                      {c.key}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {m.lines.map((l) => (
                  <tr key={l.side + l.table}>
                    <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                      {name(l)}
                    </th>
                    {l.values.map((v, i) => (
                      <td key={i} style={{ ...num, ...refBg(m.columns[i].article) }}>
                        {v}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      </div>
      {m.lines.length > 0 && (
        // The article's column names, spelled out (they were only in hover titles).
        <p style={{ fontSize: MIN_FONT + 1, color: pal.inkMuted, margin: '4px 0 0' }}>
          Data and idx: data_length and index_length · DataRow and IdxRow: bytes per row of each · totSize: Data + idx · idxfrac: idx ÷ Data · size ×: totSize ÷
          the smallest table here.
        </p>
      )}
      {hasRef && (
        <p style={{ fontSize: MIN_FONT + 1, color: pal.inkMuted, margin: '4px 0 0' }}>
          {scale ??
            'Article figures come from a real server with about 1.6–1.8 billion rows per table; bytes per row and size ratios do not depend on the row count, so they compare directly.'}
        </p>
      )}
    </figure>
  );
}
