import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  PASSWORD,
  type TestApp,
  testConfig,
  tokensFor,
  uniqueEmail,
} from '../../../test/helpers.ts';
import {
  signInAtProvider,
  startIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';
import { loadConfig } from '../../config.ts';

/**
 * D52: REGISTRATION=open|closed and REGISTRATION_DOMAINS decide who may register themselves; invited
 * addresses (member invitation, mentor link) always may. A refusal is 403 `registrationClosed`, also for a
 * first external sign-in that would make an account.
 */

const publicUrl = 'http://localhost:3998';
const callback = `${publicUrl}/oauth2/code/schoolid`;
let idp: TestIdentityProvider;
let closed: TestApp;
let domains: TestApp;

beforeAll(async () => {
  idp = await startIdentityProvider([callback]);
  const oidcProviders = [
    {
      name: 'schoolid',
      label: 'SchoolID',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    },
  ];
  closed = await createTestApp({ publicUrl, oidcProviders, registration: { open: false, domains: [] } });
  domains = await createTestApp({ registration: { open: true, domains: ['school.nl'] } });
});
afterAll(async () => {
  await closed.close();
  await domains.close();
  await idp.close();
});

const register = (t: TestApp, email: string) =>
  call(t, { method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD } });

/** An owner's organisation in `t` inviting `email` as a member (a users row waiting for registration). */
async function inviteMember(t: TestApp, email: string) {
  const owner = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
  const token = (await tokensFor(t, owner.email, org.id)).accessToken;
  const invited = await call(t, {
    method: 'POST',
    url: `/api/organisations/${org.id}/users`,
    token,
    payload: { email },
  });
  expect(invited.statusCode, invited.body).toBe(201);
}

describe('REGISTRATION=closed (D52)', () => {
  it('refuses a stranger with 403 registrationClosed, and mails nothing', async () => {
    const email = uniqueEmail('vreemd').toLowerCase();
    const res = await register(closed, email);
    expect(res.json()).toEqual({ status: 403, key: 'registrationClosed' });
    expect(closed.mailer.lastTo(email)).toBeUndefined();
    expect(
      await closed.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses an active account like a stranger (the answer tells nothing about accounts)', async () => {
    const user = await buildUser(closed);
    expect((await register(closed, user.email)).json()).toEqual({ status: 403, key: 'registrationClosed' });
  });

  it('lets an address invited as member register and activate', async () => {
    const email = uniqueEmail('lid').toLowerCase();
    await inviteMember(closed, email);
    expect((await register(closed, email)).statusCode).toBe(200);
    const code = closed.mailer.codeTo(email, '/activate');
    const activated = await call(closed, {
      method: 'POST',
      url: '/api/auth/activate',
      payload: { code, password: PASSWORD },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await login(closed, email);
  });

  it('lets an address invited by a mentor link register; once revoked it is a stranger again', async () => {
    const s = await buildEvaluationTrajectory(closed, { read: true, write: true });
    const email = `mentor-${s.id}@bedrijf.nl`;
    const invited = await call(closed, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/mentor-links`,
      token: s.teacher.token,
      payload: { email, name: 'Piet de Praktijk', role: 'Student' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await register(closed, email)).statusCode).toBe(200);
    expect(closed.mailer.linkTo(email, '/activate')).toContain('/activate?code=');

    await call(closed, {
      method: 'DELETE',
      url: `/api/v2/trajectories/${s.id}/mentor-links/${invited.json().id}`,
      token: s.teacher.token,
    });
    expect((await register(closed, email)).json()).toEqual({ status: 403, key: 'registrationClosed' });
  });

  it('refuses a first external sign-in that would make an account', async () => {
    const start = await call(closed, { method: 'GET', url: '/api/oauth2/schoolid/login' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await signInAtProvider(start.headers.location as string, `vreemd${Date.now()}`, callback);
    const res = await call(closed, {
      method: 'GET',
      url: `/api/oauth2/schoolid/code${back.search}`,
      headers: { cookie },
    });
    expect(res.json()).toEqual({ status: 403, key: 'registrationClosed' });
  });
});

describe('REGISTRATION_DOMAINS (D52)', () => {
  it('lets addresses of the domains register, refuses others, and always lets invited ones', async () => {
    expect((await register(domains, `a-${Date.now()}@School.nl`)).statusCode).toBe(200);
    expect((await register(domains, `b-${Date.now()}@leerling.school.nl`)).json()).toEqual({
      status: 403,
      key: 'registrationClosed',
    });
    expect((await register(domains, uniqueEmail('elders'))).json()).toEqual({
      status: 403,
      key: 'registrationClosed',
    });
    const invited = uniqueEmail('gast').toLowerCase();
    await inviteMember(domains, invited);
    expect((await register(domains, invited)).statusCode).toBe(200);
  });
});

describe('the settings (D52)', () => {
  const base = { DATA_DIR: testConfig().dataDir, JWT_SECRET: 'x'.repeat(40) };
  it('reads open, closed and the domains; empty counts as unset', () => {
    expect(loadConfig(base).registration).toEqual({ open: true, domains: [] });
    expect(loadConfig({ ...base, REGISTRATION: '', REGISTRATION_DOMAINS: ' ' }).registration).toEqual({
      open: true,
      domains: [],
    });
    expect(loadConfig({ ...base, REGISTRATION: 'closed' }).registration).toEqual({
      open: false,
      domains: [],
    });
    expect(
      loadConfig({ ...base, REGISTRATION_DOMAINS: 'School.nl, @leerling.school.nl,' }).registration,
    ).toEqual({
      open: true,
      domains: ['school.nl', 'leerling.school.nl'],
    });
  });

  it('refuses a bad value, a bad domain, and closed together with domains', () => {
    expect(() => loadConfig({ ...base, REGISTRATION: 'invite' })).toThrow(/REGISTRATION/);
    expect(() => loadConfig({ ...base, REGISTRATION_DOMAINS: 'school.nl,not a domain' })).toThrow(
      /REGISTRATION_DOMAINS: comma-separated domain names/,
    );
    expect(() => loadConfig({ ...base, REGISTRATION: 'closed', REGISTRATION_DOMAINS: 'school.nl' })).toThrow(
      /set one of the two/,
    );
  });
});
