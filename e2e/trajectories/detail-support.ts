import { defaultTrajectoryAccess } from '@groeipad/core';
import type { APIRequestContext } from '@playwright/test';
import { refresh, type Tokens } from '../support/accounts';
import { checkState, DESKTOP, notificationsGone, PHONE } from '../support/states';

export { checkState, DESKTOP, notificationsGone, PHONE };

/** API set-up and page checks for e2e/trajectories/detail.spec.ts (issue 8, the detail frame). */

/** The demo accounts of apps/server/src/seed/demo.ts (DEMO_PASSWORD there). */
export const DEMO_PASSWORD = 'Groeipad-demo1';
export const DEMO_OWNER = 'eigenaar@demo.groeipad.nl';
export const DEMO_STUDENT = 'gebruiker@demo.groeipad.nl';

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

/** Signs a demo account in, signs the licence and chooses the demo organisation. */
export async function signInDemo(request: APIRequestContext, email: string): Promise<Tokens> {
  const tokens = await json<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } }),
  );
  await json(await request.post('/api/auth/eula', { data: {}, headers: auth(tokens) }));
  const organisations = await json<{ id: number; name: string }[]>(
    await request.get('/api/organisations', { headers: auth(tokens) }),
  );
  const demo = organisations[0];
  if (!demo) throw new Error(`${email} belongs to no organisation`);
  return refresh(request, tokens, demo.id);
}

export interface TrajectoryItem {
  id: number;
  name: string;
  description: string | null;
  activeUntil: string | null;
}

export async function listTrajectories(
  request: APIRequestContext,
  tokens: Tokens,
): Promise<TrajectoryItem[]> {
  return json(await request.get('/api/v2/trajectories', { headers: auth(tokens) }));
}

/**
 * A trajectory blueprint with nothing in it and a trajectory from it, held by `email` through the
 * default admin role (the creator needs RIGHTS): answers the trajectory's id.
 */
export async function createTrajectory(
  request: APIRequestContext,
  tokens: Tokens,
  email: string,
  name: string,
): Promise<number> {
  const blueprint = await json<{ id: number }>(
    await request.post('/api/blueprints', {
      data: { type: 'TRAJECTORY', name: `${name} sjabloon`, description: null, userRights: [] },
      headers: auth(tokens),
    }),
  );
  const created = await json<{ id: number }>(
    await request.post('/api/v2/trajectories', {
      data: {
        blueprintId: blueprint.id,
        name,
        description: 'Verlopen proeftraject',
        access: defaultTrajectoryAccess(email),
      },
      headers: auth(tokens),
    }),
  );
  return created.id;
}

/** The header data of one trajectory (blueprint link and versions). */
export async function getTrajectory(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<{ blueprintId: number | null; blueprintVersion: number | null }> {
  return json(await request.get(`/api/v2/trajectories/${id}`, { headers: auth(tokens) }));
}

/** A new version of a trajectory blueprint with one more role (what D10's preview names). */
export async function addBlueprintRole(
  request: APIRequestContext,
  tokens: Tokens,
  blueprintId: number,
  name: string,
): Promise<void> {
  const role = {
    name,
    informationRights: { '': { write: false, read: true, hidden: false } },
    evaluationRights: { write: false, read: true },
    reportRights: {},
    adminRights: { purchase: false, metadata: false, rights: false },
  };
  await json(
    await request.patch(`/api/blueprints/trajectories/${blueprintId}/content`, {
      data: [{ op: 'add', path: '/roles/-', value: role }],
      headers: auth(tokens),
    }),
  );
}
