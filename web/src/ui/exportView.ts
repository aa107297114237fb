// Exports from an experiment panel: a view (any section of the panel: SVG charts,
// canvas strips, tables, text) as one standalone SVG or a PNG, the metric series as CSV,
// and downloads. The SVG keeps the on-screen layout: every drawable is placed where it
// is on the page (SVGs copied with their computed styles, canvases as images, text and
// table cells as <text>), so A|B stay side by side.

import { gradientSvg, parseLayers } from './exportGradients';
import type { SeriesData } from './seriesData';

/** Computed style properties copied onto an exported SVG's elements. */
const SVG_PROPS = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin',
  'opacity', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'visibility', 'display',
] as const;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Copies the computed styles as presentation attributes (fill="…"), not a style
 * attribute: the site's Content-Security-Policy refuses inline style attributes, and an
 * exported file must not depend on the site's stylesheet or CSS variables.
 */
function inlineStyles(src: Element, dst: Element): void {
  const cs = getComputedStyle(src);
  for (const p of SVG_PROPS) {
    const v = cs.getPropertyValue(p);
    if (v) dst.setAttribute(p, v);
  }
  dst.removeAttribute('class');
  dst.removeAttribute('style'); // its effect is in the computed values just copied
  for (let i = 0; i < src.children.length; i++) {
    const d = dst.children[i];
    if (d) inlineStyles(src.children[i], d);
  }
}

/** True for controls and what is inside them (icons in buttons, a sweep's Run and progress row: `data-no-export`), which are not part of a view. */
function inControl(el: Element): boolean {
  return el.closest('button, select, label, summary, progress, [data-no-export]') !== null;
}

/**
 * A text node as the lines it is drawn in: each run of words that share a line box, with
 * where that line starts (a wrapped caption becomes several lines, and the text after an
 * inline child starts where it is drawn, not at its parent's left edge).
 */
function textLines(node: Text, origin: DOMRect): { x: number; y: number; text: string }[] {
  const raw = node.textContent ?? '';
  if (!raw.trim()) return [];
  const range = document.createRange();
  const lines: { x: number; y: number; text: string }[] = [];
  const re = /\S+\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw)) !== null) {
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].trimEnd().length);
    const r = range.getClientRects()[0];
    if (!r) continue;
    const y = r.top - origin.top;
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - y) < r.height / 2) last.text += m[0];
    else lines.push({ x: r.left - origin.left, y, text: m[0] });
  }
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() }));
}

/** A box the page paints (a legend swatch, a queue glyph, a coloured cell): its fill, any
 *  gradient layers over it (hatching, dots, a ramp), then its border. `id` names the
 *  gradients' paint servers, unique in the file. */
function boxElement(el: Element, r: { x: number; y: number; w: number; h: number }, id: string): string | null {
  const cs = getComputedStyle(el);
  const bg = cs.backgroundColor;
  const bw = parseFloat(cs.borderTopWidth) || 0;
  const hasBg = bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg);
  const layers = cs.backgroundImage && cs.backgroundImage !== 'none' ? parseLayers(cs.backgroundImage, cs.backgroundSize) : [];
  // a full box only (a rule above or below a row is not a swatch's outline)
  const drawn = (side: string) => (parseFloat(cs.getPropertyValue(`border-${side}-width`)) || 0) > 0 && !['none', 'hidden'].includes(cs.getPropertyValue(`border-${side}-style`));
  const hasBorder = ['top', 'right', 'bottom', 'left'].every(drawn);
  if ((!hasBg && !hasBorder && layers.length === 0) || r.w < 1 || r.h < 1) return null;
  const rect = (fill: string, stroke: string) =>
    `<rect x="${r.x.toFixed(1)}" y="${r.y.toFixed(1)}" width="${r.w.toFixed(1)}" height="${r.h.toFixed(1)}" rx="${parseFloat(cs.borderTopLeftRadius) || 0}" fill="${fill}"${stroke}/>`;
  const stroke = hasBorder ? ` stroke="${esc(cs.borderTopColor)}" stroke-width="${bw}"` : '';
  if (layers.length === 0) return rect(hasBg ? esc(bg) : 'none', stroke);
  const g = gradientSvg(layers, r, id);
  return `${hasBg ? rect(esc(bg), '') : ''}<defs>${g.defs}</defs>${g.shapes}${hasBorder ? rect('none', stroke) : ''}`;
}

