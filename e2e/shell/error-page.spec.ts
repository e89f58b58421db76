import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage } from '../support/accounts';
import { shoot } from '../support/shots';

test('a route chunk that fails to load reloads the page once, then shows the error page', async ({
  page,
}) => {
  await seedStorage(page, { cookies: true, language: 'nl' });
  let attempts = 0;
  await page.route(/\/assets\/register-page-[^/]+\.js$/, (route) => {
    attempts += 1;
    return route.abort('failed');
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Er ging iets mis' })).toBeVisible();
  expect(loads).toBe(2);
  expect(attempts).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: 'Naar de startpagina' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mail de helpdesk' })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page, 'error page');
  await shoot(page, 'error-page-1280');
});
