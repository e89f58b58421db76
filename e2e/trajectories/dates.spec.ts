import { expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { businessDay, displayDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { historyItems } from './dashboard-support';
import {
  checkState,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  signInDemo,
} from './detail-support';
import { assess, competenceCard, dateBox, evaluationShown, shootDialog } from './evaluation-support';
import { formField, formShown } from './form-support';

/**
 * Dates as people type and read them (issue 21; D47, D4): a date field takes 15-03-2007, 15032007 and
 * 5.3.2007 and shows them back as dd/MM/yyyy; 31-02-2007 stays on screen with an error instead of being
 * dropped; the assessment date and the moment an entry was entered are labelled apart, and the
 * dashboard's list of assessments shows the assessment date. The browser runs in Pacific/Auckland
 * (12 hours from Amsterdam): every day and time still reads as in the business time zone.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 1200;
const C1 = 'Inventariseert de zorgvraag van de cliënt';
const toolbar = (page: Page, name: string) => page.getByRole('toolbar', { name });

/** A business day typed as people do: d-M-yyyy, without leading zeros. */
function typedDay(offsetDays: number): string {
  const [year, month, day] = businessDay(offsetDays).split('-').map(Number) as [number, number, number];
  return `${day}-${month}-${year}`;
}

/** Types into a date field and leaves it (Escape closes the calendar first). */
async function typeInto(page: Page, box: ReturnType<typeof dateBox>, text: string): Promise<void> {
  await box.fill(text);
  await page.keyboard.press('Escape');
  await box.blur();
  // The calendar fades out over the text under the field: wait until it is gone.
  await expect(page.locator('[data-dates-dropdown]')).toHaveCount(0);
}

test.describe('dates typed and shown (D47)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}`, timezoneId: 'Pacific/Auckland', viewport: DESKTOP });
  let server: ServerHandle;
  let owner: Tokens;
  let trajectoryId: number;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    const student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a date field takes 15-03-2007, 15032007 and 5.3.2007 and refuses 31-02-2007 visibly (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await toolbar(page, 'Traject bewerken').getByRole('button', { name: 'Bewerken' }).click();
    const birth = dateBox(page, 'Geboortedatum');

    await typeInto(page, birth, '15-03-2007');
    await expect(birth).toHaveValue('15/03/2007');
    await typeInto(page, birth, '01012000');
    await expect(birth).toHaveValue('01/01/2000');
    await typeInto(page, birth, '15032007');
    await expect(birth).toHaveValue('15/03/2007');

    // A day that does not exist stays as typed, with the reason, and is not taken as another day.
    await typeInto(page, birth, '31-02-2007');
    await expect(birth).toHaveValue('31-02-2007');
    await expect(birth).toHaveAttribute('aria-invalid', 'true');
    await expect(formField(page, 'Geboortedatum')).toContainText('Dit is geen geldige datum.');
    await checkState(page, 'dates-invalid-nl', () =>
      expect(formField(page, 'Geboortedatum')).toContainText('Dit is geen geldige datum.'),
    );

    // Typing it right takes it and the error goes.
    await typeInto(page, birth, '5.3.2007');
    await expect(birth).toHaveValue('05/03/2007');
    await expect(formField(page, 'Geboortedatum')).not.toContainText('Dit is geen geldige datum.');
  });

  test('the assessment date and the moment it was entered are labelled apart; the dashboard lists the assessment date (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await toolbar(page, 'Traject bewerken').getByRole('button', { name: 'Bewerken' }).click();
    // The edit date typed as d-M-yyyy, three days ago: shown back as dd/MM/yyyy.
    const editDate = dateBox(page, 'Bewerkdatum');
    await typeInto(page, editDate, typedDay(-3));
    await expect(editDate).toHaveValue(displayDay(-3));
    // A day after today is refused with the reason, not dropped.
    await typeInto(page, editDate, typedDay(2));
    await expect(page.getByText(`Kies een datum tot en met ${displayDay(0)}.`)).toBeVisible();
    await typeInto(page, editDate, typedDay(-3));
    await expect(editDate).toHaveValue(displayDay(-3));

    await assess(page, C1, 'Voldoende (3)');
    await toolbar(page, 'Traject bewerken').getByRole('button', { name: 'Opslaan' }).click();
    await expect(toolbar(page, 'Traject bewerken').getByRole('button', { name: 'Bewerken' })).toBeVisible();
    await notificationsGone(page);

    await competenceCard(page, C1)
      .getByRole('button', { name: `Geschiedenis (1) van ${C1}` })
      .click();
    const history = page.getByRole('dialog', { name: `Geschiedenis: ${C1}` });
    const entry = history.getByTestId('history').locator(':scope > li').first();
    // Entered today in Amsterdam (the browser's Auckland day is often another one), with seconds.
    await expect(entry).toContainText(new RegExp(`Ingevoerd op ${displayDay(0)} \\d{2}:\\d{2}:\\d{2}`));
    await expect(entry.locator('dt', { hasText: 'Beoordelingsdatum' })).toBeVisible();
    await expect(entry.locator('dd').first()).toHaveText(displayDay(-3));
    await shootDialog(page, 'dates-history-nl-1280');
    await history.getByRole('button', { name: 'Sluiten' }).first().click();

    await page.goto(`/trajectory/${trajectoryId}/dashboard`);
    const first = historyItems(page).first();
    await expect(first).toContainText(
      new RegExp(`Beoordeeld op ${displayDay(-3)} · ingevoerd op ${displayDay(0)} \\d{2}:\\d{2}(?!:)`),
    );
    await checkState(page, 'dates-dashboard-nl', () => expect(historyItems(page).first()).toBeVisible());
  });

  test('the same in English: typed dates, the error, and the labels (en)', async ({ page }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await toolbar(page, 'Edit trajectory').getByRole('button', { name: 'Edit' }).click();
    const birth = dateBox(page, 'Geboortedatum');
    await typeInto(page, birth, '15.03.2007');
    await expect(birth).toHaveValue('15/03/2007');
    await typeInto(page, birth, '29-02-2007');
    await expect(birth).toHaveValue('29-02-2007');
    await checkState(page, 'dates-invalid-en', () =>
      expect(formField(page, 'Geboortedatum')).toContainText('This is not a valid date.'),
    );
    await typeInto(page, birth, '29/2/2008');
    await expect(birth).toHaveValue('29/02/2008');

    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await competenceCard(page, C1)
      .getByRole('button', { name: `History (1) of ${C1}` })
      .click();
    const entry = page
      .getByRole('dialog', { name: `History: ${C1}` })
      .getByTestId('history')
      .locator(':scope > li')
      .first();
    await expect(entry).toContainText(new RegExp(`Entered on ${displayDay(0)} \\d{2}:\\d{2}:\\d{2}`));
    await expect(entry.locator('dt', { hasText: 'Assessment date' })).toBeVisible();
    await shootDialog(page, 'dates-history-en-1280');
  });
});
