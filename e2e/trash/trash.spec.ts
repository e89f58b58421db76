import { request as apiRequest, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { checkState, DESKTOP, expectNoSidewaysScroll, notificationsGone, PHONE } from '../support/states';
import {
  auth,
  DEMO,
  DEMO_PASSWORD,
  json,
  listTrajectories,
  type Session,
  signIn,
} from '../trajectories/list-support';

// The trash /trash (issue 10; spec part 2 §2, §4, §6, §8; D13, D30, D38). Its own server with the demo
// organisation: the owner teaches "BPV Sanne de Vries" (Docent: METADATA), the demo user is its
// student (no METADATA), so the same deleted trajectory is the owner's to restore and only visible to
// the student.
const port = Number(process.env.E2E_PORT) + 800;
const base = `http://localhost:${port}`;

const TRAJECTORY = 'BPV Sanne de Vries';
const BLUEPRINT = 'Intakeformulier 2024';

interface TrashItem {
  id: string;
  name: string;
  admin: boolean;
}

function ui(page: Page) {
  return {
    heading: page.getByRole('heading', { name: /^(Prullenbak|Trash)$/, level: 1 }),
    rows: page.getByTestId('trash-row'),
    toolbar: page.getByRole('toolbar', { name: /Acties voor de prullenbak|Trash actions/ }),
    count: page.getByTestId('trash-count'),
  };
}

async function openTrash(page: Page, session: Session, language: 'nl' | 'en'): Promise<void> {
  await seedStorage(page, { tokens: session, cookies: true, language });
  await page.goto('/trash');
  await expect(ui(page).heading).toBeVisible();
}

test.describe('the trash', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });
  let server: ServerHandle;
  let dataDir: string;
  let owner: Session;
  let student: Session;
  let trajectoryId: number;

  const request = () => apiRequest.newContext({ baseURL: base });

  /** The owner deletes the demo trajectory and a blueprint the student may read (both to the trash). */
  async function deleteBoth(): Promise<number> {
    const api = await request();
    await json(
      await api.put(`/api/v2/trajectories/${trajectoryId}/status`, {
        data: { status: 'deleted' },
        headers: auth(owner),
      }),
    );
    const created = await api.post('/api/blueprints', {
      data: {
        type: 'INFORMATION',
        name: BLUEPRINT,
        description: 'Het oude intakeformulier',
        userRights: [{ user: DEMO.user, rights: ['READ'] }],
      },
      headers: auth(owner),
    });
    const blueprint = Number(created.headers().location?.split('/').pop());
    await json(
      await api.put(`/api/blueprints/${blueprint}/status`, {
        data: { status: 'DELETED' },
        headers: auth(owner),
      }),
    );
    await api.dispose();
    return blueprint;
  }

  async function trashOf(session: Session): Promise<TrashItem[]> {
    const api = await request();
    const items = await json<TrashItem[]>(await api.get('/api/trash', { headers: auth(session) }));
    await api.dispose();
    return items;
  }

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    dataDir = freshDataDir();
    server = await startServer(port, dataDir, { SEED_DEMO: '1' });
    const api = await playwright.request.newContext({ baseURL: base });
    owner = await signIn(api, DEMO.owner, DEMO_PASSWORD);
    student = await signIn(api, DEMO.user, DEMO_PASSWORD);
    const found = (await listTrajectories(api, owner)).find((item) => item.name === TRAJECTORY);
    if (!found) throw new Error(`no demo trajectory ${TRAJECTORY}`);
    trajectoryId = found.id;
    await api.dispose();
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) removeDataDir(dataDir);
  });

  test('the owner restores a trajectory and deletes a blueprint for good (nl)', async ({ page }) => {
    test.setTimeout(120_000);
    const blueprint = await deleteBoth();
    await openTrash(page, owner, 'nl');
    const { rows, toolbar, count } = ui(page);
    await expect(rows).toHaveCount(2);
    const trajectoryRow = rows.filter({ hasText: TRAJECTORY });
    const blueprintRow = rows.filter({ hasText: BLUEPRINT });
    await expect(trajectoryRow).toContainText('Traject');
    await expect(trajectoryRow).toContainText(DEMO.owner);
    await expect(trajectoryRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(blueprintRow).toContainText('Sjabloon · Informatie');
    await checkState(page, 'trash-owner-nl', () => expect(rows).toHaveCount(2));

    // Select-all takes every item the owner administers (both); again clears.
    const restore = toolbar.getByRole('button', { name: 'Terugzetten' });
    const purge = toolbar.getByRole('button', { name: 'Definitief verwijderen' });
    await expect(restore).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Alle items selecteren waarvan je beheerder bent' }).check();
    await expect(count).toHaveText('2 items · 2 geselecteerd');
    await page.getByRole('checkbox', { name: 'Alle items selecteren waarvan je beheerder bent' }).uncheck();
    await expect(count).toHaveText('2 items · 0 geselecteerd');

    // Restore the trajectory: it leaves the trash and is back in the trajectory list.
    await page.getByRole('checkbox', { name: `${TRAJECTORY} selecteren` }).check();
    await restore.click();
    await expect(page.getByText('1 item teruggezet.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(BLUEPRINT);
    await notificationsGone(page);
    await page
      .getByRole('navigation', { name: 'Hoofdnavigatie' })
      .getByRole('link', { name: 'Trajecten' })
      .click();
    await expect(page.getByRole('link', { name: TRAJECTORY })).toBeVisible();
    await page.goBack();
    await expect(rows).toHaveCount(1);

    // Delete the blueprint for good, after a confirmation (cancel first keeps it).
    await page.getByRole('checkbox', { name: `${BLUEPRINT} selecteren` }).check();
    await purge.click();
    const dialog = page.getByRole('dialog', { name: 'Definitief verwijderen' });
    await expect(dialog).toContainText(`‘${BLUEPRINT}’ definitief wilt verwijderen`);
    await page.waitForTimeout(300); // the dialog's fade-in, before axe judges its contrast
    await expectAccessible(page, 'trash delete dialog');
    await shoot(page, 'trash-delete-dialog-1280');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await purge.click();
    await dialog.getByRole('button', { name: 'Definitief verwijderen' }).click();
    await expect(page.getByText('1 item definitief verwijderd.')).toBeVisible();
    await notificationsGone(page);
    await expect(page.getByText('De prullenbak is leeg')).toBeVisible();
    await checkState(page, 'trash-empty-nl', () =>
      expect(page.getByText('De prullenbak is leeg')).toBeVisible(),
    );

    // The server agrees: the trajectory is LIVE again, the blueprint gone.
    expect(await trashOf(owner)).toEqual([]);
    const api = await request();
    expect((await api.get(`/api/blueprints/${blueprint}`, { headers: auth(owner) })).status()).toBe(404);
    expect((await api.get(`/api/v2/trajectories/${trajectoryId}`, { headers: auth(owner) })).status()).toBe(
      200,
    );
    await api.dispose();
  });

  test('a user who is not admin sees the items without a checkbox (en), the owner with one (en)', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await deleteBoth();
    const seen = await trashOf(student);
    expect(seen.map((item) => [item.name, item.admin]).sort()).toEqual([
      [TRAJECTORY, false],
      [BLUEPRINT, false],
    ]);
    await openTrash(page, student, 'en');
    const { rows, toolbar } = ui(page);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('trash-not-admin')).toHaveCount(2);
    await expect(page.getByRole('checkbox', { name: /^Select (?!every)/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Select every item you administer' })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Restore' })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Delete permanently' })).toBeDisabled();
    await expect(rows.filter({ hasText: BLUEPRINT })).toContainText('Blueprint · Information');
    await checkState(page, 'trash-reader-en', () => expect(rows).toHaveCount(2));
    // On a phone: cards, the lock instead of a checkbox.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('trash-not-admin')).toHaveCount(2);
    await expect(rows.first()).toContainText('Deleted on');
    await page.setViewportSize(DESKTOP);

    const ownerContext = await browser.newContext({ baseURL: base, viewport: DESKTOP, locale: 'nl-NL' });
    const ownerPage = await ownerContext.newPage();
    await openTrash(ownerPage, owner, 'en');
    await expect(ui(ownerPage).rows).toHaveCount(2);
    await expect(ownerPage.getByRole('checkbox', { name: `Select ${TRAJECTORY}` })).toBeEnabled();
    await checkState(ownerPage, 'trash-owner-en', () => expect(ui(ownerPage).rows).toHaveCount(2));
    await ownerContext.close();
  });

  test('restoreTrashError and deleteTrashError name the item; a load failure offers a retry (nl)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openTrash(page, owner, 'nl');
    const { rows, toolbar } = ui(page);
    await expect(rows).toHaveCount(2);
    // The server refuses (as for a user who lost their rights meanwhile): the item stays, the notice says why.
    await page.route('**/api/trash/*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"status":403,"key":"forbidden"}',
      }),
    );
    await page.getByRole('checkbox', { name: `${TRAJECTORY} selecteren` }).check();
    await toolbar.getByRole('button', { name: 'Terugzetten' }).click();
    const restoreNotice = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Terugzetten is niet gelukt.' });
    await expect(restoreNotice).toContainText(TRAJECTORY);
    await expect(rows).toHaveCount(2);
    await toolbar.getByRole('button', { name: 'Definitief verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Definitief verwijderen' }).click();
    const deleteNotice = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Definitief verwijderen is niet gelukt.' });
    await expect(deleteNotice).toContainText(TRAJECTORY);
    await expectAccessible(page, 'trash failure notices');
    await page.mouse.move(0, 0);
    await shoot(page, 'trash-failures-1280');
    await page.unroute('**/api/trash/*');
    await notificationsGone(page);

    await page.route('**/api/trash', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"status":500,"key":"internalError"}',
      }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'De prullenbak kon niet worden geladen.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await checkState(page, 'trash-load-error-nl', () => expect(alert).toBeVisible());
    await page.unroute('**/api/trash');
    await alert.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(rows).toHaveCount(2);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'trash with items');
  });
});
