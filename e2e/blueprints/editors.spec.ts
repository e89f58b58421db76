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
  pdf,
  png,
  pressOnPage,
  TYPE_PATHS,
} from './editor-support';
import { TEXTS } from './editor-texts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
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

async function save(page: Page, texts: { save: string; saved: string } = x) {
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByText(texts.saved)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.save, exact: true })).toBeDisabled();
  await notificationsGone(page);
}

test('competence list: import from .csv and .xlsx, undo and redo by keyboard, info as rich text (nl)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await open(page, 'COMPETENCE_LIST');
  const importButton = page.getByRole('button', { name: x.import });

  await chooseFile(page, importButton, join(FIXTURES, 'competences.csv'));
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText(x.imported);
  await expect(summary).toContainText(x.skipped);
  await expect(
    page.getByTestId('competence-Observeert het gedrag en de ontwikkeling van kinderen'),
  ).toBeVisible();
  await expect(page.getByTestId('competence-Regel zonder bovenliggend niveau')).toHaveCount(0);

  // Undo and redo by keyboard, then undo again and import the .xlsx instead.
  await pressOnPage(page, 'Control+z');
  await expect(page.getByText(x.emptyList)).toBeVisible();
  await pressOnPage(page, 'Control+Shift+z');
  await expect(page.getByTestId('competence-Beroepshouding')).toBeVisible();
  await pressOnPage(page, 'Control+z');
  await expect(page.getByText(x.emptyList)).toBeVisible();
  await chooseFile(page, importButton, join(FIXTURES, 'competences.xlsx'));
  await expect(summary).toContainText(x.imported);
  await expect(summary).toContainText(x.skipped);

  // Three levels only (D3): a competence offers no level below it.
  const competence = 'Observeert het gedrag en de ontwikkeling van kinderen';
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

async function addField(page: Page, type: keyof typeof x.types, name: string, group?: string) {
  const form = page.getByRole('form', { name: group ? x.newFieldIn(group) : x.newField, exact: true });
  await form.getByRole('textbox', { name: x.fieldName }).fill(name);
  await form.getByRole('combobox', { name: x.fieldType }).selectOption({ label: x.types[type] });
  await form.getByRole('button', { name: group ? x.addInGroup : x.addField }).click();
}

test('information form: every field type, a nested group, a formula, an attachment (nl)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page, 'INFORMATION');
  const field = (name: string) => page.getByTestId(`field-${name}`);

  await addField(page, 'integer', 'Uren per.week'); // dots are removed
  await expect(field('Uren perweek')).toBeVisible();
  await field('Uren perweek').getByRole('textbox', { name: /^Naam/ }).fill('Uren per week');
  await field('Uren per week').getByRole('textbox', { name: x.initialValue }).fill('32');
  await addField(page, 'group', 'Stage');
  await addField(page, 'integer', 'Weken', 'Stage');
  await field('Weken').getByRole('textbox', { name: x.initialValue }).fill('10');
  await addField(page, 'text', 'Naam student', 'Stage');
  await field('Naam student').getByRole('checkbox', { name: x.required, exact: true }).check();
  await addField(page, 'group', 'Werkplek', 'Stage');
  await addField(page, 'text', 'Straat', 'Werkplek');
  await addField(page, 'calculation', 'Totaal uren');
  const formula = field('Totaal uren').getByRole('textbox', { name: x.formula });
  await formula.fill('DATEDIF(NOW(), NOW(), "Q")');
  await expect(field('Totaal uren').getByText(x.badUnit)).toBeVisible();
  await expect(field('Totaal uren').getByText(x.fallback)).toBeVisible();
  await formula.fill('$[Uren per week] * $Stage.Weken');
  await expect(field('Totaal uren').getByTestId('formula-value')).toHaveText('320');

  await addField(page, 'boolean', 'Akkoord');
  await addField(page, 'date', 'Startdatum');
  await addField(page, 'decimal', 'Cijfer');
  await addField(page, 'select', 'Opleiding');
  const opleiding = field('Opleiding');
  for (const choice of ['Pedagogisch medewerker', 'Gespecialiseerd pedagogisch medewerker']) {
    await opleiding.getByRole('textbox', { name: x.newChoice }).fill(choice);
    await opleiding.getByRole('button', { name: x.addChoice }).click();
  }
  await chooseFile(page, opleiding.getByRole('button', { name: x.attachTo('Pedagogisch medewerker') }), {
    name: 'werkwijzer-bpv.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(),
  });
  await expect(opleiding.getByTestId('attachment')).toHaveText('werkwijzer-bpv.pdf');
  await opleiding.getByRole('combobox', { name: x.initialValue }).selectOption('Pedagogisch medewerker');
  await addField(page, 'multi_select', 'Talen');
  await field('Talen').getByRole('textbox', { name: x.newChoice }).fill('Nederlands');
  await field('Talen').getByRole('button', { name: x.addChoice }).click();
  await addField(page, 'image', 'Pasfoto');
  await addField(page, 'rating', 'Beoordeling');
  const rating = field('Beoordeling');
  await rating.getByRole('textbox', { name: x.scoreCount }).fill('3');
  await expect(rating.getByTestId('score-3')).toBeVisible();
  const colour = rating.getByTestId('score-1').getByRole('textbox', { name: x.colour });
  await expect(colour).toHaveValue('#FFD700'); // gold by default
  await colour.fill('zzz');
  await colour.press('Enter');
  await expect(rating.getByText(x.colourInvalid)).toBeVisible();
  await colour.fill('#2f9e44');
  await colour.press('Enter');
  await addField(page, 'competence_list', 'Niveau');
  const levels = field('Niveau');
  const levelNumber = levels.getByRole('textbox', { name: x.levelNumber });
  await levelNumber.fill('0');
  await expect(levels.getByRole('button', { name: x.addLevel })).toBeDisabled();
  await levelNumber.fill('1');
  await levels.getByRole('button', { name: x.addLevel }).click();
  await levelNumber.fill('1');
  await expect(levels.getByRole('button', { name: x.addLevel })).toBeDisabled();
  await levels.getByRole('combobox', { name: x.level(1) }).fill('Basis');
  await levels.getByRole('combobox', { name: x.level(1) }).press('Enter');
  await addField(page, 'url', 'Website stagebedrijf');
  await addField(page, 'upload', 'Stageovereenkomst');
  await expect(page.locator('li[data-testid^="field-"]')).toHaveCount(17);

  // Undo and redo by keyboard.
  await pressOnPage(page, 'Control+z');
  await expect(field('Stageovereenkomst')).toHaveCount(0);
  await pressOnPage(page, 'Control+Shift+z');
  await expect(field('Stageovereenkomst')).toBeVisible();
  await save(page);
  await checkState(page, 'editor-information-nl', () => expect(field('Totaal uren')).toBeVisible());

  await page.reload();
  await expect(page.locator('li[data-testid^="field-"]')).toHaveCount(17);
  for (const name of ['Weken', 'Naam student', 'Werkplek']) {
    await expect(field('Stage').getByTestId(`field-${name}`)).toBeVisible();
  }
  await expect(field('Werkplek').getByTestId('field-Straat')).toBeVisible();
  await expect(field('Naam student').getByText(x.required, { exact: true })).toBeVisible();
  await field('Totaal uren')
    .getByRole('button', { name: x.show('Totaal uren') })
    .click();
  await expect(field('Totaal uren').getByTestId('formula-value')).toHaveText('320');
  await field('Opleiding')
    .getByRole('button', { name: x.show('Opleiding') })
    .click();
  await expect(field('Opleiding').getByTestId('attachment')).toHaveText('werkwijzer-bpv.pdf');
  await field('Beoordeling')
    .getByRole('button', { name: x.show('Beoordeling') })
    .click();
  await expect(rating.getByTestId('score-1').getByRole('textbox', { name: x.colour })).toHaveValue('#2f9e44');
  await expect(rating.getByTestId('score-2').getByRole('textbox', { name: x.colour })).toHaveValue('#FFD700');
});

