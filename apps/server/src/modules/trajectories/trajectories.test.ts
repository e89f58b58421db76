import { businessToday, defaultAdminRole } from '@groeipad/core';
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
import { seedDemoBlueprints } from '../../seed/demo-blueprints.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trajectoryTrialDays: 30 });
});
afterAll(() => t.close());

const student = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};

/** An organisation with the demo blueprints, a teacher (owner) and a student and a bystander. */
async function school(organisationId?: number) {
  const teacher = await buildUser(t);
  const org =
    organisationId === undefined
      ? await buildOrganisation(t, (await login(t, teacher.email)).accessToken)
      : { id: organisationId };
  if (organisationId !== undefined) await addMember(t, organisationId, teacher.id, 'OWNER');
  const pupil = await buildUser(t);
  const bystander = await buildUser(t);
  await addMember(t, org.id, pupil.id, 'USER');
  await addMember(t, org.id, bystander.id, 'ADMIN');
  await t.ctx.db
    .transaction()
    .execute((trx) =>
      seedDemoBlueprints(
        trx,
        { userId: teacher.id, email: teacher.email, organisationId: org.id, role: 'OWNER' },
        [],
      ),
    );
  const token = (await tokensFor(t, teacher.email, org.id)).accessToken;
  const blueprints = (await call(t, { method: 'GET', url: '/api/blueprints/trajectories', token })).json();
  return {
    org,
    teacher: { ...teacher, token },
    pupil: { ...pupil, token: (await tokensFor(t, pupil.email, org.id)).accessToken },
    bystander: { ...bystander, token: (await tokensFor(t, bystander.email, org.id)).accessToken },
    blueprintId: blueprints[0].id as number,
  };
}

function accessFor(teacher: string, pupil: string) {
  return {
    roles: [defaultAdminRole(['Voortgangsgesprek', 'Eindbeoordeling'], 'Docent'), student],
    users: [
      { user: teacher.toUpperCase(), roles: ['Docent'] },
      { user: pupil, roles: ['Student'] },
    ],
  };
}

async function create(s: Awaited<ReturnType<typeof school>>, overrides: Record<string, unknown> = {}) {
  return call(t, {
    method: 'POST',
    url: '/api/v2/trajectories',
    token: s.teacher.token,
    payload: {
      blueprintId: s.blueprintId,
      name: 'BPV Anna de Vries',
      description: 'Stage bij Zorgcentrum De Linde',
      access: accessFor(s.teacher.email, s.pupil.email),
      ...overrides,
    },
  });
}

