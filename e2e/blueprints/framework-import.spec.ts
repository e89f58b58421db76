import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import {
  freshDataDir,
  REPO_ROOT,
  removeDataDir,
  type ServerHandle,
  startServer,
  stopServer,
} from '../support/server';
import { shoot } from '../support/shots';
import { checkState, DESKTOP, notificationsGone, PHONE } from '../support/states';
import { auth, DEMO_OWNER, signInDemo } from '../trajectories/detail-support';

/**
 * A school's curriculum in one step (issue 32, D56): the demo's owner imports a small CASE file into a new
 * competence list and sees its codes and tree in the editor; imports its next version from the editor (an
 * item renamed, one removed with `replacedBy` to a new one) and reads the diff, with a trajectory blueprint
 * following the list; exports it as CASE; and imports a qualification-file spreadsheet with one bad row,
 * sees the row and column named with nothing made, fixes it and imports it. In Dutch and in English, each
 * on a server of its own (the same document identifier would otherwise match the other run's list); every
 * state checked with axe and photographed at 1280 and 375 px.
 */

const CASE_DIR = join(REPO_ROOT, 'fixtures', 'case');
const V1 = join(CASE_DIR, 'e2e-zorg-v1.json');
const V2 = join(CASE_DIR, 'e2e-zorg-v2.json');
const DOCUMENT = 'e2e0d0c0-0000-4000-8000-000000000001';

const TEXTS = {
  nl: {
    toolbar: 'Acties voor sjablonen',
    action: 'Competentiekader importeren',
    newVersion: 'Nieuwe versie importeren',
    newVersionTitle: (name: string) => `Nieuwe versie van ${name} importeren`,
    export: 'Exporteren als CASE',
    mbo: 'Kwalificatiedossier (spreadsheet)',
    template: 'Voorbeeldbestand downloaden',
    templateFile: 'kwalificatiedossier-voorbeeld.xlsx',
    newList: 'Nieuwe competentielijst',
    name: 'Naam van de competentielijst',
    target: (name: string) => `Nieuwe versie van ${name} (nu versie 1)`,
    import: 'Importeren',
    imported: (name: string) => `Competentielijst ${name} is geïmporteerd.`,
    importedVersion: (name: string) =>
      `De nieuwe versie van ${name} is geïmporteerd. 1 trajectsjabloon is bijgewerkt.`,
    counts: ['1cluster', '1subcluster', '3competenties', '1criterium'],
    added: 'Toegevoegd (1)',
    removed: 'Verwijderd (1)',
    changed: 'Gewijzigd (1)',
    successor: 'scores gaan naar B1-K1-W4 Zorgt voor een schone, ordelijke werkplek (5S)',
    was: 'was: B1-K1-W1 Stelt een werkplanning op',
    updateBlueprints: 'Trajectsjablonen bijwerken',
    problems: '1 probleem in het bestand',
    badCell: 'Rij 4, kolom Soort: ongeldige waarde',
    listName: 'Verzorgende-IG (e2e)',
    dossierName: 'Kok (e2e)',
  },
  en: {
    toolbar: 'Blueprint actions',
    action: 'Import competence framework',
    newVersion: 'Import new version',
    newVersionTitle: (name: string) => `Import a new version of ${name}`,
    export: 'Export as CASE',
    mbo: 'Qualification file (spreadsheet)',
    template: 'Download example file',
    templateFile: 'qualification-file-example.xlsx',
    newList: 'New competence list',
    name: 'Name of the competence list',
    target: (name: string) => `New version of ${name} (now version 1)`,
    import: 'Import',
    imported: (name: string) => `Competence list ${name} was imported.`,
    importedVersion: (name: string) =>
      `The new version of ${name} was imported. 1 trajectory blueprint was updated.`,
    counts: ['1cluster', '1sub-cluster', '3competences', '1criterion'],
    added: 'Added (1)',
    removed: 'Removed (1)',
    changed: 'Changed (1)',
    successor: 'scores go to B1-K1-W4 Zorgt voor een schone, ordelijke werkplek (5S)',
    was: 'was: B1-K1-W1 Stelt een werkplanning op',
    updateBlueprints: 'Update trajectory blueprints',
    problems: '1 problem in the file',
    badCell: 'Row 4, column Kind: invalid value',
    listName: 'Care assistant (e2e)',
    dossierName: 'Cook (e2e)',
  },
};
type Language = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Language];

