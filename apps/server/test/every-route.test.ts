import { defaultAdminRole, MESSAGE_KEYS } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  organisationInput,
  type TestApp,
  tokensFor,
} from './helpers.ts';
import { documentOf, isMentorRoute, isSecured, operationsOf, validValue } from './openapi-walk.ts';

/**
 * Walks every operation of the generated OpenAPI document and sends it bad input: no token, a forged
 * token, malformed JSON, wrong types, missing fields, over-long strings and unknown ids. Every answer
 * must be a 4xx carrying a key from the message catalogue (or a success for harmless input) — never a 500.
 */
let t: TestApp;
let token: string;
let operations: {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  secured: boolean;
}[];

const SKIP = new Set([
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/*',
  '/api/docs/*',
  '/api/oauth2/{provider}/login',
]);
const keys: ReadonlySet<string> = new Set(MESSAGE_KEYS);

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t);
  const owner = (await login(t, user.email)).accessToken;
  const org = await buildOrganisation(t, owner);
  token = (await tokensFor(t, user.email, org.id)).accessToken;
  const spec = await documentOf(t);
  operations = [];
  for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(spec.paths)) {
    if (SKIP.has(path) || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (isMentorRoute(op)) continue;
      const body = (
        op.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> } | undefined
      )?.content?.['application/json']?.schema;
      operations.push({ method: method.toUpperCase(), path, body, secured: isSecured(op) });
    }
  }
});
afterAll(() => t.close());

/**
 * Where a route's path parameters point into another organisation: each entry names, for the paths it
 * matches, the ids of a real object of that other organisation. A new kind of route with path
 * parameters needs an entry here (the test below fails until it has one).
 */
type OtherIds = {
  organisation: { id: number };
  member: { id: number };
  blueprint: { id: number; type: string };
  resource: { id: number };
  trajectory: { id: number };
  report: { id: number };
  extract: { id: number };
  notification: { id: number };
  creditTransaction: { id: number };
  trajectoryUpdate: { id: number };
};
const OTHER_ORGANISATION: [RegExp, (other: OtherIds) => Record<string, string> | 'shared'][] = [
  [/^\/api\/organisations\/\{id\}/, (o) => ({ id: String(o.organisation.id), userId: String(o.member.id) })],
  [/^\/api\/blueprints\/\{type\}\/\{id\}/, (o) => ({ type: o.blueprint.type, id: String(o.blueprint.id) })],
  [/^\/api\/blueprints\/\{id\}/, (o) => ({ id: String(o.blueprint.id) })],
  // D56: a competence list's CASE export names the blueprint.
  [/^\/api\/v2\/competence-frameworks\/\{id\}/, (o) => ({ id: String(o.blueprint.id) })],
  [/^\/api\/resources\/\{id\}/, (o) => ({ id: String(o.resource.id) })],
  [
    /^\/api\/v2\/trajectories\/\{id\}\/reports\/\{reportId\}/,
    (o) => ({ id: String(o.trajectory.id), reportId: String(o.report.id) }),
  ],
  [/^\/api\/v2\/trajectories\/\{id\}/, (o) => ({ id: String(o.trajectory.id) })],
  // Extracts (issue 10): one the other organisation's member made.
  [/^\/api\/extracts\/\{id\}/, (o) => ({ id: String(o.extract.id) })],
  // A cohort update (D56) the other organisation's member made: its undo is theirs alone.
  [/^\/api\/v2\/trajectory-updates\/\{id\}/, (o) => ({ id: String(o.trajectoryUpdate.id) })],
  // Notifications (issue 10): one of the other organisation's member.
  [/^\/api\/notifications\/\{id\}/, (o) => ({ id: String(o.notification.id) })],
  // The trash (D38): a trash id names the other organisation's trajectory (trash.test.ts: a deleted one).
  [/^\/api\/trash\/\{id\}/, (o) => ({ id: `trajectory-${o.trajectory.id}` })],
  // Credits (issue 11): a quote of the other organisation (its owner asked for it).
  [/^\/api\/credits\/transactions\/\{id\}/, (o) => ({ id: String(o.creditTransaction.id) })],
  // The library is shared by every organisation (D31): no organisation's data, so no 404 to prove.
  [/^\/api\/library\/\{id\}/, () => 'shared'],
];
/** Queries a route needs to reach its 404 (a required query parameter). */
const EXAMPLE_QUERIES: Record<string, string> = {
  'POST /api/v2/trajectories/{id}/reports': '?blueprintName=Verslag',
};
/** Bodies the contract accepts where a generated one would not (so the call reaches its 404). */
const EXAMPLE_BODIES: Record<string, () => unknown> = {
  'PUT /api/organisations/{id}': () => organisationInput(),
  // D12: a generated activeUntil is not a calendar day.
  'PUT /api/v2/trajectories/{id}': () => ({ name: 'Nieuw', activeUntil: '2030-01-31' }),
  'POST /api/organisations/{id}/users': () => ({ email: 'nieuw-lid@school.nl', role: 'USER' }),
  'PUT /api/blueprints/{id}/rights': () => [{ user: 'beheer@school.nl', rights: ['ADMIN'] }],
  'PUT /api/notifications/{id}': () => ({ read: true }),
  'POST /api/v2/trajectories/{id}/mentor-links': () => ({
    email: 'mentor@bedrijf.nl',
    name: 'M',
    role: 'Student',
  }),
  'POST /api/v2/trajectories/{id}/invitations': () => ({ user: 'leerling@school.nl' }),
  'POST /api/credits/transactions/{id}/accept': () => ({ amount: 10 }),
  'PUT /api/organisations/{id}/discount': () => ({ discount: 10 }),
  'POST /api/extracts/{id}/users': () => ['collega@school.nl'],
  // D30: restore in any letter case.
  'PUT /api/trash/{id}': () => ({ status: 'live' }),
  // Change history restores (issue 9): a version, and a field or a competence's dated entry.
  'POST /api/v2/trajectories/{id}/form/history/restore': () => ({ version: 1, field: 'naam' }),
  'POST /api/v2/trajectories/{id}/reports/{reportId}/history/restore': () => ({ version: 1, field: 'naam' }),
  'POST /api/v2/trajectories/{id}/evaluations/history/restore': () => ({
    version: 1,
    competence: 'c1',
    entry: '2024-03-01T09:00:00.000Z',
  }),
};

function url(path: string, id = '999999'): string {
  return path.replace('{id}', id).replace('{provider}', 'nope').replace('{refreshToken}', 'not-a-token');
}

function expectKeyed(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body);
    expect(body.status, label).toBe(res.statusCode);
    expect(keys.has(body.key), `${label}: key ${body.key}`).toBe(true);
  }
}

