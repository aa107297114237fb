// A time-series line chart: x = simulated seconds, y = one series column, one line per
// series (A/B hues), optional article reference line. React renders SVG; D3 computes.
import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { usePalette } from '../../ui/theme';
import { formatWithUnit, noSamplesText } from '../common/format';
import { useWidth } from '../common/hooks';
import { LABEL_FONT, captionStyle, figureStyle, legendStyle } from '../common/styles';
import { readoutAt, readoutBox } from './readout';
import { layoutTimeSeries, type Highlight, type HighlightWhen, type LimitSpec, type ReferenceLine, type SeriesInput } from './layout';

export interface TimeSeriesChartProps {
  /** One entry per simulation (A, B); rows accumulate SeriesBlock rows. */
  series: SeriesInput[];
  /** Series column to plot, e.g. "latency_mean_us" (WASM_API.md). */
  column: string;
  /** Chart title, e.g. "Insert latency". */
  label: string;
  /** Unit of the column, e.g. "µs", "pages/s". */
  unit: string;
  /** The article's figure, e.g. { value: 124, label: "article: 124 µs" }. */
  reference?: ReferenceLine;
  /** Shaded time spans in simulated seconds. */
  highlights?: Highlight[];
  /** Threshold columns drawn as dotted lines, e.g. the sync point. */
  limits?: LimitSpec[];
  /** Shade, per series, where a column exceeds a value. */
  highlightWhen?: HighlightWhen;
  /** SVG height in px (default 220). */
  height?: number;
  /** Accepted for symmetry with the views; the chart has no animation. */
  reducedMotion?: boolean;
  /** Simulated time has moved (the empty chart then says a sample is coming). */
  started?: boolean;
  /** false: the y axis spans the data, not from 0; the legend says where it starts. */
  fromZero?: boolean;
}

/** Plain-words summary for screen readers. */
function ariaSummary(p: TimeSeriesChartProps, legends: string[]): string {
  const parts = p.series.map((s, i) => `${s.label}: latest ${legends[i]}`);
  const ref = p.reference ? `; reference line ${p.reference.label}` : '';
  const lim = p.limits?.length ? `; dotted lines: ${p.limits.map((l) => l.label).join(', ')}` : '';
  const hl = p.highlightWhen ? `; shaded: ${p.highlightWhen.label}` : '';
  return `${p.label} (${p.unit}) over simulated time. ${parts.join('; ') || 'No data yet'}${ref}${lim}${hl}.`;
}

/** A legend entry's 22×12 key, drawn by its children. */
function LegendKey({ children }: { children: ReactNode }) {
  return (
    <svg width={KEY_W} height={12} aria-hidden="true" style={{ marginRight: 5, verticalAlign: '-1px' }}>
      {children}
    </svg>
  );
}
const KEY_W = 22;

/** The key's width shared out among the sides, left to right (one colour each). */
function split(lines: { color: string }[]): { x: number; w: number; color: string }[] {
  const w = KEY_W / lines.length;
  return lines.map((l, i) => ({ x: w * i, w, color: l.color }));
}

