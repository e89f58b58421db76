import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  createActivatedUser,
  createReadyUser,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { shoot } from '../support/shots';
import {
  type BlueprintKind,
  checkState,
  chooseFile,
  createBlueprint,
  grantRead,
  memberTokens,
  notificationsGone,
  pressOnPage,
  TYPE_PATHS,
} from './editor-support';
import { TEXTS } from './editor-texts';
import {
  addBothWidgets,
  addEveryFieldType,
  addReportFieldsAndDuplicate,
  COMPETENCE,
  expectBothWidgetsStored,
  expectEveryFieldTypeStored,
  expectExtractStored,
  FIXTURES,
  fillExtract,
  importCompetenceSpreadsheets,
  save,
} from './flow-steps';

// Two CPU cores are shared with other suites: loading after a reload may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
const x = TEXTS.nl;

const NAMES: Record<BlueprintKind, string> = {
  COMPETENCE_LIST: 'Competenties pedagogisch medewerker',
  INFORMATION: 'Intake BPV',
  REPORT: 'Tussentijdse evaluatie',
  DASHBOARD: 'Dashboard BPV',
  EXTRACT: 'Uittreksel BPV',
};

let owner: Tokens & { organisationId: number };
let ownerEmail: string;
const ids = {} as Record<BlueprintKind, number>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  ownerEmail = uniqueEmail('editor-owner');
  owner = await createReadyUser(request, ownerEmail, 'ROC Groeiland');
  for (const type of Object.keys(NAMES) as BlueprintKind[]) {
    ids[type] = await createBlueprint(request, owner, type, NAMES[type]);
  }
  await request.dispose();
});

async function open(page: Page, type: BlueprintKind, language: 'nl' | 'en' = 'nl', tokens: Tokens = owner) {
  await seedStorage(page, { tokens, cookies: true, language });
  await page.goto(`/blueprints/${TYPE_PATHS[type]}/${ids[type]}`);
  await expect(page.getByRole('heading', { level: 1, name: NAMES[type] })).toBeVisible();
}

test('competence list: import from .csv and .xlsx, undo and redo by keyboard, info as rich text (nl)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await open(page, 'COMPETENCE_LIST');
  await importCompetenceSpreadsheets(page);

  // Three levels only (D3): a competence offers no level below it.
  const competence = COMPETENCE;
  const node = page.getByTestId(`competence-${competence}`);
  await expect(node.getByRole('button', { name: x.noDeeper })).toBeDisabled();
  await page.getByRole('button', { name: x.addUnder('Kerntaak 1: Voert pedagogische taken uit') }).click();
  const subclusters = page.getByRole('textbox', { name: x.subclusterName });
  await expect(subclusters).toHaveCount(9);
  await expect(subclusters.nth(3)).toHaveValue(x.newSubcluster);
  await page.getByRole('button', { name: x.undo, exact: true }).click();
  await expect(subclusters).toHaveCount(8);

  // Info as rich text: an imported cell became paragraphs; add a bold list item; add a label.
  await node.getByRole('button', { name: x.show(competence) }).click();
  const info = node.getByRole('textbox', { name: x.info });
  await expect(info.locator('p')).toHaveCount(2);
  await info.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await node.getByRole('button', { name: x.bulletList }).click();
  await node.getByRole('button', { name: x.bold }).click();
  await page.keyboard.type('Werkt met de observatielijst');
  const labels = node.getByRole('combobox', { name: x.labels });
  await labels.fill('Observeren');
  await labels.press('Enter');
  await save(page);
  await checkState(page, 'editor-competence-list-nl', () => expect(node).toBeVisible());

  await page.reload();
  await expect(page.getByTestId('competence-Beroepshouding')).toBeVisible();
  await expect(page.locator('li[data-testid^="competence-"]')).toHaveCount(41);
  const reloaded = page.getByTestId(`competence-${competence}`);
  await expect(reloaded.getByText('Observeren', { exact: true })).toBeVisible();
  await reloaded.getByRole('button', { name: x.show(competence) }).click();
  const stored = reloaded.getByRole('textbox', { name: x.info });
  await expect(stored.locator('ul li b')).toHaveText('Werkt met de observatielijst');
  await expect(stored.locator('p').first()).toHaveText('Legt observaties vast in het kindvolgsysteem.');
});

