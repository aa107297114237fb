// Colour helpers over the site palette (ui/palette.ts): a 256-entry fill lookup for
// canvases, readable ink on a fill colour, the fill-scale gradient for legends, and
// the colours the legend derives (waiting for a CPU).
import { contrastRatio, fillColor, hexToRgb, mix, type Palette } from '../../ui/palette';

const luts = new WeakMap<Palette, string[]>();

/** `fillColor(p, byte / 255)` for every engine fill byte 0..255, cached per palette. */
export function fillLut(p: Palette): string[] {
  let lut = luts.get(p);
  if (!lut) {
    lut = Array.from({ length: 256 }, (_, i) => fillColor(p, i / 255));
    luts.set(p, lut);
  }
  return lut;
}

/** White or near-black, whichever contrasts more with `bg` (#rrggbb). */
export function readableOn(bg: string): string {
  return contrastRatio('#ffffff', bg) >= contrastRatio('#111111', bg) ? '#ffffff' : '#111111';
}

/** CSS linear-gradient of the palette's fill scale (0 → 100%), for legends. */
export function fillGradientCss(p: Palette): string {
  const stops = [0, 0.25, 0.5, 0.75, 1].map((t) => `${fillColor(p, t)} ${t * 100}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** Runnable threads with no free core: a lighter tint of "running", drawn hatched. */
export function waitingCpuColor(p: Palette): string {
  return mix(p.thread.running, p.background, 0.5);
}

/** [r, g, b] of a #rrggbb colour (for ImageData). */
export function rgbOf(hex: string): [number, number, number] {
  return hexToRgb(hex);
}
