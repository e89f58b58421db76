import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { refresh, type Tokens } from '../support/accounts';
import { shoot } from '../support/shots';
import { DESKTOP, expectNoSidewaysScroll, notificationsGone, PHONE } from '../support/states';

export { DESKTOP, expectNoSidewaysScroll, notificationsGone, PHONE };

/** API set-up and page checks for e2e/trajectories/list.spec.ts. */

export const DEMO_PASSWORD = 'Groeipad-demo1';
export const DEMO = {
  owner: 'eigenaar@demo.groeipad.nl',
  admin: 'beheerder@demo.groeipad.nl',
  user: 'gebruiker@demo.groeipad.nl',
};
export const DEMO_BLUEPRINT = 'BPV-traject Verzorgende IG';

export type Session = Tokens & { organisationId: number; userId: number };

export async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

function claims(tokens: Tokens): { user_id: number } {
  return JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** The session of tokens chosen for an organisation. */
export function asSession(tokens: Tokens & { organisationId: number }): Session {
  return { ...tokens, userId: claims(tokens).user_id };
}

/** Signs in with a password, accepts the licence and chooses the user's first organisation. */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const first = await json<Tokens>(await request.post('/api/auth/login', { data: { email, password } }));
  await json(await request.post('/api/auth/eula', { data: {}, headers: auth(first) }));
  const organisations = await json<{ id: number }[]>(
    await request.get('/api/organisations', { headers: auth(first) }),
  );
  const organisationId = organisations[0]?.id;
  if (organisationId === undefined) throw new Error(`${email} has no organisation`);
  const tokens = await refresh(request, first, organisationId);
  return { ...tokens, organisationId, userId: claims(tokens).user_id };
}

export interface ListItem {
  id: number;
  name: string;
  description: string | null;
  activeUntil: string | null;
  rights: string[];
}

export async function listTrajectories(request: APIRequestContext, session: Session): Promise<ListItem[]> {
  return json(await request.get('/api/v2/trajectories', { headers: auth(session) }));
}

/** The id of a LIVE trajectory blueprint by name. */
export async function blueprintId(
  request: APIRequestContext,
  session: Session,
  name: string,
): Promise<number> {
  const list = await json<{ id: number; name: string; type: string }[]>(
    await request.get('/api/blueprints', { headers: auth(session) }),
  );
  const found = list.find((blueprint) => blueprint.type === 'TRAJECTORY' && blueprint.name === name);
  if (!found) throw new Error(`no trajectory blueprint ${name}`);
  return found.id;
}

/** A role with every right (the default new-admin role of spec part 1 §6). */
export const ADMIN_ROLE = {
  name: 'Docent',
  informationRights: { '': { write: true, read: true, hidden: false } },
  evaluationRights: { write: true, read: true },
  reportRights: {},
  adminRights: { purchase: true, metadata: true, rights: true },
};

/** Creates a trajectory through the API with the creator holding ADMIN_ROLE; answers its id. */
export async function createTrajectory(
  request: APIRequestContext,
  session: Session,
  email: string,
  body: { blueprintId: number; name: string; description?: string | null },
): Promise<number> {
  const response = await request.post('/api/v2/trajectories', {
    data: { ...body, access: { roles: [ADMIN_ROLE], users: [{ user: email, roles: ['Docent'] }] } },
    headers: auth(session),
  });
  await json(response);
  return Number(response.headers().location?.split('/').pop());
}

/**
 * Creates `count` trajectories through the API's import (issue 22: 500 rows a request, each import one
 * transaction), as a school bringing over its year groups would: the list under test sees the same rows as
 * from one create call each, made in a tenth of the time. Answers the time it took in ms.
 */
export async function createMany(
  request: APIRequestContext,
  session: Session,
  email: string,
  blueprint: number,
  count: number,
): Promise<number> {
  const started = Date.now();
  const batch = 500;
  for (let first = 1; first <= count; first += batch) {
    const rows = Array.from({ length: Math.min(batch, count - first + 1) }, (_, offset) => ({
      name: `Traject ${String(first + offset).padStart(5, '0')}`,
      description: `Leerling ${first + offset} van de proef met een lange lijst`,
    }));
    const response = await request.post('/api/v2/trajectories/import', {
      data: {
        blueprintId: blueprint,
        access: { roles: [ADMIN_ROLE], users: [{ user: email, roles: ['Docent'] }] },
        studentRole: 'Docent',
        rows,
      },
      headers: auth(session),
      timeout: 120_000,
    });
    await json(response);
  }
  return Date.now() - started;
}

/** A state: axe, screenshots at 1280 and 375 px, no sideways scroll at 375 and 320 px. */
export async function checkState(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await ready();
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await ready();
  await expectAccessible(page, `${name} at 375px`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-375`);
  await expectNoSidewaysScroll(page, name);
  await page.setViewportSize(DESKTOP);
  await ready();
}
