import { defaultAdminRole, type ScoreRule, type TrajectoryRoleInput } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, call, createTestApp, type TestApp, tokensFor } from '../../../test/helpers.ts';
import {
  buildTrajectory,
  EVALUATION_COMPETENCES,
  EVALUATION_SCALE,
  studentRole,
} from '../../../test/trajectory-fixture.ts';
import { extractReport } from '../extracts/pdf/model.ts';
import { extractSettings } from '../extracts/pdf/test-fixture.ts';

/**
 * Several raters (issue 23): the server stamps every entry it adds with its writer's trajectory role, e-mail
 * and name (never the client's), and the trajectory blueprint's score rule decides which entry counts for
 * the dashboard and the PDF.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: test documents are read freely
type Doc = any;

const role = (name: string, write: boolean): TrajectoryRoleInput & { name: string } => ({
  ...studentRole(),
  name,
  evaluationRights: { read: true, write },
});

/** In access order: a read-only role first, so a mentor holding it and Praktijkopleider rates as the latter. */
const ROLES = [
  defaultAdminRole([], 'Docent'),
  role('Meelezer', false),
  role('Praktijkopleider', true),
  role('Student', true),
];

const widgets = [{ uuid: 'w-alles', name: 'Alle scores', type: 'evaluation_scores' }];

/**
 * A trajectory whose blueprint has three rater roles and `rule`: the teacher (Docent, named Dirk Docent),
 * a mentor holding Meelezer and Praktijkopleider (no name), the pupil as Student.
 */