function textElement(el: Element, x: number, y: number, text: string): string {
  const cs = getComputedStyle(el);
  const size = parseFloat(cs.fontSize) || 14;
  return `<text x="${x.toFixed(1)}" y="${(y + size).toFixed(1)}" fill="${esc(cs.color)}" font-family="${esc(cs.fontFamily)}" font-size="${size}" font-weight="${esc(cs.fontWeight)}" xml:space="preserve">${esc(text)}</text>`;
}

/**
 * Text kept for screen readers only, however it is hidden: a 1 px clipped box (the
 * counters' descriptions; laid out at the box's width, their text lines were drawn one
 * word per line over the counter names).
 */
function screenReaderOnly(el: Element, style: CSSStyleDeclaration): boolean {
  if (style.position !== 'absolute' || style.overflow !== 'hidden') return false;
  const r = el.getBoundingClientRect();
  return r.width <= 1 && r.height <= 1;
}

/**
 * The part of an inline <svg> (`w` × `h` CSS px) that the page shows: its box, grown to
 * its content's bounds when it overflows visibly; in its own user units, which are CSS px
 * when it has no viewBox (one with a viewBox keeps its box).
 */
function overflowBox(el: SVGSVGElement, w: number, h: number): { x: number; y: number; w: number; h: number } {
  const own = { x: 0, y: 0, w, h };
  if (el.hasAttribute('viewBox') || getComputedStyle(el).overflow !== 'visible') return own;
  let b: DOMRect;
  try {
    b = el.getBBox();
  } catch {
    return own;
  }
  const x0 = Math.min(0, Math.floor(b.x - 2));
  const y0 = Math.min(0, Math.floor(b.y - 2));
  const x1 = Math.max(w, Math.ceil(b.x + b.width + 2));
  const y1 = Math.max(h, Math.ceil(b.y + b.height + 2));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Room under an exported view for its caption line (CSS px). */
const CAPTION_PX = 24;

/** Blank margin around an exported view (CSS px): a chart's title and legend began at
 *  the image's very edge. */
export const EXPORT_MARGIN_PX = 8;

/**
 * One section of the panel as a standalone SVG document (width and height in CSS px),
 * with `caption` (which run, at what time) on a line under it: an image pasted into
 * slides otherwise said neither.
 */
export function sectionToSvg(section: HTMLElement, caption?: string): { svg: string; width: number; height: number } {
  // What an export leaves out (`data-no-export`: the strip's pointer hint, a sweep's Run
  // row) gives up its room too, as if it were not there (a B+tree image kept a blank line
  // above its legend): hidden while the section is drawn. The drawing is synchronous, so
  // the page never paints without them.
  const left = [...section.querySelectorAll<HTMLElement>('[data-no-export]')];
  const display = left.map((el) => el.style.display);
  for (const el of left) el.style.display = 'none';
  try {
    return drawSection(section, caption);
  } finally {
    left.forEach((el, i) => (el.style.display = display[i]));
  }
}

function drawSection(section: HTMLElement, caption?: string): { svg: string; width: number; height: number } {
  const box = section.getBoundingClientRect();
  const width = Math.ceil(box.width);
  const viewHeight = Math.ceil(box.height);
  const height = viewHeight + (caption ? CAPTION_PX : 0);
  const cs = getComputedStyle(document.body);
  const bg = cs.backgroundColor && cs.backgroundColor !== 'rgba(0, 0, 0, 0)' ? cs.backgroundColor : '#ffffff';
  const inert = document.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null);
  const m = EXPORT_MARGIN_PX;
  const parts: string[] = [`<rect x="${-m}" y="${-m}" width="${width + 2 * m}" height="${height + 2 * m}" fill="${esc(bg)}"/>`];
  const at = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height };
  };
  let boxes = 0;
  const walk = (el: Element) => {
    if (inControl(el)) return;
    const tag = el.tagName.toLowerCase();
    if (tag === 'svg') {
      const r = at(el);
      if (r.w < 1 || r.h < 1) return;
      // Cloned into an inert XML document: attributes copied there are not applied
      // to this page (no style parsing under the page's Content-Security-Policy).
      const clone = inert.importNode(el, true) as SVGSVGElement;
      inlineStyles(el, clone);
      // Content drawn past the box on the page (overflow: visible, as the redo ring's mark
      // labels) is kept: the box grows to it (its labels were cut to "asyn", "lim").
      const o = overflowBox(el as SVGSVGElement, r.w, r.h);
      clone.setAttribute('x', (r.x + o.x).toFixed(1));
      clone.setAttribute('y', (r.y + o.y).toFixed(1));
      clone.setAttribute('width', o.w.toFixed(1));
      clone.setAttribute('height', o.h.toFixed(1));
      if (o.x < 0 || o.y < 0 || o.w > r.w || o.h > r.h) clone.setAttribute('viewBox', `${o.x.toFixed(1)} ${o.y.toFixed(1)} ${o.w.toFixed(1)} ${o.h.toFixed(1)}`);
      clone.removeAttribute('role');
      parts.push(new XMLSerializer().serializeToString(clone));
      return;
    }
    if (tag === 'canvas') {
      const r = at(el);
      if (r.w < 1 || r.h < 1) return;
      let href = '';
      try {
        href = (el as HTMLCanvasElement).toDataURL('image/png');
      } catch {
        return; // a canvas that cannot be read is left out
      }
      parts.push(`<image x="${r.x.toFixed(1)}" y="${r.y.toFixed(1)}" width="${r.w.toFixed(1)}" height="${r.h.toFixed(1)}" href="${href}"/>`);
      return;
    }
    if (tag === 'pre') {
      const r = at(el);
      const pcs = getComputedStyle(el);
      const lh = parseFloat(pcs.lineHeight) || (parseFloat(pcs.fontSize) || 13) * 1.3;
      (el.textContent ?? '').split('\n').forEach((line, i) => {
        if (line.trim()) parts.push(textElement(el, r.x + 4, r.y + 4 + i * lh, line));
      });
      return;
    }
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || el.classList.contains('visually-hidden') || screenReaderOnly(el, style)) return;
    const painted = boxElement(el, at(el), `bg${++boxes}`);
    if (painted) parts.push(painted);
    // Text nodes where they are drawn, line by line; elements in document order.
    for (const n of el.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) {
        for (const l of textLines(n as Text, box)) parts.push(textElement(el, l.x, l.y, l.text));
      } else if (n.nodeType === Node.ELEMENT_NODE) walk(n as Element);
    }
  };
  for (const c of section.children) walk(c);
  if (caption) {
    // The view's own ink, resolved (a theme's custom property may be light-dark(…)).
    const ink = getComputedStyle(section).color || '#222222';
    parts.push(`<text x="0" y="${viewHeight + CAPTION_PX - 7}" font-family="system-ui, sans-serif" font-size="12" fill="${esc(ink)}" opacity="0.75">${esc(caption)}</text>`);
  }
  // The view's own coordinates, with the margin around them.
  const [w, h] = [width + 2 * m, height + 2 * m];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${-m} ${-m} ${w} ${h}">${parts.join('')}</svg>`;
  return { svg, width: w, height: h };
}

