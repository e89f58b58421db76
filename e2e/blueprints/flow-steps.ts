import { join } from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import { chooseFile, notificationsGone, pdf, png, pressOnPage } from './editor-support';
import { TEXTS } from './editor-texts';

/**
 * UI steps shared by the editor specs and the end-to-end flow (e2e/blueprints/full-flow.spec.ts):
 * each fills one editor through the browser the way a teacher would, so the specs that test an
 * editor on its own and the flow that builds a whole trajectory blueprint do not write them twice.
 */

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
// Two CPU cores are shared with other suites: loading after a reload may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
const x = TEXTS.nl;

/** The competence in the fixtures whose info and labels the specs edit. */
export const COMPETENCE = 'Observeert het gedrag en de ontwikkeling van kinderen';
/** A cluster path of the fixtures' competence list (D20): the dashboard limits a widget to it. */
export const CLUSTER_PATH = 'Kerntaak 1: Voert pedagogische taken uit › Volgt en stimuleert de ontwikkeling';

/** Saves and waits until the save is done and its notice has gone. */
export async function save(page: Page, texts: { save: string; saved: string } = x): Promise<void> {
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByText(texts.saved)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.save, exact: true })).toBeDisabled();
  await notificationsGone(page);
}

/**
 * Competence list: imports the committed .csv, undoes and redoes that by keyboard, undoes it
 * again and imports the committed .xlsx (same rows) instead. Ends with 41 items in the list.
 */
export async function importCompetenceSpreadsheets(page: Page): Promise<void> {
  const importButton = page.getByRole('button', { name: x.import });
  await chooseFile(page, importButton, join(FIXTURES, 'competences.csv'));
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText(x.imported);
  await expect(summary).toContainText(x.skipped);
  await expect(page.getByTestId(`competence-${COMPETENCE}`)).toBeVisible();
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
  await expect(page.getByTestId(`competence-${COMPETENCE}`)).toBeVisible();
}

/** Adds a field through the "new field" form (in `group` when given). */
export async function addField(
  page: Page,
  type: keyof typeof x.types,
  name: string,
  group?: string,
): Promise<void> {
  const form = page.getByRole('form', { name: group ? x.newFieldIn(group) : x.newField, exact: true });
  await form.getByRole('textbox', { name: x.fieldName }).fill(name);
  await form.getByRole('combobox', { name: x.fieldType }).selectOption({ label: x.types[type] });
  await form.getByRole('button', { name: group ? x.addInGroup : x.addField }).click();
}

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

/**
 * Information form: all 14 field types, a group nested in a group, a formula (first a wrong unit
 * with its message, then `$[Uren per week] * $Stage.Weken` = 320), a choice with a PDF attachment,
 * rating colours (gold by default), competence-list levels. Ends with 17 fields.
 */
export async function addEveryFieldType(page: Page): Promise<void> {
  await addField(page, 'integer', 'Uren per.week'); // dots are removed
  await expect(field(page, 'Uren perweek')).toBeVisible();
  await field(page, 'Uren perweek').getByRole('textbox', { name: /^Naam/ }).fill('Uren per week');
  await field(page, 'Uren per week').getByRole('textbox', { name: x.initialValue }).fill('32');
  await addField(page, 'group', 'Stage');
  await addField(page, 'integer', 'Weken', 'Stage');
  await field(page, 'Weken').getByRole('textbox', { name: x.initialValue }).fill('10');
  await addField(page, 'text', 'Naam student', 'Stage');
  await field(page, 'Naam student').getByRole('checkbox', { name: x.required, exact: true }).check();
  await addField(page, 'group', 'Werkplek', 'Stage');
  await addField(page, 'text', 'Straat', 'Werkplek');
  await addField(page, 'calculation', 'Totaal uren');
  const total = field(page, 'Totaal uren');
  const formula = total.getByRole('textbox', { name: x.formula });
  await formula.fill('DATEDIF(NOW(), NOW(), "Q")');
  await expect(total.getByText(x.badUnit)).toBeVisible();
  await expect(total.getByText(x.fallback)).toBeVisible();
  await formula.fill('$[Uren per week] * $Stage.Weken');
  await expect(total.getByTestId('formula-value')).toHaveText('320');

  await addField(page, 'boolean', 'Akkoord');
  await addField(page, 'date', 'Startdatum');
  await addField(page, 'decimal', 'Cijfer');
  await addField(page, 'select', 'Opleiding');
  const opleiding = field(page, 'Opleiding');
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
  await field(page, 'Talen').getByRole('textbox', { name: x.newChoice }).fill('Nederlands');
  await field(page, 'Talen').getByRole('button', { name: x.addChoice }).click();
  await addField(page, 'image', 'Pasfoto');
  await addField(page, 'rating', 'Beoordeling');
  const rating = field(page, 'Beoordeling');
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
  const levels = field(page, 'Niveau');
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
}

