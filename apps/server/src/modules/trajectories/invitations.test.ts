import { type AccountState, defaultAdminRole, type TrajectoryRoleInput } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  PASSWORD,
  type TestApp,
  tokensFor,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { studentRole } from '../../../test/trajectory-fixture.ts';

/**
 * D58 (issue 31): an import invites the people it gives access by mail — only with its option on, only
 * addresses without an account, in the import's transaction (a refused import mails no one) — and the
 * access answer shows each user's account and invitation to a RIGHTS holder, who may mail it again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const docent = defaultAdminRole([], 'Docent');
const student: TrajectoryRoleInput = studentRole();

/** A school: a teacher (owner) with a trajectory blueprint (roles Docent, Student) and a pupil with an account. */
async function school(app: TestApp = t) {
  const teacher = await buildUser(app);
  const org = await buildOrganisation(app, (await login(app, teacher.email)).accessToken);
  const token = (await tokensFor(app, teacher.email, org.id)).accessToken;
  const pupil = await buildUser(app);
  await addMember(app, org.id, pupil.id, 'USER');
  const blueprint = (
    await call(app, {
      method: 'POST',
      url: '/api/blueprints',
      token,
      payload: { type: 'TRAJECTORY', name: 'BPV' },
    })
  ).json();
  const patched = await call(app, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${blueprint.id}/content`,
    token,
    payload: [{ op: 'replace', path: '/roles', value: [docent, student] }],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return { org, blueprintId: blueprint.id as number, teacher: { ...teacher, token }, pupil };
}
type School = Awaited<ReturnType<typeof school>>;

const importBody = (
  s: School,
  rows: { name: string; email?: string }[],
  extra: Record<string, unknown> = {},
) => ({
  blueprintId: s.blueprintId,
  access: { roles: [docent, student], users: [{ user: s.teacher.email, roles: ['Docent'] }] },
  studentRole: 'Student',
  rows,
  ...extra,
});

const runImport = (s: School, payload: object, app: TestApp = t) =>
  call(app, { method: 'POST', url: '/api/v2/trajectories/import', token: s.teacher.token, payload });

async function usersRow(email: string) {
  return t.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

async function memberRole(organisationId: number, email: string) {
  const row = await t.ctx.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.role')
    .where('m.organisation_id', '=', organisationId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row?.role;
}

const invitationMails = (email: string) =>
  t.mailer.sent.filter((mail) => mail.to === email && mail.text.includes('/register?email='));

describe('an import invites its people (D58)', () => {
  it('mails an address without an account (once), not one with an account; the invitee registers and finds the trajectory', async () => {
    const s = await school();
    const fresh = uniqueEmail('leerling').toLowerCase();
    const ran = await runImport(
      s,
      importBody(s, [
        { name: 'Anna', email: fresh },
        { name: 'Bram', email: s.pupil.email },
        { name: 'Anna (tweede klas)', email: fresh.toUpperCase() },
        { name: 'Zonder adres' },
      ]),
    );
    expect(ran.statusCode, ran.body).toBe(201);
    expect(ran.json().people).toEqual([
      { email: fresh, account: 'INVITED' },
      { email: s.pupil.email, account: 'HAD_ACCOUNT' },
    ]);
    expect(invitationMails(fresh)).toHaveLength(1);
    expect(t.mailer.sent.filter((mail) => mail.to === s.pupil.email)).toHaveLength(0);
    expect(t.mailer.sent.filter((mail) => mail.to === s.teacher.email)).toHaveLength(0);
    const mail = invitationMails(fresh)[0]!;
    expect(mail.subject).toContain(s.org.name);
    expect(mail.text).toContain(s.teacher.email);
    // Nothing the invitee may not see: no trajectory of another row, no other person.
    expect(mail.text).not.toContain('Bram');
    expect(mail.text).not.toContain(s.pupil.email);
    expect(await memberRole(s.org.id, fresh)).toBe('USER');
    expect((await usersRow(fresh))?.activated_at).toBeNull();

    const link = t.mailer.linkTo(fresh, '/register');
    expect(new URL(link).searchParams.get('email')).toBe(fresh);
    await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: fresh, password: PASSWORD },
    });
    const code = t.mailer.codeTo(fresh, '/activate');
    // D53: access waits for the address, so the activation sets the password.
    const withoutPassword = await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code } });
    expect(withoutPassword.statusCode).toBe(409);
    await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code, password: PASSWORD } });
    const tokens = await tokensFor(t, fresh, s.org.id);
    const list = (
      await call(t, { method: 'GET', url: '/api/v2/trajectories', token: tokens.accessToken })
    ).json();
    expect(list.map((item: { name: string }) => item.name).sort()).toEqual(['Anna', 'Anna (tweede klas)']);
  });

  it('mails no one with the option off: each person is told as they are, nothing is written for them', async () => {
    const s = await school();
    const fresh = uniqueEmail('uit').toLowerCase();
    const ran = await runImport(
      s,
      importBody(
        s,
        [
          { name: 'Anna', email: fresh },
          { name: 'Bram', email: s.pupil.email },
        ],
        { invite: false },
      ),
    );
    expect(ran.statusCode, ran.body).toBe(201);
    expect(ran.json().people).toEqual([
      { email: fresh, account: 'NOT_INVITED' },
      { email: s.pupil.email, account: 'HAD_ACCOUNT' },
    ]);
    expect(t.mailer.sent.filter((mail) => mail.to === fresh)).toHaveLength(0);
    expect(await usersRow(fresh)).toBeUndefined();
  });

  it('mails no one and makes no account for a refused import (a bad row, or past the invitation limit)', async () => {
    const s = await school();
    const fresh = uniqueEmail('geweigerd').toLowerCase();
    const refused = await runImport(
      s,
      importBody(s, [
        { name: 'Anna', email: fresh },
        { name: 'Anna', email: uniqueEmail('dubbel') },
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(t.mailer.sent.filter((mail) => mail.to === fresh)).toHaveLength(0);
    expect(await usersRow(fresh)).toBeUndefined();

    const limited = await createTestApp({
      abuseLimits: {
        ...t.ctx.config.abuseLimits,
        accountInvitationsPerInviter: { max: 2, windowSeconds: 3600 },
      },
    });
    try {
      const l = await school(limited);
      const three = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')].map((email) =>
        email.toLowerCase(),
      );
      const tooMany = await runImport(
        l,
        importBody(
          l,
          three.map((email, index) => ({ name: `Leerling ${index}`, email })),
        ),
        limited,
      );
      expect(tooMany.statusCode).toBe(429);
      expect(limited.mailer.sent.filter((mail) => three.includes(mail.to))).toHaveLength(0);
      const made = await limited.ctx.db
        .selectFrom('trajectories')
        .select('id')
        .where('organisation_id', '=', l.org.id)
        .execute();
      expect(made).toHaveLength(0);
      // A failed import counted nothing: two invitations still go.
      const two = await runImport(
        l,
        importBody(
          l,
          three.slice(0, 2).map((email, index) => ({ name: `Leerling ${index}`, email })),
        ),
        limited,
      );
      expect(two.statusCode, two.body).toBe(201);
      expect(limited.mailer.sent.filter((mail) => three.includes(mail.to))).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the access answer shows invitations (D58)', () => {
  async function imported() {
    const s = await school();
    const fresh = uniqueEmail('kind').toLowerCase();
    const ran = await runImport(s, importBody(s, [{ name: 'Anna', email: fresh }]));
    expect(ran.statusCode, ran.body).toBe(201);
    const id = ran.json().ids[0] as number;
    // A person added by hand in the access editor: no account and not invited.
    const stranger = uniqueEmail('hand').toLowerCase();
    const access = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${id}/access`,
      token: s.teacher.token,
    });
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${id}/access`,
      token: s.teacher.token,
      headers: { 'if-match': access.headers.etag as string },
      payload: {
        roles: access.json().roles,
        users: [
          ...access.json().users,
          { user: stranger, roles: ['Student'] },
          { user: s.pupil.email, roles: ['Student'] },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    return { s, id, fresh, stranger };
  }

  it('tells a RIGHTS holder each user’s account: active, invited (when), none; not a reader without RIGHTS', async () => {
    const { s, id, fresh, stranger } = await imported();
    const answer = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${id}/access`,
      token: s.teacher.token,
    });
    const accounts = answer.json().accounts as AccountState[];
    const byUser = new Map(accounts.map((entry) => [entry.user, entry]));
    expect(byUser.get(s.teacher.email)).toEqual({ user: s.teacher.email, state: 'ACTIVE', invitedAt: null });
    expect(byUser.get(s.pupil.email)?.state).toBe('ACTIVE');
    expect(byUser.get(fresh)?.state).toBe('INVITED');
    expect(Date.now() - Date.parse(byUser.get(fresh)?.invitedAt ?? '')).toBeLessThan(60_000);
    expect(byUser.get(stranger)).toEqual({ user: stranger, state: 'NONE', invitedAt: null });

    const pupilToken = (await tokensFor(t, s.pupil.email, s.org.id)).accessToken;
    const asPupil = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${id}/access`,
      token: pupilToken,
    });
    expect(asPupil.statusCode).toBe(200);
    expect(asPupil.json()).not.toHaveProperty('accounts');
  });

  it('mails the invitation again for a RIGHTS holder (limited per invitee); refuses an active account, a stranger, a reader, another organisation', async () => {
    const { s, id, fresh, stranger } = await imported();
    const invite = (user: string, token = s.teacher.token) =>
      call(t, { method: 'POST', url: `/api/v2/trajectories/${id}/invitations`, token, payload: { user } });

    const first = await invite(stranger);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ user: stranger, state: 'INVITED' });
    expect(invitationMails(stranger)).toHaveLength(1);
    expect(await memberRole(s.org.id, stranger)).toBe('USER');

    const again = await invite(fresh);
    expect(again.statusCode, again.body).toBe(200);
    expect(invitationMails(fresh)).toHaveLength(2);

    const active = await invite(s.pupil.email);
    expect(active.statusCode).toBe(409);
    expect(active.json().key).toBe('accountActive');
    const outsider = await invite(uniqueEmail('niet-in-toegang'));
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().fields).toEqual([{ path: 'user', key: 'invalidValue' }]);

    const pupilToken = (await tokensFor(t, s.pupil.email, s.org.id)).accessToken;
    expect((await invite(fresh, pupilToken)).statusCode).toBe(403);
    const other = await school();
    expect((await invite(fresh, other.teacher.token)).statusCode).toBe(404);
    expect(invitationMails(fresh)).toHaveLength(2);

    // Three a day per invitee and organisation (the import's was not one of them).
    expect((await invite(fresh)).statusCode).toBe(200);
    expect((await invite(fresh)).statusCode).toBe(200);
    const limited = await invite(fresh);
    expect(limited.statusCode).toBe(429);
    expect(invitationMails(fresh)).toHaveLength(4);
  });
});
