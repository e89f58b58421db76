import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, call, createTestApp, type TestApp, tokensFor } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';
import { notifyForEvents } from './events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof buildTrajectory>>;

const writeForm = (s: Setup, token: string, uuid: string, value: unknown) =>
  call(t, {
    method: 'PATCH',
    url: `/api/v2/trajectories/${s.id}/form`,
    token,
    payload: [{ op: 'add', path: `/values/${uuid}`, value }],
  });

const list = async (token: string, query = '') => {
  const res = await call(t, { method: 'GET', url: `/api/notifications${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('notifications from the engine’s events (D27, D39)', () => {
  it('a student’s form write notifies the teacher, not the student; the entry links to the form', async () => {
    const s = await buildTrajectory(t);
    const saved = await writeForm(s, s.pupil.token, 'motivatie', 'Ik wil in de zorg werken');
    expect(saved.statusCode, saved.body).toBe(200);
    const teacher = await list(s.teacher.token, '?page=0&size=16');
    expect(teacher.unread).toBe(1);
    expect(teacher.total).toBe(1);
    expect(teacher.notifications).toEqual([
      {
        id: expect.any(Number),
        type: 'trajectory',
        trajectory: { id: s.id, name: 'BPV Sam' },
        target: 'FORM',
        targetId: null,
        action: 'UPDATE',
        read: false,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        actor: expect.objectContaining({ email: s.pupil.email }),
      },
    ]);
    expect(await list(s.pupil.token, '?size=0')).toEqual({ unread: 0, total: 0, notifications: [] });
  });

  it('D39: a change to a field the student cannot read notifies nobody who cannot read it', async () => {
    const s = await buildTrajectory(t);
    // The teacher writes the field hidden from the student: the student hears nothing of it.
    expect((await writeForm(s, s.teacher.token, 'geheim', 'Thuissituatie')).statusCode).toBe(200);
    expect((await list(s.pupil.token, '?size=0')).unread).toBe(0);
    // A field the student reads: now they are told.
    expect((await writeForm(s, s.teacher.token, 'naam', 'Sam de Vries')).statusCode).toBe(200);
    const pupil = await list(s.pupil.token);
    expect(pupil.unread).toBe(1);
    expect(pupil.notifications[0]).toMatchObject({ target: 'FORM', action: 'UPDATE' });
    // Nobody is told of their own change.
    expect((await list(s.teacher.token, '?size=0')).unread).toBe(0);
  });

  it('a reader without the evaluation right hears nothing of evaluation changes; one with it does', async () => {
    const s = await buildTrajectory(t, {
      student: { ...studentRole(), evaluationRights: { write: false, read: false } },
    });
    // A third reader with evaluation read.
    const mentor = await buildUser(t);
    await addMember(t, s.org.id, mentor.id, 'USER');
    const access = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
    });
    const content = access.json();
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
      payload: {
        roles: content.roles,
        users: [...content.users, { user: mentor.email, roles: ['Docent'] }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const mentorToken = (await tokensFor(t, mentor.email, s.org.id)).accessToken;
    // Straight through the engine's event: the evaluation document gets a change by the teacher.
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select(['evaluation_document_id', 'organisation_id'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    const { patchDocument } = await import('../../engine/engine.ts');
    await t.ctx.db.transaction().execute((trx) =>
      patchDocument(trx, {
        organisationId: row.organisation_id,
        documentId: row.evaluation_document_id,
        actorId: s.teacher.id,
        patch: [{ op: 'replace', path: '/scoreNames', value: ['Onvoldoende'] }],
        expectedVersion: undefined,
        permit: { visible: (c) => c, canWrite: () => true },
        jobs: t.ctx.jobs,
      }),
    );
    // The save enqueued the notification job; run it.
    await t.ctx.jobs.drain();
    expect((await list(s.pupil.token, '?size=0')).unread).toBe(0);
    const seen = await list(mentorToken);
    expect(seen.unread).toBe(1);
    expect(seen.notifications[0]).toMatchObject({ target: 'EVALUATION', action: 'UPDATE', targetId: null });
  });

  it('D27: repeated changes within 10 minutes update one unread notification, its created moving on (D39)', async () => {
    const s = await buildTrajectory(t);
    await writeForm(s, s.pupil.token, 'motivatie', 'Eerste versie');
    const first = (await list(s.teacher.token)).notifications[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeForm(s, s.pupil.token, 'motivatie', 'Tweede versie');
    const after = await list(s.teacher.token);
    expect(after.total).toBe(1);
    expect(after.notifications[0].id).toBe(first.id);
    expect(Date.parse(after.notifications[0].created)).toBeGreaterThan(Date.parse(first.created));

    // Eleven minutes ago: the next change starts a new notification.
    await t.ctx.db
      .updateTable('notifications')
      .set({ created_at: sql`now() - interval '11 minutes'` })
      .where('id', '=', first.id)
      .execute();
    await writeForm(s, s.pupil.token, 'motivatie', 'Derde versie');
    expect((await list(s.teacher.token)).total).toBe(2);

    // A read one is not reused either.
    await call(t, {
      method: 'PUT',
      url: '/api/notifications',
      token: s.teacher.token,
      payload: { read: true },
    });
    await writeForm(s, s.pupil.token, 'motivatie', 'Vierde versie');
    const last = await list(s.teacher.token);
    expect(last).toMatchObject({ total: 3, unread: 1 });
  });

  it('saves made while the job waits join it: one job handles each of their changes in order (D39 per change)', async () => {
    const s = await buildTrajectory(t);
    const form = await t.ctx.db
      .selectFrom('trajectories')
      .select('form_document_id')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    // Three saves without running the queue between them (inject, not `call`, which drains).
    const save = async (token: string, uuid: string, value: string) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v2/trajectories/${s.id}/form`,
        headers: { authorization: `Bearer ${token}` },
        payload: [{ op: 'add', path: `/values/${uuid}`, value }],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save(s.teacher.token, 'geheim', 'Thuissituatie');
    await save(s.pupil.token, 'motivatie', 'Ik wil in de zorg werken');
    await save(s.teacher.token, 'naam', 'Sam de Vries');
    const waiting = await t.ctx.db
      .selectFrom('jobs')
      .select(['id', 'payload', 'state'])
      .where('name', '=', 'notifications.event')
      .where('coalesce_key', '=', `${s.org.id}:${form.form_document_id}`)
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 'queued', payload: { documentId: form.form_document_id } });
    await t.ctx.jobs.drain();
    // Once claimed it no longer gathers saves: the next one makes a job of its own.
    expect(
      await t.ctx.db
        .selectFrom('jobs')
        .select('coalesce_key')
        .where('id', '=', waiting[0]!.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ coalesce_key: null });
    // The student was told of the name only (the hidden field's change is none to them, D39), by the teacher.
    const pupil = await list(s.pupil.token);
    expect(pupil.unread).toBe(1);
    expect(pupil.notifications[0]).toMatchObject({ target: 'FORM', actor: { email: s.teacher.email } });
    // The teacher of the student's change, not of their own two.
    const teacher = await list(s.teacher.token);
    expect(teacher.unread).toBe(1);
    expect(teacher.notifications[0]).toMatchObject({ target: 'FORM', actor: { email: s.pupil.email } });
  });

  it('the same event handled twice (a retried job) adds nothing', async () => {
    const s = await buildTrajectory(t);
    await writeForm(s, s.pupil.token, 'motivatie', 'Eén keer');
    const form = await t.ctx.db
      .selectFrom('trajectories as t')
      .innerJoin('documents as d', 'd.id', 't.form_document_id')
      .select(['d.id', 'd.version', 'd.organisation_id'])
      .where('t.id', '=', s.id)
      .executeTakeFirstOrThrow();
    const ref = { organisationId: form.organisation_id, documentId: form.id, version: form.version };
    await call(t, {
      method: 'PUT',
      url: '/api/notifications',
      token: s.teacher.token,
      payload: { read: true },
    });
    expect(await t.ctx.db.transaction().execute((trx) => notifyForEvents(trx, ref))).toEqual([s.teacher.id]);
    expect(await list(s.teacher.token)).toMatchObject({ total: 1, unread: 0 });
  });

  it('reports: creating, changing and deleting notify the readers of that report only', async () => {
    const s = await buildTrajectory(t, {
      reports: [{ name: 'Verslag', fields: [field('oordeel', 'Oordeel')] }],
      student: {
        ...studentRole(),
        reportRights: { Verslag: { '': { read: true, write: false, hidden: false } } },
      },
    });
    const created = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/reports?blueprintName=Verslag`,
      token: s.teacher.token,
      payload: { name: 'Periode 1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reportId = created.json().id;
    const pupil = await list(s.pupil.token);
    expect(pupil.notifications[0]).toMatchObject({ target: 'REPORT', targetId: reportId, action: 'CREATE' });
    const patched = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/reports/${reportId}`,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/values/oordeel', value: 'Goed' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Within 10 minutes of the creation: the same notification, still a creation.
    expect((await list(s.pupil.token)).notifications).toHaveLength(1);
    expect((await list(s.pupil.token)).notifications[0].action).toBe('CREATE');
    const removed = await call(t, {
      method: 'DELETE',
      url: `/api/v2/trajectories/${s.id}/reports/${reportId}`,
      token: s.teacher.token,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list(s.pupil.token)).notifications[0]).toMatchObject({
      action: 'DELETE',
      targetId: reportId,
    });
  });

  it('a report the reader may not read is never announced to them', async () => {
    const s = await buildTrajectory(t, { reports: [{ name: 'Intern', fields: [field('x', 'X')] }] });
    const created = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/reports?blueprintName=Intern`,
      token: s.teacher.token,
      payload: { name: 'Overleg' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/reports/${created.json().id}`,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/values/x', value: 'vertrouwelijk' }],
    });
    expect(await list(s.pupil.token, '?size=0')).toEqual({ unread: 0, total: 0, notifications: [] });
  });
});

