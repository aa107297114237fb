// Maps knob values to slider positions (0..1000), linearly or on a log scale (pure).

export interface KnobRangeSpec {
  min: number;
  max: number;
  step: number;
  scale: 'linear' | 'log';
}

export const SLIDER_MAX = 1000;

export function valueToSlider(k: KnobRangeSpec, v: number): number {
  const x = k.scale === 'log' ? (Math.log(v) - Math.log(k.min)) / (Math.log(k.max) - Math.log(k.min)) : (v - k.min) / (k.max - k.min);
  return Math.round(Math.min(1, Math.max(0, x)) * SLIDER_MAX);
}

/** Slider position -> value snapped to the knob's step and range. */
export function sliderToValue(k: KnobRangeSpec, pos: number): number {
  const x = Math.min(1, Math.max(0, pos / SLIDER_MAX));
  const raw = k.scale === 'log' ? Math.exp(Math.log(k.min) + x * (Math.log(k.max) - Math.log(k.min))) : k.min + x * (k.max - k.min);
  return snap(k, raw);
}

export function snap(k: KnobRangeSpec, v: number): number {
  const stepped = k.min + Math.round((v - k.min) / k.step) * k.step;
  const clamped = Math.min(k.max, Math.max(k.min, stepped));
  return Number(clamped.toPrecision(12));
}

/**
 * One arrow-key step along the knob: its own step, not one of the slider's 1000
 * positions (which may all snap back to the same value on a coarse knob).
 */
export function stepKnob(k: KnobRangeSpec, v: number, dir: 1 | -1): number {
  return snap(k, v + dir * k.step);
}
