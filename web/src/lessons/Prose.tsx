// Renders one prose block of a lesson (markdown-it with HTML disabled).

import { useMemo, type MouseEvent } from 'react';
import { renderMarkdown } from './markdown';

interface Props {
  markdown: string;
  presenter?: boolean;
  /** Counters shown in the panel's Counters table: their inline code becomes a button that calls `onCounter`. */
  counters?: ReadonlySet<string>;
  onCounter?: (name: string) => void;
}

export function Prose({ markdown, presenter = false, counters, onCounter }: Props) {
  // Rendered again when the text or its options change, not when a new onCounter comes.
  const linked = onCounter ? counters : undefined;
  const html = useMemo(() => renderMarkdown(markdown, { presenter, counters: linked }), [markdown, presenter, linked]);
  const click = (e: MouseEvent<HTMLDivElement>) => {
    const ref = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-counter-ref]') : null;
    const name = ref?.dataset.counterRef;
    if (name && onCounter) onCounter(name);
  };
  // Safe: markdown-it runs with html: false, so the output holds only its own tags (and the
  // counter buttons its renderer writes, their names escaped).
  return <div className="prose" onClick={onCounter ? click : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
}
