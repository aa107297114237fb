// Theme choice (auto / light / dark / projector), stored locally, applied as
// data-theme on <html>; usePalette() gives views the matching colours.

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PALETTES, type Palette, type ThemeName } from './palette';

export type ThemeChoice = 'auto' | ThemeName;

interface ThemeState {
  choice: ThemeChoice;
  theme: ThemeName;
  setChoice: (c: ThemeChoice) => void;
  reducedMotion: boolean;
}

const STORAGE_KEY = 'innodb-lab.theme';
const ThemeContext = createContext<ThemeState>({ choice: 'auto', theme: 'light', setChoice: () => undefined, reducedMotion: false });

function media(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches;
}

function useMedia(query: string): boolean {
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
  const prefersDark = useMedia('(prefers-color-scheme: dark)');
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const theme: ThemeName = choice === 'auto' ? (prefersDark ? 'dark' : 'light') : choice;

  useEffect(() => {
    const root = document.documentElement;
    if (choice === 'auto') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
  }, [choice]);

  const value = useMemo<ThemeState>(
    () => ({
      choice,
      theme,
      reducedMotion,
      setChoice: (c) => {
        setChoiceState(c);
        try {
          localStorage.setItem(STORAGE_KEY, c);
        } catch {
          // private mode: the choice lasts for this page only
        }
      },
    }),
    [choice, theme, reducedMotion],
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
