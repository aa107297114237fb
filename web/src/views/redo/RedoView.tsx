// The redo log of one simulation: the log as a ring (checkpoint tail → oldest dirty page →
// LSN head; the modified age coloured from calm to red, the flushed-but-not-checkpointed
// part grey; marks for lwm / async / sync / limit) and the flush list as dirty pages by
// age, with the pages just flushed flashing.
import { useId, useMemo, useRef } from 'react';
import type { Frame, RedoState } from '../../engine/frames';
import { usePalette } from '../../ui/theme';
import { mix } from '../../ui/palette';
import { formatBytes, formatCount } from '../../charts/common/format';
import { useWidth } from '../../charts/common/hooks';
import { captionStyle, figureStyle, LABEL_FONT, legendStyle, mutedStyle, swatchStyle } from '../../charts/common/styles';
import { ageZone, ages, layoutFlushList, layoutRing, RING_LABEL_LINE, RING_LABEL_ROOM, zoneWords } from './layout';

export interface RedoViewProps {
  frame: Frame;
  /** Side label, e.g. "A: 5.5". */
  label?: string;
  reducedMotion?: boolean;
}

/** A changing age in a box as wide as its widest value ("1,023 MiB"), its digits of one
 *  width: the limits after it start at the same place whatever the age, so the line
 *  wraps at one viewport width, not on and off as the age grows and shrinks (the view
 *  jumped by a line a few times a second). */
const ageValueStyle = { display: 'inline-block', minWidth: '5.1em', fontVariantNumeric: 'tabular-nums' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

function Ring({ s, size }: { s: RedoState; size: number }) {
  const pal = usePalette();
  const m = useMemo(() => layoutRing(s, size, formatBytes), [s, size]);
  const hatch = `redo-hatch-${useId().replace(/:/g, '')}`;
  const ageColor = m.zone === 'sync' ? pal.redo.ageHigh : mix(pal.redo.ageLow, pal.redo.ageHigh, m.heat * 0.85);
  return (
    // Mark labels may stand outside the ring's square (overflow), with room kept beside it
    // and a label's line above and below it.
    <svg width={size} height={size} role="img" aria-label={m.sentence} style={{ display: 'block', flex: '0 0 auto', overflow: 'visible', marginInline: RING_LABEL_ROOM + 2, marginBlock: RING_LABEL_LINE + 1 }}>
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill={pal.redo.ageHigh} />
          <line x1="0" y1="0" x2="0" y2="6" stroke={pal.background} strokeWidth="2" />
        </pattern>
      </defs>
      <path d={m.track} transform={`translate(${m.cx},${m.cy})`} fill={pal.redo.free} stroke={pal.grid} />
      {m.flushedPath && <path d={m.flushedPath} transform={`translate(${m.cx},${m.cy})`} fill={pal.redo.written} stroke={pal.ink} strokeWidth={0.5} />}
      {m.agePath && <path d={m.agePath} transform={`translate(${m.cx},${m.cy})`} fill={m.zone === 'sync' ? `url(#${hatch})` : ageColor} stroke={pal.ink} strokeWidth={0.5} />}
      {m.marks.map((k) => (
        <g key={k.key} fontSize={LABEL_FONT} fill={pal.ink}>
          <line x1={k.x1} y1={k.y1} x2={k.x2} y2={k.y2} stroke={pal.ink} strokeWidth={k.key === 'sync' || k.key === 'max' ? 2.5 : 1.5} strokeDasharray={k.key === 'lwm' ? '2 2' : undefined} />
          <text x={k.lx} y={k.ly} dy="0.32em" textAnchor={k.anchor} stroke={pal.background} strokeWidth={3} paintOrder="stroke">
            {k.label}
          </text>
        </g>
      ))}
      <circle cx={m.tail.x} cy={m.tail.y} r={5} fill={pal.background} stroke={pal.ink} strokeWidth={2} />
      {m.flushedPath && <rect x={m.oldest.x - 4} y={m.oldest.y - 4} width={8} height={8} fill={pal.background} stroke={pal.ink} strokeWidth={1.5} transform={`rotate(45 ${m.oldest.x} ${m.oldest.y})`} />}
      <circle cx={m.head.x} cy={m.head.y} r={5} fill={pal.ink} />
      {m.centre.map((t) => (
        <text key={t.dy} x={m.cx} y={m.cy + t.dy} textAnchor="middle" fontSize={t.size} fontWeight={t.bold ? 600 : undefined} fill={t.bold ? pal.ink : pal.inkMuted}>
          {t.text}
        </text>
      ))}
    </svg>
  );
}

/** Room above the flush list's bars for the two mark labels (one line each). */
const BAND = 30;

function FlushList({ s, reducedMotion }: { s: RedoState; reducedMotion?: boolean }) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>();
  const prev = useRef<number[] | undefined>(undefined);
  const height = 90;
  const m = useMemo(() => layoutFlushList(s, Math.max(60, width), height, prev.current), [s, width]);
  prev.current = s.dirtyByAge;
  const summary = `Flush list: ${formatCount(m.total)} dirty pages by age, youngest left, oldest right; axis up to ${formatBytes(m.axisMaxBytes)} of age.`;
  return (
    <div ref={ref} style={{ width: '100%', minWidth: 0 }}>
      {/* The marks' labels have a band of their own above the bars: written over the
          oldest bins, which are the tallest when the age nears the marks, they hid them. */}
      <svg width={m.width} height={BAND + height + 22} role="img" aria-label={summary} style={{ display: 'block' }}>
        <g transform={`translate(0, ${BAND})`}>
          {m.bars.map((b, i) => (
            <g key={i}>
              <rect x={b.x} y={b.y} width={b.width} height={b.height} fill={b.pastSync ? pal.redo.ageHigh : pal.frame.dirty} opacity={b.pastSync ? 1 : 0.9} />
              {b.flushed > 0 && !reducedMotion && <rect x={b.x} y={Math.max(0, b.y - 4)} width={b.width} height={4} fill={pal.split} />}
            </g>
          ))}
        </g>
        {m.marks.map((k, i) => (
          <g key={k.key} fontSize={LABEL_FONT} fill={pal.ink}>
            <line x1={k.x} x2={k.x} y1={0} y2={BAND + height} stroke={pal.ink} strokeDasharray="3 3" />
            {/* One line per mark: async and sync sit close together on the age axis. */}
            <text x={k.x - 3} y={12 + 14 * i} textAnchor="end" stroke={pal.background} strokeWidth={3} paintOrder="stroke">
              {k.label}
            </text>
          </g>
        ))}
        <line x1={0} x2={m.width} y1={BAND + height} y2={BAND + height} stroke={pal.inkMuted} />
        <text x={0} y={BAND + height + 16} fontSize={LABEL_FONT} fill={pal.inkMuted}>
          young
        </text>
        <text x={m.width} y={BAND + height + 16} fontSize={LABEL_FONT} fill={pal.inkMuted} textAnchor="end">
          old: {formatBytes(m.axisMaxBytes)} of age →
        </text>
      </svg>
    </div>
  );
}

