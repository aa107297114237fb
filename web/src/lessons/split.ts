// Splits lesson Markdown (pure text work, no YAML): front matter, `##` steps, and fenced
// ```experiment / ```quiz / ```notes / ```focus blocks. Headings inside code fences are not steps.

export interface RawBlock {
  kind: 'prose' | 'experiment' | 'quiz' | 'notes' | 'focus';
  text: string;
  line: number; // 1-based line in the file where the block starts
}

export interface RawStep {
  title: string;
  line: number;
  blocks: RawBlock[];
}

export interface RawLesson {
  frontMatter: string | null;
  frontMatterLine: number;
  steps: RawStep[];
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/** Separates `---\n...\n---` at the very top. */
export function splitFrontMatter(text: string): { frontMatter: string | null; body: string; bodyLine: number } {
  const t = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const m = /^---\n([\s\S]*?)\n---[ \t]*(\n|$)/.exec(t);
  if (!m) return { frontMatter: null, body: t, bodyLine: 1 };
  return { frontMatter: m[1], body: t.slice(m[0].length), bodyLine: m[0].split('\n').length - (m[2] ? 0 : 1) };
}

/** Steps by `## ` heading; text before the first heading is an untitled first step. */
export function splitLesson(text: string): RawLesson {
  const { frontMatter, body, bodyLine } = splitFrontMatter(text);
  const lines = body.split('\n');
  const steps: RawStep[] = [];
  let step: RawStep = { title: '', line: bodyLine, blocks: [] };
  let prose: string[] = [];
  let proseLine = bodyLine;
  let fence: { marker: string; kind: RawBlock['kind']; line: number; body: string[] } | null = null;

  const flushProse = () => {
    const md = prose.join('\n').trim();
    if (md) step.blocks.push({ kind: 'prose', text: md, line: proseLine });
    prose = [];
  };

  lines.forEach((line, i) => {
    const lineNo = bodyLine + i;
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence.marker[0] === '`' ? '`' : '~'}{${fence.marker.length},}\\s*$`);
      if (close.test(line)) {
        if (fence.kind === 'prose') prose.push(...fence.body, line);
        else step.blocks.push({ kind: fence.kind, text: fence.body.join('\n'), line: fence.line });
        fence = null;
      } else {
        fence.body.push(line);
      }
      return;
    }
    const f = FENCE_RE.exec(line);
    if (f) {
      const info = f[2].toLowerCase();
      if (info === 'experiment' || info === 'quiz' || info === 'notes' || info === 'focus') {
        flushProse();
        fence = { marker: f[1], kind: info, line: lineNo, body: [] };
      } else {
        if (prose.length === 0) proseLine = lineNo;
        prose.push(line);
        fence = { marker: f[1], kind: 'prose', line: lineNo, body: [] };
      }
      return;
    }
    const h = /^##\s+(.*?)\s*#*\s*$/.exec(line);
    if (h && !line.startsWith('###')) {
      flushProse();
      if (step.blocks.length > 0 || step.title) steps.push(step);
      step = { title: h[1], line: lineNo, blocks: [] };
      return;
    }
    if (prose.length === 0) proseLine = lineNo;
    prose.push(line);
  });
  if (fence) {
    const open = fence as { kind: RawBlock['kind']; line: number; body: string[] };
    if (open.kind === 'prose') prose.push(...open.body);
    else step.blocks.push({ kind: open.kind, text: open.body.join('\n'), line: open.line });
  }
  flushProse();
  if (step.blocks.length > 0 || step.title) steps.push(step);
  return { frontMatter, frontMatterLine: 1, steps };
}
