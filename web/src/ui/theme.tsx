// Theme choice (auto / light / dark / projector), stored locally, applied as
// data-theme on <html>; usePalette() gives views the matching colours.

import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PALETTES, type Palette, type ThemeName } from './palette';
import { announceReflow } from './reflow';

export type ThemeChoice = 'auto' | ThemeName;

interface ThemeState {
  /** The reader's stored choice. */
  choice: ThemeChoice;
  /** The theme in effect: a page's override, else the choice (auto: the system's). */
  theme: ThemeName;
  setChoice: (c: ThemeChoice) => void;
  /** A theme a page applies while it is shown, never stored (the presenter's projector
   *  theme): the reader's choice is back as soon as the page sets null, and in any
   *  other tab or visit, however the page was left. */
  override: ThemeName | null;
  setOverride: (t: ThemeName | null) => void;
  reducedMotion: boolean;
}

const STORAGE_KEY = 'innodb-lab.theme';
const ThemeContext = createContext<ThemeState>({
  choice: 'auto',
  theme: 'light',
  setChoice: () => undefined,
  override: null,
  setOverride: () => undefined,
  reducedMotion: false,
});

function media(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches;
}

/** Whether a CSS media query matches now, following changes (a phone turned, a window resized). */
export function useMedia(query: string): boolean {
  const [value, setValue] = useState(() => media(query));
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(query);
    const on = () => setValue(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return value;
}

function readChoice(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' || v === 'projector' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readChoice);
  const [override, setOverride] = useState<ThemeName | null>(null);
  const prefersDark = useMedia('(prefers-color-scheme: dark)');
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const shown: ThemeChoice = override ?? choice;
  const theme: ThemeName = shown === 'auto' ? (prefersDark ? 'dark' : 'light') : shown;

  const firstTheme = useRef(true);
  useEffect(() => {
    const root = document.documentElement;
    if (shown === 'auto') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', shown);
    // The projector theme's larger type reflows the text: keep the reader's place.
    if (!firstTheme.current) announceReflow();
    firstTheme.current = false;
  }, [shown]);

  const value = useMemo<ThemeState>(
    () => ({
      choice,
      theme,
      reducedMotion,
      override,
      setOverride,
      setChoice: (c) => {
        setChoiceState(c);
        try {
          localStorage.setItem(STORAGE_KEY, c);
        } catch {
          // private mode: the choice lasts for this page only
        }
      },
    }),
    [choice, theme, reducedMotion, override],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

/** The colour legend for the current theme. */
export function usePalette(): Palette {
  return PALETTES[useTheme().theme];
}
