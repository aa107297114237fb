// The query cache of one simulation: its memory as a wrapped strip (query blocks solid,
// results hatched, table blocks dotted, free space pale, fragments pale with a dark
// edge and top), this frame's prunes and stores marked on it (each one flashing in slow
// motion, counted when many; static with reduced motion), and the one global lock:
// who holds it and the queue of threads waiting for it. Aurora's conceptual cache has
// no arena and no global lock, and says so.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Frame } from '../../engine/frames';
import type { Palette } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { formatBytes, formatCount, formatPercent, formatSI } from '../../charts/common/format';
import { prepareCanvas, useWidth } from '../../charts/common/hooks';
import { captionStyle, figureStyle, legendStyle, MIN_FONT, mutedStyle, swatchStyle } from '../../charts/common/styles';
import { arenaSentence, eventMarks, eventsSentence, layoutArena, lockModel, lockRates, qcCaption, type ArenaKind, type EventSummary } from './layout';

export interface QueryCacheViewProps {
  frame: Frame;
  /** Side label, e.g. "A: MySQL 5.7". */
  label?: string;
  reducedMotion?: boolean;
}

const ROW_H = 16;
const ROW_GAP = 5;
const FLASH_MS = 900;

/** A legend chip for the strip's marks (an outline around a block, a ✕ on a prune). */
const markSwatch: CSSProperties = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 14, height: 12, marginRight: 5, verticalAlign: '-1px', boxSizing: 'border-box', fontSize: 9, fontWeight: 700, lineHeight: 1 };

function kindColor(p: Palette, k: ArenaKind): string {
  switch (k) {
    case 'query':
      return p.qc.query;
    case 'result':
    case 'writing':
      return p.qc.result;
    case 'table':
      return p.ink;
    case 'fragment':
      return p.qc.fragment;
    default:
      return p.qc.free;
  }
}

/** Diagonal stripes (results) or dots (tables) over a colour, so colour is not the only signal. */
function pattern(ctx: CanvasRenderingContext2D, p: Palette, k: ArenaKind): CanvasPattern | string {
  const base = kindColor(p, k);
  if (k !== 'result' && k !== 'writing' && k !== 'table') return base;
  const c = document.createElement('canvas');
  c.width = 6;
  c.height = 6;
  const g = c.getContext('2d');
  if (!g) return base;
  g.fillStyle = base;
  g.fillRect(0, 0, 6, 6);
  g.strokeStyle = p.background;
  g.fillStyle = p.background;
  if (k === 'table') g.fillRect(2, 2, 2, 2);
  else {
    g.lineWidth = k === 'writing' ? 2.5 : 1.2;
    g.beginPath();
    g.moveTo(0, 6);
    g.lineTo(6, 0);
    g.moveTo(-1, 1);
    g.lineTo(1, -1);
    g.moveTo(5, 7);
    g.lineTo(7, 5);
    g.stroke();
  }
  return ctx.createPattern(c, 'repeat') ?? base;
}

function swatch(p: Palette, k: ArenaKind) {
  const color = kindColor(p, k);
  if (k === 'result') return swatchStyle(p, color, true);
  if (k === 'table') return { ...swatchStyle(p, color), background: `radial-gradient(${p.background} 1px, transparent 1.5px) 0 0 / 4px 4px, ${color}` };
  if (k === 'fragment') return { ...swatchStyle(p, p.qc.free), background: `linear-gradient(${p.inkMuted} 0 3px, transparent 3px), linear-gradient(90deg, ${p.inkMuted} 0 2px, ${p.qc.free} 2px)` };
  return swatchStyle(p, color);
}