/** After a reload: what addEveryFieldType made is stored (nesting, required, formula, attachment, colours). */
export async function expectEveryFieldTypeStored(page: Page): Promise<void> {
  await expect(page.locator('li[data-testid^="field-"]')).toHaveCount(17);
  for (const name of ['Weken', 'Naam student', 'Werkplek']) {
    await expect(field(page, 'Stage').getByTestId(`field-${name}`)).toBeVisible();
  }
  await expect(field(page, 'Werkplek').getByTestId('field-Straat')).toBeVisible();
  await expect(field(page, 'Naam student').getByText(x.required, { exact: true })).toBeVisible();
  await field(page, 'Totaal uren')
    .getByRole('button', { name: x.show('Totaal uren') })
    .click();
  await expect(field(page, 'Totaal uren').getByTestId('formula-value')).toHaveText('320');
  await field(page, 'Opleiding')
    .getByRole('button', { name: x.show('Opleiding') })
    .click();
  await expect(field(page, 'Opleiding').getByTestId('attachment')).toHaveText('werkwijzer-bpv.pdf');
  const rating = field(page, 'Beoordeling');
  await rating.getByRole('button', { name: x.show('Beoordeling') }).click();
  await expect(rating.getByTestId('score-1').getByRole('textbox', { name: x.colour })).toHaveValue('#2f9e44');
  await expect(rating.getByTestId('score-2').getByRole('textbox', { name: x.colour })).toHaveValue('#FFD700');
}

/** Report blueprint: two fields, the first duplicated right below itself ("… (kopie)"). */
export async function addReportFieldsAndDuplicate(page: Page): Promise<void> {
  await addField(page, 'text', 'Reflectie');
  await addField(page, 'rating', 'Eindoordeel');
  await page.getByRole('checkbox', { name: x.select('Reflectie'), exact: true }).check();
  await page.getByRole('button', { name: x.duplicate, exact: true }).click();
  await expect(field(page, x.copy('Reflectie'))).toBeVisible();
  const names = page.locator('li[data-testid^="field-"]');
  await expect(names).toHaveCount(3);
  await expect(names.nth(1)).toHaveAttribute('data-testid', `field-${x.copy('Reflectie')}`);
}

/** Adds a dashboard widget by name and type label. */
export async function addWidget(page: Page, name: string, type: string): Promise<void> {
  await page.getByRole('textbox', { name: x.widgetName }).fill(name);
  await page.getByRole('combobox', { name: x.widgetType, exact: true }).selectOption({ label: type });
  await page.getByRole('button', { name: x.addWidget }).click();
}

/**
 * Dashboard: both widget types; the scores widget limited to a cluster of the competence list
 * named `listName` (which holds the fixtures' competences).
 */
export async function addBothWidgets(page: Page, listName: string): Promise<void> {
  await addWidget(page, 'Scores kerntaak 1', x.scores);
  await addWidget(page, 'Laatste beoordelingen', x.history);
  const scores = page.getByTestId('widget-Scores kerntaak 1');
  await scores
    .getByRole('combobox', { name: x.listFor('Scores kerntaak 1') })
    .selectOption({ label: listName });
  await scores
    .getByRole('combobox', { name: x.clusterFor('Scores kerntaak 1') })
    .selectOption({ label: CLUSTER_PATH });
  await expect(scores.getByTestId('cluster-names')).toHaveText(CLUSTER_PATH);
  await expect(page.getByTestId('widget-Laatste beoordelingen').getByRole('combobox')).toHaveCount(0);
}

/** After a reload: both widgets and the cluster are stored. */
export async function expectBothWidgetsStored(page: Page): Promise<void> {
  await expect(page.getByTestId('widget-Scores kerntaak 1').getByTestId('cluster-names')).toHaveText(
    CLUSTER_PATH,
  );
  await expect(page.getByTestId('widget-Laatste beoordelingen')).toBeVisible();
}

