import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zTrajectoryUsers } from '../contract/trajectories.ts';
import { blueprintEndpoints, libraryEndpoints } from './blueprints.ts';
import { type Endpoint, endpointUrl } from './define.ts';
import { evaluationEndpoints } from './evaluations.ts';
import { extractEndpoints } from './extracts.ts';
import { historyEndpoints } from './history.ts';
import { notificationEndpoints } from './notifications.ts';
import { reportEndpoints } from './reports.ts';
import { resourceEndpoints } from './resources.ts';
import { trajectoryEndpoints } from './trajectories.ts';
import { trashEndpoints } from './trash.ts';

/**
 * One contract per endpoint (DESIGN point 7): the server registers its routes from these and
 * serialises answers with `response`, the web calls through them. The rules every contract keeps.
 */
const groups = {
  blueprints: blueprintEndpoints,
  library: libraryEndpoints,
  trajectories: trajectoryEndpoints,
  resources: resourceEndpoints,
  evaluations: evaluationEndpoints,
  reports: reportEndpoints,
  history: historyEndpoints,
  extracts: extractEndpoints,
  trash: trashEndpoints,
  notifications: notificationEndpoints,
};
const endpoints: [string, Endpoint][] = Object.entries(groups).flatMap(([group, contracts]) =>
  Object.entries(contracts).map(([name, endpoint]): [string, Endpoint] => [
    `${group}.${name}`,
    endpoint as Endpoint,
  ]),
);

/** The `:name` parameters of a path, in order. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

describe('endpoint contracts', () => {
  it('cover the blueprint, library and trajectory calls', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(35);
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
    '%s: an /api path, a success status and a body only where a method takes one',
    (_name, e) => {
      expect(e.path).toMatch(/^\/api\//);
      expect(e.status).toBeGreaterThanOrEqual(200);
      expect(e.status).toBeLessThan(300);
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body).toBeUndefined();
    },
  );

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
