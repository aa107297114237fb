// Which keys presenter mode takes for its slides, and which it leaves to the control that
// has focus: a clicker's PageUp/PageDown, the arrows, Escape.

/**
 * A control that uses a slide key itself: a text field, a menu, a slider (the arrows move
 * it). A quiz choice or a checkbox is not: after a click on the room's answer, → changed
 * the answer instead of the slide.
 */
function editable(t: EventTarget | null): boolean {
  if (typing(t)) return true;
  return t instanceof HTMLElement && (t.tagName === 'SELECT' || (t instanceof HTMLInputElement && t.type === 'range'));
}

const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

/** A field the presenter types into. */
function typing(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t.tagName === 'TEXTAREA') return true;
  return t instanceof HTMLInputElement && TEXT_INPUTS.has(t.type);
}

/** Whether a presenter key goes to the slides rather than the focused control. */
export function slideKey(key: string, target: EventTarget | null): boolean {
  // A clicker sends PageUp/PageDown: they turn the slide even from a knob's slider or
  // number field, the speed menu or a quiz choice (which would take them as "change my
  // value", or do nothing: a knob's value typed and entered kept the clicker from the
  // slides). Only a text that pages (a text area, a text field) keeps them.
  if (key === 'PageUp' || key === 'PageDown') return !typing(target) || (target instanceof HTMLInputElement && target.type === 'number');
  // ↑/↓ on a quiz choice pick the choice above or below, as in any radio group (the only
  // way to pick from the keyboard: Tab goes past the group); ←/→ still turn the slide.
  if ((key === 'ArrowUp' || key === 'ArrowDown') && target instanceof HTMLInputElement && target.type === 'radio') return false;
  return !editable(target);
}

/** Escape in a control gives the slides their keys back (it stayed in a knob's field). */
export function leavesControl(key: string, target: EventTarget | null): target is HTMLElement {
  return key === 'Escape' && target instanceof HTMLElement && target.matches('input, select, textarea, [contenteditable]') && !target.closest('dialog[open]');
}