/** This frame's events, kept on screen for a moment (until the next events with reduced motion). */
function useRecentEvents(ev: EventSummary, reducedMotion: boolean): { ev: EventSummary; key: number } | null {
  const [recent, setRecent] = useState<{ ev: EventSummary; key: number } | null>(null);
  const n = useRef(0);
  const any = ev.prunes + ev.inserts + ev.results + ev.invalidations > 0;
  useEffect(() => {
    if (!any) return;
    n.current += 1;
    setRecent({ ev, key: n.current });
    if (reducedMotion) return;
    const timer = setTimeout(() => setRecent(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [ev, any, reducedMotion]);
  return recent;
}

function Strip({ frame, reducedMotion }: { frame: Frame; reducedMotion?: boolean }) {
  const pal = usePalette();
  const [ref, width, scale] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layout = useMemo(() => layoutArena(frame.qcBlocks, Math.max(60, width - 2), frame.qcKind), [frame.qcBlocks, width, frame.qcKind]);
  const ev = useMemo(() => eventMarks(frame.events, layout, frame.qcKind), [frame.events, layout, frame.qcKind]);
  const recent = useRecentEvents(ev, reducedMotion === true);
  const height = layout.rows * (ROW_H + ROW_GAP);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || layout.rows === 0) return;
    const ctx = prepareCanvas(canvas, layout.width, height);
    if (!ctx) return;
    const fills = new Map<ArenaKind, CanvasPattern | string>();
    const fill = (k: ArenaKind) => {
      let f = fills.get(k);
      if (!f) fills.set(k, (f = pattern(ctx, pal, k)));
      return f;
    };
    for (let r = 0; r < layout.rows; r++) {
      ctx.fillStyle = pal.qc.free;
      ctx.fillRect(0, r * (ROW_H + ROW_GAP), layout.width, ROW_H);
    }
    for (const s of layout.segs) {
      const y = s.y * (ROW_H + ROW_GAP);
      if (s.kind === 'fragment') {
        // Free space (the row's pale fill), marked as a fragment: a thin dark edge at its
        // start and a dark top over its width, inside the row (above it, the first row's
        // was off the canvas). Filled dark, a 3 KiB fragment drawn 7 px wide read as used
        // memory and hid how much of the arena is free.
        ctx.fillStyle = pal.inkMuted;
        ctx.fillRect(s.x, y, Math.min(2, Math.max(1, s.width)), ROW_H);
        ctx.fillRect(s.x, y, Math.max(1, s.width), 3);
        continue;
      }
      if (s.kind === 'free') continue;
      ctx.fillStyle = fill(s.kind);
      ctx.fillRect(s.x, y, s.width, ROW_H);
      // block boundaries where there is room to see them
      if (s.first && layout.scale >= 2 && s.x > 0) {
        ctx.fillStyle = pal.background;
        ctx.fillRect(s.x, y, 1, ROW_H);
      }
    }
  }, [layout, height, pal, scale]);

  const sentence = arenaSentence(layout.stats, frame.qcKind, formatCount, formatBytes, frame.summary.counters.Qcache_free_memory);
  const marks = recent?.ev.marks ?? [];
  const e = recent?.ev;
  return (
    <div>
      <div ref={ref} style={{ width: '100%', position: 'relative' }}>
        {layout.rows === 0 ? (
          <p style={mutedStyle(pal)}>{sentence}</p>
        ) : (
          <>
            <canvas ref={canvasRef} role="img" aria-label={`Query cache memory: ${sentence}`} style={{ display: 'block', border: `1px solid ${pal.grid}`, boxSizing: 'content-box', paddingTop: 3 }} />
            <svg width={layout.width} height={height + 3} aria-hidden="true" style={{ position: 'absolute', left: 1, top: 1, pointerEvents: 'none' }}>
              {e && e.invalidations > 0 && (
                <rect
                  key={`inv-${recent?.key}`}
                  className={reducedMotion ? undefined : 'qc-flash'}
                  x={1}
                  y={2}
                  width={layout.width - 2}
                  height={height - 2}
                  fill="none"
                  stroke={pal.thread.sleeping}
                  strokeWidth={3}
                  strokeDasharray="8 4"
                />
              )}
              {marks.map((m, i) => (
                <g key={`${recent?.key}-${i}`} className={reducedMotion ? undefined : 'qc-flash'} transform={`translate(0, 3)`}>
                  <rect
                    x={m.x - 1}
                    y={m.y * (ROW_H + ROW_GAP) - 2}
                    width={m.width + 2}
                    height={ROW_H + 4}
                    fill="none"
                    stroke={m.kind === 'prune' ? pal.thread.sleeping : pal.split}
                    strokeWidth={2}
                    strokeDasharray={m.kind === 'prune' ? '3 2' : undefined}
                  />
                  {m.kind === 'prune' && (
                    <text x={m.x + m.width / 2} y={m.y * (ROW_H + ROW_GAP) + ROW_H - 4} textAnchor="middle" fontSize={11} fontWeight={700} fill={pal.ink} stroke={pal.background} strokeWidth={2.5} paintOrder="stroke">
                      ✕
                    </text>
                  )}
                </g>
              ))}
            </svg>
          </>
        )}
      </div>
      <p style={{ margin: '4px 0 0', fontSize: MIN_FONT + 1 }}>{sentence}</p>
      <p aria-live="off" style={{ margin: '2px 0 0', fontSize: MIN_FONT + 1, minHeight: '1.3em' }}>
        {e ? eventsSentence(e, frame.qcKind, formatCount) : '\u00a0'}
      </p>
    </div>
  );
}

