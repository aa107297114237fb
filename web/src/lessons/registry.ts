// Where lessons come from: `lessons/*.md` and `lessons/scenarios/*.json` at the repo
// root, bundled by Vite (one lazy chunk each), so the static site needs no fetches.

import { parseLesson, parseLessonMeta } from './parse';
import type { Lesson, LessonMeta } from './types';

// lessons/README.md is the authoring guide, not a lesson.
const lessonLoaders = import.meta.glob<string>(['../../../lessons/*.md', '!../../../lessons/README.md'], { query: '?raw', import: 'default' });
const scenarioLoaders = import.meta.glob<string>('../../../lessons/scenarios/*.json', { query: '?raw', import: 'default' });

const baseName = (p: string) => p.replace(/^.*\//, '');
const lessonPath = (id: string) => `../../../lessons/${id}.md`;

/** File names available in lessons/scenarios/. */
export function scenarioFileNames(): Set<string> {
  return new Set(Object.keys(scenarioLoaders).map(baseName));
}

/** Raw JSON text of a scenario file, or undefined if absent. */
export async function loadScenarioText(file: string): Promise<string | undefined> {
  const load = scenarioLoaders[`../../../lessons/scenarios/${file}`];
  return load ? load() : undefined;
}

/** Front matter of every lesson, sorted by `order`, plus any problems found. */
export async function loadLessonIndex(): Promise<{ lessons: LessonMeta[]; errors: string[] }> {
  const lessons: LessonMeta[] = [];
  const errors: string[] = [];
  await Promise.all(
    Object.entries(lessonLoaders).map(async ([path, load]) => {
      const file = `lessons/${baseName(path)}`;
      if (baseName(path).startsWith('_')) return; // drafts
      const r = parseLessonMeta(file, await load());
      errors.push(...r.errors);
      if (r.meta) lessons.push(r.meta);
    }),
  );
  lessons.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  return { lessons, errors };
}

/** One parsed lesson, or null if there is no such file. */
export async function loadLesson(id: string): Promise<Lesson | null> {
  const load = lessonLoaders[lessonPath(id)];
  if (!load) return null;
  return parseLesson(`lessons/${id}.md`, await load(), scenarioFileNames());
}