/** The redo ring and the flush list of one simulation. */
export function RedoView({ frame, label, reducedMotion }: RedoViewProps) {
  const pal = usePalette();
  const s = frame.redo;
  if (!s) {
    return (
      <figure style={figureStyle}>
        <figcaption style={captionStyle} data-align="caption">
          {label ? `${label}: redo log` : 'Redo log'}
        </figcaption>
        <p style={mutedStyle(pal)}>This scenario does not model the redo log.</p>
      </figure>
    );
  }
  const { modified, checkpoint } = ages(s);
  const zone = ageZone(s, modified);
  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle} data-align="caption">
        {label ? `${label}: redo log and flush list` : 'Redo log and flush list'} <span style={{ fontWeight: 400, color: pal.inkMuted }}>(flushing: {s.policy})</span>
      </figcaption>
      <div data-align="ring" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Ring s={s} size={220} />
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          {/* Two lines kept for the state, the longest of which wraps: a run that moved
              from one state to another made the view a line taller, then shorter. */}
          <p style={{ margin: '0 0 6px', fontWeight: 600, lineHeight: 1.4, minHeight: '2.8em' }}>{zoneWords(s, zone)}</p>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 10px', margin: '0 0 8px', fontSize: 14 }}>
            <dt>Log sequence number</dt>
            <dd style={{ margin: 0 }}>{formatCount(s.lsn)}</dd>
            <dt>Last checkpoint at</dt>
            <dd style={{ margin: 0 }}>{formatCount(s.checkpointLsn)}</dd>
            <dt title="LSN − oldest modification in the flush list: what the flushing points apply to">Modified age</dt>
            <dd style={{ margin: 0 }}>
              <span style={ageValueStyle}>{formatBytes(modified)}</span> <span style={nowrap}>(async {formatBytes(s.limits.maxModifiedAgeAsync)},</span> <span style={nowrap}>sync {formatBytes(s.limits.maxModifiedAgeSync)})</span>
            </dd>
            <dt title="LSN − last checkpoint: the log that cannot be reused yet">Checkpoint age</dt>
            <dd style={{ margin: 0 }}>
              <span style={ageValueStyle}>{formatBytes(checkpoint)}</span> <span style={nowrap}>(limit {formatBytes(s.limits.maxCheckpointAge)})</span>
            </dd>
          </dl>
          <FlushList s={s} reducedMotion={reducedMotion} />
        </div>
      </div>
      <ul style={legendStyle(pal)}>
        <li>
          {/* The age's colour runs from calm to the sync point's red as the age nears it. */}
          <span style={{ ...swatchStyle(pal, pal.redo.ageLow), width: 42, background: `linear-gradient(to right, ${pal.redo.ageLow}, ${mix(pal.redo.ageLow, pal.redo.ageHigh, 0.5)}, ${mix(pal.redo.ageLow, pal.redo.ageHigh, 0.85)})` }} />
          modified age, calm → near the sync point
        </li>
        <li>
          <span style={swatchStyle(pal, pal.redo.written)} />
          flushed, awaiting a checkpoint
        </li>
        <li>
          <span style={swatchStyle(pal, pal.redo.ageHigh, true)} />
          past the sync point (hatched)
        </li>
        <li>
          <span style={swatchStyle(pal, pal.redo.free)} />
          free log space
        </li>
        <li>○ checkpoint · ◇ oldest dirty page · ● LSN head</li>
        <li>lwm, async and sync: ages from ◇; limit: an age from ○ (so it can sit before sync)</li>
        <li>
          <span style={swatchStyle(pal, pal.frame.dirty)} />
          dirty pages by age
        </li>
        {!reducedMotion && (
          <li>
            <span style={swatchStyle(pal, pal.split)} />
            just flushed
          </li>
        )}
      </ul>
    </figure>
  );
}