test('information form: every field type, a nested group, a formula, an attachment (nl)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page, 'INFORMATION');
  const field = (name: string) => page.getByTestId(`field-${name}`);
  await addEveryFieldType(page);

  // Undo and redo by keyboard.
  await pressOnPage(page, 'Control+z');
  await expect(field('Stageovereenkomst')).toHaveCount(0);
  await pressOnPage(page, 'Control+Shift+z');
  await expect(field('Stageovereenkomst')).toBeVisible();
  await save(page);
  await checkState(page, 'editor-information-nl', () => expect(field('Totaal uren')).toBeVisible());

  await page.reload();
  await expectEveryFieldTypeStored(page);
});

test('report blueprint: duplicate, move and delete fields (nl)', async ({ page }) => {
  await open(page, 'REPORT');
  await addReportFieldsAndDuplicate(page);
  const copy = page.getByTestId(`field-${x.copy('Reflectie')}`);
  const names = page.locator('li[data-testid^="field-"]');
  await page.getByRole('checkbox', { name: x.select('Reflectie'), exact: true }).uncheck();
  await page.getByRole('checkbox', { name: x.select('Eindoordeel') }).check();
  await page.getByRole('button', { name: x.moveUp, exact: true }).click();
  await expect(names.nth(1)).toHaveAttribute('data-testid', 'field-Eindoordeel');
  await page.getByRole('checkbox', { name: x.selectAll }).check();
  await page.getByRole('button', { name: x.remove, exact: true }).click();
  await expect(names).toHaveCount(0);
  await pressOnPage(page, 'Control+z');
  await expect(names).toHaveCount(3);
  // Leaving with unsaved changes asks first (exitDocumentMessage).
  await page.getByRole('button', { name: x.close, exact: true }).click();
  const leave = page.getByRole('dialog', { name: x.leaveTitle });
  await expect(leave).toContainText(x.exitMessage);
  await leave.getByRole('button', { name: x.stay }).click();
  await expect(leave).toBeHidden();
  await save(page);
  await checkState(page, 'editor-report-nl', () => expect(copy).toBeVisible());
  await page.reload();
  await expect(names).toHaveCount(3);
  await expect(page.getByTestId(`field-${x.copy('Reflectie')}`)).toBeVisible();
});

test('dashboard: both widget types, a cluster chosen from a competence list (nl)', async ({ page }) => {
  await open(page, 'DASHBOARD');
  await addBothWidgets(page, NAMES.COMPETENCE_LIST);
  const scores = page.getByTestId('widget-Scores kerntaak 1');
  await save(page);
  await checkState(page, 'editor-dashboard-nl', () => expect(scores).toBeVisible());
  await page.reload();
  await expectBothWidgetsStored(page);
});

test('extract blueprint: level, logo, texts, chart and colours (nl)', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'EXTRACT');
  await fillExtract(page);
  const image = page.getByRole('img', { name: x.logoAlt });
  await save(page);
  await checkState(page, 'editor-extract-nl', () => expect(image).toBeVisible());

  await page.reload();
  await expectExtractStored(page);
});

test('a reader sees every editor read-only (nl)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const readerEmail = uniqueEmail('editor-reader');
  await createActivatedUser(request, readerEmail);
  const reader = await memberTokens(request, owner, readerEmail);
  for (const type of Object.keys(NAMES) as BlueprintKind[]) {
    await grantRead(request, owner, ownerEmail, ids[type], readerEmail);
  }
  for (const type of Object.keys(NAMES) as BlueprintKind[]) {
    await open(page, type, 'nl', reader);
    await expect(page.getByText(x.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: x.save, exact: true })).toBeDisabled();
    if (type !== 'EXTRACT') {
      await expect(page.getByRole('button', { name: x.remove, exact: true })).toBeDisabled();
    }
    const enabledInputs = page.locator(
      'main input:not([disabled]):not([type=file]), main select:not([disabled])',
    );
    await expect(enabledInputs).toHaveCount(0);
    await expect(page.locator('main [contenteditable="true"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: x.addField })).toHaveCount(0);
    if (type === 'INFORMATION') {
      await checkState(page, 'editor-information-read-only-nl', () =>
        expect(page.getByText(x.readOnly)).toBeVisible(),
      );
    }
  }
});

