import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, createTestApp, login, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { twoFactorClock } from './two-factor.ts';

/** A fixed moment in the middle of a 30-second step; each test moves it as it needs. */
const T0 = Date.UTC(2026, 0, 5, 9, 0, 15);
let now = T0;
/** The real clock, put back after this file: the files of a worker share the module (isolate: false). */
const realClock = twoFactorClock.now;

let t: TestApp;
beforeAll(async () => {
  twoFactorClock.now = () => now;
  t = await createTestApp();
});
afterAll(async () => {
  twoFactorClock.now = realClock;
  await t.close();
});
afterEach(() => {
  now = T0;
});

const post = (url: string, payload: object, token?: string, ip?: string) =>
  call(t, {
    method: 'POST',
    url,
    payload,
    ...(token ? { token } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** The code an authenticator app shows at `timestamp`. */
function codeAt(secret: string, timestamp: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp,
  });
}

/** A user with two-factor sign-in on: their secret and recovery codes. */
async function enrolled(app = t) {
  const user = await buildUser(app);
  const { accessToken } = await login(app, user.email);
  const setup = await call(app, {
    method: 'POST',
    url: '/api/auth/two-factor/setup',
    token: accessToken,
    payload: {},
  });
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json<{ secret: string; uri: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Groeipad:.+\?.*secret=/);
  expect(uri).toContain('algorithm=SHA1');
  expect(uri).toContain('digits=6');
  expect(uri).toContain('period=30');
  const confirm = await call(app, {
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    token: accessToken,
    payload: { code: codeAt(secret, now) },
  });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
  // a minute on: the confirming code's step is used, and the step before now is a later one
  now += 60_000;
  return { user, secret, recoveryCodes, accessToken };
}

async function challengeFor(email: string, app = t): Promise<string> {
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ twoFactor: string; challenge: string }>();
  expect(Object.keys(body).sort()).toEqual(['challenge', 'twoFactor']);
  expect(body.twoFactor).toBe('required');
  return body.challenge;
}