function LockPanel({ frame }: { frame: Frame }) {
  const pal = usePalette();
  const m = lockModel(frame.qcLock, frame.qcKind, formatCount, frame.qcOff);
  const unused = m.holder === 'never taken';
  const rates = lockRates(frame.qcLock, frame.timeNs);
  const qcColor = pal.thread.qcLock;
  const cross = swatchStyle(pal, qcColor, true, true).background as string;
  return (
    <div aria-label="The query cache lock" role="group" style={{ marginTop: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <span
          style={{
            border: m.held ? `3px solid ${pal.ink}` : `1px dashed ${pal.grid}`,
            borderRadius: 6,
            padding: m.held ? '2px 8px' : '4px 10px',
            fontWeight: 600,
            fontSize: MIN_FONT + 2,
          }}
        >
          {frame.qcKind === 'mysql' ? 'lock: ' : ''}
          {m.holder}
        </span>
        {frame.qcKind === 'mysql' && !unused && (
          <span style={{ fontSize: MIN_FONT + 1 }}>
            {formatCount(m.waiting)} asleep in its queue{Number.isFinite(rates.acquisitions) ? ` · since the start, per second: ${formatSI(rates.acquisitions)} acquisitions · ${formatSI(rates.waits)} found it taken · ${formatSI(rates.timeouts)} gave up` : ''}
          </span>
        )}
      </div>
      {frame.qcKind === 'mysql' && m.waiting > 0 && (
        <div aria-hidden="true" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, margin: '4px 0', fontSize: MIN_FONT }}>
          <span style={{ marginRight: 3 }}>queue:</span>
          {Array.from({ length: m.queueDots }, (_, i) => (
            <span key={i} style={{ width: 7, height: 10, background: cross, border: `1px solid ${pal.grid}`, display: 'inline-block' }} />
          ))}
          {m.queueMore > 0 && <span style={{ marginLeft: 3 }}>+{formatCount(m.queueMore)}</span>}
        </div>
      )}
      <p style={{ ...mutedStyle(pal), margin: '2px 0 0' }}>{m.sentence}</p>
    </div>
  );
}

/** Said in the caption of a side that runs with the cache configured but switched off. */
export const QC_OFF_NOTE = 'query_cache_type = OFF: SELECTs neither look the cache up nor store results, and never take its lock; the memory (query_cache_size) is still set aside.';

/** The query cache strip and its lock for one simulation. */
export function QueryCacheView({ frame, label, reducedMotion }: QueryCacheViewProps) {
  const pal = usePalette();
  const c = frame.summary.counters;
  const hits = c.Qcache_hits ?? 0;
  const selects = (c.Com_select ?? 0) + hits;
  const mysql = frame.qcKind !== 'aurora';
  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle} data-align="caption">
        {qcCaption(label, frame.qcKind)}
        {frame.qcKind !== 'none' && (
          <span style={{ fontWeight: 400, color: pal.inkMuted }}>
            {' '}
            · hit ratio {selects > 0 ? formatPercent(hits / selects) : '–'} · {formatCount(c.Qcache_queries_in_cache)} in cache · {formatCount(c.Qcache_lowmem_prunes)} prunes
          </span>
        )}
        {/* in the caption, whose height the A/B sides share: the strips below stay level */}
        {frame.qcOff && frame.qcKind !== 'none' ? <span style={{ ...mutedStyle(pal), display: 'block', fontWeight: 400 }}>{QC_OFF_NOTE}</span> : null}
      </figcaption>
      {frame.qcKind === 'none' ? (
        <p style={mutedStyle(pal)}>This scenario has no query cache (server.query_cache is none).</p>
      ) : (
        <>
          <div data-align="strip-head" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, ...mutedStyle(pal) }}>
            <span>{frame.qcKind === 'aurora' ? 'entries, oldest first, then unused space' : 'the arena in address order'}</span>
            <span style={{ whiteSpace: 'nowrap' }}>wraps every row →</span>
          </div>
          <Strip frame={frame} reducedMotion={reducedMotion} />
          <LockPanel frame={frame} />
        </>
      )}
      {frame.qcKind !== 'none' && <ul style={legendStyle(pal)} aria-label="Legend">
        {mysql && (
          <li>
            <span style={swatch(pal, 'query')} />
            query block
          </li>
        )}
        <li>
          <span style={swatch(pal, 'result')} />
          {mysql ? 'result (hatched)' : 'cached result (hatched)'}
        </li>
        {mysql && (
          <li>
            <span style={swatch(pal, 'table')} />
            table block (dotted)
          </li>
        )}
        <li>
          <span style={swatch(pal, 'free')} />
          {mysql ? 'free' : 'unused'}
        </li>
        {mysql && (
          <li>
            <span style={swatch(pal, 'fragment')} />
            fragment: free block under 4 KiB (pale, dark edge and top)
          </li>
        )}
        {/* The marks as the strip draws them: colour and outline, not words alone. A cache
            switched off stores, prunes and locks nothing: its keys would explain nothing. */}
        {mysql && !frame.qcOff && (
          <>
            <li>
              <span style={{ ...markSwatch, border: `2px dashed ${pal.thread.sleeping}` }}>✕</span>
              pruned
            </li>
            <li>
              <span style={{ ...markSwatch, border: `2px solid ${pal.split}` }} />
              just stored
            </li>
            <li>
              <span style={swatchStyle(pal, pal.thread.qcLock, true, true)} />
              one thread waiting for the query cache lock
            </li>
          </>
        )}
      </ul>}
    </figure>
  );
}
