import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { SHOTS_DIR } from '../support/shots';
import { auth } from './detail-support';

/** API set-up and page helpers for e2e/trajectories/evaluation.spec.ts (issue 9, the evaluation). */

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Node {
  type: 'cluster' | 'competence';
  name: string;
  subsections?: Node[];
  properties?: Record<string, { score?: string; date?: string; remarks?: string }>;
  latestProperties?: { score?: string; date?: string; remarks?: string } | null;
}

/** Every competence of a trajectory's evaluation by name, as the server stores it. */
export async function storedCompetences(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<Record<string, Node>> {
  const evaluation = await json<{ criteria: Node[] }>(
    await request.get(`/api/v2/trajectories/${id}/evaluations`, { headers: auth(tokens) }),
  );
  const found: Record<string, Node> = {};
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 'competence') found[node.name] = node;
      else walk(node.subsections ?? []);
    }
  };
  walk(evaluation.criteria);
  return found;
}

/** Sets one role's evaluation rights in a trajectory's access list (the token must hold RIGHTS). */
export async function setEvaluationRights(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
  role: string,
  evaluationRights: { write: boolean; read: boolean },
): Promise<void> {
  const access = await json<{ roles: { name: string }[]; users: unknown[] }>(
    await request.get(`/api/v2/trajectories/${id}/access`, { headers: auth(tokens) }),
  );
  const roles = access.roles.map((entry) => (entry.name === role ? { ...entry, evaluationRights } : entry));
  await json(
    await request.put(`/api/v2/trajectories/${id}/access`, {
      data: { roles, users: access.users },
      headers: auth(tokens),
    }),
  );
}

/** A competence's card, by its name. */
export const competenceCard = (page: Page, name: string) => page.locator(`[data-competence="${name}"]`);

/**
 * Waits until the evaluation section shows its tree: the first load of the detail page brings several lazy
 * chunks, which on a busy two-core machine (another worker seeding its server) can take over 10 s.
 */
export async function evaluationShown(page: Page): Promise<void> {
  await expect(page.getByTestId('evaluation-section')).toBeVisible({ timeout: 25_000 });
}

/** A date picker's text box by its label (Mantine's DateInput). */
export const dateBox = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));

/** Types a dd/MM/yyyy date into a date picker and leaves it. */
export async function typeDate(page: Page, scope: Page | Locator, name: string, day: string): Promise<void> {
  const box = dateBox(scope, name);
  await box.fill(day);
  await page.keyboard.press('Escape');
  await box.blur();
  await expect(box).toHaveValue(day);
}

/**
 * Adds an entry to a competence through its dialog (nl): a score by its chip text, optionally remarks
 * typed after the template.
 */
export async function assess(
  page: Page,
  name: string,
  score: string,
  options: { remarks?: string; language?: 'nl' | 'en' } = {},
): Promise<void> {
  const en = options.language === 'en';
  await competenceCard(page, name)
    .getByRole('button', { name: `${en ? 'Assess' : 'Beoordelen'}: ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${en ? 'Assess' : 'Beoordelen'}: ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: score }).click();
  if (options.remarks) {
    const remarks = dialog.getByRole('textbox', { name: en ? 'Remarks' : 'Opmerkingen' });
    await remarks.press('ControlOrMeta+End');
    await remarks.pressSequentially(options.remarks);
  }
  await dialog.getByRole('button', { name: en ? 'Add assessment' : 'Beoordeling toevoegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(competenceCard(page, name).locator('[data-score]').first()).toHaveText(score);
}

/**
 * A screenshot of the viewport with a dialog open: a full-page picture would draw the fixed overlay at
 * the scroll position, away from the page behind it.
 */
export async function shootDialog(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}
