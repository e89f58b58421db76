import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  createActivatedUser,
  createReadyUser,
  PASSWORD,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { shoot } from '../support/shots';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

async function check(page: Page, name: string, ready: () => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    // No horizontal overflow on any width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows at ${size.width}px`).toBeLessThanOrEqual(0);
    await shoot(page, `${name}-${size.width}`);
  }
  await expectAccessible(page, name);
}

test.describe.configure({ mode: 'serial' });

test('public screens', async ({ page }) => {
  test.setTimeout(120_000);
  await seedStorage(page, { language: 'nl' });
  await page.goto('/login');
  await check(page, 'login-with-cookie-notice', () =>
    expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await check(page, 'login-errors', () =>
    expect(page.getByText('Dit veld is verplicht.').first()).toBeVisible(),
  );
  for (const [path, heading] of [
    ['/register', 'Account aanmaken'],
    ['/request-password-reset', 'Wachtwoord vergeten'],
    ['/reset-password?code=x', 'Nieuw wachtwoord instellen'],
    ['/activate?code=wrong', 'Account activeren'],
    ['/oops', 'Pagina niet gevonden'],
  ] as const) {
    await page.goto(path);
    const name = path.slice(1).replace(/[?=/]/g, '-');
    await check(page, name, () => expect(page.getByRole('heading', { name: heading })).toBeVisible());
  }
  await page.goto('/activate?code=wrong');
  await check(page, 'activate-failed', () => expect(page.getByTestId('activation-result')).toBeVisible());
});

test('sign-in stages: licence and empty organisation picker', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('screens-stages');
  await createActivatedUser(request, email);
  await seedStorage(page, { cookies: true, language: 'en' });
  await page.goto('/login');
  await check(page, 'login-en', () => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible());
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await check(page, 'licence', () =>
    expect(page.getByRole('heading', { name: 'Licence agreement' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await check(page, 'picker-empty', () => expect(page.getByTestId('no-organisations')).toBeVisible());
  await page.getByRole('link', { name: 'Create organisation' }).click();
  await check(page, 'create-organisation', () =>
    expect(page.getByRole('heading', { name: 'Create an organisation' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await check(page, 'create-organisation-errors', () =>
    expect(page.getByText('This field is required.').first()).toBeVisible(),
  );
});

test('frame screens of a fully authenticated owner', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('screens-owner');
  const tokens: Tokens = await createReadyUser(request, email, 'Stichting Openbaar Onderwijs Groeiland');
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });

  for (const [path, heading] of [
    ['/trajectories', 'Trajecten'],
    ['/profile', 'Mijn profiel'],
    ['/blueprints', 'Sjablonen'],
    ['/extracts', 'Voortgangsrapporten'],
    ['/trash', 'Prullenbak'],
    ['/credits', 'Tegoed'],
    ['/trajectory/abc/form', 'Traject'],
  ] as const) {
    await page.goto(path);
    await check(page, `frame${path.replace(/\//g, '-')}`, () =>
      expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible(),
    );
  }

  // The burger menu on a phone.
  await page.goto('/trajectories');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Prullenbak' }),
  ).toBeVisible();
  await shoot(page, 'frame-burger-375');
  await page
    .getByRole('navigation', { name: 'Hoofdnavigatie' })
    .getByRole('link', { name: 'Prullenbak' })
    .click();
  await expect(page).toHaveURL(/\/trash$/);

  // The menus.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /Organisatie:/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Organisatie aanmaken' })).toBeVisible();
  await shoot(page, 'frame-organisation-menu-1280');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Overal afmelden' })).toBeVisible();
  await shoot(page, 'frame-user-menu-1280');
  await page.getByRole('menuitem', { name: 'Profiel' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Voornaam').fill('Fatima');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Voornaam')).toHaveValue('Fatima');
  await page.getByRole('button', { name: 'Uitleg over tegoed' }).click();
  await check(page, 'credits-info', () => expect(page.getByRole('dialog', { name: 'Tegoed' })).toBeVisible());
});
