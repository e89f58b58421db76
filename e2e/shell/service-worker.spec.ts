import { expect, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';

test('a previously registered service worker is unregistered at start-up', async ({ context, page }) => {
  await seedStorage(page, { cookies: true, language: 'nl' });
  await context.route('**/old-worker.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'self.addEventListener("fetch", () => {});' }),
  );
  // An older release left a worker behind: register one on a static page of the same origin.
  await page.goto('/eula/nl.html');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/old-worker.js');
    await navigator.serviceWorker.ready;
  });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
    .toBe(0);
});
