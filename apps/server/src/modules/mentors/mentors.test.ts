import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';

/**
 * Issue 23: mentor links. A link gives exactly its role on its trajectory and nothing else; the code is
 * needed, single-use and limited; revoking or expiring ends access at once, also for a started session;
 * the secret is in no answer, log or table in plain text.
 */

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logger: pino({ level: 'debug' }, sink) });
});
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof buildEvaluationTrajectory>>;
const links = (s: Setup) => `/api/v2/trajectories/${s.id}/mentor-links`;

async function invite(s: Setup, email: string, role = 'Student', days?: number) {
  const res = await call(t, {
    method: 'POST',
    url: links(s),
    token: s.teacher.token,
    payload: { email, name: 'Piet de Praktijk', role, ...(days ? { days } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const secret = new URL(t.mailer.linkTo(email, '/mentor')).hash.slice(1);
  return { link: res.json(), secret };
}

function mailedCode(email: string): string {
  const mail = t.mailer.lastTo(email);
  const code = mail?.subject.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function session(secret: string, email: string): Promise<string> {
  const sent = await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
  expect(sent.statusCode, sent.body).toBe(200);
  const started = await call(t, {
    method: 'POST',
    url: '/api/v2/mentor/session',
    payload: { secret, code: mailedCode(email) },
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().token as string;
}

const assessment = (token: string) => call(t, { method: 'GET', url: '/api/v2/mentor/assessment', token });

function entryPatch(timestamp: string, score: string) {
  // c1 is criteria[0].subsections[0].subsections[0] (EVALUATION_COMPETENCES)
  return [
    {
      op: 'add',
      path: `/criteria/0/subsections/0/subsections/0/properties/${timestamp}`,
      value: { score, remarks: '<p>Goed gedaan op de werkvloer</p>' },
    },
  ];
}

describe('mentor links (issue 23)', () => {
  it('invites, confirms with the mailed code and gives exactly the role on that trajectory', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `mentor-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    expect(link).toMatchObject({ email, role: 'Student', status: 'ACTIVE', lastUsedAt: null });
    expect(JSON.stringify(link)).not.toContain(secret);

    // The code is needed: a link alone starts nothing, a wrong code neither.
    const noCode = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code: '000000' },
    });
    expect(noCode.statusCode).toBe(400);
    const sent = await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    expect(sent.json()).toEqual({ email: `m***@bedrijf.nl` });
    const code = mailedCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code: wrong },
    });
    expect(bad.statusCode).toBe(400);
    const started = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = started.json().token as string;

    // Single use: the code and the link start no second session.
    const again = await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } });
    expect(again.statusCode).toBe(404);
    expect(
      (await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } })).statusCode,
    ).toBe(404);

    const page = await assessment(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      trajectory: { id: s.id, name: 'BPV Sam — evaluatie' },
      mentor: { email, name: 'Piet de Praktijk', role: 'Student' },
      canWrite: true,
    });
    expect(page.json().evaluation.criteria).toHaveLength(2);

    const saved = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: entryPatch('2026-03-02T10:00:00.000Z', '3'),
      headers: { 'if-match': page.headers.etag as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const teacherView = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/evaluations`,
      token: s.teacher.token,
    });
    const c1 = teacherView.json().criteria[0].subsections[0].subsections[0];
    expect(c1.latestProperties.score).toBe('3');

    // Nothing else: a mentor's token is no access token, and a user's token is no mentor session.
    for (const url of [
      '/api/v2/trajectories',
      `/api/v2/trajectories/${s.id}`,
      `/api/v2/trajectories/${s.id}/evaluations`,
      '/api/users/me',
      '/api/notifications',
    ])
      expect((await call(t, { method: 'GET', url, token })).statusCode, url).toBe(401);
    expect((await assessment(s.teacher.token)).statusCode).toBe(401);
    const listed = await call(t, { method: 'GET', url: links(s), token: s.teacher.token });
    expect(listed.json().items[0].lastUsedAt).not.toBeNull();
  });

  it('gives only the link’s role: a read-only role reads and may not write', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: false });
    const email = `lezer-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const token = await session(secret, email);
    const page = await assessment(token);
    expect(page.json().canWrite).toBe(false);
    const saved = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: entryPatch('2026-03-02T10:00:00.000Z', '3'),
    });
    expect(saved.statusCode).toBe(403);
  });

  it('ends access at once when the link is revoked, also for the session it started', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `ingetrokken-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    const token = await session(secret, email);
    expect((await assessment(token)).statusCode).toBe(200);
    const revoked = await call(t, {
      method: 'DELETE',
      url: `${links(s)}/${link.id}`,
      token: s.teacher.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await assessment(token)).statusCode).toBe(401);
    const listed = await call(t, { method: 'GET', url: links(s), token: s.teacher.token });
    expect(listed.json().items[0]).toMatchObject({ id: link.id, status: 'REVOKED' });
  });

  it('ends access when the link expires', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `verlopen-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email, 'Student', 1);
    const token = await session(secret, email);
    expect((await assessment(token)).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('mentor_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    expect((await assessment(token)).statusCode).toBe(401);
    const listed = await call(t, { method: 'GET', url: links(s), token: s.teacher.token });
    expect(listed.json().items[0].status).toBe('EXPIRED');
  });

  it('voids a code after five wrong tries and limits the codes a link gets', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `raden-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = mailedCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code: wrong } }))
          .statusCode,
      ).toBe(400);
    const late = await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } });
    expect(late.statusCode).toBe(400);
    // Four more codes fit in the hour (five in all), the sixth is refused.
    for (let i = 0; i < 4; i++)
      expect(
        (await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } })).statusCode,
      ).toBe(200);
    expect(
      (await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } })).statusCode,
    ).toBe(429);
  });

  it('refuses an unknown role, a stranger, another organisation and a holder without RIGHTS', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const unknown = await call(t, {
      method: 'POST',
      url: links(s),
      token: s.teacher.token,
      payload: { email: 'x@bedrijf.nl', name: 'X', role: 'Bestaat niet' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().key).toBe('unknownRole');
    expect((await call(t, { method: 'GET', url: links(s), token: s.pupil.token })).statusCode).toBe(403);
    const outsider = await buildUser(t);
    const other = await buildOrganisation(t, (await tokensFor(t, outsider.email, null)).accessToken);
    const token = (await tokensFor(t, outsider.email, other.id)).accessToken;
    expect((await call(t, { method: 'GET', url: links(s), token })).statusCode).toBe(404);
    expect((await call(t, { method: 'DELETE', url: `${links(s)}/1`, token })).statusCode).toBe(404);
    expect(
      (
        await call(t, {
          method: 'POST',
          url: links(s),
          token,
          payload: { email: 'y@bedrijf.nl', name: 'Y', role: 'Student' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t, { method: 'GET', url: links(s) })).statusCode).toBe(401);
  });

  it('keeps the secret, the code and the session token out of answers, logs and tables', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `geheim-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = mailedCode(email);
    const token = await (async () => {
      const res = await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } });
      return res.json().token as string;
    })();
    await assessment(token);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const value of [secret, token]) expect(log).not.toContain(value);
    for (const table of ['mentor_links', 'mentor_sessions', 'jobs', 'rate_limits'] as const) {
      const rows = await t.ctx.db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      for (const value of [secret, token]) expect(text, table).not.toContain(value);
    }
  });

  it('answers the mentor’s bad bodies and hostile text with a 4xx and a key, and 401 without a session', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `boos-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const token = await session(secret, email);
    const url = '/api/v2/mentor/evaluation';
    for (const payload of [
      {},
      [{ op: 'add' }],
      [{ op: 'replace', path: '/minScore', value: 9 }],
      'x',
    ] as object[]) {
      const res = await call(t, { method: 'PATCH', url, token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(typeof res.json().key).toBe('string');
    }
    const nul = await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: entryPatch('2026-03-02T10:00:00.000Z', '3').map((op) => ({
        ...op,
        value: { ...op.value, remarks: 'a\u0000b' },
      })),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields[0].key).toBe('invalidCharacters');
    const outOfScale = await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: entryPatch('2026-03-02T10:00:00.000Z', '9'),
    });
    expect(outOfScale.statusCode).toBe(400);
    for (const [method, path] of [
      ['GET', '/api/v2/mentor/assessment'],
      ['PATCH', url],
      ['DELETE', '/api/v2/mentor/session'],
    ] as const)
      expect(
        (await call(t, { method, url: path, payload: method === 'PATCH' ? [] : undefined })).statusCode,
        path,
      ).toBe(401);
    for (const payload of [{ secret: 'kort' }, { secret, code: '12' }, {}])
      expect((await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload })).statusCode).toBe(
        400,
      );
  });
});
