import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { PASSWORD, refresh, type Tokens } from '../support/accounts';
import { shoot } from '../support/shots';
import { DESKTOP, notificationsGone, PHONE } from '../support/states';

export { DESKTOP, notificationsGone };

export type BlueprintKind = 'COMPETENCE_LIST' | 'INFORMATION' | 'REPORT' | 'DASHBOARD' | 'EXTRACT';
export const TYPE_PATHS: Record<BlueprintKind, string> = {
  COMPETENCE_LIST: 'competencelists',
  INFORMATION: 'information',
  REPORT: 'reports',
  DASHBOARD: 'dashboards',
  EXTRACT: 'extracts',
};

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates an empty blueprint through the API; its id comes from the Location header. */
export async function createBlueprint(
  request: APIRequestContext,
  tokens: Tokens,
  type: BlueprintKind,
  name: string,
): Promise<number> {
  const response = await request.post('/api/blueprints', {
    data: { type, name, description: '' },
    headers: auth(tokens),
  });
  await ok(response);
  return Number(response.headers().location?.split('/').pop());
}

/** Gives `reader` READ on a blueprint of `owner`. */
export async function grantRead(
  request: APIRequestContext,
  owner: Tokens,
  ownerEmail: string,
  id: number,
  reader: string,
): Promise<void> {
  await ok(
    await request.put(`/api/blueprints/${id}/rights`, {
      data: [
        { user: ownerEmail, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: reader, rights: ['READ'] },
      ],
      headers: auth(owner),
    }),
  );
}

/** Adds `email` (an activated account) to the owner's organisation and signs it in there. */
export async function memberTokens(
  request: APIRequestContext,
  owner: Tokens & { organisationId: number },
  email: string,
): Promise<Tokens> {
  await ok(
    await request.post(`/api/organisations/${owner.organisationId}/users`, {
      data: { email, role: 'USER' },
      headers: auth(owner),
    }),
  );
  const tokens = await ok<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } }),
  );
  await ok(await request.post('/api/auth/eula', { data: {}, headers: auth(tokens) }));
  return refresh(request, tokens, owner.organisationId);
}

/** A valid PNG of `width`×`height` pixels in one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [46, 125, 50]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid PDF (an option attachment). */
export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}

/** axe, screenshots at 1280 and 375 px, and no sideways scrolling at 375 px. */
export async function checkState(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await ready();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name} scrolls sideways at 375 px`,
    })
    .toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await ready();
}

/** Clicks `button` and hands `file` to the file chooser it opens. */
export async function chooseFile(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** Presses a shortcut with the focus outside any text field (the editor's own undo and redo). */
export async function pressOnPage(page: Page, keys: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(keys);
}