async function raterTrajectory(rule?: ScoreRule) {
  const s = await buildTrajectory(t);
  const mentor = await buildUser(t);
  await addMember(t, s.org.id, mentor.id, 'USER');
  await t.ctx.db
    .updateTable('users')
    .set({ first_name: ' Dirk ', last_name: 'Docent' })
    .where('id', '=', s.teacher.id)
    .execute();
  const patched = await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: s.teacher.token,
    payload: [
      { op: 'replace', path: '/competenceList/competences', value: EVALUATION_COMPETENCES },
      { op: 'replace', path: '/scoreInfo', value: EVALUATION_SCALE },
      { op: 'replace', path: '/dashboard/widgets', value: widgets },
      { op: 'replace', path: '/roles', value: ROLES },
      ...(rule ? [{ op: 'add', path: '/scoreRule', value: rule }] : []),
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const created = await call(t, {
    method: 'POST',
    url: '/api/v2/trajectories',
    token: s.teacher.token,
    payload: {
      blueprintId: s.blueprintId,
      name: 'BPV Sam — beoordelaars',
      access: {
        roles: ROLES,
        users: [
          { user: s.teacher.email, roles: ['Docent'] },
          { user: mentor.email, roles: ['Praktijkopleider', 'Meelezer'] },
          { user: s.pupil.email, roles: ['Student'] },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const mentorToken = (await tokensFor(t, mentor.email, s.org.id)).accessToken;
  return { ...s, id: created.json().id as number, mentor: { ...mentor, token: mentorToken } };
}
type Setup = Awaited<ReturnType<typeof raterTrajectory>>;

const C1 = '/criteria/0/subsections/0/subsections/0';
const C2 = '/criteria/0/subsections/0/subsections/1';
const C3 = '/criteria/1/subsections/0/subsections/0';
const url = (s: Setup, part = 'evaluations') => `/api/v2/trajectories/${s.id}/${part}`;

async function read(s: Setup): Promise<{ body: Doc; version: number }> {
  const res = await call(t, { method: 'GET', url: url(s), token: s.teacher.token });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), version: Number(JSON.parse(res.headers.etag as string)) };
}

/** The entry at a competence's pointer and timestamp, as stored. */
async function entryAt(s: Setup, pointer: string, timestamp: string): Promise<Doc> {
  const { body } = await read(s);
  const [, , a, , b, , c] = pointer.split('/');
  return body.criteria[Number(a)].subsections[Number(b)].subsections[Number(c)].properties[timestamp];
}

async function patch(s: Setup, token: string, operations: Doc[]) {
  const res = await call(t, { method: 'PATCH', url: url(s), token, payload: operations });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const forged = { role: 'Docent', email: 'rector@school.nl', name: 'De rector' };

describe('the rater of each entry', () => {
  it('PUT: the writer’s role, e-mail and display name; a rater the client sent is replaced', async () => {
    const s = await raterTrajectory();
    const { body, version } = await read(s);
    const at = '2025-03-01T09:00:00.000Z';
    body.criteria[0].subsections[0].subsections[0].properties[at] = {
      score: '3',
      rater: { role: 'Student', email: 'iemand@anders.nl', name: 'Iemand' },
    };
    const res = await call(t, {
      method: 'PUT',
      url: url(s),
      token: s.teacher.token,
      payload: body,
      headers: { 'if-match': `"${version}"` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entryAt(s, C1, at)).toEqual({
      score: '3',
      date: '01/03/2025',
      rater: { role: 'Docent', email: s.teacher.email, name: 'Dirk Docent' },
    });
    // The latest properties carry it too (what the grid and the screen show).
    expect(res.json().criteria[0].subsections[0].subsections[0].latestProperties.rater.role).toBe('Docent');
  });

  it('PATCH: the first role in the access order that writes the evaluation; the e-mail without a name', async () => {
    const s = await raterTrajectory();
    const at = '2025-03-02T09:00:00.000Z';
    const answer = await patch(s, s.mentor.token, [
      { op: 'add', path: `${C1}/properties/${at}`, value: { score: '1', rater: forged } },
    ]);
    const stamped = { role: 'Praktijkopleider', email: s.mentor.email, name: s.mentor.email };
    expect(await entryAt(s, C1, at)).toEqual({ score: '1', date: '02/03/2025', rater: stamped });
    // The applied patch the web app takes over names the stamped rater, never the forged one.
    expect(JSON.stringify(answer.patch)).not.toContain('rector');
    expect(
      answer.patch.find((operation: Doc) => operation.path === `${C1}/properties/${at}`).value.rater,
    ).toEqual(stamped);

    const pupilAt = '2025-03-03T09:00:00.000Z';
    await patch(s, s.pupil.token, [
      {
        op: 'add',
        path: `${C2}/properties/${pupilAt}`,
        value: { score: '4', agreed: 'true', rater: forged },
      },
    ]);
    // D55: a student's agreed mark is dropped (no METADATA on the trajectory), the entry is kept.
    const pupils = await entryAt(s, C2, pupilAt);
    expect(pupils).toMatchObject({
      score: '4',
      rater: { role: 'Student', email: s.pupil.email, name: s.pupil.email },
    });
    expect(pupils.agreed).toBeUndefined();
  });

  it('keeps the agreed mark only from a rater whose role holds METADATA (D55), also through a PUT', async () => {
    const s = await raterTrajectory();
    await patch(s, s.teacher.token, [
      { op: 'add', path: `${C1}/properties/2025-03-01T09:00:00.000Z`, value: { score: '4', agreed: 'true' } },
    ]);
    expect((await entryAt(s, C1, '2025-03-01T09:00:00.000Z')).agreed).toBe('true');
    // A member rating as Praktijkopleider (evaluation write, no METADATA): dropped.
    await patch(s, s.mentor.token, [
      { op: 'add', path: `${C1}/properties/2025-03-02T09:00:00.000Z`, value: { score: '2', agreed: 'true' } },
    ]);
    expect((await entryAt(s, C1, '2025-03-02T09:00:00.000Z')).agreed).toBeUndefined();
    // The student through a PUT: dropped as well.
    const { body, version } = await read(s);
    const at = '2025-03-03T09:00:00.000Z';
    body.criteria[0].subsections[0].subsections[1].properties[at] = { score: '3', agreed: 'true' };
    const put = await call(t, {
      method: 'PUT',
      url: url(s),
      token: s.pupil.token,
      payload: body,
      headers: { 'if-match': `"${version}"` },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await entryAt(s, C2, at)).toMatchObject({ score: '3' });
    expect((await entryAt(s, C2, at)).agreed).toBeUndefined();
  });

  it('refuses a rater or agreed mark of the wrong shape (400), and a change of the score rule through the evaluation (D2: 403)', async () => {
    const s = await raterTrajectory();
    const bad = await call(t, {
      method: 'PATCH',
      url: url(s),
      token: s.teacher.token,
      payload: [{ op: 'add', path: `${C1}/properties/2025-03-01T09:00:00.000Z`, value: { agreed: 'ja' } }],
    });
    expect(bad.json()).toMatchObject({ status: 400, key: 'validationError' });
    const { body, version } = await read(s);
    const res = await call(t, {
      method: 'PUT',
      url: url(s),
      token: s.teacher.token,
      payload: { ...body, scoreRule: { kind: 'agreed' } },
      headers: { 'if-match': `"${version}"` },
    });
    expect(res.json()).toEqual({ status: 403, key: 'forbidden' });
  });
});

/**
 * c1: teacher 4 (agreed), then the mentor 2 — two steps apart; c2: only the mentor 3; c3: the teacher 1,
 * then the pupil 4 marked agreed — a mark the server drops (D55: the pupil's role holds no METADATA).
 */
async function assess(s: Setup) {
  await patch(s, s.teacher.token, [
    { op: 'add', path: `${C1}/properties/2025-03-01T09:00:00.000Z`, value: { score: '4', agreed: 'true' } },
    { op: 'add', path: `${C3}/properties/2025-03-01T09:00:00.000Z`, value: { score: '1' } },
  ]);
  await patch(s, s.mentor.token, [
    { op: 'add', path: `${C1}/properties/2025-03-02T09:00:00.000Z`, value: { score: '2' } },
    { op: 'add', path: `${C2}/properties/2025-03-02T09:00:00.000Z`, value: { score: '3' } },
  ]);
  await patch(s, s.pupil.token, [
    { op: 'add', path: `${C3}/properties/2025-03-03T09:00:00.000Z`, value: { score: '4', agreed: 'true' } },
  ]);
}

async function dashboard(s: Setup): Promise<Doc> {
  const res = await call(t, { method: 'GET', url: url(s, 'dashboard'), token: s.teacher.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Counts per score 1…4 and unrated of the whole-evaluation widget. */
const counts = (view: Doc) => [
  ...view.widgets[0].overview.scores.map((slice: Doc) => slice.count),
  view.widgets[0].overview.unrated.count,
];

describe('the score rule on the dashboard', () => {
  it('latest of any rater (the default, also for a blueprint without a rule): c1 2, c2 3, c3 4', async () => {
    const s = await raterTrajectory();
    await assess(s);
    const view = await dashboard(s);
    expect(view.scoreRule).toEqual({ kind: 'latest' });
    expect(counts(view)).toEqual([0, 1, 1, 1, 0]);
    expect((await read(s)).body.scoreRule).toBeUndefined();
  });

  it('latest of one named role: only the Docent’s entries count, c2 unrated', async () => {
    const s = await raterTrajectory({ kind: 'role', role: 'Docent' });
    await assess(s);
    const view = await dashboard(s);
    expect(view.scoreRule).toEqual({ kind: 'role', role: 'Docent' });
    // c1 4, c3 1, c2 unrated.
    expect(counts(view)).toEqual([1, 0, 0, 1, 1]);
    expect(view.widgets[0].overview.average).toBe(3);
  });

  it('only agreed entries: c1 4 (though the mentor’s 2 is newer), c2 and c3 unrated (the pupil’s mark dropped, D55)', async () => {
    const s = await raterTrajectory({ kind: 'agreed' });
    await assess(s);
    const view = await dashboard(s);
    expect(view.scoreRule).toEqual({ kind: 'agreed' });
    expect(counts(view)).toEqual([0, 0, 0, 1, 2]);
    // The PDF counts the same entries: rows, chart and summary.
    const { body } = await read(s);
    const report = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation: body,
      generated: new Date('2025-04-01T10:00:00Z'),
    });
    expect(report.summary).toMatchObject({ competences: 3, scored: 1 });
    expect(report.summary.average?.score).toBe(4);
  });

  it('moving to a newer blueprint version takes its rule over (D10)', async () => {
    const s = await raterTrajectory();
    await assess(s);
    const changed = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/scoreRule', value: { kind: 'role', role: 'Praktijkopleider' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const preview = await call(t, { method: 'GET', url: url(s, 'update'), token: s.teacher.token });
    expect(preview.statusCode, preview.body).toBe(200);
    const moved = await call(t, {
      method: 'PUT',
      url: url(s, 'update'),
      token: s.teacher.token,
      payload: { version: preview.json().latestVersion },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const view = await dashboard(s);
    expect(view.scoreRule).toEqual({ kind: 'role', role: 'Praktijkopleider' });
    // The mentor's c1 2 and c2 3 count; c3 (teacher and pupil only) unrated.
    expect(counts(view)).toEqual([0, 1, 1, 0, 1]);
  });
});
