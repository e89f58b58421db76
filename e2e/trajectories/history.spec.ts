import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { displayDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from '../support/states';
import {
  auth,
  DEMO_OWNER,
  DEMO_STUDENT,
  listTrajectories,
  notificationsGone,
  signInDemo,
} from './detail-support';
import { competenceCard, dateBox, shootDialog, storedCompetences } from './evaluation-support';
import { fieldUuids, formField, formValues, textInput } from './form-support';
import { createReport, DEMO_ADMIN, patchReport, reportField, scoreFirstCompetence } from './reports-support';

/**
 * Change history with restore (issue 9 "Beyond the spec"): the demo teacher changes a form field twice,
 * opens the history and finds both changes by name, filters by person and by date, and puts the first
 * value back, which the form then shows; the student sees only the history of fields they may read and
 * no restore; an evaluation restore adds a NEW dated entry (D2) and leaves the old ones; a report value
 * comes back in the report screen; English on a 375 px phone. axe and screenshots in both languages.
 * The demo data needs its own server (SEED_DEMO).
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 700;
// The machine is shared: a section's first load can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
const formShown = (page: Page) => expect(page.getByTestId('form-section')).toBeVisible({ timeout: 40_000 });
const evaluationShown = (page: Page) =>
  expect(page.getByTestId('evaluation-section')).toBeVisible({ timeout: 40_000 });
const reportShown = (page: Page) =>
  expect(page.getByTestId('report-screen')).toBeVisible({ timeout: 40_000 });
const SAVED = 'De wijzigingen zijn opgeslagen.';
const TEACHER = 'Eva Eigenaar';
const COLLEAGUE = 'Bram Beheerder';

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Traject bewerken' });
const historyDialog = (page: Page, subject: string) =>
  page.getByRole('dialog', { name: `Wijzigingsgeschiedenis: ${subject}` });
const entries = (dialog: Locator) => dialog.getByTestId('history-entry');

async function edit(page: Page): Promise<void> {
  await notificationsGone(page);
  await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
  await expect(toolbar(page).getByRole('button', { name: 'Opslaan' })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await toolbar(page).getByRole('button', { name: 'Opslaan' }).click();
  await expect(toolbar(page).getByRole('button', { name: 'Bewerken' })).toBeVisible();
  await expect(page.getByText(SAVED).first()).toBeVisible();
}

/** Types a dd/MM/yyyy day into one of the dialog's date filters and moves on (Escape would close it). */
async function typeDay(dialog: Locator, name: string, day: string): Promise<void> {
  const box = dateBox(dialog, name);
  await box.fill(day);
  await box.press('Tab');
  await expect(box).toHaveValue(day);
}

/** Opens one listed save's changes ("Bekijken"). */
async function view(entry: Locator): Promise<void> {
  await entry.getByRole('button', { name: /bekijken$|^View the change/ }).click();
  await expect(entry.getByTestId('history-change').first()).toBeVisible();
}

/** The dialog's own content does not scroll sideways either (it scrolls inside itself on a phone). */
async function expectDialogFits(page: Page, dialog: Locator, label: string): Promise<void> {
  await expectNoSidewaysScroll(page, label);
  const overflow = await dialog
    .locator('.mantine-Modal-body')
    .evaluate((body) => body.scrollWidth - body.clientWidth);
  expect(overflow, `${label}: the dialog overflows`).toBeLessThanOrEqual(0);
}

test.describe('change history with restore on the demo data', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let colleague: Tokens;
  let student: Tokens;
  let trajectoryId: number;
  let uuids: Record<string, string>;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    colleague = await signInDemo(request, DEMO_ADMIN);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    uuids = await fieldUuids(request, owner, trajectoryId);
    const patchForm = async (tokens: Tokens, values: Record<string, unknown>) => {
      const response = await request.patch(`/api/v2/trajectories/${trajectoryId}/form`, {
        data: Object.entries(values).map(([name, value]) => ({
          op: 'add',
          path: `/values/${uuids[name]}`,
          value,
        })),
        headers: auth(tokens),
      });
      expect(response.ok(), await response.text()).toBe(true);
    };
    // The required fields, so the teacher's form can be saved; a colleague's change to filter by.
    await patchForm(owner, { Geboortedatum: '2005-06-14', Opleiding: 'Verzorgende IG (niveau 3)' });
    await patchForm(colleague, { 'Uren per week': 24 });
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the teacher changes a field twice, finds both changes by name, filters, and restores the first value (nl)', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(240_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await expect(formField(page, 'Naam')).toContainText('Sanne de Vries');

    await edit(page);
    await textInput(page, 'Naam').fill('Sanne Jansen');
    await save(page);
    await edit(page);
    await textInput(page, 'Naam').fill('Sanne de Jong');
    await page.getByRole('checkbox', { name: 'VOG aanwezig' }).check();
    await save(page);
    await expect(formField(page, 'Naam')).toContainText('Sanne de Jong');
    await notificationsGone(page);

    await page.getByRole('button', { name: 'Wijzigingsgeschiedenis' }).click();
    const dialog = historyDialog(page, 'informatie');
    await expect(dialog).toBeVisible();
    // Newest first: my two saves, the colleague's, the required fields and the name from the data (D14).
    await expect(entries(dialog)).toHaveCount(5);
    await expect(entries(dialog).nth(0)).toContainText(TEACHER);
    await expect(entries(dialog).nth(0)).toContainText('Gewijzigd: Naam, VOG aanwezig');
    await expect(entries(dialog).nth(1)).toContainText('Gewijzigd: Naam');
    await expect(entries(dialog).nth(2)).toContainText(COLLEAGUE);
    await expect(entries(dialog).nth(2)).toContainText('Uren per week');
    await expect(entries(dialog).nth(0)).toContainText(new RegExp(`^${displayDay(0)} \\d\\d:\\d\\d`));

    // By person: the colleague's one change.
    await dialog.getByLabel('Gewijzigd door').click();
    await page.getByRole('option', { name: `${COLLEAGUE} (${DEMO_ADMIN})` }).click();
    await expect(entries(dialog)).toHaveCount(1);
    await expect(entries(dialog).first()).toContainText('Uren per week');
    await dialog.getByRole('button', { name: 'Filter wissen' }).click();
    await expect(entries(dialog)).toHaveCount(5);
    // By date: yesterday has nothing, today everything.
    const yesterday = displayDay(-1);
    await typeDay(dialog, 'Vanaf', yesterday);
    await typeDay(dialog, 'Tot en met', yesterday);
    await expect(dialog.getByTestId('history-empty')).toHaveText('Geen wijzigingen gevonden.');
    await typeDay(dialog, 'Tot en met', displayDay(0));
    await expect(entries(dialog)).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Filter wissen' }).click();

    // The first change of the name: before and after, readable.
    const first = entries(dialog).nth(1);
    await view(first);
    const change = first.getByTestId('history-change');
    await expect(change.locator('[data-side="before"]')).toContainText('Sanne de Vries');
    await expect(change.locator('[data-side="after"]')).toContainText('Sanne Jansen');
    // The newest shows the yes/no field readably.
    await view(entries(dialog).nth(0));
    await expect(entries(dialog).nth(0).getByTestId('history-change').nth(1)).toContainText('Niet ingevuld');
    await expect(entries(dialog).nth(0).getByTestId('history-change').nth(1)).toContainText('Ja');
    await expectAccessible(page, 'history-form');
    await shootDialog(page, 'history-form-1280');

    // Restore the first value, after the question.
    await change
      .locator('[data-side="after"]')
      .getByRole('button', { name: /^De waarde van Naam van/ })
      .click();
    await expect(first.getByTestId('restore-confirm')).toContainText('Dat wordt een nieuwe wijziging');
    await expectAccessible(page, 'history-form-confirm');
    await first.getByRole('button', { name: 'Ja, terugzetten' }).click();
    await expect(page.getByText('De waarde is teruggezet.')).toBeVisible();
    await expect(entries(dialog)).toHaveCount(6);
    await expect(entries(dialog).first()).toContainText('Gewijzigd: Naam');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(formField(page, 'Naam')).toContainText('Sanne Jansen');

    const request = await playwright.request.newContext({ baseURL: server.url });
    expect((await formValues(request, owner, trajectoryId))[uuids.Naam!]).toBe('Sanne Jansen');
    await request.dispose();
  });

  test('the student sees only the history of fields they may read, and restores nothing there (nl)', async ({
    page,
  }) => {
    await seedStorage(page, { tokens: student, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await page.getByRole('button', { name: 'Wijzigingsgeschiedenis' }).click();
    const dialog = historyDialog(page, 'informatie');
    await expect(entries(dialog)).toHaveCount(6);
    // The demo Student role never sees "VOG aanwezig" (hidden): not its name, not its value.
    await expect(entries(dialog).nth(1)).toContainText('Gewijzigd: Naam');
    await view(entries(dialog).nth(1));
    await expect(entries(dialog).nth(1).getByTestId('history-change')).toHaveCount(1);
    await expect(dialog).not.toContainText('VOG');
    // The name is not theirs to write: no restore.
    await expect(dialog.getByRole('button', { name: /terugzetten/ })).toHaveCount(0);
    await expectAccessible(page, 'history-form-student');
    await shootDialog(page, 'history-form-student-1280');
    await page.setViewportSize(PHONE);
    await expectDialogFits(page, dialog, 'history-form-student-375');
    await shootDialog(page, 'history-form-student-375');
    await page.setViewportSize(DESKTOP);
  });

  test('an evaluation restore adds a new dated entry and leaves the old ones (D2, nl)', async ({
    page,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    const competence = await scoreFirstCompetence(request, owner, trajectoryId, '1');
    await scoreFirstCompetence(request, colleague, trajectoryId, '3');
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    const chip = competenceCard(page, competence).locator('[data-score]').first();
    await expect(chip).toHaveText('Voldoende (3)');

    await page.getByRole('button', { name: 'Wijzigingsgeschiedenis' }).click();
    const dialog = historyDialog(page, 'beoordeling');
    await expect(entries(dialog)).toHaveCount(2);
    await expect(entries(dialog).nth(0)).toContainText(COLLEAGUE);
    await expect(entries(dialog).nth(1)).toContainText(`${competence}: beoordeling toegevoegd`);
    const older = entries(dialog).nth(1);
    await view(older);
    await expect(older.getByTestId('history-change')).toContainText('Nog niet (1)');
    await expectAccessible(page, 'history-evaluation');
    await shootDialog(page, 'history-evaluation-1280');
    await older.getByRole('button', { name: `Deze beoordeling van ${competence}`, exact: false }).click();
    await expect(older.getByTestId('restore-confirm')).toContainText('Eerdere beoordelingen blijven staan.');
    await older.getByRole('button', { name: 'Ja, terugzetten' }).click();
    await expect(page.getByText('De beoordeling is opnieuw toegevoegd.')).toBeVisible();
    await expect(entries(dialog)).toHaveCount(3);
    await expect(entries(dialog).first()).toContainText(TEACHER);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(chip).toHaveText('Nog niet (1)');
    await expect(
      competenceCard(page, competence).getByRole('button', { name: `Geschiedenis (3) van ${competence}` }),
    ).toBeVisible();

    const stored = (await storedCompetences(request, owner, trajectoryId))[competence]!;
    const kept = Object.values(stored.properties ?? {}).map((entry) => entry.score);
    expect(kept).toEqual(expect.arrayContaining(['1', '3', '1']));
    expect(kept).toHaveLength(3);
    expect(stored.latestProperties?.score).toBe('1');
    await request.dispose();
  });

  test('a report value comes back in the report screen (nl)', async ({ page, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    const report = await createReport(request, owner, trajectoryId, 'Voortgangsgesprek', 'Gesprek week 6');
    const good = report.uuids['Wat gaat al goed?']!;
    await patchReport(request, owner, trajectoryId, report.id, { [good]: 'Komt op tijd' });
    await patchReport(request, owner, trajectoryId, report.id, {
      [good]: 'Komt op tijd en is goed voorbereid',
    });
    await request.dispose();

    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/reports/${report.id}`);
    await reportShown(page);
    await expect(reportField(page, 'Wat gaat al goed?')).toContainText('goed voorbereid');
    await page.getByRole('button', { name: 'Wijzigingsgeschiedenis' }).click();
    const dialog = historyDialog(page, 'Gesprek week 6');
    await expect(entries(dialog)).toHaveCount(2);
    await view(entries(dialog).first());
    const before = entries(dialog).first().locator('[data-side="before"]');
    await expect(before).toContainText('Komt op tijd');
    await before.getByRole('button', { name: /^De waarde van Wat gaat al goed\? van vóór/ }).click();
    await entries(dialog).first().getByRole('button', { name: 'Ja, terugzetten' }).click();
    await expect(page.getByText('De waarde is teruggezet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(reportField(page, 'Wat gaat al goed?')).not.toContainText('goed voorbereid');
    await expect(reportField(page, 'Wat gaat al goed?')).toContainText('Komt op tijd');
  });

  test('on a 375 px phone in English the history fits the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await page.getByRole('button', { name: 'Change history' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change history: information' });
    await expect(entries(dialog)).toHaveCount(6);
    await view(entries(dialog).first());
    await expect(entries(dialog).first()).toContainText('Sanne de Jong');
    await expectDialogFits(page, dialog, 'history-form-en-375');
    await expectAccessible(page, 'history-form-en');
    await shootDialog(page, 'history-form-en-375');
    await page.setViewportSize(DESKTOP);
    await shootDialog(page, 'history-form-en-1280');
  });
});
