import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { thumbnailKey } from '../src/modules/resources/index.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { type S3TestServer, startS3 } from './s3.ts';
import { buildEvaluationTrajectory, buildTrajectory } from './trajectory-fixture.ts';
import { multipartFile, pngBytes, uploadFile } from './uploads.ts';

/**
 * A file the database names but the store lacks (deleted by hand, a restore without its files): every
 * route that serves a stored file answers 404 `fileMissing` and logs it, and the process goes on. On the
 * directory and on an S3 bucket. (Invoices and quotes are drawn from the ledger on each download, and an
 * organisation's logo is a data URL in its row: nothing stored.)
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const kinds: [string, () => Partial<Config>][] = [
  ['a directory', () => ({})],
  ['an S3 bucket', () => ({ s3: s3.settings('missing-files') })],
];

describe.each(kinds)('files missing from %s', (_name, settings) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(settings(), { logger: pino({ level: 'warn' }, sink) });
  });
  afterAll(() => t?.close());

  const storageKey = async (table: 'resources' | 'extracts', id: number) =>
    (await t.ctx.db.selectFrom(table).select('storage_key').where('id', '=', id).executeTakeFirstOrThrow())
      .storage_key!;

  async function extractBlueprint(token: string, logo: number | null) {
    const blueprint = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token,
        payload: { type: 'EXTRACT', name: 'Rapport' },
      })
    ).json();
    if (logo !== null) {
      const set = await call(t, {
        method: 'PATCH',
        url: `/api/blueprints/extracts/${blueprint.id}/content`,
        token,
        payload: [{ op: 'replace', path: '/logo', value: logo }],
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    return blueprint.id as number;
  }

  const makeExtract = async (token: string, trajectory: number, blueprint: number) => {
    const [made] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token,
        payload: { name: 'Voortgang', extract: blueprint, trajectories: [trajectory] },
      })
    ).json();
    const listed = (await call(t, { method: 'GET', url: '/api/extracts', token })).json();
    return listed.find((row: { id: number }) => row.id === made.id) as { id: number; state: string };
  };

  it('a resource (an upload, a logo, an option attachment) and an extract answer 404 fileMissing, logged', async () => {
    const { id, teacher } = await buildTrajectory(t);
    const resource = await uploadFile(t, teacher.token);
    const extract = await makeExtract(teacher.token, id, await extractBlueprint(teacher.token, null));
    expect(extract.state).toBe('READY');
    // Issue 21: the zip of a selection too, before any byte of it is sent.
    const routes = [
      `/api/resources/${resource}/content`,
      `/api/extracts/${extract.id}/content`,
      `/api/extracts/zip?ids=${extract.id}`,
    ];
    for (const url of routes)
      expect((await call(t, { method: 'GET', url, token: teacher.token })).statusCode).toBe(200);

    const extractKey = await storageKey('extracts', extract.id);
    const keys = [await storageKey('resources', resource), extractKey, extractKey];
    for (const key of new Set(keys)) await t.ctx.storage.remove(key);
    for (const [index, url] of routes.entries()) {
      const answer = await call(t, { method: 'GET', url, token: teacher.token });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ status: 404, key: 'fileMissing' });
      expect(lines.some((line) => line.level === 40 && String(line.msg).includes(keys[index]!))).toBe(true);
    }
    // The process is whole: the next request is answered as before.
    expect((await call(t, { method: 'GET', url: '/api/resources', token: teacher.token })).statusCode).toBe(
      200,
    );
  });

  /** A mentor's session on a new evaluation trajectory (issue 23): invited, the mailed code confirmed. */
  async function mentorSession() {
    const s = await buildEvaluationTrajectory(t, { read: true, write: true });
    const email = `foto-${s.id}@bedrijf.nl`;
    const invited = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/mentor-links`,
      token: s.teacher.token,
      payload: { email, name: 'Piet de Praktijk', role: 'Student' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const secret = new URL(t.mailer.linkTo(email, '/mentor')).hash.slice(1);
    expect(
      (await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } })).statusCode,
    ).toBe(200);
    const code = t.mailer.lastTo(email)?.subject.match(/\d{6}/)?.[0];
    const started = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().token as string;
  }

  it('a thumbnail and a mentor’s photo whose original and thumbnail are gone answer 404 fileMissing, logged', async () => {
    const { teacher } = await buildTrajectory(t);
    const resource = await uploadFile(t, teacher.token);
    const mentor = await mentorSession();
    const created = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/photos',
      token: mentor,
      payload: { name: 'werkplek.png', mediaType: 'image/png' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const photo = created.json().id as number;
    const stored = await call(t, {
      method: 'PUT',
      url: `/api/v2/mentor/photos/${photo}/content`,
      token: mentor,
      ...multipartFile(pngBytes(), 'werkplek.png'),
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const routes = [
      { url: `/api/resources/${resource}/thumbnail`, token: teacher.token, id: resource },
      { url: `/api/v2/mentor/photos/${photo}/thumbnail`, token: mentor, id: photo },
    ];
    for (const { url, token } of routes) {
      const answer = await call(t, { method: 'GET', url, token });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
    }

    for (const { url, token, id } of routes) {
      // Both gone: the thumbnail (made at upload) and the original it would be drawn again from.
      const key = await storageKey('resources', id);
      expect((await t.ctx.storage.open(thumbnailKey(key))).size).toBeGreaterThan(0);
      await t.ctx.storage.remove(key);
      await t.ctx.storage.remove(thumbnailKey(key));
      const answer = await call(t, { method: 'GET', url, token });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ status: 404, key: 'fileMissing' });
      expect(lines.some((line) => line.level === 40 && String(line.msg).includes(key))).toBe(true);
    }
    // The process is whole: the next request is answered as before.
    expect((await call(t, { method: 'GET', url: '/api/resources', token: teacher.token })).statusCode).toBe(
      200,
    );
  });

  it('an extract whose logo is gone is drawn without it', async () => {
    const { id, teacher } = await buildTrajectory(t);
    const logo = await uploadFile(t, teacher.token, { name: 'logo.png' });
    const blueprint = await extractBlueprint(teacher.token, logo);
    await t.ctx.storage.remove(await storageKey('resources', logo));
    const extract = await makeExtract(teacher.token, id, blueprint);
    expect(extract.state).toBe('READY');
    const pdf = await call(t, {
      method: 'GET',
      url: `/api/extracts/${extract.id}/content`,
      token: teacher.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
