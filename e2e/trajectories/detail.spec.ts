import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  createReadyUser,
  PASSWORD,
  refresh,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { businessDay, displayDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import {
  addBlueprintRole,
  auth,
  checkState,
  createTrajectory,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  getTrajectory,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';

/**
 * The trajectory detail frame (issue 8; spec part 1 §2 "Trajectory detail", §4, §5, §8): routes (bad
 * id, section fallback), tabs, the header (title and description with the 255 counter, D5), the
 * access section (roles, a new user, undo/redo, save, canNotRevokeRight), a student who reads the
 * access only (D35), and an expired trajectory (D12). The demo data needs its own server (SEED_DEMO);
 * the expired trajectory a second one with TRAJECTORY_TRIAL_DAYS=0.
 */

const basePort = Number(process.env.E2E_PORT);
const DEMO_PORT = basePort + 100;
const EXPIRED_PORT = basePort + 200;
const PROVIDER_PORT = basePort + 1200;

const REFUSED = 'Met deze wijziging zou je zelf het recht verliezen om rechten te beheren.';
const SAVED = 'De wijzigingen zijn opgeslagen.';
const EXPIRED = 'Dit traject is niet actief: je kunt het bekijken, maar niet wijzigen.';

const tabs = (page: Page, name = 'Onderdelen van het traject') => page.getByRole('tablist', { name });
const headerToolbar = (page: Page, name = 'Traject bewerken') => page.getByRole('toolbar', { name });

/** A text or combobox input by its accessible name (Mantine's pickers are comboboxes). */
const input = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true }).or(page.getByRole('textbox', { name, exact: true }));

