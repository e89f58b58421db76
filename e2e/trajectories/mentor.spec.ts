import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { SHOTS_DIR } from '../support/shots';
import { competenceNames } from './dashboard-support';
import {
  auth,
  DEMO_OWNER,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';

/**
 * Issue 23 as people use it, on a 375 px phone: a teacher invites a workplace mentor; the mentor opens the
 * mailed link in a fresh signed-out browser, enters the mailed code, scores three competences (one with a
 * remark and a photo as evidence) while the network is cut, comes back online and sees them saved; the teacher gets a notification
 * and sees the mentor's scores; the link revoked, the mentor's page refuses.
 */

const PORT = Number(process.env.E2E_PORT) + 2200;
const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'pasfoto.png');
const MENTOR = 'p.de.praktijk@leerbedrijf.nl';

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mail to `address` whose subject matches, from this server's outbox. */
async function mailTo(dataDir: string, address: string, subject: RegExp): Promise<Mail> {
  const outbox = join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries++) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith('.json'));
    } catch {
      // not made yet
    }
    const mails = names
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as Mail)
      .filter((mail) => mail.to === address && subject.test(mail.subject));
    if (mails[0]) return mails[0];
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

async function storedScores(request: APIRequestContext, tokens: Tokens, id: number) {
  const res = await request.get(`/api/v2/trajectories/${id}/evaluations`, { headers: auth(tokens) });
  const scores: Record<string, { score?: string; remarks?: string; photos?: string } | null> = {};
  const walk = (
    nodes: { type: string; name: string; subsections?: unknown[]; latestProperties?: unknown }[],
  ) => {
    for (const node of nodes) {
      if (node.type === 'competence') scores[node.name] = node.latestProperties as never;
      else walk((node.subsections ?? []) as never);
    }
  };
  walk((await res.json()).criteria);
  return scores;
}

const scoreButton = (page: Page, competence: string, name: string) =>
  page.getByRole('group', { name: `Score voor ${competence}` }).getByRole('button', { name });

