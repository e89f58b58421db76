import { join } from 'node:path';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  createActivatedUser,
  createReadyUser,
  PASSWORD,
  refresh,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { checkState, chooseFile, DESKTOP, notificationsGone, pressOnPage } from './editor-support';
import { TEXTS } from './editor-texts';
import {
  addBothWidgets,
  addDefaultUser,
  addEveryFieldType,
  addReportFieldsAndDuplicate,
  addRole,
  CLUSTER_PATH,
  COMPETENCE,
  choose,
  createThroughDialog,
  expectBothWidgetsStored,
  expectEveryFieldTypeStored,
  expectExtractStored,
  FIXTURES,
  fillExtract,
  importCompetenceSpreadsheets,
  input,
  openTab,
  rightsTab,
  save,
} from './flow-steps';

/**
 * Issue 7, "Done when", second bullet: one story that builds a whole trajectory blueprint from
 * scratch through the browser. Every blueprint is made with the list's create dialog and filled in
 * its editor; the API only makes accounts and organisations and checks what was stored. Then a
 * reader sees it read-only, and (D31) a company-domain owner shares it through the library and a
 * colleague in another organisation imports it. A shorter run in English follows.
 *
 * Its own server with COMPANY_DOMAIN (as list.spec.ts), so the library is there for the owner.
 */

const port = Number(process.env.E2E_PORT) + 13;
const base = `http://localhost:${port}`;
const COMPANY_DOMAIN = 'groeipad.example.nl';
const companyEmail = (prefix: string) => uniqueEmail(prefix).replace('@example.com', `@${COMPANY_DOMAIN}`);
// Two CPU cores are shared with other suites: loading after a reload may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
const x = TEXTS.nl;

type Owner = Tokens & { organisationId: number };

const NAMES = {
  list: 'Competenties pedagogisch medewerker',
  information: 'Intake BPV',
  report: 'Tussentijdse evaluatie',
  reportCopy: 'Eindevaluatie',
  dashboard: 'Dashboard BPV',
  extract: 'Uittreksel BPV',
  trajectory: 'BPV pedagogisch medewerker 2026',
};
const STUDENT = 'student@groeiland.example.com';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

async function content(request: APIRequestContext, tokens: Tokens, path: string) {
  return json<Record<string, unknown>>(
    await request.get(`/api/blueprints/${path}/content`, { headers: auth(tokens) }),
  );
}

const list = (page: Page) => ({
  toolbar: page.getByRole('toolbar', { name: /Acties voor sjablonen|Blueprint actions/ }),
  library: page.getByRole('toolbar', { name: /^(Bibliotheek|Library)$/ }),
  table: page.getByRole('table', { name: /^(Sjablonen|Blueprints)$/ }),
});

/** Back to the list (through the top bar would do too; the URL keeps the story short). */
async function toList(page: Page): Promise<void> {
  await page.goto('/blueprints');
  await expect(list(page).table.or(page.getByText('Nog geen sjablonen'))).toBeVisible();
}

