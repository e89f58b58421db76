import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { call, type TestApp } from './helpers.ts';
import { pngDataUrl } from './images.ts';

const BOUNDARY = '----groeipad-test-upload';

/** The bytes of a small PNG. */
export const pngBytes = (width = 4, height = 4) =>
  Buffer.from(pngDataUrl(width, height).split(',')[1]!, 'base64');

/** A multipart body with one part `file` holding `bytes`, and its content type: an upload's request. */
export function multipartFile(bytes: Buffer, name: string) {
  return {
    payload: Readable.from([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A resource created and its content uploaded (multipart `file`), as the web does; answers its id. */
export async function uploadFile(
  t: TestApp,
  token: string,
  file: { name?: string; mediaType?: string; bytes?: Buffer } = {},
): Promise<number> {
  const name = file.name ?? 'foto.png';
  const created = await call(t, {
    method: 'POST',
    url: '/api/resources',
    token,
    payload: { name, mediaType: file.mediaType ?? 'image/png', userRights: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const stored = await call(t, {
    method: 'PUT',
    url: `/api/resources/${id}/content`,
    token,
    ...multipartFile(file.bytes ?? pngBytes(), name),
  });
  expect(stored.statusCode, stored.body).toBe(200);
  return id;
}
