import { defaultAdminRole } from '@groeipad/core';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { scoreCompetences } from './dashboard-support';
import {
  auth,
  checkState,
  DEMO_OWNER,
  DESKTOP,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';

/**
 * A cohort to its blueprint's latest version in one step (issue 32, D10, D56), as a teacher does it: three
 * trajectories of one blueprint, each scored on three competences; a new version renames one, replaces one
 * by a successor (its `formerUuids`) and removes one, and adds a fourth. In the list the teacher selects
 * the three, reads per trajectory what moves, updates them, sees the scores kept, undoes it and sees them
 * back; in English a trajectory already up to date is shown as such and not sent, and an undo after a new
 * score is refused, naming the trajectory. axe and screenshots at 1280 and 375 px.
 */

const PORT = Number(process.env.E2E_PORT) + 1;
const NAMES = ['Cohort Anna', 'Cohort Bram', 'Cohort Cem'] as const;
const LATER = 'Cohort Dirk';

const tree = (competences: unknown[]) => [
  {
    uuid: 'zorg',
    description: 'Zorg',
    subcompetences: [{ uuid: 'plan', description: 'Zorgplan', subcompetences: competences }],
  },
];
const OLD = tree([
  { uuid: 'c1', description: 'Inventariseert de zorgvraag' },
  { uuid: 'c2', description: 'Stelt een zorgplan op' },
  { uuid: 'c3', description: 'Voert een gesprek' },
]);
const NEW = tree([
  { uuid: 'c1', code: 'B1-K1-W1', description: 'Brengt de zorgvraag in kaart' },
  { uuid: 'c3b', description: 'Voert een zorggesprek', formerUuids: ['c3'] },
  { uuid: 'c4', description: 'Evalueert de zorg' },
]);
const SCALE = [
  { name: 'Onvoldoende', description: 'Nog niet', colour: '#d32f2f' },
  { name: 'Matig', description: 'Soms', colour: '#f57c00' },
  { name: 'Voldoende', description: 'Meestal', colour: '#fbc02d' },
  { name: 'Goed', description: 'Altijd', colour: '#388e3c' },
];
const DOCENT = defaultAdminRole([], 'Docent');

type Response = Awaited<ReturnType<APIRequestContext['post']>>;
async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Patches a blueprint's content; answers its new version (the ETag). */
async function patchContent(
  request: APIRequestContext,
  owner: Tokens,
  path: string,
  patch: unknown[],
): Promise<number> {
  const response = await request.patch(`/api/blueprints/${path}/content`, {
    data: patch,
    headers: auth(owner),
  });
  await json(response);
  return Number(JSON.parse(response.headers().etag ?? '0'));
}

interface Competence {
  uuid: string;
  name: string;
  properties?: Record<string, { score?: string }>;
  subsections?: Competence[];
}
/** Each competence's scores by uuid, as the evaluation holds them. */
async function scoresOf(request: APIRequestContext, owner: Tokens, id: number) {
  const evaluation = await json<{ criteria: Competence[] }>(
    await request.get(`/api/v2/trajectories/${id}/evaluations`, { headers: auth(owner) }),
  );
  const scores: Record<string, string[]> = {};
  const walk = (nodes: Competence[]) => {
    for (const node of nodes) {
      if (node.subsections) walk(node.subsections);
      else scores[node.uuid] = Object.values(node.properties ?? {}).map((entry) => entry.score ?? '');
    }
  };
  walk(evaluation.criteria);
  return scores;
}

const row = (page: Page, name: string) =>
  page.getByTestId('trajectory-row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('a cohort to its blueprint’s latest version', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  const ids: Record<string, number> = {};

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    // A competence list, and a trajectory blueprint with a copy of it (D9), the scale and the Docent role.
    const list = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: { type: 'COMPETENCE_LIST', name: 'Zorg (cohort)', description: null, userRights: [] },
        headers: auth(owner),
      }),
    );
    const listVersion = await patchContent(request, owner, `competencelists/${list.id}`, [
      { op: 'replace', path: '/competences', value: OLD },
    ]);
    const blueprint = await json<{ id: number }>(
      await request.post('/api/blueprints', {
        data: { type: 'TRAJECTORY', name: 'BPV zorg (cohort)', description: null, userRights: [] },
        headers: auth(owner),
      }),
    );
    await patchContent(request, owner, `trajectories/${blueprint.id}`, [
      {
        op: 'replace',
        path: '/competenceList',
        value: { id: list.id, version: listVersion, competences: OLD },
      },
      { op: 'replace', path: '/scoreInfo', value: SCALE },
      { op: 'replace', path: '/roles', value: [DOCENT] },
    ]);
    const create = async (name: string) =>
      (
        await json<{ id: number }>(
          await request.post('/api/v2/trajectories', {
            data: {
              blueprintId: blueprint.id,
              name,
              access: { roles: [DOCENT], users: [{ user: DEMO_OWNER, roles: ['Docent'] }] },
            },
            headers: auth(owner),
          }),
        )
      ).id;
    for (const [index, name] of NAMES.entries()) {
      ids[name] = await create(name);
      await scoreCompetences(request, owner, ids[name]!, [
        {
          at: '2025-03-03T09:00:00.000Z',
          competence: 'Inventariseert de zorgvraag',
          score: String(2 + index),
        },
        { at: '2025-03-04T09:00:00.000Z', competence: 'Stelt een zorgplan op', score: '2' },
        { at: '2025-03-05T09:00:00.000Z', competence: 'Voert een gesprek', score: '4' },
      ]);
    }
    // The new version: the list first, then the trajectory blueprint's copy of it.
    const newListVersion = await patchContent(request, owner, `competencelists/${list.id}`, [
      { op: 'replace', path: '/competences', value: NEW },
    ]);
    await patchContent(request, owner, `trajectories/${blueprint.id}`, [
      {
        op: 'replace',
        path: '/competenceList',
        value: { id: list.id, version: newListVersion, competences: NEW },
      },
    ]);
    // Made from the new version: already up to date.
    ids[LATER] = await create(LATER);
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the teacher updates three trajectories, reads what moves, keeps the scores and undoes it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto('/trajectories');
    await expect(page.getByTestId('trajectory-table')).toBeVisible();
    for (const name of NAMES) {
      await expect(row(page, name).getByRole('img', { name: '3 van 3 competenties gescoord' })).toBeVisible();
      await page.getByRole('checkbox', { name: `${name} selecteren` }).check();
    }
    await page
      .getByRole('toolbar', { name: 'Acties voor trajecten' })
      .getByRole('button', { name: 'Bijwerken naar nieuwste versie' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Trajecten bijwerken naar de nieuwste versie' });
    const previews = dialog.getByTestId('cohort-update-preview');
    await expect(previews).toHaveCount(3);
    for (const [index, name] of NAMES.entries()) {
      const preview = previews.nth(index);
      await expect(preview.getByRole('heading', { name })).toBeVisible();
      const changes = preview.getByRole('list', { name: `Wijzigingen in ${name}` });
      await expect(changes.getByRole('listitem')).toHaveText([
        'Competentie Inventariseert de zorgvraag heet voortaan B1-K1-W1 Brengt de zorgvraag in kaart',
        'Competentie Voert een zorggesprek vervangt Voert een gesprek (1 beoordeling gaat mee naar Voert een zorggesprek)',
        'Nieuwe competentie: Evalueert de zorg',
        'Competentie verdwijnt: Stelt een zorgplan op (1 beoordeling blijft in de geschiedenis)',
      ]);
    }
    await expect(dialog).toContainText('3 van 3 trajecten worden bijgewerkt.');
    await checkState(page, 'cohort-update-check-nl', () => expect(previews).toHaveCount(3));

    await dialog.getByRole('button', { name: '3 trajecten bijwerken' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      '3 trajecten zijn bijgewerkt naar de nieuwste versie.',
    );
    // The scores kept: by uuid (c1), carried to the successor (c3b); the removed one's is in the history.
    for (const [index, name] of NAMES.entries()) {
      await expect(
        row(page, name).getByRole('img', { name: '2 van 3 competenties gescoord' }),
      ).toBeAttached();
      expect(await scoresOf(request, owner, ids[name]!)).toEqual({
        c1: [String(2 + index)],
        c3b: ['4'],
        c4: [],
      });
    }
    await checkState(page, 'cohort-update-done-nl', () =>
      expect(dialog.getByRole('button', { name: 'Ongedaan maken' })).toBeVisible(),
    );

    await dialog.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Het bijwerken is ongedaan gemaakt. De trajecten staan weer op hun vorige versie, met hun beoordelingen.',
    );
    await expect(dialog.getByRole('button', { name: 'Ongedaan maken' })).toHaveCount(0);
    for (const [index, name] of NAMES.entries()) {
      await expect(
        row(page, name).getByRole('img', { name: '3 van 3 competenties gescoord' }),
      ).toBeAttached();
      expect(await scoresOf(request, owner, ids[name]!)).toEqual({
        c1: [String(2 + index)],
        c2: ['2'],
        c3: ['4'],
      });
    }
    await checkState(page, 'cohort-update-undone-nl', () => expect(dialog.getByRole('status')).toBeVisible());
    await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('in English: one already up to date is not sent, and the undo after a new score is refused, naming it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto('/trajectories');
    await expect(page.getByTestId('trajectory-table')).toBeVisible();
    for (const name of [...NAMES, LATER])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page
      .getByRole('toolbar', { name: 'Trajectory actions' })
      .getByRole('button', { name: 'Update to latest version' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Update trajectories to the latest version' });
    const previews = dialog.getByTestId('cohort-update-preview');
    await expect(previews).toHaveCount(4);
    await expect(previews.nth(3)).toContainText(LATER);
    await expect(previews.nth(3)).toContainText(/Already up to date \(version \d+\)/);
    await expect(
      previews
        .nth(0)
        .getByRole('list', { name: `Changes in ${NAMES[0]}` })
        .getByRole('listitem'),
    ).toHaveText([
      'Competence Inventariseert de zorgvraag is now called B1-K1-W1 Brengt de zorgvraag in kaart',
      'Competence Voert een zorggesprek replaces Voert een gesprek (1 assessment moves to Voert een zorggesprek)',
      'New competence: Evalueert de zorg',
      'Competence removed: Stelt een zorgplan op (1 assessment stays in the history)',
    ]);
    await expect(dialog).toContainText('3 of 4 trajectories will be updated.');
    await checkState(page, 'cohort-update-check-en', () => expect(previews).toHaveCount(4));
    // The end of the dialog: the one up to date, the summary and the button.
    const confirm = dialog.getByRole('button', { name: 'Update 3 trajectories' });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await confirm.scrollIntoViewIfNeeded();
      await shoot(page, `cohort-update-confirm-en-${size.width}`);
    }
    await confirm.click();
    await expect(dialog.getByRole('status')).toContainText(
      '3 trajectories were updated to the latest version.',
    );
    await expect(dialog.getByRole('status')).not.toContainText(LATER);

    // Someone scores Bram after the update: the update can no longer be undone.
    await scoreCompetences(request, owner, ids[NAMES[1]]!, [
      { at: '2025-04-01T09:00:00.000Z', competence: 'Voert een zorggesprek', score: '3' },
    ]);
    await dialog.getByRole('button', { name: 'Undo' }).click();
    const refused = dialog.getByRole('alert');
    await expect(refused).toContainText('Can no longer be undone');
    await expect(refused).toContainText(
      'These trajectories were changed after the update, so the update stays:',
    );
    await expect(refused.getByRole('listitem')).toHaveText([NAMES[1]]);
    await expect(dialog.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await notificationsGone(page);
    await checkState(page, 'cohort-update-not-undoable-en', () => expect(refused).toBeVisible());
    // Nothing was undone: all three stay on the new version.
    for (const name of NAMES)
      expect(Object.keys(await scoresOf(request, owner, ids[name]!))).toContain('c3b');
  });
});
