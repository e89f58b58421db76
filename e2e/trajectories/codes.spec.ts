import { defaultTrajectoryAccess } from '@groeipad/core';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { seedStorage, type Tokens } from '../support/accounts';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { auth, checkState, DEMO_OWNER, DESKTOP, signInDemo } from './detail-support';
import { competenceCard, evaluationShown } from './evaluation-support';

/**
 * Codes and criteria (D56, issue 32): a trajectory whose competence list came from a framework shows each
 * code before its name and, behind a "Criteria (n)" button that works by keyboard, the criteria under
 * their competence; the competence-list editor shows a framework of 555 items (5 × 10 × 10) with the codes,
 * a Code input and the read-only criteria in a competence's details. nl and en, 1280 and 375 px, axe.
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 2400;

type Response = Awaited<ReturnType<APIRequestContext['post']>>;
async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const criterion = (code: string, description: string, criteria?: unknown[]) => ({
  uuid: `k-${code}`,
  code,
  description,
  ...(criteria ? { criteria } : {}),
});

/** An MBO-like list: basisdeel → kerntaak → werkproces, criteria under the first werkproces. */
const FRAMEWORK = [
  {
    uuid: 'b1',
    code: 'B1',
    description: 'Basisdeel: verzorgende IG',
    subcompetences: [
      {
        uuid: 'b1-k1',
        code: 'B1-K1',
        description: 'Bieden van zorg en ondersteuning',
        subcompetences: [
          {
            uuid: 'b1-k1-w1',
            code: 'B1-K1-W1',
            description: 'Onderkent de gezondheidstoestand',
            criteria: [
              criterion('B1-K1-W1-1', 'Vraagt door naar de wensen van de zorgvrager', [
                criterion('B1-K1-W1-1a', 'Vat samen wat de zorgvrager zegt'),
              ]),
              criterion('B1-K1-W1-2', 'Legt de gegevens vast in het zorgdossier'),
            ],
          },
          { uuid: 'b1-k1-w2', code: 'B1-K1-W2', description: 'Stelt een zorgplan op' },
          { uuid: 'b1-k1-w3', description: 'Werkt samen met naasten' },
        ],
      },
    ],
  },
];
const W1 = 'Onderkent de gezondheidstoestand';

/** clusters × sub-clusters × competences with codes, three criteria under every competence. */
function bigList(clusters: number, subs: number, competences: number) {
  return Array.from({ length: clusters }, (_, i) => ({
    uuid: `g-${i + 1}`,
    code: `B${i + 1}`,
    description: `Kerntaakgroep ${i + 1}`,
    subcompetences: Array.from({ length: subs }, (_, j) => ({
      uuid: `g-${i + 1}-${j + 1}`,
      code: `B${i + 1}-K${j + 1}`,
      description: `Kerntaak ${i + 1}.${j + 1}`,
      subcompetences: Array.from({ length: competences }, (_, k) => {
        const code = `B${i + 1}-K${j + 1}-W${k + 1}`;
        return {
          uuid: `g-${i + 1}-${j + 1}-${k + 1}`,
          code,
          description: `Werkproces ${i + 1}.${j + 1}.${k + 1}`,
          criteria: [1, 2, 3].map((c) => criterion(`${code}-${c}`, `Criterium ${c} van ${code}`)),
        };
      }),
    })),
  }));
}

async function makeBlueprint(
  request: APIRequestContext,
  tokens: Tokens,
  type: 'COMPETENCE_LIST' | 'TRAJECTORY',
  name: string,
  patch: unknown[],
): Promise<number> {
  const response = await request.post('/api/blueprints', {
    data: { type, name, description: '' },
    headers: auth(tokens),
  });
  await json(response);
  const id = Number(response.headers().location?.split('/').pop());
  const path = type === 'COMPETENCE_LIST' ? 'competencelists' : 'trajectories';
  await json(
    await request.patch(`/api/blueprints/${path}/${id}/content`, { data: patch, headers: auth(tokens) }),
  );
  return id;
}

const TEXTS = {
  nl: {
    criteria: 'Criteria (3)',
    show: 'Eigenschappen van B1-K1-W2 Werkproces 1.1.2 tonen',
    code: 'Code',
    note: 'geïmporteerde competentiekader',
  },
  en: {
    criteria: 'Criteria (3)',
    show: 'Show properties of B1-K1-W2 Werkproces 1.1.2',
    code: 'Code',
    note: 'imported competence framework',
  },
} as const;

