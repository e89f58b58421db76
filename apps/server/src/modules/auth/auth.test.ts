import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildUser,
  call,
  createTestApp,
  decodeClaims,
  login,
  PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { AccessTokens } from '../../plugins/access-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  call(t, { method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });

describe('register → activate → login', () => {
  it('registers, mails an activation link, refuses sign-in until activated, then signs in', async () => {
    const email = uniqueEmail('New');
    const res = await post('/api/auth/register', { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const lower = email.toLowerCase();
    const link = t.mailer.linkTo(lower, '/activate');
    expect(link.startsWith(`${t.ctx.config.publicUrl}/activate?code=`)).toBe(true);
    expect(t.mailer.lastTo(lower)?.subject).toBe('Activeer je Groeipad-account');

    const early = await post('/api/auth/login', { email: lower, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ status: 403, key: 'accountNotActivated' });

    const code = t.mailer.codeTo(lower, '/activate');
    expect((await post('/api/auth/activate', { code })).statusCode).toBe(200);
    // single use
    expect((await post('/api/auth/activate', { code })).json()).toEqual({
      status: 400,
      key: 'activationFailed',
    });

    const tokens = await login(t, lower);
    const claims = decodeClaims(tokens.accessToken);
    expect(Object.keys(claims).sort()).toEqual([
      'eula',
      'exp',
      'organisation_id',
      'sub',
      'user_id',
      'user_role',
    ]);
    expect(claims).toMatchObject({ sub: lower, organisation_id: null, user_role: null, eula: false });
  });

  it('sends the mail in English when asked', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', { email, password: PASSWORD, language: 'en' });
    expect(t.mailer.lastTo(email)?.subject).toBe('Activate your Groeipad account');
  });

  it('answers a known address exactly like a new one, and mails the owner a notice instead', async () => {
    const user = await buildUser(t);
    const res = await post('/api/auth/register', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(t.mailer.lastTo(user.email)?.subject).toBe('Je hebt al een Groeipad-account');
    // the existing password still works: registration did not overwrite it
    await login(t, user.email);
  });

  it('an activation code expires', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', { email, password: PASSWORD });
    const code = t.mailer.codeTo(email, '/activate');
    await t.ctx.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await post('/api/auth/activate', { code })).statusCode).toBe(400);
  });

  it.each([
    ['short', 'Ab1!', 'passwordRestrictions'],
    ['one class', 'abcdefghijk', 'passwordRestrictions'],
    ['digits only', '1234567890', 'passwordRestrictions'],
  ])('refuses a weak password (%s)', async (_name, password, key) => {
    const res = await post('/api/auth/register', { email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, key: 'validationError', fields: [{ path: 'password', key }] });
  });

  it.each([
    [{ email: 'not-an-address', password: PASSWORD }, 'email', 'invalidEmail'],
    [{ password: PASSWORD }, 'email', 'required'],
    [{ email: 42, password: PASSWORD }, 'email', 'required'],
    [{ email: `${'a'.repeat(250)}@x.nl`, password: PASSWORD }, 'email', 'tooLong'],
    [{ email: uniqueEmail(), password: 'x'.repeat(129) }, 'password', 'tooLong'],
  ])('refuses bad register input %#', async (payload, path, key) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path, key });
  });
});

