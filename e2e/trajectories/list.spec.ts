import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { createReadyUser, seedStorage, uniqueEmail } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { FIXTURES } from './list-fixtures';
import {
  ADMIN_ROLE,
  asSession,
  auth,
  blueprintId,
  checkState,
  createMany,
  createTrajectory,
  DEMO,
  DEMO_BLUEPRINT,
  DEMO_PASSWORD,
  DESKTOP,
  json,
  listTrajectories,
  notificationsGone,
  PHONE,
  type Session,
  signIn,
} from './list-support';

// The trajectory list /trajectories (issue 8; spec part 1 §2, §4, §5, §8; D12, D14, D30, D34).
// Its own server with the demo organisation (SEED_DEMO=1). The active period of a new trajectory is
// set by TRAJECTORY_TRIAL_DAYS (D12) and cannot be changed afterwards in a private organisation, so
// the set-up restarts the server on the same data with a trial of 0 days (an inactive trajectory)
// and of 7 days (one that expires soon) before the tests run with the usual 30 days.
/** A trajectory's detail frame, with or without the section it falls back to. */
const LANDED = /\/trajectory\/(\d+)(?:\/access)?$/;
const port = Number(process.env.E2E_PORT) + 11;
const base = `http://localhost:${port}`;
/** The large organisation of the windowing test (through the API: ~40 ms a trajectory here). */
const MANY = Number(process.env.LIST_MANY_ROWS ?? 5000);

const INACTIVE = 'BPV Stage afgerond';
const EXPIRING = 'BPV Kees Bos';

function ui(page: Page) {
  const table = page.getByRole('table', { name: /^(Trajecten|Trajectories)$/ });
  return {
    table,
    toolbar: page.getByRole('toolbar', { name: /Acties voor trajecten|Trajectory actions/ }),
    rows: table.getByTestId('trajectory-row'),
    groups: table.getByTestId('trajectory-group'),
    count: page.getByTestId('trajectory-count'),
  };
}

/** The titles of the rows in the DOM, top to bottom. */
async function titles(page: Page): Promise<string[]> {
  return ui(page).rows.locator('a[href^="/trajectory/"]').allInnerTexts();
}

async function openAs(page: Page, session: Session, language: 'nl' | 'en' = 'nl'): Promise<void> {
  await seedStorage(page, { tokens: session, cookies: true, language });
  await page.goto('/trajectories');
}

