import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildUser,
  call,
  createTestApp,
  decodeClaims,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import {
  signInAtProvider,
  startIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';

let t: TestApp;
let idp: TestIdentityProvider;
const publicUrl = 'http://localhost:3999';
const callback = `${publicUrl}/oauth2/code/schoolid`;
let existingEmail: string;

beforeAll(async () => {
  existingEmail = uniqueEmail('existing');
  idp = await startIdentityProvider([callback], {
    linked: { email: existingEmail, verified: true },
    unverified: { email: existingEmail, verified: false },
  });
  t = await createTestApp({
    publicUrl,
    oidcProviders: [
      {
        name: 'schoolid',
        label: 'SchoolID',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Starts at /api/oauth2/{provider}/login, signs in at the provider, returns the callback and the flow cookie. */
async function externalSignIn(login: string) {
  const start = await call(t, { method: 'GET', url: '/api/oauth2/schoolid/login' });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = await signInAtProvider(start.headers.location as string, login, callback);
  return { back, cookie };
}

function exchange(back: URL, cookie: string) {
  return call(t, { method: 'GET', url: `/api/oauth2/schoolid/code${back.search}`, headers: { cookie } });
}

describe('external sign-in (OpenID Connect)', () => {
  it('lists the configured providers', async () => {
    expect((await call(t, { method: 'GET', url: '/api/oauth2/providers' })).json()).toEqual([
      { name: 'schoolid', label: 'SchoolID' },
    ]);
  });

  it('a first sign-in creates an activated account; the next one signs into the same account', async () => {
    const login = `ida${Date.now()}`;
    const { back, cookie } = await externalSignIn(login);
    expect(back.pathname).toBe('/oauth2/code/schoolid');
    const res = await exchange(back, cookie);
    expect(res.statusCode).toBe(200);
    const claims = decodeClaims(res.json().accessToken);
    expect(claims).toMatchObject({ sub: `${login}@idp.test`, organisation_id: null, eula: false });

    const me = await call(t, { method: 'GET', url: '/api/users/me', token: res.json().accessToken });
    expect(me.json()).toMatchObject({ email: `${login}@idp.test`, firstName: 'Ida', lastName: 'Provider' });

    const again = await externalSignIn(login);
    const second = await exchange(again.back, again.cookie);
    expect(decodeClaims(second.json().accessToken).user_id).toBe(claims.user_id);
  });

  it('links a verified address to the existing account, refuses an unverified one', async () => {
    const user = await buildUser(t, { email: existingEmail });
    const unverified = await externalSignIn('unverified');
    expect((await exchange(unverified.back, unverified.cookie)).json()).toEqual({
      status: 400,
      key: 'oauthFailed',
    });
    const linked = await externalSignIn('linked');
    const res = await exchange(linked.back, linked.cookie);
    expect(decodeClaims(res.json().accessToken).user_id).toBe(user.id);
  });

  it('refuses a code without the flow cookie, a forged state, a reused code and an unknown provider', async () => {
    const { back, cookie } = await externalSignIn(`eve${Date.now()}`);
    expect((await exchange(back, 'groeipad_oauth=forged')).json().key).toBe('oauthFailed');
    const forgedState = new URL(back);
    forgedState.searchParams.set('state', 'not-the-state');
    expect((await exchange(forgedState, cookie)).statusCode).toBe(400);
    expect((await exchange(back, cookie)).statusCode).toBe(200);
    expect((await exchange(back, cookie)).statusCode).toBe(400);
    expect((await call(t, { method: 'GET', url: '/api/oauth2/nope/login' })).statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url: '/api/oauth2/nope/code?code=x' })).statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url: '/api/oauth2/schoolid/code' })).statusCode).toBe(400);
  });
});