test.describe('codes and criteria (D56)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let trajectory: number;
  let list: number;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    list = await makeBlueprint(request, owner, 'COMPETENCE_LIST', 'Kwalificatiedossier groot', [
      { op: 'replace', path: '/competences', value: bigList(5, 10, 10) },
    ]);
    const blueprint = await makeBlueprint(request, owner, 'TRAJECTORY', 'VIG met codes', [
      { op: 'replace', path: '/competenceList/competences', value: FRAMEWORK },
    ]);
    trajectory = (
      await json<{ id: number }>(
        await request.post('/api/v2/trajectories', {
          data: { blueprintId: blueprint, name: 'Sanne — VIG', access: defaultTrajectoryAccess(DEMO_OWNER) },
          headers: auth(owner),
        }),
      )
    ).id;
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  for (const language of ['nl', 'en'] as const) {
    const x = TEXTS[language];

    test(`the evaluation shows codes, and the criteria open and close by keyboard (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(DESKTOP);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      await page.goto(`/trajectory/${trajectory}/evaluation`);
      await evaluationShown(page);
      const card = competenceCard(page, W1);
      await expect(card).toContainText(`B1-K1-W1 ${W1}`);
      await expect(
        page.getByRole('heading', { name: 'B1-K1 Bieden van zorg en ondersteuning' }),
      ).toBeVisible();
      // A competence without a code is named alone; one without criteria has no button.
      const plain = competenceCard(page, 'Werkt samen met naasten');
      await expect(plain.locator('p, div').first()).toContainText('Werkt samen met naasten');
      await expect(plain.getByRole('button', { name: /Criteria/ })).toHaveCount(0);

      const toggle = card.getByRole('button', {
        name: new RegExp(`^${x.criteria.replace(/[()]/g, '\\$&')}`),
      });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const criteria = card.getByTestId('competence-criteria').first();
      await expect(criteria).toBeHidden();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(criteria).toBeVisible();
      await expect(criteria).toContainText('B1-K1-W1-1 Vraagt door naar de wensen van de zorgvrager');
      await expect(criteria).toContainText('B1-K1-W1-1a Vat samen wat de zorgvrager zegt');
      await expect(criteria.getByRole('listitem')).toHaveCount(3);
      await checkState(page, `codes-evaluation-${language}`, () => expect(criteria).toBeVisible());
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(criteria).toBeHidden();
    });

    test(`the cohort grid names its columns by code, and the picker finds a competence by its code (${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(DESKTOP);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      await page.goto(`/trajectories/cohort?ids=${trajectory}`);
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('columnheader', { name: `B1-K1-W1 ${W1}` })).toBeVisible({
        timeout: 20_000,
      });
      await expect(grid.getByRole('columnheader', { name: 'Werkt samen met naasten' })).toBeVisible();
      await checkState(page, `codes-cohort-${language}`, () => expect(grid).toBeVisible());

      await page.goto(`/trajectory/${trajectory}/evaluation`);
      await evaluationShown(page);
      await page
        .getByRole('button', { name: language === 'nl' ? 'Nieuwe beoordeling' : 'Create evaluation' })
        .click();
      const dialog = page.getByRole('dialog');
      const picker = dialog.getByRole('combobox', { name: language === 'nl' ? 'Competentie' : 'Competence' });
      await picker.fill('b1-k1-w2');
      await expect(page.getByRole('option')).toHaveText([
        `B1 Basisdeel: verzorgende IG › B1-K1 Bieden van zorg en ondersteuning › B1-K1-W2 Stelt een zorgplan op`,
      ]);
    });

    test(`the editor shows a 555-item framework with codes, a Code input and the criteria (${language})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(DESKTOP);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      await page.goto(`/blueprints/competencelists/${list}`);
      const rows = page.locator('li[data-testid^="competence-"]');
      await expect(rows).toHaveCount(555, { timeout: 30_000 });
      const row = page.getByTestId('competence-Werkproces 1.1.2');
      await expect(row).toContainText('B1-K1-W2');
      const show = row.getByRole('button', { name: x.show, exact: true });
      await show.click();
      const code = row.getByRole('textbox', { name: x.code, exact: true });
      await expect(code).toHaveValue('B1-K1-W2');
      await expect(row).toContainText(x.note);
      await expect(row.getByTestId('competence-criteria')).toContainText(
        'B1-K1-W2-3 Criterium 3 van B1-K1-W2',
      );
      await checkState(page, `codes-editor-555-${language}`, () => expect(code).toBeVisible());
      // The code is edited in the details and shown before the name in the row.
      await code.fill('B1-K1-W2a');
      await code.press('Enter');
      await expect(row.locator('span').filter({ hasText: /^B1-K1-W2a$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: language === 'nl' ? 'Opslaan' : 'Save' })).toBeEnabled();
      // A competence added takes the focus, ready to be named.
      const add =
        language === 'nl'
          ? 'Competentie toevoegen aan B1-K1 Kerntaak 1.1'
          : 'Add a competence to B1-K1 Kerntaak 1.1';
      await page.getByRole('button', { name: add, exact: true }).click();
      const added = page.getByTestId(
        language === 'nl' ? 'competence-Nieuwe competentie' : 'competence-New competence',
      );
      await expect(added.getByRole('textbox')).toBeFocused();
      await expect(rows).toHaveCount(556);
    });
  }
});