describe('the list and marking read (spec part 2 §4, §7, §9)', () => {
  /** `count` notifications for the teacher, each a minute apart (written as test data). */
  async function many(count: number) {
    const s = await buildTrajectory(t);
    await writeForm(s, s.pupil.token, 'motivatie', 'start');
    const seed = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', s.teacher.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('notifications')
      .values(
        Array.from({ length: count - 1 }, (_, index) => ({
          organisation_id: seed.organisation_id,
          user_id: seed.user_id,
          actor_id: seed.actor_id,
          trajectory_id: seed.trajectory_id,
          target: 'FORM' as const,
          target_id: null,
          action: 'UPDATE' as const,
          created_at: new Date(Date.now() - (index + 1) * 60_000),
        })),
      )
      .execute();
    return s;
  }

  it('pages of 16, newest first; size=0 gives the counts; the unread filter', async () => {
    const s = await many(20);
    const first = await list(s.teacher.token);
    expect(first).toMatchObject({ unread: 20, total: 20 });
    expect(first.notifications).toHaveLength(16);
    const times = first.notifications.map((n: { created: string }) => Date.parse(n.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(s.teacher.token, '?page=1&size=16');
    expect(second.notifications).toHaveLength(4);
    const ids = new Set([...first.notifications, ...second.notifications].map((n: { id: number }) => n.id));
    expect(ids.size).toBe(20);
    expect(await list(s.teacher.token, '?size=0')).toEqual({ unread: 20, total: 20, notifications: [] });

    // Read one: the unread filter leaves it out, the full list keeps it.
    const one = first.notifications[3].id;
    const marked = await call(t, {
      method: 'PUT',
      url: `/api/notifications/${one}`,
      token: s.teacher.token,
      payload: { read: true },
    });
    expect(marked.statusCode, marked.body).toBe(204);
    const unread = await list(s.teacher.token, '?page=0&size=16&unread=true');
    expect(unread).toMatchObject({ unread: 19, total: 19 });
    expect(unread.notifications.map((n: { id: number }) => n.id)).not.toContain(one);
    expect(unread.notifications.every((n: { read: boolean }) => !n.read)).toBe(true);
    const all = await list(s.teacher.token, '?unread=false');
    expect(all).toMatchObject({ unread: 19, total: 20 });
    expect(all.notifications.find((n: { id: number }) => n.id === one).read).toBe(true);

    // Unread again, then all read.
    await call(t, {
      method: 'PUT',
      url: `/api/notifications/${one}`,
      token: s.teacher.token,
      payload: { read: false },
    });
    expect((await list(s.teacher.token, '?size=0')).unread).toBe(20);
    const allRead = await call(t, {
      method: 'PUT',
      url: '/api/notifications',
      token: s.teacher.token,
      payload: { read: true },
    });
    expect(allRead.statusCode, allRead.body).toBe(204);
    expect(await list(s.teacher.token, '?size=0')).toEqual({ unread: 0, total: 20, notifications: [] });
    expect((await list(s.teacher.token, '?unread=true')).notifications).toEqual([]);
  });

  it('bad input is a 400 with a key, never a 500', async () => {
    const s = await buildTrajectory(t);
    for (const query of ['?size=101', '?page=-1', '?unread=maybe', '?size=abc'])
      expect(
        (await call(t, { method: 'GET', url: `/api/notifications${query}`, token: s.teacher.token }))
          .statusCode,
      ).toBe(400);
    for (const payload of [{}, { read: 'yes' }, { read: false }])
      expect(
        (await call(t, { method: 'PUT', url: '/api/notifications', token: s.teacher.token, payload })).json()
          .status,
      ).toBe(400);
  });

  it('another user’s or organisation’s notification answers 404 and is never listed', async () => {
    const s = await buildTrajectory(t);
    await writeForm(s, s.pupil.token, 'motivatie', 'x');
    const mine = (await list(s.teacher.token)).notifications[0];
    // The student of the same organisation.
    const pupil = await call(t, {
      method: 'PUT',
      url: `/api/notifications/${mine.id}`,
      token: s.pupil.token,
      payload: { read: true },
    });
    expect(pupil.json()).toEqual({ status: 404, key: 'notFound' });
    // A teacher of another organisation.
    const other = await buildTrajectory(t);
    const stranger = await call(t, {
      method: 'PUT',
      url: `/api/notifications/${mine.id}`,
      token: other.teacher.token,
      payload: { read: true },
    });
    expect(stranger.json()).toEqual({ status: 404, key: 'notFound' });
    expect((await list(other.teacher.token)).notifications).toEqual([]);
    expect((await list(s.teacher.token)).notifications[0].read).toBe(false);
  });

  it('taken off the trajectory, or the trajectory deleted: its notifications are no longer listed', async () => {
    const s = await buildTrajectory(t);
    await writeForm(s, s.teacher.token, 'naam', 'Sam');
    expect((await list(s.pupil.token, '?size=0')).unread).toBe(1);
    const access = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/access`, token: s.teacher.token })
    ).json();
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
      payload: {
        roles: access.roles,
        users: access.users.filter((u: { user: string }) => u.user !== s.pupil.email),
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await list(s.pupil.token, '?size=0')).toEqual({ unread: 0, total: 0, notifications: [] });
  });
});
