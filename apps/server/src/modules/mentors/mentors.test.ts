import { Writable } from 'node:stream';
import pino from 'pino';
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
} from '../../../test/helpers.ts';
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';
import { multipartFile, pngBytes, uploadFile } from '../../../test/uploads.ts';

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

/** The first competence (c1) as the trajectory's teacher reads it. */
async function teachersC1(s: Setup) {
  const view = await call(t, {
    method: 'GET',
    url: `/api/v2/trajectories/${s.id}/evaluations`,
    token: s.teacher.token,
  });
  return view.json().criteria[0].subsections[0].subsections[0];
}

const assessment = (token: string) => call(t, { method: 'GET', url: '/api/v2/mentor/assessment', token });

function entryPatch(
  timestamp: string,
  score: string,
  value: object = { remarks: '<p>Goed gedaan op de werkvloer</p>' },
) {
  // c1 is criteria[0].subsections[0].subsections[0] (EVALUATION_COMPETENCES)
  return [
    {
      op: 'add',
      path: `/criteria/0/subsections/0/subsections/0/properties/${timestamp}`,
      value: { score, ...value },
    },
  ];
}

/** A mentor's photo: the record, then its bytes (multipart `file`), as the mentor's page does. */
async function mentorPhoto(token: string, bytes: Buffer = pngBytes(), mediaType = 'image/png') {
  const created = await call(t, {
    method: 'POST',
    url: '/api/v2/mentor/photos',
    token,
    payload: { name: 'werkplek.png', mediaType },
  });
  if (created.statusCode !== 201) return { created, stored: null, id: null };
  const id = created.json().id as number;
  expect(created.headers.location).toBe(`/api/v2/mentor/photos/${id}`);
  const stored = await call(t, {
    method: 'PUT',
    url: `/api/v2/mentor/photos/${id}/content`,
    token,
    ...multipartFile(bytes, 'werkplek.png'),
  });
  return { created, stored, id };
}

const photoPatch = (timestamp: string, photos: string) => entryPatch(timestamp, '3', { photos });