test.describe('a workplace mentor assesses through a link (issue 23)', () => {
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let trajectoryId: number;
  let competences: string[];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    const first = (await listTrajectories(request, owner))[0];
    if (!first) throw new Error('the demo has trajectories');
    trajectoryId = first.id;
    competences = Object.values(await competenceNames(request, owner, trajectoryId))
      .flat()
      .slice(0, 3);
    // The teacher assessed the first competence already: 1 (Nog niet), three steps below the mentor's 4.
    const evaluation = await request.get(`/api/v2/trajectories/${trajectoryId}/evaluations`, {
      headers: auth(owner),
    });
    const scored = await request.patch(`/api/v2/trajectories/${trajectoryId}/evaluations`, {
      headers: { ...auth(owner), 'If-Match': evaluation.headers().etag! },
      data: [
        {
          op: 'add',
          path: `/criteria/0/subsections/0/subsections/0/properties/${new Date(Date.now() - 86_400_000).toISOString()}`,
          value: { score: '1' },
        },
      ],
    });
    expect(scored.status(), await scored.text()).toBe(200);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('invite, code, three scores offline, saved online, seen by the teacher, revoked', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    // The teacher invites on a phone, from the access section.
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/access`);
    const panel = page.getByRole('region', { name: 'Beoordelaars zonder account' });
    await expect(page.getByRole('button', { name: 'Toegang bewerken' })).toBeVisible({ timeout: 20_000 });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Nog niemand uitgenodigd.')).toBeVisible();
    await notificationsGone(page);
    await panel.getByRole('button', { name: 'Uitnodigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uitnodigen' });
    await dialog.getByLabel('E-mailadres').fill(MENTOR);
    await dialog.getByLabel('Naam').fill('Piet de Praktijk');
    await dialog.getByLabel('Rol').selectOption('Praktijkopleider');
    await expectAccessible(page, 'mentor-invite-nl-phone');
    await page.screenshot({ path: join(SHOTS_DIR, 'mentor-invite-nl-375.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    // Issue 31: the dialog then offers the link to copy; Escape closes it.
    await expect(dialog.getByText('Uitnodiging verstuurd', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Piet de Praktijk')).toBeVisible();
    await expect(panel.getByText('Actief')).toBeVisible();
    await expect(panel.getByText('nog niet gebruikt')).toBeVisible();

    // The mentor, signed out in a browser of their own, opens the mailed link.
    const invitation = await mailTo(server.dataDir, MENTOR, /beoordelen/);
    const link = new URL(invitation.links.find((l) => new URL(l).pathname === '/mentor')!);
    const mentorContext = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const mentor = await mentorContext.newPage();
    await mentor.goto(`${link.pathname}${link.hash}`);
    await expect(mentor.getByRole('heading', { name: 'Je bent uitgenodigd om te beoordelen' })).toBeVisible();
    // The secret leaves the address bar at once.
    expect(new URL(mentor.url()).hash).toBe('');
    await mentor.getByRole('button', { name: 'Stuur mij een code' }).click();
    await expect(mentor.getByText('We hebben een code gemaild naar p***@leerbedrijf.nl.')).toBeVisible();
    const code = (await mailTo(server.dataDir, MENTOR, /code/)).subject.match(/\d{6}/)![0];
    await expectAccessible(mentor, 'mentor-code-nl-phone');
    await mentor.screenshot({ path: join(SHOTS_DIR, 'mentor-code-nl-375.png'), animations: 'disabled' });
    await mentor.getByRole('textbox', { name: 'Code uit de e-mail' }).first().pressSequentially(code);
    await expect(mentor.getByText('Je beoordeelt als Praktijkopleider', { exact: false })).toBeVisible();
    await expectAccessible(mentor, 'mentor-assessment-nl-phone');

    // Three scores and a remark while the network is cut.
    await mentorContext.setOffline(true);
    await scoreButton(mentor, competences[0]!, '4 Goed').click();
    await mentor.getByLabel('Opmerking (optioneel)').fill('Werkt zelfstandig en netjes.');
    // A photo as evidence, from the camera (a file chooser here), kept on the phone with the entry.
    const chooser = mentor.waitForEvent('filechooser');
    await mentor.getByRole('button', { name: `Foto toevoegen bij ${competences[0]}` }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(mentor.getByRole('img', { name: `Foto 1 bij ${competences[0]}` })).toBeVisible();
    await mentor.getByRole('img', { name: `Foto 1 bij ${competences[0]}` }).scrollIntoViewIfNeeded();
    await expectAccessible(mentor, 'mentor-photo-nl-phone');
    await mentor.screenshot({ path: join(SHOTS_DIR, 'mentor-photo-nl-375.png'), animations: 'disabled' });
    await scoreButton(mentor, competences[1]!, '2 In ontwikkeling').click();
    await scoreButton(mentor, competences[2]!, '3 Voldoende').click();
    await expect(mentor.getByText('3 beoordelingen nog niet opgeslagen')).toBeVisible();
    await mentor.screenshot({ path: join(SHOTS_DIR, 'mentor-scored-nl-375.png'), animations: 'disabled' });
    await mentor.getByRole('button', { name: 'Opslaan' }).click();
    const notice = mentor.getByTestId('offline-drafts');
    await expect(notice).toBeVisible();
    await notice.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await mentor.screenshot({ path: join(SHOTS_DIR, 'mentor-offline-nl-375.png'), animations: 'disabled' });
    expect((await storedScores(request, owner, trajectoryId))[competences[0]!]?.score).not.toBe('4');

    // Back online: sent by themselves, and shown as the latest scores.
    await mentorContext.setOffline(false);
    await expect(notice).toBeHidden({ timeout: 15_000 });
    await expect(mentor.getByText('Laatste score: 4 Goed', { exact: false }).first()).toBeVisible();
    const stored = await storedScores(request, owner, trajectoryId);
    expect(stored[competences[0]!]).toMatchObject({
      score: '4',
      remarks: 'Werkt zelfstandig en netjes.',
      photos: expect.stringMatching(/^\[\d+\]$/),
    });
    // The photo was uploaded when the connection returned: the teacher reads it (D19).
    const photoId = JSON.parse(stored[competences[0]!]!.photos!)[0] as number;
    const photo = await request.get(`/api/resources/${photoId}/thumbnail`, { headers: auth(owner) });
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\//);
    expect(stored[competences[1]!]?.score).toBe('2');
    expect(stored[competences[2]!]?.score).toBe('3');
    const scrollWidth = await mentor.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);

    // In English too.
    await mentor.evaluate(() => localStorage.setItem('language', 'en'));
    await mentor.reload();
    await expect(mentor.getByText('You assess as Praktijkopleider', { exact: false })).toBeVisible();
    await expectAccessible(mentor, 'mentor-assessment-en-phone');
    await mentor.screenshot({
      path: join(SHOTS_DIR, 'mentor-assessment-en-375.png'),
      animations: 'disabled',
    });

    // The teacher is told (D27) and sees the link used.
    const notifications = await (await request.get('/api/notifications', { headers: auth(owner) })).json();
    expect(JSON.stringify(notifications)).toContain(MENTOR);
    await page.reload();
    await expect(panel.getByText('laatst gebruikt', { exact: false })).toBeVisible();

    // The teacher sees the mentor's score beside their own, and that they disagree by three steps.
    await page.goto(`/trajectory/${trajectoryId}/evaluation`);
    const raters = page.getByTestId('rater-scores').first();
    await expect(raters).toBeVisible({ timeout: 20_000 });
    await expect(raters.locator('[data-rater-role="Praktijkopleider"]')).toBeVisible();
    await expect(raters.locator('[data-rater-role="Docent"]')).toBeVisible();
    await expect(page.getByTestId('rater-disagreement').first()).toContainText('3 stappen verschil');
    // The mentor's photo shows with their entry, as a thumbnail.
    const photos = page.getByTestId('entry-photos').first();
    await expect(photos.getByRole('img', { name: 'Foto 1 als bewijs' })).toBeVisible();
    expect(
      await photos.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await notificationsGone(page);
    await raters.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'mentor-raters-nl-phone');
    await page.screenshot({ path: join(SHOTS_DIR, 'mentor-raters-nl-375.png'), animations: 'disabled' });
    // The dashboard's history names who gave each score.
    await page.goto(`/trajectory/${trajectoryId}/dashboard`);
    await expect(page.getByTestId('history-rater').first()).toHaveText(
      'door Piet de Praktijk (Praktijkopleider)',
      { timeout: 20_000 },
    );
    await page.goto(`/trajectory/${trajectoryId}/access`);
    await expect(panel).toBeVisible({ timeout: 20_000 });

    // Revoked: the mentor's page refuses at once.
    await panel.getByRole('button', { name: 'Link van Piet de Praktijk intrekken' }).click();
    await page
      .getByRole('dialog', { name: 'Link intrekken?' })
      .getByRole('button', { name: 'Intrekken' })
      .click();
    await expect(panel.getByText('Ingetrokken', { exact: true })).toBeVisible();
    await expectAccessible(page, 'mentor-links-nl-phone');
    await page.screenshot({ path: join(SHOTS_DIR, 'mentor-links-nl-375.png'), animations: 'disabled' });
    await mentor.reload();
    await expect(mentor.getByText('Your access has ended', { exact: false })).toBeVisible();

    // The teacher's list of links at 1280 px, in English.
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    const english = page.getByRole('region', { name: 'Assessors without an account' });
    await expect(english.getByText('Revoked', { exact: true })).toBeVisible({ timeout: 20_000 });
    await notificationsGone(page);
    await english.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'mentor-links-en-desktop');
    await page.screenshot({ path: join(SHOTS_DIR, 'mentor-links-en-1280.png'), animations: 'disabled' });
    await mentorContext.close();
  });
});
