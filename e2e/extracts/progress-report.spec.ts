import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { checkState, DESKTOP, expectNoSidewaysScroll, PHONE } from '../support/states';
import { auth, DEMO_OWNER, listTrajectories, signInDemo } from '../trajectories/detail-support';
import { createReport, patchReport } from '../trajectories/reports-support';

/**
 * "Voortgangsrapport maken" from the trajectory (issue 31): the demo teacher writes a verslag, opens the
 * trajectory and makes its progress report in one click (the demo's only extract blueprint), sees it
 * being made, downloads it when ready and the PDF holds the written verslag (pdftotext), in Dutch and
 * in English, at 1280 and 375 px with axe. With a second extract blueprint and no default the click asks
 * which one; "Standaard maken" in the blueprint list makes it one click again.
 */

const PORT = Number(process.env.E2E_PORT) + 1100;
const SANNE = 'BPV Sanne de Vries';
const VERSLAG = 'Sanne werkt zorgvuldig en vraagt op tijd om hulp bij de tillift.';
const AFSPRAAK = 'Volgende week oefent Sanne de overdracht aan de avonddienst.';

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** A dialog on both screens: axe, then a picture at 1280 and at 375 px without sideways scroll. */
async function checkDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await expectAccessible(page, name);
  await page.mouse.move(0, 0);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page, name);
  await shoot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

test.describe('a progress report from the trajectory in one click (issue 31)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let sanne: number;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    const found = (await listTrajectories(request, owner)).find((item) => item.name === SANNE);
    if (!found) throw new Error(`${SANNE} is not in the demo data`);
    sanne = found.id;
    const report = await createReport(request, owner, sanne, 'Voortgangsgesprek', 'Gesprek week 6');
    await patchReport(request, owner, sanne, report.id, {
      [report.uuids['Wat gaat al goed?'] as string]: VERSLAG,
      [report.uuids['Welke afspraken maken we?'] as string]: AFSPRAAK,
      [report.uuids['Datum gesprek'] as string]: '2026-03-02',
    });
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  for (const language of ['nl', 'en'] as const) {
    const nl = language === 'nl';
    test(`one click makes it, the user sees it made and downloads the PDF with the verslag (${language})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      await page.goto(`/trajectory/${sanne}/evaluation`);
      const make = page.getByRole('button', {
        name: nl ? 'Voortgangsrapport maken' : 'Make progress report',
      });
      await expect(make).toBeVisible({ timeout: 30_000 });
      await checkState(page, `progress-report-header-${language}`, () => expect(make).toBeVisible());

      // Keyboard alone: the button takes focus and Enter makes the report.
      await make.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: nl ? 'Voortgangsrapport' : 'Progress report' });
      await expect(dialog).toBeVisible();
      const download = dialog.getByTestId('extract-download');
      await expect(download).toBeVisible({ timeout: 60_000 });
      await expect(dialog).toContainText(
        nl ? `Het voortgangsrapport van ${SANNE} is klaar.` : `The progress report of ${SANNE} is ready.`,
      );
      await checkDialog(page, dialog, `progress-report-ready-${language}`);

      const waiting = page.waitForEvent('download');
      await download.click();
      const file = await waiting;
      // The name is the maker's language on the server (D28; the demo teacher's is Dutch).
      expect(file.suggestedFilename()).toBe(`Voortgangsrapport-${SANNE}.pdf`);
      const text = pdfText(await file.path());
      expect(text).toContain('Voortgangsrapport beroepspraktijkvorming');
      expect(text).toContain('Verslagen');
      expect(text).toContain('Gesprek week 6');
      expect(text.replace(/\s+/g, ' ')).toContain(VERSLAG);
      expect(text.replace(/\s+/g, ' ')).toContain(AFSPRAAK);
      expect(text).toContain('02/03/2026');

      // The link to all progress reports, where it is listed too.
      await dialog
        .getByRole('link', { name: nl ? 'Alle voortgangsrapporten' : 'All progress reports' })
        .click();
      await expect(page).toHaveURL(/\/extracts$/);
      await expect(page.getByTestId('extract-row').filter({ hasText: SANNE }).first()).toBeVisible();
    });
  }

  test('several extract blueprints and no default: the click asks; “Standaard maken” makes it one click (nl)', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: server.url });
    const created = await request.post('/api/blueprints', {
      data: { type: 'EXTRACT', name: 'Kort rapport' },
      headers: auth(owner),
    });
    expect(created.status()).toBe(201);
    await request.dispose();

    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${sanne}/evaluation`);
    const make = page.getByRole('button', { name: 'Voortgangsrapport maken' });
    await expect(make).toBeEnabled({ timeout: 30_000 });
    await make.click();
    const choose = page.getByRole('dialog', { name: 'Welk voortgangsrapport?' });
    await expect(choose.getByRole('radio', { name: 'Kort rapport' })).toBeVisible();
    await expect(choose.getByRole('radio', { name: 'Voortgangsrapport BPV' })).toBeVisible();
    await checkDialog(page, choose, 'progress-report-choose-nl');
    await choose.getByRole('button', { name: 'Annuleren' }).click();
    await expect(choose).toBeHidden();

    // The ADMIN makes the demo's blueprint the default in the blueprint list.
    await page.goto('/blueprints');
    await page.getByRole('checkbox', { name: /Voortgangsrapport BPV/ }).check();
    const setDefault = page.getByRole('button', { name: 'Standaard maken' });
    await expect(setDefault).toBeEnabled();
    await setDefault.click();
    const mark = page.getByTestId('default-extract');
    await expect(mark).toHaveCount(1);
    await expect(setDefault).toBeDisabled();
    await checkState(page, 'progress-report-default-mark-nl', () => expect(mark).toBeVisible());

    await page.goto(`/trajectory/${sanne}/evaluation`);
    await expect(make).toBeEnabled({ timeout: 30_000 });
    await make.click();
    const made = page.getByRole('dialog', { name: 'Voortgangsrapport' });
    await expect(made.getByTestId('extract-download')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog', { name: 'Welk voortgangsrapport?' })).toHaveCount(0);
  });
});