describe('mentor links (issue 23)', () => {
  it('invites, confirms with the mailed code and gives exactly the role on that trajectory', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `mentor-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    expect(link).toMatchObject({ email, role: 'Student', status: 'ACTIVE', lastUsedAt: null });
    // The answer holds the link once, for the inviter to copy (issue 31); the list never does.
    expect(link.link).toBe(`${t.ctx.config.publicUrl}/mentor#${secret}`);
    expect((await call(t, { method: 'GET', url: links(s), token: s.teacher.token })).body).not.toContain(
      secret,
    );

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

    // Single use: the code starts no second session (it is gone: a wrong code now).
    const again = await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } });
    expect(again.statusCode).toBe(400);

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
    const c1 = await teachersC1(s);
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
  it('takes a photo as evidence: the mentor uploads it, the entry names it, the evaluation’s readers see it', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `foto-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const token = await session(secret, email);
    const { stored, id } = await mentorPhoto(token);
    expect(stored?.statusCode, stored?.body).toBe(200);
    const own = await call(t, { method: 'GET', url: `/api/v2/mentor/photos/${id}/thumbnail`, token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\//);

    // Before an entry names it, only the mentor reads it.
    const thumbnail = (as: string) =>
      call(t, { method: 'GET', url: `/api/resources/${id}/thumbnail`, token: as });
    expect((await thumbnail(s.teacher.token)).statusCode).toBe(404);
    const saved = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: photoPatch('2026-03-02T10:00:00.000Z', `[${id}]`),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const c1 = await teachersC1(s);
    expect(c1.latestProperties).toMatchObject({ score: '3', photos: `[${id}]`, rater: { email } });
    // D19: the evaluation's readers read it (the teacher, the student who reads the evaluation) ...
    expect((await thumbnail(s.teacher.token)).statusCode).toBe(200);
    expect((await thumbnail(s.pupil.token)).statusCode).toBe(200);
    // ... a member without access to the trajectory does not, nor another organisation.
    const member = await buildUser(t);
    await addMember(t, s.org.id, member.id, 'USER');
    expect((await thumbnail((await tokensFor(t, member.email, s.org.id)).accessToken)).statusCode).toBe(404);
    const outsider = await buildUser(t);
    const other = await buildOrganisation(t, (await tokensFor(t, outsider.email, null)).accessToken);
    expect((await thumbnail((await tokensFor(t, outsider.email, other.id)).accessToken)).statusCode).toBe(
      404,
    );

    // The entry's photos are its own: a later entry of the same competence does not carry them.
    const later = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/evaluations`,
      token: s.teacher.token,
      payload: entryPatch('2026-03-03T10:00:00.000Z', '2'),
    });
    expect(later.statusCode, later.body).toBe(200);
    const entries = await teachersC1(s);
    expect(entries.latestProperties.photos).toBeUndefined();
    expect(entries.properties['2026-03-02T10:00:00.000Z'].photos).toBe(`[${id}]`);
    // Still the evidence of the older entry: its readers keep reading it.
    expect((await thumbnail(s.pupil.token)).statusCode).toBe(200);
  });

  it('refuses a photo that is no image, someone else’s file, a read-only role and a stranger', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `foto-nee-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const token = await session(secret, email);
    const pdf = await mentorPhoto(token, pngBytes(), 'application/pdf');
    expect(pdf.created.statusCode).toBe(400);
    expect(pdf.created.json().fields[0]).toMatchObject({ path: 'mediaType', key: 'unsupportedFileType' });
    const notPng = await mentorPhoto(token, Buffer.from('%PDF-1.4 geen foto'));
    expect(notPng.stored?.statusCode).toBe(400);
    expect(notPng.stored?.json().key).toBe('unsupportedFileType');

    // A file of the teacher's own the mentor may not read: not in an entry (D42), not through its thumbnail.
    const teachers = await uploadFile(t, s.teacher.token);
    const named = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: photoPatch('2026-03-02T10:00:00.000Z', `[${teachers}]`),
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().fields[0].key).toBe('fileNotReadable');
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/mentor/photos/${teachers}/thumbnail`, token }))
        .statusCode,
    ).toBe(404);
    // Another organisation's file is no file to the mentor's session.
    const outsider = await buildUser(t);
    const other = await buildOrganisation(t, (await tokensFor(t, outsider.email, null)).accessToken);
    const theirs = await uploadFile(t, (await tokensFor(t, outsider.email, other.id)).accessToken);
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/mentor/photos/${theirs}/thumbnail`, token })).statusCode,
    ).toBe(404);
    // Nor may the mentor put bytes into another's record.
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/mentor/photos/${teachers}/content`,
      token,
      ...multipartFile(pngBytes(), 'x.png'),
    });
    expect(put.statusCode).toBe(404);
    for (const bad of ['[0]', '[1,1]', '[1,2,3,4]', 'foto', '{"a":1}']) {
      const res = await call(t, {
        method: 'PATCH',
        url: '/api/v2/mentor/evaluation',
        token,
        payload: photoPatch('2026-03-02T10:00:00.000Z', bad),
      });
      expect(res.statusCode, bad).toBe(400);
    }

    // A read-only role adds no photos; without a session, nothing.
    const r = await buildEvaluationTrajectory(t, { read: true, write: false });
    const reader = `foto-lezer-${r.id}@bedrijf.nl`;
    const readOnly = await session((await invite(r, reader)).secret, reader);
    expect((await mentorPhoto(readOnly)).created.statusCode).toBe(403);
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/api/v2/mentor/photos',
          payload: { name: 'x.png', mediaType: 'image/png' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('registering with the invited address keeps the role as an ordinary user row (D11) and closes the link', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `wordt-gebruiker-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    const token = await session(secret, email);
    const registered = await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD },
    });
    expect(registered.statusCode).toBe(200);
    // Not yet: the link holds until the account is active.
    expect((await assessment(token)).statusCode).toBe(200);
    const code = t.mailer.codeTo(email, '/activate');
    // D53: access waits for the address, so the activation page sets the password.
    const asked = await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code } });
    expect(asked.json()).toEqual({ status: 409, key: 'activationNeedsPassword' });
    expect(
      (await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code, password: PASSWORD } }))
        .statusCode,
    ).toBe(200);

    const access = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
    });
    expect(access.json().users).toContainEqual({ user: email, roles: ['Student'] });
    const listed = await call(t, { method: 'GET', url: links(s), token: s.teacher.token });
    expect(listed.json().items[0]).toMatchObject({ id: link.id, status: 'REGISTERED' });
    expect(listed.json().items[0].registeredAt).not.toBeNull();
    // The link's session is over; signed in, the person opens the trajectory as a Student.
    expect((await assessment(token)).statusCode).toBe(401);
    const user = (await login(t, email, PASSWORD)).accessToken;
    expect(user).toBeTruthy();
    const signedIn = (await tokensFor(t, email, s.org.id)).accessToken;
    const opened = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/evaluations`,
      token: signedIn,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const list = await call(t, { method: 'GET', url: '/api/v2/trajectories', token: signedIn });
    expect(list.json().map((item: { id: number }) => item.id)).toEqual([s.id]);
  });
});