/** A value of the wrong type for a JSON schema property. */
function wrongType(schema: Record<string, unknown>): unknown {
  const type = schema.type ?? (schema.anyOf as { type?: string }[] | undefined)?.[0]?.type;
  return type === 'string'
    ? 12345
    : type === 'number' || type === 'integer'
      ? 'not a number'
      : 'not an object';
}

describe('another organisation', () => {
  it('answers 404 on every route that names its objects, with a valid body, and changes nothing', async () => {
    const stranger = await buildUser(t);
    const organisation = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    const member = await buildUser(t);
    await addMember(t, organisation.id, member.id, 'USER');
    const strangerToken = (await tokensFor(t, stranger.email, organisation.id)).accessToken;
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: strangerToken,
      payload: { type: 'COMPETENCE_LIST', name: 'Vreemde competenties' },
    });
    const resource = await call(t, {
      method: 'POST',
      url: '/api/resources',
      token: strangerToken,
      payload: { name: 'foto.png', mediaType: 'image/png' },
    });
    const blueprint = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: strangerToken,
      payload: { type: 'TRAJECTORY', name: 'Vreemd traject' },
    });
    // A report blueprint in it, so the other organisation has a report to aim at (issue 9).
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${blueprint.json().id}/content`,
      token: strangerToken,
      payload: [
        {
          op: 'replace',
          path: '/reportBlueprints',
          value: [{ id: null, version: null, name: 'Verslag', fields: [] }],
        },
      ],
    });
    const trajectory = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: strangerToken,
      payload: {
        blueprintId: blueprint.json().id,
        name: 'Vreemd',
        access: { roles: [defaultAdminRole()], users: [{ user: stranger.email, roles: ['Admin'] }] },
      },
    });
    expect(trajectory.statusCode, trajectory.body).toBe(201);
    const report = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${trajectory.json().id}/reports?blueprintName=Verslag`,
      token: strangerToken,
      payload: { name: 'Vreemd verslag' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const extractBlueprint = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: strangerToken,
      payload: { type: 'EXTRACT', name: 'Vreemd uittreksel' },
    });
    const extracts = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: strangerToken,
      payload: { name: 'Vreemd', extract: extractBlueprint.json().id, trajectories: [trajectory.json().id] },
    });
    expect(extracts.statusCode, extracts.body).toBe(202);
    const quote = await call(t, {
      method: 'POST',
      url: '/api/credits/quotes',
      token: strangerToken,
      payload: { amount: 10 },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const version = trajectory.json().blueprintVersion;
    const trajectoryUpdate = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectory-updates',
      token: strangerToken,
      payload: { trajectories: [{ id: trajectory.json().id, version }] },
    });
    expect(trajectoryUpdate.statusCode, trajectoryUpdate.body).toBe(201);
    const other = {
      trajectoryUpdate: trajectoryUpdate.json(),
      creditTransaction: await t.ctx.db
        .selectFrom('credit_transactions')
        .select('id')
        .where('organisation_id', '=', organisation.id)
        .executeTakeFirstOrThrow(),
      organisation,
      member,
      blueprint: { id: created.json().id, type: 'competencelists' },
      resource: { id: resource.json().id },
      trajectory: { id: trajectory.json().id },
      report: { id: report.json().id },
      extract: { id: extracts.json()[0].id },
      // A notification of the other organisation's member (as the engine's events make them, D27).
      notification: await t.ctx.db
        .insertInto('notifications')
        .values({
          organisation_id: organisation.id,
          user_id: stranger.id,
          actor_id: member.id,
          trajectory_id: trajectory.json().id,
          target: 'FORM',
          target_id: null,
          action: 'UPDATE',
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    };
    const before = await t.ctx.db
      .selectFrom('memberships')
      .selectAll()
      .where('organisation_id', '=', organisation.id)
      .execute();
    let checked = 0;
    for (const op of await operationsOf(t)) {
      if (!op.path.includes('{') || !op.secured) continue;
      const entry = OTHER_ORGANISATION.find(([pattern]) => pattern.test(op.path));
      expect(entry, `${op.path}: add its other-organisation ids to OTHER_ORGANISATION`).toBeDefined();
      const values = entry![1](other);
      if (values === 'shared') continue;
      const target = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
      const label = `${op.method} ${op.path}`;
      const example = EXAMPLE_BODIES[label];
      const res = await call(t, {
        method: op.method as 'POST',
        url: target + (EXAMPLE_QUERIES[label] ?? ''),
        token,
        ...(op.body ? { payload: (example ? example() : validValue(op.body)) as object } : {}),
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
      expect(res.json(), label).toEqual({ status: 404, key: 'notFound' });
      // The organisation's own member gets a real answer, never a 5xx (response schemas included).
      if (op.method === 'GET') {
        const own = await call(t, { method: 'GET', url: target, token: strangerToken });
        expect(own.statusCode, `${label} by its own organisation: ${own.body}`).toBeLessThan(500);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    const after = await t.ctx.db
      .selectFrom('memberships')
      .selectAll()
      .where('organisation_id', '=', organisation.id)
      .execute();
    expect(after).toEqual(before);
  });
});

describe('a member removed from the organisation', () => {
  /**
   * Routes of the user's own account, and of organisations as such (they check the membership or the
   * ownership themselves, with answers of their own), which a removed member may still call.
   */
  const ACCOUNT_LEVEL = [/^\/api\/auth\//, /^\/api\/users\//, /^\/api\/organisations/, /^\/api\/library/];

  it('answers 403 organisationRequired on every organisation-scoped route while the access token still names it', async () => {
    const owner = await buildUser(t);
    const organisation = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
    const removed = await buildUser(t);
    await addMember(t, organisation.id, removed.id, 'ADMIN');
    const removedToken = (await tokensFor(t, removed.email, organisation.id)).accessToken;
    await t.ctx.db
      .deleteFrom('memberships')
      .where('organisation_id', '=', organisation.id)
      .where('user_id', '=', removed.id)
      .execute();
    let checked = 0;
    for (const op of await operationsOf(t)) {
      const label = `${op.method} ${op.path}`;
      if (!op.secured || ACCOUNT_LEVEL.some((pattern) => pattern.test(op.path))) continue;
      const example = EXAMPLE_BODIES[label];
      const res = await call(t, {
        method: op.method as 'POST',
        url: url(op.path).replace('{reportId}', '1') + (EXAMPLE_QUERIES[label] ?? ''),
        token: removedToken,
        ...(op.body ? { payload: (example ? example() : validValue(op.body)) as object } : {}),
      });
      // A generated parameter or body the contract refuses is answered before anyone's membership is read.
      if (res.statusCode === 400 && res.json().key === 'validationError') continue;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
      expect(res.json().key, label).toBe('organisationRequired');
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});

describe('every route', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 401 with a key without a token and with a forged token on secured routes', async () => {
    const forged = `${token.slice(0, -6)}AAAAAA`;
    for (const op of operations.filter((o) => o.secured)) {
      for (const bearer of [undefined, forged]) {
        const res = await call(t, {
          method: op.method as 'GET',
          url: url(op.path),
          ...(bearer ? { token: bearer } : {}),
          ...(op.body ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
        expectKeyed(res, `${op.method} ${op.path}`);
      }
    }
  });

  it('answers unknown and malformed ids with 404 or 400', async () => {
    for (const op of operations.filter((o) => o.path.includes('{id}'))) {
      const unknown = await call(t, {
        method: op.method as 'GET',
        url: url(op.path),
        token,
        ...(op.body ? { payload: {} } : {}),
      });
      // removing from the shared library answers non-company users 403 before it looks anything up
      // (D31); reading it is every organisation's (D58), so an unknown entry is 404 there
      const expected = op.path.startsWith('/api/library/') && op.method === 'DELETE' ? [403] : [400, 404];
      expect(expected, `${op.method} ${op.path}`).toContain(unknown.statusCode);
      expectKeyed(unknown, `${op.method} ${op.path}`);
      // A CASE identifier (D56) is any short text, so no id is malformed there: unknown, 404.
      const malformedStatus = op.path.startsWith('/ims/case/') ? 404 : 400;
      const malformed = await call(t, { method: op.method as 'GET', url: url(op.path, 'abc'), token });
      expect(malformed.statusCode, `${op.method} ${op.path} abc`).toBe(malformedStatus);
      const negative = await call(t, { method: op.method as 'GET', url: url(op.path, '-1'), token });
      expect(negative.statusCode, `${op.method} ${op.path} -1`).toBe(malformedStatus);
    }
  });

  it('answers bad bodies with a 4xx and a key: malformed JSON, arrays, empty objects, wrong types, over-long strings', async () => {
    for (const op of operations.filter((o) => o.body)) {
      const label = `${op.method} ${op.path}`;
      const target = url(op.path, '1');
      const send = (payload: string) =>
        call(t, {
          method: op.method as 'POST',
          url: target,
          token,
          payload,
          headers: { 'content-type': 'application/json' },
        });
      const malformed = await send('{"email": ');
      expect(malformed.statusCode, label).toBe(400);
      expect(malformed.json().key, label).toBe('invalidJson');
      for (const payload of ['[]', '"text"', '12', 'null'])
        expectKeyed(await send(payload), `${label} ${payload}`);

      const properties = (op.body!.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (op.body!.required ?? []) as string[];
      if (required.length > 0) {
        const empty = await send('{}');
        expect(empty.statusCode, label).toBe(400);
        expectKeyed(empty, label);
      }
      const wrong = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, wrongType(s)]));
      if (Object.keys(wrong).length > 0) {
        const res = await send(JSON.stringify(wrong));
        expect(res.statusCode, `${label} wrong types`).toBeGreaterThanOrEqual(400);
        expectKeyed(res, `${label} wrong types`);
      }
      const long = Object.fromEntries(Object.keys(properties).map((k) => [k, 'x'.repeat(20_000)]));
      if (Object.keys(long).length > 0)
        expectKeyed(await send(JSON.stringify(long)), `${label} long strings`);
      // A framework import takes up to 24 MiB (D56); everything else 1 MiB.
      const limit = op.path.startsWith('/api/v2/competence-frameworks') ? 24 : 1;
      const huge = await send(JSON.stringify({ padding: 'x'.repeat((limit + 1) * 1024 * 1024) }));
      expect(huge.statusCode, `${label} over the limit`).toBe(413);
      expectKeyed(huge, `${label} over the limit`);
    }
  });
});
