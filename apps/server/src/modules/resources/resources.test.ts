import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { pngDataUrl } from '../../../test/images.ts';
import { type S3TestServer, startS3 } from '../../../test/s3.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOUNDARY = '----groeipad-test-boundary';
const png = () => Buffer.from(pngDataUrl(4, 4).split(',')[1]!, 'base64');

/** A multipart body with one `file` part whose bytes come from `chunks`, streamed. */
function multipart(chunks: Iterable<Buffer>, name = 'foto.png', field = 'file'): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      yield* chunks;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    })(),
  );
}

/** An owner and a colleague of a new organisation, on `app` (the file's own app by default). */
async function team(app: TestApp = t) {
  const owner = await buildUser(app);
  const org = await buildOrganisation(app, (await login(app, owner.email)).accessToken);
  const colleague = await buildUser(app);
  await addMember(app, org.id, colleague.id, 'USER');
  return {
    org,
    owner: { ...owner, token: (await tokensFor(app, owner.email, org.id)).accessToken },
    colleague: { ...colleague, token: (await tokensFor(app, colleague.email, org.id)).accessToken },
  };
}

async function createResource(token: string, mediaType = 'image/png', name = 'foto.png', app: TestApp = t) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/resources',
    token,
    payload: { name, mediaType, userRights: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

function upload(token: string, id: number, body: Readable, app: TestApp = t) {
  return call(app, {
    method: 'PUT',
    url: `/api/resources/${id}/content`,
    token,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

/** Issue 20: uploads stream with the 10 MiB limit into either store (both stage locally first). */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const stores: [string, () => Promise<TestApp>][] = [
  ['a directory', async () => t],
  ['an S3 bucket', () => createTestApp({ s3: s3.settings('resources-limit') })],
];

describe.each(stores)('the upload limit, files in %s', (_name, makeApp) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(async () => {
    if (app !== t) await app?.close();
  });

  it('refuses 10 MiB + 1 byte with 413 fileMaxSize while streaming, memory staying flat', async () => {
    const { owner } = await team(app);
    const id = await createResource(owner.token, 'image/png', 'foto.png', app);
    const stored = async () => {
      const keys: string[] = [];
      for await (const key of app.ctx.storage.keys()) keys.push(key);
      return keys;
    };
    const keptBefore = await stored();
    const exactly = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const chunks = function* (total: number) {
      const header = png().subarray(0, 16);
      yield header;
      let sent = header.length;
      while (sent < total) {
        const next = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += next.length;
        yield next;
      }
    };
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const tooBig = await upload(owner.token, id, multipart(chunks(40 * 1024 * 1024)), app);
    const grown = process.memoryUsage().heapUsed - before;
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      status: 413,
      key: 'fileMaxSize',
      fields: [{ path: 'file', key: 'fileMaxSize' }],
    });
    expect(grown).toBeLessThan(30 * 1024 * 1024);
    const plusOne = await upload(owner.token, id, multipart(chunks(exactly + 1)), app);
    expect(plusOne.statusCode).toBe(413);
    const content = () =>
      call(app, { method: 'GET', url: `/api/resources/${id}/content`, token: owner.token });
    expect((await content()).statusCode).toBe(404);
    // Nothing of the refused uploads was kept in the store.
    expect(await stored()).toEqual(keptBefore);
    const row = await app.ctx.db
      .selectFrom('resources')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBeNull();
    // exactly 10 MiB is accepted (a PNG header followed by data: the sniffer reads the header)
    expect((await upload(owner.token, id, multipart(chunks(exactly)), app)).statusCode).toBe(200);
    const kept = await content();
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.length).toBe(exactly);
    expect(app.ctx.storage.kind).toBe(app === t ? 'directory' : 's3');
  });
});