describe('login', () => {
  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const user = await buildUser(t);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Wrong-password1' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong-password1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, key: 'invalidLogin' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 400, 'invalidJson'],
    ['a JSON array', '[]', 'application/json', 400, 'validationError'],
    ['plain text', 'hello', 'text/plain', 415, 'unsupportedMediaType'],
  ])('answers %s with a 4xx and a key', async (_name, body, type, status, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, key });
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh, and reuse of a rotated token revokes that sign-in', async () => {
    const user = await buildUser(t);
    const first = await login(t, user.email);
    const refresh = (refreshToken: string) =>
      post('/api/auth/refresh', { email: user.email, refreshToken, organisationId: null });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const secondTokens = second.json();
    expect(secondTokens.refreshToken).not.toBe(first.refreshToken);

    // past the grace period, presenting the rotated token again is reuse
    await t.ctx.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .where('rotated_at', 'is not', null)
      .where('user_id', '=', user.id)
      .execute();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ status: 401, key: 'invalidRefreshToken' });
    // the whole sign-in is gone, including the token issued by the rotation
    expect((await refresh(secondTokens.refreshToken)).statusCode).toBe(401);
    // another sign-in of the same user is untouched
    const other = await login(t, user.email);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers two refreshes of one token at once with the same successor (issue 6, defect 8)', async () => {
    const user = await buildUser(t);
    const first = await login(t, user.email);
    const refresh = (refreshToken: string) =>
      post('/api/auth/refresh', { email: user.email, refreshToken, organisationId: null });
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refreshToken).toBe(b.json().refreshToken);
    // a retry a moment later too; and the successor goes on working
    const retry = await refresh(first.refreshToken);
    expect(retry.json().refreshToken).toBe(a.json().refreshToken);
    const next = await refresh(a.json().refreshToken);
    expect(next.statusCode).toBe(200);
    // once the successor has moved on, the old token is reuse: the sign-in ends
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.json().refreshToken)).statusCode).toBe(401);
  });

  it('issues tokens for an organisation only to its members', async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const ownerTokens = await login(t, owner.email);
    const org = await post(
      '/api/organisations',
      { ...(await import('../../../test/helpers.ts')).organisationInput() },
      ownerTokens.accessToken,
    );
    const orgId = org.json().id as number;

    const mine = await post('/api/auth/refresh', {
      email: owner.email,
      refreshToken: ownerTokens.refreshToken,
      organisationId: orgId,
    });
    expect(mine.statusCode).toBe(200);
    expect(decodeClaims(mine.json().accessToken)).toMatchObject({
      organisation_id: orgId,
      user_role: 'OWNER',
      eula: true,
    });

    const strangerTokens = await login(t, stranger.email);
    const theirs = await post('/api/auth/refresh', {
      email: stranger.email,
      refreshToken: strangerTokens.refreshToken,
      organisationId: orgId,
    });
    expect(theirs.statusCode).toBe(404);
    // a refused refresh does not use up the token
    expect(
      (await post('/api/auth/refresh', { email: stranger.email, refreshToken: strangerTokens.refreshToken }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a token presented with another address, and an expired one', async () => {
    const user = await buildUser(t);
    const tokens = await login(t, user.email);
    expect(
      (await post('/api/auth/refresh', { email: uniqueEmail(), refreshToken: tokens.refreshToken }))
        .statusCode,
    ).toBe(401);
    await t.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(
      (await post('/api/auth/refresh', { email: user.email, refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(401);
  });

  it('accepting the licence and refreshing yields eula: true', async () => {
    const user = await buildUser(t, { eula: false });
    const tokens = await login(t, user.email);
    expect(decodeClaims(tokens.accessToken).eula).toBe(false);
    expect((await post('/api/auth/eula', {}, tokens.accessToken)).statusCode).toBe(200);
    const refreshed = await post('/api/auth/refresh', {
      email: user.email,
      refreshToken: tokens.refreshToken,
      organisationId: null,
    });
    expect(decodeClaims(refreshed.json().accessToken).eula).toBe(true);
  });
});

describe('access tokens', () => {
  it('answers 401 without a token, with a forged, a tampered, an unsigned and an expired one', async () => {
    const user = await buildUser(t);
    const { accessToken } = await login(t, user.email);
    const forged = new AccessTokens('another-secret-that-is-long-enough-for-hs256', 900);
    const forgedToken = await forged.sign({
      userId: user.id,
      email: user.email,
      organisationId: null,
      role: null,
      eula: true,
    });
    const expired = await t.ctx.tokens.sign(
      { userId: user.id, email: user.email, organisationId: null, role: null, eula: true },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const [header, , signature] = accessToken.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...decodeClaims(accessToken), user_id: user.id + 1 })).toString('base64url')}.${signature}`;
    // Unsigned ("alg": "none") with the same claims: only HS256 is accepted.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${accessToken.split('.')[1]}.`;
    for (const url of ['/api/users/me', '/api/organisations']) {
      expect((await call(t, { method: 'GET', url })).json()).toEqual({ status: 401, key: 'unauthorized' });
      expect((await call(t, { method: 'GET', url, token: forgedToken })).statusCode).toBe(401);
      expect((await call(t, { method: 'GET', url, token: tampered })).statusCode).toBe(401);
      expect((await call(t, { method: 'GET', url, token: unsigned })).statusCode).toBe(401);
      expect((await call(t, { method: 'GET', url, token: expired })).json()).toEqual({
        status: 401,
        key: 'tokenExpired',
      });
      expect(
        (await call(t, { method: 'GET', url, headers: { authorization: 'Basic abc' } })).statusCode,
      ).toBe(401);
    }
    expect((await post('/api/auth/eula', {}, forgedToken)).statusCode).toBe(401);
    expect(
      (await call(t, { method: 'DELETE', url: '/api/auth/logout-all', token: expired })).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link, sets the new password and ends every sign-in', async () => {
    const user = await buildUser(t);
    const session = await login(t, user.email);
    expect(
      (await post('/api/auth/request-password-reset', { email: user.email.toUpperCase() })).statusCode,
    ).toBe(200);
    const code = t.mailer.codeTo(user.email, '/reset-password');
    const newPassword = 'Nieuw-wachtwoord2';
    expect((await post('/api/auth/reset-password', { code, password: 'weak' })).json().fields).toEqual([
      { path: 'password', key: 'passwordRestrictions' },
    ]);
    expect((await post('/api/auth/reset-password', { code, password: newPassword })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { code, password: newPassword })).json()).toEqual({
      status: 400,
      key: 'resetPasswordFailed',
    });
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    await login(t, user.email, newPassword);
    expect(
      (await post('/api/auth/refresh', { email: user.email, refreshToken: session.refreshToken })).statusCode,
    ).toBe(401);
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/request-password-reset', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(t.mailer.lastTo(email)).toBeUndefined();
  });

  it('a reset code expires', async () => {
    const user = await buildUser(t);
    await post('/api/auth/request-password-reset', { email: user.email });
    const code = t.mailer.codeTo(user.email, '/reset-password');
    await t.ctx.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('/api/auth/reset-password', { code, password: 'Nieuw-wachtwoord2' })).statusCode).toBe(
      400,
    );
  });

  it('only the newest reset link works', async () => {
    const user = await buildUser(t);
    await post('/api/auth/request-password-reset', { email: user.email });
    const old = t.mailer.codeTo(user.email, '/reset-password');
    await post('/api/auth/request-password-reset', { email: user.email });
    expect(
      (await post('/api/auth/reset-password', { code: old, password: 'Nieuw-wachtwoord2' })).statusCode,
    ).toBe(400);
  });
});

