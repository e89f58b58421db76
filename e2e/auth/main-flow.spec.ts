import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { createReadyUser, ORGANISATION, PASSWORD, seedStorage, uniqueEmail } from '../support/accounts';
import { waitForLink } from '../support/outbox';
import { shoot } from '../support/shots';
import { expectNoSidewaysScroll } from '../support/states';

const TEXTS = {
  nl: {
    email: 'E-mailadres',
    password: 'Wachtwoord',
    repeat: 'Herhaal wachtwoord',
    mismatch: 'De wachtwoorden komen niet overeen.',
    register: 'Registreren',
    registered: 'Bedankt voor je registratie',
    activated: 'Je account is geactiveerd',
    signIn: 'Aanmelden',
    licence: 'Licentieovereenkomst',
    accept: 'Akkoord',
    picker: 'Kies een organisatie',
    none: 'Je bent nog geen lid',
    create: 'Organisatie aanmaken',
    name: 'Naam',
    street: 'Straat',
    number: 'Huisnummer',
    postal: 'Postcode',
    city: 'Plaats',
    phone: 'Telefoonnummer',
    required: 'Dit veld is verplicht.',
    trajectories: 'Trajecten',
    noTrajectories: 'Nog geen trajecten',
  },
  en: {
    email: 'E-mail address',
    password: 'Password',
    repeat: 'Repeat password',
    mismatch: 'The passwords do not match.',
    register: 'Register',
    registered: 'Thank you for registering',
    activated: 'Your account has been activated',
    signIn: 'Sign in',
    licence: 'Licence agreement',
    accept: 'Accept',
    picker: 'Choose an organisation',
    none: 'You are not a member',
    create: 'Create organisation',
    name: 'Name',
    street: 'Street',
    number: 'House number',
    postal: 'Postal code',
    city: 'City',
    phone: 'Phone number',
    required: 'This field is required.',
    trajectories: 'Trajectories',
    noTrajectories: 'No trajectories yet',
  },
} as const;

for (const language of ['nl', 'en'] as const) {
  const x = TEXTS[language];

  test(`register → activate → sign in → licence → organisation → frame (${language})`, async ({ page }) => {
    const email = uniqueEmail(`flow-${language}`);
    await seedStorage(page, { cookies: true, language });

    // Register, with the client-side checks first.
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByLabel(x.email).fill(email);
    await page.getByRole('textbox', { name: x.password, exact: true }).fill('short');
    await page.getByLabel(x.repeat).fill('other');
    await page.getByRole('button', { name: x.register }).click();
    await expect(page.getByText(x.mismatch)).toBeVisible();
    await page.getByRole('textbox', { name: x.password, exact: true }).fill(PASSWORD);
    await page.getByLabel(x.repeat).fill(PASSWORD);
    await expectAccessible(page, 'register');
    await page.getByRole('button', { name: x.register }).click();
    await expect(page.getByTestId('register-success')).toContainText(x.registered);

    // Activate through the link in the mail.
    const activation = await waitForLink(email, '/activate');
    await page.goto(activation);
    await expect(page.getByTestId('activation-result')).toContainText(x.activated);
    await page
      .getByRole('link', { name: language === 'nl' ? 'Terug naar aanmelden' : 'Back to sign in' })
      .click();

    // Sign in.
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(x.email).fill(email);
    await page.getByRole('textbox', { name: x.password, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: x.signIn, exact: true }).click();

    // Licence.
    await expect(page.getByRole('heading', { name: x.licence })).toBeVisible();
    await expect(page.frameLocator('[data-testid="licence-frame"]').locator('h1')).toBeVisible();
    await expectAccessible(page, 'licence');
    await page.getByRole('button', { name: x.accept, exact: true }).click();

    // Organisation picker: none yet.
    await expect(page.getByRole('heading', { name: x.picker })).toBeVisible();
    await expect(page.getByTestId('no-organisations')).toContainText(x.none);
    await page.getByRole('link', { name: x.create }).click();

    // Create organisation: required fields are checked per field.
    await expect(page).toHaveURL(/\/create-organisation$/);
    await page.getByRole('button', { name: x.create }).click();
    await expect(page.getByText(x.required).first()).toBeVisible();
    await page.getByRole('textbox', { name: x.name, exact: true }).fill(`Organisatie ${language}`);
    await page.getByLabel(x.email).fill('info@example.com');
    await page.getByLabel(x.phone).fill('030 123 4567');
    await page.getByLabel(x.street).fill('Schoolstraat');
    await page.getByLabel(x.number).fill('12');
    await page.getByLabel(x.postal).fill('1234 AB');
    await page.getByLabel(x.city).fill('Utrecht');
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel(language === 'nl' ? 'Klein logo' : 'Small logo').click();
    await (await chooser).setFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#2b8a3e"/></svg>',
      ),
    });
    await expect(
      page.getByAltText(language === 'nl' ? 'Voorbeeld van het logo' : 'Logo preview'),
    ).toBeVisible();
    await expectAccessible(page, 'create organisation');
    await page.getByRole('button', { name: x.create }).click();

    // The frame: / → /trajectories, navigation visible, organisation chosen.
    await expect(page).toHaveURL(/\/trajectories$/);
    await expect(page.getByRole('heading', { name: x.trajectories, level: 1 })).toBeVisible();
    await expect(page.getByText(x.noTrajectories)).toBeVisible();
    await expect(page.getByRole('link', { name: x.trajectories })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('credit-chip')).toContainText('€');
    await expectAccessible(page, 'trajectories frame');

    // The login page is not for signed-in users.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/trajectories$/);
  });
}

