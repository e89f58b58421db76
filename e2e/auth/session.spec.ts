import { expect, test } from '@playwright/test';
import { createReadyUser, refresh, seedStorage, uniqueEmail } from '../support/accounts';
import { shoot } from '../support/shots';

/** A token whose claims say it expired; the client reads claims without verifying, the server never sees it. */
function expiredCopy(accessToken: string): string {
  const [header, payload, signature] = accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

test('an expired access token is refreshed before use, and the rotated refresh token is stored', async ({
  page,
  request,
}) => {
  const tokens = await createReadyUser(request, uniqueEmail('expired'));
  await seedStorage(page, {
    tokens: { accessToken: expiredCopy(tokens.accessToken), refreshToken: tokens.refreshToken },
    cookies: true,
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tokens'))) ?? '{}') as {
    refreshToken?: string;
  };
  expect(stored.refreshToken).toBeTruthy();
  expect(stored.refreshToken).not.toBe(tokens.refreshToken);
});

test('a refused refresh clears the tokens and leads to /login', async ({ page, request }) => {
  const tokens = await createReadyUser(request, uniqueEmail('refused'));
  // Rotate twice through the API: the browser's refresh token is stale, and its successor has moved on
  // too, so the server's short grace for a just-rotated token (issue 6) does not apply.
  const next = await refresh(request, tokens, tokens.organisationId);
  await refresh(request, next, tokens.organisationId);
  await seedStorage(page, {
    tokens: { accessToken: expiredCopy(tokens.accessToken), refreshToken: tokens.refreshToken },
    cookies: true,
  });
  await page.goto('/trajectories');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tokens'))).toBeNull();
});

test('/ leads to /trajectories for a signed-in user', async ({ page, request }) => {
  const tokens = await createReadyUser(request, uniqueEmail('root'));
  await seedStorage(page, { tokens, cookies: true });
  await page.goto('/');
  await expect(page).toHaveURL(/\/trajectories$/);
});

test('an external sign-in callback without a code returns to /login with an error', async ({ page }) => {
  await seedStorage(page, { cookies: true, language: 'en' });
  await page.goto('/oauth2/code/example');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-error')).toContainText(
    'Signing in through the external service failed.',
  );
  await page.goto('/oauth2/code/example?code=bogus&state=x');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test('the language choice changes texts and <html lang>, and is remembered', async ({ page }) => {
  await seedStorage(page, { cookies: true });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.getByRole('button', { name: /Taal kiezen/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test('switching organisation in the top bar refreshes the tokens for it', async ({ page, request }) => {
  const email = uniqueEmail('switch');
  const tokens = await createReadyUser(request, email, 'Alfa College');
  const second = await request.post('/api/organisations', {
    data: {
      name: 'Zeta Academie',
      type: 'COMPANY',
      streetName: 'Laan',
      streetNumber: '1',
      postalCode: '1000 AA',
      city: 'Amsterdam',
      country: 'NL',
      email: 'info@zeta.example.com',
      phoneNumber: '020 000 0000',
    },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(second.status()).toBe(201);
  const zeta = (await second.json()) as { id: number };
  await seedStorage(page, { tokens, cookies: true });
  await page.goto('/extracts');
  await page.getByRole('button', { name: /Organisatie: Alfa College/ }).click();
  const items = page.getByRole('menuitem');
  await expect(items.nth(0)).toContainText('Alfa College');
  await expect(items.nth(1)).toContainText('Zeta Academie');
  await shoot(page, 'frame-organisation-switch-1280');
  await page.getByRole('menuitem', { name: 'Zeta Academie' }).click();
  await expect(page).toHaveURL(/\/trajectories$/);
  await expect(page.getByRole('button', { name: /Organisatie: Zeta Academie/ })).toBeVisible();
  const claims = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('tokens') ?? '{}') as { accessToken: string };
    const part = stored.accessToken.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { organisation_id: number };
  });
  expect(claims.organisation_id).toBe(zeta.id);
});

test('two tabs refreshing at the same time stay signed in (refreshes are serialised across tabs)', async ({
  context,
  request,
}) => {
  const tokens = await createReadyUser(request, uniqueEmail('tabs'));
  const first = await context.newPage();
  await first.goto('/eula/nl.html');
  await first.evaluate(
    (seed) => {
      localStorage.setItem('tokens', JSON.stringify(seed));
      localStorage.setItem('cookies', 'true');
    },
    { accessToken: expiredCopy(tokens.accessToken), refreshToken: tokens.refreshToken },
  );

  // The first tab's refresh is held back, so the second tab starts its own while it is in flight.
  await first.route('**/api/auth/refresh', async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (response.url().includes('/api/auth/refresh')) refreshes.push(response.status());
  });
  const firstRefresh = first.waitForRequest('**/api/auth/refresh');
  await first.goto('/profile');
  await firstRefresh;
  const second = await context.newPage();
  await second.goto('/profile');

  for (const page of [first, second]) {
    await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  }
  await first.reload();
  await expect(first.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  expect(await second.evaluate(() => localStorage.getItem('tokens'))).not.toBeNull();
  // One tab refreshed; the other waited for the lock and took over the rotated tokens.
  expect(refreshes).toEqual([200]);
});
