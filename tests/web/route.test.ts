import { describe, expect, it } from 'vitest';
import { lessonHref, parseRoute } from '../../web/src/ui/route';

describe('parseRoute', () => {
  it('maps the hash routes', () => {
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#/')).toEqual({ name: 'home' });
    expect(parseRoute('#/lesson/primary-keys')).toEqual({ name: 'lesson', id: 'primary-keys', query: '' });
    expect(parseRoute('#/lesson/primary-keys?step=2&seed=1')).toEqual({ name: 'lesson', id: 'primary-keys', query: 'step=2&seed=1' });
    expect(parseRoute('#/playground')).toEqual({ name: 'playground', query: '' });
  });
  it('sends anything else to not-found', () => {
    expect(parseRoute('#/nope').name).toBe('notFound');
    expect(parseRoute('#/lesson/Bad_ID').name).toBe('notFound');
    expect(parseRoute('#/lesson/a/b').name).toBe('notFound');
    expect(parseRoute(`#/${'x'.repeat(200)}`)).toMatchObject({ name: 'notFound' });
    expect((parseRoute(`#/${'x'.repeat(200)}`) as { path: string }).path.length).toBeLessThan(70);
  });
  it('builds lesson links', () => {
    expect(lessonHref('a', '?step=2')).toBe('#/lesson/a?step=2');
  });
});
