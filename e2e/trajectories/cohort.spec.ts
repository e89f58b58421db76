import { readFileSync } from 'node:fs';
import { read, utils } from '@e965/xlsx';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { displayDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { expectNoSidewaysScroll } from '../support/states';
import { competenceNames, scoreCompetences } from './dashboard-support';
import {
  auth,
  DEMO_OWNER,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';
import { storedCompetences } from './evaluation-support';

/**
 * The cohort grid (issue 22), as the demo teacher uses it: the list grouped by class, the grid of class
 * VIG3A for one cluster, three cells scored (pointer, number key, keyboard menu) and stored, a save
 * someone else overtook (409), the export to .xlsx; axe and screenshots in Dutch and English at 1280
 * and 375 px, where the grid scrolls inside itself with its name column fixed.
 */

const PORT = Number(process.env.E2E_PORT) + 1800;
const CLUSTER = 'Beroepshouding';

type Response = Awaited<ReturnType<APIRequestContext['post']>>;
async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A trajectory from the demo blueprint in class `klas`, the owner as Docent (as the demo's are). */
async function createInClass(
  request: APIRequestContext,
  owner: Tokens,
  like: number,
  name: string,
  klas: string,
) {
  const { blueprintId } = await json<{ blueprintId: number }>(
    await request.get(`/api/v2/trajectories/${like}`, { headers: auth(owner) }),
  );
  const { roles } = await json<{ roles: unknown[] }>(
    await request.get(`/api/v2/trajectories/${like}/access`, { headers: auth(owner) }),
  );
  const created = await json<{ id: number }>(
    await request.post('/api/v2/trajectories', {
      data: {
        blueprintId,
        name,
        access: { roles, users: [{ user: DEMO_OWNER, roles: ['Docent'] }] },
        information: { Klas: klas },
      },
      headers: auth(owner),
    }),
  );
  return created.id;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A cell of the grid by its competence and trajectory (its accessible name starts with both). */
const cell = (grid: Locator, competence: string, trajectory: string) =>
  grid.getByRole('button', { name: new RegExp(`^${literal(competence)} — ${literal(trajectory)}:`) });

test.describe('the cohort grid', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  const ids: Record<string, number> = {};
  let competences: string[] = [];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    for (const item of await listTrajectories(request, owner)) ids[item.name] = item.id;
    const sanne = ids['BPV Sanne de Vries']!;
    // Class VIG3A: the demo's Sanne and Mohammed, and two more.
    ids['BPV Noor Bakker'] = await createInClass(request, owner, sanne, 'BPV Noor Bakker', 'VIG3A');
    ids['BPV Daan Visser'] = await createInClass(request, owner, sanne, 'BPV Daan Visser', 'VIG3A');
    competences = (await competenceNames(request, owner, sanne))[CLUSTER] ?? [];
    if (competences.length < 3) throw new Error(`the demo's ${CLUSTER} has competences`);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a teacher opens the class from the grouped list, scores three cells by pointer and keyboard, and exports them', async ({
    page,
    request,
  }) => {
    const [first, second] = competences as [string, string];
    const today = displayDay();
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(page.getByTestId('trajectory-table')).toBeVisible();
    const groupBy = page.getByRole('combobox', { name: 'Groeperen op' });
    await groupBy.fill('Klas');
    await groupBy.press('Enter');
    await expect(page.getByTestId('trajectory-group').first()).toBeVisible();
    await shoot(page, 'cohort-list-entry-nl-1280');
    await page
      .getByRole('toolbar', { name: 'Acties voor trajecten' })
      .getByRole('button', { name: 'Klasoverzicht' })
      .click();

    await expect(page).toHaveURL(/\/trajectories\/cohort\?groupBy=Klas/);
    await expect(page.getByLabel('Groep (Klas)')).toHaveValue('g:VIG3A');
    await page.getByLabel('Competenties').selectOption({ label: `${CLUSTER} (hele cluster)` });
    const grid = page.getByRole('grid', { name: `Klasoverzicht: ${CLUSTER}` });
    await expect(grid.getByRole('rowheader')).toHaveText([
      'BPV Daan Visser',
      'BPV Mohammed El Amrani',
      'BPV Noor Bakker',
      'BPV Sanne de Vries',
    ]);
    await expect(grid.getByRole('columnheader', { name: first })).toBeVisible();

    // 1. Pointer: a click opens the scale (colour, number and name), a click on a score saves it.
    const status = page.getByRole('status').filter({ hasText: /Opgeslagen|opslaan/ });
    await cell(grid, first, 'BPV Sanne de Vries').click();
    await expect(page.getByRole('menu', { name: `Score voor ${first} — BPV Sanne de Vries` })).toBeVisible();
    await expectAccessible(page, 'cohort-grid-menu-nl');
    await shoot(page, 'cohort-grid-menu-nl-1280');
    await page.getByRole('menuitem', { name: '3 Voldoende' }).click();
    await expect(status).toHaveText(`Opgeslagen: BPV Sanne de Vries, ${first}: 3`);
    await expect(cell(grid, first, 'BPV Sanne de Vries')).toHaveAccessibleName(
      `${first} — BPV Sanne de Vries: 3 Voldoende, beoordeeld op ${today}`,
    );

    // 2. Keyboard: the focus came back to the cell; the arrow moves on, a number key scores at once.
    await expect(cell(grid, first, 'BPV Sanne de Vries')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(grid, second, 'BPV Sanne de Vries')).toBeFocused();
    await page.keyboard.press('4');
    await expect(status).toHaveText(`Opgeslagen: BPV Sanne de Vries, ${second}: 4`);

    // 3. Keyboard: up a row, Enter opens the scale, Enter on a score saves it.
    await page.keyboard.press('ArrowUp');
    await expect(cell(grid, second, 'BPV Noor Bakker')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '2 In ontwikkeling' }).press('Enter');
    await expect(status).toHaveText(`Opgeslagen: BPV Noor Bakker, ${second}: 2`);

    // Stored as dated entries, dated today (D2, D4).
    const sanne = await storedCompetences(request, owner, ids['BPV Sanne de Vries']!);
    expect(sanne[first]?.latestProperties).toMatchObject({ score: '3', date: today });
    expect(sanne[second]?.latestProperties).toMatchObject({ score: '4', date: today });
    const noor = await storedCompetences(request, owner, ids['BPV Noor Bakker']!);
    expect(noor[second]?.latestProperties).toMatchObject({ score: '2', date: today });

    // The date on hover.
    await cell(grid, first, 'BPV Sanne de Vries').hover();
    await expect(page.getByRole('tooltip')).toHaveText(`3 Voldoende, beoordeeld op ${today}`);

    // The export: a workbook whose first sheet holds the scores as numbers.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (.xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Klasoverzicht Beroepshouding \d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.length).toBeGreaterThan(0);
    const book = read(bytes, { type: 'buffer' });
    const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]?.slice(0, 3)).toEqual(['Traject', first, second]);
    expect(rows.find((row) => row[0] === 'BPV Sanne de Vries')?.slice(1, 3)).toEqual([3, 4]);

    await page.mouse.move(0, 0);
    await notificationsGone(page);
    await expectAccessible(page, 'cohort-grid-nl');
    await shoot(page, 'cohort-grid-nl-1280');
  });

  test('a save someone else overtook reloads the row and says so; English and a phone', async ({
    page,
    request,
  }) => {
    const [first] = competences as [string];
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories/cohort?groupBy=Klas&group=VIG3A');
    await page.getByLabel('Competenties').selectOption({ label: `${CLUSTER} (hele cluster)` });
    const grid = page.getByRole('grid', { name: `Klasoverzicht: ${CLUSTER}` });
    await expect(cell(grid, first, 'BPV Mohammed El Amrani')).toBeVisible();

    // A colleague scores Mohammed meanwhile: the grid's version is stale.
    await scoreCompetences(request, owner, ids['BPV Mohammed El Amrani']!, [
      { at: new Date().toISOString(), competence: first, score: '1' },
    ]);
    await cell(grid, first, 'BPV Mohammed El Amrani').click();
    await page.getByRole('menuitem', { name: '4 Goed' }).click();
    await expect(page.getByText('Iemand anders heeft intussen opgeslagen')).toBeVisible();
    await expect(cell(grid, first, 'BPV Mohammed El Amrani')).toHaveAccessibleName(
      /: 1 Nog niet(, beoordeeld op .*)? · Niet opgeslagen$/,
    );
    const stored = await storedCompetences(request, owner, ids['BPV Mohammed El Amrani']!);
    expect(stored[first]?.latestProperties?.score).toBe('1');
    await notificationsGone(page);

    // English, then a phone: the grid scrolls inside itself, its name column stays.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    const english = page.getByRole('grid', { name: `Class overview: ${CLUSTER}` });
    await expect(cell(english, first, 'BPV Sanne de Vries')).toHaveAccessibleName(/3 Voldoende, assessed on/);
    await expect(page.getByText('Move to a cell with the arrow keys')).toBeVisible();
    await expectAccessible(page, 'cohort-grid-en');
    await shoot(page, 'cohort-grid-en-1280');

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'cohort grid');
    const scroller = page.getByTestId('cohort-grid-scroller');
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const name = english.getByRole('rowheader', { name: 'BPV Sanne de Vries' });
    const before = (await name.boundingBox())!.x;
    await scroller.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect((await name.boundingBox())!.x).toBeCloseTo(before, 0);
    await expect(name).toBeInViewport();
    await expectAccessible(page, 'cohort-grid-en-phone');
    await shoot(page, 'cohort-grid-en-375');

    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.reload();
    await expect(page.getByRole('grid', { name: `Klasoverzicht: ${CLUSTER}` })).toBeVisible();
    await expectNoSidewaysScroll(page, 'cohort grid nl');
    await shoot(page, 'cohort-grid-nl-375');
  });

  test('a selection opens its own grid; without trajectories or with a foreign one the page says so', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    const groupBy = page.getByRole('combobox', { name: 'Groeperen op' });
    await groupBy.fill('');
    await groupBy.press('Enter');
    const table = page.getByTestId('trajectory-table');
    await table.getByRole('checkbox', { name: 'BPV Lotte Jansen selecteren' }).check();
    await table.getByRole('checkbox', { name: 'BPV Daan Visser selecteren' }).check();
    await page
      .getByRole('toolbar', { name: 'Acties voor trajecten' })
      .getByRole('button', { name: 'Klasoverzicht' })
      .click();
    await expect(page).toHaveURL(/\/trajectories\/cohort\?ids=\d+,\d+$/);
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('rowheader')).toHaveText(['BPV Daan Visser', 'BPV Lotte Jansen']);

    await page.goto('/trajectories/cohort');
    await expect(page.getByText('Kies eerst trajecten')).toBeVisible();
    await expectAccessible(page, 'cohort-empty-nl');
    await shoot(page, 'cohort-empty-nl-1280');
    await page.goto('/trajectories/cohort?ids=999999');
    await expect(page.getByRole('alert')).toContainText('Niet alle trajecten gevonden');
  });
});
