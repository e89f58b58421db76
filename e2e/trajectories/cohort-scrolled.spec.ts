import { expect, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { DEMO_OWNER, listTrajectories, PHONE, signInDemo } from './detail-support';

/**
 * Issue 31: a click on a cell of the class grid that is partly scrolled out of view opens its score menu.
 * Before, on a row cut off at the grid's bottom the menu opened hidden (its anchor, the cell's bottom
 * edge, was out of view: Mantine's hideDetached), so nothing showed; now the cell comes into view first.
 * The same for a cell half under the fixed name column on a phone.
 */

const PORT = Number(process.env.E2E_PORT) + 1150;
const CLUSTER = 'Beroepshouding';

test.describe('the class grid, scrolled', () => {
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let ids: number[] = [];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    ids = (await listTrajectories(request, owner)).map((item) => item.id);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a click on a row partly scrolled out at the bottom opens its score menu (1280 px)', async ({
    page,
  }) => {
    // Low enough that the grid scrolls inside itself and its last row is cut off at the bottom.
    await page.setViewportSize({ width: 1280, height: 300 });
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectories/cohort?ids=${ids.join(',')}`);
    await page.getByLabel('Competenties').selectOption({ label: `${CLUSTER} (hele cluster)` });
    const grid = page.getByRole('grid', { name: `Klasoverzicht: ${CLUSTER}` });
    await expect(grid.getByRole('rowheader')).toHaveCount(ids.length);
    const scroller = page.getByTestId('cohort-grid-scroller');
    // The grid at the top of the window, and scrolled 20 px short of its end: the last row's bottom is cut off.
    await scroller.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      element.scrollTo({ top: element.scrollHeight - element.clientHeight - 20 });
    });
    const frame = await scroller.boundingBox();
    const target = grid.getByRole('row').last().locator('button[data-cell]').first();
    const box = await target.boundingBox();
    if (!frame || !box) throw new Error('no grid');
    const bottom = frame.y + frame.height;
    // The row is partly out of view: its top shows, its bottom is cut off.
    expect(box.y + 8).toBeLessThan(bottom);
    expect(box.y + box.height).toBeGreaterThan(bottom);
    expect(bottom).toBeLessThanOrEqual(300);
    const label = (await target.getAttribute('aria-label')) ?? '';
    // A real pointer click on its visible part (Playwright's own click would scroll it into view first).
    await page.mouse.click(box.x + box.width / 2, box.y + (bottom - box.y) / 2);
    const menu = page.getByRole('menu', { name: `Score voor ${label.split(':')[0]}` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeInViewport();
    await shoot(page, 'cohort-scrolled-menu-nl-1280');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('a click on a cell half under the name column opens its score menu (375 px)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectories/cohort?ids=${ids.join(',')}`);
    await page.getByLabel('Competenties').selectOption({ label: `${CLUSTER} (hele cluster)` });
    const grid = page.getByRole('grid', { name: `Klasoverzicht: ${CLUSTER}` });
    await expect(grid.getByRole('rowheader').first()).toBeVisible();
    const scroller = page.getByTestId('cohort-grid-scroller');
    const nameBox = await grid.getByRole('rowheader').first().boundingBox();
    const before = await grid.getByRole('row').nth(2).locator('button[data-cell]').nth(2).boundingBox();
    if (!nameBox || !before) throw new Error('no grid');
    const nameRight = nameBox.x + nameBox.width;
    // Scroll sideways so that the third cell of the first row lies half under the fixed name column.
    await scroller.evaluate(
      (element, by) => element.scrollBy({ left: by }),
      before.x - nameRight + before.width / 2,
    );
    const target = grid.getByRole('row').nth(2).locator('button[data-cell]').nth(2);
    const box = await target.boundingBox();
    if (!box) throw new Error('no cell');
    expect(box.x).toBeLessThan(nameRight);
    const label = (await target.getAttribute('aria-label')) ?? '';
    await page.mouse.click(nameRight + (box.x + box.width - nameRight) / 2, box.y + box.height / 2);
    const menu = page.getByRole('menu', { name: `Score voor ${label.split(':')[0]}` });
    await expect(menu).toBeVisible();
    await shoot(page, 'cohort-scrolled-menu-nl-375');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});
