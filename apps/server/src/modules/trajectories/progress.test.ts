import type { EvaluationRights, TrajectoryListItem } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';

/**
 * Issue 22: the list's progress figures, kept by the database (migration 0013), against an evaluation
 * worked out by hand — entries added out of order, back-dated and deleted; the latest entry per
 * competence counts (D2) — and shown only to readers of the evaluation (spec part 1 §6).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof buildEvaluationTrajectory>>;
// biome-ignore lint/suspicious/noExplicitAny: the evaluation document is edited freely here
type Doc = any;

const READ: EvaluationRights = { read: true, write: false };
const NONE: EvaluationRights = { read: false, write: false };

async function listed(s: Setup, token: string): Promise<TrajectoryListItem> {
  const res = await call(t, { method: 'GET', url: '/api/v2/trajectories', token });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json() as TrajectoryListItem[]).find((row) => row.id === s.id);
  expect(item).toBeDefined();
  return item as TrajectoryListItem;
}

/** Changes the evaluation as the teacher through PUT (D2: only entries added or deleted). */
async function change(s: Setup, edit: (competences: Record<string, Doc>) => void): Promise<void> {
  const url = `/api/v2/trajectories/${s.id}/evaluations`;
  const got = await call(t, { method: 'GET', url, token: s.teacher.token });
  const body = got.json();
  const byUuid: Record<string, Doc> = {};
  const walk = (nodes: Doc[]) => {
    for (const node of nodes) {
      if (node.type === 'competence') byUuid[node.uuid] = node;
      else walk(node.subsections);
    }
  };
  walk(body.criteria);
  edit(byUuid);
  const res = await call(t, {
    method: 'PUT',
    url,
    token: s.teacher.token,
    payload: body,
    headers: { 'if-match': got.headers.etag as string },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const entry = (score: string, date: string) => ({ score, date });

describe('the trajectory list’s progress (issue 22)', () => {
  it('counts the latest entry per competence, the rounded average with its name and colour, the newest entry', async () => {
    const s = await buildEvaluationTrajectory(t, READ);
    expect((await listed(s, s.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 0,
      average: null,
      lastAssessed: null,
    });

    await change(s, (c) => {
      c.c1.properties['2026-01-10T09:00:00.000Z'] = entry('1', '10/01/2026');
      c.c1.properties['2026-03-01T09:00:00.000Z'] = entry('4', '01/03/2026');
      c.c2.properties['2026-02-01T09:00:00.000Z'] = entry('3', '01/02/2026');
      c.c2.properties['2026-04-01T09:00:00.000Z'] = entry('2', '01/04/2026');
      // A remark without a score: an assessment, but no score.
      c.c3.properties['2026-02-15T09:00:00.000Z'] = { remarks: 'Begonnen' };
    });
    // c1 4 and c2 2 are the latest: (4 + 2) / 2 = 3 Voldoende; the newest entry is c2's of 1 April.
    expect((await listed(s, s.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 2,
      average: { score: 3, name: 'Voldoende', colour: '#fbc02d' },
      lastAssessed: '2026-04-01T09:00:00.000Z',
    });

    await change(s, (c) => {
      // Back-dated: older than c1's latest, so it changes nothing of c1's score.
      c.c1.properties['2025-12-01T09:00:00.000Z'] = entry('2', '01/12/2025');
      // The newest entry deleted: c2 is 3 again, and the newest entry is c1's of 1 March.
      delete c.c2.properties['2026-04-01T09:00:00.000Z'];
    });
    // (4 + 3) / 2 = 3.5, rounded half up as the dashboard rounds: 4 Goed.
    expect((await listed(s, s.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 2,
      average: { score: 4, name: 'Goed', colour: '#388e3c' },
      lastAssessed: '2026-03-01T09:00:00.000Z',
    });

    // A score of 0 means not scored; every entry of a competence gone leaves its part row empty.
    await change(s, (c) => {
      c.c3.properties['2026-03-05T09:00:00.000Z'] = { score: '0', remarks: 'Begonnen' };
      c.c1.properties = {};
    });
    expect((await listed(s, s.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 1,
      average: { score: 3, name: 'Voldoende', colour: '#fbc02d' },
      lastAssessed: '2026-03-05T09:00:00.000Z',
    });
    // The same figures in the grouped list (D34).
    const grouped = await call(t, {
      method: 'GET',
      url: '/api/v2/trajectories/grouped?key=Klas',
      token: s.teacher.token,
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const row = grouped
      .json()
      .flatMap((group: { trajectories: TrajectoryListItem[] }) => group.trajectories)
      .find((item: TrajectoryListItem) => item.id === s.id);
    expect(row.progress).toMatchObject({ scored: 1, lastAssessed: '2026-03-05T09:00:00.000Z' });
  });

  it('gives a reader without evaluation read no figures, in the list and grouped; a reader with it the same', async () => {
    const hidden = await buildEvaluationTrajectory(t, NONE);
    await change(hidden, (c) => {
      c.c1.properties['2026-01-10T09:00:00.000Z'] = entry('4', '10/01/2026');
    });
    expect((await listed(hidden, hidden.teacher.token)).progress?.scored).toBe(1);
    const pupilsRow = await listed(hidden, hidden.pupil.token);
    expect(pupilsRow.progress).toBeNull();
    const grouped = await call(t, {
      method: 'GET',
      url: '/api/v2/trajectories/grouped?key=Klas',
      token: hidden.pupil.token,
    });
    expect(JSON.stringify(grouped.json())).not.toContain('"scored"');

    // Rights given later through the access document reach the list (the access rows are rewritten).
    const url = `/api/v2/trajectories/${hidden.id}/access`;
    const access = await call(t, { method: 'GET', url, token: hidden.teacher.token });
    const body = access.json();
    body.roles = body.roles.map((role: Doc) =>
      role.name === 'Student' ? { ...role, evaluationRights: READ } : role,
    );
    const put = await call(t, {
      method: 'PUT',
      url,
      token: hidden.teacher.token,
      payload: { roles: body.roles, users: body.users },
      headers: { 'if-match': access.headers.etag as string },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await listed(hidden, hidden.pupil.token)).progress).toMatchObject({
      competences: 3,
      scored: 1,
      average: { score: 4, name: 'Goed' },
    });
  });
});