async function choose(page: Page, label: string, option: string): Promise<void> {
  await input(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Ctrl+Z and Ctrl+Shift+Z act on the access list outside text fields. */
async function pressOutsideFields(page: Page, keys: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(keys);
}

test.describe('the trajectory detail frame on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let student: Tokens;
  let first: { id: number; name: string };

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    student = await signInDemo(request, DEMO_STUDENT);
    // The student's trajectory is the first the seed made (the one the student can list).
    const theirs = await listTrajectories(request, student);
    const found = theirs[0];
    if (!found) throw new Error('the demo student has no trajectory');
    first = found;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('routes: a bad id, an unknown section, the tabs (nl)', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectory/abc/form');
    await expect(page.getByText('Ongeldig documentnummer')).toBeVisible();
    await page.goto('/trajectory/99999999999/access');
    await expect(page.getByText('Ongeldig documentnummer')).toBeVisible();

    // No section: the first the reader may read (D43), here the dashboard; an unknown one: access.
    await page.goto(`/trajectory/${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/trajectory/${first.id}/dashboard$`));
    await page.goto(`/trajectory/${first.id}/onbekend`);
    await expect(page).toHaveURL(new RegExp(`/trajectory/${first.id}/access$`));
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    for (const name of ['Toegang', 'Informatie', 'Beoordeling', 'Verslagen', 'Dashboard'])
      await expect(tabs(page).getByRole('tab', { name })).toBeVisible();
    await expect(tabs(page).getByRole('tab', { name: 'Toegang' })).toHaveAttribute('aria-selected', 'true');

    // Each tab opens its section (the evaluation's own spec tests it further).
    await tabs(page).getByRole('tab', { name: 'Beoordeling' }).click();
    await expect(page).toHaveURL(new RegExp(`/trajectory/${first.id}/evaluation$`));
    await checkState(page, 'trajectory-detail-evaluation-nl', () =>
      expect(page.getByTestId('evaluation-section')).toBeVisible(),
    );

    // The print view keeps only the title of the header.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    await expect(headerToolbar(page)).toBeHidden();
    await expect(
      page.getByRole('textbox', { name: 'Filter op naam van velden en competenties' }),
    ).toBeHidden();
    await expect(tabs(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Terug naar de trajecten' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(headerToolbar(page)).toBeVisible();

    // Not found.
    await page.goto('/trajectory/987654/access');
    await expect(page.getByText('Traject niet gevonden')).toBeVisible();
    await expectAccessible(page, 'trajectory-detail-not-found-nl');

    // Exit goes to the list.
    await page.goto(`/trajectory/${first.id}/access`);
    await page.getByRole('link', { name: 'Terug naar de trajecten' }).click();
    await expect(page).toHaveURL(/\/trajectories$/);
  });

  test('the header: title and description with the 255 counter, saved and reloaded (nl)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${first.id}/access`);
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'BPV-traject Verzorgende IG' })).toBeVisible();
    await expect(page.getByText(/\(nieuwste: \d+\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bijwerken', exact: true })).toBeDisabled();

    const toolbar = headerToolbar(page);
    await toolbar.getByRole('button', { name: 'Bewerken' }).click();
    await expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    const title = input(page, 'Titel');
    const description = input(page, 'Omschrijving');
    await title.fill('');
    await expect(page.getByText('Dit veld is verplicht.')).toBeVisible();
    await title.fill(`${first.name} (leerjaar 3)`);
    await description.fill('x'.repeat(256));
    await expect(page.getByText('256/255 tekens')).toBeVisible();
    await expect(page.getByText('De omschrijving mag hier hooguit 255 tekens lang zijn.')).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    await description.fill('Stage bij Zorgcentrum De Linde, afdeling Dagbesteding.');
    await expect(page.getByText('54/255 tekens')).toBeVisible();
    await checkState(page, 'trajectory-detail-header-edit-nl', () => expect(title).toBeVisible());

    // Leaving with unsaved changes asks first.
    await tabs(page).getByRole('tab', { name: 'Beoordeling' }).click();
    const leave = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Blijven' }).click();
    await expect(page).toHaveURL(/\/access$/);

    await toolbar.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole('heading', { name: `${first.name} (leerjaar 3)`, level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: `${first.name} (leerjaar 3)`, level: 1 })).toBeVisible();
    await expect(page.getByText('Stage bij Zorgcentrum De Linde, afdeling Dagbesteding.')).toBeVisible();

    // Cancel with changes asks; discarding keeps the saved title.
    await toolbar.getByRole('button', { name: 'Bewerken' }).click();
    await input(page, 'Titel').fill('Weg ermee');
    await toolbar.getByRole('button', { name: 'Annuleren' }).click();
    const discard = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await discard.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    await expect(page.getByRole('heading', { name: `${first.name} (leerjaar 3)`, level: 1 })).toBeVisible();
    first = { ...first, name: `${first.name} (leerjaar 3)` };
  });

  test('the access section: a role, a new user, undo/redo, save, canNotRevokeRight (nl)', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${first.id}/access`);
    await checkState(page, 'trajectory-detail-access-view-nl', () =>
      expect(page.getByRole('button', { name: 'Toegang bewerken' })).toBeEnabled(),
    );
    await expect(page.getByRole('button', { name: 'Rol toevoegen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Toegang bewerken' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Toegang bewerken' });
    await expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeDisabled();

    // A new role: blank and duplicate names are refused.
    await input(page, 'Nieuwe rol').fill('   ');
    await expect(page.getByRole('button', { name: 'Rol toevoegen' })).toBeDisabled();
    await input(page, 'Nieuwe rol').fill('student');
    await expect(page.getByRole('button', { name: 'Rol toevoegen' })).toBeDisabled();
    await input(page, 'Nieuwe rol').fill('  Stagebegeleider ');
    await page.getByRole('button', { name: 'Rol toevoegen' }).click();
    await expect(page.getByRole('radio', { name: 'Stagebegeleider' })).toBeVisible();

    // Members of the organisation are suggested while typing (those not in the list yet).
    await page.getByRole('button', { name: `${DEMO_STUDENT} verwijderen` }).click();
    const email = input(page, 'E-mailadres');
    await email.fill('gebr');
    await page.getByRole('option', { name: DEMO_STUDENT }).click();
    await expect(email).toHaveValue(DEMO_STUDENT);
    await choose(page, 'Rollen', 'Student');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    await expect(page.getByText(DEMO_STUDENT, { exact: true })).toBeVisible();

    // A new user, typed, lower-cased, with a role; one already in the list is refused.
    await email.fill('Nieuwe.Mentor@Example.com');
    await choose(page, 'Rollen', 'Praktijkopleider');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    await expect(page.getByText('nieuwe.mentor@example.com', { exact: true })).toBeVisible();
    await email.fill(DEMO_OWNER.toUpperCase());
    await expect(page.getByText('Deze gebruiker staat al in de lijst.')).toBeVisible();
    await email.fill('');

    // Undo and redo by keyboard.
    await pressOutsideFields(page, 'Control+z');
    await expect(page.getByText('nieuwe.mentor@example.com', { exact: true })).toHaveCount(0);
    await pressOutsideFields(page, 'Control+Shift+z');
    await expect(page.getByText('nieuwe.mentor@example.com', { exact: true })).toBeVisible();

    // Taking away the own rights admin is refused.
    await page.getByRole('button', { name: 'Rol Docent verwijderen' }).click();
    await expect(page.getByText(REFUSED).first()).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Docent' })).toBeVisible();
    await notificationsGone(page);
    await checkState(page, 'trajectory-detail-access-edit-nl', () =>
      expect(page.getByText('nieuwe.mentor@example.com', { exact: true })).toBeVisible(),
    );

    await toolbar.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toegang bewerken' })).toBeEnabled();
    await page.reload();
    // In the users' list (the Accounts section below names them too, D58).
    await expect(
      page.getByRole('list', { name: 'Gebruikers' }).getByText('nieuwe.mentor@example.com', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByTestId('account-states').getByText('nieuwe.mentor@example.com', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Stagebegeleider' })).toBeVisible();

    // Saving without changes sends nothing and just leaves edit mode.
    await page.getByRole('button', { name: 'Toegang bewerken' }).click();
    await expect(toolbar.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    await toolbar.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByRole('button', { name: 'Toegang bewerken' })).toBeVisible();
  });

  test('the blueprint update shows what changes, then applies it (D10, nl)', async ({ page, request }) => {
    test.setTimeout(180_000);
    // Another trajectory than the student's: the update changes its roles.
    const other = (await listTrajectories(request, owner)).find((item) => item.id !== first.id);
    if (!other) throw new Error('the demo has one trajectory only');
    const { blueprintId, blueprintVersion } = await getTrajectory(request, owner, other.id);
    if (blueprintId === null || blueprintVersion === null)
      throw new Error('the demo trajectory has no blueprint');
    await addBlueprintRole(request, owner, blueprintId, 'Stagecoördinator');

    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${other.id}/access`);
    const latest = blueprintVersion + 1;
    await expect(page.getByText(`${blueprintVersion} (nieuwste: ${latest})`)).toBeVisible();
    const update = page.getByRole('button', { name: 'Bijwerken', exact: true });
    await expect(update).toBeDisabled();
    await headerToolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    await expect(update).toBeEnabled();
    await update.click();
    const dialog = page.getByRole('dialog', {
      name: 'Traject bijwerken naar de nieuwste versie van het sjabloon',
    });
    await expect(dialog.getByText('Nieuwe rol: Stagecoördinator')).toBeVisible();
    await checkState(page, 'trajectory-detail-update-nl', () =>
      expect(dialog.getByText('Nieuwe rol: Stagecoördinator')).toBeVisible(),
    );
    await dialog.getByRole('button', { name: `Bijwerken naar versie ${latest}` }).click();
    await expect(
      page.getByText(`Het traject is bijgewerkt naar versie ${latest} van het sjabloon.`),
    ).toBeVisible();
    await expect(page.getByText(`${latest} (nieuwste: ${latest})`)).toBeVisible();
    await expect(update).toBeDisabled();
  });

  test('a student lands on their progress (D43), reads the access and cannot edit it (nl, second browser context)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await seedStorage(page, { tokens: student, cookies: true, language: 'nl' });
    // Opened from a link, the trajectory shows the student their own progress first, not the rights (D43).
    await page.goto(`/trajectory/${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/trajectory/${first.id}/(dashboard|evaluation)$`));
    await page.goto(`/trajectory/${first.id}/access`);
    await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    await expect(
      page.getByText('Je kunt zien wie toegang heeft tot dit traject, maar je mag de toegang niet wijzigen.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toegang bewerken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rol toevoegen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Gebruiker toevoegen' })).toHaveCount(0);
    await expect(page.getByText(DEMO_STUDENT, { exact: true })).toBeVisible();
    await checkState(page, 'trajectory-detail-access-student-nl', () =>
      expect(page.getByRole('radio', { name: 'Student' })).toBeVisible(),
    );
    await context.close();
  });

  test('in English, on a phone', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(`/trajectory/${first.id}/access`);
    const list = tabs(page, 'Parts of the trajectory');
    for (const name of ['Access', 'Information', 'Evaluation', 'Reports', 'Dashboard'])
      await expect(list.getByRole('tab', { name })).toBeVisible();
    await expect(page.getByText('Blueprint:')).toBeVisible();
    await checkState(page, 'trajectory-detail-access-en', () =>
      expect(page.getByRole('button', { name: 'Edit access' })).toBeVisible(),
    );
    await headerToolbar(page, 'Edit trajectory').getByRole('button', { name: 'Edit' }).click();
    await checkState(page, 'trajectory-detail-header-edit-en', () =>
      expect(page.getByText(/\d+\/255 characters/)).toBeVisible(),
    );
    await page.setViewportSize(PHONE);
    await list.getByRole('tab', { name: 'Reports' }).click({ force: false });
    await expect(page).toHaveURL(/\/reports$/);
  });
});

