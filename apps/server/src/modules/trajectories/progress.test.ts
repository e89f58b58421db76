import type { EvaluationRights, TrajectoryListItem } from '@groeipad/core';
import { sql } from 'kysely';
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

  it('keeps the figures of several evaluations written by one statement as a count from scratch finds them', async () => {
    // Statements that touch the parts of two evaluations at once (a restore, a bulk write): the triggers
    // of migration 0016 update each evaluation once per statement, with the same figures and latest values
    // (the cohort grid's) as a recount.
    const a = await buildEvaluationTrajectory(t, READ, { name: 'BPV A' });
    const b = await buildEvaluationTrajectory(t, READ, { name: 'BPV B' });
    const db = t.database.db;
    const documents = (
      await sql<{ id: number }>`select evaluation_document_id as id from trajectories
        where id in (${a.id}, ${b.id}) order by id`.execute(db)
    ).rows.map((row) => row.id);
    const C1 = '/criteria/0/subsections/0/subsections/0';
    const C3 = '/criteria/1/subsections/0/subsections/0';
    const kept = async () =>
      (
        await sql<
          Record<string, unknown>
        >`select document_id, competences, scored, average, last_assessed, latest
          from evaluation_progress where document_id = any(${documents}) order by document_id`.execute(db)
      ).rows;
    const recounted = async () =>
      (
        await sql<Record<string, unknown>>`select d.id as document_id, s.competences, s.scored, s.average,
            (select max(groeipad_newest_entry(p.content)) from document_parts p
             where p.document_id = d.id and p.pointer like '%/properties') as last_assessed,
            (select coalesce(jsonb_agg(jsonb_build_array(p.pointer, p.content) order by p.pointer), '[]')
             from document_parts p where p.document_id = d.id and p.pointer like '%/latestProperties') as latest
          from documents d cross join lateral groeipad_evaluation_scores(d.id) s
          where d.id = any(${documents}) order by d.id`.execute(db)
      ).rows;
    const [da, dbId] = documents as [number, number];
    const entries = (...moments: string[]) =>
      JSON.stringify(Object.fromEntries(moments.map((m, i) => [m, { score: String(i + 1) }])));

    await sql`insert into document_parts (document_id, pointer, content) values
      (${da}, ${`${C1}/properties`}, ${entries('2026-01-01T09:00:00.000Z', '2026-02-01T09:00:00.000Z')}::jsonb),
      (${da}, ${`${C1}/latestProperties`}, '{"score":"2"}'::jsonb),
      (${da}, ${`${C3}/properties`}, ${entries('2026-03-01T09:00:00.000Z')}::jsonb),
      (${da}, ${`${C3}/latestProperties`}, '{"score":"4"}'::jsonb),
      (${dbId}, ${`${C1}/properties`}, ${entries('2026-05-01T09:00:00.000Z')}::jsonb),
      (${dbId}, ${`${C1}/latestProperties`}, '{"score":"1"}'::jsonb)`.execute(db);
    expect(await kept()).toEqual(await recounted());
    expect((await kept())[0]).toMatchObject({ scored: 2, average: 3 });

    // One update over both: A's newest entry (C3, 1 March) replaced by an older one, B's score changed.
    await sql`update document_parts set content = case
        when document_id = ${da} then ${entries('2025-12-01T09:00:00.000Z')}::jsonb
        else '{"score":"3"}'::jsonb end
      where (document_id = ${da} and pointer = ${`${C3}/properties`})
         or (document_id = ${dbId} and pointer = ${`${C1}/latestProperties`})`.execute(db);
    expect(await kept()).toEqual(await recounted());
    expect((await kept())[0]).toMatchObject({ last_assessed: new Date('2026-02-01T09:00:00.000Z') });

    // One delete over both: every part of A's C1 and B's entries.
    await sql`delete from document_parts
      where (document_id = ${da} and pointer like ${`${C1}/%`}) or (document_id = ${dbId} and pointer like '%/properties')`.execute(
      db,
    );
    expect(await kept()).toEqual(await recounted());
    expect(await kept()).toMatchObject([
      { scored: 1, average: 4, last_assessed: new Date('2025-12-01T09:00:00.000Z') },
      { scored: 1, average: 3, last_assessed: null },
    ]);
    // The list reads the figures from the trajectory's row, where the triggers copied them.
    expect((await listed(a, a.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 1,
      average: { score: 4, name: 'Goed', colour: '#388e3c' },
      lastAssessed: '2025-12-01T09:00:00.000Z',
    });
    expect((await listed(b, b.teacher.token)).progress).toEqual({
      competences: 3,
      scored: 1,
      average: { score: 3, name: 'Voldoende', colour: '#fbc02d' },
      lastAssessed: null,
    });
  });
});
