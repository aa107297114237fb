// Histogram of leaf-page fill for one index (bars coloured on the fill scale), or A vs B
// side by side in the two A/B hues, with the 50% / ln 2 / 15/16 reference markers.
import { useId, useMemo } from 'react';
import type { Frame } from '../../engine/frames';
import { fillColor } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { formatCount, formatPercent, noun } from '../common/format';
import { useWidth } from '../common/hooks';
import { LABEL_FONT, captionStyle, figureStyle, legendStyle, swatchStyle } from '../common/styles';
import { FILL_BINS, layoutHistogram } from './layout';

export interface FillHistogramProps {
  frame: Frame;
  /** Engine index number (default 0 = clustered). */
  index?: number;
  /** B side of an A/B pair: its histogram is drawn beside A's. */
  compare?: Frame;
  /** B's engine index number for the same index (default `index`). */
  compareIndex?: number;
  /** Names of the two sides (default "A", "B"). */
  labels?: [string, string];
  /** SVG height in px (default 220). */
  height?: number;
  /** Accepted for symmetry with the views; the histogram has no animation. */
  reducedMotion?: boolean;
  /** Side label shown in the caption, e.g. "A: sequential". */
  label?: string;
}

const EMPTY = new Uint8Array(0);

/** Leaf-fill histogram, one bar colour per bin on the sequential fill scale. */
export function FillHistogram({ frame, index = 0, compare, compareIndex = index, labels = ['A', 'B'], height = 220, label }: FillHistogramProps) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>();
  const HATCH_ID = `hatch-${useId().replace(/:/g, '')}`;
  const a = frame.leafFill[index] ?? EMPTY;
  const b = compare ? (compare.leafFill[compareIndex] ?? EMPTY) : undefined;
  const m = useMemo(() => layoutHistogram(b ? [a, b] : [a], width, height), [a, b, width, height]);
  const { margin: mg, plotWidth: pw, plotHeight: ph } = m;
  const pair = m.bars.length === 2;
  const sideColor = [pal.ab.A, pal.ab.B];
  const name = frame.indexes[index]?.name ?? `index ${index}`;
  const sideText = (s: number) =>
    `${pair ? labels[s] + ': ' : ''}${formatCount(m.totals[s])} ${noun(m.totals[s], 'leaf page')}, mean fill ${formatPercent(m.means[s])}`;
  const aria =
    `Histogram of leaf page fill for ${name} in ${FILL_BINS} bins of 5%. ` +
    m.bars.map((_, s) => sideText(s)).join('; ') +
    '. Markers at 50%, 69% (ln 2) and 93.75% (15/16).';

  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle}>
        Leaf page fill · {name}
        {label ? ` · ${label}` : ''}{' '}
        <span style={{ fontWeight: 400, color: pal.inkMuted }}>(% of leaf pages per 5% bin)</span>
      </figcaption>
      <div ref={ref} style={{ width: '100%' }}>
        <svg width={width} height={height} role="img" aria-label={aria} style={{ display: 'block' }}>
          <defs>
            <pattern id={HATCH_ID} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width={5} height={5} fill={sideColor[1]} opacity={0.35} />
              <line x1={0} y1={0} x2={0} y2={5} stroke={sideColor[1]} strokeWidth={3} />
            </pattern>
          </defs>
          <g transform={`translate(${mg.left},${mg.top})`} fontSize={LABEL_FONT} fill={pal.inkMuted}>
            {m.yTicks.map((t) => (
              <g key={t.label} transform={`translate(0,${t.pos})`}>
                <line x2={pw} stroke={pal.grid} />
                <text x={-6} dy="0.32em" textAnchor="end">
                  {t.label}
                </text>
              </g>
            ))}
            {m.bars.map((side, s) =>
              side.map((bar, i) => (
                <rect
                  key={`${s}-${i}`}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  fill={pair ? (s === 0 ? sideColor[0] : `url(#${HATCH_ID})`) : fillColor(pal, m.binMid[i])}
                  stroke={pair && s === 1 ? sideColor[1] : 'none'}
                >
                  <title>{`${pair ? labels[s] + ' ' : ''}${i * 5}–${i * 5 + 5}%: ${formatCount(bar.count)} ${noun(bar.count, 'page')}`}</title>
                </rect>
              )),
            )}
            {/* the fill colour scale as a strip under the axis, so the legend is shared with the tree */}
            {m.binMid.map((f, i) => (
              <rect key={`c${i}`} x={i * m.binWidth} y={ph + 1} width={m.binWidth + 0.5} height={6} fill={fillColor(pal, f)} />
            ))}
            {m.xTicks.map((t) => (
              <text key={t.label} x={t.pos} y={ph + 22} textAnchor="middle">
                {t.label}
              </text>
            ))}
            <text x={pw} y={ph + 37} textAnchor="end">
              page fill →
            </text>
            {m.markers.map((mk) => (
              <g key={mk.label} transform={`translate(${mk.x},0)`}>
                <line y1={-4 - 16 * mk.row} y2={ph} stroke={pal.ink} strokeDasharray="3 3" />
                <text y={-7 - 16 * mk.row} textAnchor="middle" fill={pal.ink}>
                  {mk.label}
                </text>
              </g>
            ))}
          </g>
        </svg>
      </div>
      <ul style={legendStyle(pal)}>
        {m.bars.map((_, s) => (
          <li key={s}>
            {pair && <span style={swatchStyle(pal, sideColor[s], s === 1)} />}
            {sideText(s)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
