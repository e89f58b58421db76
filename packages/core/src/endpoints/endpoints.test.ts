import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zTrajectoryUsers } from '../contract/trajectories.ts';
import { allEndpoints, operationIdFor, operationIdOf } from './all.ts';
import { blueprintEndpoints } from './blueprints.ts';
import { defineEndpoint, zNoContent } from './define.ts';
import { FIRST_PAGE_ROUTES } from './first-page.ts';
import { trajectoryEndpoints } from './trajectories.ts';
import { endpointUrl } from './url.ts';

/**
 * One contract per endpoint (DESIGN point 7): the server registers its routes from these and
 * serialises answers with `response`, the web calls through them. The rules every contract keeps.
 */
const endpoints = allEndpoints();

/** The `:name` parameters of a path, in order. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

describe('endpoint contracts', () => {
  it('cover every area of the API', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(120);
  });

  it.each(endpoints)(
    '%s: the response schema has no transforms (the server serialises it)',
    (_name, endpoint) => {
      expect(() => z.toJSONSchema(endpoint.response, { io: 'output' })).not.toThrow();
    },
  );

  it('the transform check bites: a users list with input normalisation could not be an answer', () => {
    // zTrajectoryUsers trims and lower-cases e-mails (a transform), hence zTrajectoryUserAnswer.
    expect(() => z.toJSONSchema(zTrajectoryUsers, { io: 'output' })).toThrow(/Transforms/);
  });

  it.each(endpoints)('%s: the path parameters are the params schema’s keys', (_name, endpoint) => {
    const keys = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
    expect(keys).toEqual(pathParams(endpoint.path).sort());
  });

  it.each(endpoints)(
    '%s: an /api, /actuator or CASE provider path, a success status and a body only where a method takes one',
    (_name, e) => {
      expect(e.path).toMatch(/^\/(api|actuator|ims\/case\/v1p1)\//);
      expect(e.status).toBeGreaterThanOrEqual(200);
      expect(e.status).toBeLessThan(400);
      // A redirect answers no body.
      if (e.status >= 300) expect(e.response).toBe(zNoContent);
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body).toBeUndefined();
      // An upload's body is the file the handler streams, never a JSON body validated before it.
      if (e.consumes) expect(e.body).toBeUndefined();
    },
  );

  it('only the calls made before or without a sign-in are open without a token', () => {
    const open = endpoints.filter(([, e]) => e.secured === false).map(([name]) => name);
    expect(open.sort()).toEqual(
      [
        'auth.activate',
        'auth.login',
        // The second step of a sign-in with two-factor sign-in on (D57).
        'auth.loginTwoFactor',
        'auth.logout',
        'auth.oauthCode',
        'auth.oauthLogin',
        'auth.oauthProviders',
        'auth.refresh',
        'auth.register',
        'auth.requestPasswordReset',
        'auth.resetPassword',
        // The library's frameworks for other CASE tools (D56).
        'caseProvider.documents',
        'caseProvider.item',
        'caseProvider.package',
        'credits.completeTestPayment',
        'credits.testPayment',
        'credits.webhook',
        'health.health',
        'health.liveness',
        'health.ping',
        'health.readiness',
        // A mentor's link: the code and the session it starts (issue 23).
        'mentor.sendCode',
        'mentor.startSession',
      ].sort(),
    );
  });

  it('the zod-free routes of the first page are contracts’ routes', () => {
    const routes = new Set(endpoints.map(([, e]) => `${e.method} ${e.path}`));
    for (const route of Object.values(FIRST_PAGE_ROUTES))
      expect(routes.has(`${route.method} ${route.path}`), route.path).toBe(true);
  });

  it.each(endpoints)(
    '%s: a summary for the OpenAPI operation list: a few words, sentence case, no full stop',
    (_name, endpoint) => {
      expect(endpoint.summary).toMatch(/^[A-Z][^\n]*[^.\s]$/);
      expect(endpoint.summary.length).toBeLessThanOrEqual(80);
    },
  );

  it('no two contracts share a summary or an operationId', () => {
    const summaries = endpoints.map(([, endpoint]) => endpoint.summary);
    expect(summaries.filter((summary, i) => summaries.indexOf(summary) !== i)).toEqual([]);
    const ids = endpoints.map(([, endpoint]) => operationIdOf(endpoint));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('the operationId is the contract’s group and name, so it stays put until the contract is renamed', () => {
    expect(operationIdOf(trajectoryEndpoints.list)).toBe('trajectoriesList');
    expect(operationIdOf(blueprintEndpoints.patchContent)).toBe('blueprintsPatchContent');
    expect(operationIdFor('liveBlueprints', 'COMPETENCE_LIST')).toBe('liveBlueprintsCompetenceList');
    expect(operationIdFor('health', 'ping')).toBe('healthPing');
    // A contract outside endpointGroups has none: no route can be registered from it.
    const stray = defineEndpoint({
      method: 'GET',
      path: '/api/stray',
      status: 200,
      summary: 'Stray',
      response: z.null(),
    });
    expect(() => operationIdOf(stray)).toThrow(/not a contract of endpointGroups/);
  });

  it('no two contracts share a method and path', () => {
    const routes = endpoints.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('the params schemas turn path text into ids and refuse what is not one', () => {
    const content = blueprintEndpoints.content.params!;
    expect(content.parse({ type: 'competencelists', id: '12' })).toEqual({ type: 'competencelists', id: 12 });
    expect(content.safeParse({ type: 'competence_list', id: '12' }).error?.issues[0]?.message).toBe(
      'invalidValue',
    );
    expect(trajectoryEndpoints.get.params!.safeParse({ id: '-1' }).success).toBe(false);
    expect(trajectoryEndpoints.get.params!.safeParse({ id: '2147483648' }).success).toBe(false);
  });

  it('the URL is the path with its parameters filled in and the query appended', () => {
    expect(
      endpointUrl(blueprintEndpoints.content.path, { type: 'competencelists', id: 12 }, { version: 3 }),
    ).toBe('/api/blueprints/competencelists/12/content?version=3');
    expect(endpointUrl(trajectoryEndpoints.grouped.path, {}, { key: 'Klas 3A' })).toBe(
      '/api/v2/trajectories/grouped?key=Klas%203A',
    );
    expect(() => endpointUrl(trajectoryEndpoints.get.path)).toThrow(/missing path parameter id/);
  });
});
