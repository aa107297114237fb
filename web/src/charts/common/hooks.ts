// Small helpers shared by charts and views: element width (ResizeObserver), a DPR-aware
// canvas context, and pointer positions, all in the element's own CSS px: inside a
// CSS `zoom` (the presenter zooms its views) getBoundingClientRect and clientX/Y are in
// the page's px, the layout and the drawing in the zoomed element's.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The effective CSS zoom of `el` (its own and its ancestors'), 1 where unsupported. */
export function cssZoom(el: Element): number {
  const z = (el as Element & { currentCSSZoom?: number }).currentCSSZoom;
  return typeof z === 'number' && z > 0 ? z : 1;
}

/** A pointer event's position in `el`'s own CSS px, from its top left corner. */
export function localPoint(e: { clientX: number; clientY: number }, el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  const z = cssZoom(el);
  return { x: (e.clientX - r.left) / z, y: (e.clientY - r.top) / z };
}

/** Device px per CSS px at `el`: the device pixel ratio (at most 3) times its CSS zoom. */
export function pixelScale(el: Element): number {
  return (typeof devicePixelRatio === 'number' ? Math.min(devicePixelRatio, 3) : 1) * cssZoom(el);
}

/**
 * Width in CSS px of the element behind `ref` (its own px, as its layout and drawing use
 * them), tracked with a ResizeObserver, and its pixelScale: a canvas view redraws when
 * that changes (the presenter's zoom follows the window, the window moves to another
 * screen) though its width in its own px does not.
 */
export function useWidth<T extends HTMLElement>(fallback = 600): [RefObject<T | null>, number, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.getBoundingClientRect().width / cssZoom(el)) || fallback);
    setScale(pixelScale(el));
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (w > 0) setWidth(w);
      setScale(pixelScale(el));
    });
    // Device px also change with the zoom or the screen; not every browser reports them.
    try {
      ro.observe(el, { box: 'device-pixel-content-box' });
    } catch {
      ro.observe(el);
    }
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width, scale];
}

/**
 * Size a canvas to `width`×`height` CSS px at the device pixel ratio (times the CSS
 * zoom it is shown at, so a zoomed canvas stays sharp) and return a 2D context scaled
 * so that drawing code works in CSS px.
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const dpr = pixelScale(canvas);
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}
