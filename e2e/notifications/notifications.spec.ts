import { type Browser, expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import {
  checkState,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  signInDemo,
} from '../trajectories/detail-support';

/**
 * Notifications (issue 10; spec part 2 §2, §4, §7, §8; D27, D39): the demo student writes in the form
 * in one browser context, and the teacher's bell in another counts up without a reload — well within
 * the 60 s fallback poll, so the server's event stream brought it. The list names the change with a
 * link that opens the form and marks it read; the unread filter and mark-all-read; axe, 375 px, nl and en.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 900;
const SAVED = 'De wijzigingen zijn opgeslagen.';

const bell = (page: Page) => page.getByTestId('notification-bell');
const list = (page: Page) => page.getByTestId('notification-list');
const rows = (page: Page) => page.getByTestId('notification-row');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Traject bewerken' });
/** The form section (the machine may be slow: the demo server shares it with the browser). */
const formShown = (page: Page) => expect(page.getByTestId('form-section')).toBeVisible({ timeout: 30_000 });

async function openBell(page: Page): Promise<void> {
  if ((await bell(page).getAttribute('aria-expanded')) !== 'true') await bell(page).click();
  await expect(list(page)).toBeVisible();
}

/** The student chooses a motivation in the form and saves (as a person does, in their own browser). */
async function studentWrites(browser: Browser, tokens: Tokens, trajectoryId: number, choice: string) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'nl-NL' });
  const page = await context.newPage();
  await seedStorage(page, { tokens, cookies: true, language: 'nl' });
  await page.goto(`/trajectory/${trajectoryId}/form`);
  await formShown(page);
  await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
  await page.getByRole('radio', { name: choice }).check();
  await toolbar(page).getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await context.close();
}

test.describe('notifications on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let student: Tokens;
  let trajectoryId: number;
  let trajectoryName: string;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    trajectoryName = theirs[0].name;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a student’s change makes the teacher’s bell count up without a reload; the link opens the form', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(bell(page)).toHaveAttribute('data-unread', '0');
    await expect(bell(page)).toHaveAttribute('data-live', 'true');
    await openBell(page);
    await expect(list(page).getByText('Geen meldingen.')).toBeVisible();
    await checkState(page, 'notifications-empty', () => openBell(page));
    await page.keyboard.press('Escape');

    // No reload from here on: the page's own navigation count stays where it is.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const started = Date.now();
    await studentWrites(browser, student, trajectoryId, 'Gemiddeld');
    await expect(bell(page)).toHaveAttribute('data-unread', '1', { timeout: 15_000 });
    // Far inside the 60 s poll: the event stream brought it.
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(loads).toEqual([]);
    await expect(bell(page)).toHaveAccessibleName('Meldingen, 1 ongelezen');

    await openBell(page);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toHaveAttribute('data-read', 'false');
    await expect(row).toContainText(trajectoryName);
    await expect(row).toContainText('Informatie · gewijzigd');
    await expect(row).toContainText(/Gijs Gebruiker · \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    await notificationsGone(page);
    await checkState(page, 'notifications-list', () => openBell(page));

    // Clicking it opens the form and marks it read (spec §4).
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/trajectory/${trajectoryId}/form$`));
    await formShown(page);
    await expect(bell(page)).toHaveAttribute('data-unread', '0', { timeout: 15_000 });
    await openBell(page);
    await expect(rows(page).first()).toHaveAttribute('data-read', 'true');
  });

  test('the unread filter and mark all read', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(bell(page)).toHaveAttribute('data-live', 'true');
    // A new change after the first was read: a new notification (D27 coalesces only unread ones).
    await studentWrites(browser, student, trajectoryId, 'Hoog');
    await expect(bell(page)).toHaveAttribute('data-unread', '1', { timeout: 15_000 });
    await openBell(page);
    await expect(rows(page)).toHaveCount(2);
    await list(page).getByRole('switch', { name: 'Alleen ongelezen' }).click({ force: true });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-read', 'false');
    await list(page).getByRole('button', { name: 'Alles gelezen' }).click();
    await expect(bell(page)).toHaveAttribute('data-unread', '0');
    await expect(list(page).getByText('Geen meldingen.')).toBeVisible();
    await list(page).getByRole('switch', { name: 'Alleen ongelezen' }).click({ force: true });
    await expect(rows(page)).toHaveCount(2);
    await expect(list(page).getByRole('button', { name: 'Alles gelezen' })).toBeDisabled();
  });

  test('in English', async ({ page }) => {
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto('/trajectories');
    await openBell(page);
    await expect(rows(page).first()).toContainText('Information · changed');
    await expect(list(page).getByRole('button', { name: 'Mark all read' })).toBeVisible();
    await checkState(page, 'notifications-list-en', () => openBell(page));
  });
});