test('the guard sends a visitor to /login and back to the wanted page after sign-in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('guard');
  await createReadyUser(request, email);
  await seedStorage(page, { cookies: true });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  // Licence signed already and one organisation: it is chosen for them, straight back to the page.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('E-mailadres')).toHaveValue(email);
  await expect(page.getByRole('button', { name: /Basisschool De Regenboog/ }).first()).toBeVisible();
});

for (const [language, width] of [
  ['nl', 1280],
  ['en', 375],
] as const) {
  test(`with two organisations the picker asks; with one it never does (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    const email = uniqueEmail(`picker-${language}`);
    const ready = await createReadyUser(request, email);
    await seedStorage(page, { cookies: true, language });
    const signIn = async () => {
      await page.goto('/login');
      await page.getByLabel(language === 'nl' ? 'E-mailadres' : 'E-mail address').fill(email);
      await page
        .getByRole('textbox', { name: language === 'nl' ? 'Wachtwoord' : 'Password', exact: true })
        .fill(PASSWORD);
      await page
        .getByRole('button', { name: language === 'nl' ? 'Aanmelden' : 'Sign in', exact: true })
        .click();
    };
    // One organisation: chosen at every sign-in, the picker never shows.
    await signIn();
    await expect(page).toHaveURL(/\/trajectories$/);
    await expect(
      page.getByRole('heading', {
        name: language === 'nl' ? 'Kies een organisatie' : 'Choose an organisation',
      }),
    ).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem('tokens'));

    // A second organisation: now the user chooses.
    await request.post('/api/organisations', {
      data: { ...ORGANISATION, name: 'Stichting Kindcentrum Zuid' },
      headers: { Authorization: `Bearer ${ready.accessToken}` },
    });
    await signIn();
    const picker = page.getByRole('heading', {
      name: language === 'nl' ? 'Kies een organisatie' : 'Choose an organisation',
    });
    await expect(picker).toBeVisible();
    await expect(page.getByRole('button', { name: /Stichting Kindcentrum Zuid/ })).toBeVisible();
    await expectAccessible(page, `picker with organisations ${language}`);
    await expectNoSidewaysScroll(page, `picker-${language}`);
    await shoot(page, `picker-list-${language}-${width}`);
    await page.getByRole('button', { name: /Basisschool De Regenboog/ }).click();
    await expect(page).toHaveURL(/\/trajectories$/);
  });
}

test('a wrong password shows invalidLogin', async ({ page }) => {
  await seedStorage(page, { cookies: true });
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill('nobody@example.com');
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Wrong-password1');
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page.getByTestId('login-error')).toContainText('Aanmelden mislukt');
});

test('signing in before activation says the account is not activated; /activate without code goes to /login', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('inactive');
  const registered = await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  expect(registered.ok()).toBe(true);
  await seedStorage(page, { cookies: true });
  await page.goto('/activate');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page.getByTestId('login-error')).toContainText('Je account is nog niet geactiveerd');
});