describe('mentor links, hardened (issue 30, D54)', () => {
  it('counts the code’s tries atomically: 40 parallel wrong guesses compare at most five, then the right code is refused', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `parallel-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = mailedCode(email);
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) =>
        call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code: guess } }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(400);
    const row = await t.ctx.db
      .selectFrom('mentor_links')
      .select('code_attempts')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.code_attempts).toBeLessThanOrEqual(5);
    const right = await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } });
    expect(right.statusCode).toBe(400);
  });

  it('lets a mentor add entries and remove only their own, never another rater’s', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `eigen-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const token = await session(secret, email);
    const teachers = '2026-03-01T10:00:00.000Z';
    const byTeacher = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/evaluations`,
      token: s.teacher.token,
      payload: entryPatch(teachers, '4'),
    });
    expect(byTeacher.statusCode, byTeacher.body).toBe(200);
    const entry = (at: string) => `/criteria/0/subsections/0/subsections/0/properties/${at}`;
    const removeTeachers = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: [{ op: 'remove', path: entry(teachers) }],
    });
    expect(removeTeachers.statusCode).toBe(403);
    expect(removeTeachers.json().key).toBe('forbidden');
    expect((await teachersC1(s)).properties[teachers]).toMatchObject({ score: '4' });

    const own = '2026-03-02T10:00:00.000Z';
    const added = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: entryPatch(own, '2'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: [{ op: 'remove', path: entry(own) }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const c1 = await teachersC1(s);
    expect(Object.keys(c1.properties)).toEqual([teachers]);
    expect(c1.latestProperties.score).toBe('4');
  });

  it('reaches only photos uploaded through the link, never another file of the invitee’s users row', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    // The invitee is already a member of the organisation, with files of their own.
    const invitee = await buildUser(t);
    await addMember(t, s.org.id, invitee.id, 'USER');
    const theirs = await uploadFile(t, (await tokensFor(t, invitee.email, s.org.id)).accessToken);
    const pending = await call(t, {
      method: 'POST',
      url: '/api/resources',
      token: (await tokensFor(t, invitee.email, s.org.id)).accessToken,
      payload: { name: 'leeg.png', mediaType: 'image/png', userRights: [] },
    });
    expect(pending.statusCode).toBe(201);
    const { secret } = await invite(s, invitee.email);
    const token = await session(secret, invitee.email);
    const thumbnail = (id: number) =>
      call(t, { method: 'GET', url: `/api/v2/mentor/photos/${id}/thumbnail`, token });
    expect((await thumbnail(theirs)).statusCode).toBe(404);
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/mentor/photos/${pending.json().id}/content`,
      token,
      ...multipartFile(pngBytes(), 'x.png'),
    });
    expect(put.statusCode).toBe(404);
    // Nor may an entry of the link name it (D42 for the link, not for the users row).
    const named = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: photoPatch('2026-03-02T10:00:00.000Z', `[${theirs}]`),
    });
    expect(named.statusCode).toBe(400);
    // A photo uploaded through the link is the link's.
    const { stored, id } = await mentorPhoto(token);
    expect(stored?.statusCode, stored?.body).toBe(200);
    expect((await thumbnail(id as number)).statusCode).toBe(200);
  });

  it('limits invitations per inviter and organisation: 30 at once make at most the limit, the rest 429', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const { max } = t.ctx.config.abuseLimits.mentorInvitationsPerInviter;
    expect(max).toBeLessThan(30);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t, {
          method: 'POST',
          url: links(s),
          token: s.teacher.token,
          payload: { email: `stroom-${i}-${s.id}@bedrijf.nl`, name: 'Piet', role: 'Student' },
        }),
      ),
    );
    const made = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(made.length).toBe(max);
    expect(refused.length).toBe(30 - max);
    expect(refused[0]?.json().key).toBe('tooManyRequests');
    expect(refused[0]?.headers['retry-after']).toBeTruthy();
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `stroom-%-${s.id}@bedrijf.nl`)
      .execute();
    expect(users).toHaveLength(max);
    // The organisation's limit holds for all its inviters together.
    expect(t.ctx.config.abuseLimits.mentorInvitationsPerOrganisation.max).toBeGreaterThanOrEqual(max);
  });

  it('ends a session idle for 12 hours; the link then opens again with a new mailed code', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `stil-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    const token = await session(secret, email);
    expect((await assessment(token)).statusCode).toBe(200);
    const idle = (hours: number) =>
      t.ctx.db
        .updateTable('mentor_sessions')
        .set({ last_used_at: new Date(Date.now() - hours * 3600_000) })
        .where('link_id', '=', link.id)
        .execute();
    // Used 11 hours ago: still alive, and the use is noted.
    await idle(11);
    expect((await assessment(token)).statusCode).toBe(200);
    await idle(12.01);
    const lapsed = await assessment(token);
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json()).toEqual({ status: 401, key: 'mentorSessionLapsed' });
    const again = await session(secret, email);
    expect(again).not.toBe(token);
    expect((await assessment(again)).statusCode).toBe(200);
    expect((await assessment(token)).statusCode).toBe(401);
  });

  it('revoking a link whose invitee registered removes the role from the trajectory’s access too', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `ingetrokken-lid-${s.id}@bedrijf.nl`;
    const { link } = await invite(s, email);
    await call(t, { method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD } });
    const code = t.mailer.codeTo(email, '/activate');
    // D53: with access waiting, the activation sets the password there and then.
    expect(
      (await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code, password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const signedIn = (await tokensFor(t, email, s.org.id)).accessToken;
    const evaluation = () =>
      call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/evaluations`, token: signedIn });
    expect((await evaluation()).statusCode).toBe(200);
    const revoked = await call(t, {
      method: 'DELETE',
      url: `${links(s)}/${link.id}`,
      token: s.teacher.token,
    });
    expect(revoked.statusCode).toBe(204);
    const access = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
    });
    expect(access.json().users.map((entry: { user: string }) => entry.user)).not.toContain(email);
    expect((await evaluation()).statusCode).toBe(404);
    const list = await call(t, { method: 'GET', url: '/api/v2/trajectories', token: signedIn });
    expect(list.json()).toEqual([]);
  });

  it('freezes a file named by a saved entry: PUT …/content answers 409 fileFrozen (a new upload is a new file)', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `bevroren-${s.id}@bedrijf.nl`;
    const token = await session((await invite(s, email)).secret, email);
    const { id } = await mentorPhoto(token);
    const saved = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token,
      payload: photoPatch('2026-03-02T10:00:00.000Z', `[${id}]`),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const replaced = await call(t, {
      method: 'PUT',
      url: `/api/v2/mentor/photos/${id}/content`,
      token,
      ...multipartFile(pngBytes(8, 8), 'ander.png'),
    });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().key).toBe('fileFrozen');

    // The same for a user's file through the resources route.
    const teachers = await uploadFile(t, s.teacher.token);
    const named = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/evaluations`,
      token: s.teacher.token,
      payload: photoPatch('2026-03-03T10:00:00.000Z', `[${teachers}]`),
    });
    expect(named.statusCode, named.body).toBe(200);
    const put = await call(t, {
      method: 'PUT',
      url: `/api/resources/${teachers}/content`,
      token: s.teacher.token,
      ...multipartFile(pngBytes(8, 8), 'ander.png'),
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().key).toBe('fileFrozen');
    // A file no saved document names takes new content.
    const loose = await call(t, {
      method: 'POST',
      url: '/api/resources',
      token: s.teacher.token,
      payload: { name: 'los.png', mediaType: 'image/png', userRights: [] },
    });
    const first = await call(t, {
      method: 'PUT',
      url: `/api/resources/${loose.json().id}/content`,
      token: s.teacher.token,
      ...multipartFile(pngBytes(), 'los.png'),
    });
    expect(first.statusCode).toBe(200);
    const second = await call(t, {
      method: 'PUT',
      url: `/api/resources/${loose.json().id}/content`,
      token: s.teacher.token,
      ...multipartFile(pngBytes(8, 8), 'los.png'),
    });
    expect(second.statusCode).toBe(200);
  });
});

describe('the mentor gets back in on any device (issue 31, D54)', () => {
  it('opens again with a new code while a session lives; the new device’s session ends the old one', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `twee-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    const first = await session(secret, email);
    const page = await assessment(first);
    expect(page.statusCode).toBe(200);

    // A second device asks a code while the first session lives: it gets one, and the first keeps working
    // until that code is confirmed (asking alone ends nothing).
    const sent = await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await assessment(first)).statusCode).toBe(200);
    const code = mailedCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code: wrong } }))
        .statusCode,
    ).toBe(400);
    expect((await assessment(first)).statusCode).toBe(200);
    const started = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    expect(started.statusCode, started.body).toBe(201);
    const second = started.json().token as string;

    // The old device is refused, on every mentor route, and told why; the new one works and saves.
    const refused = await assessment(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ status: 401, key: 'mentorSessionReplaced' });
    const oldSave = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token: first,
      payload: entryPatch('2026-03-03T10:00:00.000Z', '2'),
      headers: { 'if-match': page.headers.etag as string },
    });
    expect(oldSave.statusCode).toBe(401);
    const fresh = await assessment(second);
    expect(fresh.statusCode).toBe(200);
    const saved = await call(t, {
      method: 'PATCH',
      url: '/api/v2/mentor/evaluation',
      token: second,
      payload: entryPatch('2026-03-03T11:00:00.000Z', '4'),
      headers: { 'if-match': fresh.headers.etag as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await teachersC1(s)).latestProperties.score).toBe('4');

    // Signing out on the old device ends nothing of the new one: its token is no session.
    expect(
      (await call(t, { method: 'DELETE', url: '/api/v2/mentor/session', token: first })).statusCode,
    ).toBe(401);
    expect((await assessment(second)).statusCode).toBe(200);

    // A third device: the second is replaced in turn; the first stays refused.
    const third = await session(secret, email);
    expect((await assessment(second)).json().key).toBe('mentorSessionReplaced');
    expect((await assessment(first)).statusCode).toBe(401);
    expect((await assessment(third)).statusCode).toBe(200);

    // The code appears in no answer and no log line; the tokens in no log line.
    const log = logLines.join('');
    for (const value of [code, secret, first, second, third]) expect(log).not.toContain(value);
    expect(sent.body).not.toContain(code);
    expect(started.body).not.toContain(code);
    const rows = JSON.stringify(await t.ctx.db.selectFrom('mentor_sessions').selectAll().execute());
    for (const value of [first, second, third]) expect(rows).not.toContain(value);
  });

  it('two devices confirming the same code at once start one session', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `tegelijk-${s.id}@bedrijf.nl`;
    const { secret } = await invite(s, email);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = mailedCode(email);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, { method: 'POST', url: '/api/v2/mentor/session', payload: { secret, code } }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    for (const res of answers) expect([201, 400, 404]).toContain(res.statusCode);
  });

  it('a revoked or expired link tells an old token nothing but 401 unauthorized', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `weg-${s.id}@bedrijf.nl`;
    const { link, secret } = await invite(s, email);
    const first = await session(secret, email);
    await session(secret, email);
    expect((await assessment(first)).json().key).toBe('mentorSessionReplaced');
    await t.ctx.db
      .updateTable('mentor_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.id)
      .execute();
    expect((await assessment(first)).json()).toEqual({ status: 401, key: 'unauthorized' });
    expect(
      (await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } })).statusCode,
    ).toBe(404);
  });
});
