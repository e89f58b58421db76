import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import {
  auth,
  checkState,
  DEMO_OWNER,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  signInDemo,
  type TrajectoryItem,
} from './detail-support';

/**
 * Issue 31, "the invitation where the teacher is": a teacher invites the workplace mentor from the
 * trajectory's header, the e-mail and name filled in from the form's fields the blueprint names, and copies
 * the new link beside the mail; from the class list, one mentor for three selected students, one mail with
 * a link each. nl and en, 1280 and 375 px, axe (checkState).
 */

const PORT = Number(process.env.E2E_PORT) + 10;

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mails to `address` in this server's outbox, oldest first (waits for at least `count`). */
async function mailsTo(dataDir: string, address: string, count = 1): Promise<Mail[]> {
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
      .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as Mail)
      .filter((mail) => mail.to === address);
    if (mails.length >= count) return mails;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no mail to ${address}`);
}

/** Writes the mentor's name and e-mail into a trajectory's form, as a teacher would. */
async function fillMentorFields(request: APIRequestContext, owner: Tokens, id: number) {
  const form = await request.get(`/api/v2/trajectories/${id}/form`, { headers: auth(owner) });
  const uuids = new Map<string, string>();
  const walk = (fields: { uuid: string; name: string; children?: unknown[] }[]) => {
    for (const field of fields) {
      uuids.set(field.name, field.uuid);
      if (field.children) walk(field.children as never);
    }
  };
  walk((await form.json()).fields);
  const saved = await request.patch(`/api/v2/trajectories/${id}/form`, {
    headers: { ...auth(owner), 'If-Match': form.headers().etag! },
    data: [
      { op: 'add', path: `/values/${uuids.get('Praktijkopleider')}`, value: 'Petra Bakker' },
      {
        op: 'add',
        path: `/values/${uuids.get('E-mail praktijkopleider')}`,
        value: 'Petra.Bakker@DeLinde.nl',
      },
    ],
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const TEXT = {
  nl: {
    open: 'Praktijkopleider uitnodigen',
    email: 'E-mailadres',
    name: 'Naam',
    send: 'Uitnodiging versturen',
    sent: 'Uitnodiging verstuurd',
    prefilled: 'Ingevuld uit de informatie',
    copy: 'Link kopiëren',
    copied: 'Gekopieerd',
    close: 'Sluiten',
    select: (name: string) => `${name} selecteren`,
    many: 'Praktijkopleider uitnodigen voor 3 studenten',
    one: 'Praktijkopleider uitnodigen voor',
  },
  en: {
    open: 'Invite workplace mentor',
    email: 'E-mail address',
    name: 'Name',
    send: 'Send invitation',
    sent: 'Invitation sent',
    prefilled: 'Filled in from the trajectory',
    copy: 'Copy link',
    copied: 'Copied',
    close: 'Close',
    select: (name: string) => `Select ${name}`,
    many: 'Invite a workplace mentor for 3 students',
    one: 'Invite a workplace mentor for',
  },
} as const;

test.describe('inviting a workplace mentor where the teacher is (issue 31)', () => {
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let trajectories: TrajectoryItem[];

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    trajectories = (await listTrajectories(request, owner)).filter((item) => item.name.startsWith('BPV '));
    expect(trajectories.length).toBeGreaterThanOrEqual(3);
    await fillMentorFields(request, owner, (trajectories[0] as TrajectoryItem).id);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  async function open(page: Page, path: string, language: 'nl' | 'en') {
    await page.setViewportSize(DESKTOP);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await seedStorage(page, { tokens: owner, cookies: true, language });
    await page.goto(path);
  }

  for (const language of ['nl', 'en'] as const) {
    const text = TEXT[language];

    test(`the header's button, prefilled from the form, with the link to copy (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const first = trajectories[0] as TrajectoryItem;
      await open(page, `/trajectory/${first.id}/form`, language);
      const toolbar = page.getByRole('toolbar', { name: /Traject bewerken|Edit trajectory/ });
      const button = toolbar.getByRole('button', { name: text.open });
      await expect(button).toBeVisible({ timeout: 20_000 });
      await notificationsGone(page);
      await checkState(page, `mentor-header-${language}`, () => expect(button).toBeVisible());

      // Keyboard alone: focus the button, Enter opens the dialog.
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `${text.one} ${first.name}` });
      // The blueprint names the fields that hold the mentor's e-mail and name: they fill the dialog.
      await expect(dialog.getByLabel(text.email)).toHaveValue('petra.bakker@delinde.nl');
      await expect(dialog.getByLabel(text.name)).toHaveValue('Petra Bakker');
      await expect(dialog.getByText(text.prefilled)).toBeVisible();
      await checkState(page, `mentor-header-dialog-${language}`, () => expect(dialog).toBeVisible());

      const address = `petra-${language}@delinde.nl`;
      await dialog.getByLabel(text.email).fill(address);
      await dialog.getByRole('button', { name: text.send }).click();
      await expect(dialog.getByText(text.sent)).toBeVisible();
      const copy = dialog.getByRole('button', { name: new RegExp(text.copy.split(' ')[0] as string) });
      await expect(copy).toHaveCount(1);
      await checkState(page, `mentor-header-sent-${language}`, () =>
        expect(dialog.getByText(text.sent)).toBeVisible(),
      );
      await copy.click();
      await expect(dialog.getByText(text.copied)).toBeVisible();
      // The copied link is the mailed one.
      const [mail] = await mailsTo(server.dataDir, address);
      const mailed = mail?.links.find((link) => new URL(link).pathname === '/mentor');
      expect(mailed).toBeTruthy();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mailed);
      await dialog.getByRole('button', { name: text.close }).last().click();
      await expect(dialog).toBeHidden();
    });

    test(`the class list's bulk action: one mentor for three students, one mail (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await open(page, '/trajectories', language);
      const table = page.getByRole('table', { name: /^(Trajecten|Trajectories)$/ });
      const chosen = trajectories.slice(0, 3);
      for (const item of chosen) await table.getByRole('checkbox', { name: text.select(item.name) }).check();
      const toolbar = page.getByRole('toolbar', { name: /Acties voor trajecten|Trajectory actions/ });
      await toolbar.getByRole('button', { name: text.open }).click();
      const dialog = page.getByRole('dialog', { name: text.many });
      for (const item of chosen) await expect(dialog.getByText(item.name)).toBeVisible();
      const address = `klas-${language}@leerbedrijf.nl`;
      await dialog.getByLabel(text.email).fill(address);
      await dialog.getByLabel(text.name).fill('Jan Smit');
      await checkState(page, `mentor-bulk-dialog-${language}`, () => expect(dialog).toBeVisible());
      await dialog.getByRole('button', { name: text.send }).click();
      await expect(dialog.getByText(text.sent)).toBeVisible();
      const list = dialog.getByRole('list', { name: /Links per student/ });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await checkState(page, `mentor-bulk-sent-${language}`, () =>
        expect(dialog.getByText(text.sent)).toBeVisible(),
      );
      // Copy the second student's link: it is the one the mail gives for that student.
      const second = chosen[1] as TrajectoryItem;
      await list.getByRole('listitem').filter({ hasText: second.name }).getByRole('button').click();
      const mails = await mailsTo(server.dataDir, address);
      expect(mails).toHaveLength(1);
      const line = mails[0]?.text.split('\n').find((row) => row.startsWith(`- ${second.name}: `));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        line?.slice(`- ${second.name}: `.length),
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }
});