test.describe('the trajectory list', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });
  let server: ServerHandle;
  let outerDataDir: string | undefined;
  let owner: Session;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const dataDir = freshDataDir();
    const request = await playwright.request.newContext({ baseURL: base });
    const restart = async (env: Record<string, string>) => {
      if (server) await stopServer(server);
      server = await startServer(port, dataDir, env);
    };
    await restart({ SEED_DEMO: '1' });
    for (const [days, name] of [
      ['0', INACTIVE],
      ['7', EXPIRING],
    ] as const) {
      await restart({ TRAJECTORY_TRIAL_DAYS: days });
      const session = await signIn(request, DEMO.owner, DEMO_PASSWORD);
      const blueprint = await blueprintId(request, session, DEMO_BLUEPRINT);
      await createTrajectory(request, session, DEMO.owner, {
        blueprintId: blueprint,
        name,
        description: null,
      });
    }
    await restart({});
    await request.dispose();
    // The outbox helpers (activation links) read this server's data directory.
    outerDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
  });

  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = outerDataDir;
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test.beforeEach(async ({ request }) => {
    owner = await signIn(request, DEMO.owner, DEMO_PASSWORD);
  });

  test('the demo owner sees, sorts and searches the demo trajectories (nl)', async ({ page }) => {
    await openAs(page, owner);
    const { table, toolbar, rows, count } = ui(page);
    await expect(rows).toHaveCount(4);
    // Sorted by title; the inactive one is hidden while the toggle is off (spec part 1 §4).
    expect(await titles(page)).toEqual([
      'BPV Kees Bos',
      'BPV Lotte Jansen',
      'BPV Mohammed El Amrani',
      'BPV Sanne de Vries',
    ]);
    await expect(count).toHaveText('4 trajecten, 0 geselecteerd');
    await expect(table.getByRole('columnheader', { name: 'Titel' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Expiry (D12): 7 days left is a warning, 30 days is active; dates as dd/MM/yyyy.
    const kees = rows.filter({ hasText: EXPIRING });
    await expect(kees.locator('[data-expiry="warning"]')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(kees.getByRole('img', { name: 'Verloopt binnenkort' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Lotte' }).locator('[data-expiry="active"]')).toBeVisible();
    // The owner of a private organisation with PURCHASE: the date links to the extension wizard.
    await expect(
      kees.getByRole('link', { name: /^Actief tot .*, verloopt binnenkort, verlengen$/ }),
    ).toHaveAttribute('href', '/extend-trajectories');
    // A title links to the trajectory.
    const lotte = (await listTrajectories(page.request, owner)).find(
      (item) => item.name === 'BPV Lotte Jansen',
    );
    await expect(table.getByRole('link', { name: 'BPV Lotte Jansen' })).toHaveAttribute(
      'href',
      `/trajectory/${lotte?.id}`,
    );
    // Generate extract and delete need a selection (spec part 1 §2; the extract dialog: e2e/extracts/).
    await expect(toolbar.getByRole('button', { name: 'Verwijderen' })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Voortgangsrapport maken' })).toBeDisabled();
    await checkState(page, 'trajectories-list-nl', () => expect(rows).toHaveCount(4));

    // Sort: title descending, then activeUntil ascending (the soonest first).
    await table.getByRole('button', { name: 'Titel' }).click();
    await expect(table.getByRole('columnheader', { name: 'Titel' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect((await titles(page))[0]).toBe('BPV Sanne de Vries');
    await table.getByRole('button', { name: 'Actief tot' }).click();
    await expect(table.getByRole('columnheader', { name: 'Actief tot' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect((await titles(page))[0]).toBe(EXPIRING);
    await table.getByRole('button', { name: 'Omschrijving' }).click();
    expect((await titles(page)).at(-1)).toBe(EXPIRING);

    // Search in title and description, any letter case.
    const search = page.getByRole('searchbox', { name: 'Zoeken' });
    await search.fill('het ANKER');
    expect(await titles(page)).toEqual(['BPV Lotte Jansen']);
    await search.fill('sanne');
    expect(await titles(page)).toEqual(['BPV Sanne de Vries']);
    await search.fill('bestaat niet');
    await expect(page.getByText('Niets gevonden dat aan het filter voldoet.')).toBeVisible();
    await page.getByRole('button', { name: 'Zoekopdracht wissen' }).click();
    await expect(rows).toHaveCount(4);

    // The inactive toggle shows the trajectory without an active period, marked inactive.
    await page.getByRole('switch', { name: 'Inactieve trajecten tonen' }).check();
    await expect(rows).toHaveCount(5);
    const inactive = rows.filter({ hasText: INACTIVE });
    await expect(inactive.getByRole('img', { name: 'Niet actief' })).toBeVisible();
    await expect(inactive.getByRole('link', { name: 'Niet actief, verlengen' })).toBeVisible();
    await checkState(page, 'trajectories-list-inactive-nl', () => expect(rows).toHaveCount(5));
    await page.getByRole('switch', { name: 'Inactieve trajecten tonen' }).uncheck();
    await expect(rows).toHaveCount(4);

    // A title opens the trajectory inside the app (no page load).
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await table.getByRole('link', { name: 'BPV Lotte Jansen' }).click();
    // The detail frame then shows its fallback section, access (spec part 1 §2), in the address too.
    await expect(page).toHaveURL(new RegExp(`/trajectory/${lotte?.id}(/access)?$`));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('a teacher creates trajectories from the demo blueprint with a spreadsheet and groups them (nl)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openAs(page, owner);
    const { toolbar, rows, groups, table } = ui(page);
    await expect(rows).toHaveCount(4);

    const dialog = page.getByRole('dialog', { name: 'Nieuw traject' });
    const open = async () => {
      await toolbar.getByRole('button', { name: 'Nieuw traject' }).click();
      await expect(dialog).toBeVisible();
    };

    // Required fields first.
    await open();
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(2);
    // A blueprint without a role that grants RIGHTS cannot be used (principalRequiredRights).
    const { id: withoutRights } = await json<{ id: number }>(
      await page.request.post('/api/blueprints', {
        data: { type: 'TRAJECTORY', name: 'Traject zonder beheerrol', description: null, userRights: [] },
        headers: auth(owner),
      }),
    );
    const reader = {
      ...ADMIN_ROLE,
      name: 'Lezer',
      adminRights: { purchase: false, metadata: false, rights: false },
    };
    await json(
      await page.request.patch(`/api/blueprints/trajectories/${withoutRights}/content`, {
        data: [{ op: 'replace', path: '/roles', value: [reader] }],
        headers: auth(owner),
      }),
    );
    await page.reload();
    await open();
    await dialog.getByLabel('Trajectsjabloon').selectOption({ label: 'Traject zonder beheerrol' });
    await expect(dialog.getByTestId('principal-required-rights')).toHaveText(
      'Je eigen rollen moeten je het recht geven om rechten te beheren.',
    );
    // The demo blueprint: the creator gets its Docent role (the role with RIGHTS).
    await dialog.getByLabel('Trajectsjabloon').selectOption({ label: DEMO_BLUEPRINT });
    await expect(dialog.getByTestId('creator-roles')).toHaveText('Je krijgt de rol Docent.');
    // A file of one row is ignored, and the dialog says so.
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'leeg.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Naam;Klas\n'),
    });
    await expect(dialog.getByTestId('data-file-ignored')).toHaveText(
      'Dit bestand heeft minder dan 2 rijen en wordt daarom genegeerd.',
    );
    // Title and description with counters; the .xlsx data file is read in the worker.
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('BPV Femke de Boer');
    await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill('Stage bij Zorgcentrum De Linde');
    await expect(dialog.getByText('17/255 tekens')).toBeVisible();
    await expect(dialog.getByText('30/1000 tekens')).toBeVisible();
    await fileInput.setInputFiles(join(FIXTURES, 'trajectory-data.xlsx'));
    await expect(dialog.getByTestId('data-file-read')).toContainText('4 gegevens gevonden:');
    await expect(dialog.getByTestId('data-file-read')).toContainText('Klas: VIG3C');
    await checkState(page, 'trajectories-create-nl', () =>
      expect(dialog.getByTestId('data-file-read')).toBeVisible(),
    );
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    // The new trajectory's frame; it may already show its fallback section (/access) when the URL is read.
    await expect(page).toHaveURL(LANDED);
    const femke = Number(LANDED.exec(page.url())?.[1]);

    // The same with the .csv (semicolons, a byte-order mark, as Excel saves it).
    await page.goto('/trajectories');
    await open();
    await dialog.getByLabel('Trajectsjabloon').selectOption({ label: DEMO_BLUEPRINT });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('BPV Daan Visser');
    await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'trajectory-data.csv'));
    await expect(dialog.getByTestId('data-file-read')).toContainText('3 gegevens gevonden:');
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page).toHaveURL(LANDED);

    // And one without a data file: it has no class, so it lands in Uncategorised.
    await page.goto('/trajectories');
    await open();
    await dialog.getByLabel('Trajectsjabloon').selectOption({ label: DEMO_BLUEPRINT });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('BPV Proefplaatsing');
    await dialog.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page).toHaveURL(LANDED);

    // D14, D40: the columns naming a form field filled it (Opleiding, Naam, the nested Naam leerbedrijf);
    // Klas names none and became the information map's. The server groups by a top-level field too.
    const grouped = await json<{ value: string | null; trajectories: { id: number }[] }[]>(
      await page.request.get('/api/v2/trajectories/grouped?key=Opleiding', { headers: auth(owner) }),
    );
    expect(
      grouped.find((group) => group.value === 'Verzorgende IG (niveau 3)')?.trajectories.map((t) => t.id),
    ).toContain(femke);
    const form = await json<{ values: Record<string, unknown> }>(
      await page.request.get(`/api/v2/trajectories/${femke}/form`, { headers: auth(owner) }),
    );
    expect(Object.values(form.values)).toEqual(
      expect.arrayContaining(['Femke de Boer', 'Zorgcentrum De Linde', 'Verzorgende IG (niveau 3)']),
    );

    await page.goto('/trajectories');
    await expect(rows).toHaveCount(7);
    await notificationsGone(page);

    // Group by "Klas" (D34): accordions by value, Uncategorised last; remembered per user and organisation.
    const groupBy = page.getByRole('combobox', { name: 'Groeperen op' });
    await groupBy.fill('Klas');
    await groupBy.press('Enter');
    await expect(groups).toHaveCount(4);
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(groups).toHaveText([
      /^VIG3A\s*3 trajecten$/,
      /^VIG3B\s*1 traject$/,
      /^VIG3C\s*1 traject$/,
      /^Niet ingedeeld\s*2 trajecten$/,
    ]);
    expect(await titles(page)).toEqual([
      'BPV Daan Visser',
      'BPV Mohammed El Amrani',
      'BPV Sanne de Vries',
      'BPV Lotte Jansen',
      'BPV Femke de Boer',
      'BPV Kees Bos',
      'BPV Proefplaatsing',
    ]);
    const key = `trajectories.groupBy.${owner.userId}.${owner.organisationId}`;
    expect(await page.evaluate((storageKey) => localStorage.getItem(storageKey), key)).toBe('Klas');
    await checkState(page, 'trajectories-grouped-nl', () => expect(groups).toHaveCount(4));

    // An accordion closes and opens.
    const vig3a = table.getByRole('button', { name: /^VIG3A/ });
    await vig3a.click();
    await expect(vig3a).toHaveAttribute('aria-expanded', 'false');
    await expect(rows).toHaveCount(4);
    await vig3a.click();
    await expect(rows).toHaveCount(7);

    // A group is a cohort (issue 32): its checkbox selects its rows, and clears them again; a closed group
    // has none (its rows are not shown, so not acted on).
    const vig3aBox = table.getByRole('checkbox', { name: 'Groep VIG3A selecteren' });
    await vig3aBox.check();
    await expect(ui(page).count).toHaveText('7 trajecten, 3 geselecteerd');
    await vig3aBox.uncheck();
    await expect(ui(page).count).toHaveText('7 trajecten, 0 geselecteerd');
    await vig3a.click();
    await expect(vig3aBox).toHaveCount(0);
    await vig3a.click();

    // Remembered after a reload; emptying the box stops grouping.
    await page.reload();
    await expect(groupBy).toHaveValue('Klas');
    await expect(groups).toHaveCount(4);
    await groupBy.fill('');
    await groupBy.press('Enter');
    await expect(groups).toHaveCount(0);
    await expect(rows).toHaveCount(7);
    expect(await page.evaluate((storageKey) => localStorage.getItem(storageKey), key)).toBeNull();
  });

  test('delete asks first, moves the selection to the trash and reports a failure (nl)', async ({ page }) => {
    await openAs(page, owner);
    const { toolbar, rows, table, count } = ui(page);
    await expect(rows).toHaveCount(7);

    // Select-all selects every row the owner may select; again clears them.
    const selectAll = table.getByRole('checkbox', { name: 'Alle trajecten selecteren' });
    await selectAll.check();
    await expect(count).toHaveText('7 trajecten, 7 geselecteerd');
    await selectAll.uncheck();
    await expect(count).toHaveText('7 trajecten, 0 geselecteerd');

    // A failing delete names the trajectory (deleteDocumentError) and keeps it.
    await table.getByRole('checkbox', { name: 'BPV Proefplaatsing selecteren' }).check();
    await page.route('**/api/v2/trajectories/*/status', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"status":403,"key":"forbidden"}',
      }),
    );
    await toolbar.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Verwijderen' });
    await expect(confirm).toContainText(
      'Weet je zeker dat je het traject ‘BPV Proefplaatsing’ wilt verwijderen?',
    );
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(
      page.getByText('Het traject ‘BPV Proefplaatsing’ kon niet worden verwijderd.'),
    ).toBeVisible();
    await expect(rows).toHaveCount(7);
    await page.unroute('**/api/v2/trajectories/*/status');

    // Cancel keeps it; confirm moves it to the trash (status DELETED, D30).
    await notificationsGone(page);
    await toolbar.getByRole('button', { name: 'Verwijderen' }).click();
    await confirm.getByRole('button', { name: 'Annuleren' }).click();
    await expect(rows).toHaveCount(7);
    await toolbar.getByRole('button', { name: 'Verwijderen' }).click();
    await checkState(page, 'trajectories-delete-nl', () => expect(confirm).toBeVisible());
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Het traject is naar de prullenbak verplaatst.')).toBeVisible();
    await expect(rows).toHaveCount(6);
    await expect(count).toHaveText('6 trajecten, 0 geselecteerd');
    const deleted = await json<{ name: string }[]>(
      await page.request.get('/api/v2/trajectories?status=deleted', { headers: auth(owner) }),
    );
    expect(deleted.map((item) => item.name)).toEqual(['BPV Proefplaatsing']);
  });

  test('a student without METADATA sees no row checkbox and no extend link; a failed load says so', async ({
    page,
    request,
  }) => {
    const student = await signIn(request, DEMO.user, DEMO_PASSWORD);
    await openAs(page, student);
    const { rows, table } = ui(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('BPV Sanne de Vries');
    await expect(rows.first().getByRole('checkbox')).toHaveCount(0);
    await expect(table.getByRole('checkbox', { name: 'Alle trajecten selecteren' })).toBeDisabled();
    await expect(rows.first().getByRole('link', { name: /verlengen/ })).toHaveCount(0);
    await checkState(page, 'trajectories-student-nl', () => expect(rows).toHaveCount(1));

    // loadDocumentError when the list cannot be loaded (spec part 1 §8).
    await page.route(/\/api\/v2\/trajectories\?status=/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"status":500,"key":"internalError"}',
      }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('De trajectenlijst kon niet worden geladen.');
    await shoot(page, 'trajectories-load-error-nl-1280');
  });

  test('in English: list, groups, dialog; axe clean and no sideways scroll', async ({ page }) => {
    await openAs(page, owner, 'en');
    const { rows, groups, toolbar } = ui(page);
    await expect(rows).toHaveCount(6);
    await expect(
      page.getByRole('table', { name: 'Trajectories' }).getByRole('columnheader', { name: 'Active until' }),
    ).toBeVisible();
    await expect(ui(page).count).toHaveText('6 trajectories, 0 selected');
    await checkState(page, 'trajectories-list-en', () => expect(rows).toHaveCount(6));
    const groupBy = page.getByRole('combobox', { name: 'Group by' });
    await groupBy.fill('Klas');
    await groupBy.press('Enter');
    await expect(groups.last()).toHaveText(/^Uncategorised\s*1 trajectory$/);
    await checkState(page, 'trajectories-grouped-en', () => expect(groups).toHaveCount(4));
    // The clear button (kept out of the tab order by Mantine; emptying the box does the same).
    await page.locator('.mantine-Autocomplete-section button').click();
    await expect(groups).toHaveCount(0);
    await toolbar.getByRole('button', { name: 'New trajectory' }).click();
    const dialog = page.getByRole('dialog', { name: 'New trajectory' });
    await dialog.getByLabel('Trajectory blueprint').selectOption({ label: DEMO_BLUEPRINT });
    await expect(dialog.getByTestId('creator-roles')).toHaveText('You will hold the role Docent.');
    await dialog.locator('input[type="file"]').setInputFiles(join(FIXTURES, 'trajectory-data.csv'));
    await expect(dialog.getByTestId('data-file-read')).toContainText('3 data items found:');
    await checkState(page, 'trajectories-create-en', () =>
      expect(dialog.getByTestId('data-file-read')).toBeVisible(),
    );
  });

  test(`an organisation with ${MANY} trajectories keeps fewer than 200 rows in the DOM while scrolling`, async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    const email = uniqueEmail('list-many');
    const session = asSession(await createReadyUser(request, email, 'ROC Grootstad'));
    const { id: blueprint } = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: { type: 'TRAJECTORY', name: 'Groot traject', description: null, userRights: [] },
        headers: auth(session),
      }),
    );
    // Before any trajectory: the empty state says how to start.
    await seedStorage(page, { tokens: session, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await checkState(page, 'trajectories-empty-nl', () =>
      expect(page.getByText('Nog geen trajecten')).toBeVisible(),
    );

    const took = await createMany(request, session, email, blueprint, MANY);
    console.log(`created ${MANY} trajectories through the API in ${(took / 1000).toFixed(0)} s`);

    for (const round of ['first', 'second']) {
      const asked = Date.now();
      expect(await listTrajectories(request, session)).toHaveLength(MANY);
      console.log(`GET /api/v2/trajectories (${round}) answered ${MANY} rows in ${Date.now() - asked} ms`);
    }
    const loaded = Date.now();
    await page.reload();
    const { rows, count } = ui(page);
    await expect(count).toHaveText(`${MANY} trajecten, 0 geselecteerd`, { timeout: 30_000 });
    console.log(`the list of ${MANY} showed in ${Date.now() - loaded} ms`);
    const inDom = () => rows.count();
    expect(await inDom()).toBeLessThan(200);

    // Scroll as a flick of the wheel does (240 px a frame), then through the whole list in 120
    // frames; record the time between frames, against the same loop on an empty page of that height.
    const scrollFrames = (steps: number, step: number | null) =>
      page.evaluate(
        async ({ steps, step }) => {
          const gaps: number[] = [];
          const by = step ?? Math.ceil(document.documentElement.scrollHeight / steps);
          let last = performance.now();
          for (let i = 0; i < steps; i += 1) {
            window.scrollBy(0, by);
            await new Promise((done) => requestAnimationFrame(() => done(null)));
            const now = performance.now();
            gaps.push(now - last);
            last = now;
          }
          gaps.sort((a, b) => a - b);
          return { median: gaps[Math.floor(steps / 2)] ?? 0, worst: gaps.at(-1) ?? 0 };
        },
        { steps, step },
      );
    const flick = await scrollFrames(150, 240);
    expect(await inDom()).toBeLessThan(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    const through = await scrollFrames(120, null);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const blank = await page.context().newPage();
    await blank.setContent(`<div style="height:${height}px"></div>`);
    const baseline = await blank.evaluate(async () => {
      const gaps: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 150; i += 1) {
        window.scrollBy(0, 240);
        await new Promise((done) => requestAnimationFrame(() => done(null)));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      return gaps.sort((a, b) => a - b)[75] ?? 0;
    });
    await blank.close();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `frames while scrolling: a flick median ${ms(flick.median)} (worst ${ms(flick.worst)}), ` +
        `through the list median ${ms(through.median)} (worst ${ms(through.worst)}); empty page ${ms(baseline)}`,
    );
    // Responsive while scrolling: a flick keeps close to the empty page's frame rate.
    expect(flick.median).toBeLessThan(Math.max(3 * baseline, 50));
    await expect(rows.filter({ hasText: `Traject ${String(MANY).padStart(5, '0')}` })).toBeVisible();
    expect(await inDom()).toBeLessThan(200);

    // Select-all works over all rows, not only those in the DOM.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('checkbox', { name: 'Alle trajecten selecteren' }).check();
    await expect(count).toHaveText(`${MANY} trajecten, ${MANY} geselecteerd`);
    await page.getByRole('checkbox', { name: 'Alle trajecten selecteren' }).uncheck();

    // The middle of the list, at 375 px: still windowed, no sideways scroll.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(inDom).toBeLessThan(200);
    expect(await inDom()).toBeGreaterThan(5);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(import.meta.dirname, '..', '.artifacts', 'screenshots', 'trajectories-many-375.png'),
    });
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'the long list');
  });
});
