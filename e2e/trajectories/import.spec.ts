import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { waitForLink } from '../support/outbox';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { checkState, DESKTOP, notificationsGone } from '../support/states';
import { DEMO_OWNER, DEMO_STUDENT, listTrajectories, signInDemo } from './detail-support';
import { DEMO_BLUEPRINT } from './list-support';

/**
 * New trajectories from a spreadsheet (issue 22): a teacher of the demo organisation imports a class
 * of 25 students from an .xlsx (by keyboard alone), a class from the OneRoster example export of
 * e2e/fixtures/oneroster and groups the list by it, and meets a file with bad rows that makes nothing.
 * Every step is checked with axe and photographed at 1280 and 375 px, in Dutch and in English.
 */

const PORT = Number(process.env.E2E_PORT) + 1900;
const ONEROSTER = join(import.meta.dirname, '..', 'fixtures', 'oneroster');

const FIRST = [
  'Emma',
  'Daan',
  'Sophie',
  'Milan',
  'Julia',
  'Levi',
  'Tess',
  'Sem',
  'Zoë',
  'Finn',
  'Lisa',
  'Noah',
  'Eva',
];
const LAST = [
  'de Boer',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Groot',
  'Mulder',
  'Bos',
  'Peters',
];

/**
 * The class of 25: name, school e-mail, class and student number, as a school's own sheet has them. The
 * last student already has an account (the demo's student): D58 invites the other 24 only.
 */
const CLASS = Array.from({ length: 25 }, (_, index) => {
  const name = `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`;
  const number = String(204001 + index);
  const email = index === 24 ? DEMO_STUDENT : `${number}@student.groeistad.nl`;
  return { name, email, klas: index < 13 ? 'VZ 4A' : 'VZ 4B', number };
});

/**
 * D58: the invitation mail's link opens the registration with the address filled in, in the language of
 * the inviter (a fresh browser: no one signed in).
 */
