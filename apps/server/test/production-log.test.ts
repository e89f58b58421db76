import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail/mailer.ts';
import { serverLogger } from '../src/plugins/request-log.ts';
import { call, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';
import { buildEvaluationTrajectory } from './trajectory-fixture.ts';

/**
 * D52: no production log line ever holds a code, token or link secret. The app runs as in production
 * (production: true, mail through SMTP to a sink here, every log line kept at the most talkative level)
 * through a registration and activation, sign-in, refresh and sign-out, a password reset and a mentor
 * invitation with its code and session, and two-factor sign-in (its secret, codes and challenge); then no secret any of them handed out is in the log.
 */

const lines: string[] = [];
const received: string[] = [];
let sink: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.address() as { port: number };
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  // The server's own logger (main.ts), at its most talkative level.
  const logger = serverLogger(
    'trace',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const mailer = createMailer({
    smtpUrl,
    from: 'no-reply@school.example',
    outboxDir: join(mkdtempSync(join(tmpdir(), 'groeipad-outbox-')), 'outbox'),
    logger,
  });
  t = await createTestApp(
    { production: true, payments: 'none', smtpUrl },
    { logger, sendMailThrough: mailer },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe('the production log (D52)', () => {
  it('holds no code, token, link secret or password of registration, sign-in, reset and a mentor invitation', async () => {
    const secrets: Record<string, string> = {};
    const refreshedRefreshToken = (): string => secrets.refreshedRefreshToken ?? '';
    const email = uniqueEmail('school');
    const password = 'Eerste-wachtwoord-9';
    secrets.password = password;

    expect(
      (await call(t, { method: 'POST', url: '/api/auth/register', payload: { email, password } })).statusCode,
    ).toBe(200);
    secrets.activationCode = t.mailer.codeTo(email, '/activate');
    // The browser opens the mailed link: the page's URL reaches the server (and its request log).
    await call(t, { method: 'GET', url: `/activate?code=${encodeURIComponent(secrets.activationCode)}` });
    const activated = await call(t, {
      method: 'POST',
      url: '/api/auth/activate',
      payload: { code: secrets.activationCode },
    });
    expect(activated.statusCode, activated.body).toBe(200);

    const login = await call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    secrets.accessToken = login.json().accessToken;
    secrets.refreshToken = login.json().refreshToken;
    const refreshed = await call(t, {
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { email, refreshToken: secrets.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    secrets.refreshedAccessToken = refreshed.json().accessToken;
    secrets.refreshedRefreshToken = refreshed.json().refreshToken;
    const logout = await call(t, {
      method: 'DELETE',
      url: `/api/auth/logout/${encodeURIComponent(refreshedRefreshToken())}`,
    });
    expect(logout.statusCode, logout.body).toBe(200);

    const requested = await call(t, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(requested.statusCode).toBe(200);
    secrets.resetCode = t.mailer.codeTo(email, '/reset-password');
    await call(t, { method: 'GET', url: `/reset-password?code=${encodeURIComponent(secrets.resetCode)}` });
    secrets.newPassword = 'Tweede-wachtwoord-9';
    const reset = await call(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: secrets.resetCode, password: secrets.newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // Two-factor sign-in (D57): its secret, first code, recovery codes and sign-in challenge.
    const signedIn = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: secrets.newPassword },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    secrets.secondAccessToken = signedIn.json().accessToken;
    const setup = await call(t, {
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      token: secrets.secondAccessToken,
      payload: {},
    });
    expect(setup.statusCode, setup.body).toBe(200);
    secrets.totpSecret = setup.json().secret;
    secrets.totpUri = setup.json().uri;
    secrets.totpCode = TOTP.generate({ secret: Secret.fromBase32(secrets.totpSecret ?? '') });
    const confirmed = await call(t, {
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      token: secrets.secondAccessToken,
      payload: { code: secrets.totpCode },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recoveryCodes: string[] = confirmed.json().recoveryCodes;
    recoveryCodes.forEach((code, i) => {
      secrets[`recoveryCode${i}`] = code;
    });
    const challenged = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: secrets.newPassword },
    });
    secrets.challenge = challenged.json().challenge;
    const secondStep = await call(t, {
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge: secrets.challenge, recoveryCode: recoveryCodes[0] },
    });
    expect(secondStep.statusCode, secondStep.body).toBe(200);
    secrets.twoFactorAccessToken = secondStep.json().accessToken;

    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const mentor = uniqueEmail('mentor');
    const invited = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/mentor-links`,
      token: s.teacher.token,
      payload: { email: mentor, name: 'Piet de Praktijk', role: 'Student' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    secrets.mentorSecret = new URL(t.mailer.linkTo(mentor, '/mentor')).hash.slice(1);
    const sent = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/code',
      payload: { secret: secrets.mentorSecret },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    secrets.mentorCode = t.mailer.lastTo(mentor)?.subject.match(/\d{6}/)?.[0] ?? '';
    expect(secrets.mentorCode).toMatch(/^\d{6}$/);
    const session = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret: secrets.mentorSecret, code: secrets.mentorCode },
    });
    expect(session.statusCode, session.body).toBe(201);
    secrets.mentorToken = session.json().token;
    const assessment = await call(t, {
      method: 'GET',
      url: '/api/v2/mentor/assessment',
      token: secrets.mentorToken,
    });
    expect(assessment.statusCode, assessment.body).toBe(200);

    // The mail really went out through SMTP, with the secrets in it: the log is what must not have them.
    const mail = received.join('\n');
    expect(mail).toContain(secrets.mentorCode);
    const log = lines.join('');
    expect(log).toContain('mail sent');
    expect(log).toContain('"requestId"');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      for (const form of new Set([secret, encodeURIComponent(secret)]))
        expect(
          lines.filter((line) => line.includes(form)),
          `${name} is in the log`,
        ).toEqual([]);
    }
  });
});
