import { defaultAdminRole } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildEvaluationTrajectory, buildTrajectory, studentRole } from '../../../test/trajectory-fixture.ts';

/**
 * D10, D56: a cohort moved to its blueprint's latest version in one step (check, run, undo). Three
 * trajectories of one blueprint, each with scores on c1 (kept by uuid), c2 (removed in the new version)
 * and c3 (replaced by c3b, whose `formerUuids` name it: its entries move there).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely
type Doc = any;

const OLD = [
  {
    uuid: 'zorg',
    description: 'Zorg',
    subcompetences: [
      {
        uuid: 'plan',
        description: 'Plan',
        subcompetences: [
          { uuid: 'c1', description: 'Inventariseert de zorgvraag' },
          { uuid: 'c2', description: 'Stelt een zorgplan op' },
          { uuid: 'c3', description: 'Voert een gesprek' },
        ],
      },
    ],
  },
];
/** The new version: c1 renamed, c2 removed, c3 replaced by c3b (formerUuids), c4 new. */
const NEW = [
  {
    uuid: 'zorg',
    description: 'Zorg',
    subcompetences: [
      {
        uuid: 'plan',
        description: 'Plan',
        subcompetences: [
          { uuid: 'c1', description: 'Brengt de zorgvraag in kaart', code: 'B1-K1-W1' },
          { uuid: 'c3b', description: 'Voert een zorggesprek', formerUuids: ['c3'] },
          { uuid: 'c4', description: 'Evalueert de zorg' },
        ],
      },
    ],
  },
];

const WRITE = { read: true, write: true };

async function evaluationOf(token: string, id: number): Promise<{ body: Doc; version: number }> {
  const res = await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/evaluations`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), version: Number(JSON.parse(res.headers.etag as string)) };
}

/** Adds a dated entry to competence `index` (of OLD's three) as `token`. */
async function score(token: string, id: number, index: number, at: string, value: string) {
  const { body, version } = await evaluationOf(token, id);
  body.criteria[0].subsections[0].subsections[index].properties[at] = { score: value };
  const res = await call(t, {
    method: 'PUT',
    url: `/api/v2/trajectories/${id}/evaluations`,
    token,
    payload: body,
    headers: { 'if-match': `"${version}"` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Three trajectories of one blueprint, each scored on c1, c2 (twice) and c3, then a newer blueprint version. */
async function cohort() {
  const s = await buildEvaluationTrajectory(t, WRITE, { competences: OLD, name: 'Anna' });
  const access = {
    roles: [defaultAdminRole([], 'Docent'), { ...studentRole(), evaluationRights: WRITE }],
    users: [
      { user: s.teacher.email, roles: ['Docent'] },
      { user: s.pupil.email, roles: ['Student'] },
    ],
  };
  const ids = [s.id];
  for (const name of ['Bram', 'Cem']) {
    const created = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: s.teacher.token,
      payload: { blueprintId: s.blueprintId, name, access },
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().id);
  }
  for (const [n, id] of ids.entries()) {
    await score(s.teacher.token, id, 0, '2025-01-10T09:00:00.000Z', String(1 + n));
    await score(s.teacher.token, id, 1, '2025-01-11T09:00:00.000Z', '2');
    await score(s.teacher.token, id, 1, '2025-01-12T09:00:00.000Z', '3');
    await score(s.teacher.token, id, 2, '2025-01-13T09:00:00.000Z', '4');
  }
  const before = await Promise.all(ids.map((id) => evaluationOf(s.teacher.token, id)));
  const patched = await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: s.teacher.token,
    payload: [
      { op: 'replace', path: '/competenceList/competences', value: NEW },
      {
        op: 'replace',
        path: '/roles',
        value: [
          defaultAdminRole([], 'Docent'),
          { ...studentRole(), evaluationRights: WRITE },
          { ...studentRole(), name: 'Praktijkopleider' },
        ],
      },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return { ...s, ids, before };
}

const check = (token: string, ids: number[]) =>
  call(t, { method: 'POST', url: '/api/v2/trajectory-updates/check', token, payload: { ids } });
const run = (token: string, trajectories: { id: number; version: number }[]) =>
  call(t, { method: 'POST', url: '/api/v2/trajectory-updates', token, payload: { trajectories } });
const undo = (token: string, id: number) =>
  call(t, { method: 'DELETE', url: `/api/v2/trajectory-updates/${id}`, token });
const info = async (token: string, id: number) =>
  (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}`, token })).json();