test('report blueprint: duplicate, move and delete fields (nl)', async ({ page }) => {
  await open(page, 'REPORT');
  await addField(page, 'text', 'Reflectie');
  await addField(page, 'rating', 'Eindoordeel');
  await page.getByRole('checkbox', { name: x.select('Reflectie'), exact: true }).check();
  await page.getByRole('button', { name: x.duplicate, exact: true }).click();
  const copy = page.getByTestId(`field-${x.copy('Reflectie')}`);
  await expect(copy).toBeVisible();
  const names = page.locator('li[data-testid^="field-"]');
  await expect(names).toHaveCount(3);
  await expect(names.nth(1)).toHaveAttribute('data-testid', `field-${x.copy('Reflectie')}`);
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
  const add = async (name: string, type: string) => {
    await page.getByRole('textbox', { name: x.widgetName }).fill(name);
    await page.getByRole('combobox', { name: x.widgetType, exact: true }).selectOption({ label: type });
    await page.getByRole('button', { name: x.addWidget }).click();
  };
  await add('Scores kerntaak 1', x.scores);
  await add('Laatste beoordelingen', x.history);
  const scores = page.getByTestId('widget-Scores kerntaak 1');
  await scores.getByRole('combobox', { name: x.listFor('Scores kerntaak 1') }).selectOption({
    label: NAMES.COMPETENCE_LIST,
  });
  const path = 'Kerntaak 1: Voert pedagogische taken uit › Volgt en stimuleert de ontwikkeling';
  await scores
    .getByRole('combobox', { name: x.clusterFor('Scores kerntaak 1') })
    .selectOption({ label: path });
  await expect(scores.getByTestId('cluster-names')).toHaveText(path);
  await expect(page.getByTestId('widget-Laatste beoordelingen').getByRole('combobox')).toHaveCount(0);
  await save(page);
  await checkState(page, 'editor-dashboard-nl', () => expect(scores).toBeVisible());
  await page.reload();
  await expect(page.getByTestId('widget-Scores kerntaak 1').getByTestId('cluster-names')).toHaveText(path);
  await expect(page.getByTestId('widget-Laatste beoordelingen')).toBeVisible();
});

