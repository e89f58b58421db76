import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { auth } from './detail-support';

/** API set-up and page helpers for e2e/trajectories/reports.spec.ts (issue 9, the reports screens). */

export const DEMO_ADMIN = 'beheerder@demo.groeipad.nl';

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface ReportField {
  uuid: string;
  name: string;
}

/** Creates a report through the API (POST …/reports?blueprintName=) and answers its id and field uuids. */
export async function createReport(
  request: APIRequestContext,
  tokens: Tokens,
  trajectoryId: number,
  blueprintName: string,
  name: string,
): Promise<{ id: number; uuids: Record<string, string> }> {
  const report = await json<{ id: number; structure: ReportField[] }>(
    await request.post(
      `/api/v2/trajectories/${trajectoryId}/reports?blueprintName=${encodeURIComponent(blueprintName)}`,
      { data: { name }, headers: auth(tokens) },
    ),
  );
  return {
    id: report.id,
    uuids: Object.fromEntries(report.structure.map((field) => [field.name, field.uuid])),
  };
}

/** Sets report values through the API (JSON Patch at /values/{uuid}, D15). */
export async function patchReport(
  request: APIRequestContext,
  tokens: Tokens,
  trajectoryId: number,
  reportId: number,
  values: Record<string, unknown>,
): Promise<void> {
  const patch = Object.entries(values).map(([uuid, value]) => ({
    op: 'add',
    path: `/values/${uuid.replaceAll('~', '~0').replaceAll('/', '~1')}`,
    value,
  }));
  await json(
    await request.patch(`/api/v2/trajectories/${trajectoryId}/reports/${reportId}`, {
      data: patch,
      headers: auth(tokens),
    }),
  );
}

interface Criterion {
  type: 'cluster' | 'competence';
  name: string;
  subsections?: Criterion[];
  properties?: Record<string, Record<string, string>>;
}

/** Scores the first competence of the evaluation (a dated entry, D2): answers its name. */
export async function scoreFirstCompetence(
  request: APIRequestContext,
  tokens: Tokens,
  trajectoryId: number,
  score: string,
): Promise<string> {
  const evaluation = await json<{ criteria: Criterion[] }>(
    await request.get(`/api/v2/trajectories/${trajectoryId}/evaluations`, { headers: auth(tokens) }),
  );
  const first = (list: Criterion[]): Criterion | undefined => {
    for (const node of list) {
      if (node.type === 'competence') return node;
      const found = first(node.subsections ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const competence = first(evaluation.criteria);
  if (!competence) throw new Error('the demo evaluation has no competence');
  competence.properties = {
    ...competence.properties,
    [new Date().toISOString()]: { score, date: '02/02/2026' },
  };
  await json(
    await request.put(`/api/v2/trajectories/${trajectoryId}/evaluations`, {
      data: evaluation,
      headers: auth(tokens),
    }),
  );
  return competence.name;
}

/** The wrapper of one report field by its name, inside `scope` (the report or the split pane). */
export const reportField = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.locator(`[data-field="${name}"]`);

/** The report's own toolbar (edit/undo/redo/save/close/print/split). */
export const reportToolbar = (page: Page, name = 'Verslag') => page.getByRole('toolbar', { name });

/** Waits until a report is shown. */
export async function reportShown(page: Page): Promise<void> {
  await expect(page.getByTestId('report-screen')).toBeVisible();
}

/** Waits until the reports list is shown with its rows (or empty state). */
export async function listShown(page: Page): Promise<void> {
  await expect(page.getByTestId('report-list')).toBeVisible();
  await expect(page.getByTestId('report-table').or(page.getByTestId('reports-empty'))).toBeVisible();
}