test.describe('an expired trajectory', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${EXPIRED_PORT}` });
  let server: ServerHandle;
  let outerDataDir: string | undefined;

  test.beforeAll(async () => {
    // D12: TRAJECTORY_TRIAL_DAYS=0 — a trajectory of a private organisation starts inactive.
    server = await startServer(EXPIRED_PORT, freshDataDir(), { TRAJECTORY_TRIAL_DAYS: '0' });
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('shows the banner and offers no editing (nl and en)', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('td-expired');
    const teacher = await createReadyUser(request, email, 'ROC Verloop');
    const id = await createTrajectory(request, teacher, email, 'Proeftraject Noor');
    await seedStorage(page, { tokens: teacher, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${id}/access`);
    await expect(page.getByRole('heading', { name: 'Proeftraject Noor', level: 1 })).toBeVisible();
    await expect(page.getByText(EXPIRED).first()).toBeVisible();
    await expect(headerToolbar(page).getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Toegang bewerken' })).toBeDisabled();
    await expect(
      page.getByText('geen', { exact: true }).or(page.getByRole('link', { name: /sjabloon/ })),
    ).toBeVisible();
    // D12: a private organisation extends with credits: its owner gets the wizard, not a date field.
    await expect(page.getByText('Niet actief', { exact: true })).toBeVisible();
    // The banner says it never started, and offers the extension with this trajectory chosen.
    await expect(page.getByText('Dit traject is niet actief', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verlengen' })).toHaveAttribute(
      'href',
      `/extend-trajectories?trajectory=${id}`,
    );
    await expect(page.getByRole('button', { name: 'Actieve periode wijzigen' })).toHaveCount(0);
    // No dashboard widgets in an empty blueprint: no dashboard tab.
    await expect(tabs(page).getByRole('tab', { name: 'Dashboard' })).toHaveCount(0);
    await checkState(page, 'trajectory-detail-expired-nl', () =>
      expect(page.getByText(EXPIRED).first()).toBeVisible(),
    );

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByText('This trajectory is not active', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit access' })).toBeDisabled();
    await expectAccessible(page, 'trajectory-detail-expired-en');
    await shoot(page, 'trajectory-detail-expired-en-1280');
  });
});

