// Every lesson in lessons/ parses with no problems and names only existing scenarios.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../web/src/lessons/parse';
import { experimentsOf, parseLessonAddress } from '../../web/src/lessons/activeExperiment';

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

describe('a lesson address\'s knob values belong to the experiment it shows', () => {
  const lesson = parseLesson('lessons/primary-keys.md', readFileSync(new URL('primary-keys.md', dir), 'utf8'), scenarios);
  const placed = experimentsOf(lesson);
  const ctx = { stepCount: lesson.steps.length, experiments: placed.map((p) => p.experiment.id) };
  it('takes the step\'s experiment, with that experiment\'s ranges', () => {
    const { parsed, experiment } = parseLessonAddress('step=7&k.workload.max_rows=50000', placed, ctx);
    expect(experiment?.id).toBe('idx-number-fill');
    expect(parsed.state.knobs).toEqual({ 'workload.max_rows': 50000 });
    // step 3's range starts at 500; step 7's at 1,000 (the merged range said 500 was allowed)
    const low = parseLessonAddress('step=7&k.workload.max_rows=0x10', placed, ctx).parsed;
    expect(low.messages).toEqual(['Parameter "k.workload.max_rows" (Rows to insert) must be a number from 1000 to 2000000, got "0x10"; it was ignored.']);
    expect(parseLessonAddress('step=3&k.workload.max_rows=500', placed, ctx).parsed.state.knobs).toEqual({ 'workload.max_rows': 500 });
  });
  it('takes x\'s experiment over the step\'s, and names a knob of another experiment as such', () => {
    expect(parseLessonAddress('step=2&x=pool-latency', placed, ctx).experiment?.id).toBe('pool-latency');
    const other = parseLessonAddress('step=2&k.server.innodb_buffer_pool_pages=1024', placed, ctx).parsed;
    expect(other.state.knobs).toEqual({});
    expect(other.messages).toEqual(['Knob "k.server.innodb_buffer_pool_pages" belongs to another experiment of this lesson; this one\'s knobs: k.workload.max_rows. It was ignored.']);
  });
});

describe('the next lesson, in the home page\'s order', () => {
  it('is the one after, and none after the last', async () => {
    const { nextLessonOf } = await import('../../web/src/lessons/LessonSummary');
    const metas = lessons.map((f) => parseLesson(`lessons/${f}`, readFileSync(new URL(f, dir), 'utf8'), scenarios).meta).sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
    expect(nextLessonOf(metas, 'primary-keys')?.id).toBe('adaptive-hash-index');
    expect(nextLessonOf(metas, 'adaptive-hash-index')?.id).toBe('ahi-latch-contention');
    expect(nextLessonOf(metas, metas[metas.length - 1].id)).toBeUndefined();
    expect(nextLessonOf(metas, 'no-such-lesson')).toBeUndefined();
  });
});

describe('links between lessons', () => {
  it('every #/lesson/<id> link in a lesson names a lesson that exists', () => {
    const ids = new Set(lessons.map((f) => f.replace(/\.md$/, '')));
    const links = lessons.flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/\]\(#\/lesson\/([^)?\s]+)/g)].map((m) => `${f} → ${m[1]}`));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !ids.has(l.split(' → ')[1]))).toEqual([]);
  });
});
