// The player's keys: Space play/pause (or stop a long seek), ←/→ (unless given to the
// page) and ,/. step, +/− speed; and which focused elements keep a key for themselves.

import { useEffect } from 'react';

export interface PlayerKeyActions {
  toggle(): void;
  stepForward(): void;
  stepBack(): void;
  faster(): void;
  slower(): void;
}

export function isEditable(t: EventTarget | null, forSpace: boolean, key: string): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t.closest('dialog[open]')) return true; // a modal (the key help) owns the keys

  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (t instanceof HTMLInputElement) return inputKeeps(t, forSpace, key);
  if ((forSpace || key === 'ArrowLeft' || key === 'ArrowRight') && scrollBox(t)) return true;
  // A link that leads to the experiment (a locked quiz's "Now run …", which takes the
  // focus from the Lock button) gives Space to the player: it scrolled the page past the
  // answer instead of playing the run the quiz had just said to press Space for.
  if (forSpace && tag === 'A' && t.hasAttribute('data-player-space')) return false;
  return forSpace && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY');
}

/**
 * Whether a focused input keeps a key: text fields type, sliders use the arrows. A quiz
 * choice keeps the arrows (they pick another choice) and Space while unchosen (it picks
 * this one); a checkbox keeps Space (it ticks). None of them keeps . or , and a picked choice
 * gives Space to the player: after a click on a choice, Space and . did nothing.
 */
function inputKeeps(t: HTMLInputElement, forSpace: boolean, key: string): boolean {
  if (t.type === 'radio') return key.startsWith('Arrow') || (forSpace && !t.checked);
  if (t.type === 'checkbox') return forSpace;
  // A slider (a knob, the scrubber) moves with the arrows, Home/End and PgUp/PgDn, and
  // nothing else: after a drag it kept the focus, and Space did nothing before the class.
  if (t.type === 'range') return SLIDER_KEYS.has(key);
  return true;
}

/** The keys a focused range input uses itself. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A focused box of text that scrolls (the SHOW ENGINE INNODB STATUS and sysbench
 * dumps): the arrows and Space scroll it, as they would any scrolled box, instead of
 * stepping or playing the simulation.
 */
export function scrollBox(t: HTMLElement): boolean {
  const box = t.tagName === 'PRE' || t.getAttribute('role') === 'region';
  return box && t.tabIndex >= 0 && (t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight);
}

/** Listens on the window while `keyboard` is set. */
export function usePlayerKeys({ keyboard, arrowKeys }: { keyboard: boolean; arrowKeys: boolean }, a: PlayerKeyActions): void {
  const { toggle, stepForward, stepBack, faster, slower } = a;
  useEffect(() => {
    if (!keyboard) return;
    const onKey = (ev: KeyboardEvent) => {
      // A control that used the key itself (e.g. arrows moving along the leaf strip) wins.
      if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const space = ev.key === ' ';
      if (isEditable(ev.target, space, ev.key)) return;
      const actions: Record<string, () => void> = {
        ' ': toggle,
        ...(arrowKeys ? { ArrowRight: stepForward, ArrowLeft: stepBack } : {}),
        '.': stepForward,
        ',': stepBack,
        '+': faster,
        '=': faster,
        '-': slower,
        _: slower,
      };
      const act = actions[ev.key];
      if (act) {
        ev.preventDefault();
        act();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboard, arrowKeys, toggle, stepForward, stepBack, faster, slower]);
}