test('a save on a stale version is explained and reloads (409)', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [first, second] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
  await open(first, 'DASHBOARD');
  await open(second, 'DASHBOARD');
  for (const [page, name] of [
    [first, 'Eerste'],
    [second, 'Tweede'],
  ] as const) {
    await page.getByRole('textbox', { name: x.widgetName }).fill(name);
    await page.getByRole('button', { name: x.addWidget }).click();
  }
  await save(first);
  await second.getByRole('button', { name: x.save, exact: true }).click();
  const dialog = second.getByRole('dialog', { name: x.staleTitle });
  await expect(dialog).toBeVisible();
  await expectAccessible(second, 'stale dialog');
  await shoot(second, 'editor-stale-nl-1280');
  await dialog.getByRole('button', { name: x.staleReload }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId('widget-Eerste')).toBeVisible();
  await expect(second.getByTestId('widget-Tweede')).toHaveCount(0);
  for (const context of contexts) await context.close();
});

test('an id that is not a whole number: invalidDocumentId, nothing for information', async ({ page }) => {
  await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
  for (const path of ['competencelists', 'reports', 'dashboards', 'extracts']) {
    await page.goto(`/blueprints/${path}/12a`);
    await expect(page.getByText(x.invalidId)).toBeVisible();
  }
  await page.goto('/blueprints/information/12a');
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('#main').getByText(/\S/)).toHaveCount(0);
});

test('the editors in English: import, a formula, every editor looked at', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const en = TEXTS.en;
  const request = await playwright.request.newContext({ baseURL });
  const list = await createBlueprint(request, owner, 'COMPETENCE_LIST', 'Competences (English run)');
  await request.dispose();
  await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
  await page.goto(`/blueprints/competencelists/${list}`);
  await expect(page.getByText(en.emptyList)).toBeVisible();
  await chooseFile(page, page.getByRole('button', { name: en.import }), join(FIXTURES, 'competences.csv'));
  await expect(page.getByTestId('import-summary')).toContainText(`${en.imported} ${en.skipped}`);
  await save(page, en);
  await notificationsGone(page);
  await checkState(page, 'editor-competence-list-en', () =>
    expect(page.getByTestId('import-summary')).toBeVisible(),
  );

  await page.goto(`/blueprints/information/${ids.INFORMATION}`);
  await expect(page.getByRole('heading', { level: 1, name: NAMES.INFORMATION })).toBeVisible();
  const form = page.getByRole('form', { name: en.newField, exact: true });
  await form.getByRole('textbox', { name: en.fieldName }).fill('Weeks left');
  await form.getByRole('combobox', { name: en.fieldType }).selectOption({ label: 'Calculation' });
  await form.getByRole('button', { name: en.addField }).click();
  const weeks = page.getByTestId('field-Weeks left');
  await weeks.getByRole('textbox', { name: en.formula }).fill('$Stage.Weken - 2');
  await expect(weeks.getByTestId('formula-value')).toHaveText('8');
  await save(page, en);
  await checkState(page, 'editor-information-en', () => expect(weeks).toBeVisible());

  for (const type of ['REPORT', 'DASHBOARD', 'EXTRACT'] as const) {
    await page.goto(`/blueprints/${TYPE_PATHS[type]}/${ids[type]}`);
    await expect(page.getByRole('heading', { level: 1, name: NAMES[type] })).toBeVisible();
    await checkState(page, `editor-${TYPE_PATHS[type]}-en`, () =>
      expect(page.getByRole('button', { name: en.save, exact: true })).toBeVisible(),
    );
  }
});
