import { defaultAdminRole } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { buildEvaluationTrajectory, studentRole } from '../../../test/trajectory-fixture.ts';

/**
 * Issue 31: the invitation where the teacher is. The inviter gets the new link once (to copy), which opens
 * nothing without the code mailed to the mentor; one mentor is invited on a class's trajectories at once,
 * all or none, with one mail and one count against the limits (D54).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof buildEvaluationTrajectory>>;

/** More trajectories of the fixture's blueprint, the teacher Docent and the pupil Student on each. */
async function more(s: Setup, count: number, roles = [defaultAdminRole([], 'Docent'), studentRole()]) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: s.teacher.token,
      payload: {
        blueprintId: s.blueprintId,
        name: `Student ${i + 1}`,
        access: {
          roles,
          users: [
            { user: s.teacher.email, roles: ['Docent'] },
            { user: s.pupil.email, roles: [roles[1]?.name ?? 'Student'] },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().id as number);
  }
  return ids;
}

const bulk = (token: string, payload: object) =>
  call(t, { method: 'POST', url: '/api/v2/mentor-links', token, payload });

const linksOf = (s: Setup, id: number) =>
  call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/mentor-links`, token: s.teacher.token });

async function linkCount(email: string): Promise<number> {
  const rows = await t.ctx.db.selectFrom('mentor_links').select('id').where('email', '=', email).execute();
  return rows.length;
}

describe('mentor invitations where the teacher is (issue 31)', () => {
  it('answers the new link once, to copy; it opens nothing without the code mailed to the mentor', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `kopie-${s.id}@bedrijf.nl`;
    const created = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/mentor-links`,
      token: s.teacher.token,
      payload: { email, name: 'Petra Bakker', role: 'Student' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json();
    // The answered link is the mailed one.
    expect(invitation.link).toBe(t.mailer.linkTo(email, '/mentor'));
    expect(invitation).toMatchObject({ trajectoryId: s.id, trajectoryName: 'BPV Sam — evaluatie' });
    const secret = new URL(invitation.link).hash.slice(1);
    // Never listed again.
    expect((await linksOf(s, s.id)).body).not.toContain(secret);

    // Whoever holds the link (the teacher who copied it, anyone it was passed on to) only gets a code sent
    // to the mentor's address, and without that code no session starts.
    const mailsBefore = t.mailer.sent.length;
    const sent = await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(t.mailer.sent.slice(mailsBefore).map((mail) => mail.to)).toEqual([email]);
    expect(sent.body).not.toMatch(/\d{6}/);
    const code = t.mailer.lastTo(email)?.subject.match(/\d{6}/)?.[0] ?? '';
    const guess = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code: guess },
    });
    expect(refused.statusCode).toBe(400);
    const started = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    expect(started.statusCode, started.body).toBe(201);
  });

  it('presents inviteMentor to a holder of RIGHTS on an active trajectory only', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const info = (token: string) => call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}`, token });
    expect((await info(s.teacher.token)).json().abilities.inviteMentor).toBe(true);
    expect((await info(s.pupil.token)).json().abilities.inviteMentor).toBe(false);
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', s.id)
      .execute();
    expect((await info(s.teacher.token)).json().abilities.inviteMentor).toBe(false);
  });

  it('invites one mentor on three trajectories: one mail with a link each, one count against the limits', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const ids = [s.id, ...(await more(s, 2))];
    const email = `klas-${s.id}@bedrijf.nl`;
    const answer = await bulk(s.teacher.token, {
      trajectoryIds: ids,
      email,
      name: 'Petra Bakker',
      role: 'Student',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const items = answer.json().items as { trajectoryId: number; trajectoryName: string; link: string }[];
    expect(items.map((item) => item.trajectoryId)).toEqual(ids);
    expect(items.map((item) => item.trajectoryName)).toEqual([
      'BPV Sam — evaluatie',
      'Student 1',
      'Student 2',
    ]);
    expect(new Set(items.map((item) => item.link)).size).toBe(3);

    const mails = t.mailer.sent.filter((mail) => mail.to === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    for (const item of items) {
      expect(mail?.text).toContain(`- ${item.trajectoryName}: ${item.link}`);
      expect(mail?.html).toContain(item.link);
      const listed = (await linksOf(s, item.trajectoryId)).json().items;
      expect(listed).toMatchObject([{ email, name: 'Petra Bakker', role: 'Student', status: 'ACTIVE' }]);
    }
    expect(mail?.subject).toContain('studenten');

    // Each link is its trajectory's own: its session reads that trajectory.
    const second = items[1];
    const secret = new URL(second?.link ?? '').hash.slice(1);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = t.mailer.lastTo(email)?.subject.match(/\d{6}/)?.[0] ?? '';
    const session = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    const token = session.json().token as string;
    const read = await call(t, { method: 'GET', url: '/api/v2/mentor/assessment', token });
    expect(read.json().trajectory).toEqual({ id: second?.trajectoryId, name: 'Student 1' });

    const counted = await t.ctx.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', `mentor-invite:user:${s.teacher.id}`)
      .executeTakeFirstOrThrow();
    expect(counted.hits).toBe(1);
  });

  it('invites a class of 30 although the inviter’s limit is below 30', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    expect(t.ctx.config.abuseLimits.mentorInvitationsPerInviter.max).toBeLessThan(30);
    const ids = [s.id, ...(await more(s, 29))];
    const email = `dertig-${s.id}@bedrijf.nl`;
    const answer = await bulk(s.teacher.token, { trajectoryIds: ids, email, name: 'Petra', role: 'Student' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().items).toHaveLength(30);
    expect(await linkCount(email)).toBe(30);
    expect(t.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('all or none: a refused trajectory is named and nothing is written or mailed', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const [second, third] = await more(s, 2);
    const ids = [s.id, second as number, third as number];
    const email = `geweigerd-${s.id}@bedrijf.nl`;
    const body = { trajectoryIds: ids, email, name: 'Petra', role: 'Student' };

    // The pupil holds no RIGHTS on any: 403 with each one named.
    const pupil = await bulk(s.pupil.token, body);
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json()).toMatchObject({
      key: 'forbidden',
      fields: ids.map((_, index) => ({ path: `trajectoryIds.${index}`, key: 'forbidden' })),
    });

    // One inactive trajectory (D12): 403 expiredTrajectory at its place.
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', third as number)
      .execute();
    const expired = await bulk(s.teacher.token, body);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      key: 'expiredTrajectory',
      fields: [{ path: 'trajectoryIds.2', key: 'expiredTrajectory' }],
    });
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2099-12-31' })
      .where('id', '=', third as number)
      .execute();

    // A trajectory whose access has no such role: 400 unknownRole at its place.
    const [roleless] = await more(s, 1, [
      defaultAdminRole([], 'Docent'),
      { ...studentRole(), name: 'Leerling' },
    ]);
    const unknown = await bulk(s.teacher.token, { ...body, trajectoryIds: [s.id, roleless] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      key: 'unknownRole',
      fields: [{ path: 'trajectoryIds.1', key: 'unknownRole' }],
    });

    // Another organisation's trajectory among them: 404, as if it were not there.
    const outsider = await buildUser(t);
    const other = await buildOrganisation(t, (await tokensFor(t, outsider.email, null)).accessToken);
    const outsiderToken = (await tokensFor(t, outsider.email, other.id)).accessToken;
    const foreign = await buildEvaluationTrajectory(t, { read: true, write: true });
    expect((await bulk(s.teacher.token, { ...body, trajectoryIds: [s.id, foreign.id] })).statusCode).toBe(
      404,
    );
    expect((await bulk(outsiderToken, body)).statusCode).toBe(404);
    // An unknown id alike.
    expect((await bulk(s.teacher.token, { ...body, trajectoryIds: [s.id, 2_000_000_000] })).statusCode).toBe(
      404,
    );

    expect(await linkCount(email)).toBe(0);
    expect(t.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(0);
    const invitee = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(invitee).toBeUndefined();
  });

  it('refuses a bad body with a 400 and its key, and answers 401 without a token', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const body = {
      trajectoryIds: [s.id],
      email: `slecht-${s.id}@bedrijf.nl`,
      name: 'Petra',
      role: 'Student',
    };
    const cases: [object, string, string][] = [
      [{ ...body, trajectoryIds: [] }, 'trajectoryIds', 'required'],
      [{ ...body, trajectoryIds: [s.id, s.id] }, 'trajectoryIds.1', 'duplicate'],
      [
        { ...body, trajectoryIds: Array.from({ length: 201 }, (_, i) => i + 1) },
        'trajectoryIds',
        'tooManyRows',
      ],
      [{ ...body, email: 'geen adres' }, 'email', 'invalidEmail'],
      [{ ...body, name: '' }, 'name', 'required'],
    ];
    for (const [payload, path, key] of cases) {
      const answer = await bulk(s.teacher.token, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json().fields).toContainEqual({ path, key });
    }
    expect((await call(t, { method: 'POST', url: '/api/v2/mentor-links', payload: body })).statusCode).toBe(
      401,
    );
  });
});
