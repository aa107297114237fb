// The one markdown-it instance for lesson prose. html: false — HTML in lesson data is
// shown as text, never injected; markdown-it's validateLink drops javascript: URLs.

import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

// External links open in a new tab without giving it a handle on this page.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    tokens[idx].attrSet('target', '_blank');
    tokens[idx].attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Markdown -> safe HTML string. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}
