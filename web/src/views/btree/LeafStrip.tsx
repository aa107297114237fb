// The leaf level as a dense canvas strip: one column per leaf (or per pixel when leaves
// outnumber pixels) coloured by fill, rows marking pool residency, dirtiness and (once the
// AHI is at work) pages hashed by the AHI, split markers with a short flash in slow
// motion. Brush or click to zoom, click a leaf to open it.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { usePalette } from '../../ui/theme';
import { fillLut } from '../../charts/common/colors';
import { formatCount, formatPercent } from '../../charts/common/format';
import { localPoint, prepareCanvas } from '../../charts/common/hooks';
import { MIN_FONT } from '../../charts/common/styles';
import type { LeafRange } from './layout';
import { binLeaves, columnAtX, leafAtX, recentSplits, stripRows, type StripColumns } from './strip';
import { useSplitFlash } from './splitFlash';

/** A touch screen (no mouse): its readers tap (the hint said "click" on a phone). */
const TOUCH = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches && !matchMedia('(any-pointer: fine)').matches;

export interface LeafStripProps {
  fill: Uint8Array;
  state: Uint8Array;
  range: LeafRange;
  width: number;
  /** Device px per CSS px (useWidth): the strip redraws sharp when it changes. */
  scale?: number;
  reducedMotion: boolean;
  selected: number | null;
  /** Draw the 4th row: pages hashed by the adaptive hash index (teal). */
  hashedRow?: boolean;
  /** A dragged span of leaves. */
  onBrush(range: LeafRange): void;
  /** A click on `leaf`; `dense` when the column holds several leaves or is too thin to aim at. */
  onPick(leaf: number, dense: boolean): void;
}

const KEYS_HINT = '← and → move along the strip; Enter zooms in, or opens the page when it is one.';
const MIN_AIM_PX = 6; // narrower columns are zoomed into rather than opened

function describe(c: StripColumns, col: number): string {
  const a = c.firstLeaf[col];
  const n = col + 1 < c.columns ? c.firstLeaf[col + 1] - a : Math.round(c.leavesPerColumn);
  if (n <= 1) {
    const flags = [c.resident[col] ? 'in the buffer pool' : 'on disk only', c.dirty[col] ? 'dirty' : '', c.hashed[col] ? 'hashed by the AHI' : ''];
    if (c.split[col]) flags.push('changed by a split since the frame before');
    // Whole percent: the strip keeps fill in 1/255 steps (93.7% here, 93.6% in the leaf's records panel).
    return `leaf #${formatCount(a)} · fill ${Math.round(c.meanFill[col] * 100)}% · ${flags.filter(Boolean).join(' · ')}`;
  }
  return (
    `leaves #${formatCount(a)}–${formatCount(a + n - 1)} · mean fill ${formatPercent(c.meanFill[col])}, ` +
    `max ${formatPercent(c.maxFill[col])} · ${formatPercent(c.resident[col])} in pool, ${formatPercent(c.dirty[col])} dirty` +
    (c.hashed[col] ? `, ${formatPercent(c.hashed[col])} hashed by the AHI` : '')
  );
}

