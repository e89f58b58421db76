import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { scoreCompetences, setStudentEvaluationRights } from './dashboard-support';
import {
  auth,
  checkState,
  DEMO_OWNER,
  DEMO_PASSWORD,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  PHONE,
  signInDemo,
} from './detail-support';

/**
 * "Mijn voortgang" (D58, issue 31): a student lands on their own page — progress, what is next, where the
 * raters differ, the latest remarks — and gets into the evaluation with one tap; the teacher keeps the
 * list. The demo data needs its own server.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 2300;
const C1 = 'Inventariseert de zorgvraag van de cliënt';
const C2 = 'Stelt samen met de cliënt het zorgplan op';
const C3 = 'Observeert en signaleert veranderingen';

const card = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('the student’s own front door on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let student: Tokens;
  let trajectory: { id: number; name: string };

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectory = theirs[0];
    // The teacher scores two competences, one with a remark; the student (who scores themselves) differs
    // from the teacher on the first by three steps.
    await scoreCompetences(request, owner, trajectory.id, [
      { at: '2026-11-02T09:00:00.000Z', competence: C1, score: '1' },
      {
        at: '2026-11-03T09:00:00.000Z',
        competence: C2,
        score: '2',
        remarks: 'Vraag de cliënt vaker naar zijn wensen.',
      },
      { at: '2026-11-04T09:00:00.000Z', competence: C3, score: '4' },
    ]);
    await setStudentEvaluationRights(request, owner, trajectory.id, { read: true, write: true });
    await scoreCompetences(request, student, trajectory.id, [
      { at: '2026-11-05T09:00:00.000Z', competence: C1, score: '4' },
    ]);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('signing in, the student lands on Mijn voortgang and taps into the evaluation (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { cookies: true, language: 'nl' });
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(DEMO_STUDENT);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page).toHaveURL(/\/progress$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Mijn voortgang', level: 1 })).toBeVisible();

    const mine = card(page, trajectory.name);
    await expect(mine.getByText(/^3 van \d+ competenties beoordeeld$/).first()).toBeVisible();
    await expect(mine.getByText('2 op niveau (Voldoende of hoger)')).toBeVisible();
    // What is next: the one below the level first, then those not scored yet.
    const next = mine.getByRole('region', { name: 'Wat nu' });
    await expect(next.getByText(C2)).toBeVisible();
    await expect(next.getByText('In ontwikkeling (2)')).toBeVisible();
    const differ = mine.getByRole('region', { name: 'Hier verschillen de beoordelaars' });
    await expect(differ.getByText(C1)).toBeVisible();
    await expect(differ.getByText('Nog niet (1)')).toBeVisible();
    await expect(differ.getByText('Goed (4)')).toBeVisible();
    const remarks = mine.getByRole('region', { name: 'Laatste opmerkingen' });
    await expect(remarks.getByText('Vraag de cliënt vaker naar zijn wensen.')).toBeVisible();
    await expect(remarks.getByText(/Eva Eigenaar \(Docent\), 03\/11\/2026/)).toBeVisible();

    // The teacher's list, templates and trash are not in the student's navigation.
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    await expect(nav.getByRole('link', { name: 'Mijn voortgang' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Voortgangsrapporten' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Trajecten' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sjablonen' })).toHaveCount(0);

    await checkState(page, 'my-progress-nl', async () => {
      await expect(mine.getByRole('link', { name: 'Naar beoordeling' })).toBeVisible();
    });

    // A progress report from here, in one click: the PDF of what the student may read.
    await mine.getByRole('button', { name: 'Voortgangsrapport maken' }).click();
    const made = page.getByRole('dialog', { name: 'Voortgangsrapport' });
    const download = made.getByTestId('extract-download');
    await expect(download).toBeVisible({ timeout: 60_000 });
    const waiting = page.waitForEvent('download');
    await download.click();
    const file = await (await waiting).path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(trajectory.name);
    expect(text).toContain('In ontwikkeling (1)');
    expect(text).toContain('Goed (2)');
    await page.keyboard.press('Escape');
    await expect(made).toBeHidden();

    // Keyboard alone: Tab to the one tap and press Enter.
    await page.getByRole('heading', { name: 'Mijn voortgang', level: 1 }).click();
    const toEvaluation = mine.getByRole('link', { name: 'Naar beoordeling' });
    for (let i = 0; i < 40 && !(await toEvaluation.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(toEvaluation).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/trajectory/${trajectory.id}/evaluation$`));
    await expect(page.getByTestId('evaluation-section')).toBeVisible({ timeout: 25_000 });
  });

  test('in English on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: student, cookies: true, language: 'en' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/progress$/, { timeout: 20_000 });
    const mine = card(page, trajectory.name);
    await expect(mine.getByText(/^3 of \d+ competences assessed$/).first()).toBeVisible();
    await expect(mine.getByRole('region', { name: 'Where the raters differ' })).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await checkState(page, 'my-progress-en', async () => {
      await expect(mine.getByRole('link', { name: 'To the evaluation' })).toBeVisible();
    });
    // One tap on what is next opens that competence's assessment (the student scores themselves here).
    await page.setViewportSize(PHONE);
    await mine.getByRole('region', { name: 'What is next' }).getByRole('link', { name: C2 }).click();
    const assess = page.getByRole('dialog', { name: `Assess: ${C2}` });
    await expect(assess).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(new RegExp(`/trajectory/${trajectory.id}/evaluation$`));
  });

  test('the teacher keeps the trajectory list', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/trajectories$/, { timeout: 20_000 });
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    await expect(nav.getByRole('link', { name: 'Trajecten' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mijn voortgang' })).toHaveCount(0);
  });

  test('a new student without a trajectory sees what to expect (nl, en)', async ({ page, playwright }) => {
    test.setTimeout(90_000);
    // Another demo student whose only trajectory the teacher deleted.
    const request = await playwright.request.newContext({ baseURL: server.url });
    const tokens = await signInDemo(request, 'lotte@demo.groeipad.nl');
    for (const theirs of await listTrajectories(request, tokens)) {
      const removed = await request.delete(`/api/v2/trajectories/${theirs.id}`, { headers: auth(owner) });
      expect(removed.status(), await removed.text()).toBe(204);
    }
    await request.dispose();

    await seedStorage(page, { tokens, cookies: true, language: 'nl' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/progress$/, { timeout: 20_000 });
    await checkState(page, 'my-progress-empty-nl', async () => {
      await expect(page.getByText(/^Je volgt nog geen traject/)).toBeVisible();
    });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await checkState(page, 'my-progress-empty-en', async () => {
      await expect(page.getByText(/^You are not following a trajectory yet/)).toBeVisible();
    });
  });
});