async function openInvitation(browser: Browser, email: string, language: 'nl' | 'en', label: string) {
  const link = await waitForLink(email, '/register');
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}`, locale: language });
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  await seedStorage(page, { cookies: true, language });
  await page.goto(link);
  const field = page.getByRole('textbox', { name: language === 'nl' ? /^E-mailadres/ : /^E-mail address/ });
  await checkState(page, label, () => expect(field).toHaveValue(email));
  await context.close();
}

function xlsx(name: string, rows: string[][]) {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Klas');
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

const TEXTS = {
  nl: {
    open: 'Nieuwe trajecten uit een spreadsheet',
    blueprint: 'Trajectsjabloon',
    file: 'Bestand',
    next: 'Volgende',
    role: 'Rol van de student',
    close: 'Klaar',
    toolbar: 'Acties voor trajecten',
  },
  en: {
    open: 'New trajectories from a spreadsheet',
    blueprint: 'Trajectory blueprint',
    file: 'File',
    next: 'Next',
    role: 'The student’s role',
    close: 'Done',
    toolbar: 'Trajectory actions',
  },
};
type Texts = (typeof TEXTS)['nl'];

const dialogOf = (page: Page, x: Texts) => page.getByRole('dialog', { name: x.open });
const step = (dialog: Locator) => dialog.getByTestId('import-step');

test.describe('new trajectories from a spreadsheet', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let before = 0;
  let outerDataDir: string | undefined;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    // The invitation mails (D58) land in this server's outbox.
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    before = (await listTrajectories(request, owner)).length;
    await request.dispose();
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a teacher imports 25 students from an .xlsx by keyboard and sees them in the list (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const x = TEXTS.nl;
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await notificationsGone(page);

    const open = page.getByRole('toolbar', { name: x.toolbar }).getByRole('button', { name: x.open });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page, x);
    await expect(step(dialog)).toHaveText('Stap 1 van 4: sjabloon en bestand');

    // Step 1: focus in the dialog (its heading, or the blueprint choice when that was ready first); the
    // blueprint by keyboard, the file through the file chooser the keyboard opens.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    const blueprint = dialog.getByLabel(x.blueprint);
    // The choice is disabled while the blueprints load; Tab would pass it by then.
    await expect(blueprint).toBeEnabled();
    if (!(await blueprint.evaluate((element) => element === document.activeElement)))
      await page.keyboard.press('Tab');
    await expect(blueprint).toBeFocused();
    await blueprint.selectOption({ label: DEMO_BLUEPRINT });
    await expect(dialog.getByTestId('creator-roles')).toHaveText('Je krijgt de rol Docent.');
    await page.keyboard.press('Tab');
    const chooser = page.waitForEvent('filechooser');
    await expect(dialog.getByRole('button', { name: x.file })).toBeFocused();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(
      xlsx('klas-vz4.xlsx', [
        ['Naam', 'E-mail', 'Klas', 'Leerlingnummer'],
        ...CLASS.map((row) => [row.name, row.email, row.klas, row.number]),
      ]),
    );
    await expect(dialog.getByTestId('import-source')).toHaveText('klas-vz4.xlsx: 25 rijen gevonden.');
    await checkState(page, 'import-source-nl', () =>
      expect(dialog.getByTestId('import-source')).toBeVisible(),
    );

    // Step 2: the columns guessed from the header, the role Student of the blueprint.
    await dialog.getByRole('button', { name: x.next }).focus();
    await page.keyboard.press('Enter');
    await expect(step(dialog)).toHaveText('Stap 2 van 4: kolommen koppelen');
    await expect(step(dialog)).toBeFocused();
    await expect(dialog.getByLabel('Kolom met de titel')).toHaveValue('0');
    await expect(dialog.getByLabel('Kolom met het e-mailadres van de student')).toHaveValue('1');
    await expect(dialog.getByRole('checkbox', { name: 'Klas' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Leerlingnummer' })).toBeChecked();
    await expect(dialog.getByLabel(x.role)).toHaveValue('Student');
    await checkState(page, 'import-columns-nl', () => expect(dialog.getByLabel(x.role)).toBeVisible());

    // Step 3: the server's check, no problems.
    await dialog.getByRole('button', { name: x.next }).focus();
    await page.keyboard.press('Enter');
    await expect(step(dialog)).toHaveText('Stap 3 van 4: controleren');
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      '25 trajecten worden aangemaakt. Geen problemen gevonden.',
    );
    await expect(dialog.getByTestId('import-row')).toHaveCount(25);
    await expect(dialog.getByTestId('import-row').first()).toContainText(
      'Klas: VZ 4A · Leerlingnummer: 204001',
    );
    await checkState(page, 'import-preview-nl', () =>
      expect(dialog.getByTestId('import-preview')).toBeVisible(),
    );

    // D58: "Uitnodiging mailen" is on unless turned off.
    await expect(dialog.getByRole('switch', { name: 'Uitnodiging mailen' })).toBeChecked();

    // Step 4: made, all at once.
    const create = dialog.getByRole('button', { name: '25 trajecten aanmaken' });
    await create.focus();
    await page.keyboard.press('Enter');
    await expect(step(dialog)).toHaveText('Stap 4 van 4: klaar');
    await expect(dialog.getByText('25 trajecten aangemaakt')).toBeVisible();
    // Who was invited and who already had an account (D58).
    await expect(dialog.getByTestId('import-people-summary')).toHaveText(
      '24 personen uitgenodigd · 1 had al een account',
    );
    const people = dialog.getByTestId('import-person');
    await expect(people.filter({ hasText: CLASS[0]?.email ?? '' })).toContainText('Uitgenodigd');
    await expect(people.filter({ hasText: DEMO_STUDENT })).toContainText('Had al een account');
    await checkState(page, 'import-done-nl', () => expect(dialog.getByTestId('import-done')).toBeVisible());
    await dialog.getByRole('button', { name: x.close }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    // The list holds them.
    await expect(page.getByTestId('trajectory-count')).toHaveText(`${before + 25} trajecten, 0 geselecteerd`);
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(CLASS[24]?.name ?? '');
    await expect(
      page.getByTestId('trajectory-row').getByRole('link', { name: CLASS[24]?.name }),
    ).toBeVisible();
  });

  test('the invitation mail opens the registration; the access screen shows each account and mails again (nl)', async ({
    page,
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const student = CLASS[0]?.email ?? '';
    await openInvitation(browser, student, 'nl', 'import-invitation-register-nl');

    const request = await playwright.request.newContext({ baseURL: server.url });
    const trajectory = (await listTrajectories(request, owner)).find((item) => item.name === CLASS[0]?.name);
    await request.dispose();
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectory?.id}/access`);
    const states = page.getByTestId('account-state');
    const invited = states.filter({ hasText: student });
    await expect(invited).toHaveAttribute('data-state', 'INVITED');
    await expect(invited).toContainText(/Uitgenodigd\s*op \d{2}\/\d{2}\/\d{4}/);
    await expect(states.filter({ hasText: DEMO_OWNER })).toContainText('Heeft een account');
    await checkState(page, 'import-access-accounts-nl', async () => {
      await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    });
    await invited.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/.artifacts/screenshots/import-access-accounts-nl-section.png' });

    const resend = page.getByRole('button', { name: `Uitnodiging opnieuw mailen naar ${student}` });
    await resend.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Uitnodiging gemaild naar ${student}.`)).toBeVisible();
  });

  test('the OneRoster export of the student administration makes a class, grouped by Klas (en)', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const x = TEXTS.en;
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto('/trajectories');
    await notificationsGone(page);
    await page.getByRole('toolbar', { name: x.toolbar }).getByRole('button', { name: x.open }).click();
    const dialog = dialogOf(page, x);
    await dialog.getByLabel(x.blueprint).selectOption({ label: DEMO_BLUEPRINT });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(
        ['users.csv', 'classes.csv', 'enrollments.csv', 'roles.csv'].map((f) => join(ONEROSTER, f)),
      );
    await expect(dialog.getByTestId('import-source')).toHaveText(
      'OneRoster export: 13 trajectories for 12 student(s) in 2 class(es). Teachers and other roles are left out.',
    );
    await checkState(page, 'import-source-oneroster-en', () =>
      expect(dialog.getByTestId('import-source')).toBeVisible(),
    );

    await dialog.getByRole('button', { name: x.next }).click();
    await expect(step(dialog)).toHaveText('Step 2 of 4: match the columns');
    await expect(dialog.getByText(/the class \(Klas\) and student number \(Leerlingnummer\)/)).toBeVisible();
    await expect(dialog.getByLabel(x.role)).toHaveValue('Student');
    await checkState(page, 'import-columns-oneroster-en', () =>
      expect(dialog.getByLabel(x.role)).toBeVisible(),
    );

    await dialog.getByRole('button', { name: x.next }).click();
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      '13 trajectories will be created. No problems found.',
    );
    const rows = dialog.getByTestId('import-row');
    await expect(rows.filter({ hasText: 'Lotte Vermeulen (VIG 3B)' })).toContainText('Klas: VIG 3B');
    await checkState(page, 'import-preview-oneroster-en', () =>
      expect(dialog.getByTestId('import-preview')).toBeVisible(),
    );
    await dialog.getByRole('button', { name: 'Create 13 trajectories' }).click();
    await expect(dialog.getByText('13 trajectories created')).toBeVisible();
    // D58: the export's 12 students have no account yet: each gets one invitation.
    await expect(dialog.getByTestId('import-people-summary')).toHaveText(
      '12 people invited · 0 already had an account',
    );
    await expect(
      dialog.getByTestId('import-person').filter({ hasText: 'lotte.vermeulen@leerling.groeistad.nl' }),
    ).toContainText('Invited');
    await checkState(page, 'import-done-oneroster-en', () =>
      expect(dialog.getByTestId('import-done')).toBeVisible(),
    );
    await dialog.getByRole('button', { name: x.close }).click();

    // Grouped by the class: the two classes of the export first (the sheet's VZ 4A and 4B further down).
    const groupBy = page.getByRole('combobox', { name: 'Group by' });
    await groupBy.fill('Klas');
    await groupBy.press('Enter');
    const groups = page.getByTestId('trajectory-group');
    await expect(groups.filter({ hasText: /^VIG 3A/ })).toHaveText(/^VIG 3A\s*7 trajectories$/);
    await expect(groups.filter({ hasText: /^VIG 3B/ })).toHaveText(/^VIG 3B\s*6 trajectories$/);
    await notificationsGone(page);
    await expectAccessible(page, 'import-grouped-en');
    await groupBy.fill('');
    await groupBy.press('Enter');

    await openInvitation(
      browser,
      'lotte.vermeulen@leerling.groeistad.nl',
      'en',
      'import-invitation-register-oneroster-en',
    );
    // The access screen in English: the student invited, the teacher with an account.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Lotte Vermeulen (VIG 3B)');
    await page.getByTestId('trajectory-row').getByRole('link', { name: 'Lotte Vermeulen (VIG 3B)' }).click();
    await page.getByRole('tab', { name: 'Access' }).click();
    const lotte = page
      .getByTestId('account-state')
      .filter({ hasText: 'lotte.vermeulen@leerling.groeistad.nl' });
    await expect(lotte).toContainText(/Invited\s*on \d{2}\/\d{2}\/\d{4}/);
    await checkState(page, 'import-access-accounts-oneroster-en', () =>
      expect(
        page.getByRole('button', {
          name: 'Mail again to lotte.vermeulen@leerling.groeistad.nl',
        }),
      ).toBeVisible(),
    );
  });

  test('a file with bad rows shows each problem in words and creates nothing (nl)', async ({ page }) => {
    const x = TEXTS.nl;
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    const total = `${before + 25 + 13} trajecten, 0 geselecteerd`;
    await expect(page.getByTestId('trajectory-count')).toHaveText(total);
    await page.getByRole('toolbar', { name: x.toolbar }).getByRole('button', { name: x.open }).click();
    const dialog = dialogOf(page, x);
    await dialog.getByLabel(x.blueprint).selectOption({ label: DEMO_BLUEPRINT });
    await dialog.locator('input[type="file"]').setInputFiles(
      xlsx('fouten.xlsx', [
        ['Naam', 'E-mail', 'Klas'],
        ['Iris Kok', 'iris@', 'VZ 4C'],
        ['Jesse Vos', 'jesse@student.groeistad.nl', 'VZ 4C'],
        ['jesse vos', 'jesse2@student.groeistad.nl', 'VZ 4C'],
        [CLASS[0]?.name ?? '', 'nieuw@student.groeistad.nl', 'VZ 4C'],
        ['', 'leeg@student.groeistad.nl', 'VZ 4C'],
        ['Kim Dekker', 'kim@student.groeistad.nl', 'VZ 4C'],
      ]),
    );
    await expect(dialog.getByTestId('import-source')).toHaveText('fouten.xlsx: 6 rijen gevonden.');
    await dialog.getByRole('button', { name: x.next }).click();
    await dialog.getByRole('button', { name: x.next }).click();
    await expect(dialog.getByTestId('import-summary')).toHaveText(
      '5 problemen gevonden. Pas het bestand of de kolommen aan: er wordt niets aangemaakt zolang er problemen zijn.',
    );
    // Only the rows with problems are shown at first, each problem in words.
    const problems = dialog.getByTestId('import-row-problems');
    await expect(problems).toHaveText([
      'Dit is geen geldig e-mailadres.',
      'Deze titel staat meer dan eens in het bestand.',
      'Deze titel staat meer dan eens in het bestand.',
      'Er is al een traject met deze titel.',
      'De titel ontbreekt.',
    ]);
    await expect(dialog.getByRole('button', { name: '6 trajecten aanmaken' })).toBeDisabled();
    await checkState(page, 'import-problems-nl', () =>
      expect(dialog.getByTestId('import-preview')).toBeVisible(),
    );
    await dialog.getByRole('switch', { name: 'Alleen rijen met problemen tonen' }).click();
    await expect(dialog.getByTestId('import-row')).toHaveCount(6);

    // Nothing was made: cancel (asking first) and the list is as it was.
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('trajectory-count')).toHaveText(total);
  });
});
