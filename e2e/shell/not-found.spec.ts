import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { createReadyUser, seedStorage, uniqueEmail } from '../support/accounts';

test('an unknown path shows the not-found page with a link home (nl)', async ({ page }) => {
  await seedStorage(page, { cookies: true, language: 'nl' });
  await page.goto('/deze/pagina/bestaat/niet');
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
  await expectAccessible(page, 'not found');
  await page.getByRole('link', { name: 'Naar de startpagina' }).click();
  // Home is /trajectories, which needs sign-in.
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path in English, and a non-numeric id shows invalidDocumentId', async ({
  page,
  request,
}) => {
  const tokens = await createReadyUser(request, uniqueEmail('notfound'));
  await seedStorage(page, { tokens, cookies: true, language: 'en' });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/blueprints/reports/abc');
  await expect(page.getByText('Invalid document id')).toBeVisible();
  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
});
