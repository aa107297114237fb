// CSS gradient backgrounds (hatched legend swatches, dotted and barred glyphs, a colour
// ramp) as SVG paint for an exported view: a repeating-linear-gradient becomes an SVG
// linearGradient with spreadMethod="repeat", a linear-gradient a plain one, a tiled
// radial-gradient (dots) a pattern of circles. The export read only background-color,
// and a hatched swatch came out as an empty box. Pure: it works on computed style text.

/** One colour stop: a colour and its position along the gradient, if given. */
export interface Stop {
  color: string;
  px?: number;
  pct?: number;
}

export interface GradientLayer {
  kind: 'linear' | 'repeating-linear' | 'radial';
  /** CSS angle: 0deg points up, 90deg right (linear kinds). */
  angleDeg: number;
  stops: Stop[];
  /** The layer's tile (background-size in px), when not the whole box. */
  tile?: { w: number; h: number };
}

/** Splits at `sep` outside parentheses. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const SIDES: Record<string, number> = { 'to top': 0, 'to right': 90, 'to bottom': 180, 'to left': 270 };

function parseStop(text: string): Stop | null {
  const m = /^((?:rgba?|hsla?)\([^)]*\)|#[0-9a-f]{3,8}|[a-z]+)\s*(.*)$/i.exec(text.trim());
  if (!m) return null;
  const stop: Stop = { color: m[1] };
  const pos = m[2].trim();
  if (pos.endsWith('px')) stop.px = parseFloat(pos);
  else if (pos.endsWith('%')) stop.pct = parseFloat(pos);
  else if (pos === '0') stop.px = 0;
  return stop;
}

/** The gradient layers of a computed `background-image` (top layer first), with each
 *  one's tile from `background-size`; "none" and other images are skipped. */
export function parseLayers(backgroundImage: string, backgroundSize = ''): GradientLayer[] {
  const sizes = splitTopLevel(backgroundSize);
  const out: GradientLayer[] = [];
  splitTopLevel(backgroundImage).forEach((img, i) => {
    const m = /^(repeating-linear|linear|radial)-gradient\((.*)\)$/s.exec(img.trim());
    if (!m) return;
    const kind = m[1] as GradientLayer['kind'];
    const args = splitTopLevel(m[2]);
    let angleDeg = 180;
    if (kind !== 'radial' && args.length) {
      const a = args[0].trim();
      const deg = /^(-?[\d.]+)deg$/.exec(a);
      if (deg) angleDeg = parseFloat(deg[1]);
      else if (a in SIDES) angleDeg = SIDES[a];
      if (deg || a in SIDES) args.shift();
    } else if (kind === 'radial' && args.length && !parseStop(args[0])?.color.match(/^(rgb|hsl|#)/)) {
      args.shift(); // a shape or position ("circle at center"): taken as the default
    }
    const stops = args.map(parseStop).filter((s): s is Stop => s !== null);
    if (stops.length < 2) return;
    const size = /^([\d.]+)px\s+([\d.]+)px$/.exec(sizes[i] ?? '');
    out.push({ kind, angleDeg, stops, ...(size ? { tile: { w: parseFloat(size[1]), h: parseFloat(size[2]) } } : {}) });
  });
  return out;
}

/** Stop positions in px along a gradient `length` px long, fixed up as CSS does: the first
 *  defaults to 0, the last to the end, a missing one between two halfway-spaced, and none
 *  before the one ahead of it. */
export function stopPositions(stops: Stop[], length: number): number[] {
  const pos: (number | undefined)[] = stops.map((s) => (s.px !== undefined ? s.px : s.pct !== undefined ? (s.pct / 100) * length : undefined));
  if (pos[0] === undefined) pos[0] = 0;
  if (pos[pos.length - 1] === undefined) pos[pos.length - 1] = length;
  let max = -Infinity;
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] !== undefined) {
      pos[i] = Math.max(pos[i]!, max);
      max = pos[i]!;
    }
  }
  for (let i = 1; i < pos.length; i++) {
    if (pos[i] !== undefined) continue;
    let j = i;
    while (pos[j] === undefined) j++;
    const a = pos[i - 1]!;
    const b = pos[j]!;
    for (let k = i; k < j; k++) pos[k] = a + ((b - a) * (k - i + 1)) / (j - i + 1);
  }
  return pos as number[];
}

