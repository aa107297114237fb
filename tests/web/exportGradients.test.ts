// CSS gradients of legend swatches and glyphs as SVG paint in an exported view.
import { describe, expect, it } from 'vitest';
import { gradientSvg, parseLayers, splitTopLevel, stopPositions, svgColor } from '../../web/src/ui/exportGradients';

// Chromium's computed background-image for the site's swatches (a hatch, a cross-hatch, dots).
const HATCH = 'repeating-linear-gradient(45deg, rgb(31, 119, 180) 0px, rgb(31, 119, 180) 3px, rgb(255, 255, 255) 3px, rgb(255, 255, 255) 5px)';
const CROSS =
  'repeating-linear-gradient(45deg, rgba(0, 0, 0, 0) 0px, rgba(0, 0, 0, 0) 3px, rgb(255, 255, 255) 3px, rgb(255, 255, 255) 4px), repeating-linear-gradient(-45deg, rgba(0, 0, 0, 0) 0px, rgba(0, 0, 0, 0) 3px, rgb(255, 255, 255) 3px, rgb(255, 255, 255) 4px), none';
const DOTS = 'radial-gradient(rgb(255, 255, 255) 1px, rgba(0, 0, 0, 0) 1.5px), none';

describe('export: CSS gradients as SVG paint', () => {
  it('splits at top-level commas only', () => {
    expect(splitTopLevel('a(1, 2), b, c(d(3, 4))')).toEqual(['a(1, 2)', 'b', 'c(d(3, 4))']);
  });
  it('reads the layers: kind, angle, stops, tile; "none" and images are skipped', () => {
    expect(parseLayers(HATCH)).toEqual([
      {
        kind: 'repeating-linear',
        angleDeg: 45,
        stops: [
          { color: 'rgb(31, 119, 180)', px: 0 },
          { color: 'rgb(31, 119, 180)', px: 3 },
          { color: 'rgb(255, 255, 255)', px: 3 },
          { color: 'rgb(255, 255, 255)', px: 5 },
        ],
      },
    ]);
    expect(parseLayers(CROSS, 'auto, auto, auto').map((l) => [l.kind, l.angleDeg, l.stops.length])).toEqual([
      ['repeating-linear', 45, 4],
      ['repeating-linear', -45, 4],
    ]);
    expect(parseLayers(DOTS, '4px 4px, auto')).toEqual([{ kind: 'radial', angleDeg: 180, stops: [{ color: 'rgb(255, 255, 255)', px: 1 }, { color: 'rgba(0, 0, 0, 0)', px: 1.5 }], tile: { w: 4, h: 4 } }]);
    expect(parseLayers('linear-gradient(to right, rgb(0, 0, 255), rgb(255, 0, 0))')[0].angleDeg).toBe(90);
    expect(parseLayers('url("x.png"), none')).toEqual([]);
  });
  it('places stops as CSS does: first at 0, last at the end, missing ones evenly between, never backwards', () => {
    expect(stopPositions([{ color: 'a' }, { color: 'b' }, { color: 'c' }], 40)).toEqual([0, 20, 40]);
    expect(stopPositions([{ color: 'a', px: 10 }, { color: 'b' }, { color: 'c' }, { color: 'd', pct: 100 }], 40)).toEqual([10, 20, 30, 40]);
    expect(stopPositions([{ color: 'a', px: 6 }, { color: 'b', px: 2 }], 10)).toEqual([6, 6]);
  });
  it('takes the alpha out of a colour (SVG 1.1 readers do not read rgba)', () => {
    expect(svgColor('rgba(0, 0, 0, 0)')).toEqual({ color: 'rgb(0, 0, 0)', opacity: 0 });
    expect(svgColor('rgb(1, 2, 3)')).toEqual({ color: 'rgb(1, 2, 3)', opacity: 1 });
  });
  it('a hatch is a repeating gradient one period long along the 45° line; dots a tiled pattern of circles', () => {
    const g = gradientSvg(parseLayers(HATCH), { x: 10, y: 20, w: 12, h: 12 }, 'bg1');
    // the line through the centre (16, 26), 12·(sin 45° + cos 45°) = 16.97 px long, 5 px a period
    expect(g.defs).toBe(
      '<linearGradient id="bg1-0" gradientUnits="userSpaceOnUse" x1="10" y1="32" x2="13.54" y2="28.46" spreadMethod="repeat">' +
        '<stop offset="0" stop-color="rgb(31, 119, 180)"/><stop offset="0.6" stop-color="rgb(31, 119, 180)"/>' +
        '<stop offset="0.6" stop-color="rgb(255, 255, 255)"/><stop offset="1" stop-color="rgb(255, 255, 255)"/></linearGradient>',
    );
    expect(g.shapes).toBe('<rect x="10" y="20" width="12" height="12" fill="url(#bg1-0)"/>');
    // two layers: the bottom one (listed last) is painted first
    const cross = gradientSvg(parseLayers(CROSS), { x: 0, y: 0, w: 12, h: 12 }, 'c');
    expect(cross.shapes.match(/url\(#c-\d\)/g)).toEqual(['url(#c-0)', 'url(#c-1)']);
    expect(cross.defs).toContain('stop-opacity="0"');
    const dots = gradientSvg(parseLayers(DOTS, '4px 4px, auto'), { x: 0, y: 0, w: 12, h: 12 }, 'd');
    expect(dots.defs).toBe('<pattern id="d-0" patternUnits="userSpaceOnUse" x="0" y="0" width="4" height="4"><circle cx="2" cy="2" r="1.25" fill="rgb(255, 255, 255)"/></pattern>');
  });
});
