// Every lesson in lessons/ parses with no problems and names only existing scenarios.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../web/src/lessons/parse';

const dir = new URL('../../lessons/', import.meta.url);
const lessons = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md') && !/^(readme|_)/i.test(f)) : [];
const scenarios = existsSync(new URL('scenarios/', dir)) ? new Set(readdirSync(new URL('scenarios/', dir)).filter((f) => f.endsWith('.json'))) : new Set<string>();

describe('lessons/', () => {
  it.each(lessons.length ? lessons : ['(none)'])('%s parses cleanly', (f) => {
    if (f === '(none)') return;
    const l = parseLesson(`lessons/${f}`, readFileSync(new URL(f, dir), 'utf8'), scenarios);
    expect(l.errors).toEqual([]);
    expect(l.steps.length).toBeGreaterThan(0);
  });
});
