import { expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import {
  competenceNames,
  dashboardShown,
  historyItems,
  type Scoring,
  scoreCompetences,
  scoreRow,
  setStudentEvaluationRights,
} from './dashboard-support';
import { checkState, DEMO_OWNER, DEMO_STUDENT, listTrajectories, signInDemo } from './detail-support';

/**
 * The dashboard of a trajectory (issue 9; spec part 1 §2 "Dashboard section", §6, §9; D6, D20): the
 * demo mentor's scores, entered through the API over three dates, show in the demo dashboard's pie
 * and table (percentages, unrated −1 grey, the rounded average) with the sentence that says how they
 * are worked out, and in the history list, newest first with "show more"; a trajectory without scores
 * shows the empty state; a student whose role may not read the evaluation gets noAccess. In Dutch and
 * English, axe clean, no sideways scroll at 375 px. The demo data needs its own server (SEED_DEMO).
 * Times show in Europe/Amsterdam (playwright.config.ts).
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 600;

const A = 'Inventariseert de zorgvraag van de cliënt';
const B = 'Stelt samen met de cliënt het zorgplan op';
const C = 'Observeert en signaleert veranderingen';
const D = 'Ondersteunt bij persoonlijke verzorging';
const E = 'Plant de eigen werkzaamheden';

/**
 * Three dates. A is scored 1 and later 3 (the latest counts: 3); B's latest entry clears its score
 * (it counts as unrated again); the eight competences of "Beroepshouding" get 2. The demo evaluation
 * has 30 competences, so the latest scores are 8× 2, 2× 3 (A, C), 2× 4 (D, E) and 18 without one:
 * 27 %, 7 %, 7 %, 60 %; the average (8×2 + 2×3 + 2×4) / 12 = 2.5 rounds to 3, "Voldoende".
 */
function scorings(attitude: readonly string[]): Scoring[] {
  return [
    { at: '2026-03-02T08:15:00.000Z', competence: A, score: '1' },
    { at: '2026-03-02T08:16:00.000Z', competence: B, score: '2' },
    { at: '2026-03-02T08:17:00.000Z', competence: C, score: '3' },
    { at: '2026-03-09T13:30:00.000Z', competence: A, score: '3' },
    { at: '2026-03-09T13:31:00.000Z', competence: D, score: '4' },
    ...attitude.map((competence, index) => ({
      at: `2026-03-16T10:${String(10 + index).padStart(2, '0')}:00.000Z`,
      competence,
      score: '2',
    })),
    { at: '2026-03-16T10:30:00.000Z', competence: E, score: '4' },
    {
      at: '2026-03-16T10:31:00.000Z',
      competence: B,
      score: '',
      remarks: 'Score ingetrokken: opnieuw beoordelen.',
    },
  ];
}

const openDashboard = async (page: Page, id: number) => {
  await page.goto(`/trajectory/${id}/dashboard`);
  await dashboardShown(page);
};

const pie = (page: Page) => page.getByTestId('score-pie');

test.describe('the dashboard on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let student: Tokens;
  let scoredId: number;
  let emptyId: number;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    scoredId = theirs[0].id;
    const other = (await listTrajectories(request, owner)).find((item) => item.id !== scoredId);
    if (!other) throw new Error('the demo has one trajectory only');
    emptyId = other.id;
    const names = await competenceNames(request, owner, scoredId);
    await scoreCompetences(request, owner, scoredId, scorings(names.Beroepshouding ?? []));
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the pie, the table, how it is worked out and the history (nl)', async ({ page }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await openDashboard(page, scoredId);

    const scores = page.getByRole('region', { name: 'Scores per competentie' });
    await expect(scores.getByTestId('widget-scope')).toHaveText('Alle competenties van de beoordeling');
    // The pie: one accessible image naming every slice; slices only for counts above zero (§9).
    await expect(page.getByRole('img', { name: 'Cirkeldiagram Scores per competentie' })).toBeVisible();
    await expect(pie(page).locator('desc')).toHaveText(
      'In ontwikkeling: 8 (27%); Voldoende: 2 (7%); Goed: 2 (7%); Nog geen score: 18 (60%)',
    );
    const slices = pie(page).locator('path');
    await expect(slices).toHaveCount(4);
    await expect(pie(page).locator('path[data-score="-1"]')).toHaveAttribute('fill', '#9E9E9E');
    await expect(pie(page).locator('path[data-score="2"]')).toHaveAttribute('fill', '#f59f00');
    await expect(pie(page).locator('text')).toHaveText(['27%', '7%', '7%', '60%']);

    // The table carries the same numbers, the total and the rounded average.
    await expect(scoreRow(page, 'Nog niet').getByRole('cell')).toHaveText(['0', '0%']);
    await expect(scoreRow(page, 'In ontwikkeling').getByRole('cell')).toHaveText(['8', '27%']);
    await expect(scoreRow(page, 'Voldoende').getByRole('cell')).toHaveText(['2', '7%']);
    await expect(scoreRow(page, 'Goed').getByRole('cell')).toHaveText(['2', '7%']);
    await expect(scoreRow(page, 'Nog geen score').getByRole('cell')).toHaveText(['18', '60%']);
    await expect(scoreRow(page, 'Totaal competenties').getByRole('cell')).toHaveText(['30', '100%']);
    await expect(page.getByTestId('score-average')).toContainText('3 – Voldoende');

    // Next to the chart, in plain words, how it is worked out.
    const how = scores.getByTestId('scores-explanation');
    await expect(how).toContainText('Zo wordt dit berekend:');
    await expect(how).toContainText(
      'per competentie telt alleen de score uit de laatst ingevoerde beoordeling',
    );
    await expect(how).toContainText('Alle 30 competenties van de beoordeling tellen elk één keer mee.');
    await expect(how).toContainText('‘Nog geen score’ in het grijs');
    await expect(how).toContainText('maar niet in het gemiddelde');

    // The history: every entry, newest first, ten at a time.
    const history = page.getByRole('region', { name: 'Laatste beoordelingen' });
    await expect(historyItems(page)).toHaveCount(10);
    await expect(historyItems(page).first()).toContainText('16/03/2026 11:31');
    await expect(historyItems(page).first()).toContainText(B);
    await expect(historyItems(page).first()).toContainText('Geen score');
    await expect(historyItems(page).nth(1)).toContainText('16/03/2026 11:30');
    await expect(historyItems(page).nth(1)).toContainText(E);
    await expect(historyItems(page).nth(1).locator('[data-score="4"]')).toHaveText('Goed');
    await expect(history.getByRole('status')).toHaveText('10 van 15 beoordelingen getoond');
    await checkState(page, 'trajectory-dashboard-nl', () => dashboardShown(page));

    await history.getByRole('button', { name: 'Nog 5 tonen' }).click();
    await expect(historyItems(page)).toHaveCount(15);
    await expect(historyItems(page).last()).toContainText('02/03/2026 09:15');
    await expect(historyItems(page).last()).toContainText(A);
    await expect(historyItems(page).last().locator('[data-score="1"]')).toHaveText('Nog niet');
    await expect(history.getByRole('button', { name: /tonen/ })).toHaveCount(0);

    // The header's filter box narrows the history to competences with the text in their name.
    await page
      .getByRole('searchbox', { name: 'Filter op naam van velden en competenties' })
      .fill('zorgvraag');
    await expect(historyItems(page)).toHaveCount(2);
    await expect(history.getByRole('status')).toHaveText('2 van 2 beoordelingen getoond');
  });

  test('the same in English', async ({ page }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await openDashboard(page, scoredId);
    await expect(page.getByRole('img', { name: 'Pie chart Scores per competentie' })).toBeVisible();
    await expect(scoreRow(page, 'No score yet').getByRole('cell')).toHaveText(['18', '60%']);
    await expect(scoreRow(page, 'Total competences').getByRole('cell')).toHaveText(['30', '100%']);
    const how = page.getByTestId('scores-explanation');
    await expect(how).toContainText('How this is worked out:');
    await expect(how).toContainText('only the score of the most recently entered assessment counts');
    await expect(how).toContainText('All 30 competences of the evaluation count once each.');
    await expect(page.getByRole('region', { name: 'Laatste beoordelingen' }).getByRole('status')).toHaveText(
      '10 of 15 assessments shown',
    );
    await checkState(page, 'trajectory-dashboard-en', () => dashboardShown(page));
  });

  test('nothing scored yet: the empty states', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await openDashboard(page, emptyId);
    await expect(page.getByTestId('scores-empty')).toHaveText(
      'Nog niets beoordeeld: geen van de 30 competenties heeft al een score. Zodra er een score is, zie je hier de verdeling.',
    );
    await expect(pie(page)).toHaveCount(0);
    await expect(page.getByTestId('history-empty')).toHaveText('Er is nog geen beoordeling ingevoerd.');
    // How it will be worked out shows already.
    await expect(page.getByTestId('scores-explanation')).toContainText('Alle 30 competenties');
    await checkState(page, 'trajectory-dashboard-empty', () => dashboardShown(page));
  });

  test('a student whose role may not read the evaluation sees noAccess', async ({ page, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    await setStudentEvaluationRights(request, owner, scoredId, { read: false, write: false });
    await request.dispose();
    await seedStorage(page, { tokens: student, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${scoredId}/dashboard`);
    const alert = page.getByRole('status').filter({ hasText: 'Je hebt geen toegang tot het dashboard.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('komen uit de beoordeling');
    await expect(pie(page)).toHaveCount(0);
    await checkState(page, 'trajectory-dashboard-no-access', () => expect(alert).toBeVisible());
  });
});