test('extract blueprint: level, logo, texts, chart and colours (nl)', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, 'EXTRACT');
  const level = page.getByRole('combobox', { name: x.extractLevel, exact: true });
  await level.selectOption({ label: x.chooseLevel });
  await expect(page.getByText(x.levelMissing)).toBeVisible();
  await page.getByRole('button', { name: x.save, exact: true }).click();
  await expect(page.getByText(x.saveFailed)).toBeVisible();
  await level.selectOption('4');

  const logo = page.getByRole('button', { name: x.chooseLogo });
  await chooseFile(page, logo, { name: 'groot.png', mimeType: 'image/png', buffer: Buffer.alloc(60_000, 1) });
  await expect(page.getByText(x.logoTooBig)).toBeVisible();
  await chooseFile(page, logo, { name: 'logo.png', mimeType: 'image/png', buffer: png(160, 48) });
  const image = page.getByRole('img', { name: x.logoAlt });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(160);

  await page.getByRole('textbox', { name: x.title, exact: true }).fill('Uittreksel beroepspraktijkvorming');
  await page
    .getByRole('textbox', { name: x.subtitle, exact: true })
    .fill('Pedagogisch medewerker kinderopvang');
  await page.getByRole('textbox', { name: x.address1, exact: true }).fill('Stationsplein 1');
  await page.getByRole('textbox', { name: x.address2, exact: true }).fill('3511 AA Utrecht');
  await page.getByRole('textbox', { name: x.studentPath, exact: true }).fill('Stage.Naam student');
  await page.getByRole('checkbox', { name: x.showAchieved }).uncheck();
  await page.getByText(x.chartOld, { exact: true }).click();
  const colour = page.getByRole('textbox', { name: x.colourOf(1), exact: true });
  await colour.fill('#1971c2');
  await colour.press('Enter');
  await save(page);
  await checkState(page, 'editor-extract-nl', () => expect(image).toBeVisible());

  await page.reload();
  await expect(level).toHaveValue('4');
  await expect(page.getByRole('img', { name: x.logoAlt })).toBeVisible();
  await expect(page.getByRole('textbox', { name: x.title, exact: true })).toHaveValue(
    'Uittreksel beroepspraktijkvorming',
  );
  await expect(page.getByRole('textbox', { name: x.address2, exact: true })).toHaveValue('3511 AA Utrecht');
  await expect(page.getByRole('textbox', { name: x.studentPath, exact: true })).toHaveValue(
    'Stage.Naam student',
  );
  await expect(page.getByRole('checkbox', { name: x.showAchieved })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: x.showChart })).toBeChecked();
  await expect(page.getByRole('radio', { name: x.chartOld })).toBeChecked();
  await expect(page.getByRole('textbox', { name: x.colourOf(1), exact: true })).toHaveValue('#1971c2');
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
