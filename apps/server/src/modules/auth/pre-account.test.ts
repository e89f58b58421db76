import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';

/**
 * D53: access waiting for an address (a mentor link, a member invitation) goes to the holder of the
 * mailbox. Whoever knows an invited address can register it, but the password they chose never becomes the
 * account's: the activation page sets it, and only then are the roles granted. A second registration never
 * replaces the first one's password or code.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Aanvaller-wachtwoord9';
const post = (url: string, payload: object) => call(t, { method: 'POST', url, payload });
const register = (email: string, password: string) => post('/api/auth/register', { email, password });
const mailedCodes = (email: string) =>
  t.mailer.sent
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? [])
    .filter((link) => new URL(link).pathname === '/activate')
    .map((link) => new URL(link).searchParams.get('code')!);

async function invitedMentor() {
  const s = await buildEvaluationTrajectory(t, { read: true, write: true });
  const email = `overname-${s.id}@bedrijf.nl`;
  const invited = await call(t, {
    method: 'POST',
    url: `/api/v2/trajectories/${s.id}/mentor-links`,
    token: s.teacher.token,
    payload: { email, name: 'Piet de Praktijk', role: 'Student' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  return { s, email };
}

async function opensTrajectory(email: string, password: string, s: { id: number; org: { id: number } }) {
  const signedIn = await post('/api/auth/login', { email, password });
  if (signedIn.statusCode !== 200) return signedIn.statusCode;
  const refreshed = await post('/api/auth/refresh', {
    email,
    refreshToken: signedIn.json().refreshToken,
    organisationId: s.org.id,
  });
  const token = refreshed.json().accessToken as string;
  return (await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/evaluations`, token }))
    .statusCode;
}

describe('pre-account takeover (D53)', () => {
  it("an attacker's registration of a mentor's address never gives the attacker the mentor's role", async () => {
    const { s, email } = await invitedMentor();
    // The attacker registers the invited address first; the mail goes to the mentor's mailbox.
    expect((await register(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const [code] = mailedCodes(email);
    // The mentor follows the mail's link: the page asks for a password (the server says access waits).
    const asked = await post('/api/auth/activate', { code: code! });
    expect(asked.json()).toEqual({ status: 409, key: 'activationNeedsPassword' });
    // Nothing happened yet: the code still works, nobody can sign in.
    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(403);
    const activated = await post('/api/auth/activate', { code: code!, password: PASSWORD });
    expect(activated.statusCode, activated.body).toBe(200);

    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    expect(await opensTrajectory(email, PASSWORD, s)).toBe(200);
  });

  it('a later registration by someone else replaces neither the password nor the code of the first', async () => {
    const { s, email } = await invitedMentor();
    // The mentor registers, then the attacker registers the same address again.
    await register(email, PASSWORD);
    const [first] = mailedCodes(email);
    await register(email, ATTACKER_PASSWORD);
    const codes = mailedCodes(email);
    expect(codes).toHaveLength(2);
    // The first mail's code still works, whichever mail the mentor opens the password is theirs.
    const activated = await post('/api/auth/activate', { code: first!, password: PASSWORD });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(
      (await post('/api/auth/activate', { code: codes[1]!, password: ATTACKER_PASSWORD })).statusCode,
    ).toBe(400);
    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    expect(await opensTrajectory(email, PASSWORD, s)).toBe(200);
  });

  it('the last mailed code of a contested registration gives the role only to the password set on the page', async () => {
    const { s, email } = await invitedMentor();
    await register(email, PASSWORD);
    await register(email, ATTACKER_PASSWORD);
    const last = mailedCodes(email).at(-1)!;
    expect((await post('/api/auth/activate', { code: last, password: 'Mijn-eigen-keuze7' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect(await opensTrajectory(email, 'Mijn-eigen-keuze7', s)).toBe(200);
  });

  it("an attacker's registration of an invited member's address never gives the attacker the membership", async () => {
    const admin = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, admin.email)).accessToken);
    const adminToken = (await tokensFor(t, admin.email, org.id)).accessToken;
    const email = uniqueEmail('lid').toLowerCase();
    const invited = await call(t, {
      method: 'POST',
      url: `/api/organisations/${org.id}/users`,
      token: adminToken,
      payload: { email, role: 'ADMIN' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await register(email, ATTACKER_PASSWORD);
    const [code] = mailedCodes(email);
    expect((await post('/api/auth/activate', { code: code! })).json()).toMatchObject({
      key: 'activationNeedsPassword',
    });
    expect((await post('/api/auth/activate', { code: code!, password: PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    const tokens = await login(t, email);
    const mine = (
      await call(t, { method: 'GET', url: '/api/organisations', token: tokens.accessToken })
    ).json();
    expect(mine).toEqual([expect.objectContaining({ id: org.id, role: 'ADMIN' })]);
  });

  it('an account without access waiting activates with its registration password; a second registration keeps the first', async () => {
    const email = uniqueEmail('gewoon').toLowerCase();
    await register(email, PASSWORD);
    await register(email, ATTACKER_PASSWORD);
    const [first, second] = mailedCodes(email);
    // Each code activates with the password of its own registration; the mail says when it was made.
    expect(t.mailer.sent.filter((mail) => mail.to === email)[0]!.text).toMatch(
      /aangevraagd op \d{1,2} \p{L}+ \d{4}( om)? \d{2}:\d{2}\. Was jij dit niet\?/u,
    );
    expect((await post('/api/auth/activate', { code: first! })).statusCode).toBe(200);
    await login(t, email, PASSWORD);
    expect((await post('/api/auth/activate', { code: second! })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).statusCode).toBe(401);
  });

  it('the activation mail in English says when the account was requested, and to ignore it if it was not you', async () => {
    const email = uniqueEmail('english').toLowerCase();
    await post('/api/auth/register', { email, password: PASSWORD, language: 'en' });
    expect(t.mailer.lastTo(email)?.text).toMatch(
      /requested on \d{1,2} \p{L}+ \d{4}( at)? \d{2}:\d{2}\. Was this not you\?/u,
    );
  });
});