/** `rgba(r, g, b, a)` as an SVG colour and opacity (SVG 1.1 readers take no alpha in a colour). */
export function svgColor(c: string): { color: string; opacity: number } {
  const m = /^rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/.exec(c);
  if (m) return { color: `rgb(${m[1]}, ${m[2]}, ${m[3]})`, opacity: parseFloat(m[4]) };
  return { color: c, opacity: 1 };
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const f = (v: number) => (Math.round(v * 100) / 100).toString();

function stopTags(stops: Stop[], pos: number[], from: number, span: number): string {
  return stops
    .map((s, i) => {
      const c = svgColor(s.color);
      const off = span > 0 ? Math.min(1, Math.max(0, (pos[i] - from) / span)) : 0;
      return `<stop offset="${f(off)}" stop-color="${esc(c.color)}"${c.opacity < 1 ? ` stop-opacity="${c.opacity}"` : ''}/>`;
    })
    .join('');
}

/**
 * SVG for gradient `layers` painted over the box `r` (page px): paint servers for <defs>
 * and the rects that use them, bottom layer first. `id` makes the ids unique in a file.
 */
export function gradientSvg(layers: GradientLayer[], r: { x: number; y: number; w: number; h: number }, id: string): { defs: string; shapes: string } {
  let defs = '';
  let shapes = '';
  [...layers].reverse().forEach((layer, k) => {
    const gid = `${id}-${k}`;
    if (layer.kind === 'radial') {
      // Tiled dots: a circle per stop, outermost first, its radius halfway to the next stop.
      const tile = layer.tile ?? { w: r.w, h: r.h };
      const reach = Math.hypot(tile.w, tile.h) / 2;
      const pos = stopPositions(layer.stops, reach);
      const circles = layer.stops
        .map((s, i) => ({ s, rad: i + 1 < pos.length ? (pos[i] + pos[i + 1]) / 2 : reach }))
        .reverse()
        .map(({ s, rad }) => {
          const c = svgColor(s.color);
          return c.opacity === 0 ? '' : `<circle cx="${f(tile.w / 2)}" cy="${f(tile.h / 2)}" r="${f(rad)}" fill="${esc(c.color)}"${c.opacity < 1 ? ` fill-opacity="${c.opacity}"` : ''}/>`;
        })
        .join('');
      defs += `<pattern id="${gid}" patternUnits="userSpaceOnUse" x="${f(r.x)}" y="${f(r.y)}" width="${f(tile.w)}" height="${f(tile.h)}">${circles}</pattern>`;
    } else {
      // The CSS gradient line: through the box's centre at the angle, long enough that
      // the corners get the end colours.
      const t = (layer.angleDeg * Math.PI) / 180;
      const dx = Math.sin(t);
      const dy = -Math.cos(t);
      const len = Math.abs(r.w * dx) + Math.abs(r.h * dy);
      const sx = r.x + r.w / 2 - (dx * len) / 2;
      const sy = r.y + r.h / 2 - (dy * len) / 2;
      const pos = stopPositions(layer.stops, len);
      const repeat = layer.kind === 'repeating-linear';
      const from = repeat ? pos[0] : 0;
      const span = repeat ? pos[pos.length - 1] - pos[0] : len;
      if (span <= 0) return;
      const x1 = sx + dx * from;
      const y1 = sy + dy * from;
      defs +=
        `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x1 + dx * span)}" y2="${f(y1 + dy * span)}"${repeat ? ' spreadMethod="repeat"' : ''}>` +
        `${stopTags(layer.stops, pos, from, span)}</linearGradient>`;
    }
    shapes += `<rect x="${f(r.x)}" y="${f(r.y)}" width="${f(r.w)}" height="${f(r.h)}" fill="url(#${gid})"/>`;
  });
  return { defs, shapes };
}