/** A qualification file as a school keeps it; row 4 (a criterion, so no other row depends on it) of `kind`. */
function dossier(kind: string) {
  const rows = [
    ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'],
    ['25180', 'Kok (e2e)', 'kwalificatiedossier', '', 'Versie 2026'],
    ['B1', 'Basisdeel kok', 'basisdeel', '25180', ''],
    ['B1-K1-W1-C1', 'Werkt hygiënisch (HACCP)', kind, 'B1-K1-W1', ''],
    ['B1-K1', 'Bereidt gerechten', 'kerntaak', 'B1', ''],
    ['B1-K1-W1', 'Maakt de mise-en-place gereed', 'werkproces', 'B1-K1', ''],
    ['B1-K1-W2', 'Bereidt koude en warme gerechten — ook crème brûlée', 'werkproces', 'B1-K1', ''],
  ];
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Dossier');
  return {
    name: 'kok.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The organisation's live competence lists, by name. */
async function competenceLists(request: APIRequestContext, tokens: Tokens) {
  const list = await json<{ id: number; name: string; type: string }[]>(
    await request.get('/api/blueprints?status=LIVE', { headers: auth(tokens) }),
  );
  return list.filter((item) => item.type === 'COMPETENCE_LIST');
}

/** A trajectory blueprint linking the competence list at its current version (D9). */
async function linkTrajectoryBlueprint(request: APIRequestContext, tokens: Tokens, listId: number) {
  const created = await request.post('/api/blueprints', {
    data: { type: 'TRAJECTORY', name: 'BPV Zorg (e2e)', description: '' },
    headers: auth(tokens),
  });
  await json(created);
  const id = Number(created.headers().location?.split('/').pop());
  const list = await request.get(`/api/blueprints/competencelists/${listId}/content`, {
    headers: auth(tokens),
  });
  const listContent = await json<{ competences: unknown[] }>(list);
  const listVersion = Number(list.headers().etag?.replace(/\D/g, ''));
  const own = await request.get(`/api/blueprints/trajectories/${id}/content`, { headers: auth(tokens) });
  await json(own);
  const version = own.headers().etag?.replace(/[^\d]/g, '') ?? '0';
  await json(
    await request.patch(`/api/blueprints/trajectories/${id}/content`, {
      data: [
        {
          op: 'replace',
          path: '/competenceList',
          value: { id: listId, version: listVersion, competences: listContent.competences },
        },
      ],
      headers: { ...auth(tokens), 'If-Match': `"${version}"` },
    }),
  );
  return id;
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The dialog scrolled to `part` on a phone (checkState's pictures show the dialog's top only). */
async function shootPart(page: Page, part: Locator, name: string) {
  await page.setViewportSize(PHONE);
  await part.scrollIntoViewIfNeeded();
  await shoot(page, name);
  await page.setViewportSize(DESKTOP);
}
const fileInput = (dialog: Locator) => dialog.locator('input[type="file"]');

for (const [language, offset] of [
  ['nl', 2400],
  ['en', 2401],
] as const) {
  const x: Texts = TEXTS[language];
  const port = Number(process.env.E2E_PORT) + offset;

  test.describe(`competence frameworks (${language})`, () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ baseURL: `http://localhost:${port}` });
    let server: ServerHandle;
    let owner: Tokens;
    let listId = 0;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(120_000);
      server = await startServer(port, freshDataDir(), { SEED_DEMO: '1' });
      const request = await playwright.request.newContext({ baseURL: server.url });
      owner = await signInDemo(request, DEMO_OWNER);
      await request.dispose();
    });

    test.afterAll(async () => {
      await stopServer(server);
      removeDataDir(server.dataDir);
    });

    async function open(page: Page) {
      await page.setViewportSize(DESKTOP);
      await seedStorage(page, { tokens: owner, cookies: true, language });
    }

    test('a CASE file becomes a new competence list, its codes and tree in the editor', async ({ page }) => {
      test.setTimeout(120_000);
      await open(page);
      await page.goto('/blueprints');
      await notificationsGone(page);
      await page.getByRole('toolbar', { name: x.toolbar }).getByRole('button', { name: x.action }).click();
      const dialog = dialogNamed(page, x.action);
      await checkState(page, `framework-import-start-${language}`, () =>
        expect(dialog.getByRole('radio', { name: x.mbo })).toBeVisible(),
      );

      await fileInput(dialog).setInputFiles(V1);
      await expect(dialog.getByTestId('framework-target')).toHaveText(x.newList);
      const name = dialog.getByRole('textbox', { name: x.name });
      await expect(name).toHaveValue('Zorg & Welzijn — Verzorgende-IG (e2e)');
      await name.fill(x.listName);
      await expect(dialog.getByTestId('framework-counts')).toHaveText(x.counts.join(''));
      await expect(dialog.getByTestId('framework-padding')).toHaveCount(0);
      await checkState(page, `framework-import-new-${language}`, () =>
        expect(dialog.getByTestId('framework-preview')).toBeVisible(),
      );

      await dialog.getByRole('button', { name: x.import, exact: true }).click();
      await expect(page).toHaveURL(/\/blueprints\/competencelists\/\d+$/);
      listId = Number(page.url().split('/').pop());
      await expect(page.getByText(x.imported(x.listName))).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: x.listName })).toBeVisible();
      // The tree: the cluster, the sub-cluster and the competences, each with its code (D56).
      for (const text of [
        'Basisdeel: zorg en ondersteuning',
        'Biedt zorg aan cliënten',
        'Stelt een werkplanning op',
      ])
        await expect(page.locator(`input[value="${text}"]`).first()).toBeVisible();
      for (const code of ['B1', 'B1-K1', 'B1-K1-W1', 'B1-K1-W3'])
        await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
      await notificationsGone(page);
      await checkState(page, `framework-editor-${language}`, () =>
        expect(page.getByRole('button', { name: x.newVersion })).toBeVisible(),
      );
    });

    test('its next version, from the editor: the diff by identifier, and the trajectory blueprint follows', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      const request = await playwright.request.newContext({ baseURL: server.url });
      const trajectoryId = await linkTrajectoryBlueprint(request, owner, listId);

      await open(page);
      await page.goto(`/blueprints/competencelists/${listId}`);
      await page.getByRole('button', { name: x.newVersion }).click();
      const dialog = dialogNamed(page, x.newVersionTitle(x.listName));
      await fileInput(dialog).setInputFiles(V2);
      await expect(dialog.getByTestId('framework-target')).toHaveText(x.target(x.listName));
      const added = dialog.getByTestId('framework-changes-added');
      await expect(added).toContainText(x.added);
      await expect(added).toContainText('B1-K1-W4 Zorgt voor een schone, ordelijke werkplek (5S)');
      const removed = dialog.getByTestId('framework-changes-removed');
      await expect(removed).toContainText(x.removed);
      await expect(removed).toContainText('B1-K1-W3 Ruimt de werkplek op');
      await expect(removed).toContainText(x.successor);
      const changed = dialog.getByTestId('framework-changes-changed');
      await expect(changed).toContainText(x.changed);
      await expect(changed).toContainText('B1-K1-W1 Stelt een werkplanning op en bewaakt die');
      await expect(changed).toContainText(x.was);
      await expect(dialog.getByTestId('framework-changes-moved')).toHaveCount(0);
      // Its successor carries the scores: no warning about scores left behind.
      await expect(dialog.getByTestId('framework-removed-warning')).toHaveCount(0);
      const follow = dialog.getByRole('checkbox', { name: x.updateBlueprints });
      await expect(follow).toBeChecked();
      await expect(dialog.getByText('BPV Zorg (e2e)', { exact: false })).toBeVisible();
      await checkState(page, `framework-import-version-${language}`, () =>
        expect(dialog.getByTestId('framework-changes')).toBeVisible(),
      );
      await shootPart(page, follow, `framework-import-version-${language}-375-diff`);

      await dialog.getByRole('button', { name: x.import, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(x.importedVersion(x.listName))).toBeVisible();
      await expect(page.locator('input[value="Stelt een werkplanning op en bewaakt die"]')).toBeVisible();
      await expect(
        page.locator('input[value="Zorgt voor een schone, ordelijke werkplek (5S)"]'),
      ).toBeVisible();
      await expect(page.locator('input[value="Ruimt de werkplek op"]')).toHaveCount(0);

      // The trajectory blueprint now links the new version (D9).
      const list = await request.get(`/api/blueprints/competencelists/${listId}/content`, {
        headers: auth(owner),
      });
      const listVersion = Number(list.headers().etag?.replace(/\D/g, ''));
      const trajectory = await json<{ competenceList: { id: number; version: number } }>(
        await request.get(`/api/blueprints/trajectories/${trajectoryId}/content`, { headers: auth(owner) }),
      );
      expect(trajectory.competenceList).toMatchObject({ id: listId, version: listVersion });
      await request.dispose();

      // Exported as CASE: the same document, the new items.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: x.export }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${x.listName}.case.json`);
      const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
        CFDocument: { identifier: string };
        CFItems: { humanCodingScheme?: string; fullStatement: string }[];
      };
      expect(exported.CFDocument.identifier).toBe(DOCUMENT);
      expect(exported.CFItems.map((item) => item.humanCodingScheme)).toEqual(
        expect.arrayContaining(['B1', 'B1-K1', 'B1-K1-W1', 'B1-K1-W1-C1', 'B1-K1-W4']),
      );
      expect(exported.CFItems.some((item) => item.humanCodingScheme === 'B1-K1-W3')).toBe(false);
    });

    test('a qualification file with a bad row: the row and column named, nothing made; fixed, imported', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      const request = await playwright.request.newContext({ baseURL: server.url });
      const before = (await competenceLists(request, owner)).length;
      await open(page);
      await page.goto('/blueprints');
      await notificationsGone(page);
      await page.getByRole('toolbar', { name: x.toolbar }).getByRole('button', { name: x.action }).click();
      const dialog = dialogNamed(page, x.action);
      await dialog.getByRole('radio', { name: x.mbo }).check();

      const template = page.waitForEvent('download');
      await dialog.getByRole('button', { name: x.template }).click();
      expect((await template).suggestedFilename()).toBe(x.templateFile);

      await fileInput(dialog).setInputFiles(dossier('criteruim'));
      const problems = dialog.getByTestId('framework-problems');
      await expect(problems).toContainText(x.problems);
      await expect(problems).toContainText(x.badCell);
      await expect(dialog.getByRole('button', { name: x.import, exact: true })).toBeDisabled();
      await checkState(page, `framework-import-problems-${language}`, () => expect(problems).toBeVisible());
      await shootPart(page, problems, `framework-import-problems-${language}-375-list`);
      expect((await competenceLists(request, owner)).length).toBe(before);

      // Fixed and chosen again.
      await fileInput(dialog).setInputFiles(dossier('criterium'));
      await expect(problems).toHaveCount(0);
      await expect(dialog.getByTestId('framework-target')).toHaveText(x.newList);
      await expect(dialog.getByRole('textbox', { name: x.name })).toHaveValue('Kok (e2e)');
      await dialog.getByRole('textbox', { name: x.name }).fill(x.dossierName);
      await checkState(page, `framework-import-mbo-${language}`, () =>
        expect(dialog.getByTestId('framework-preview')).toBeVisible(),
      );
      await dialog.getByRole('button', { name: x.import, exact: true }).click();
      await expect(page).toHaveURL(/\/blueprints\/competencelists\/\d+$/);
      await expect(page.getByText(x.imported(x.dossierName))).toBeVisible();
      await expect(page.locator('input[value="Maakt de mise-en-place gereed"]')).toBeVisible();
      await expect(page.getByText('B1-K1-W1', { exact: true }).first()).toBeVisible();
      expect((await competenceLists(request, owner)).length).toBe(before + 1);
      await request.dispose();
    });
  });
}
