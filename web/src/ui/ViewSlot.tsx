// Loads the view components lazily, and wraps each view so one that throws only blanks
// itself.

import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { loadViewComponents, type ViewComponents } from './viewModules';

/** The view components, or null while loading; `failed` if the chunk could not load. */
export function useViewComponents(): { components: ViewComponents | null; failed: boolean } {
  const [state, setState] = useState<{ components: ViewComponents | null; failed: boolean }>({ components: null, failed: false });
  useEffect(() => {
    let live = true;
    loadViewComponents().then(
      (components) => live && setState({ components, failed: false }),
      () => live && setState({ components: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** One titled slot: the view inside an error boundary (a broken view stays local). */
export function ViewSlot({ title, children }: { title: string; children: () => ReactNode }) {
  return <ErrorBoundary what={title}>{children()}</ErrorBoundary>;
}
