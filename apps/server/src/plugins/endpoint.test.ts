import { allEndpoints, type Endpoint } from '@groeipad/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Every route of the API is a contract of the core (DESIGN point 7): registered from it with
 * `endpointRoute`, so the web's calls, the server's routes and the OpenAPI document are one definition.
 * A route added by hand (`app.get('/api/…')`) fails here.
 */
let t: TestApp;
let registered: string[];
const contracts = allEndpoints();

/** Swagger UI's own pages, and the web app's files with their history fallback (`*`). */
const NOT_API = [/^[A-Z]+ \/api\/docs(\/|$)/, /^[A-Z]+ (?!\/api\/|\/actuator\/)/];

/** `:id`, `:type` or a node find-my-way shares between them (`:id|:type`) all become `:`. */
const shape = (path: string) => path.replace(/:\w+(\|:\w+)*/g, ':');

/**
 * The routes of the app as `METHOD /path`, read from Fastify's route tree (`printRoutes` without a
 * common prefix: each line one node, four characters of indent a level, its methods in brackets). HEAD
 * routes Fastify adds beside each GET are left out.
 */
function routesOf(tree: string): string[] {
  const segments: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    segments.length = node[1]!.length / 4;
    segments.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? [])
      if (method !== 'HEAD') routes.push(`${method} ${segments.join('')}`);
  }
  return routes;
}

const routeOf = (endpoint: Endpoint) => `${endpoint.method} ${shape(endpoint.path)}`;

/** The API routes among `routes` that no contract defines. */
function withoutContract(routes: string[]): string[] {
  const defined = new Set(contracts.map(([, endpoint]) => routeOf(endpoint)));
  return routes.filter((route) => !NOT_API.some((pattern) => pattern.test(route)) && !defined.has(route));
}

beforeAll(async () => {
  t = await createTestApp();
  registered = routesOf(t.app.printRoutes({ commonPrefix: false })).map((route) => shape(route));
});
afterAll(() => t.close());

describe('the routes and the contracts', () => {
  it('reads the route tree (a format it cannot read fails here, not silently)', () => {
    expect(registered).toContain('POST /api/auth/login');
    expect(registered).toContain('GET /api/organisations/:/users');
    expect(registered).toContain('PATCH /api/blueprints/:/:/content');
    expect(registered.length).toBeGreaterThanOrEqual(contracts.length);
  });

  it('every /api and /actuator route the app registers is a contract of the core', () => {
    expect(
      withoutContract(registered),
      'routes registered without a contract in packages/core/src/endpoints',
    ).toEqual([]);
  });

  it('the check bites: a route added by hand, or a contract’s path under another method, is found', async () => {
    const app = Fastify();
    app.get('/api/organisations/:id/users', async () => []);
    app.get('/api/hand-made/:id', async () => null);
    app.delete('/api/users/me', async () => null);
    app.get('/elsewhere', async () => null);
    await app.ready();
    const routes = routesOf(app.printRoutes({ commonPrefix: false })).map((route) => shape(route));
    expect(withoutContract(routes)).toEqual(['GET /api/hand-made/:', 'DELETE /api/users/me']);
    await app.close();
  });

  it('every contract is registered', () => {
    const routes = new Set(registered);
    const missing = contracts.filter(([, endpoint]) => !routes.has(routeOf(endpoint))).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document asks for the bearer exactly where the contract does, and names non-JSON answers', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>
      >;
    };
    for (const [name, endpoint] of contracts) {
      const operation = spec.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      // An open route says so with `security: []` (OpenAPI's "none"), a secured one names its bearer.
      const security =
        endpoint.secured === false
          ? []
          : endpoint.secured === 'mentor'
            ? [{ mentorSession: [] }]
            : [{ bearerAuth: [] }];
      expect(operation!.security, name).toEqual(security);
      const success = operation!.responses[String(endpoint.status)];
      expect(success, name).toBeDefined();
      if (endpoint.produces) expect(Object.keys(success!.content ?? {}), name).toEqual([endpoint.produces]);
    }
  });
});

describe('answers that are not JSON', () => {
  it('the health ping answers plain text, uncached; the full check JSON', async () => {
    const ping = await t.app.inject({ method: 'GET', url: '/actuator/health/ping' });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ping.headers['cache-control']).toBe('no-store');
    expect(ping.body).toBe('pong');
    const health = await t.app.inject({ method: 'GET', url: '/actuator/health' });
    expect(health.json()).toEqual({ status: 'UP' });
  });
});
