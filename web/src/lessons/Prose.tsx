// Renders one prose block of a lesson (markdown-it with HTML disabled).

import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

export function Prose({ markdown, presenter = false }: { markdown: string; presenter?: boolean }) {
  const html = useMemo(() => renderMarkdown(markdown, { presenter }), [markdown, presenter]);
  // Safe: markdown-it runs with html: false, so the output holds only its own tags.
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
