// One index's B+tree: upper levels as an SVG tree, the leaf level as a canvas strip,
// zoom into a subtree by brushing or clicking, and the records of a picked leaf.
import { useMemo, useRef, useState } from 'react';
import type { Frame } from '../../engine/frames';
import { useTheme, usePalette } from '../../ui/theme';
import { fillGradientCss } from '../../charts/common/colors';
import { formatCount, formatPercent, noun } from '../../charts/common/format';
import { useWidth } from '../../charts/common/hooks';
import { captionStyle, figureStyle, legendStyle, swatchStyle } from '../../charts/common/styles';
import { LeafStrip } from './LeafStrip';
import { RecordsPanel } from './RecordsPanel';
import { UpperTree } from './UpperTree';
import { clampRange, decodeUpper, treeHeight, zoomRangeFor, type LeafRange } from './layout';
import type { PageRecords } from './records';
import { LastSplits, lastSplitKind, leafCounts, showHashedRow, splitKindsLine, splitNews } from './strip';
import { meanFill } from '../../charts/fillHistogram/layout';

export interface BTreeViewProps {
  frame: Frame;
  /** Engine index number (default 0 = clustered). */
  index?: number;
  /** Called with a leaf ordinal when the reader opens one leaf; fetch page_records_json for it. */
  onZoom?(leafOrdinal: number): void;
  /** The opened leaf's records, once fetched. */
  records?: PageRecords;
  /** Overrides the theme's prefers-reduced-motion (no split flash when true). */
  reducedMotion?: boolean;
  /** Side label, e.g. "A: sequential" (shown in the caption). */
  label?: string;
}

const EMPTY8 = new Uint8Array(0);
const EMPTY32 = new Uint32Array(0);
const buttonStyle = { fontSize: 13, padding: '2px 8px' } as const;

/** B+tree of one index with level-of-detail zoom. */
export function BTreeView({ frame, index = 0, onZoom, records, reducedMotion, label }: BTreeViewProps) {
  const [ref, width, scale] = useWidth<HTMLDivElement>();
  const pal = usePalette();
  const theme = useTheme();
  const reduced = reducedMotion ?? theme.reducedMotion;
  const fill = frame.leafFill[index] ?? EMPTY8;
  const state = frame.leafState[index] ?? EMPTY8;
  const upper = frame.upper[index] ?? EMPTY32;
  const nodes = useMemo(() => decodeUpper(upper), [upper]);
  const counts = useMemo(() => leafCounts(state), [state]);
  const n = fill.length;
  const height = treeHeight(upper);
  const [zoom, setZoom] = useState<LeafRange | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const range = clampRange(zoom ?? { lo: 0, hi: n }, n);
  const zoomed = zoom !== null && (range.lo > 0 || range.hi < n);
  const info = frame.indexes[index];
  const name = info ? `${info.name} (${info.table})` : `index ${index}`;
  const mean = useMemo(() => meanFill(fill), [fill]);
  const hashedRow = showHashedRow(counts.hashed, frame.summary.counters);
  const kinds = splitKindsLine(frame.summary.indexes.find((s) => s.index === index)?.splits);
  // The last split's kind stays shown until the next split, so it can be read in slow
  // motion, and comes back with a step back to a time seen before (LastSplits).
  const lastSplits = useRef(new LastSplits());
  const lastKind = useMemo(() => {
    const sp = frame.summary.indexes.find((s) => s.index === index)?.splits;
    const count = sp ? sp.toRight + sp.toLeft + sp.middle : 0;
    return lastSplits.current.at(count, frame.timeNs, lastSplitKind(frame.events, index));
  }, [frame, index]);

  const zoomTo = (r: LeafRange) => setZoom(r.lo <= 0 && r.hi >= n ? null : r);
  const zoomOut = () => {
    const span = range.hi - range.lo;
    const parent = nodes
      .filter((nd) => nd.firstLeaf <= range.lo && nd.firstLeaf + nd.nLeaves >= range.hi && nd.nLeaves > span)
      .sort((a, b) => a.nLeaves - b.nLeaves)[0];
    zoomTo(parent ? { lo: parent.firstLeaf, hi: parent.firstLeaf + parent.nLeaves } : { lo: 0, hi: n });
  };
  const pick = (leaf: number, dense: boolean) => {
    if (dense) zoomTo(zoomRangeFor(nodes, leaf, range, n, Math.max(4, Math.floor(width / 12))));
    else {
      setSelected(leaf);
      onZoom?.(leaf);
    }
  };

  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle} data-align="caption">
        {label ? `${label} · ` : ''}
        {name}: {formatCount(n)} {noun(n, 'leaf page')}, height {height}
      </figcaption>
      <div data-align="stats" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center', alignContent: 'flex-start', fontSize: 13, color: pal.inkMuted, marginBottom: 4 }}>
        <span>
          mean fill {formatPercent(mean)} · {formatCount(counts.resident)} in pool · {formatCount(counts.dirty)} dirty
          {hashedRow && ` · ${formatCount(counts.hashed)} ${noun(counts.hashed, 'page')} hashed`}
          {splitNews(counts.split, frame.timeNs, frame.splitsSinceNs)}
        </span>
        {kinds && (
          <span>
            {kinds}
            {lastKind && (
              <>
                {' · last: '}
                <strong style={{ color: pal.ink }}>{lastKind}</strong>
              </>
            )}
          </span>
        )}
        {zoomed && (
          <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            leaves #{formatCount(range.lo)}–{formatCount(range.hi - 1)}
            <button type="button" style={buttonStyle} onClick={zoomOut}>
              Zoom out
            </button>
            <button type="button" style={buttonStyle} onClick={() => setZoom(null)}>
              Whole tree
            </button>
          </span>
        )}
      </div>
      <div ref={ref} style={{ width: '100%' }}>
        {/* A shorter tree's levels sit on its leaves, which line up with the other side's. */}
        <div data-align="upper" style={{ display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
          <UpperTree nodes={nodes} range={range} width={width} onZoom={zoomTo} />
        </div>
        <div style={{ height: 4 }} />
        {n === 0 ? (
          <p style={{ color: pal.inkMuted }}>No leaf pages yet: press play.</p>
        ) : (
          <LeafStrip
            fill={fill}
            state={state}
            range={range}
            width={width}
            scale={scale}
            reducedMotion={reduced}
            selected={selected}
            hashedRow={hashedRow}
            onBrush={zoomTo}
            onPick={pick}
          />
        )}
      </div>
      <ul style={legendStyle(pal)} aria-label="Legend">
        <li>
          <span style={{ ...swatchStyle(pal, 'transparent'), width: 60, background: fillGradientCss(pal) }} /> fill 0 → 100%
        </li>
        <li>
          <span style={swatchStyle(pal, pal.frame.clean)} />
          2nd row: in buffer pool
        </li>
        <li>
          <span style={swatchStyle(pal, pal.frame.dirty)} />
          3rd row: dirty
        </li>
        {hashedRow && (
          <li>
            <span style={swatchStyle(pal, pal.ahi.hashed)} />
            4th row: hashed by the AHI
          </li>
        )}
        <li>▼ changed by a split since the frame before</li>
      </ul>
      {selected !== null && <RecordsPanel leaf={selected} records={records} onClose={() => setSelected(null)} />}
    </figure>
  );
}