describe('trajectories: create, list, read', () => {
  it('creates a snapshot of the blueprint (201 + Location) that the teacher and the student see with their rights', async () => {
    const s = await school();
    const res = await create(s);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.headers.location).toBe(`/api/v2/trajectories/${id}`);
    expect(res.json()).toMatchObject({
      name: 'BPV Anna de Vries',
      description: 'Stage bij Zorgcentrum De Linde',
      rights: ['READ', 'PURCHASE', 'METADATA', 'RIGHTS'],
      blueprintId: s.blueprintId,
      blueprintVersion: 1,
    });
    // a private organisation: a 30-day trial (D12), in business days (D4)
    const today = businessToday('Europe/Amsterdam');
    expect(res.json().activeUntil > today).toBe(true);
    const list = async (token: string) =>
      (await call(t, { method: 'GET', url: '/api/v2/trajectories', token })).json();
    expect(
      (await list(s.pupil.token)).map((x: { id: number; rights: string[] }) => [x.id, x.rights]),
    ).toEqual([[id, ['READ']]]);
    expect(await list(s.bystander.token)).toEqual([]);
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}`, token: s.bystander.token }))
        .statusCode,
    ).toBe(404);
    // the snapshot's documents exist: form without values beside the field tree, evaluation from the competences
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const evaluation = await t.ctx.db
      .selectFrom('documents')
      .select('content')
      .where('id', '=', row.evaluation_document_id)
      .executeTakeFirstOrThrow();
    const criteria = (evaluation.content as { criteria: unknown[]; maxScore: number }).criteria;
    expect(criteria).toHaveLength(3);
    expect((evaluation.content as { maxScore: number }).maxScore).toBe(4);
  });

  it('refuses an access that would not give the creator RIGHTS, an invalid one, and a blueprint of another kind', async () => {
    const s = await school();
    const noRights = await create(s, {
      access: {
        roles: [defaultAdminRole([], 'Docent'), student],
        users: [
          { user: s.pupil.email, roles: ['Docent'] },
          { user: s.teacher.email, roles: ['Student'] },
        ],
      },
    });
    expect(noRights.json()).toEqual({ status: 400, key: 'principalRequiredRights' });
    const invalid = await create(s, {
      access: { roles: [student], users: [{ user: 'geen-adres', roles: ['Student'] }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toContainEqual({ path: 'access.users.0.user', key: 'invalidEmail' });
    const noAdmin = await create(s, {
      access: { roles: [student], users: [{ user: s.teacher.email, roles: ['Student'] }] },
    });
    expect(noAdmin.json().fields).toContainEqual({ path: 'access.users', key: 'noAdmin' });
    const lists = (
      await call(t, { method: 'GET', url: '/api/blueprints/competencelists', token: s.teacher.token })
    ).json();
    const wrongKind = await create(s, { blueprintId: lists[0].id });
    expect(wrongKind.json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: [{ path: 'blueprintId', key: 'invalidValue' }],
    });
    expect((await create(s, { name: 'x'.repeat(256) })).json().fields).toEqual([
      { path: 'name', key: 'tooLong' },
    ]);
    expect((await create(s, { description: 'd'.repeat(1001) })).json().fields).toEqual([
      { path: 'description', key: 'tooLong' },
    ]);
    expect(
      (await call(t, { method: 'GET', url: '/api/v2/trajectories', token: s.teacher.token })).json(),
    ).toEqual([]);
  });

  it('starts inactive with a trial of 0 days, and runs twelve months in organisation 0 (D12)', async () => {
    const none = await createTestApp({ trajectoryTrialDays: 0 });
    try {
      const teacher = await buildUser(none);
      const org = await buildOrganisation(none, (await login(none, teacher.email)).accessToken);
      await none.ctx.db
        .transaction()
        .execute((trx) =>
          seedDemoBlueprints(
            trx,
            { userId: teacher.id, email: teacher.email, organisationId: org.id, role: 'OWNER' },
            [],
          ),
        );
      const token = (await tokensFor(none, teacher.email, org.id)).accessToken;
      const blueprint = (
        await call(none, { method: 'GET', url: '/api/blueprints/trajectories', token })
      ).json()[0];
      const res = await call(none, {
        method: 'POST',
        url: '/api/v2/trajectories',
        token,
        payload: {
          blueprintId: blueprint.id,
          name: 'X',
          access: { roles: [defaultAdminRole()], users: [{ user: teacher.email, roles: ['Admin'] }] },
        },
      });
      expect(res.json().activeUntil).toBeNull();
    } finally {
      await none.close();
    }
    const provider = await school(0);
    const created = await create(provider);
    const [year, month, day] = businessToday('Europe/Amsterdam').split('-').map(Number);
    expect(created.json().activeUntil.startsWith(`${year! + 1}-${String(month).padStart(2, '0')}`)).toBe(
      true,
    );
    void day;
  });
});

describe('trajectories: activeUntil (D12)', () => {
  it('lets a METADATA holder of organisation 0 set the last active day, also to bring an expired trajectory back', async () => {
    const provider = await school(0);
    const created = (await create(provider)).json();
    const put = (token: string, payload: object) =>
      call(t, { method: 'PUT', url: `/api/v2/trajectories/${created.id}`, token, payload });
    const keep = { name: created.name, description: created.description };
    // The server says who may (abilities, DESIGN point 2): the METADATA holder, not the pupil.
    expect(created.abilities).toMatchObject({ updateActiveUntil: true, updateMetadata: true, edit: true });
    const pupilView = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${created.id}`,
      token: provider.pupil.token,
    });
    expect(pupilView.json().abilities).toMatchObject({ updateActiveUntil: false, updateMetadata: false });
    // Without METADATA: 403, nothing written.
    expect((await put(provider.pupil.token, { ...keep, activeUntil: '2030-01-31' })).json()).toEqual({
      status: 403,
      key: 'forbidden',
    });
    // Expired: a title change is refused, the active period may move.
    await put(provider.teacher.token, { ...keep, activeUntil: '2020-06-30' });
    const expired = (
      await call(t, {
        method: 'GET',
        url: `/api/v2/trajectories/${created.id}`,
        token: provider.teacher.token,
      })
    ).json();
    expect(expired).toMatchObject({ activeUntil: '2020-06-30', expired: true });
    // Expired: only the last day may move (D12), and the answer says so.
    expect(expired.abilities).toMatchObject({ updateActiveUntil: true, updateMetadata: false, edit: false });
    expect(
      (await put(provider.teacher.token, { ...keep, name: 'Nieuw', activeUntil: '2030-01-31' })).json(),
    ).toEqual({ status: 403, key: 'expiredTrajectory' });
    const back = await put(provider.teacher.token, { ...keep, activeUntil: '2030-01-31' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ activeUntil: '2030-01-31', expired: false });
    // The answer's abilities are judged after the move: writes are open again.
    expect(back.json().abilities).toMatchObject({ updateMetadata: true, edit: true, writeEvaluation: true });
    // Left out: unchanged; null: inactive; not a day: 400.
    expect((await put(provider.teacher.token, { ...keep, name: 'Nieuw' })).json()).toMatchObject({
      name: 'Nieuw',
      activeUntil: '2030-01-31',
    });
    expect((await put(provider.teacher.token, { name: 'Nieuw', activeUntil: null })).json()).toMatchObject({
      activeUntil: null,
      expired: true,
    });
    for (const activeUntil of ['31/01/2030', '2030-02-30', '']) {
      const bad = await put(provider.teacher.token, { name: 'Nieuw', activeUntil });
      expect(bad.statusCode, activeUntil).toBe(400);
      expect(bad.json().fields, activeUntil).toEqual([{ path: 'activeUntil', key: 'invalidValue' }]);
    }
  });

  it('refuses a changed activeUntil in a private organisation: it extends with credits only (403 activeUntilByCredits)', async () => {
    const s = await school();
    const created = (await create(s)).json();
    const res = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${created.id}`,
      token: s.teacher.token,
      payload: { name: 'Nieuw', description: created.description, activeUntil: '2099-12-31' },
    });
    expect(res.json()).toEqual({ status: 403, key: 'activeUntilByCredits' });
    expect(created.abilities).toMatchObject({ updateActiveUntil: false, updateMetadata: true });
    const after = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${created.id}`, token: s.teacher.token })
    ).json();
    expect(after).toMatchObject({ name: created.name, activeUntil: created.activeUntil });
    // The same day as stored is no change: the title is saved.
    const same = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${created.id}`,
      token: s.teacher.token,
      payload: { name: 'Nieuw', activeUntil: created.activeUntil },
    });
    expect(same.json()).toMatchObject({ name: 'Nieuw', activeUntil: created.activeUntil });
  });
});

describe('trajectories: title, description, status', () => {
  it('lets METADATA holders edit; a description changed past 255 is refused, a longer stored one may stay (D5)', async () => {
    const s = await school();
    const id = (await create(s, { description: 'l'.repeat(800) })).json().id;
    const put = (token: string, payload: object) =>
      call(t, { method: 'PUT', url: `/api/v2/trajectories/${id}`, token, payload });
    expect((await put(s.pupil.token, { name: 'Gekaapt' })).statusCode).toBe(403);
    expect(
      (await put(s.teacher.token, { name: 'Nieuw', description: 'l'.repeat(800) })).json(),
    ).toMatchObject({ name: 'Nieuw' });
    expect((await put(s.teacher.token, { name: 'Nieuw', description: 'k'.repeat(256) })).json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: [{ path: 'description', key: 'tooLong' }],
    });
    expect((await put(s.teacher.token, { name: 'Nieuw', description: 'Kort' })).json().description).toBe(
      'Kort',
    );
  });

  it('refuses writes to an expired trajectory with 403 expiredTrajectory, but reads and deletes it', async () => {
    const s = await school();
    const id = (await create(s)).json().id;
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', id)
      .execute();
    const res = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${id}`,
      token: s.teacher.token,
      payload: { name: 'Nieuw' },
    });
    expect(res.json()).toEqual({ status: 403, key: 'expiredTrajectory' });
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}`, token: s.pupil.token })).json()
        .activeUntil,
    ).toBe('2020-01-01');
    const deleted = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${id}/status`,
      token: s.teacher.token,
      payload: { status: 'deleted' },
    });
    expect(deleted.json().status).toBe('DELETED');
    expect(
      (await call(t, { method: 'GET', url: '/api/v2/trajectories', token: s.teacher.token })).json(),
    ).toEqual([]);
    expect(
      (
        await call(t, { method: 'GET', url: '/api/v2/trajectories?status=Deleted', token: s.teacher.token })
      ).json(),
    ).toHaveLength(1);
    expect(
      (
        await call(t, {
          method: 'PUT',
          url: `/api/v2/trajectories/${id}/status`,
          token: s.pupil.token,
          payload: { status: 'LIVE' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/v2/trajectories/${id}`, token: s.teacher.token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}`, token: s.teacher.token }))
        .statusCode,
    ).toBe(404);
  });
});
