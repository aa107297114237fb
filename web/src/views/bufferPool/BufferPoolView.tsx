// The buffer pool as a canvas grid of frames in LRU order (young, then old, then free):
// free/clean/dirty colours, lighter tint for the old sublist, the midpoint as a line.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Frame } from '../../engine/frames';
import type { Palette } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { rgbOf } from '../../charts/common/colors';
import { formatCount, formatPercent } from '../../charts/common/format';
import { localPoint, prepareCanvas, useWidth } from '../../charts/common/hooks';
import { captionStyle, figureStyle, legendStyle, mutedStyle, swatchStyle } from '../../charts/common/styles';
import { cellOrigin, frameRole, midpointLine, midpointText, poolCounts, poolGrid, type PoolGrid } from './layout';

export interface BufferPoolViewProps {
  frame: Frame;
  /** Tallest the grid may get, in px (default 320); cells shrink to fit. */
  maxHeight?: number;
  /** Side label, e.g. "A: sequential" (shown in the caption). */
  label?: string;
  /** Accepted for symmetry with the other views; the grid has no animation. */
  reducedMotion?: boolean;
}

/** Paint every frame; 1 px per frame into an offscreen image when cells are tiny. */
function paintCells(ctx: CanvasRenderingContext2D, pool: Uint8Array, g: PoolGrid, pal: Palette) {
  if (g.cell >= 4) {
    const inner = g.cell - g.gap;
    for (let i = 0; i < pool.length; i++) {
      const [x, y] = cellOrigin(i, g);
      ctx.fillStyle = pal.frame[frameRole(pool[i])];
      ctx.fillRect(x, y, inner, inner);
      if (g.cell >= 8 && (pool[i] & 3) === 2) {
        // dirty frames also carry a dot, so colour is not the only signal
        ctx.fillStyle = pal.ink;
        ctx.fillRect(x + inner / 2 - 1, y + inner / 2 - 1, 2, 2);
      }
    }
    return;
  }
  const off = document.createElement('canvas');
  off.width = g.cols;
  off.height = g.rows;
  const octx = off.getContext('2d');
  if (!octx) return;
  const img = octx.createImageData(g.cols, g.rows);
  const lut = new Map<string, [number, number, number]>();
  for (let i = 0; i < pool.length; i++) {
    const role = frameRole(pool[i]);
    let c = lut.get(role);
    if (!c) {
      c = rgbOf(pal.frame[role]);
      lut.set(role, c);
    }
    const o = i * 4;
    img.data[o] = c[0];
    img.data[o + 1] = c[1];
    img.data[o + 2] = c[2];
    img.data[o + 3] = 255;
  }
  octx.putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(off, 0, 0, g.cols * g.cell, g.rows * g.cell);
}

/** Buffer pool frames grid with counts and legend. */
export function BufferPoolView({ frame, maxHeight = 320, label }: BufferPoolViewProps) {
  const [ref, width, scale] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pal = usePalette();
  const pool = frame.pool;
  const counts = useMemo(() => poolCounts(pool), [pool]);
  const grid = useMemo(() => poolGrid(pool.length, width, maxHeight), [pool.length, width, maxHeight]);
  const [hover, setHover] = useState(-1);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || grid.cols === 0) return;
    const ctx = prepareCanvas(canvas, grid.width, grid.height);
    if (!ctx) return;
    paintCells(ctx, pool, grid, pal);
    const pts = midpointLine(counts.midpoint, grid);
    if (pts.length) {
      ctx.lineJoin = 'miter';
      for (const [color, w] of [
        [pal.background, 5],
        [pal.frame.midpoint, 2.5],
      ] as const) {
        ctx.strokeStyle = color;
        ctx.lineWidth = w;
        ctx.beginPath();
        pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        ctx.stroke();
      }
    }
  }, [pool, grid, counts.midpoint, pal, scale]);

  const describe = (i: number) => {
    const b = pool[i];
    const kind = ['free', 'clean', 'dirty', '?'][b & 3];
    if (kind === 'free') return `frame #${formatCount(i)}: free`;
    const idx = (b >> 3) - 1;
    const where = counts.midpoint >= 0 && i >= counts.midpoint ? 'old sublist' : 'young sublist';
    const of = idx >= 0 ? ` · ${frame.indexes.find((x) => x.id === idx)?.name ?? 'index ' + idx}` : '';
    return `frame #${formatCount(i)} (LRU position): ${kind} · ${where}${of}`;
  };
  const lru = counts.young + counts.old;
  const aria =
    `Buffer pool, ${formatCount(counts.total)} frames: ${formatCount(counts.free)} free, ${formatCount(counts.clean)} clean, ` +
    `${formatCount(counts.dirty)} dirty; LRU list ${formatCount(counts.young)} young and ${formatCount(counts.old)} old` +
    (counts.midpoint >= 0 ? `, midpoint at position ${formatCount(counts.midpoint)}.` : ', no old sublist yet.');

  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle} data-align="caption">
        {label ? `${label} · ` : ''}Buffer pool: {formatCount(counts.total)} frames
      </figcaption>
      <p style={mutedStyle(pal)} data-align="stats">
        {formatCount(counts.free)} free · {formatCount(counts.clean)} clean · {formatCount(counts.dirty)} dirty ·{' '}
        young {formatCount(counts.young)} / old {formatCount(counts.old)}
        {lru > 0 && ` (${formatPercent(counts.old / lru)} old)`}
      </p>
      <div ref={ref} style={{ width: '100%' }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={aria}
          style={{ display: 'block' }}
          onPointerMove={(e) => {
            const pt = localPoint(e, e.currentTarget);
            const c = Math.floor(pt.x / grid.cell);
            const row = Math.floor(pt.y / grid.cell);
            const i = row * grid.cols + c;
            setHover(c >= 0 && c < grid.cols && i >= 0 && i < pool.length ? i : -1);
          }}
          onPointerLeave={() => setHover(-1)}
        />
      </div>
      <p style={{ ...mutedStyle(pal), minHeight: '1.4em', color: undefined }} aria-live="polite">
        {hover >= 0 ? describe(hover) : 'LRU order: head (most recently made young) top left, then the old sublist, then free frames.'}
      </p>
      <ul style={legendStyle(pal)} aria-label="Legend">
        <li><span style={swatchStyle(pal, pal.frame.free)} />free</li>
        <li><span style={swatchStyle(pal, pal.frame.clean)} />clean</li>
        <li><span style={swatchStyle(pal, pal.frame.dirty)} />dirty (•)</li>
        <li><span style={swatchStyle(pal, pal.frame.cleanOld)} /><span style={swatchStyle(pal, pal.frame.dirtyOld)} />old sublist (lighter)</li>
        <li>
          <svg width={22} height={12} aria-hidden="true" style={{ marginRight: 5, verticalAlign: '-1px' }}>
            <line x1={0} x2={22} y1={6} y2={6} stroke={pal.frame.midpoint} strokeWidth={2.5} />
          </svg>
          midpoint{midpointText(counts.midpoint, counts.total, formatCount)}
        </li>
      </ul>
    </figure>
  );
}
