import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  createActivatedUser,
  createReadyUser,
  ORGANISATION,
  PASSWORD,
  refresh,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { shoot } from '../support/shots';

// Every screen in Dutch (long compound words: "Licentieovereenkomst", "Organisatiegegevens") on the
// narrowest phones: nothing runs out of the page or out of its box.

const WIDTHS = [320, 375] as const;

/** Fails when the page scrolls sideways or a heading or title is wider than its box or its container. */
async function expectFits(page: Page, name: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      found.push(`page scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
    }
    const titles = document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, h4, h5, h6, .mantine-Title-root, .mantine-Alert-title, .mantine-Modal-title, legend',
    );
    for (const title of Array.from(titles)) {
      if (title.offsetParent === null) continue; // not rendered
      const text = title.textContent?.trim().slice(0, 40) ?? '';
      if (title.scrollWidth > title.clientWidth + 1) {
        found.push(`"${text}" overflows itself: ${title.scrollWidth} > ${title.clientWidth}`);
      }
      const box = title.getBoundingClientRect();
      const parent = title.parentElement?.getBoundingClientRect();
      if (parent && (box.right > parent.right + 1 || box.left < parent.left - 1)) {
        found.push(
          `"${text}" sticks out of its container: ${box.left}–${box.right} vs ${parent.left}–${parent.right}`,
        );
      }
      if (box.right > window.innerWidth + 1) found.push(`"${text}" runs off the screen at ${box.right}`);
    }
    // Button and choice labels are not cut off.
    for (const label of Array.from(
      document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-SegmentedControl-label'),
    )) {
      if (label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1) {
        found.push(`"${label.textContent?.trim()}" is cut off: ${label.scrollWidth} > ${label.clientWidth}`);
      }
    }
    // Logos and avatars in buttons (the top bar's organisation button) are never cut off.
    for (const avatar of Array.from(document.querySelectorAll<HTMLElement>('button .mantine-Avatar-root'))) {
      const box = avatar.getBoundingClientRect();
      const button = avatar.closest('button')?.getBoundingClientRect();
      if (button && (box.left < button.left - 1 || box.right > button.right + 1)) {
        found.push(
          `an avatar is cut off by its button: ${box.left}–${box.right} vs ${button.left}–${button.right}`,
        );
      }
    }
    return found;
  });
  expect.soft(problems, name).toEqual([]);
}

/** Visits the screen at each width: waits for `ready`, checks the fit, saves a screenshot. */
async function check(page: Page, name: string, ready: () => Locator): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 720 });
    await expect(ready()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expectFits(page, `${name} at ${width}px`);
    await shoot(page, `narrow-${name}-${width}`);
  }
}

async function login(request: APIRequestContext, email: string): Promise<Tokens> {
  const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Tokens;
}

test('sign-in screens and public pages fit 320 and 375 px in Dutch', async ({ page }) => {
  test.setTimeout(120_000);
  await seedStorage(page, { language: 'nl' });
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/login');
  await check(page, 'login-cookie-notice', () => page.getByRole('heading', { name: 'Aanmelden' }));
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await check(page, 'login-errors', () => page.getByText('Dit veld is verplicht.').first());
  for (const [path, heading] of [
    ['/register', 'Account aanmaken'],
    ['/activate?code=wrong', 'Account activeren'],
    ['/request-password-reset', 'Wachtwoord vergeten'],
    ['/reset-password?code=x', 'Nieuw wachtwoord instellen'],
    ['/oops', 'Pagina niet gevonden'],
  ] as const) {
    await page.goto(path);
    const name = path.slice(1).replace(/[?=/]/g, '-');
    await check(page, name, () => page.getByRole('heading', { name: heading }));
  }
  await page.goto('/activate?code=wrong');
  await check(page, 'activate-failed', () => page.getByTestId('activation-result'));
});

test('licence, organisation picker and create organisation fit 320 and 375 px in Dutch', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('narrow-stages');
  await createActivatedUser(request, email);
  const tokens = await login(request, email);
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  await page.goto('/login');
  await check(page, 'licence', () => page.getByRole('heading', { name: 'Licentieovereenkomst' }));
  await page.getByRole('button', { name: 'Akkoord', exact: true }).click();
  await check(page, 'picker-empty', () => page.getByTestId('no-organisations'));
  await page.getByRole('link', { name: 'Organisatie aanmaken' }).click();
  await check(page, 'create-organisation', () => page.getByRole('heading', { name: 'Organisatie aanmaken' }));
  await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
  await check(page, 'create-organisation-errors', () => page.getByText('Dit veld is verplicht.').first());
});

test('the picker with organisations fits 320 and 375 px in Dutch', async ({ page, request }) => {
  const email = uniqueEmail('narrow-picker');
  const ready = await createReadyUser(request, email, 'Stichting Samenwerkingsverband Voortgezet Onderwijs');
  // Two organisations: with one it is chosen for the user and the picker never shows (issue 21).
  await request.post('/api/organisations', {
    data: { ...ORGANISATION, name: 'Basisschool De Kleine Prins' },
    headers: { Authorization: `Bearer ${ready.accessToken}` },
  });
  const tokens = await refresh(request, ready, null);
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  await page.goto('/login');
  await check(page, 'picker', () => page.getByRole('heading', { name: 'Kies een organisatie' }));
});

test('the screens of a signed-in owner fit 320 and 375 px in Dutch', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('narrow-owner');
  const tokens = await createReadyUser(request, email, 'Stichting Openbaar Onderwijs Groeiland');
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  const screens = [
    ['/profile', 'Mijn profiel'],
    ['/trajectories', 'Trajecten'],
    ['/trajectory/12/form', 'Traject'],
    ['/blueprints', 'Sjablonen'],
    ['/extracts', 'Voortgangsrapporten'],
    ['/trash', 'Prullenbak'],
    ['/credits', 'Tegoed'],
    ['/credits-success', null],
    ['/quote-success', null],
    ['/extend-trajectories', null],
    ['/nergens', 'Pagina niet gevonden'],
  ] as const;
  for (const [path, heading] of screens) {
    await page.goto(path);
    const name = `frame${path.replace(/\//g, '-')}`;
    await check(page, name, () =>
      heading
        ? page.getByRole('heading', { name: heading, level: 1 })
        : page.getByRole('heading', { level: 1 }),
    );
  }
  // The menu of a phone.
  await page.goto('/trajectories');
  await page.setViewportSize({ width: 320, height: 720 });
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Prullenbak' }),
  ).toBeVisible();
  await expectFits(page, 'burger menu at 320px');
  await shoot(page, 'narrow-frame-burger-320');
});
