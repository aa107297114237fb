// Checks what a reader typed into a knob's number field (pure): a message that names
// the knob, the allowed range and the value kept, or null when the text is usable.
// Long input is described, never echoed.

/** The parts of a knob the message needs. */
export interface KnobTextSpec {
  label: string;
  unit?: string;
  min: number;
  max: number;
}

/**
 * What an empty number field was given: a number field's value is empty both when it
 * is left empty and when its text is not a number, which its `validity.badInput` tells
 * apart ("abc" in the seed read "got nothing"). Chromium keeps letters out of the field
 * altogether, so there "abc" leaves it empty, and the message says so ("got nothing"
 * read as if the typing had been lost).
 */
export function typedNothing(badInput: boolean): string {
  return badInput ? 'text that is not a number' : 'an empty field';
}

/** Why `text` cannot be the knob's value (null when it can), naming the knob and the range. */

export function knobTextProblem(knob: KnobTextSpec, text: string, current: number, badInput = false): string | null {
  const t = text.trim();
  const v = Number(t);
  const unit = knob.unit ? ` ${knob.unit}` : '';
  const kept = `it stays at ${current}${unit}`;
  if (t === '' || !Number.isFinite(v)) {
    const got = t === '' ? typedNothing(badInput) : t.length > 24 ? `a ${t.length}-character value` : `“${t}”`;
    return `${knob.label}: enter a number from ${knob.min} to ${knob.max}${unit}, got ${got}; ${kept}.`;
  }
  if (v < knob.min || v > knob.max) {
    const got = t.length > 24 ? `a ${t.length}-digit number` : t;
    return `${knob.label} must be from ${knob.min} to ${knob.max}${unit}, got ${got}; ${kept}.`;
  }
  return null;
}