test.describe('a trajectory blueprint built from scratch in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });
  let server: ServerHandle;
  let outerDataDir: string | undefined;
  let owner: Owner;
  let ownerEmail: string;
  const ids = {} as Record<keyof typeof NAMES, number>;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(port, freshDataDir(), { COMPANY_DOMAIN });
    // The outbox helpers (activation links) read this server's data directory.
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
    const request = await playwright.request.newContext({ baseURL: base });
    ownerEmail = companyEmail('flow-owner');
    owner = await createReadyUser(request, ownerEmail, 'ROC Groeiland');
    await request.dispose();
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test.beforeEach(async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
  });

  test('1. the competence list: created in the list, imported from .csv and .xlsx, undo and redo', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await toList(page);
    await checkState(page, 'flow-list-empty-nl', () =>
      expect(page.getByText('Nog geen sjablonen')).toBeVisible(),
    );
    // The create dialog, looked at once with a type chosen.
    await list(page).toolbar.getByRole('button', { name: 'Nieuw', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nieuw sjabloon' });
    await create.getByLabel('Type').selectOption({ label: 'Competentielijst' });
    await checkState(page, 'flow-create-nl', () => expect(create).toBeVisible());
    await create.getByRole('button', { name: 'Annuleren' }).click();

    ids.list = await createThroughDialog(page, {
      type: 'Competentielijst',
      name: NAMES.list,
      description: 'Kwalificatiedossier pedagogisch medewerker kinderopvang, niveau 3',
      path: 'competencelists',
    });
    await importCompetenceSpreadsheets(page);
    await save(page);
    await checkState(page, 'flow-competence-list-nl', () =>
      expect(page.getByTestId(`competence-${COMPETENCE}`)).toBeVisible(),
    );
    await page.reload();
    await expect(page.locator('li[data-testid^="competence-"]')).toHaveCount(41);
    const stored = (await content(request, owner, `competencelists/${ids.list}`)).competences as unknown[];
    expect(stored.length).toBeGreaterThan(0);
  });

  test('2. the information form: every field type, a nested group, a formula; undo and redo', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await toList(page);
    ids.information = await createThroughDialog(page, {
      type: 'Informatie',
      name: NAMES.information,
      description: 'Gegevens bij de start van de beroepspraktijkvorming',
      path: 'information',
    });
    await addEveryFieldType(page);
    await pressOnPage(page, 'Control+z');
    await expect(page.getByTestId('field-Stageovereenkomst')).toHaveCount(0);
    await pressOnPage(page, 'Control+Shift+z');
    await expect(page.getByTestId('field-Stageovereenkomst')).toBeVisible();
    await save(page);
    await checkState(page, 'flow-information-nl', () =>
      expect(page.getByTestId('field-Totaal uren')).toBeVisible(),
    );
    await page.reload();
    await expectEveryFieldTypeStored(page);
  });

  test('3. a report blueprint with a duplicated field, then copied in the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await toList(page);
    ids.report = await createThroughDialog(page, {
      type: 'Verslag',
      name: NAMES.report,
      description: 'Gesprek halverwege de stage',
      path: 'reports',
    });
    await addReportFieldsAndDuplicate(page);
    await save(page);
    await checkState(page, 'flow-report-nl', () =>
      expect(page.getByTestId(`field-${x.copy('Reflectie')}`)).toBeVisible(),
    );
    await page.reload();
    await expect(page.locator('li[data-testid^="field-"]')).toHaveCount(3);

    // The whole report blueprint duplicated: the list's copy dialog, under a name of its own.
    await toList(page);
    await page.getByRole('checkbox', { name: `${NAMES.report} selecteren`, exact: true }).check();
    await list(page).toolbar.getByRole('button', { name: 'Kopiëren', exact: true }).click();
    const copy = page.getByRole('dialog', { name: `‘${NAMES.report}’ kopiëren` });
    await expect(copy.getByRole('textbox', { name: 'Naam' })).toHaveValue(`Kopie van ${NAMES.report}`);
    await copy.getByRole('textbox', { name: 'Naam' }).fill(NAMES.reportCopy);
    await copy.getByRole('textbox', { name: 'Omschrijving' }).fill('Beoordeling aan het eind van de stage');
    await checkState(page, 'flow-copy-nl', () => expect(copy).toBeVisible());
    await copy.getByRole('button', { name: 'Kopiëren' }).click();
    await expect(page).toHaveURL(/\/blueprints\/reports\/\d+$/);
    ids.reportCopy = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: NAMES.reportCopy })).toBeVisible();
    await expect(page.locator('li[data-testid^="field-"]')).toHaveCount(3);
    expect(await content(request, owner, `reports/${ids.reportCopy}`)).toEqual(
      await content(request, owner, `reports/${ids.report}`),
    );
  });

  test('4. a dashboard with both widget types, a cluster of the competence list', async ({ page }) => {
    test.setTimeout(120_000);
    await toList(page);
    ids.dashboard = await createThroughDialog(page, {
      type: 'Dashboard',
      name: NAMES.dashboard,
      description: '',
      path: 'dashboards',
    });
    await addBothWidgets(page, NAMES.list);
    await save(page);
    await checkState(page, 'flow-dashboard-nl', () =>
      expect(page.getByTestId('widget-Scores kerntaak 1')).toBeVisible(),
    );
    await page.reload();
    await expectBothWidgetsStored(page);
  });

  test('5. an extract blueprint', async ({ page }) => {
    test.setTimeout(120_000);
    await toList(page);
    ids.extract = await createThroughDialog(page, {
      type: 'Voortgangsrapport',
      name: NAMES.extract,
      description: 'Overzicht van de behaalde competenties',
      path: 'extracts',
    });
    await fillExtract(page);
    await save(page);
    await checkState(page, 'flow-extract-nl', () =>
      expect(page.getByRole('img', { name: x.logoAlt })).toBeVisible(),
    );
    await page.reload();
    await expectExtractStored(page);
  });

  test('6. the trajectory blueprint links them, with roles Docent and Student and default users', async ({
    page,
    request,
  }) => {
    test.setTimeout(480_000);
    await toList(page);
    await checkState(page, 'flow-list-nl', () =>
      expect(page.getByText('6 sjablonen, 0 geselecteerd')).toBeVisible(),
    );
    ids.trajectory = await createThroughDialog(page, {
      type: 'Traject',
      name: NAMES.trajectory,
      description: 'Beroepspraktijkvorming in de kinderopvang, leerjaar 2',
      path: 'trajectories',
    });
    await notificationsGone(page);

    // Dashboard (version 2: created, then saved once).
    await choose(page, 'Dashboard-sjabloon', NAMES.dashboard);
    await expect(page.getByText('Gebruikte versie 2, nieuwste versie 2')).toBeVisible();
    await expect(page.getByText('Scores kerntaak 1')).toBeVisible();
    await checkState(page, 'flow-trajectory-dashboard-nl', () =>
      expect(page.getByText('Laatste beoordelingen')).toBeVisible(),
    );

    // Fields: the information form with its nested groups.
    await openTab(page, 'Informatie');
    await choose(page, 'Informatiesjabloon', NAMES.information);
    await expect(page.getByText('Totaal uren', { exact: true })).toBeVisible();
    await expect(page.getByText('Straat', { exact: true })).toBeVisible();
    await checkState(page, 'flow-trajectory-fields-nl', () =>
      expect(page.getByText('Stageovereenkomst', { exact: true })).toBeVisible(),
    );

    // Evaluation: the competence list and a score scale of three.
    await openTab(page, 'Beoordeling');
    await choose(page, 'Competentielijst', NAMES.list);
    await expect(page.getByText(COMPETENCE).first()).toBeVisible();
    for (const [index, name] of ['Onvoldoende', 'Voldoende', 'Goed'].entries()) {
      await page.getByRole('button', { name: 'Score toevoegen' }).click();
      await input(page, `Naam van score ${index + 1}`).fill(name);
    }
    await input(page, 'Kleur van score 1').fill('#E03131');
    await checkState(page, 'flow-trajectory-evaluation-nl', () =>
      expect(input(page, 'Naam van score 3')).toHaveValue('Goed'),
    );

    // Reports: the report blueprint and its copy.
    await openTab(page, 'Verslagen');
    for (const name of [NAMES.report, NAMES.reportCopy]) {
      await choose(page, 'Verslagsjabloon', name);
      await expect(input(page, 'Naam in het traject')).toHaveValue(name);
      await page.getByRole('button', { name: 'Verslag toevoegen' }).click();
      await expect(
        page.getByRole('list', { name: 'Verslagen in dit traject' }).getByText(name, { exact: true }),
      ).toBeVisible();
    }
    await checkState(page, 'flow-trajectory-reports-nl', () =>
      expect(page.getByRole('list', { name: 'Verslagen in dit traject' })).toBeVisible(),
    );

    // Access: a Docent with every right.
    await openTab(page, 'Toegang');
    await addRole(page, 'Docent');
    await page.getByRole('checkbox', { name: 'Schrijven: Alle informatie' }).check();
    await expect(page.getByRole('checkbox', { name: 'Lezen: Totaal uren' })).toBeChecked();
    await rightsTab(page, 'Docent', 'Beoordeling');
    await page.getByRole('checkbox', { name: 'Schrijven: beoordelingen toevoegen en verwijderen' }).check();
    await expect(page.getByRole('checkbox', { name: 'Lezen: de beoordeling bekijken' })).toBeChecked();
    await rightsTab(page, 'Docent', 'Verslagen');
    for (const report of [NAMES.report, NAMES.reportCopy]) {
      await choose(page, 'Verslag', report);
      await page.getByRole('checkbox', { name: 'Beheer: Hele verslag' }).check();
      await expect(page.getByRole('checkbox', { name: 'Schrijven: Hele verslag' })).toBeChecked();
    }
    await rightsTab(page, 'Docent', 'Beheerrechten');
    for (const right of ['Aankopen', 'Gegevens', 'Rechten']) {
      await page.getByRole('checkbox', { name: right, exact: true }).check();
    }
    await checkState(page, 'flow-trajectory-access-docent-nl', () =>
      expect(page.getByRole('checkbox', { name: 'Rechten', exact: true })).toBeChecked(),
    );

    // A Student who reads the form, may not see the hours, writes the own name; reads the evaluation.
    await addRole(page, 'Student');
    // The rights keep the sub-tab last shown (Beheerrechten) when another role is chosen.
    await rightsTab(page, 'Student', 'Informatie');
    await page.getByRole('checkbox', { name: 'Lezen: Alle informatie' }).check();
    await page.getByRole('checkbox', { name: 'Schrijven: Naam student' }).check();
    await page.getByRole('checkbox', { name: 'Verborgen: Uren per week' }).check();
    await expect(page.getByRole('checkbox', { name: 'Lezen: Uren per week' })).not.toBeChecked();
    // Undo and redo by keyboard, outside the form controls.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+z');
    await expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Lezen: Uren per week' })).toBeChecked();
    await page.keyboard.press('Control+Shift+z');
    await expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeChecked();
    await checkState(page, 'flow-trajectory-access-student-nl', () =>
      expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeChecked(),
    );
    await rightsTab(page, 'Student', 'Beoordeling');
    await page.getByRole('checkbox', { name: 'Lezen: de beoordeling bekijken' }).check();

    // Default users: the owner as Docent, a student as Student.
    await addDefaultUser(page, ownerEmail, 'Docent');
    await addDefaultUser(page, STUDENT, 'Student');
    await expect(page.getByText('Minstens één gebruiker moet beheerder zijn.')).toHaveCount(0);
    await notificationsGone(page);
    await checkState(page, 'flow-trajectory-access-users-nl', () =>
      expect(page.getByText(STUDENT, { exact: true })).toBeVisible(),
    );

    await save(page);

    // Reload: everything is there.
    await page.reload();
    await openTab(page, 'Dashboard'); // the tab shown is kept in the address
    await expect(input(page, 'Dashboard-sjabloon')).toHaveValue(NAMES.dashboard);
    // The widget's cluster by its names in the linked competence list.
    await expect(page.getByText(`cluster ${CLUSTER_PATH}`)).toBeVisible();
    await openTab(page, 'Informatie');
    await expect(input(page, 'Informatiesjabloon')).toHaveValue(NAMES.information);
    await expect(page.getByText('Totaal uren', { exact: true })).toBeVisible();
    await openTab(page, 'Beoordeling');
    await expect(input(page, 'Competentielijst')).toHaveValue(NAMES.list);
    await expect(input(page, 'Naam van score 2')).toHaveValue('Voldoende');
    await expect(input(page, 'Kleur van score 1')).toHaveValue('#E03131');
    await openTab(page, 'Verslagen');
    const reports = page.getByRole('list', { name: 'Verslagen in dit traject' });
    await expect(reports.getByText(NAMES.report, { exact: true })).toBeVisible();
    await expect(reports.getByText(NAMES.reportCopy, { exact: true })).toBeVisible();
    await openTab(page, 'Toegang');
    await page.getByRole('radio', { name: 'Docent' }).check();
    await expect(page.getByRole('checkbox', { name: 'Schrijven: Alle informatie' })).toBeChecked();
    await page.getByRole('radio', { name: 'Student' }).check();
    await expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Schrijven: Naam student' })).toBeChecked();
    await expect(input(page, `Rollen van ${STUDENT}`)).toBeVisible();

    // What the server stored: the links at their versions (D9), the roles, the users.
    const stored = await content(request, owner, `trajectories/${ids.trajectory}`);
    expect(stored.dashboard).toMatchObject({ id: ids.dashboard, version: 2 });
    expect(stored.information).toMatchObject({ id: ids.information, version: 2 });
    expect(stored.competenceList).toMatchObject({ id: ids.list, version: 2 });
    expect((stored.reportBlueprints as { id: number; name: string }[]).map((r) => [r.id, r.name])).toEqual([
      [ids.report, NAMES.report],
      [ids.reportCopy, NAMES.reportCopy],
    ]);
    const roles = stored.roles as { name: string; adminRights: Record<string, boolean> }[];
    expect(roles.map((role) => role.name)).toEqual(['Admin', 'Docent', 'Student']);
    expect(roles.find((role) => role.name === 'Docent')?.adminRights).toEqual({
      purchase: true,
      metadata: true,
      rights: true,
    });
    expect(stored.users).toEqual([
      { user: ownerEmail, roles: ['Docent'] },
      { user: STUDENT, roles: ['Student'] },
    ]);
  });

  test('7. a reader (READ given in the info dialog) sees the trajectory blueprint read-only', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const readerEmail = uniqueEmail('flow-reader');
    await createActivatedUser(request, readerEmail);
    await json(
      await request.post(`/api/organisations/${owner.organisationId}/users`, {
        data: { email: readerEmail, role: 'USER' },
        headers: auth(owner),
      }),
    );

    // The owner gives READ through the list's info dialog.
    await toList(page);
    await page.getByRole('checkbox', { name: `${NAMES.trajectory} selecteren`, exact: true }).check();
    await list(page).toolbar.getByRole('button', { name: 'Info', exact: true }).click();
    const info = page.getByRole('dialog', { name: `Over ‘${NAMES.trajectory}’` });
    await info.getByRole('tab', { name: 'Toegang' }).click();
    await info.getByLabel('Gebruiker toevoegen (e-mailadres)').fill(readerEmail);
    await info.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(info.getByRole('combobox', { name: `Rechten van ${readerEmail}` })).toHaveValue('READ');
    await checkState(page, 'flow-info-access-nl', () => expect(info).toBeVisible());
    await info.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De wijzigingen zijn opgeslagen.')).toBeVisible();

    // The reader, in a browser of their own.
    const tokens = await json<Tokens>(
      await request.post('/api/auth/login', { data: { email: readerEmail, password: PASSWORD } }),
    );
    await json(await request.post('/api/auth/eula', { data: {}, headers: auth(tokens) }));
    const readerTokens = await refresh(request, tokens, owner.organisationId);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'nl-NL', baseURL: base });
    const reader = await context.newPage();
    await seedStorage(reader, { tokens: readerTokens, cookies: true, language: 'nl' });
    await reader.goto('/blueprints');
    await expect(list(reader).table.getByRole('row')).toHaveCount(2);
    await list(reader).table.getByRole('link', { name: NAMES.trajectory }).click();
    await expect(reader.getByRole('heading', { level: 1, name: NAMES.trajectory })).toBeVisible();
    await expect(reader.getByText(x.readOnly)).toBeVisible();
    await expect(reader.getByRole('button', { name: x.save, exact: true })).toBeDisabled();
    await expect(input(reader, 'Dashboard-sjabloon')).toBeDisabled();
    await openTab(reader, 'Beoordeling');
    await expect(input(reader, 'Naam van score 1')).toBeDisabled();
    await expect(reader.getByRole('button', { name: 'Score toevoegen' })).toHaveCount(0);
    await openTab(reader, 'Verslagen');
    await expect(reader.getByRole('button', { name: `${NAMES.report} verwijderen` })).toBeDisabled();
    await openTab(reader, 'Toegang');
    await reader.getByRole('radio', { name: 'Student' }).check();
    await expect(reader.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeDisabled();
    await expect(input(reader, 'Nieuwe rol')).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Gebruiker toevoegen' })).toHaveCount(0);
    await checkState(reader, 'flow-trajectory-read-only-nl', () =>
      expect(reader.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeDisabled(),
    );
    await context.close();
  });

  test('8. shared through the library; a colleague in another organisation imports and opens it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const colleague = await createReadyUser(
      request,
      companyEmail('flow-colleague'),
      'Kinderopvang De Vlinder',
    );

    // The owner publishes the trajectory blueprint.
    await toList(page);
    await page.getByRole('checkbox', { name: `${NAMES.trajectory} selecteren`, exact: true }).check();
    await list(page).library.getByRole('button', { name: 'Toevoegen aan bibliotheek', exact: true }).click();
    await expect(page.getByText(`‘${NAMES.trajectory}’ staat nu in de bibliotheek.`)).toBeVisible();
    await expect(list(page).table.getByRole('row', { name: new RegExp(NAMES.trajectory) })).toContainText(
      'In bibliotheek',
    );
    await notificationsGone(page);
    await checkState(page, 'flow-library-nl', () => expect(list(page).library).toBeVisible());

    // The colleague imports it through the dialog; its editor opens.
    await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), colleague);
    await toList(page);
    await list(page).library.getByRole('button', { name: 'Importeren uit bibliotheek', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importeren uit de bibliotheek' });
    await dialog.getByRole('radio', { name: NAMES.trajectory }).check();
    await expect(dialog.getByRole('textbox', { name: 'Naam' })).toHaveValue(NAMES.trajectory);
    await expect(dialog).toContainText('Traject · versie 2');
    await checkState(page, 'flow-import-nl', () => expect(dialog).toBeVisible());
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(page).toHaveURL(/\/blueprints\/trajectories\/\d+$/);
    const imported = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: NAMES.trajectory })).toBeVisible();
    await notificationsGone(page);
    // The copied parts are in it; the linked blueprints live in the other organisation.
    await expect(page.getByText('Scores kerntaak 1')).toBeVisible();
    await expect(page.getByText(`cluster ${CLUSTER_PATH}`)).toBeVisible();
    await checkState(page, 'flow-imported-dashboard-nl', () =>
      expect(page.getByText('Laatste beoordelingen')).toBeVisible(),
    );
    await openTab(page, 'Informatie');
    await expect(page.getByText('Totaal uren', { exact: true })).toBeVisible();
    await openTab(page, 'Toegang');
    await page.getByRole('radio', { name: 'Student' }).check();
    await expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeChecked();
    await checkState(page, 'flow-imported-access-nl', () =>
      expect(page.getByRole('checkbox', { name: 'Verborgen: Uren per week' })).toBeChecked(),
    );

    const source = await content(request, owner, `trajectories/${ids.trajectory}`);
    const copy = await content(request, colleague, `trajectories/${imported}`);
    for (const key of ['roles', 'users', 'scoreInfo']) expect(copy[key], key).toEqual(source[key]);
    // The parts' content is copied, their links are not: they named the publisher's blueprints.
    for (const key of ['dashboard', 'competenceList'])
      expect(copy[key], key).toEqual({ ...(source[key] as object), id: null, version: null });
    // The form's option attachment is copied into the colleague's organisation as a file of its own.
    const attachments = (part: unknown) => JSON.stringify(part).match(/"attachments":\[(\d+)\]/)?.[1];
    expect(attachments(copy.information)).toBeDefined();
    expect(attachments(copy.information)).not.toBe(attachments(source.information));
    expect((copy.information as { id: unknown }).id).toBeNull();
    const info = await json<{ sourceBlueprintId: number | null; sourceBlueprintVersion: number | null }>(
      await request.get(`/api/blueprints/${imported}`, { headers: auth(colleague) }),
    );
    expect(info).toMatchObject({ sourceBlueprintId: ids.trajectory, sourceBlueprintVersion: 2 });
  });

  test('9. in English (shorter): a competence list and a trajectory blueprint linking it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // Another owner, in English, in a browser of their own.
    const english = await createReadyUser(request, uniqueEmail('flow-owner-en'), 'Greenfield College');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', baseURL: base });
    const page = await context.newPage();
    await seedStorage(page, { tokens: english, cookies: true, language: 'en' });
    await page.goto('/blueprints');
    await expect(page.getByText('No blueprints yet')).toBeVisible();
    const en = {
      new: 'New',
      title: 'New blueprint',
      name: 'Name',
      description: 'Description',
      create: 'Create',
    };
    const listId = await createThroughDialog(
      page,
      {
        type: 'Competence list',
        name: 'Childcare competences',
        description: 'Level 3',
        path: 'competencelists',
      },
      en,
    );
    await chooseFile(
      page,
      page.getByRole('button', { name: TEXTS.en.import }),
      join(FIXTURES, 'competences.xlsx'),
    );
    await expect(page.getByTestId('import-summary')).toContainText(
      `${TEXTS.en.imported} ${TEXTS.en.skipped}`,
    );
    await pressOnPage(page, 'Control+z');
    await expect(page.getByText(TEXTS.en.emptyList)).toBeVisible();
    await pressOnPage(page, 'Control+Shift+z');
    await expect(page.getByTestId(`competence-${COMPETENCE}`)).toBeVisible();
    await save(page, TEXTS.en);
    await checkState(page, 'flow-competence-list-en', () =>
      expect(page.getByTestId(`competence-${COMPETENCE}`)).toBeVisible(),
    );

    await page.goto('/blueprints');
    const trajectory = await createThroughDialog(
      page,
      { type: 'Trajectory', name: 'Childcare work placement', description: '', path: 'trajectories' },
      en,
    );
    await notificationsGone(page);
    await page
      .getByRole('tablist', { name: 'Parts of the trajectory blueprint' })
      .getByRole('tab', { name: 'Evaluation' })
      .click();
    await choose(page, 'Competence list', 'Childcare competences');
    await expect(page.getByText('Version used 2, latest version 2')).toBeVisible();
    await checkState(page, 'flow-trajectory-evaluation-en', () =>
      expect(page.getByText(COMPETENCE).first()).toBeVisible(),
    );
    await save(page, TEXTS.en);
    await page.reload();
    await expect(input(page, 'Competence list')).toHaveValue('Childcare competences');
    expect((await content(request, english, `trajectories/${trajectory}`)).competenceList).toMatchObject({
      id: listId,
      version: 2,
    });
    await page.goto('/blueprints');
    await notificationsGone(page);
    await checkState(page, 'flow-list-en', () =>
      expect(page.getByText('2 blueprints, 0 selected')).toBeVisible(),
    );
    await context.close();
  });
});
