import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
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
import { shoot } from '../support/shots';

// Its own server, with a company domain for the library (D31): users of that domain see the library.
const port = Number(process.env.E2E_PORT) + 7;
const base = `http://localhost:${port}`;
const COMPANY_DOMAIN = 'groeipad.example.nl';
const companyEmail = (prefix: string) => uniqueEmail(prefix).replace('@example.com', `@${COMPANY_DOMAIN}`);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/;

type Owner = Tokens & { organisationId: number };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

async function addMember(request: APIRequestContext, owner: Owner, email: string): Promise<void> {
  await json(
    await request.post(`/api/organisations/${owner.organisationId}/users`, {
      data: { email, role: 'USER' },
      headers: auth(owner),
    }),
  );
}

/** Tokens of an activated member for `organisationId`: signed in, licence accepted. */
async function signInMember(request: APIRequestContext, email: string, organisationId: number) {
  const tokens = await json<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } }),
  );
  await json(await request.post('/api/auth/eula', { data: {}, headers: auth(tokens) }));
  return refresh(request, tokens, organisationId);
}

/** A three-level competence tree (D3) written through the API. */
const COMPETENCES = [
  {
    uuid: 'c1',
    description: 'Zorg verlenen',
    labels: ['kern'],
    info: '<p>Basiszorg</p>',
    subcompetences: [
      {
        uuid: 'c1.1',
        description: 'Persoonlijke verzorging',
        labels: [],
        info: '',
        subcompetences: [
          {
            uuid: 'c1.1.1',
            description: 'Helpt bij wassen en aankleden',
            labels: [],
            info: '',
            subcompetences: [],
          },
        ],
      },
    ],
  },
];

async function content(request: APIRequestContext, tokens: Tokens, path: string) {
  return json<Record<string, unknown>>(
    await request.get(`/api/blueprints/${path}/content`, { headers: auth(tokens) }),
  );
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${label} overflows at ${width}px`,
      })
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

/** Waits until the notifications have closed themselves, so that screenshots show the page. */
async function notificationsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 400);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** A state: axe, screenshots at 1280 and 375 px, no sideways scroll at 375 and 320 px. */
async function checkState(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await ready();
  await expectAccessible(page, `${name} at 375px`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-375`);
  await expectNoSidewaysScroll(page, name);
  await ready();
}

function ui(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: /Acties voor sjablonen|Blueprint actions/ });
  const libraryToolbar = page.getByRole('toolbar', { name: /^(Bibliotheek|Library)$/ });
  const filter = page.getByRole('region', { name: 'Filter' });
  const table = page.getByRole('table', { name: /^(Sjablonen|Blueprints)$/ });
  return { toolbar, libraryToolbar, filter, table };
}

