import { type MyProgress, PROGRESS_NEXT_SHOWN } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import {
  buildEvaluationTrajectory,
  buildTrajectory,
  field,
  studentRole,
} from '../../../test/trajectory-fixture.ts';

/** "Mijn voortgang" (D58): where a user lands, and what their own page shows of each trajectory they follow. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function progressOf(token: string): Promise<MyProgress> {
  const res = await call(t, { method: 'GET', url: '/api/v2/progress', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const C1 = '/criteria/0/subsections/0/subsections/0';
const C2 = '/criteria/0/subsections/0/subsections/1';

async function score(id: number, token: string, pointer: string, at: string, value: Record<string, string>) {
  const res = await call(t, {
    method: 'PATCH',
    url: `/api/v2/trajectories/${id}/evaluations`,
    token,
    payload: [{ op: 'add', path: `${pointer}/properties/${at}`, value }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/v2/progress', () => {
  it('a student lands on their page: progress, what is next, the latest remarks; the teacher keeps the list', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: false });
    await score(s.id, s.teacher.token, C1, '2025-03-01T09:00:00.000Z', { score: '4' });
    await score(s.id, s.teacher.token, C2, '2025-03-02T09:00:00.000Z', {
      score: '2',
      remarks: 'Nog  oefenen',
    });

    const mine = await progressOf(s.pupil.token);
    expect(mine.landing).toBe('progress');
    expect(mine.trajectories.map((card) => card.name)).toEqual(['BPV Sam', 'BPV Sam — evaluatie']);
    const card = mine.trajectories[1]!;
    expect(card).toMatchObject({
      id: s.id,
      expired: false,
      abilities: { readEvaluation: true, updateAccess: false, delete: false },
    });
    expect(card.evaluation).toMatchObject({
      competences: 3,
      scored: 2,
      passed: 1,
      passScore: { score: 3, name: 'Voldoende' },
      nextTotal: 2,
      lastAssessed: '2025-03-02T09:00:00.000Z',
      disagreements: [],
    });
    expect(card.evaluation?.next.map((c) => [c.uuid, c.score?.name ?? null, c.clusters])).toEqual([
      ['c2', 'Matig', ['Zorg en begeleiding', 'Zorgplan']],
      ['c3', null, ['Communicatie', 'Gesprekken']],
    ]);
    expect(card.evaluation?.remarks).toEqual([
      expect.objectContaining({
        uuid: 'c2',
        text: 'Nog oefenen',
        rater: { name: s.teacher.email, role: 'Docent' },
      }),
    ]);

    const teacher = await progressOf(s.teacher.token);
    expect(teacher).toEqual({ landing: 'trajectories', trajectories: [] });
  });

  it('shows raters who disagree, side by side', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    await score(s.id, s.teacher.token, C1, '2025-03-01T09:00:00.000Z', { score: '1' });
    await score(s.id, s.pupil.token, C1, '2025-03-02T09:00:00.000Z', { score: '4' });
    const card = (await progressOf(s.pupil.token)).trajectories.find((c) => c.id === s.id);
    expect(card?.evaluation?.disagreements).toEqual([
      expect.objectContaining({
        uuid: 'c1',
        ratings: expect.arrayContaining([
          { role: 'Docent', rater: s.teacher.email, score: expect.objectContaining({ score: 1 }) },
          { role: 'Student', rater: s.pupil.email, score: expect.objectContaining({ score: 4 }) },
        ]),
      }),
    ]);
  });

  it('without evaluation read the card carries no evaluation, without a report right no reports', async () => {
    const s = await buildEvaluationTrajectory(t, { read: false, write: false });
    await score(s.id, s.teacher.token, C2, '2025-03-02T09:00:00.000Z', {
      score: '2',
      remarks: 'Geheim oordeel',
    });
    const res = await call(t, { method: 'GET', url: '/api/v2/progress', token: s.pupil.token });
    const card = (res.json() as MyProgress).trajectories.find((c) => c.id === s.id);
    expect(card).toMatchObject({ evaluation: null, reports: null, abilities: { readEvaluation: false } });
    expect(res.body).not.toContain('Geheim oordeel');
    expect(res.body).not.toContain('Matig');
  });

  it('lists the reports waiting: an empty one the student may write, one they may start', async () => {
    const s = await buildTrajectory(t, {
      student: {
        ...studentRole(),
        reportRights: {
          Weekverslag: { '': { write: true, read: true, hidden: false } },
          Eindverslag: { '': { admin: true, write: true, read: true, hidden: false } },
          Beoordeling: { '': { write: false, read: true, hidden: false } },
        },
      },
      reports: [
        { name: 'Weekverslag', fields: [field('w1', 'Wat ging goed')] },
        { name: 'Eindverslag', fields: [field('e1', 'Terugblik')] },
        { name: 'Beoordeling', fields: [field('b1', 'Oordeel')] },
      ],
    });
    const made = async (name: string) => {
      const res = await call(t, {
        method: 'POST',
        url: `/api/v2/trajectories/${s.id}/reports?blueprintName=${name}`,
        token: s.teacher.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const week = await made('Weekverslag');
    await made('Beoordeling');
    const card = (await progressOf(s.pupil.token)).trajectories.find((c) => c.id === s.id);
    expect(card?.reports).toEqual([
      expect.objectContaining({ id: week, blueprintName: 'Weekverslag' }),
      { id: null, name: 'Eindverslag', blueprintName: 'Eindverslag' },
    ]);

    // Once the student wrote in it, the week report waits no more.
    const got = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/reports/${week}`,
      token: s.pupil.token,
    });
    const written = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/reports/${week}`,
      token: s.pupil.token,
      headers: { 'if-match': got.headers.etag as string },
      payload: [{ op: 'add', path: '/values/w1', value: 'Goed gepland' }],
    });
    expect(written.statusCode, written.body).toBe(200);
    const after = (await progressOf(s.pupil.token)).trajectories.find((c) => c.id === s.id);
    expect(after?.reports?.map((report) => report.blueprintName)).toEqual(['Eindverslag']);
  });

  it('nothing waits on an inactive trajectory (D12)', async () => {
    const s = await buildTrajectory(t, {
      student: {
        ...studentRole(),
        reportRights: { Eindverslag: { '': { admin: true, write: true, read: true, hidden: false } } },
      },
      reports: [{ name: 'Eindverslag', fields: [field('e1', 'Terugblik')] }],
    });
    await t.ctx.db.updateTable('trajectories').set({ active_until: null }).where('id', '=', s.id).execute();
    const card = (await progressOf(s.pupil.token)).trajectories.find((c) => c.id === s.id);
    expect(card).toMatchObject({ expired: true, reports: [] });
  });

  it('a right on a blueprint, or ADMIN of the organisation, keeps the list', async () => {
    const s = await buildTrajectory(t);
    expect((await progressOf(s.pupil.token)).landing).toBe('progress');
    const rights = await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${s.blueprintId}/rights`,
      token: s.teacher.token,
      payload: [
        { user: s.teacher.email, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: s.pupil.email, rights: ['READ'] },
      ],
    });
    expect(rights.statusCode, rights.body).toBe(200);
    expect((await progressOf(s.pupil.token)).landing).toBe('trajectories');

    const admin = await buildUser(t);
    await addMember(t, s.org.id, admin.id, 'ADMIN');
    const adminToken = (await tokensFor(t, admin.email, s.org.id)).accessToken;
    expect(await progressOf(adminToken)).toEqual({ landing: 'trajectories', trajectories: [] });
  });

  it('a student who only scores themselves still lands on their page; a role with RIGHTS does not', async () => {
    const s = await buildTrajectory(t, {
      student: { ...studentRole(), evaluationRights: { read: true, write: true } },
    });
    expect((await progressOf(s.pupil.token)).landing).toBe('progress');
    const mentor = await buildTrajectory(t, {
      student: { ...studentRole(), adminRights: { purchase: false, metadata: false, rights: true } },
    });
    expect((await progressOf(mentor.pupil.token)).landing).toBe('trajectories');
  });

  it('shows nothing of another organisation, nor of a deleted trajectory', async () => {
    const s = await buildTrajectory(t);
    const outsider = await buildUser(t);
    const own = await buildOrganisation(t, (await login(t, outsider.email)).accessToken);
    const token = (await tokensFor(t, outsider.email, own.id)).accessToken;
    // Even with the same address in the other organisation's access, their own organisation shows none of it.
    expect((await progressOf(token)).trajectories).toEqual([]);
    const removed = await call(t, {
      method: 'DELETE',
      url: `/api/v2/trajectories/${s.id}`,
      token: s.teacher.token,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await progressOf(s.pupil.token)).trajectories.map((c) => c.id)).not.toContain(s.id);
  });

  it('lists at most the first few competences as next, with the total', async () => {
    const competences = [
      {
        uuid: 'cluster',
        description: 'Vakmanschap',
        subcompetences: [
          {
            uuid: 'sub',
            description: 'Werken',
            subcompetences: Array.from({ length: PROGRESS_NEXT_SHOWN + 3 }, (_, i) => ({
              uuid: `k${i}`,
              description: `Competentie ${i}`,
            })),
          },
        ],
      },
    ];
    const s = await buildEvaluationTrajectory(t, { read: true, write: false }, { competences });
    const card = (await progressOf(s.pupil.token)).trajectories.find((c) => c.id === s.id);
    expect(card?.evaluation?.next).toHaveLength(PROGRESS_NEXT_SHOWN);
    expect(card?.evaluation?.nextTotal).toBe(PROGRESS_NEXT_SHOWN + 3);
  });
});