describe('log out', () => {
  it('logout/{refreshToken} ends one sign-in; logout-all ends every sign-in', async () => {
    const user = await buildUser(t);
    const a = await login(t, user.email);
    const b = await login(t, user.email);
    const c = await login(t, user.email);
    const refresh = (token: string) => post('/api/auth/refresh', { email: user.email, refreshToken: token });
    expect((await call(t, { method: 'DELETE', url: `/api/auth/logout/${a.refreshToken}` })).statusCode).toBe(
      200,
    );
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    const bRotated = await refresh(b.refreshToken);
    expect(bRotated.statusCode).toBe(200);
    expect(
      (await call(t, { method: 'DELETE', url: '/api/auth/logout-all', token: c.accessToken })).statusCode,
    ).toBe(200);
    expect((await refresh(bRotated.json().refreshToken)).statusCode).toBe(401);
    expect((await refresh(c.refreshToken)).statusCode).toBe(401);
    // logging out an unknown token is harmless
    expect((await call(t, { method: 'DELETE', url: '/api/auth/logout/unknown-token' })).statusCode).toBe(200);
  });
});

/** Runs `test` against an app with the given limits (requests per 900 s window). */
async function withLimits(
  limits: { perAddress: number; addressCeiling?: number; perClient: number },
  test: (limited: TestApp) => Promise<void>,
) {
  const window = (max: number) => ({ max, windowSeconds: 900 });
  const limited = await createTestApp({
    rateLimit: {
      perAddress: window(limits.perAddress),
      addressCeiling: window(limits.addressCeiling ?? 10_000),
      perClient: window(limits.perClient),
    },
  });
  try {
    await test(limited);
  } finally {
    await limited.close();
  }
}

const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