/** Canvas strip of leaf pages with brushing, picking and keyboard navigation. */
export function LeafStrip(p: LeafStripProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pal = usePalette();
  const cols = useMemo(() => binLeaves(p.fill, p.state, p.range, p.width), [p.fill, p.state, p.range, p.width]);
  const [hover, setHover] = useState<number>(-1);
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const drag = useRef<{ x0: number; moved: boolean } | null>(null);
  const splits = useMemo(() => recentSplits(p.state), [p.state]);
  const flashes = useSplitFlash(splits, p.reducedMotion);
  const rows = stripRows(p.hashedRow === true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ctx = prepareCanvas(canvas, p.width, rows.height);
    if (!ctx) return;
    const lut = fillLut(pal);
    const { split, fill: fr, resident: rr, dirty: dr, hashed: hr } = rows;
    const gap = cols.colWidth >= 4 ? 1 : 0;
    for (let c = 0; c < cols.columns; c++) {
      const x = c * cols.colWidth;
      const w = Math.max(1, cols.colWidth - gap);
      ctx.fillStyle = lut[Math.round(cols.meanFill[c] * 255)];
      ctx.fillRect(x, fr.y, w, fr.h);
      ctx.fillStyle = pal.frame.free;
      ctx.fillRect(x, rr.y, w, rr.h);
      ctx.fillRect(x, dr.y, w, dr.h);
      // shares shown as opacity, with a floor so a single page in a column stays visible
      if (cols.resident[c] > 0) {
        ctx.globalAlpha = 0.35 + 0.65 * cols.resident[c];
        ctx.fillStyle = pal.frame.clean;
        ctx.fillRect(x, rr.y, w, rr.h);
      }
      if (cols.dirty[c] > 0) {
        ctx.globalAlpha = 0.35 + 0.65 * cols.dirty[c];
        ctx.fillStyle = pal.frame.dirty;
        ctx.fillRect(x, dr.y, w, dr.h);
      }
      if (hr) {
        ctx.globalAlpha = 1;
        ctx.fillStyle = pal.frame.free;
        ctx.fillRect(x, hr.y, w, hr.h);
        if (cols.hashed[c] > 0) {
          ctx.globalAlpha = 0.35 + 0.65 * cols.hashed[c];
          ctx.fillStyle = pal.ahi.hashed;
          ctx.fillRect(x, hr.y, w, hr.h);
        }
      }
      ctx.globalAlpha = 1;
      if (cols.split[c]) {
        const cx = x + cols.colWidth / 2;
        ctx.fillStyle = pal.ink;
        ctx.beginPath();
        ctx.moveTo(cx - 4, split.y);
        ctx.lineTo(cx + 4, split.y);
        ctx.lineTo(cx, split.y + split.h);
        ctx.fill();
      }
    }
    const leafX = (leaf: number) => ((leaf - p.range.lo) / Math.max(1, p.range.hi - p.range.lo)) * p.width;
    for (const [leaf, alpha] of flashes) {
      if (leaf < p.range.lo || leaf >= p.range.hi) continue;
      const w = Math.max(6, cols.colWidth);
      ctx.globalAlpha = alpha;
      ctx.strokeStyle = pal.split;
      ctx.lineWidth = 3;
      ctx.strokeRect(leafX(leaf) + cols.colWidth / 2 - w / 2, fr.y + 1.5, w, fr.h - 3);
      ctx.globalAlpha = 1;
    }
    if (p.selected !== null && p.selected >= p.range.lo && p.selected < p.range.hi) {
      ctx.strokeStyle = pal.ink;
      ctx.lineWidth = 2;
      const last = hr ?? dr;
      ctx.strokeRect(leafX(p.selected) + 1, fr.y + 1, Math.max(2, cols.colWidth - 2), last.y + last.h - fr.y - 2);
    }
    if (hover >= 0 && hover < cols.columns) {
      ctx.strokeStyle = pal.inkMuted;
      ctx.lineWidth = 1;
      ctx.strokeRect(hover * cols.colWidth + 0.5, fr.y + 0.5, Math.max(1, cols.colWidth - 1), fr.h - 1);
    }
    if (brush) {
      ctx.fillStyle = pal.ink;
      ctx.globalAlpha = 0.18;
      ctx.fillRect(Math.min(...brush), 0, Math.abs(brush[1] - brush[0]), rows.height);
      ctx.globalAlpha = 1;
    }
  }, [cols, rows, p.width, p.scale, p.range, p.selected, hover, brush, flashes, pal]);

  const localX = (e: PointerEvent<HTMLCanvasElement>) => localPoint(e, e.currentTarget).x;
  const pick = (col: number) => {
    if (col < 0) return;
    const leaf = cols.firstLeaf[col];
    p.onPick(leaf, cols.leavesPerColumn > 1 || cols.colWidth < MIN_AIM_PX);
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step) {
      setHover((h) => Math.max(0, Math.min(cols.columns - 1, (h < 0 ? 0 : h) + step)));
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      pick(hover < 0 ? 0 : hover);
      e.preventDefault();
    }
  };

  // What a screen reader hears of the column reached: read when the reader moves to it,
  // not again on every frame as its pages fill (a live line re-read ~20 times a second).
  const [said, setSaid] = useState('');
  const latest = useRef({ cols, hover });
  latest.current = { cols, hover };
  useEffect(() => {
    const { cols: c, hover: h } = latest.current;
    setSaid(h >= 0 && h < c.columns ? describe(c, h) : '');
  }, [hover]);

  // Reached by the keyboard (Tab), the strip says what its keys do: the hint spoke of the
  // pointer only. A click gives it focus too, and keeps the pointer's hint.
  const [focused, setFocused] = useState(false);
  const nLeaves = p.range.hi - p.range.lo;
  return (
    <div>
      <canvas
        ref={canvasRef}
        tabIndex={0}
        // Arrow keys move along it and Enter acts, as on a slider: announced as one.
        role="slider"
        aria-roledescription="leaf strip"
        aria-valuemin={0}
        aria-valuemax={Math.max(0, cols.columns - 1)}
        aria-valuenow={Math.max(0, hover)}
        aria-valuetext={said || 'no column chosen'}
        aria-label={`${p.range.hi - p.range.lo === 1 ? `Leaf page ${formatCount(p.range.lo)}` : `Leaf pages ${formatCount(p.range.lo)} to ${formatCount(p.range.hi - 1)}`} (${formatCount(nLeaves)} ${nLeaves === 1 ? 'page' : 'pages'}), coloured by fill${p.hashedRow ? '; a 4th row marks pages hashed by the adaptive hash index' : ''}. Arrow keys move, Enter zooms or opens a page.`}
        style={{ display: 'block', cursor: 'crosshair', touchAction: 'none' }}
        onPointerDown={(e) => {
          // A pointer on a strip the keyboard reached: its hint again.
          setFocused(false);
          drag.current = { x0: localX(e), moved: false };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const x = localX(e);
          setHover(columnAtX(x, cols));
          const d = drag.current;
          if (d && (d.moved || Math.abs(x - d.x0) > 4)) {
            d.moved = true;
            setBrush([d.x0, Math.max(0, Math.min(p.width, x))]);
          }
        }}
        onPointerUp={(e) => {
          const d = drag.current;
          drag.current = null;
          setBrush(null);
          if (!d) return;
          const x = localX(e);
          if (d.moved) {
            const lo = leafAtX(Math.min(d.x0, x), p.range, p.width);
            const hi = leafAtX(Math.max(d.x0, x), p.range, p.width) + 1;
            p.onBrush({ lo, hi });
          } else pick(columnAtX(x, cols));
        }}
        onPointerLeave={() => setHover(-1)}
        onKeyDown={onKey}
        onFocus={(e) => setFocused(e.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFocused(false)}
      />
      {/* The pointer's line (a hint, or the page under it) is not exported: in an image,
          "Drag across the strip to zoom" asks for what cannot be done. */}
      <p data-no-export style={{ margin: '2px 0 0', fontSize: MIN_FONT + 1, minHeight: '1.4em', overflowWrap: 'anywhere' }}>
        {hover >= 0 && hover < cols.columns ? describe(cols, hover) : focused ? KEYS_HINT : `Drag across the strip to zoom; ${TOUCH ? 'tap' : 'click'} a page to see its records.`}
      </p>
    </div>
  );
}
