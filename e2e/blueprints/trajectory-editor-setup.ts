import type { APIRequestContext } from '@playwright/test';
import { PASSWORD, refresh, type Tokens } from '../support/accounts';
import { checkState, DESKTOP, notificationsGone } from '../support/states';

export { checkState, DESKTOP, notificationsGone };

/** API set-up and page checks for e2e/blueprints/trajectory-editor.spec.ts. */

type Owner = Tokens & { organisationId: number };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const auth = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.accessToken}` });

const PATHS = {
  COMPETENCE_LIST: 'competencelists',
  INFORMATION: 'information',
  REPORT: 'reports',
  DASHBOARD: 'dashboards',
  TRAJECTORY: 'trajectories',
} as const;
type Type = keyof typeof PATHS;

/** Creates a blueprint (the creator gets ADMIN) and, when given, replaces its content; answers its id. */
export async function createBlueprint(
  request: APIRequestContext,
  owner: Owner,
  type: Type,
  name: string,
  content?: Record<string, unknown>,
  userRights: { user: string; rights: string[] }[] = [],
): Promise<number> {
  const { id } = await json<{ id: number }>(
    await request.post('/api/blueprints', {
      data: { type, name, description: `${name} (e2e)`, userRights },
      headers: auth(owner),
    }),
  );
  if (content) await replaceContent(request, owner, type, id, content);
  return id;
}

/** Replaces top-level parts of a blueprint's content with one JSON Patch (a new version). */
export async function replaceContent(
  request: APIRequestContext,
  owner: Owner,
  type: Type,
  id: number,
  content: Record<string, unknown>,
): Promise<void> {
  const patch = Object.entries(content).map(([key, value]) => ({ op: 'replace', path: `/${key}`, value }));
  await json(
    await request.patch(`/api/blueprints/${PATHS[type]}/${id}/content`, {
      data: patch,
      headers: auth(owner),
    }),
  );
}

export async function readContent(
  request: APIRequestContext,
  owner: Owner,
  type: Type,
  id: number,
): Promise<Record<string, unknown>> {
  return json(await request.get(`/api/blueprints/${PATHS[type]}/${id}/content`, { headers: auth(owner) }));
}

const field = (uuid: string, name: string, type = 'text') => ({ uuid, name, type, required: false });

export const INFORMATION_FIELDS = [
  { ...field('f-naam', 'Naam'), required: true },
  field('f-bsn', 'BSN'),
  {
    uuid: 'f-adres',
    name: 'Adres',
    type: 'group',
    required: false,
    collapsed: false,
    children: [field('f-straat', 'Straat'), field('f-plaats', 'Plaats')],
  },
  field('f-start', 'Startdatum', 'date'),
];

export const COMPETENCES = [
  {
    uuid: 'c-1',
    description: 'Kerntaak 1: Bieden van zorg en ondersteuning',
    subcompetences: [
      {
        uuid: 'c-1-1',
        description: 'Werkproces 1.1: Onderkent de gezondheidstoestand',
        subcompetences: [
          { uuid: 'c-1-1-1', description: 'Observeert de client', labels: ['BPV'] },
          { uuid: 'c-1-1-2', description: 'Rapporteert veranderingen' },
        ],
      },
    ],
  },
];

export interface Fixture {
  competenceList: number;
  information: number;
  reports: [number, number];
  dashboard: number;
  trajectory: number;
}

/** The competence list, information form, two report blueprints, a dashboard and the trajectory blueprint. */
export async function createFixture(
  request: APIRequestContext,
  owner: Owner,
  prefix: string,
  readers: string[] = [],
): Promise<Fixture> {
  const competenceList = await createBlueprint(request, owner, 'COMPETENCE_LIST', `${prefix} competenties`, {
    competences: COMPETENCES,
  });
  const information = await createBlueprint(request, owner, 'INFORMATION', `${prefix} intake`, {
    fields: INFORMATION_FIELDS,
  });
  const progress = await createBlueprint(request, owner, 'REPORT', `${prefix} voortgangsgesprek`, {
    fields: [field('r-datum', 'Datum gesprek', 'date'), field('r-goed', 'Wat gaat goed?')],
  });
  const final = await createBlueprint(request, owner, 'REPORT', `${prefix} eindbeoordeling`, {
    fields: [field('r-oordeel', 'Eindoordeel'), field('r-uren', 'Aantal uren', 'integer')],
  });
  const dashboard = await createBlueprint(request, owner, 'DASHBOARD', `${prefix} dashboard`, {
    widgets: [
      { uuid: 'w-1', name: 'Scores per competentie', type: 'evaluation_scores', cluster: null },
      { uuid: 'w-2', name: 'Laatste beoordelingen', type: 'evaluation_history' },
    ],
  });
  const trajectory = await createBlueprint(
    request,
    owner,
    'TRAJECTORY',
    `${prefix} traject`,
    undefined,
    readers.map((user) => ({ user, rights: ['READ'] })),
  );
  return { competenceList, information, reports: [progress, final], dashboard, trajectory };
}

/** Adds an activated account to the owner's organisation and signs it in there. */
export async function signInMember(request: APIRequestContext, owner: Owner, email: string): Promise<Tokens> {
  await json(
    await request.post(`/api/organisations/${owner.organisationId}/users`, {
      data: { email, role: 'USER' },
      headers: auth(owner),
    }),
  );
  const tokens = await json<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } }),
  );
  await json(await request.post('/api/auth/eula', { data: {}, headers: auth(tokens) }));
  return refresh(request, tokens, owner.organisationId);
}
