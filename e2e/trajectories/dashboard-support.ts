import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { auth } from './detail-support';

/** API set-up and page helpers for e2e/trajectories/dashboard.spec.ts (issue 9, the dashboard). */

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Criterion {
  type: 'cluster' | 'competence';
  name: string;
  subsections?: Criterion[];
  properties?: Record<string, Record<string, string>>;
  latestProperties?: Record<string, string> | null;
}

interface Evaluation {
  criteria: Criterion[];
}

function competencesOf(criteria: Criterion[]): Criterion[] {
  return criteria.flatMap((node) =>
    node.type === 'cluster' ? competencesOf(node.subsections ?? []) : [node],
  );
}

/** One dated entry to add: when it was entered, the competence by name, the score ('' clears it). */
export interface Scoring {
  at: string;
  competence: string;
  score: string;
  remarks?: string;
}

/**
 * Adds dated entries to a trajectory's evaluation the way the evaluation screen does (D2): the whole
 * evaluation back with new entries under `properties/{timestamp}` (the latest values with the change,
 * spec part 1 §4 "Evaluation edits"), made on the version read (If-Match, D29). The token's user
 * needs evaluation write.
 */
export async function scoreCompetences(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
  scorings: readonly Scoring[],
): Promise<void> {
  const response = await request.get(`/api/v2/trajectories/${id}/evaluations`, { headers: auth(tokens) });
  const etag = response.headers().etag ?? '';
  const evaluation = await json<Evaluation>(response);
  const competences = competencesOf(evaluation.criteria);
  for (const scoring of [...scorings].sort((a, b) => a.at.localeCompare(b.at))) {
    const competence = competences.find((node) => node.name === scoring.competence);
    if (!competence) throw new Error(`no competence named ${scoring.competence}`);
    const entry: Record<string, string> = { ...(competence.latestProperties ?? {}), score: scoring.score };
    if (scoring.remarks) entry.remarks = scoring.remarks;
    competence.properties = { ...(competence.properties ?? {}), [scoring.at]: entry };
    competence.latestProperties = entry;
  }
  await json(
    await request.put(`/api/v2/trajectories/${id}/evaluations`, {
      data: evaluation,
      headers: { ...auth(tokens), 'If-Match': etag },
    }),
  );
}

/** The names of every competence of a trajectory, in tree order, by cluster name. */
export async function competenceNames(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<Record<string, string[]>> {
  const evaluation = await json<Evaluation>(
    await request.get(`/api/v2/trajectories/${id}/evaluations`, { headers: auth(tokens) }),
  );
  return Object.fromEntries(
    evaluation.criteria.map((cluster) => [
      cluster.name,
      competencesOf(cluster.subsections ?? []).map((c) => c.name),
    ]),
  );
}

/** Gives the Student role of a trajectory its own evaluation rights (the token's user needs RIGHTS). */
export async function setStudentEvaluationRights(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
  evaluationRights: { read: boolean; write: boolean },
): Promise<void> {
  const access = await json<{ roles: { name: string }[] }>(
    await request.get(`/api/v2/trajectories/${id}/access`, { headers: auth(tokens) }),
  );
  const roles = access.roles.map((role) => (role.name === 'Student' ? { ...role, evaluationRights } : role));
  await json(
    await request.put(`/api/v2/trajectories/${id}/access`, {
      data: { ...access, roles },
      headers: auth(tokens),
    }),
  );
}

/** Waits until the dashboard section shows its widgets. */
export async function dashboardShown(page: Page): Promise<void> {
  await expect(page.getByTestId('dashboard-section')).toBeVisible();
}

/** The table row of one score, by the name the table shows. */
export const scoreRow = (page: Page, name: string) =>
  page
    .getByTestId('score-table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The entries of the history list. */
export const historyItems = (page: Page) => page.getByTestId('history-list').getByRole('listitem');
