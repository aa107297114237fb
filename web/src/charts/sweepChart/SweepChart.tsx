// A sweep chart: simulated bars per side (A, B colours, solid) and the article's figures
// beside them (outlined, dashed, hatched lightly), one group per swept value.
import { useId } from 'react';
import { usePalette } from '../../ui/theme';
import { formatSI } from '../common/format';
import { useWidth } from '../common/hooks';
import { figureStyle, LABEL_FONT, legendStyle, swatchStyle } from '../common/styles';
import { BAR_TEXT_FONT, BAR_TEXT_LIFT, layoutSweepChart, type SweepSideInput } from './layout';

export interface SweepChartProps {
  title: string;
  unit: string;
  labels: string[];
  sides: (SweepSideInput & { color: string })[];
  referenceLabel?: string;
  /** What the values are (the x axis's title), e.g. "cores". */
  axis?: string;
  height?: number;
}

export function SweepChart({ title, unit, labels, sides, referenceLabel, axis, height = 240 }: SweepChartProps) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>();
  const hatch = `sw-${useId().replace(/:/g, '')}`;
  const l = layoutSweepChart(labels, sides, width, height, formatSI);
  const aria =
    `${title} (${unit}) by ${axis ?? 'value'}, ${labels.length} values: ` +
    l.bars.map((b) => b.title).join('; ') +
    (l.bars.length === 0 ? 'no runs yet' : '');
  return (
    <figure style={figureStyle}>
      <div ref={ref} style={{ width: '100%' }}>
        <svg width={l.width} height={l.height} role="img" aria-label={aria} style={{ display: 'block' }}>
          <defs>
            {sides.map((s, i) => (
              <pattern key={i} id={`${hatch}-${i}`} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill={pal.background} />
                <line x1={0} y1={0} x2={0} y2={6} stroke={s.color} strokeWidth={1.5} opacity={0.5} />
              </pattern>
            ))}
          </defs>
          {l.ticks.map((t) => (
            <g key={t.label} fontSize={LABEL_FONT} fill={pal.inkMuted}>
              <line x1={l.margin.left} x2={l.width - l.margin.right} y1={t.y} y2={t.y} stroke={pal.grid} />
              <text x={l.margin.left - 4} y={t.y} dy="0.32em" textAnchor="end">
                {t.label}
              </text>
            </g>
          ))}
          <text x={4} y={10} fontSize={LABEL_FONT} fill={pal.inkMuted}>
            {unit}
          </text>
          {l.bars.map((b) => (
            <g key={`${b.cat}-${b.side}-${b.kind}`}>
              <rect
                x={b.x}
                y={b.y}
                width={b.width}
                height={Math.max(0, b.height)}
                fill={b.kind === 'sim' ? sides[b.side].color : `url(#${hatch}-${b.side})`}
                stroke={sides[b.side].color}
                strokeWidth={b.kind === 'sim' ? 0 : 1.5}
                strokeDasharray={b.kind === 'sim' ? undefined : '4 2'}
              >
                <title>{b.title}</title>
              </rect>
            </g>
          ))}
          {/* The values over every bar, after all of them (a low article bar's "23k" went
              under the next bar), each on a halo of the background; upright where a text
              across is wider than its bar's slot, reading up from the bar's top. */}
          {l.bars.map((b, i) => {
            if (!b.text) return null;
            const cx = b.x + b.width / 2;
            const y = b.y - BAR_TEXT_LIFT;
            return (
              <text
                key={i}
                x={cx}
                y={y}
                textAnchor={b.upright ? 'start' : 'middle'}
                dy={b.upright ? '0.35em' : undefined}
                transform={b.upright ? `rotate(-90 ${cx} ${y})` : undefined}
                fontSize={BAR_TEXT_FONT}
                fill={pal.ink}
                stroke={pal.background}
                strokeWidth={3}
                paintOrder="stroke"
                aria-hidden="true"
              >
                {b.text}
              </text>
            );
          })}
          {l.empty && (
            <text x={l.margin.left + (l.width - l.margin.left - l.margin.right) / 2} y={l.margin.top + l.plotHeight / 2} textAnchor="middle" fontSize={LABEL_FONT} fill={pal.inkMuted}>
              No runs yet: run the sweep.
            </text>
          )}
          <line x1={l.margin.left} x2={l.width - l.margin.right} y1={l.margin.top + l.plotHeight} y2={l.margin.top + l.plotHeight} stroke={pal.inkMuted} />
          {l.cats.map((c) => (
            <text key={c.label} x={c.x + c.width / 2} y={l.margin.top + l.plotHeight + 16} textAnchor="middle" fontSize={LABEL_FONT} fill={pal.ink}>
              {c.label}
            </text>
          ))}
          {axis && (
            <text x={l.margin.left + (l.width - l.margin.left - l.margin.right) / 2} y={l.margin.top + l.plotHeight + 31} textAnchor="middle" fontSize={LABEL_FONT} fill={pal.inkMuted}>
              {axis}
            </text>
          )}
        </svg>
      </div>
      <ul style={legendStyle(pal)} aria-label="Legend">
        {sides.map((s, i) => (
          <li key={i}>
            <span style={swatchStyle(pal, s.color)} />
            {s.label}, simulated
          </li>
        ))}
        {referenceLabel && (
          <li>
            <span style={{ ...swatchStyle(pal, pal.background, true), border: `1.5px dashed ${pal.ink}` }} />
            {referenceLabel} (outlined, beside each simulated bar)
          </li>
        )}
      </ul>
    </figure>
  );
}
