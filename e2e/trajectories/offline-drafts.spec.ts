import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { SHOTS_DIR } from '../support/shots';
import { competenceNames } from './dashboard-support';
import { DEMO_OWNER, listTrajectories, notificationsGone, PHONE, signInDemo } from './detail-support';
import { competenceCard, evaluationShown, storedCompetences } from './evaluation-support';

/**
 * Offline drafts (issue 23), signed in on a phone: a teacher scores a competence while the network is
 * cut, saves, is told the score is kept on this device, and sees it saved once the connection returns.
 */

const PORT = Number(process.env.E2E_PORT) + 2100;
const KEPT = 'Opgeslagen op dit apparaat; wordt verstuurd zodra er verbinding is';
const SENT = 'De wijziging van dit apparaat is verstuurd en opgeslagen.';
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Traject bewerken' });

/** How many drafts the browser holds in IndexedDB (lib/offline-drafts/store.ts). */
const storedDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('groeipad-offline-drafts');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('drafts').objectStore('drafts').count();
          counting.onerror = () => reject(counting.error);
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
        };
      }),
  );

test.describe('offline drafts of the evaluation (issue 23)', () => {
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let trajectoryId: number;
  let competence: string;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    const trajectories = await listTrajectories(request, owner);
    const fresh = trajectories.at(-1);
    if (!fresh) throw new Error('the demo has trajectories');
    trajectoryId = fresh.id;
    competence = Object.values(await competenceNames(request, owner, trajectoryId)).flat()[0]!;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('a score saved offline on a phone is kept on the device and sent when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    await evaluationShown(page);
    await notificationsGone(page);
    await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    const save = toolbar(page).getByRole('button', { name: 'Opslaan' });
    await expect(save).toBeVisible();

    const card = competenceCard(page, competence);
    await card.scrollIntoViewIfNeeded();
    await card
      .getByRole('group', { name: `Score geven aan ${competence}` })
      .getByRole('button', { name: '3 Voldoende' })
      .click();
    await expect(save).toBeEnabled();

    // The network cut: the save is kept on this device, not lost.
    await context.setOffline(true);
    await save.click();
    const notice = page.getByTestId('offline-drafts');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(KEPT);
    await expect(notice).toContainText('1 wijziging wacht op verzending.');
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: KEPT })).toBeVisible();
    await page.screenshot({
      path: join(SHOTS_DIR, 'offline-drafts-toast-nl-375.png'),
      animations: 'disabled',
    });
    // The edit mode ended; the score shows, and nothing reached the server.
    await expect(toolbar(page).getByRole('button', { name: 'Bewerken' })).toBeVisible();
    await expect(card.locator('[data-score]').first()).toHaveText('Voldoende (3)');
    expect(
      (await storedCompetences(request, owner, trajectoryId))[competence]?.latestProperties ?? null,
    ).toBe(null);
    // Kept in IndexedDB, so a closed tab loses nothing either.
    expect(await storedDrafts(page)).toBe(1);
    await notificationsGone(page);
    await expectAccessible(page, 'offline-drafts-kept-nl-phone');
    // The notice in view on the phone (the page itself is long: a full-page picture would show nothing).
    await notice.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: join(SHOTS_DIR, 'offline-drafts-kept-nl-375.png'),
      animations: 'disabled',
    });

    // Back online: the draft goes by itself (the `online` event).
    await context.setOffline(false);
    await expect(page.getByText(SENT).first()).toBeVisible();
    await expect(notice).toBeHidden();
    await expect
      .poll(
        async () =>
          (await storedCompetences(request, owner, trajectoryId))[competence]?.latestProperties?.score,
      )
      .toBe('3');

    expect(await storedDrafts(page)).toBe(0);
    await page.reload();
    await evaluationShown(page);
    await expect(competenceCard(page, competence).locator('[data-score]').first()).toHaveText(
      'Voldoende (3)',
    );
    await expect(page.getByTestId('offline-drafts')).toHaveCount(0);
  });
});
