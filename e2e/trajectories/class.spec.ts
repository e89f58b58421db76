import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { competenceNames, scoreCompetences } from './dashboard-support';
import {
  DEMO_OWNER,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';
import { competenceCard, evaluationShown, storedCompetences } from './evaluation-support';

/**
 * A whole class at a glance (issue 22), as the demo teacher meets it on a Monday morning: each
 * trajectory's progress in the list (scored of total, the average as colour, number and name, the
 * last assessment), sorted and filtered to those that need attention; five competences scored in one
 * trajectory with at most seven clicks.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 2000;

const daysAgo = (days: number, minute = 0) =>
  new Date(Date.now() - days * 86_400_000 + minute * 60_000).toISOString();

const SAVED = 'De wijzigingen zijn opgeslagen.';
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Traject bewerken' });
const table = (page: Page) => page.getByTestId('trajectory-table');
const row = (page: Page, name: string) =>
  page.getByTestId('trajectory-row').filter({ has: page.getByRole('link', { name, exact: true }) });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('a class at a glance', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  const names: Record<'recent' | 'stale' | 'new', string> = { recent: '', stale: '', new: '' };
  let newId = 0;
  let competences: string[] = [];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    const [recent, stale, fresh] = await listTrajectories(request, owner);
    if (!recent || !stale || !fresh) throw new Error('the demo has three trajectories');
    Object.assign(names, { recent: recent.name, stale: stale.name, new: fresh.name });
    newId = fresh.id;
    const byCluster = await competenceNames(request, owner, recent.id);
    competences = Object.values(byCluster).flat();
    // Recent: four competences this week (3, 4, 4, 2 → 3.25 → 3). Stale: two, six weeks ago (2, 1 → 1.5 → 2).
    await scoreCompetences(
      request,
      owner,
      recent.id,
      ['3', '4', '4', '2'].map((score, index) => ({
        at: daysAgo(1, index),
        competence: competences[index]!,
        score,
      })),
    );
    await scoreCompetences(
      request,
      owner,
      stale.id,
      ['2', '1'].map((score, index) => ({ at: daysAgo(42, index), competence: competences[index]!, score })),
    );
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the list shows each trajectory’s progress, sorts by it and filters those needing attention', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(table(page)).toBeVisible();
    const total = competences.length;
    const recent = row(page, names.recent);
    await expect(recent.getByRole('img', { name: `4 van ${total} competenties gescoord` })).toBeVisible();
    await expect(recent).toContainText('Gemiddeld 3 Voldoende');
    await expect(row(page, names.stale)).toContainText('Gemiddeld 2');
    await expect(row(page, names.new)).toContainText('Nog niet beoordeeld');
    await notificationsGone(page);
    await expectAccessible(page, 'class-list-progress-nl');
    await shoot(page, 'class-list-progress-nl-1280');

    // Sorted by the average, highest first: the recent one, the stale one, then the one without a score.
    const header = (name: string) => page.getByRole('columnheader').getByRole('button', { name });
    await header('Gemiddelde').click();
    await header('Gemiddelde').click();
    const titles = page.getByTestId('trajectory-row').locator('[role=cell]:nth-child(2) a');
    await expect(titles).toHaveText([names.recent, names.stale, names.new]);
    await header('Laatste beoordeling').click();
    await expect(titles).toHaveText([names.stale, names.recent, names.new]);

    // Needs attention: no assessment for two weeks (never assessed counts).
    await page.getByLabel('Aandacht nodig').selectOption({ label: '2 weken geen beoordeling' });
    await expect(titles).toHaveText([names.stale, names.new]);
    await page.getByLabel('Aandacht nodig').selectOption({ label: '8 weken geen beoordeling' });
    await expect(titles).toHaveText([names.new]);
    await shoot(page, 'class-list-attention-nl-1280');
    await page.getByLabel('Aandacht nodig').selectOption({ label: 'Alle trajecten' });

    // English, and a phone: the progress goes under the title, nothing scrolls sideways.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(
      row(page, names.recent).getByRole('img', { name: `4 of ${total} competences scored` }),
    ).toBeVisible();
    await expect(row(page, names.new)).toContainText('Not assessed yet');
    expect(await sideways(page)).toBe(false);
    await expectAccessible(page, 'class-list-progress-en-phone');
    await shoot(page, 'class-list-progress-en-375');
  });

  test('five competences scored in one trajectory with at most seven clicks', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${newId}/evaluation`);
    await evaluationShown(page);
    let clicks = 0;
    const click = async (locator: Locator) => {
      await locator.click();
      clicks += 1;
    };
    await notificationsGone(page);
    await click(toolbar(page).getByRole('button', { name: 'Bewerken' }));
    const chosen = competences.slice(0, 5);
    const scores = ['1 Nog niet', '2 In ontwikkeling', '3 Voldoende', '4 Goed', '3 Voldoende'];
    for (const [index, name] of chosen.entries()) {
      const chips = competenceCard(page, name).getByRole('group', { name: `Score geven aan ${name}` });
      await chips.scrollIntoViewIfNeeded();
      await click(chips.getByRole('button', { name: scores[index]! }));
    }
    await click(toolbar(page).getByRole('button', { name: 'Opslaan' }));
    await expect(page.getByText(SAVED).first()).toBeVisible();
    expect(clicks).toBeLessThanOrEqual(7);
    const stored = await storedCompetences(request, owner, newId);
    expect(chosen.map((name) => stored[name]?.latestProperties?.score)).toEqual(['1', '2', '3', '4', '3']);

    // With the keyboard: a chip focused, a number key scores.
    await notificationsGone(page);
    await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    const sixth = competences[5]!;
    const chips = competenceCard(page, sixth).getByRole('group', { name: `Score geven aan ${sixth}` });
    await chips.getByRole('button', { name: '1 Nog niet' }).focus();
    await page.keyboard.press('4');
    await expect(chips.getByRole('button', { name: '4 Goed' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => (await storedCompetences(request, owner, newId))[sixth]?.latestProperties?.score)
      .toBe('4');
  });
});