const second = (payload: object, app = t, ip?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload,
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('two-factor sign-in', () => {
  it('enrols: a secret not in force until confirmed, then ten recovery codes, once', async () => {
    const user = await buildUser(t);
    const { accessToken } = await login(t, user.email);
    const status = () => call(t, { method: 'GET', url: '/api/auth/two-factor', token: accessToken });
    expect((await status()).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const setup = await post('/api/auth/two-factor/setup', {}, accessToken);
    const { secret } = setup.json<{ secret: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // not yet in force: sign-in gives tokens
    expect(Object.keys((await login(t, user.email)) as object).sort()).toEqual([
      'accessToken',
      'refreshToken',
    ]);
    const wrong = await post(
      '/api/auth/two-factor/confirm',
      { code: codeAt(secret, now + 90_000) },
      accessToken,
    );
    expect(wrong.json()).toEqual({ status: 401, key: 'invalidTwoFactorCode' });
    const malformed = await post('/api/auth/two-factor/confirm', { code: 'abcdef' }, accessToken);
    expect(malformed.statusCode).toBe(400);
    const confirm = await post('/api/auth/two-factor/confirm', { code: codeAt(secret, now) }, accessToken);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await status()).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // only hashes are kept
    const stored = await t.ctx.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    // on: a second setup or confirmation is refused
    expect((await post('/api/auth/two-factor/setup', {}, accessToken)).json()).toEqual({
      status: 409,
      key: 'twoFactorAlreadyEnabled',
    });
    expect(
      (await post('/api/auth/two-factor/confirm', { code: codeAt(secret, now + 30_000) }, accessToken))
        .statusCode,
    ).toBe(409);
  });

  it('a sign-in needs the code: the password earns a challenge, the code the tokens', async () => {
    const { user, secret } = await enrolled();
    const challenge = await challengeFor(user.email);
    const res = await second({ challenge, code: codeAt(secret, now) });
    expect(res.statusCode).toBe(200);
    const tokens = res.json<{ accessToken: string; refreshToken: string }>();
    const me = await call(t, { method: 'GET', url: '/api/auth/two-factor', token: tokens.accessToken });
    expect(me.statusCode).toBe(200);
    // a wrong password still answers as before
    const bad = await post('/api/auth/login', { email: user.email, password: 'Wrong-password1' });
    expect(bad.json()).toEqual({ status: 401, key: 'invalidLogin' });
  });

  it('accepts a code of 30 seconds before or after, refuses one of 60 seconds off', async () => {
    const { user, secret } = await enrolled();
    const challenge = await challengeFor(user.email);
    expect((await second({ challenge, code: codeAt(secret, now - 60_000) })).statusCode).toBe(401);
    expect((await second({ challenge, code: codeAt(secret, now + 60_000) })).statusCode).toBe(401);
    expect((await second({ challenge, code: codeAt(secret, now - 30_000) })).statusCode).toBe(200);
    now += 60_000;
    // the phone's clock runs 30 s ahead
    expect((await second({ challenge, code: codeAt(secret, now + 30_000) })).statusCode).toBe(200);
  });

  it('refuses a code used before, and any older one after it', async () => {
    const { user, secret } = await enrolled();
    const challenge = await challengeFor(user.email);
    const code = codeAt(secret, now);
    expect((await second({ challenge, code })).statusCode).toBe(200);
    const again = await second({ challenge, code });
    expect(again.json()).toEqual({ status: 401, key: 'invalidTwoFactorCode' });
    // the step before is within the window, but older than the code used
    expect((await second({ challenge, code: codeAt(secret, now - 30_000) })).statusCode).toBe(401);
    // the next step's code works
    now += 30_000;
    expect((await second({ challenge, code: codeAt(secret, now) })).statusCode).toBe(200);
  });

  it('a recovery code works once; case, spaces and dashes do not matter', async () => {
    const { user, recoveryCodes, accessToken } = await enrolled();
    const challenge = await challengeFor(user.email);
    const typed = ` ${recoveryCodes[0]!.replace('-', ' ').toUpperCase()} `;
    expect((await second({ challenge, recoveryCode: typed })).statusCode).toBe(200);
    const again = await second({ challenge, recoveryCode: recoveryCodes[0] });
    expect(again.json()).toEqual({ status: 401, key: 'invalidTwoFactorCode' });
    expect((await second({ challenge, recoveryCode: 'aaaaa-bbbbb' })).statusCode).toBe(401);
    expect((await second({ challenge, recoveryCode: recoveryCodes[1] })).statusCode).toBe(200);
    const status = await call(t, { method: 'GET', url: '/api/auth/two-factor', token: accessToken });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    // neither code nor recovery code
    expect((await second({ challenge })).json()).toMatchObject({ status: 400, key: 'invalidTwoFactorCode' });
  });

  it('the challenge is no access token, cannot be forged and expires', async () => {
    const { user, secret, accessToken } = await enrolled();
    const challenge = await challengeFor(user.email);
    const asToken = await call(t, { method: 'GET', url: '/api/auth/two-factor', token: challenge });
    expect(asToken.statusCode).toBe(401);
    // an access token is no challenge
    expect((await second({ challenge: accessToken, code: codeAt(secret, now) })).json()).toEqual({
      status: 401,
      key: 'twoFactorChallengeExpired',
    });
    // another user's id under the same signature
    const [, expiry, mac] = challenge.split('.');
    const forged = await second({ challenge: `${user.id + 1}.${expiry}.${mac}`, code: codeAt(secret, now) });
    expect(forged.json()).toEqual({ status: 401, key: 'twoFactorChallengeExpired' });
    const later = `${user.id}.${Number(expiry) + 3600}.${mac}`;
    expect((await second({ challenge: later, code: codeAt(secret, now) })).statusCode).toBe(401);
    // five minutes on, the challenge has expired (the challenge's clock is the server's own)
    const expired = `${user.id}.${Math.floor(Date.now() / 1000) - 1}`;
    const { createHmac } = await import('node:crypto');
    const signed = createHmac('sha256', t.ctx.config.jwtSecret)
      .update(`two-factor-challenge\0${expired}`)
      .digest('base64url');
    const res = await second({ challenge: `${expired}.${signed}`, code: codeAt(secret, now) });
    expect(res.json()).toEqual({ status: 401, key: 'twoFactorChallengeExpired' });
    // the code was not spent on the refused attempts
    expect((await second({ challenge, code: codeAt(secret, now) })).statusCode).toBe(200);
  });

  it('a user without two-factor sign-in signs in as before', async () => {
    const user = await buildUser(t);
    const res = await post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken']);
    // and has no challenge to answer
    const setup = await post('/api/auth/two-factor/disable', { code: '123456' }, res.json().accessToken);
    expect(setup.json()).toEqual({ status: 409, key: 'twoFactorNotEnabled' });
  });

  it('turning it off takes a current code or a recovery code; then sign-in is one step again', async () => {
    const { user, secret, recoveryCodes, accessToken } = await enrolled();
    const off = (payload: object) => post('/api/auth/two-factor/disable', payload, accessToken);
    expect((await off({})).statusCode).toBe(400);
    expect((await off({ code: codeAt(secret, now - 90_000) })).json()).toEqual({
      status: 401,
      key: 'invalidTwoFactorCode',
    });
    expect((await off({ recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
    expect(Object.keys((await login(t, user.email)) as object).sort()).toEqual([
      'accessToken',
      'refreshToken',
    ]);
    const left = await t.ctx.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
    // on again, off with a code
    const again = await enrolled();
    const off2 = await post(
      '/api/auth/two-factor/disable',
      { code: codeAt(again.secret, now) },
      again.accessToken,
    );
    expect(off2.statusCode).toBe(200);
  });

  it('wrong codes count like wrong passwords: 429 after the limit, even for the right code', async () => {
    const limited = await createTestApp({
      rateLimit: {
        perAddress: { max: 3, windowSeconds: 900 },
        addressCeiling: { max: 10_000, windowSeconds: 900 },
        perClient: { max: 1000, windowSeconds: 900 },
      },
    });
    try {
      const { user, secret } = await enrolled(limited);
      const challenge = await challengeFor(user.email, limited);
      const wrong = codeAt(secret, now + 120_000);
      for (let i = 0; i < 3; i++)
        expect((await second({ challenge, code: wrong }, limited)).statusCode).toBe(401);
      const blocked = await second({ challenge, code: codeAt(secret, now) }, limited);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 429, key: 'tooManyRequests' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // the recovery codes are limited alike
      expect((await second({ challenge, recoveryCode: 'aaaaa-bbbbb' }, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
