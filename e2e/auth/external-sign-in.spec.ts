import { expect, test } from '@playwright/test';
import { startIdentityProvider, type TestIdentityProvider } from '../../apps/server/test/oidc-provider';
import { expectAccessible } from '../support/a11y';
import { seedStorage } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';

// Its own server, configured with one OpenID Connect provider (oidc-provider on loopback).
const port = Number(process.env.E2E_PORT) + 2;
const base = `http://localhost:${port}`;

const TEXTS = {
  nl: {
    button: 'Aanmelden met SchoolID',
    licence: 'Licentieovereenkomst',
    accept: 'Akkoord',
    picker: 'Kies een organisatie',
  },
  en: {
    button: 'Sign in with SchoolID',
    licence: 'Licence agreement',
    accept: 'Accept',
    picker: 'Choose an organisation',
  },
} as const;

test.describe('external sign-in', () => {
  test.describe.configure({ mode: 'serial' });
  let idp: TestIdentityProvider;
  let server: ServerHandle;

  test.beforeAll(async () => {
    idp = await startIdentityProvider([`${base}/oauth2/code/schoolid`]);
    server = await startServer(port, freshDataDir(), {
      OIDC_PROVIDERS: 'schoolid',
      OIDC_SCHOOLID_ISSUER: idp.issuer,
      OIDC_SCHOOLID_CLIENT_ID: idp.clientId,
      OIDC_SCHOOLID_CLIENT_SECRET: idp.clientSecret,
      OIDC_SCHOOLID_LABEL: 'SchoolID',
    });
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
    await idp.close();
  });

  for (const language of ['nl', 'en'] as const) {
    const x = TEXTS[language];
    test(`signs in through the provider, lands on the licence and the picker (${language})`, async ({
      page,
    }) => {
      await seedStorage(page, { cookies: true, language });
      await page.goto(`${base}/login`);
      const button = page.getByRole('link', { name: x.button });
      await expect(button).toBeVisible();
      await expectAccessible(page, 'login with external provider');
      await shoot(page, `login-external-${language}-1280`);
      await button.click();

      // The provider's own (development) login and consent pages.
      const login = `ida-${language}-${Date.now()}`;
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();

      // Back in Groeipad: a new, activated account that still has to accept the licence.
      await expect(page.getByRole('heading', { name: x.licence })).toBeVisible();
      await page.getByRole('button', { name: x.accept, exact: true }).click();
      await expect(page.getByRole('heading', { name: x.picker })).toBeVisible();
      const tokens = await page.evaluate(
        () => Object.entries(localStorage).find(([k]) => k.includes('token'))?.[1] ?? '',
      );
      expect(tokens).toContain('accessToken');
    });
  }

  test('a failed callback goes back to the page before it; on the sign-in page the error shows', async ({
    page,
  }) => {
    await seedStorage(page, { cookies: true, language: 'en' });
    const failed = page.getByText('Signing in through the external service failed.');
    // Back, not to /login: from the registration page the user returns there, the error as a notice.
    await page.goto(`${base}/register`);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    // Arriving from elsewhere (the provider), as a real callback does.
    const fromProvider = { referer: 'https://id.example.com/' };
    await page.goto(`${base}/oauth2/code/schoolid?code=forged&state=forged`, fromProvider);
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(failed).toBeVisible();
    // From the sign-in page (where the provider buttons are), with the error; a forged code and no code.
    for (const query of ['?code=forged&state=forged', '?error=access_denied']) {
      await page.goto(`${base}/login`);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(failed).toHaveCount(0);
      await page.goto(`${base}/oauth2/code/schoolid${query}`, fromProvider);
      await expect(page).toHaveURL(/\/login$/);
      await expect(failed).toBeVisible();
      await shoot(page, `login-external-failed-back-${query.includes('code') ? 'code' : 'no-code'}`);
    }
    // Shown once: a later visit of the sign-in page is clean.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('a failed callback in a tab with nothing to go back to opens the sign-in page with the error', async ({
    page,
  }) => {
    await seedStorage(page, { cookies: true, language: 'en' });
    await page.goto(`${base}/oauth2/code/schoolid?code=forged&state=forged`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Signing in through the external service failed.')).toBeVisible();
  });
});