test.describe('organisation 0: the active period (D12)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${PROVIDER_PORT}` });
  const email = uniqueEmail('td-provider');
  let server: ServerHandle;
  let outerDataDir: string | undefined;

  test.beforeAll(async ({ playwright }) => {
    const dataDir = freshDataDir();
    server = await startServer(PROVIDER_PORT, dataDir);
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = dataDir;
    const request = await playwright.request.newContext({ baseURL: server.url });
    await createReadyUser(request, email, 'Aanbieder');
    await request.dispose();
    await stopServer(server);
    // D11: PROVIDER_ADMINS makes the account an owner of organisation 0 at start-up.
    server = await startServer(PROVIDER_PORT, dataDir, { PROVIDER_ADMINS: email });
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a METADATA holder brings an expired trajectory back with a new last day (nl, en, phone)', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const tokens = await refresh(request, (await login.json()) as Tokens, 0);
    const name = 'Traject van de aanbieder';
    const id = await createTrajectory(request, tokens, email, name);
    // Made expired three days ago through the same call the dialog uses.
    const expired = await request.put(`/api/v2/trajectories/${id}`, {
      data: { name, description: 'Verlopen proeftraject', activeUntil: businessDay(-3) },
      headers: auth(tokens),
    });
    expect(expired.status()).toBe(200);

    await seedStorage(page, { tokens, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${id}/access`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // It had a last day: expired on that day (not "not active").
    const expiredOn = `Dit traject is verlopen op ${displayDay(-3)}: je kunt het bekijken, maar niet meer wijzigen.`;
    await expect(page.getByText(expiredOn)).toBeVisible();
    await expect(page.getByText(`Actief tot: ${displayDay(-3)} (verlopen)`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verlengen' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Actieve periode wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actieve periode wijzigen' });
    await expect(dialog.getByText(/ligt in het verleden/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    const field = dialog
      .getByRole('textbox', { name: 'Actief tot' })
      .or(dialog.getByRole('button', { name: 'Actief tot' }));
    await field.fill(displayDay(30));
    await field.press('Tab');
    await expect(dialog.getByText(/De laatste dag waarop het traject actief is/)).toBeVisible();
    await checkState(page, 'trajectory-active-until-dialog-nl', () =>
      expect(dialog.getByRole('button', { name: 'Opslaan' })).toBeEnabled(),
    );
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(expiredOn)).toHaveCount(0);
    await expect(page.getByText(`Actief tot: ${displayDay(30)}`, { exact: true })).toBeVisible();
    await expect(headerToolbar(page).getByRole('button', { name: 'Bewerken' })).toBeVisible();
    expect((await getTrajectory(request, tokens, id)) as unknown).toMatchObject({
      activeUntil: businessDay(30),
    });

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByText(`Active until: ${displayDay(30)}`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Change active period' }).click();
    const english = page.getByRole('dialog', { name: 'Change active period' });
    // The calendar open, named and readable (its arrows, no faint days).
    await english
      .getByRole('textbox', { name: 'Active until' })
      .or(english.getByRole('button', { name: 'Active until' }))
      .click();
    await checkState(page, 'trajectory-active-until-dialog-en', () =>
      expect(page.getByRole('button', { name: 'Next month' })).toBeVisible(),
    );
  });
});