/** Rasterizes an SVG document (2× for sharp projection and print). */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/**
 * The metric series as CSV: the engine's columns (as `innodb-sim run --csv` prints them);
 * with two runs, a leading `run` column holds each row's label.
 */
/** Significant digits a CSV cell keeps (a value's whole part is never cut). */
export const CSV_DIGITS = 6;

/**
 * A series value as a CSV cell: rounded to {@link CSV_DIGITS} digits with trailing zeros
 * dropped (MB columns are byte counts over 2^20 and would print 16 decimals); whole
 * numbers print as they are, and NaN (no sample: a hit ratio with no lookups) as an
 * empty cell, which a spreadsheet reads as missing ("NaN" it read as text).
 */
export function csvNumber(v: number): string {
  if (!Number.isFinite(v)) return '';
  if (Number.isInteger(v)) return String(v);
  const a = Math.abs(v);
  const whole = a < 1 ? 0 : String(Math.trunc(a)).length;
  const fixed = a.toFixed(Math.max(0, CSV_DIGITS - whole));
  const s = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return v < 0 && s !== '0' ? `-${s}` : s;
}

export function seriesCsv(series: SeriesData[], labels: string[]): string {
  const withRun = series.length > 1;
  const columns = series.find((s) => s.columns.length)?.columns ?? [];
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [(withRun ? ['run', ...columns] : columns).join(',')];
  series.forEach((s, i) => {
    for (const row of s.rows) lines.push((withRun ? [quote(labels[i] ?? String(i)), ...row.map(csvNumber)] : row.map(csvNumber)).join(','));
  });
  return `${lines.join('\n')}\n`;
}

/** A file name part from a title: "Sequential vs random PK" -> "sequential-vs-random-pk". */
export function slug(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'export';
}

/** Saves a blob under `name` through a temporary link. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.className = 'visually-hidden';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
