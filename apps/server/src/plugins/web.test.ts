import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'groeipad-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Groeipad</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

describe('one origin', () => {
  it('serves the web app with a history fallback for client routes', async () => {
    for (const url of ['/', '/login', '/trajectory/12/form', '/organisations/3?tab=users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers: a content security policy, nosniff, no framing by others', async () => {
    for (const url of ['/', '/login', '/api/organisations']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Swagger UI brings its own policy for its inline scripts.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect([200, 302]).toContain(docs.statusCode);
    expect(String(docs.headers['content-security-policy'])).toContain('script-src');
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const url of ['/api/unknown', '/api', '/actuator/nothing', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 404, key: 'notFound' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/trajectories' })).statusCode).toBe(404);
  });

  it('serves the locales and the licence pages', async () => {
    for (const url of ['/locales/nl.json', '/locales/en.json', '/eula/nl.html', '/eula/en.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const nl = (await t.app.inject({ method: 'GET', url: '/locales/nl.json' })).json();
    expect(typeof nl).toBe('object');
  });

  it('answers the health ping cheaply and uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/actuator/health/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/actuator/health' })).json()).toEqual({ status: 'UP' });
  });

  it('publishes OpenAPI generated from the contract at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/organisations/{id}',
        '/api/users/me',
      ]),
    );
    const login = spec.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });
});