/** Line chart of one series column against simulated time. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { series, column, label, unit, reference, highlights, limits, highlightWhen, fromZero = true, height = 220 } = props;
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>();
  const m = useMemo(
    () => layoutTimeSeries({ series, column, unit, reference, highlights, limits, highlightWhen, hues: [pal.ab.A, pal.ab.B, pal.inkMuted], fromZero }, width, height),
    [series, column, unit, reference, highlights, limits, highlightWhen, fromZero, pal, width, height],
  );
  const { margin: mg, plotWidth: pw, plotHeight: ph } = m;
  const legends = m.lines.map((l) => l.legend);
  // The pointer over the chart: x from the plot's left edge (the readout of every line
  // there), y from the chart's top (the box goes beside it).
  const [hover, setHover] = useState<{ px: number; y: number } | null>(null);
  const readout = hover === null ? null : readoutAt(series, column, unit, m, hover.px, limits);
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    setHover({ px: e.clientX - r.left - mg.left, y: e.clientY - r.top });
  };
  // A finger lifted "leaves" the chart at once: a tap kept no readout. Touch keeps it
  // until the next touch; a mouse that leaves clears it.
  const onLeave = (e: PointerEvent<SVGSVGElement>) => {
    if (e.pointerType !== 'touch') setHover(null);
  };
  // The box's size once drawn, to keep it whole inside the chart (readoutBox).
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxSize, setBoxSize] = useState<[number, number]>([0, 0]);
  const readoutKey = readout ? `${readout.header}|${readout.rows.map((r) => `${r.label}${r.text}`).join('|')}` : '';
  useLayoutEffect(() => {
    const b = boxRef.current;
    if (!b) return;
    const next: [number, number] = [b.offsetWidth, b.offsetHeight];
    setBoxSize((s) => (s[0] === next[0] && s[1] === next[1] ? s : next));
  }, [readoutKey, width]);
  const box = readout && hover ? readoutBox(width, height, boxSize[0], boxSize[1], mg.left + readout.x, hover.y) : null;

  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle}>
        {label} <span style={{ fontWeight: 400, color: pal.inkMuted }}>({unit})</span>
      </figcaption>
      <div ref={ref} style={{ width: '100%', position: 'relative' }}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={ariaSummary(props, legends)}
          data-chart="time-series"
          style={{ display: 'block', touchAction: 'pan-y' }}
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={onLeave}
        >
          <g transform={`translate(${mg.left},${mg.top})`} fontSize={LABEL_FONT} fill={pal.inkMuted}>
            {m.bands.map((b, i) => (
              <rect key={i} x={b.x} y={0} width={b.width} height={ph} fill={b.color ?? pal.grid} opacity={b.color ? 0.14 : 0.5} />
            ))}
            {m.yTicks.map((t) => (
              <g key={`y${t.value}`} transform={`translate(0,${t.pos})`}>
                <line x2={pw} stroke={pal.grid} />
                <text x={-6} dy="0.32em" textAnchor="end">
                  {t.label}
                </text>
              </g>
            ))}
            {m.xTicks.map((t) => (
              <g key={`x${t.value}`} transform={`translate(${t.pos},${ph})`}>
                <line y2={5} stroke={pal.inkMuted} />
                <text y={18} textAnchor="middle">
                  {t.label}
                </text>
              </g>
            ))}
            <line x1={0} x2={pw} y1={ph} y2={ph} stroke={pal.inkMuted} />
            <text x={pw} y={ph + 34} textAnchor="end">
              simulated time (s)
            </text>
            {m.reference && !m.reference.off && (
              <g transform={`translate(0,${m.reference.y})`}>
                <line x2={pw} stroke={pal.reference} strokeDasharray="2 4" strokeWidth={1.5} />
              </g>
            )}
            {m.limitLines.map((l, i) => (
              <g key={`lim${i}`}>
                <path d={l.d} fill="none" stroke={l.color} strokeWidth={1.25} strokeDasharray="1 3" opacity={0.85} />
              </g>
            ))}
            {m.finishes.map((f, i) => (
              <line key={`fin${i}`} x1={f.x} x2={f.x} y1={0} y2={ph} stroke={f.color} strokeWidth={1.25} strokeDasharray="3 3" />
            ))}
            {m.lines.map((l) => (
              <g key={l.label} stroke={l.color} fill={l.color}>
                <path d={l.d} fill="none" strokeWidth={2} strokeDasharray={l.dash} strokeLinejoin="round" />
                {l.dots.map((d, i) => (
                  <circle key={i} cx={d.x} cy={d.y} r={3} />
                ))}
                {l.last && <circle cx={l.last.x} cy={l.last.y} r={3.5} stroke={pal.background} />}
              </g>
            ))}
            {/* Over the data lines: the halo keeps a label readable where a line crosses it
                ("A done" sat under B's line). */}
            {m.finishes.map((f, i) => (
              <text key={`fin${i}`} x={f.at.x} y={f.at.y} textAnchor="end" fill={f.color} stroke={pal.background} strokeWidth={4} strokeLinejoin="round" paintOrder="stroke">
                {f.label}
              </text>
            ))}
            {m.labels.map((l, i) => (
              <text key={`label${i}`} x={l.x} y={l.y} textAnchor="end" fill={pal.ink} stroke={pal.background} strokeWidth={5} strokeLinejoin="round" paintOrder="stroke">
                {l.full ? <title>{l.full}</title> : null}
                {l.text}
              </text>
            ))}
            {readout && (
              <g pointerEvents="none" data-readout-rule="">
                <line x1={readout.x} x2={readout.x} y1={0} y2={ph} stroke={pal.inkMuted} strokeWidth={1} />
                {readout.rows.map((r, i) => (r.at ? <circle key={i} cx={r.at.x} cy={r.at.y} r={4.5} fill={r.color} stroke={pal.background} strokeWidth={2} /> : null))}
              </g>
            )}
            {m.empty && (
              <text x={pw / 2} y={ph / 2} textAnchor="middle" fontSize={15} fill={pal.inkMuted}>
                {noSamplesText(props.started ?? false)}
              </text>
            )}
          </g>
        </svg>
        {readout && box && (
          <div
            data-readout=""
            aria-hidden="true"
            ref={boxRef}
            style={{
              position: 'absolute',
              top: box.top,
              left: box.left,
              // A label too long for a phone's chart wraps instead of running off the screen.
              // Its own width wherever it sits (it shrank to the room left of its edge).
              width: 'max-content',
              maxWidth: Math.max(120, width - 2),
              boxSizing: 'border-box',
              pointerEvents: 'none',
              background: pal.surface,
              color: pal.ink,
              border: `1px solid ${pal.grid}`,
              borderRadius: 4,
              padding: '4px 8px',
              fontSize: LABEL_FONT,
              lineHeight: 1.35,
              whiteSpace: width < 480 ? 'normal' : 'nowrap',
              boxShadow: '0 1px 4px rgba(0,0,0,0.18)',
            }}
          >
            <div style={{ color: pal.inkMuted }}>{readout.header}</div>
            {readout.rows.map((r, i) => (
              <div key={i} style={r.limit ? { color: pal.inkMuted } : undefined}>
                <span style={{ color: r.color, fontWeight: r.limit ? 400 : 600 }}>{r.limit ? '┄ ' : '● '}</span>
                {r.label}: <strong style={{ fontWeight: r.limit ? 400 : 600 }}>{r.text}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      {series.length > 0 && (
        <ul style={legendStyle(pal)}>
          {m.lines.map((l) => (
            <li key={l.label}>
              <LegendKey>
                <line x1={0} x2={KEY_W} y1={6} y2={6} stroke={l.color} strokeWidth={3} strokeDasharray={l.dash} />
              </LegendKey>
              <span style={{ color: pal.ink }}>{l.label}</span>: {l.legend}
            </li>
          ))}
          {/* A reference label cut short on a narrow plot, in full (a touch screen has no hover
              for its tooltip; "↑ article: never reached 1%, above th…" lost how to read the chart). */}
          {m.labels
            .filter((l) => l.full)
            .map((l) => (
              <li key={`full-${l.full}`}>
                <LegendKey>
                  <line x1={0} x2={KEY_W} y1={6} y2={6} stroke={pal.reference} strokeWidth={1.5} strokeDasharray="2 4" />
                </LegendKey>
                {l.full}
              </li>
            ))}
          {/* Threshold lines are named at their ends; the legend names them too, dotted in each side's colour. */}
          {(limits ?? []).map((l) => (
            <li key={`limit-${l.column}`}>
              <LegendKey>
                {split(m.lines).map(({ x, w, color }) => (
                  <line key={x} x1={x} x2={x + w} y1={6} y2={6} stroke={color} strokeWidth={1.5} strokeDasharray="1 3" />
                ))}
              </LegendKey>
              dotted: {l.label}
            </li>
          ))}
          {highlightWhen && (
            <li>
              {/* one swatch per side: each side's stretches are shaded in its colour */}
              <LegendKey>
                {split(m.lines.length ? m.lines : [{ color: pal.grid }]).map(({ x, w, color }) => (
                  <rect key={x} x={x} width={w} height={12} fill={color} opacity={0.25} />
                ))}
              </LegendKey>
              shaded: {highlightWhen.label}
            </li>
          )}
          {/* Said in words: a gap between lines on an axis that starts high looks bigger than it is. */}
          {!fromZero && m.yDomain[0] > 0 && <li className="axis-from">the axis starts at {formatWithUnit(m.yDomain[0], unit)}, not 0</li>}
        </ul>
      )}
    </figure>
  );
}
