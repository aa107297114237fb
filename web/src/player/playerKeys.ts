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
  if (tag === 'INPUT') return true; // text fields type, sliders use the arrows themselves
  if ((forSpace || key === 'ArrowLeft' || key === 'ArrowRight') && scrollBox(t)) return true;
  return forSpace && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY');
}

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
