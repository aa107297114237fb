// The built site's home page loads without errors and shows a heading.
import { expect, openPage, screenshot, test } from './harness';

test('home page loads with a heading and no console errors', async () => {
  const { page, errors } = await openPage('/');
  const heading = page.getByRole('heading').first();
  await heading.waitFor({ state: 'visible', timeout: 15_000 });
  expect((await heading.textContent())?.trim()).toBeTruthy();
  expect(errors).toEqual([]);
  await screenshot('home');
});
