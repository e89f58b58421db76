import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import {
  checkState,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  signInDemo,
} from './detail-support';
import { textInput } from './form-support';
import {
  createReport,
  DEMO_ADMIN,
  listShown,
  patchReport,
  reportField,
  reportShown,
  reportToolbar,
  scoreFirstCompetence,
} from './reports-support';

/**
 * The reports of a trajectory (issue 9; spec part 1 §2 "Reports section", §4 "Report and access
 * editing", §5, §6, §8; D15, D16, D29): a teacher creates a report from the demo's report blueprint,
 * fills it in with undo/redo, saves and finds it after a reload; steps to the next and previous report;
 * puts another report and the evaluation beside it; a colleague in a second browser saves the same
 * report meanwhile and the merge dialog keeps both changes (no silent overwrite); the date and type
 * filters; delete with confirmation; a student who may only read sees no Edit; English; axe and 375 px.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 500;
const SAVED = 'Het verslag is opgeslagen.';

test.describe('the reports of a trajectory on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let admin: Tokens;
  let student: Tokens;
  let trajectoryId: number;
  let firstId: number;
  let secondId: number;
  let competence: string;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    admin = await signInDemo(request, DEMO_ADMIN);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    competence = await scoreFirstCompetence(request, owner, trajectoryId, '3');
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  const reportsUrl = () => `/trajectory/${trajectoryId}/reports`;

  test('a teacher creates a report, fills it in with undo and redo, saves, and finds it after a reload', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(reportsUrl());
    await listShown(page);
    await expect(page.getByText('Er zijn nog geen verslagen.')).toBeVisible();
    await checkState(page, 'reports-list-empty', () => listShown(page));

    // The create dialog: a blueprint must be chosen, the name must not be blank (spec part 1 §5).
    await page.getByRole('button', { name: 'Nieuw verslag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw verslag' });
    await dialog.getByRole('button', { name: 'Verslag maken' }).click();
    await expect(dialog.getByText('Kies eerst een sjabloon.')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Sjabloon' }).locator('option')).toHaveText([
      'Kies een sjabloon…',
      'Voortgangsgesprek',
      'Eindbeoordeling',
    ]);
    await dialog.getByRole('combobox', { name: 'Sjabloon' }).selectOption('Voortgangsgesprek');
    await dialog.getByRole('textbox', { name: 'Naam van het verslag' }).fill('   ');
    await expect(dialog.getByText('Geef het verslag een naam.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Naam van het verslag' }).fill('Gesprek week 6');
    await expectAccessible(page, 'create report dialog');
    await shoot(page, 'reports-create-dialog-1280');
    await dialog.getByRole('button', { name: 'Verslag maken' }).click();

    // saveReportSuccess, then the new report opens in edit mode (…/reports/{id}?edit=true).
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(/\/reports\/(\d+)\?edit=true$/);
    firstId = Number(/\/reports\/(\d+)/.exec(page.url())?.[1]);
    await reportShown(page);
    const toolbar = reportToolbar(page);
    const save = toolbar.getByRole('button', { name: 'Opslaan' });
    await expect(save).toBeDisabled();
    // The required date is empty: Save says why it is disabled; the field shows its error only once
    // touched or asked for (spec part 1 §5; issue 21: not red before anyone touched it).
    await expect(reportField(page, 'Datum gesprek')).not.toContainText('Dit veld is verplicht.');
    await expect(page.getByText('1 veld vraagt aandacht.')).toBeVisible();
    await page.getByRole('button', { name: 'Tonen' }).click();
    await expect(reportField(page, 'Datum gesprek')).toContainText('Dit veld is verplicht.');

    await textInput(page, 'Datum gesprek').fill('02/02/2026');
    await page.keyboard.press('Escape');
    await textInput(page, 'Wat gaat al goed?').fill('Sanne neemt initiatief bij de ochtendzorg.');
    await textInput(page, 'Wat gaat al goed?').blur();
    const signed = page.getByRole('checkbox', { name: 'Handtekening praktijkopleider' });
    await signed.check();
    await expect(signed).toBeChecked();
    // Ctrl+Z / Ctrl+Shift+Z outside a text field undo and redo (spec part 1 §4).
    await page.keyboard.press('Control+z');
    await expect(signed).not.toBeChecked();
    await page.keyboard.press('Control+Shift+z');
    await expect(signed).toBeChecked();
    await toolbar.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect(signed).not.toBeChecked();
    await toolbar.getByRole('button', { name: 'Opnieuw' }).click();
    await expect(signed).toBeChecked();
    await expect(save).toBeEnabled();
    await checkState(page, 'report-edit', () => reportShown(page));
    await save.click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/reports/${firstId}$`));
    await expect(toolbar.getByRole('button', { name: 'Bewerken' })).toBeVisible();

    await page.reload();
    await reportShown(page);
    await expect(reportField(page, 'Datum gesprek')).toContainText('02/02/2026');
    await expect(reportField(page, 'Wat gaat al goed?')).toContainText('Sanne neemt initiatief');
    await expect(reportField(page, 'Handtekening praktijkopleider')).toContainText('Ja');
    await notificationsGone(page);
    await checkState(page, 'report-view', () => reportShown(page));

    // Close goes to the parent path: the list, with the new report in it.
    await toolbar.getByRole('button', { name: 'Sluiten' }).click();
    await expect(page).toHaveURL(new RegExp(`/trajectory/${trajectoryId}/reports$`));
    await expect(page.getByTestId('report-row')).toHaveCount(1);
  });

  test('previous and next, and the split screen with another report and with the evaluation', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: server.url });
    const second = await createReport(request, owner, trajectoryId, 'Eindbeoordeling', 'Eindgesprek BPV');
    secondId = second.id;
    await patchReport(request, owner, trajectoryId, secondId, {
      [second.uuids.Eindoordeel!]: 'Goed',
      [second.uuids.Toelichting!]: 'Zelfstandig en zorgvuldig.',
    });
    await request.dispose();

    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`${reportsUrl()}/${firstId}`);
    await reportShown(page);
    await expect(page.getByText('verslag 1 van 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/${secondId}$`));
    await expect(page.getByRole('heading', { name: 'Eindgesprek BPV' })).toBeVisible();
    await expect(reportField(page, 'Eindoordeel')).toContainText('Goed');
    await expect(page.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    await page.getByRole('button', { name: 'Vorige' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/${firstId}$`));

    // Split screen: the picker lists the other reports as created date and name, with a text filter.
    await reportToolbar(page).getByRole('button', { name: 'Naast elkaar' }).click();
    const picker = page.getByRole('dialog', { name: 'Wat wil je ernaast zien?' });
    await picker.getByRole('textbox', { name: 'Zoek een verslag' }).fill('geen treffer');
    await expect(picker.getByText('Geen verslagen gevonden.')).toBeVisible();
    await picker.getByRole('textbox', { name: 'Zoek een verslag' }).fill('eind');
    await expectAccessible(page, 'split picker');
    await picker.getByRole('button', { name: /Eindgesprek BPV/ }).click();
    const pane = page.getByTestId('split-pane');
    await expect(reportField(pane, 'Eindoordeel')).toContainText('Goed');
    await expect(pane.getByRole('textbox')).toHaveCount(0);
    await expect(reportToolbar(page).getByRole('button', { name: 'Naast elkaar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await checkState(page, 'report-split-report', () => expect(pane).toBeVisible());

    // The evaluation beside the report, while writing it (issue 9).
    await pane.getByRole('button', { name: 'Iets anders kiezen' }).click();
    await picker.getByRole('button', { name: 'Beoordeling', exact: true }).click();
    await expect(pane.getByTestId('split-evaluation')).toBeVisible();
    const scored = pane.getByTestId('split-competence').filter({ hasText: competence });
    await expect(scored).toContainText('Voldoende');
    await expect(scored).toContainText('02/02/2026');
    await reportToolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    await textInput(page, 'Waar wil je in groeien?').fill('Rapporteren in het zorgdossier.');
    await expect(pane.getByTestId('split-evaluation')).toBeVisible();
    await checkState(page, 'report-split-evaluation', () =>
      expect(pane.getByTestId('split-evaluation')).toBeVisible(),
    );
    // The server does not answer: the save fails saying so (not "no internet": the browser is online,
    // issue 21) and the edits stay (spec §8).
    const patches = '**/api/v2/trajectories/*/reports/*';
    await page.route(patches, (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue(),
    );
    await reportToolbar(page).getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De wijzigingen konden niet worden opgeslagen.')).toBeVisible();
    await expect(page.getByText(/De server is niet bereikbaar/).first()).toBeVisible();
    await expect(textInput(page, 'Waar wil je in groeien?')).toHaveValue('Rapporteren in het zorgdossier.');
    await page.unroute(patches);
    await reportToolbar(page).getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    // The split stays while stepping to the next report.
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByTestId('split-evaluation')).toBeVisible();
  });

  test('a colleague saves the same report meanwhile: the merge dialog keeps both changes', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`${reportsUrl()}/${firstId}?edit=true`);
    await reportShown(page);
    await textInput(page, 'Wat gaat al goed?').fill('Sanne neemt initiatief en overlegt goed.');

    // A second browser: the colleague edits another field of the same report and saves first.
    const colleague = await openAs(browser, admin, `${reportsUrl()}/${firstId}`);
    await reportToolbar(colleague).getByRole('button', { name: 'Bewerken' }).click();
    await textInput(colleague, 'Welke afspraken maken we?').fill('Elke vrijdag een kort evaluatiemoment.');
    await reportToolbar(colleague).getByRole('button', { name: 'Opslaan' }).click();
    await expect(colleague.getByText(SAVED)).toBeVisible();
    await colleague.context().close();

    // My save meets their newer version (409): their change beside mine, merge chosen.
    await reportToolbar(page).getByRole('button', { name: 'Opslaan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Iemand anders heeft dit verslag intussen opgeslagen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Samenvoegen: van elk wat is gewijzigd' })).toBeChecked();
    const theirRow = dialog.getByTestId('merge-row').filter({ hasText: 'Welke afspraken maken we?' });
    await expect(theirRow).toContainText('Gewijzigd door de ander');
    await expect(theirRow.getByTestId('merge-theirs')).toContainText(
      'Elke vrijdag een kort evaluatiemoment.',
    );
    const myRow = dialog.getByTestId('merge-row').filter({ hasText: 'Wat gaat al goed?' });
    await expect(myRow).toContainText('Gewijzigd door jou');
    await expect(myRow.getByTestId('merge-mine')).toContainText('overlegt goed');
    await expect(myRow.getByTestId('merge-theirs')).toContainText(
      'Sanne neemt initiatief bij de ochtendzorg.',
    );
    await expectAccessible(page, 'merge dialog');
    await shoot(page, 'report-merge-dialog-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'report-merge-dialog-375');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText(SAVED)).toBeVisible();

    await page.reload();
    await reportShown(page);
    await expect(reportField(page, 'Wat gaat al goed?')).toContainText('overlegt goed');
    await expect(reportField(page, 'Welke afspraken maken we?')).toContainText('Elke vrijdag');
    await expect(reportField(page, 'Waar wil je in groeien?')).toContainText('zorgdossier');
  });

  test('the changes-start date and type filters, and delete with confirmation', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const request = await playwright.request.newContext({ baseURL: server.url });
    const extra = await createReport(request, owner, trajectoryId, 'Voortgangsgesprek', 'Weg ermee');
    await request.dispose();
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(reportsUrl());
    await listShown(page);
    await expect(page.getByTestId('report-row')).toHaveCount(3);

    // No future date (spec part 1 §2); today counts from its midnight (D16), so all were changed since.
    const date = textInput(page, 'Gewijzigd vanaf');
    const day = (offset: number) => {
      const moment = new Date(Date.now() + offset * 86_400_000);
      return moment
        .toLocaleDateString('nl-NL', {
          timeZone: 'Europe/Amsterdam',
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
        })
        .replaceAll('-', '/');
    };
    await date.fill(day(2));
    await date.blur();
    await expect(page.getByTestId('report-row')).toHaveCount(3);
    await date.fill(day(0));
    await page.keyboard.press('Escape');
    await date.blur();
    await expect(date).toHaveValue(day(0));
    await expect(page.getByTestId('report-row')).toHaveCount(3);
    const type = page.getByRole('combobox', { name: 'Soort' });
    await expect(type.locator('option')).toHaveText(['Alle soorten', 'Eindbeoordeling', 'Voortgangsgesprek']);
    await type.selectOption('Eindbeoordeling');
    await expect(page.getByTestId('report-row')).toHaveCount(1);
    await expect(page.getByTestId('report-row')).toContainText('Eindgesprek BPV');
    await type.selectOption('Alle soorten');
    await expect(page.getByTestId('report-row')).toHaveCount(3);
    await checkState(page, 'reports-list', () => listShown(page));

    const remove = page
      .getByRole('toolbar', { name: 'Verslagen beheren' })
      .getByRole('button', { name: 'Verwijderen' });
    await expect(remove).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Verslag Weg ermee selecteren' }).check();
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Verwijderen' });
    await expect(confirm).toContainText('Weet je zeker dat je het verslag “Weg ermee” wilt verwijderen?');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Het verslag is verwijderd.')).toBeVisible();
    await expect(page.getByTestId('report-row')).toHaveCount(2);
    await page.goto(`${reportsUrl()}/${extra.id}`);
    await expect(page.getByText('Dit verslag bestaat niet (meer).')).toBeVisible();
  });

  test('a student who may only read sees the reports without Edit, create or delete', async ({ page }) => {
    await seedStorage(page, { tokens: student, cookies: true, language: 'nl' });
    await page.goto(reportsUrl());
    await listShown(page);
    await expect(page.getByTestId('report-row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Nieuw verslag' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.getByRole('link', { name: 'Gesprek week 6' }).click();
    await reportShown(page);
    await expect(reportField(page, 'Wat gaat al goed?')).toContainText('overlegt goed');
    await expect(reportToolbar(page).getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
    // ?edit=true does not open edit mode without write.
    await page.goto(`${reportsUrl()}/${firstId}?edit=true`);
    await reportShown(page);
    await expect(reportToolbar(page).getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Wat gaat al goed?' })).toHaveCount(0);
    await checkState(page, 'report-read-only', () => reportShown(page));
  });

  test('in English, on a phone too', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(reportsUrl());
    await listShown(page);
    await expect(page.getByRole('button', { name: 'New report' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Created' })).toBeVisible();
    await checkState(page, 'reports-list-en', () => listShown(page));
    await page.getByRole('link', { name: 'Eindgesprek BPV' }).click();
    await reportShown(page);
    await expect(page.getByText('Eindbeoordeling · created on')).toBeVisible();
    await reportToolbar(page, 'Report').getByRole('button', { name: 'Side by side' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Evaluation' }).click();
    await expect(page.getByTestId('split-evaluation')).toBeVisible();
    await checkState(page, 'report-split-en', () =>
      expect(page.getByTestId('split-evaluation')).toBeVisible(),
    );
  });
});

/** A page in a fresh browser context, signed in with `tokens`, at `url`. */
async function openAs(browser: Browser, tokens: Tokens, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${DEMO_PORT}`, viewport: DESKTOP });
  const page = await context.newPage();
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  await page.goto(url);
  await reportShown(page);
  return page;
}
