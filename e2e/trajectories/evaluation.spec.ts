import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { displayDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import {
  checkState,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';
import {
  assess,
  competenceCard,
  dateBox,
  evaluationShown,
  setEvaluationRights,
  shootDialog,
  storedCompetences,
  typeDate,
} from './evaluation-support';

/**
 * The competence evaluation of a trajectory (issue 9; spec part 1 §2 "Evaluation section", §3, §4
 * "Evaluation edits", §5, §6, §8; D2, D3, D4, D29): the demo teacher scores five competences over three
 * edit dates, deletes an entry from a history, filters by label and by date (and meets
 * noFilteredDataFound), and finds it all after a reload; a colleague saves meanwhile and the 409 shows
 * their change beside mine, merged so both stay; the student reads without writing; without evaluation
 * read the section says noAccess; English on a phone. The demo data needs its own server (SEED_DEMO).
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 400;
const COLLEAGUE = 'beheerder@demo.groeipad.nl';
const SAVED = 'De wijzigingen zijn opgeslagen.';

// Five competences of the demo list; the second and fourth carry the label School, all carry BPV.
const C1 = 'Inventariseert de zorgvraag van de cliënt';
const C2 = 'Stelt samen met de cliënt het zorgplan op';
const C3 = 'Observeert en signaleert veranderingen';
const C4 = 'Rapporteert over de zorgverlening';
const C5 = 'Reflecteert op het eigen handelen';
// Two more for the conflict.
const MINE = 'Plant de eigen werkzaamheden';
const THEIRS = 'Werkt samen met andere disciplines';

const toolbar = (page: Page, name = 'Traject bewerken') => page.getByRole('toolbar', { name });
const chip = (page: Page, name: string) => competenceCard(page, name).locator('[data-score]').first();

async function edit(page: Page): Promise<void> {
  // A save notice may lie over the header's buttons (and stays while the mouse rests on it).
  await notificationsGone(page);
  await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
  await expect(toolbar(page).getByRole('button', { name: 'Opslaan' })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await toolbar(page).getByRole('button', { name: 'Opslaan' }).click();
  // The frame leaves edit mode only when the save succeeded; earlier notices may still be showing.
  await expect(toolbar(page).getByRole('button', { name: 'Bewerken' })).toBeVisible();
  await expect(page.getByText(SAVED).first()).toBeVisible();
}

test.describe('the evaluation on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let colleague: Tokens;
  let student: Tokens;
  let trajectoryId: number;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    colleague = await signInDemo(request, COLLEAGUE);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the teacher scores five competences over three edit dates, deletes an entry, filters, and finds it after a reload (nl)', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(180_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await expect(chip(page, C1)).toHaveText('Nog niet beoordeeld');
    await expect(page.getByTestId('evaluation-overview')).toContainText('30 competenties');
    await checkState(page, 'evaluation-read', () => evaluationShown(page));

    // First edit date: two weeks ago. A score without a date of its own gets it (D4).
    const day1 = displayDay(-14);
    const day2 = displayDay(-7);
    const day3 = displayDay(0);
    await edit(page);
    await typeDate(page, page, 'Bewerkdatum', day1);
    await assess(page, C1, 'Nog niet (1)');
    await assess(page, C2, 'In ontwikkeling (2)');
    await expect(competenceCard(page, C1)).toContainText(day1);
    await save(page);

    // Second edit date: a week ago.
    await edit(page);
    await typeDate(page, page, 'Bewerkdatum', day2);
    await assess(page, C1, 'Voldoende (3)');
    await assess(page, C3, 'Voldoende (3)');
    await expect(competenceCard(page, C3)).toContainText(day2);
    await save(page);

    // Third edit date: today, with remarks under the template's headings; the dialog on screen.
    await edit(page);
    await typeDate(page, page, 'Bewerkdatum', day3);
    await assess(page, C4, 'Goed (4)');
    await competenceCard(page, C5)
      .getByRole('button', { name: `Beoordelen: ${C5}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Beoordelen: ${C5}` });
    await expect(dialog.getByRole('textbox', { name: 'Opmerkingen' })).toHaveValue(/^Wat gaat al goed\?/);
    // Each text field says what it is for (issue 31).
    await expect(dialog.getByRole('textbox', { name: 'Aangeboden' })).toHaveAccessibleDescription(
      'Waarbij de student deze competentie liet zien: een opdracht, taak of situatie.',
    );
    await expect(dialog.getByRole('textbox', { name: 'Toelichting' })).toHaveAccessibleDescription(
      'Waarom deze score: wat je zag of hoorde.',
    );
    await expect(dialog.getByRole('textbox', { name: 'Opmerkingen' })).toHaveAccessibleDescription(
      'Wat verder nog te zeggen is, zoals afspraken of tips voor de volgende stap.',
    );
    await dialog.getByRole('radio', { name: 'In ontwikkeling (2)' }).click();
    await dialog.getByRole('checkbox', { name: 'Werkplek' }).check();
    await dialog.getByRole('radio', { name: 'Nee' }).check();
    await expectAccessible(page, 'evaluation-entry-dialog');
    await shootDialog(page, 'evaluation-entry-dialog-1280');
    const remarks = dialog.getByRole('textbox', { name: 'Opmerkingen' });
    await remarks.press('ControlOrMeta+End');
    await remarks.pressSequentially('Vraagt nog weinig om feedback.');
    await dialog.getByRole('button', { name: 'Beoordeling toevoegen' }).click();
    await expect(dialog).toBeHidden();
    await expect(competenceCard(page, C5)).toContainText('Vraagt nog weinig om feedback.');

    // The history of C1, newest first; deleting the newest makes the older one the latest again.
    await competenceCard(page, C1)
      .getByRole('button', { name: `Geschiedenis (2) van ${C1}` })
      .click();
    const history = page.getByRole('dialog', { name: `Geschiedenis: ${C1}` });
    await expect(history.getByTestId('history').locator(':scope > li')).toHaveCount(2);
    await expect(history.getByTestId('history').locator(':scope > li').first()).toContainText(
      'Voldoende (3)',
    );
    await expectAccessible(page, 'evaluation-history');
    await shootDialog(page, 'evaluation-history-1280');
    await history
      .getByTestId('history')
      .locator(':scope > li')
      .first()
      .getByRole('button', { name: /^Verwijderen/ })
      .click();
    await expect(history.getByTestId('history').locator(':scope > li')).toHaveCount(1);
    await history.getByRole('button', { name: 'Sluiten' }).click();
    await expect(chip(page, C1)).toHaveText('Nog niet (1)');
    await checkState(page, 'evaluation-edit', () => evaluationShown(page));
    await save(page);

    // After a reload it is all there, also as the server stores it.
    await page.reload();
    await evaluationShown(page);
    await expect(chip(page, C1)).toHaveText('Nog niet (1)');
    await expect(chip(page, C2)).toHaveText('In ontwikkeling (2)');
    await expect(chip(page, C3)).toHaveText('Voldoende (3)');
    await expect(chip(page, C4)).toHaveText('Goed (4)');
    await expect(chip(page, C5)).toHaveText('In ontwikkeling (2)');
    await expect(competenceCard(page, C5)).toContainText('Werkplek');
    const request = await playwright.request.newContext({ baseURL: server.url });
    const stored = await storedCompetences(request, owner, trajectoryId);
    await request.dispose();
    expect(Object.keys(stored[C1]!.properties!)).toHaveLength(1);
    expect(stored[C1]!.latestProperties).toMatchObject({ score: '1', date: day1 });
    expect(stored[C2]!.latestProperties).toMatchObject({ score: '2', date: day1 });
    expect(stored[C3]!.latestProperties).toMatchObject({ score: '3', date: day2 });
    expect(stored[C4]!.latestProperties).toMatchObject({ score: '4', date: day3 });
    expect(stored[C5]!.latestProperties).toMatchObject({
      score: '2',
      location: 'werkplek',
      achieved: 'false',
    });
    expect(stored[C5]!.latestProperties?.remarks).toContain('Waar kun je nog in groeien?');
    await expect(page.getByTestId('evaluation-overview')).toContainText(
      'Gemiddelde score: 2 (In ontwikkeling)',
    );
    await notificationsGone(page);

    // The label filter: School leaves out C1 and C3; Beroepshouding only that cluster.
    const labels = dateBox(page, 'Labels');
    await labels.click();
    await page.getByRole('option', { name: 'School' }).click();
    await page.keyboard.press('Escape');
    await expect(competenceCard(page, C2)).toBeVisible();
    await expect(competenceCard(page, C1)).toHaveCount(0);
    await expect(competenceCard(page, C5)).toHaveCount(0);
    await page.getByRole('button', { name: 'Filter wissen' }).click();
    await expect(competenceCard(page, C1)).toBeVisible();

    // The date filter on changes: from today shows just the five scored today; from tomorrow nothing.
    await typeDate(page, page, 'Wijzigingen vanaf', day3);
    await expect(page.locator('[data-competence]')).toHaveCount(5);
    await expect(page.getByTestId('evaluation-overview')).toContainText('5 competenties');
    await checkState(page, 'evaluation-filtered', () => evaluationShown(page));
    await typeDate(page, page, 'Wijzigingen vanaf', displayDay(1));
    await expect(page.getByText('Niets gevonden dat aan het filter voldoet.')).toBeVisible();
    await checkState(page, 'evaluation-no-match', () =>
      expect(page.getByTestId('no-filtered-data')).toBeVisible(),
    );
    await page.getByRole('button', { name: 'Filter wissen' }).click();

    // Collapse all hides the competences; printing shows the tree expanded.
    await page.getByRole('button', { name: 'Alles inklappen' }).click();
    await expect(competenceCard(page, C1)).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(competenceCard(page, C1)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Alles uitklappen' }).click();
    await expect(competenceCard(page, C1)).toBeVisible();

    // The info dialog shows the competence's description, rendered from the allowed markup only.
    await competenceCard(page, C1)
      .getByRole('button', { name: `Info over ${C1}` })
      .click();
    const info = page.getByRole('dialog', { name: `Info: ${C1}` });
    await expect(info.getByRole('heading', { name: 'Wat laat je zien?' })).toBeVisible();
    await expect(info.getByRole('listitem')).toHaveCount(2);
    await info.getByRole('button', { name: 'Sluiten' }).click();
  });

  test('a colleague saves meanwhile: the 409 shows their change beside mine, and merging keeps both', async ({
    page,
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await edit(page);
    await assess(page, MINE, 'Goed (4)');

    // The colleague, in a second browser, scores another competence and saves first.
    const context = await browser.newContext();
    const other = await context.newPage();
    await seedStorage(other, { tokens: colleague, cookies: true, language: 'nl' });
    await other.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(other);
    await edit(other);
    await assess(other, THEIRS, 'Voldoende (3)');
    await save(other);
    await context.close();

    // My save meets 409 staleDocument: nothing is overwritten, the dialog compares.
    await toolbar(page).getByRole('button', { name: 'Opslaan' }).click();
    const conflict = page.getByRole('dialog', {
      name: 'Iemand anders heeft de beoordeling intussen opgeslagen',
    });
    await expect(conflict).toBeVisible();
    await expect(conflict.locator(`[data-conflict="${THEIRS}"]`)).toContainText('Voldoende (3)');
    await expect(conflict.locator(`[data-conflict="${MINE}"]`)).toContainText('Goed (4)');
    await expect(conflict.getByRole('radio', { name: 'Samenvoegen' })).toBeChecked();
    await expectAccessible(page, 'evaluation-conflict');
    await shootDialog(page, 'evaluation-conflict-1280');
    await page.setViewportSize(PHONE);
    await shootDialog(page, 'evaluation-conflict-375');
    await page.setViewportSize(DESKTOP);
    await conflict.getByRole('button', { name: 'Doorgaan' }).click();
    await expect(page.getByText('Je wijzigingen staan nu op de nieuwste versie')).toBeVisible();
    await expect(chip(page, THEIRS)).toHaveText('Voldoende (3)');
    await expect(chip(page, MINE)).toHaveText('Goed (4)');
    await save(page);

    await page.reload();
    await evaluationShown(page);
    await expect(chip(page, THEIRS)).toHaveText('Voldoende (3)');
    await expect(chip(page, MINE)).toHaveText('Goed (4)');
    const request = await playwright.request.newContext({ baseURL: server.url });
    const stored = await storedCompetences(request, owner, trajectoryId);
    await request.dispose();
    expect(stored[THEIRS]!.latestProperties?.score).toBe('3');
    expect(stored[MINE]!.latestProperties?.score).toBe('4');
  });

  test('the student reads the evaluation without writing; without evaluation read it says noAccess', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await seedStorage(page, { tokens: student, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await expect(chip(page, C4)).toHaveText('Goed (4)');
    // The Student role writes some form fields, so Edit is there; the evaluation stays read-only.
    await edit(page);
    await expect(page.getByText('Je kunt deze beoordeling bekijken, maar niet wijzigen.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Beoordelen/ })).toHaveCount(0);
    await competenceCard(page, C1)
      .getByRole('button', { name: `Geschiedenis (1) van ${C1}` })
      .click();
    const history = page.getByRole('dialog', { name: `Geschiedenis: ${C1}` });
    await expect(history).toContainText('Nog niet (1)');
    await expect(history.getByRole('button', { name: /^Verwijderen/ })).toHaveCount(0);
    await history.getByRole('button', { name: 'Sluiten' }).click();
    await toolbar(page).getByRole('button', { name: 'Annuleren' }).click();

    // The teacher takes the Student role's evaluation read away.
    const request = await playwright.request.newContext({ baseURL: server.url });
    await setEvaluationRights(request, owner, trajectoryId, 'Student', { write: false, read: false });
    await request.dispose();
    await page.reload();
    await expect(page.getByTestId('evaluation-no-access')).toHaveText(
      'Je hebt geen toegang tot de beoordeling.',
    );
    await checkState(page, 'evaluation-no-access', () =>
      expect(page.getByTestId('evaluation-no-access')).toBeVisible(),
    );
  });

  test('in English on a phone: assess a competence and save', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await expect(page.getByRole('button', { name: /^Overview/ })).toBeVisible();
    await expect(chip(page, C3)).toHaveText('Voldoende (3)');
    await toolbar(page, 'Edit trajectory').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText('A score without a date of its own gets this date.')).toBeVisible();
    await competenceCard(page, C3)
      .getByRole('button', { name: `Assess: ${C3}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Assess: ${C3}` });
    await expect(dialog.getByRole('textbox', { name: 'Remarks' })).toHaveValue(
      /^What is already going well\?/,
    );
    await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      'Why this score: what you saw or heard.',
    );
    await expectAccessible(page, 'evaluation-entry-en-375');
    await shootDialog(page, 'evaluation-entry-en-375');
    await dialog.getByRole('radio', { name: 'Goed (4)' }).click();
    await dialog.getByRole('button', { name: 'Add assessment' }).click();
    await expect(chip(page, C3)).toHaveText('Goed (4)');
    // Offline the save is kept on this device (issue 23's offline drafts) and sent when the connection
    // returns; nothing typed is lost.
    await page.context().setOffline(true);
    await toolbar(page, 'Edit trajectory').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('offline-drafts')).toContainText(
      'Saved on this device; it will be sent as soon as there is a connection',
    );
    await expect(chip(page, C3)).toHaveText('Goed (4)');
    await page.context().setOffline(false);
    await expect(
      page.getByText('The change from this device has been sent and saved.').first(),
    ).toBeVisible();
    await expect(page.getByTestId('offline-drafts')).toBeHidden();
    await notificationsGone(page);
    await expect(chip(page, C3)).toHaveText('Goed (4)');
    await page.setViewportSize(DESKTOP);
    await checkState(page, 'evaluation-en', () => evaluationShown(page));
  });

  for (const [language, width] of [
    ['nl', DESKTOP],
    ['en', PHONE],
  ] as const) {
    test(`Info shows on every competence; without info it says there is none (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize(width);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      // Every demo competence has info: the server's answer, with C1's info left empty as a list may have it.
      await page.route(/\/api\/v2\/trajectories\/\d+\/evaluations$/, async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        const blank = (nodes: { name?: string; info?: string; subsections?: unknown[] }[]) => {
          for (const node of nodes) {
            if (node.name === C1) node.info = '';
            if (Array.isArray(node.subsections)) blank(node.subsections as typeof nodes);
          }
        };
        blank(body.criteria ?? []);
        await route.fulfill({ response: answer, json: body });
      });
      await page.goto(`/trajectory/${trajectoryId}/evaluation`);
      await evaluationShown(page);
      const infoOf = language === 'nl' ? 'Info over' : 'Info about';
      await competenceCard(page, C1)
        .getByRole('button', { name: `${infoOf} ${C1}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Info: ${C1}` });
      await expect(dialog.getByTestId('no-info')).toHaveText(
        language === 'nl'
          ? 'Er is geen informatie bij deze competentie.'
          : 'There is no information about this competence.',
      );
      await expectAccessible(page, `competence without info (${language})`);
      await shoot(page, `evaluation-no-info-${language}-${width.width}`);
      await page.keyboard.press('Escape');
      // The others keep their own info.
      await competenceCard(page, C2)
        .getByRole('button', { name: `${infoOf} ${C2}` })
        .click();
      await expect(page.getByRole('dialog', { name: `Info: ${C2}` }).getByRole('listitem')).toHaveCount(2);
    });
  }
});