function loginFrom(limited: TestApp, email: string, password: string, ip: string) {
  return limited.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

describe('rate limits', () => {
  it('counts sign-in failures per (address, client): 429 with Retry-After for that pair, while the owner signs in from elsewhere', () =>
    withLimits({ perAddress: 3, perClient: 1000 }, async (limited) => {
      const user = await buildUser(limited);
      const attacker = randomIp();
      for (let i = 0; i < 3; i++)
        expect((await loginFrom(limited, user.email, 'Wrong-password1', attacker)).statusCode).toBe(401);
      const blocked = await loginFrom(limited, user.email, 'Wrong-password1', attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 429, key: 'tooManyRequests' });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // the attacker's pair waits, even with the right password …
      expect((await loginFrom(limited, user.email, PASSWORD, attacker)).statusCode).toBe(429);
      // … but the owner, from their own network, is not locked out
      expect((await loginFrom(limited, user.email, PASSWORD, randomIp())).statusCode).toBe(200);

      const email = uniqueEmail();
      const reset = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
      for (let i = 0; i < 3; i++) expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(429);
    }));

  it('keeps a higher per-address ceiling against guessing from many clients', () =>
    withLimits({ perAddress: 3, addressCeiling: 5, perClient: 1000 }, async (limited) => {
      const user = await buildUser(limited);
      for (let i = 0; i < 5; i++)
        expect((await loginFrom(limited, user.email, 'Wrong-password1', randomIp())).statusCode).toBe(401);
      const ceiling = await loginFrom(limited, user.email, PASSWORD, randomIp());
      expect(ceiling.statusCode).toBe(429);
      expect(Number(ceiling.headers['retry-after'])).toBeGreaterThan(0);
    }));

  it('never counts successful sign-ins: a school network signs in all day (issue 6, defect 3)', () =>
    withLimits({ perAddress: 2, addressCeiling: 2, perClient: 2 }, async (limited) => {
      const school = randomIp();
      const users = [await buildUser(limited), await buildUser(limited)];
      for (let i = 0; i < 6; i++)
        expect((await loginFrom(limited, users[i % 2]!.email, PASSWORD, school)).statusCode).toBe(200);
      // failures from that network still count per client
      await loginFrom(limited, uniqueEmail(), 'Wrong-password1', school);
      await loginFrom(limited, uniqueEmail(), 'Wrong-password1', school);
      expect((await loginFrom(limited, users[0]!.email, PASSWORD, school)).statusCode).toBe(429);
    }));

  it('limits registrations per address', () =>
    withLimits({ perAddress: 2, perClient: 1000 }, async (limited) => {
      const email = uniqueEmail();
      const register = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email, password: PASSWORD },
        });
      expect((await register()).statusCode).toBe(200);
      expect((await register()).statusCode).toBe(200);
      expect((await register()).json()).toEqual({ status: 429, key: 'tooManyRequests' });
    }));

  it('limits per client across addresses', () =>
    withLimits({ perAddress: 100, perClient: 2 }, async (limited) => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const register = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), password: PASSWORD },
        });
      expect((await register()).statusCode).toBe(200);
      expect((await register()).statusCode).toBe(200);
      expect((await register()).statusCode).toBe(429);
    }));
});

describe('answers that must not reveal an account (issue 6, defect 5)', () => {
  it('register and reset requests answer before any work that depends on the account, known or not', async () => {
    // A test app of its own: `inject` without `call` leaves the queued job alone until drained.
    const manual = await createTestApp();
    try {
      const known = await buildUser(manual);
      const rowsOf = async (email: string) => {
        const user = await manual.ctx.db
          .selectFrom('users')
          .select(['id', 'password_hash'])
          .where('email', '=', email)
          .executeTakeFirst();
        const codes = user
          ? await manual.ctx.db.selectFrom('auth_codes').select('id').where('user_id', '=', user.id).execute()
          : [];
        return { user, codes: codes.length };
      };
      const cases = [
        ['/api/auth/register', known.email, 'account.registration'],
        ['/api/auth/register', uniqueEmail('nieuw'), 'account.registration'],
        ['/api/auth/request-password-reset', known.email, 'account.reset-request'],
        ['/api/auth/request-password-reset', uniqueEmail('onbekend'), 'account.reset-request'],
      ] as const;
      for (const [url, email, job] of cases) {
        const before = await rowsOf(email);
        const res = await manual.app.inject({ method: 'POST', url, payload: { email, password: PASSWORD } });
        expect(res.statusCode, `${url} ${email}`).toBe(200);
        expect(res.json()).toEqual({ ok: true });
        // the same before answering: one job queued, no mail, nothing of the account touched
        const queued = manual.ctx.jobs.tracked;
        expect(queued).toHaveLength(1);
        expect(await manual.ctx.jobs.status(queued[0]!)).toMatchObject({ name: job, state: 'queued' });
        const payload = await manual.ctx.db
          .selectFrom('jobs')
          .select('payload')
          .where('id', '=', queued[0]!)
          .executeTakeFirstOrThrow();
        // never the password itself in the queue
        expect(JSON.stringify(payload)).not.toContain(PASSWORD);
        expect(manual.mailer.sent).toHaveLength(0);
        expect(await rowsOf(email)).toEqual(before);
        await manual.ctx.jobs.drain();
        expect(manual.ctx.jobs.tracked).toHaveLength(0);
        // the account work is done and its payload (a password hash) cleared
        expect(await manual.ctx.jobs.status(queued[0]!)).toMatchObject({ state: 'done', attempts: 1 });
        expect(
          (
            await manual.ctx.db
              .selectFrom('jobs')
              .select('payload')
              .where('id', '=', queued[0]!)
              .executeTakeFirst()
          )?.payload,
        ).toEqual({});
        manual.mailer.sent.splice(0);
      }
    } finally {
      await manual.close();
    }
  });
});