/**
 * Extract blueprint: a missing level refused on save, level 4, a too-big logo refused and a good
 * one taken, title, subtitle, address lines, the student-name path, show-achieved off, the old
 * chart, a colour.
 */
export async function fillExtract(page: Page): Promise<void> {
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
  // Issue 21: the remarks are shown unless switched off.
  const remarks = page.getByRole('checkbox', { name: x.showRemarks });
  await expect(remarks).toBeChecked();
  await remarks.uncheck();
  await page.getByText(x.chartOld, { exact: true }).click();
  // D50: a new extract blueprint starts with ten distinct colours, never ten alike.
  const colours = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      page.getByRole('textbox', { name: x.colourOf(index + 1), exact: true }).inputValue(),
    ),
  );
  expect(new Set(colours.map((value) => value.toLowerCase())).size).toBe(10);
  const colour = page.getByRole('textbox', { name: x.colourOf(1), exact: true });
  await colour.fill('#1971c2');
  await colour.press('Enter');
}

/** After a reload: what fillExtract set is stored. */
export async function expectExtractStored(page: Page): Promise<void> {
  await expect(page.getByRole('combobox', { name: x.extractLevel, exact: true })).toHaveValue('4');
  await expect(page.getByRole('img', { name: x.logoAlt })).toBeVisible();
  await expect(page.getByRole('textbox', { name: x.title, exact: true })).toHaveValue(
    'Uittreksel beroepspraktijkvorming',
  );
  await expect(page.getByRole('textbox', { name: x.address2, exact: true })).toHaveValue('3511 AA Utrecht');
  await expect(page.getByRole('textbox', { name: x.studentPath, exact: true })).toHaveValue(
    'Stage.Naam student',
  );
  await expect(page.getByRole('checkbox', { name: x.showAchieved })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: x.showRemarks })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: x.showChart })).toBeChecked();
  await expect(page.getByRole('radio', { name: x.chartOld })).toBeChecked();
  await expect(page.getByRole('textbox', { name: x.colourOf(1), exact: true })).toHaveValue('#1971c2');
}

// ---- the trajectory blueprint editor ----

/** A text or combobox input by its accessible name (Mantine's pickers are comboboxes). */
export const input = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true }).or(page.getByRole('textbox', { name, exact: true }));

/** Picks `option` in the Mantine picker labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await input(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a tab of the trajectory blueprint editor (Dutch tab list). */
export const openTab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Onderdelen van het trajectsjabloon' })
    .getByRole('tab', { name })
    .click();

/** Opens a sub-tab of a role's rights (Dutch tab list). */
export const rightsTab = (page: Page, role: string, name: string) =>
  page
    .getByRole('tablist', { name: `Rechten van ${role} per onderdeel` })
    .getByRole('tab', { name })
    .click();

/** Adds a role by name; it becomes the chosen one. */
export async function addRole(page: Page, name: string): Promise<void> {
  await input(page, 'Nieuwe rol').fill(name);
  await page.getByRole('button', { name: 'Rol toevoegen' }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

/** Adds a default user with one role. */
export async function addDefaultUser(page: Page, email: string, role: string): Promise<void> {
  await input(page, 'E-mailadres').fill(email);
  await choose(page, 'Rollen', role);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expect(page.getByText(email.toLowerCase(), { exact: true })).toBeVisible();
}

/** The list page's create dialog: type, name, description; answers the new blueprint's id. */
export async function createThroughDialog(
  page: Page,
  blueprint: { type: string; name: string; description: string; path: string },
  texts: { new: string; title: string; name: string; description: string; create: string } = {
    new: 'Nieuw',
    title: 'Nieuw sjabloon',
    name: 'Naam',
    description: 'Omschrijving',
    create: 'Aanmaken',
  },
): Promise<number> {
  await page
    .getByRole('toolbar', { name: /Acties voor sjablonen|Blueprint actions/ })
    .getByRole('button', { name: texts.new, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await dialog.getByLabel('Type').selectOption({ label: blueprint.type });
  await dialog.getByRole('textbox', { name: texts.name }).fill(blueprint.name);
  await dialog.getByRole('textbox', { name: texts.description }).fill(blueprint.description);
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(page).toHaveURL(new RegExp(`/blueprints/${blueprint.path}/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: blueprint.name })).toBeVisible();
  return Number(page.url().split('/').pop());
}