describe('resources', () => {
  it('creates with 201 and a Location, stores the checked content, and serves it inline as an image', async () => {
    const { owner } = await team();
    const id = await createResource(owner.token);
    const res = await upload(owner.token, id, multipart([png()]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, name: 'foto.png', mediaType: 'image/png', userRights: [] });
    const content = await call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: owner.token });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['content-disposition']).toMatch(/^inline; filename="foto.png"/);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.rawPayload.equals(png())).toBe(true);
    expect((await call(t, { method: 'GET', url: '/api/resources', token: owner.token })).json()).toEqual([
      { id, name: 'foto.png', mediaType: 'image/png', userRights: [] },
    ]);
  });

  it('refuses content that is not what its media type claims, and keeps nothing', async () => {
    const { owner } = await team();
    const id = await createResource(owner.token);
    const html = await upload(
      owner.token,
      id,
      multipart([Buffer.from('<html><script>alert(1)</script></html>')]),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({
      status: 400,
      key: 'unsupportedFileType',
      fields: [{ path: 'file', key: 'unsupportedFileType' }],
    });
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: owner.token })).statusCode,
    ).toBe(404);
    const svgId = await createResource(owner.token, 'image/svg+xml', 'logo.svg');
    const svg = await upload(
      owner.token,
      svgId,
      multipart([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]),
    );
    expect(svg.statusCode).toBe(400);
    const csvId = await createResource(owner.token, 'text/csv', 'leden.csv');
    expect(
      (await upload(owner.token, csvId, multipart([Buffer.from('email;rol\nanna@school.nl;ADMIN\n')])))
        .statusCode,
    ).toBe(200);
    const csv = await call(t, { method: 'GET', url: `/api/resources/${csvId}/content`, token: owner.token });
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('is readable only by its uploader or a reader of a document that references it (D19); 404 for the rest', async () => {
    const { owner, colleague } = await team();
    const id = await createResource(owner.token);
    await upload(owner.token, id, multipart([png()]));
    const read = (token: string) => call(t, { method: 'GET', url: `/api/resources/${id}/content`, token });
    expect((await read(colleague.token)).statusCode).toBe(404);
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${id}`, token: colleague.token })).statusCode,
    ).toBe(404);

    // an information blueprint whose select option carries the file, readable by the colleague
    const blueprint = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: owner.token,
      payload: {
        type: 'INFORMATION',
        name: 'Intake',
        userRights: [{ user: colleague.email, rights: ['READ'] }],
      },
    });
    const option = { value: 'Ja', attachments: [id] };
    const field = { uuid: 'keuze', name: 'Keuze', type: 'select', required: false, options: [option] };
    const patched = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/information/${blueprint.json().id}/content`,
      token: owner.token,
      payload: [{ op: 'add', path: '/fields/-', value: field }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await read(colleague.token)).statusCode).toBe(200);
    // the colleague may read it, not change or delete it
    expect((await upload(colleague.token, id, multipart([png()]))).statusCode).toBe(403);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/resources/${id}`, token: colleague.token })).statusCode,
    ).toBe(403);

    // another organisation: 404, even for the same id
    const stranger = await team();
    expect((await read(stranger.owner.token)).statusCode).toBe(404);

    expect(
      (await call(t, { method: 'DELETE', url: `/api/resources/${id}`, token: owner.token })).statusCode,
    ).toBe(204);
    expect((await read(owner.token)).statusCode).toBe(404);
  });

  it('checks the logo of an extract blueprint when it is saved: .jpg or .png of at most 51,200 bytes (D32)', async () => {
    const { owner } = await team();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: owner.token,
      payload: { type: 'EXTRACT', name: 'Rapport' },
    });
    const setLogo = (logo: number) =>
      call(t, {
        method: 'PATCH',
        url: `/api/blueprints/extracts/${created.json().id}/content`,
        token: owner.token,
        payload: [{ op: 'replace', path: '/logo', value: logo }],
      });
    const small = await createResource(owner.token);
    await upload(owner.token, small, multipart([png()]));
    const big = await createResource(owner.token);
    await upload(owner.token, big, multipart([png().subarray(0, 16), Buffer.alloc(51_200)]));
    const csv = await createResource(owner.token, 'text/csv', 'a.csv');
    await upload(owner.token, csv, multipart([Buffer.from('a;b\n')]));
    expect((await setLogo(big)).json().fields).toEqual([{ path: 'logo', key: 'fileMaxSize' }]);
    expect((await setLogo(csv)).json().fields).toEqual([{ path: 'logo', key: 'unsupportedFileType' }]);
    // A file that does not exist is one the writer cannot read (D42), the answer naming no more.
    expect((await setLogo(999_999)).json().fields).toEqual([{ path: 'logo', key: 'fileNotReadable' }]);
    const ok = await setLogo(small);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().logo).toBe(small);
  });

  it('lets no member open a file by naming its id in a blueprint of their own (D42); a readable one may be named', async () => {
    const { owner, colleague } = await team();
    const secret = await createResource(owner.token, 'image/png', 'vertrouwelijk.png');
    await upload(owner.token, secret, multipart([png()]));
    const read = (id: number) =>
      call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: colleague.token });
    expect((await read(secret)).statusCode).toBe(404);
    const create = async (type: string, name: string) =>
      (
        await call(t, {
          method: 'POST',
          url: '/api/blueprints',
          token: colleague.token,
          payload: { type, name },
        })
      ).json().id as number;
    const field = (attachments: number[]) => ({
      uuid: 'keuze',
      name: 'Keuze',
      type: 'select',
      required: false,
      options: [{ value: 'Ja', attachments }],
    });
    const information = await create('INFORMATION', 'Eigen intake');
    const informationUrl = `/api/blueprints/information/${information}/content`;
    const attach = (id: number) =>
      call(t, {
        method: 'PATCH',
        url: informationUrl,
        token: colleague.token,
        payload: [{ op: 'add', path: '/fields/-', value: field([id]) }],
      });
    const extract = await create('EXTRACT', 'Eigen rapport');
    const extractUrl = `/api/blueprints/extracts/${extract}/content`;
    const setLogo = (id: number) =>
      call(t, {
        method: 'PATCH',
        url: extractUrl,
        token: colleague.token,
        payload: [{ op: 'replace', path: '/logo', value: id }],
      });
    const refused = (path: string) => ({
      status: 400,
      key: 'invalidDocumentContent',
      fields: [{ path, key: 'fileNotReadable' }],
    });
    expect((await attach(secret)).json()).toEqual(refused('fields.0.options.0.attachments'));
    expect((await setLogo(secret)).json()).toEqual(refused('logo'));
    // Nothing stored: both still at version 1, and the file still 404 for the colleague.
    const stored = async (url: string) =>
      (await call(t, { method: 'GET', url, token: colleague.token })).headers.etag;
    expect(await stored(informationUrl)).toBe('"1"');
    expect(await stored(extractUrl)).toBe('"1"');
    expect((await read(secret)).statusCode).toBe(404);

    // Their own upload, and a file they may read (the owner's, in a blueprint shared with them), are fine.
    const own = await createResource(colleague.token);
    await upload(colleague.token, own, multipart([png()]));
    expect((await setLogo(own)).statusCode).toBe(200);
    const shared = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: owner.token,
      payload: {
        type: 'INFORMATION',
        name: 'Gedeeld',
        userRights: [{ user: colleague.email, rights: ['READ'] }],
      },
    });
    const put = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/information/${shared.json().id}/content`,
      token: owner.token,
      payload: [{ op: 'add', path: '/fields/-', value: field([secret]) }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await read(secret)).statusCode).toBe(200);
    const named = await attach(secret);
    expect(named.statusCode, named.body).toBe(200);
  });

  it('needs the multipart field named file', async () => {
    const { owner } = await team();
    const id = await createResource(owner.token);
    const res = await upload(owner.token, id, multipart([png()], 'foto.png', 'document'));
    expect(res.json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: [{ path: 'file', key: 'required' }],
    });
    const json = await call(t, {
      method: 'PUT',
      url: `/api/resources/${id}/content`,
      token: owner.token,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});