const roleNames = async (token: string, id: number) =>
  (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/roles`, token }))
    .json()
    .map((role: { name: string }) => role.name);
const competence = (body: Doc, uuid: string): Doc =>
  body.criteria[0].subsections[0].subsections.find((c: Doc) => c.uuid === uuid);

describe('D56: a cohort to its blueprint’s latest version in one step', () => {
  it('checks per trajectory what moves, with the entries a removed competence keeps and a successor takes', async () => {
    const s = await cohort();
    const res = await check(s.teacher.token, s.ids);
    expect(res.statusCode, res.body).toBe(200);
    const { trajectories } = res.json();
    expect(trajectories.map((p: Doc) => p.title)).toEqual(['Anna', 'Bram', 'Cem']);
    for (const preview of trajectories) {
      expect(preview.latestVersion).toBeGreaterThan(preview.currentVersion);
      expect(preview.changes).toEqual(
        expect.arrayContaining([
          {
            kind: 'competenceRenamed',
            name: 'B1-K1-W1 Brengt de zorgvraag in kaart',
            from: 'Inventariseert de zorgvraag',
          },
          { kind: 'competenceCarried', name: 'Voert een zorggesprek', from: 'Voert een gesprek', entries: 1 },
          { kind: 'competenceAdded', name: 'Evalueert de zorg' },
          { kind: 'competenceRemoved', name: 'Stelt een zorgplan op', entries: 2 },
          { kind: 'roleAdded', name: 'Praktijkopleider' },
        ]),
      );
    }
    // A reader of the evaluation only sees the counts: the pupil (no METADATA) may not check at all.
    const refused = await check(s.pupil.token, s.ids);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([
      { path: 'ids.0', key: 'forbidden' },
      { path: 'ids.1', key: 'forbidden' },
      { path: 'ids.2', key: 'forbidden' },
    ]);
    // Another organisation's trajectory: 404, whatever else is asked.
    const stranger = await buildTrajectory(t);
    expect((await check(s.teacher.token, [...s.ids, stranger.id])).statusCode).toBe(404);
    expect((await check(stranger.teacher.token, [s.ids[0]!])).statusCode).toBe(404);
  });

  it('moves all three, keeps scores by uuid, carries them by formerUuids, keeps removed ones in the history; the undo puts all back', async () => {
    const s = await cohort();
    const { trajectories } = (await check(s.teacher.token, s.ids)).json();
    const latest = trajectories[0].latestVersion as number;
    const from = trajectories[0].currentVersion as number;
    const moved = await run(
      s.teacher.token,
      s.ids.map((id) => ({ id, version: latest })),
    );
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().moved).toEqual(s.ids.map((id) => ({ id, from, to: latest })));
    const updateId = moved.json().id as number;
    for (const [n, id] of s.ids.entries()) {
      expect((await info(s.teacher.token, id)).blueprintVersion).toBe(latest);
      expect(await roleNames(s.teacher.token, id)).toContain('Praktijkopleider');
      const { body } = await evaluationOf(s.teacher.token, id);
      // Kept by uuid, under the new name.
      expect(competence(body, 'c1')).toMatchObject({
        name: 'Brengt de zorgvraag in kaart',
        code: 'B1-K1-W1',
      });
      expect(competence(body, 'c1').properties['2025-01-10T09:00:00.000Z'].score).toBe(String(1 + n));
      // Carried to the successor (D56).
      expect(competence(body, 'c3b').properties['2025-01-13T09:00:00.000Z'].score).toBe('4');
      expect(competence(body, 'c2')).toBeUndefined();
      expect(competence(body, 'c4').properties).toEqual({});
      // The removed competence's entries are in the evaluation's history (the move's inverse patch).
      const events = await t.ctx.db
        .selectFrom('document_events as e')
        .innerJoin('trajectories as tr', 'tr.evaluation_document_id', 'e.document_id')
        .select('e.inverse')
        .where('tr.id', '=', id)
        .execute();
      const history = JSON.stringify(events.map((event) => event.inverse));
      expect(history).toContain('Stelt een zorgplan op');
      expect(history).toContain('2025-01-12T09:00:00.000Z');
    }
    // Checked again: nothing moves any more.
    const again = (await check(s.teacher.token, s.ids)).json();
    expect(again.trajectories.every((p: Doc) => p.currentVersion === p.latestVersion)).toBe(true);
    expect(again.trajectories.flatMap((p: Doc) => p.changes)).toEqual([]);

    // Someone else may not undo it (not even with METADATA on all three): 404.
    expect((await undo(s.pupil.token, updateId)).statusCode).toBe(404);
    const undone = await undo(s.teacher.token, updateId);
    expect(undone.statusCode, undone.body).toBe(204);
    for (const [n, id] of s.ids.entries()) {
      expect((await info(s.teacher.token, id)).blueprintVersion).toBe(from);
      expect(await roleNames(s.teacher.token, id)).not.toContain('Praktijkopleider');
      const { body, version } = await evaluationOf(s.teacher.token, id);
      expect(body).toEqual(s.before[n]!.body);
      // The undo is a new version in the history, not a rewrite of it.
      expect(version).toBeGreaterThan(s.before[n]!.version + 1);
      const access = await t.ctx.db
        .selectFrom('trajectory_access')
        .select(['email', 'metadata', 'evaluation_write'])
        .where('trajectory_id', '=', id)
        .orderBy('email')
        .execute();
      expect(access.map((row) => row.email).sort()).toEqual([s.pupil.email, s.teacher.email].sort());
    }
    // Once: a second undo finds no update to undo.
    expect((await undo(s.teacher.token, updateId)).statusCode).toBe(404);
    // And the cohort moves again, as before.
    expect(
      (
        await run(
          s.teacher.token,
          s.ids.map((id) => ({ id, version: latest })),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('moves all or none: one without METADATA → 403, a stale version → 409, and nothing moved', async () => {
    const s = await cohort();
    const { trajectories } = (await check(s.teacher.token, s.ids)).json();
    const latest = trajectories[0].latestVersion as number;
    const from = trajectories[0].currentVersion as number;
    // The pupil gets METADATA (Docent) on the first two only.
    for (const id of s.ids.slice(0, 2)) {
      const access = (
        await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/access`, token: s.teacher.token })
      ).json();
      access.users = access.users.map((entry: Doc) =>
        entry.user === s.pupil.email ? { ...entry, roles: ['Docent'] } : entry,
      );
      const put = await call(t, {
        method: 'PUT',
        url: `/api/v2/trajectories/${id}/access`,
        token: s.teacher.token,
        payload: access,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const refused = await run(
      s.pupil.token,
      s.ids.map((id) => ({ id, version: latest })),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual([{ path: 'trajectories.2', key: 'forbidden' }]);
    const stale = await run(s.teacher.token, [
      { id: s.ids[0]!, version: latest },
      { id: s.ids[1]!, version: latest },
      { id: s.ids[2]!, version: from },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('staleDocument');
    expect(stale.json().fields).toEqual([{ path: 'trajectories.2', key: 'staleDocument' }]);
    for (const [n, id] of s.ids.entries()) {
      expect((await info(s.teacher.token, id)).blueprintVersion).toBe(from);
      expect(await evaluationOf(s.teacher.token, id)).toEqual(s.before[n]);
    }
    const recorded = await t.ctx.db
      .selectFrom('trajectory_update_items')
      .select('update_id')
      .where('trajectory_id', 'in', s.ids)
      .execute();
    expect(recorded).toEqual([]);
    // Another organisation's trajectory among them: 404, none moved.
    const stranger = await buildTrajectory(t);
    const foreign = await run(s.teacher.token, [
      { id: s.ids[0]!, version: latest },
      { id: stranger.id, version: 1 },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect((await info(s.teacher.token, s.ids[0]!)).blueprintVersion).toBe(from);
  });

  it('refuses the undo after a new entry on one of them (409 naming it) and undoes nothing', async () => {
    const s = await cohort();
    const { trajectories } = (await check(s.teacher.token, s.ids)).json();
    const latest = trajectories[0].latestVersion as number;
    const moved = await run(
      s.teacher.token,
      s.ids.map((id) => ({ id, version: latest })),
    );
    expect(moved.statusCode, moved.body).toBe(201);
    const after = await Promise.all(s.ids.map((id) => evaluationOf(s.teacher.token, id)));
    // A new score on the second (c1 is still its first competence).
    await score(s.teacher.token, s.ids[1]!, 0, '2025-02-01T09:00:00.000Z', '3');
    const refused = await undo(s.teacher.token, moved.json().id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('updateNotUndoable');
    expect(refused.json().fields).toEqual([{ path: `trajectories.${s.ids[1]}`, key: 'updateNotUndoable' }]);
    for (const [n, id] of s.ids.entries()) {
      expect((await info(s.teacher.token, id)).blueprintVersion).toBe(latest);
      if (n !== 1) expect(await evaluationOf(s.teacher.token, id)).toEqual(after[n]);
    }
  });
});