test.describe('the blueprint list', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });
  let server: ServerHandle;
  let outerDataDir: string | undefined;

  test.beforeAll(async () => {
    server = await startServer(port, freshDataDir(), { COMPANY_DOMAIN });
    // The outbox helpers (activation links) read this server's data directory.
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('an owner creates, filters, edits, copies, shares and deletes blueprints (nl)', async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const ownerEmail = uniqueEmail('bp-owner');
    const colleagueEmail = uniqueEmail('bp-colleague');
    const owner = await createReadyUser(request, ownerEmail, 'ROC Groeiland, team Zorg en Welzijn');
    await createActivatedUser(request, colleagueEmail);
    await addMember(request, owner, colleagueEmail);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    const { toolbar, libraryToolbar, filter, table } = ui(page);

    // Empty. Someone outside the company domain has the library toolbar too (import, update: D58),
    // without publishing to or removing from the library (D31).
    await page.goto('/blueprints');
    await checkState(page, 'blueprints-empty-nl', () =>
      expect(page.getByText('Nog geen sjablonen')).toBeVisible(),
    );
    await expect(
      libraryToolbar.getByRole('button', { name: 'Importeren uit bibliotheek', exact: true }),
    ).toBeVisible();
    for (const name of ['Toevoegen aan bibliotheek', 'Verwijderen uit bibliotheek'])
      await expect(libraryToolbar.getByRole('button', { name, exact: true })).toHaveCount(0);
    for (const name of ['Kopiëren', 'Wijzigen', 'Info', 'Verwijderen'])
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeDisabled();

    // Create: type and name are required; then the editor opens.
    await toolbar.getByRole('button', { name: 'Nieuw', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nieuw sjabloon' });
    await create.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(create.getByText('Dit veld is verplicht.')).toHaveCount(2);
    await checkState(page, 'blueprints-create-errors-nl', () => expect(create).toBeVisible());
    const created: Record<string, number> = {};
    for (const [type, name, description, path] of [
      ['Verslag', 'Stageverslag periode 1', 'Wekelijks verslag van de student', 'reports'],
      ['Competentielijst', 'Competenties Zorg en Welzijn', 'Kwalificatiedossier niveau 3', 'competencelists'],
      ['Informatie', 'Intakeformulier', '', 'information'],
    ] as const) {
      if (!(await create.isVisible()))
        await toolbar.getByRole('button', { name: 'Nieuw', exact: true }).click();
      await create.getByLabel('Type').selectOption({ label: type });
      await create.getByRole('textbox', { name: 'Naam' }).fill(name);
      await create.getByRole('textbox', { name: 'Omschrijving' }).fill(description);
      await expect(create.getByText(`${name.length}/255 tekens`)).toBeVisible();
      await expect(create.getByText(`${description.length}/1000 tekens`)).toBeVisible();
      await create.getByRole('button', { name: 'Aanmaken' }).click();
      await expect(page).toHaveURL(new RegExp(`/blueprints/${path}/\\d+$`));
      created[name] = Number(page.url().split('/').pop());
      await page.goto('/blueprints');
    }
    const listId = created['Competenties Zorg en Welzijn'] as number;
    await json(
      await request.patch(`/api/blueprints/competencelists/${listId}/content`, {
        data: [{ op: 'add', path: '/competences/0', value: COMPETENCES[0] }],
        headers: auth(owner),
      }),
    );

    // The table, sorted by name, with the type translated and the name linking to the editor.
    await page.goto('/blueprints');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(1)).toContainText('Competentielijst');
    await expect(table.getByRole('row').nth(1)).toContainText('Competenties Zorg en Welzijn');
    await expect(table.getByRole('row').nth(3)).toContainText('Stageverslag periode 1');
    await expect(table.getByRole('link', { name: 'Intakeformulier' })).toHaveAttribute(
      'href',
      `/blueprints/information/${created.Intakeformulier}`,
    );
    await notificationsGone(page);
    await checkState(page, 'blueprints-list-nl', () =>
      expect(table.or(page.getByRole('list', { name: 'Sjablonen' }))).toBeVisible(),
    );

    // Enable rules: copy/edit/info need one, delete any number (all ADMIN here).
    await page.getByRole('checkbox', { name: 'Intakeformulier selecteren', exact: true }).check();
    for (const name of ['Kopiëren', 'Wijzigen', 'Info', 'Verwijderen'])
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Alle sjablonen selecteren', exact: true }).check();
    await expect(toolbar.getByRole('button', { name: 'Wijzigen', exact: true })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Verwijderen', exact: true })).toBeEnabled();
    await expect(page.getByText('3 sjablonen, 3 geselecteerd')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Alle sjablonen selecteren', exact: true }).uncheck();

    // Filter: by type, by name; kept over a reload; cleared.
    await filter.getByLabel('Type').selectOption({ label: 'Verslag' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await filter.getByLabel('Type').selectOption({ label: 'Alle typen' });
    await filter.getByRole('searchbox', { name: 'Naam' }).fill('ZORG');
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.reload();
    await expect(filter.getByRole('searchbox', { name: 'Naam' })).toHaveValue('ZORG');
    await expect(table.getByRole('row')).toHaveCount(2);
    await checkState(page, 'blueprints-filtered-nl', () =>
      expect(filter.getByText('1 actief')).toBeVisible(),
    );
    await filter.getByRole('searchbox', { name: 'Omschrijving' }).fill('niets zoals dit');
    await expect(page.getByText('Niets gevonden dat aan het filter voldoet.')).toBeVisible();
    await filter.getByRole('button', { name: 'Filter verbergen' }).click();
    await expect(filter.getByRole('searchbox', { name: 'Naam' })).toBeHidden();
    await filter.getByRole('button', { name: 'Filter wissen' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    await filter.getByRole('button', { name: 'Filter tonen' }).click();
    await expect(filter.getByRole('searchbox', { name: 'Naam' })).toHaveValue('');

    // Edit name and description.
    await page.getByRole('checkbox', { name: 'Intakeformulier selecteren', exact: true }).check();
    await toolbar.getByRole('button', { name: 'Wijzigen', exact: true }).click();
    const edit = page.getByRole('dialog', { name: '‘Intakeformulier’ wijzigen' });
    await edit.getByRole('textbox', { name: 'Naam' }).fill('');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit.getByText('Dit veld is verplicht.')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Naam' }).fill('Intakeformulier 2026');
    await edit.getByRole('textbox', { name: 'Omschrijving' }).fill('Gegevens bij de start van de opleiding');
    await checkState(page, 'blueprints-edit-nl', () => expect(edit).toBeVisible());
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De wijzigingen zijn opgeslagen.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(table.getByRole('row', { name: /Intakeformulier 2026/ })).toContainText(
      'Gegevens bij de start van de opleiding',
    );
    await page.getByRole('checkbox', { name: 'Intakeformulier 2026 selecteren', exact: true }).uncheck();

    // Copy: prefilled "Kopie van …"; the copy has the source's content and its editor opens.
    await page
      .getByRole('checkbox', { name: 'Competenties Zorg en Welzijn selecteren', exact: true })
      .check();
    await toolbar.getByRole('button', { name: 'Kopiëren', exact: true }).click();
    const copy = page.getByRole('dialog', { name: '‘Competenties Zorg en Welzijn’ kopiëren' });
    await expect(copy.getByRole('textbox', { name: 'Naam' })).toHaveValue(
      'Kopie van Competenties Zorg en Welzijn',
    );
    await expect(copy.getByRole('textbox', { name: 'Omschrijving' })).toHaveValue(
      'Kwalificatiedossier niveau 3',
    );
    await checkState(page, 'blueprints-copy-nl', () => expect(copy).toBeVisible());
    await copy.getByRole('button', { name: 'Kopiëren' }).click();
    await expect(page).toHaveURL(/\/blueprints\/competencelists\/\d+$/);
    const copyId = Number(page.url().split('/').pop());
    expect(copyId).not.toBe(listId);
    const source = await content(request, owner, `competencelists/${listId}`);
    expect(await content(request, owner, `competencelists/${copyId}`)).toEqual(source);
    expect((source.competences as unknown[]).length).toBe(1);

    // Info: general, history, access (the own row locked; a colleague gets READ).
    await page.goto('/blueprints');
    await page
      .getByRole('checkbox', { name: 'Competenties Zorg en Welzijn selecteren', exact: true })
      .check();
    await toolbar.getByRole('button', { name: 'Info', exact: true }).click();
    const info = page.getByRole('dialog', { name: 'Over ‘Competenties Zorg en Welzijn’' });
    await expect(info.getByText('Versie', { exact: true })).toBeVisible();
    await expect(info.getByText(DATE_TIME).first()).toBeVisible();
    await expect(info.getByText('Zelf gemaakt')).toBeVisible();
    await checkState(page, 'blueprints-info-general-nl', () => expect(info).toBeVisible());
    await info.getByRole('tab', { name: 'Geschiedenis' }).click();
    const history = info.getByRole('table', { name: 'Geschiedenis' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText(ownerEmail);
    await expect(history.getByRole('row').nth(1)).toContainText(DATE_TIME);
    await checkState(page, 'blueprints-info-history-nl', () =>
      expect(info.getByText(ownerEmail).first()).toBeVisible(),
    );
    await info.getByRole('tab', { name: 'Toegang' }).click();
    await expect(info.getByRole('combobox', { name: `Rechten van ${ownerEmail}` })).toBeDisabled();
    await expect(info.getByRole('button', { name: `${ownerEmail} verwijderen` })).toBeDisabled();
    const newUser = info.getByLabel('Gebruiker toevoegen (e-mailadres)');
    await newUser.fill('geen-adres');
    await newUser.blur();
    await expect(info.getByText('Vul een geldig e-mailadres in.')).toBeVisible();
    await newUser.fill(ownerEmail.toUpperCase());
    await expect(info.getByText('Deze gebruiker staat al in de lijst.')).toBeVisible();
    await expect(info.getByRole('button', { name: 'Toevoegen' })).toBeDisabled();
    // The organisation's members are suggested.
    await newUser.fill('bp-colleague');
    await page.getByRole('option', { name: colleagueEmail }).click();
    await expect(newUser).toHaveValue(colleagueEmail);
    await info.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(info.getByRole('combobox', { name: `Rechten van ${colleagueEmail}` })).toHaveValue('READ');
    await checkState(page, 'blueprints-info-access-nl', () =>
      expect(info.getByRole('tab', { name: 'Toegang' })).toBeVisible(),
    );
    await info.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De wijzigingen zijn opgeslagen.')).toBeVisible();
    await expect(info.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
    await info.getByRole('button', { name: 'Sluiten' }).first().click();
    const rights = await json<{ user: string; rights: string[] }[]>(
      await request.get(`/api/blueprints/${listId}/rights`, { headers: auth(owner) }),
    );
    expect(rights).toContainEqual({ user: colleagueEmail, rights: ['READ'] });

    // Delete after confirming (cancel first): it moves to the trash.
    await page
      .getByRole('checkbox', { name: 'Competenties Zorg en Welzijn selecteren', exact: true })
      .uncheck();
    await page.getByRole('checkbox', { name: 'Stageverslag periode 1 selecteren', exact: true }).check();
    await toolbar.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Verwijderen' });
    await expect(confirm).toContainText(
      'Weet je zeker dat je het sjabloon ‘Stageverslag periode 1’ wilt verwijderen?',
    );
    await checkState(page, 'blueprints-delete-nl', () => expect(confirm).toBeVisible());
    await confirm.getByRole('button', { name: 'Annuleren' }).click();
    await expect(table.getByRole('link', { name: 'Stageverslag periode 1' })).toBeVisible();
    await toolbar.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Het sjabloon is naar de prullenbak verplaatst.')).toBeVisible();
    await expect(table.getByRole('link', { name: 'Stageverslag periode 1' })).toHaveCount(0);
    const deleted = await json<{ name: string }[]>(
      await request.get('/api/blueprints?status=DELETED', { headers: auth(owner) }),
    );
    expect(deleted.map((item) => item.name)).toEqual(['Stageverslag periode 1']);

    // The colleague sees the shared blueprint only, may look at it, but not copy, edit or delete it.
    const colleague = await signInMember(request, colleagueEmail, owner.organisationId);
    await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), colleague);
    await page.goto('/blueprints');
    await expect(table.getByRole('row')).toHaveCount(2);
    await page
      .getByRole('checkbox', { name: 'Competenties Zorg en Welzijn selecteren', exact: true })
      .check();
    for (const name of ['Kopiëren', 'Wijzigen', 'Verwijderen'])
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Info', exact: true })).toBeEnabled();
    await expect(filter.getByRole('searchbox', { name: 'Naam' })).toHaveValue('');
    await toolbar.getByRole('button', { name: 'Info', exact: true }).click();
    await info.getByRole('tab', { name: 'Toegang' }).click();
    await expect(info.getByText('Alleen wie dit sjabloon beheert, kan de rechten wijzigen.')).toBeVisible();
    await expect(info.getByRole('combobox', { name: `Rechten van ${ownerEmail}` })).toBeDisabled();
    await expect(info.getByLabel('Gebruiker toevoegen (e-mailadres)')).toHaveCount(0);
    await checkState(page, 'blueprints-info-access-reader-nl', () => expect(info).toBeVisible());
  });

  test('the list in English: create, info, a load failure', async ({ page, request }) => {
    test.setTimeout(180_000);
    const owner = await createReadyUser(request, uniqueEmail('bp-owner-en'), 'Greenfield College');
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    const { toolbar, table } = ui(page);

    await page.goto('/blueprints');
    await checkState(page, 'blueprints-empty-en', () =>
      expect(page.getByText('No blueprints yet')).toBeVisible(),
    );
    await toolbar.getByRole('button', { name: 'New', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'New blueprint' });
    await create.getByLabel('Type').selectOption({ label: 'Dashboard' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Progress overview');
    await create.getByRole('textbox', { name: 'Description' }).fill('Scores per cluster for mentors');
    await checkState(page, 'blueprints-create-en', () => expect(create).toBeVisible());
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/blueprints\/dashboards\/\d+$/);
    await page.goto('/blueprints');
    await expect(table.getByRole('row', { name: /Progress overview/ })).toContainText('Dashboard');
    await notificationsGone(page);
    await checkState(page, 'blueprints-list-en', () =>
      expect(page.getByText('1 blueprint, 0 selected')).toBeVisible(),
    );

    await page.getByRole('checkbox', { name: 'Select Progress overview', exact: true }).check();
    await toolbar.getByRole('button', { name: 'Info', exact: true }).click();
    const info = page.getByRole('dialog', { name: 'About ‘Progress overview’' });
    await expect(info.getByText('Made here')).toBeVisible();
    await checkState(page, 'blueprints-info-general-en', () => expect(info).toBeVisible());
    await info.getByRole('tab', { name: 'Access' }).click();
    await checkState(page, 'blueprints-info-access-en', () =>
      expect(info.getByRole('button', { name: 'Add' })).toBeVisible(),
    );
    await info.getByRole('tab', { name: 'History' }).click();
    await expect(info.getByRole('table', { name: 'History' }).getByRole('row')).toHaveCount(2);
    await page.keyboard.press('Escape');

    await toolbar.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Delete' })).toContainText(
      'Are you sure you want to delete the blueprint ‘Progress overview’?',
    );
    await checkState(page, 'blueprints-delete-en', () =>
      expect(page.getByRole('dialog', { name: 'Delete' })).toBeVisible(),
    );
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Cancel' }).click();

    // The list fails to load: loadDocumentError with a retry.
    let fail = true;
    await page.route('**/api/blueprints?status=LIVE', (route) =>
      fail ? route.fulfill({ status: 500, json: { status: 500, key: 'internalError' } }) : route.fallback(),
    );
    await page.reload();
    await checkState(page, 'blueprints-load-error-en', () =>
      expect(page.getByRole('alert')).toContainText('The blueprints could not be loaded.'),
    );
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(table.getByRole('link', { name: 'Progress overview' })).toBeVisible();
  });

  test('company users publish to the library, import from it in another organisation, remove it (nl)', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const publisherEmail = companyEmail('bp-publisher');
    const importerEmail = companyEmail('bp-importer');
    const publisher = await createReadyUser(request, publisherEmail, 'Groeipad Academie');
    const importer = await createReadyUser(request, importerEmail, 'Groeipad Klantenservice');
    const made = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: {
          type: 'COMPETENCE_LIST',
          name: 'Basisvaardigheden MBO',
          description: 'Voor alle opleidingen',
        },
        headers: auth(publisher),
      }),
    );
    await json(
      await request.patch(`/api/blueprints/competencelists/${made.id}/content`, {
        data: [{ op: 'add', path: '/competences/0', value: COMPETENCES[0] }],
        headers: auth(publisher),
      }),
    );
    await seedStorage(page, { tokens: publisher, cookies: true, language: 'nl' });
    const { libraryToolbar, table } = ui(page);

    // Publish: the library mark appears.
    await page.goto('/blueprints');
    await expect(
      libraryToolbar.getByRole('button', { name: 'Toevoegen aan bibliotheek', exact: true }),
    ).toBeDisabled();
    await expect(
      libraryToolbar.getByRole('button', { name: 'Importeren uit bibliotheek', exact: true }),
    ).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Basisvaardigheden MBO selecteren', exact: true }).check();
    await libraryToolbar.getByRole('button', { name: 'Toevoegen aan bibliotheek', exact: true }).click();
    await expect(page.getByText('‘Basisvaardigheden MBO’ staat nu in de bibliotheek.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Basisvaardigheden MBO/ })).toContainText('In bibliotheek');
    await notificationsGone(page);
    await checkState(page, 'blueprints-library-nl', () => expect(libraryToolbar).toBeVisible());

    // A company user of another organisation imports it: a new blueprint naming its source.
    await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), importer);
    await page.goto('/blueprints');
    await libraryToolbar.getByRole('button', { name: 'Importeren uit bibliotheek', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Importeren uit de bibliotheek' });
    await importDialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(importDialog.getByText('Dit veld is verplicht.').first()).toBeVisible();
    await importDialog.getByRole('radio', { name: 'Basisvaardigheden MBO' }).check();
    await expect(importDialog.getByRole('textbox', { name: 'Naam' })).toHaveValue('Basisvaardigheden MBO');
    await expect(importDialog).toContainText('Competentielijst · versie 2');
    await importDialog.getByRole('textbox', { name: 'Naam' }).fill('Basisvaardigheden (bibliotheek)');
    await checkState(page, 'blueprints-import-nl', () => expect(importDialog).toBeVisible());
    await importDialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(page).toHaveURL(/\/blueprints\/competencelists\/\d+$/);
    const importedId = Number(page.url().split('/').pop());
    expect((await content(request, importer, `competencelists/${importedId}`)).competences).toEqual(
      (await content(request, publisher, `competencelists/${made.id}`)).competences,
    );
    await page.goto('/blueprints');
    await page
      .getByRole('checkbox', { name: 'Basisvaardigheden (bibliotheek) selecteren', exact: true })
      .check();
    await ui(page).toolbar.getByRole('button', { name: 'Info', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(`Bibliotheek: sjabloon ${made.id}, versie 2`);
    await page.keyboard.press('Escape');

    // The publisher takes it out of the library again: the entry is preselected.
    await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), publisher);
    await page.goto('/blueprints');
    await page.getByRole('checkbox', { name: 'Basisvaardigheden MBO selecteren', exact: true }).check();
    await libraryToolbar.getByRole('button', { name: 'Verwijderen uit bibliotheek', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Verwijderen uit de bibliotheek' });
    await expect(remove.getByRole('radio', { name: 'Basisvaardigheden MBO' })).toBeChecked();
    await checkState(page, 'blueprints-library-remove-nl', () => expect(remove).toBeVisible());
    await remove.getByRole('button', { name: 'Verwijderen uit bibliotheek' }).click();
    await expect(page.getByText('‘Basisvaardigheden MBO’ is uit de bibliotheek verwijderd.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Basisvaardigheden MBO/ })).not.toContainText(
      'In bibliotheek',
    );
    await expect(
      libraryToolbar.getByRole('button', { name: 'Importeren uit bibliotheek', exact: true }),
    ).toBeDisabled();
  });

  test('a school imports from the library, sees “update available” and updates after a confirmation (D31, D58)', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const publisher = await createReadyUser(request, companyEmail('bp-upd-publisher'), 'Groeipad Academie');
    // The importer is a school, not of the company domain (D58).
    const importer = await createReadyUser(request, uniqueEmail('bp-upd-school'), 'ROC Groeiland');
    const made = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: { type: 'COMPETENCE_LIST', name: 'Kernvaardigheden zorg', description: null },
        headers: auth(publisher),
      }),
    );
    const patch = (tokens: Tokens, id: number, ops: unknown[]) =>
      request
        .patch(`/api/blueprints/competencelists/${id}/content`, { data: ops, headers: auth(tokens) })
        .then((res) => json(res));
    await patch(publisher, made.id, [{ op: 'add', path: '/competences/0', value: COMPETENCES[0] }]);
    await json(await request.post('/api/library', { data: { id: made.id }, headers: auth(publisher) }));
    const entry = (
      await json<{ id: number; name: string }[]>(
        await request.get('/api/library', { headers: auth(importer) }),
      )
    ).find((e) => e.name === 'Kernvaardigheden zorg')!;
    const imported = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: { id: entry.id, name: 'Kernvaardigheden (eigen)', description: null },
        headers: auth(importer),
      }),
    );
    // Since the import: the importer changed the copy, the publisher a newer library version.
    await patch(importer, imported.id, [
      { op: 'replace', path: '/competences/0/description', value: 'Eigen tekst' },
    ]);
    await patch(publisher, made.id, [
      { op: 'replace', path: '/competences/0/description', value: 'Zorg verlenen (herzien)' },
    ]);
    await json(await request.post('/api/library', { data: { id: made.id }, headers: auth(publisher) }));
    const libraryContent = (await content(request, publisher, `competencelists/${made.id}`)).competences;
    const own = async () => (await content(request, importer, `competencelists/${imported.id}`)).competences;
    expect(await own()).not.toEqual(libraryContent);

    const { libraryToolbar } = ui(page);
    const update = (name: string) => libraryToolbar.getByRole('button', { name, exact: true });

    // English on a phone: the dialog says what is replaced; Cancel changes nothing.
    await seedStorage(page, { tokens: importer, cookies: true, language: 'en' });
    await page.setViewportSize(PHONE);
    await page.goto('/blueprints');
    await expect(update('Update from library')).toBeDisabled();
    for (const name of ['Add to library', 'Remove from library'])
      await expect(libraryToolbar.getByRole('button', { name, exact: true })).toHaveCount(0);
    // The school's only blueprint is the imported one; its library entry is newer.
    await page.setViewportSize(DESKTOP);
    await checkState(page, 'blueprints-update-available-en', () =>
      expect(page.getByText('Update available', { exact: true })).toBeVisible(),
    );
    await page.setViewportSize(PHONE);
    await page.getByRole('checkbox', { name: 'Select Kernvaardigheden (eigen)', exact: true }).check();
    await update('Update from library').click();
    const dialogEn = page.getByRole('dialog', { name: 'Update from the library' });
    await expect(dialogEn.getByTestId('update-from-library-warning')).toContainText(
      'The whole content of ‘Kernvaardigheden (eigen)’',
    );
    await expectAccessible(page, 'update from library en 375');
    await shoot(page, 'blueprints-update-from-library-en-375');
    await dialogEn.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialogEn).toBeHidden();
    expect(((await own()) as { description: string }[])[0]?.description).toBe('Eigen tekst');

    // Dutch at 1280: confirmed, the content is the library's.
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.setViewportSize(DESKTOP);
    await page.goto('/blueprints');
    const mark = page
      .getByRole('row', { name: /Kernvaardigheden \(eigen\)/ })
      .getByText('Update beschikbaar');
    await checkState(page, 'blueprints-update-available-nl', () =>
      expect(page.getByText('Update beschikbaar', { exact: true })).toBeVisible(),
    );
    await expect(mark).toBeVisible();
    await page.getByRole('checkbox', { name: 'Kernvaardigheden (eigen) selecteren', exact: true }).check();
    await update('Bijwerken uit bibliotheek').click();
    const dialog = page.getByRole('dialog', { name: 'Bijwerken uit de bibliotheek' });
    await expect(dialog.getByTestId('update-from-library-warning')).toContainText(
      'De hele inhoud van ‘Kernvaardigheden (eigen)’ (nu versie 2, geïmporteerd uit bibliotheekversie 2)',
    );
    await expectAccessible(page, 'update from library nl');
    await shoot(page, 'blueprints-update-from-library-nl-1280');
    await dialog.getByRole('button', { name: 'Inhoud vervangen' }).click();
    await expect(
      page.getByText('‘Kernvaardigheden (eigen)’ is bijgewerkt uit de bibliotheek.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await own()).toEqual(libraryContent);
    // Up to date: the mark is gone.
    await expect(page.getByText('Update beschikbaar', { exact: true })).toHaveCount(0);
    // The editor shows it too.
    await page.goto(`/blueprints/competencelists/${imported.id}`);
    const shown = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value),
      );
    await expect.poll(shown).toContain('Zorg verlenen (herzien)');
    expect(await shown()).not.toContain('Eigen tekst');

    // The publisher's own blueprint did not come from the library: nothing to update it from.
    await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), publisher);
    await page.goto('/blueprints');
    await page.getByRole('checkbox', { name: 'Kernvaardigheden zorg selecteren', exact: true }).check();
    await expect(update('Bijwerken uit bibliotheek')).toBeDisabled();
  });
});
