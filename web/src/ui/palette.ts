// The site's colour legend (VISUAL.md) in one place, for every view and chart, in the
// light, dark and projector themes. Colour is never the only signal; views add labels
// or patterns. Text-like colours (A/B, ink) meet WCAG AA on their theme's background.

export type ThemeName = 'light' | 'dark' | 'projector';

export interface Palette {
  background: string;
  surface: string;
  ink: string; // body text
  inkMuted: string;
  grid: string; // chart gridlines, borders
  /** Page fill 0 -> 100%: sequential stops, light -> dark on light themes. */
  fillStops: string[];
  frame: { free: string; clean: string; dirty: string; cleanOld: string; dirtyOld: string; midpoint: string };
  thread: { running: string; spinning: string; sleeping: string; io: string; idle: string; qcLock: string };
  ahi: { hashed: string; hit: string; miss: string };
  redo: { written: string; ageLow: string; ageHigh: string; free: string };
  qc: { query: string; result: string; free: string; fragment: string };
  ab: { A: string; B: string }; // the two sides of a comparison, lines and labels
  split: string; // highlight of a recent page split
  reference: string; // article reference lines
}

/** Mixes `color` toward `toward` by `amount` (0..1); both #rrggbb. */
export function mix(color: string, toward: string, amount: number): string {
  const a = hexToRgb(color);
  const b = hexToRgb(toward);
  const c = a.map((v, i) => Math.round(v + (b[i] - v) * amount));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance and contrast ratio. */
export function contrastRatio(fg: string, bg: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = hexToRgb(hex).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [l1, l2] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

function build(base: Omit<Palette, 'frame'> & { frameBase: { free: string; clean: string; dirty: string; midpoint: string } }): Palette {
  const { frameBase, ...rest } = base;
  // Old sublist = a lighter tint of the same colour (toward the background).
  return {
    ...rest,
    frame: { ...frameBase, cleanOld: mix(frameBase.clean, base.background, 0.45), dirtyOld: mix(frameBase.dirty, base.background, 0.45) },
  };
}

const light = build({
  background: '#ffffff',
  surface: '#f5f6f8',
  ink: '#1b1e23',
  inkMuted: '#545b66',
  grid: '#d5d9df',
  fillStops: ['#f7fcf0', '#ccebc5', '#7bccc4', '#2b8cbe', '#084081'],
  frameBase: { free: '#c9cdd3', clean: '#2f7bbf', dirty: '#e0690b', midpoint: '#1b1e23' },
  thread: { running: '#2b8a3e', spinning: '#e8a100', sleeping: '#d6336c', io: '#7048e8', idle: '#adb5bd', qcLock: '#8f5b2e' },
  ahi: { hashed: '#0b7285', hit: '#3bc9db', miss: '#868e96' },
  redo: { written: '#868e96', ageLow: '#69db7c', ageHigh: '#e03131', free: '#f1f3f5' },
  qc: { query: '#1971c2', result: '#2b8a3e', free: '#e9ecef', fragment: '#ced4da' },
  ab: { A: '#1864ab', B: '#b5174f' },
  split: '#f08c00',
  reference: '#495057',
});

const dark = build({
  background: '#15171b',
  surface: '#1e2127',
  ink: '#e7e9ec',
  inkMuted: '#a6adb8',
  grid: '#3a3f47',
  fillStops: ['#1d2530', '#234e64', '#2b8cbe', '#7bccc4', '#e0f3db'],
  frameBase: { free: '#3b4048', clean: '#4dabf7', dirty: '#ff922b', midpoint: '#e7e9ec' },
  thread: { running: '#51cf66', spinning: '#fcc419', sleeping: '#f06595', io: '#9775fa', idle: '#5c636e', qcLock: '#d8a06a' },
  ahi: { hashed: '#15aabf', hit: '#99e9f2', miss: '#868e96' },
  redo: { written: '#868e96', ageLow: '#51cf66', ageHigh: '#ff6b6b', free: '#25282e' },
  qc: { query: '#4dabf7', result: '#51cf66', free: '#2c3036', fragment: '#495057' },
  ab: { A: '#74c0fc', B: '#f783ac' },
  split: '#ffd43b',
  reference: '#ced4da',
});

const projector = build({
  ...light,
  frameBase: { free: '#b8bec6', clean: '#1c64a8', dirty: '#d9480f', midpoint: '#000000' },
  ink: '#000000',
  inkMuted: '#343a40',
  grid: '#adb5bd',
  ab: { A: '#0b4f8a', B: '#a61e4d' },
});

export const PALETTES: Record<ThemeName, Palette> = { light, dark, projector };

/** Colour of a page fill fraction (0..1) on the palette's sequential scale. */
export function fillColor(p: Palette, fill: number): string {
  const stops = p.fillStops;
  const x = Math.min(1, Math.max(0, Number.isFinite(fill) ? fill : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  return mix(stops[i], stops[i + 1], x - i);
}

/** Colour of one pool_frames() byte (frames.ts layout). */
export function frameColor(p: Palette, frameByte: number): string {
  const kind = frameByte & 3;
  const old = (frameByte & 4) !== 0;
  if (kind === 1) return old ? p.frame.cleanOld : p.frame.clean;
  if (kind === 2) return old ? p.frame.dirtyOld : p.frame.dirty;
  return p.frame.free;
}

/** CSS custom properties for every theme (injected once; views may use var(--pal-…)).
 *  Light and dark share one rule of light-dark() pairs, resolved by color-scheme (theme.css). */
export function paletteCss(): string {
  const flat = (p: Palette) => {
    const out: [string, string][] = [];
    const walk = (prefix: string, v: unknown) => {
      if (typeof v === 'string') out.push([`--pal-${prefix}`, v]);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(`${prefix}-${i}`, x));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}-${k}` : k, x);
    };
    walk('', p);
    return out;
  };
  const darkVars = new Map(flat(dark));
  const either = flat(light).map(([k, v]) => {
    const d = darkVars.get(k) ?? v;
    return `${k}: ${d === v ? v : `light-dark(${v}, ${d})`};`;
  });
  const proj = flat(projector).map(([k, v]) => `${k}: ${v};`);
  return [`:root { ${either.join(' ')} }`, `[data-theme="projector"] { ${proj.join(' ')} }`].join('\n');
}
