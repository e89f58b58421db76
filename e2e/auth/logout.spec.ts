import { expect, type Page, test } from '@playwright/test';
import { createReadyUser, PASSWORD, refresh, seedStorage, uniqueEmail } from '../support/accounts';

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}

test('log out ends this session only (nl)', async ({ page, browser, request }) => {
  const email = uniqueEmail('logout');
  const tokens = await createReadyUser(request, email);
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  await page.goto('/trajectories');
  await expect(page.getByRole('heading', { name: 'Trajecten', level: 1 })).toBeVisible();

  // A second, independent session of the same user.
  const second = await createSecondSession(request, email);
  const other = await browser.newPage();
  await seedStorage(other, { tokens: second, cookies: true });

  await openUserMenu(page, 'Gebruikersmenu');
  await page.getByRole('menuitem', { name: 'Afmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeNull();
  // The old refresh token no longer works.
  const refused = await request.post('/api/auth/refresh', {
    data: { email, refreshToken: tokens.refreshToken, organisationId: tokens.organisationId },
  });
  expect(refused.status()).toBe(401);

  // The other session still lives.
  await other.goto('/profile');
  await expect(other.getByLabel('E-mailadres')).toHaveValue(email);
  await other.close();
});

test('log out everywhere ends every session (en)', async ({ page, request }) => {
  const email = uniqueEmail('logout-all');
  const tokens = await createReadyUser(request, email);
  const second = await createSecondSession(request, email);
  await seedStorage(page, { tokens, cookies: true, language: 'en' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();

  await openUserMenu(page, 'User menu');
  await page.getByRole('menuitem', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeNull();
  const refused = await request.post('/api/auth/refresh', {
    data: { email, refreshToken: second.refreshToken, organisationId: second.organisationId },
  });
  expect(refused.status()).toBe(401);
});

async function createSecondSession(
  request: Parameters<typeof createReadyUser>[0],
  email: string,
): Promise<{ accessToken: string; refreshToken: string; organisationId: number }> {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const tokens = (await login.json()) as { accessToken: string; refreshToken: string };
  const organisations = (await (
    await request.get('/api/organisations', { headers: { Authorization: `Bearer ${tokens.accessToken}` } })
  ).json()) as { id: number }[];
  const organisationId = organisations[0]!.id;
  return { ...(await refresh(request, tokens, organisationId)), organisationId };
}
