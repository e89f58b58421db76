import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { bilevelPng } from '../../../test/images.ts';
import { multipartFile, pngBytes, uploadFile } from '../../../test/uploads.ts';
import { thumbnailKey } from './thumbnails.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const user = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, user.email)).accessToken);
  return { ...user, token: (await tokensFor(t, user.email, org.id)).accessToken };
}

const storageKey = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('resources')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).storage_key!;

describe('thumbnails (issue 21: 200 px in forms and lists, the original on request)', () => {
  it('makes a 200 px thumbnail when a photo is stored; the original stays whole', async () => {
    const me = await owner();
    const id = await uploadFile(t, me.token, { name: 'foto.png', bytes: pngBytes(1200, 600) });
    const thumb = await call(t, { method: 'GET', url: `/api/resources/${id}/thumbnail`, token: me.token });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      width: 200,
      height: 100,
      format: 'png',
    });
    const original = await call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: me.token });
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 1200, height: 600 });
    // Stored beside the original when it was uploaded, not drawn per request.
    await expect(t.ctx.storage.open(thumbnailKey(await storageKey(id)))).resolves.toMatchObject({
      size: thumb.rawPayload.length,
    });
  });

  it('draws a missing thumbnail on first request, never enlarges a small photo, and serves other files as they are', async () => {
    const me = await owner();
    const id = await uploadFile(t, me.token, { name: 'klein.png', bytes: pngBytes(40, 30) });
    await t.ctx.storage.remove(thumbnailKey(await storageKey(id)));
    const thumb = await call(t, { method: 'GET', url: `/api/resources/${id}/thumbnail`, token: me.token });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
    await expect(t.ctx.storage.open(thumbnailKey(await storageKey(id)))).resolves.toBeTruthy();

    const text = await uploadFile(t, me.token, {
      name: 'notities.txt',
      mediaType: 'text/plain',
      bytes: Buffer.from('geen foto'),
    });
    const same = await call(t, { method: 'GET', url: `/api/resources/${text}/thumbnail`, token: me.token });
    expect(same.statusCode).toBe(200);
    expect(same.body).toBe('geen foto');
  });

  it('has the readers of the original only: another organisation gets 404', async () => {
    const me = await owner();
    const id = await uploadFile(t, me.token, { bytes: pngBytes(300, 300) });
    const stranger = await owner();
    const answer = await call(t, {
      method: 'GET',
      url: `/api/resources/${id}/thumbnail`,
      token: stranger.token,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('goes with its photo when the photo is removed', async () => {
    const me = await owner();
    const id = await uploadFile(t, me.token, { bytes: pngBytes(300, 300) });
    const key = await storageKey(id);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/resources/${id}`, token: me.token })).statusCode,
    ).toBe(204);
    await expect(t.ctx.storage.open(thumbnailKey(key))).rejects.toMatchObject({ key: 'fileMissing' });
  });

  it('refuses a photo past 50 megapixels at upload (400 imageTooLarge) instead of failing every thumbnail (issue 30)', async () => {
    const me = await owner();
    const created = await call(t, {
      method: 'POST',
      url: '/api/resources',
      token: me.token,
      payload: { name: 'groot.png', mediaType: 'image/png', userRights: [] },
    });
    const id = created.json().id as number;
    const put = (bytes: Buffer) =>
      call(t, {
        method: 'PUT',
        url: `/api/resources/${id}/content`,
        token: me.token,
        ...multipartFile(bytes, 'groot.png'),
      });
    const huge = await put(bilevelPng(8000, 6300));
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json()).toMatchObject({
      key: 'imageTooLarge',
      fields: [{ path: 'file', key: 'imageTooLarge' }],
    });
    // Nothing stored: the record has no content, so no thumbnail to fail.
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${id}/thumbnail`, token: me.token })).statusCode,
    ).toBe(404);
    // Just under the limit is a photo like any other.
    const fits = await put(bilevelPng(7000, 7000));
    expect(fits.statusCode, fits.body).toBe(200);
    const thumb = await call(t, { method: 'GET', url: `/api/resources/${id}/thumbnail`, token: me.token });
    expect(thumb.statusCode).toBe(200);
  });
});
