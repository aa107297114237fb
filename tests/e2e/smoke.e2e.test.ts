// The built site's home page loads without errors and shows a heading; Back to a page keeps its scroll, a link to another page opens it at its top.
import { expect, openPage, screenshot, test } from './harness';

test('home page loads with a heading and no console errors', async () => {
  const { page, errors } = await openPage('/');
  const heading = page.getByRole('heading').first();
  await heading.waitFor({ state: 'visible', timeout: 15_000 });
  expect((await heading.textContent())?.trim()).toBeTruthy();
  expect(errors).toEqual([]);
  await screenshot('home');
});

test('Back to the home page opens it where it was left; a link to it opens it at the top', async () => {
  // A phone, where the cards are a long column: Back from a lesson left the reader at the top.
  const { page, errors } = await openPage('/#/', { viewport: { width: 390, height: 760 }, touch: true });
  await page.locator('.playground-card').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY))).toBeGreaterThan(500);
  const left = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(300); // as a reader pauses before picking a card
  await page.locator('a.lesson-card').nth(4).dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#\/lesson\//);
  await page.locator('.lesson-narrative').first().waitFor({ timeout: 15_000 });
  await page.goBack();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/');
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(left);
  // Forward to the lesson, then its header link home: a new visit, at the top.
  await page.goForward();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#\/lesson\//);
  await page.locator('.lesson-narrative').first().waitFor({ timeout: 15_000 });
  await page.locator('.site-header a[href="#/"]').first().dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/');
  await page.locator('.playground-card').waitFor();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // On the home page itself, its header links go back to the top (the address is the same).
  for (const link of ['a.brand', 'nav a[href="#/"]']) {
    await expect.poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY))).toBeGreaterThan(500);
    await page.locator(`.site-header ${link}`).dispatchEvent('click');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
  }
  expect(errors).toEqual([]);
});

test('a link to another page opens it at its top; Back still returns to where the reader was', async () => {
  // The playground, opened from the header of a lesson read far down, showed up 1,010 px down its form.
  const { page, errors } = await openPage('/#/lesson/query-cache');
  await page.locator('.lesson-narrative').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window.scrollTo(0, 1500), window.scrollY))).toBe(1500);
  await page.waitForTimeout(300);
  await page.locator('.site-header a[href="#/playground"]').dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/playground');
  await page.getByRole('heading', { name: 'Playground' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The home page, scrolled, then the playground card: the top again.
  await page.locator('.site-header a[href="#/"]').first().dispatchEvent('click');
  await page.locator('.playground-card').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY))).toBeGreaterThan(300);
  const left = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(300);
  await page.locator('.site-header a[href="#/playground"]').dispatchEvent('click');
  await page.getByRole('heading', { name: 'Playground' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/');
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(left);
  // Back to the playground and to a lesson: where the reader was, not cut to the height of
  // the page left (the playground came back at the home page's 516 px; a lesson at the
  // start of the step in its address).
  await page.goForward();
  await page.getByRole('heading', { name: 'Playground' }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY))).toBeGreaterThan(left);
  const inPlayground = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(300);
  await page.locator('.site-header a[href="#/"]').first().dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/');
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(inPlayground);
  await setHashAndWait(page, '#/lesson/primary-keys');
  await page.evaluate(() => window.scrollTo(0, 5000));
  await page.waitForTimeout(300);
  await page.locator('.site-header a[href="#/playground"]').dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/playground');
  await page.goBack();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toMatch(/^#\/lesson\/primary-keys/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(5000);
  expect(errors).toEqual([]);
});

/** Opens `hash` as a new entry and waits for the lesson's text. */
async function setHashAndWait(page: import('playwright-core').Page, hash: string) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.locator('.lesson-narrative').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500);
}
