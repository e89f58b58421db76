import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { checkState, DESKTOP } from '../support/states';
import { competenceNames } from './dashboard-support';
import { auth, DEMO_OWNER, listTrajectories, signInDemo } from './detail-support';

/**
 * Issue 31, D54: the mentor gets back in. The mailed link opens in browser A with a code, the mentor scores;
 * it opens again in a fresh browser B with a new mailed code, and A is signed out and told why. B's page
 * opens again without any connection (its own worker, scope /mentor), two scores saved there are marked on
 * their cards as kept on the device, and "verstuurd" once the connection is back. Each card names whose
 * latest score it shows. Dutch and English, 1280 and 375 px, axe.
 */

const PORT = Number(process.env.E2E_PORT) + 2201;
const MENTOR = 'm.tweemaal@leerbedrijf.nl';

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** This server's mails to `address` whose subject matches, oldest first. */
function mailsTo(dataDir: string, address: string, subject: RegExp): Mail[] {
  let names: string[] = [];
  try {
    names = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')) as Mail)
    .filter((mail) => mail.to === address && subject.test(mail.subject));
}

/** Waits for the code mail after the `seen` ones and answers its code. */
async function newCode(dataDir: string, seen: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const mails = mailsTo(dataDir, MENTOR, /code/i);
      code = mails.length > seen ? mails.at(-1)?.subject.match(/\d{6}/)?.[0] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

const scoreButton = (page: Page, competence: string, name: string) =>
  page.getByRole('group', { name: `Score voor ${competence}` }).getByRole('button', { name });
const card = (page: Page, competence: string) => page.getByRole('region', { name: competence, exact: true });

/** Opens the link in `page`, asks a code and confirms it: the assessment shows. */
async function signIn(page: Page, link: string, dataDir: string) {
  await page.goto(link);
  const seen = mailsTo(dataDir, MENTOR, /code/i).length;
  await page.getByRole('button', { name: 'Stuur mij een code' }).click();
  await expect(page.getByText('We hebben een code gemaild', { exact: false })).toBeVisible();
  const code = await newCode(dataDir, seen);
  await page.getByRole('textbox', { name: 'Code uit de e-mail' }).first().pressSequentially(code);
  await expect(page.getByText('Je beoordeelt als Praktijkopleider', { exact: false })).toBeVisible();
}

async function storedScores(request: APIRequestContext, url: string, tokens: Tokens, id: number) {
  const res = await request.get(`${url}/api/v2/trajectories/${id}/evaluations`, { headers: auth(tokens) });
  const scores: Record<string, string | undefined> = {};
  const walk = (
    nodes: { type: string; name: string; subsections?: unknown[]; latestProperties?: unknown }[],
  ) => {
    for (const node of nodes) {
      if (node.type === 'competence')
        scores[node.name] = (node.latestProperties as { score?: string } | null)?.score;
      else walk((node.subsections ?? []) as never);
    }
  };
  walk((await res.json()).criteria);
  return scores;
}

test.describe('the mentor gets back in on any device, and works offline (issue 31, D54)', () => {
  let server: ServerHandle;
  let owner: Tokens;
  let trajectoryId: number;
  let competences: string[];
  let link: string;

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
    // The teacher scored the first competence yesterday: the mentor sees whose score that is.
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
    const invited = await request.post(`/api/v2/trajectories/${trajectoryId}/mentor-links`, {
      headers: auth(owner),
      data: { email: MENTOR, name: 'Mira Tweemaal', role: 'Praktijkopleider' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    // The mail job sends it in a moment.
    await expect.poll(() => mailsTo(server.dataDir, MENTOR, /beoordelen/).length).toBe(1);
    const invitation = mailsTo(server.dataDir, MENTOR, /beoordelen/)[0]!;
    const url = new URL(invitation.links.find((l) => new URL(l).pathname === '/mentor')!);
    link = `${url.pathname}${url.hash}`;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('A scores, B gets in with a new code and A is signed out; B offline: reload, two scores kept, then verstuurd', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
      await context.addInitScript(() => {
        if (!localStorage.getItem('language')) localStorage.setItem('language', 'nl');
      });
      contexts.push(context);
      return { context, page: await context.newPage() };
    };

    // Browser A: the link, a code, the assessment; the card says whose the earlier score is.
    const a = await open();
    await signIn(a.page, link, server.dataDir);
    const firstCard = card(a.page, competences[0]!);
    await expect(firstCard.getByText('Laatste score: 1 Nog niet', { exact: false })).toBeVisible();
    await expect(firstCard.getByTestId('mentor-latest-rater')).toHaveText(/^door .+ \(Docent\)$/);
    await expect(card(a.page, competences[1]!).getByText('Nog niet beoordeeld')).toBeVisible();
    await scoreButton(a.page, competences[1]!, '3 Voldoende').click();
    await a.page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(card(a.page, competences[1]!).getByTestId('mentor-latest-rater')).toHaveText(
      'door Mira Tweemaal (Praktijkopleider)',
    );
    await checkState(a.page, 'mentor-devices-assessment-nl', async () => {
      await expect(firstCard.getByTestId('mentor-latest-rater')).toBeVisible();
    });

    // Browser B (a fresh one: another phone, a private tab): the same link, a NEW code, and in.
    const b = await open();
    await signIn(b.page, link, server.dataDir);

    // A is refused from now on, and told why.
    await a.page.reload();
    const ended = a.page.getByTestId('mentor-ended');
    await expect(ended).toContainText('Deze link is op een ander apparaat geopend');
    await checkState(a.page, 'mentor-devices-replaced-nl', async () => {
      await expect(ended).toBeVisible();
    });
    expect(await a.page.evaluate(() => localStorage.getItem('groeipad.mentor-session'))).toBeNull();
    // The same message in English, the language chosen with the keyboard alone.
    const language = a.page.getByRole('button', { name: /Taal kiezen/ });
    await language.focus();
    await a.page.keyboard.press('Enter');
    await expect(a.page.getByRole('menuitem', { name: 'English' })).toBeVisible();
    await a.page.keyboard.press('ArrowDown');
    await a.page.keyboard.press('ArrowDown');
    await expect(a.page.getByRole('menuitem', { name: 'English' })).toBeFocused();
    await a.page.keyboard.press('Enter');
    await expect(ended).toContainText('This link was opened on another device');
    await checkState(a.page, 'mentor-devices-replaced-en', async () => {
      await expect(ended).toBeVisible();
    });
    // Reloaded, A holds neither session nor link: it points to the mailed link, not to a broken one.
    await a.page.reload();
    await expect(ended).toHaveText(
      'Open the link from your invitation (in your e-mail) to assess. You then get a code by e-mail.',
    );

    // B's page is kept by its worker (scope /mentor): it opens again with no connection at all — the browser
    // offline and the server stopped.
    await expect
      .poll(() =>
        b.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/mentor');
          return Boolean(registration?.active) && navigator.serviceWorker.controller !== null;
        }),
      )
      .toBe(true);
    await b.page.waitForTimeout(500); // the worker keeps the files the page loaded
    await b.context.setOffline(true);
    await stopServer(server);
    const reloaded = await b.page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(b.page.getByText('Je beoordeelt als Praktijkopleider', { exact: false })).toBeVisible();
    await expect(
      card(b.page, competences[1]!).getByText('Laatste score: 3 Voldoende', { exact: false }),
    ).toBeVisible();

    // Two scores saved offline: kept on this device, marked on each card and counted in view.
    await scoreButton(b.page, competences[0]!, '4 Goed').click();
    await scoreButton(b.page, competences[2]!, '2 In ontwikkeling').click();
    await b.page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(card(b.page, competences[0]!).getByTestId('mentor-unsent')).toHaveText(
      'Jouw score 4 Goed: op dit toestel, nog niet verstuurd',
    );
    await expect(card(b.page, competences[2]!).getByTestId('mentor-unsent')).toHaveText(
      'Jouw score 2 In ontwikkeling: op dit toestel, nog niet verstuurd',
    );
    await expect(b.page.getByTestId('mentor-unsent')).toHaveCount(2);
    await expect(b.page.getByTestId('mentor-queue')).toHaveText(
      '2 scores op dit toestel, nog niet verstuurd',
    );
    await checkState(b.page, 'mentor-devices-unsent-nl', async () => {
      await expect(b.page.getByTestId('mentor-queue')).toBeVisible();
    });

    // The connection is back: the queue sends them, and the cards say "verstuurd".
    server = await startServer(PORT, server.dataDir, { SEED_DEMO: '1' });
    await b.context.setOffline(false);
    await expect(b.page.getByTestId('mentor-queue')).toHaveText('2 scores verstuurd', { timeout: 20_000 });
    await expect(card(b.page, competences[0]!).getByTestId('mentor-sent')).toHaveText(
      'Jouw score 4 Goed: verstuurd',
    );
    await expect(b.page.getByTestId('mentor-unsent')).toHaveCount(0);
    await expect(card(b.page, competences[0]!).getByTestId('mentor-latest-rater')).toHaveText(
      'door Mira Tweemaal (Praktijkopleider)',
    );
    const stored = await storedScores(request, server.url, owner, trajectoryId);
    expect(stored[competences[0]!]).toBe('4');
    expect(stored[competences[1]!]).toBe('3');
    expect(stored[competences[2]!]).toBe('2');
    await checkState(b.page, 'mentor-devices-sent-nl', async () => {
      await expect(b.page.getByTestId('mentor-queue')).toBeVisible();
    });

    // In English: whose scores, after a reload (the marks were this visit's).
    await b.page.evaluate(() => localStorage.setItem('language', 'en'));
    await b.page.reload();
    await expect(card(b.page, competences[0]!).getByTestId('mentor-latest-rater')).toHaveText(
      'by Mira Tweemaal (Praktijkopleider)',
    );
    await checkState(b.page, 'mentor-devices-assessment-en', async () => {
      await expect(b.page.getByText('You assess as Praktijkopleider', { exact: false })).toBeVisible();
    });

    // The main app is never served by the mentor's worker, and keeps it.
    const main = await b.page.goto('/login');
    expect(main?.fromServiceWorker()).toBe(false);
    await expect(b.page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
    expect(
      await b.page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
      ),
    ).toEqual([`${server.url}/mentor`]);
    for (const context of contexts) await context.close();
  });
});
