// The one markdown-it instance for lesson prose. html: false — HTML in lesson data is
// shown as text, never injected; markdown-it's validateLink drops javascript: URLs.
// Table alignment becomes a class, not a style attribute (the site's CSP has no
// 'unsafe-inline' for styles).

import MarkdownIt from 'markdown-it';

/** Exported so a unit test can assert its safety options (html: false). */
export const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

// External links open in a new tab without giving it a handle on this page.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  // In presenter mode a link to another lesson opens it in presenter mode (it dropped the
  // teacher out of the slides onto the reading page).
  if ((env as RenderEnv | undefined)?.presenter === true && href.startsWith('#/lesson/')) tokens[idx].attrSet('href', `#/present/${href.slice('#/lesson/'.length)}`);
  if (/^https?:\/\//i.test(href)) {
    tokens[idx].attrSet('target', '_blank');
    tokens[idx].attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A short inline code of one word (an option, a counter, a value) stays on one line: on a
// phone `--table-size` broke after its "--". Longer ones may still wrap where they must,
// and one with spaces (`WHERE k = ?`) wraps at them (kept whole, it widened a table).
export const NOWRAP_CODE_CHARS = 24;
const defaultCodeInline = md.renderer.rules.code_inline!;
md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
  const c = tokens[idx].content;
  if ([...c].length <= NOWRAP_CODE_CHARS && !/\s/.test(c)) tokens[idx].attrJoin('class', 'nowrap');
  const code = defaultCodeInline(tokens, idx, options, env, self);
  // A counter the panel's Counters table shows: a button that brings its row into view
  // (the text quoted adaptive_hash_rows_added, one row of ~60, most of them 0 there).
  if (!(env as RenderEnv | undefined)?.counters?.has(c)) return code;
  const name = md.utils.escapeHtml(c);
  return `<button type="button" class="linklike counter-ref" data-counter-ref="${name}" title="Show ${name} in the panel's Counters table">${code}</button>`;
};

// `| ---: |` columns: markdown-it writes style="text-align:right"; use class="align-right".
md.core.ruler.push('align_classes', (state) => {
  for (const t of state.tokens) {
    if (t.type !== 'th_open' && t.type !== 'td_open') continue;
    const m = /^text-align:(left|center|right)$/.exec(String(t.attrGet('style') ?? ''));
    if (!t.attrs || !m) continue;
    t.attrs = t.attrs.filter(([name]) => name !== 'style');
    t.attrJoin('class', `align-${m[1]}`);
  }
});

/** How a lesson's prose is shown: on the reading page, or as presenter-mode slides. */
export interface RenderEnv {
  presenter?: boolean;
  /** Counter names whose inline code becomes a button to their row (data-counter-ref). */
  counters?: ReadonlySet<string>;
}

/** Markdown -> safe HTML string. */
export function renderMarkdown(text: string, env: RenderEnv = {}): string {
  return md.render(text, { ...env });
}
