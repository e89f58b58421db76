import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const INDEX = '<!doctype html><title>Groeipad</title><div id="root"></div>';
const SCRIPT = `export const words = ${JSON.stringify('Licentieovereenkomst '.repeat(200))};`;
const STYLE = `.card { overflow-wrap: anywhere; }\n`.repeat(100);

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'groeipad-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The mentor page's worker (issue 31): a file of public/, copied to the build's root by Vite.
  writeFileSync(join(dist, 'mentor-sw.js'), 'self.addEventListener("fetch", () => {});');
  // The build writes brotli and gzip copies next to each file (apps/web/vite.config.ts).
  for (const [path, content] of [
    ['index.html', INDEX],
    ['assets/app-def456.js', SCRIPT],
    ['assets/app-def456.css', STYLE],
  ] as const) {
    writeFileSync(join(dist, path), content);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  }
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

  it('serves the mentor page’s worker from the root as JavaScript, never cached long (issue 31)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mentor-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A worker's script is checked for updates on each visit: it must not sit in a cache for a year.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
    // Its scope is /mentor, under the script's own folder: no Service-Worker-Allowed header is needed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the pre-compressed copy the client accepts, with the type and cache header of the file', async () => {
    const cases = [
      { acceptEncoding: 'br', encoding: 'br', decode: brotliDecompressSync },
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { acceptEncoding: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip', decode: gunzipSync },
      { acceptEncoding: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      { acceptEncoding: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      for (const [url, type, content] of [
        ['/assets/app-def456.js', 'javascript', SCRIPT],
        ['/assets/app-def456.css', 'text/css', STYLE],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        const label = `${url} with accept-encoding ${acceptEncoding}`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toContain(type);
        expect(res.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary, label).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString('utf8'), label).toBe(content);
        if (encoding) expect(res.rawPayload.length, label).toBeLessThan(content.length / 4);
      }
      // index.html, directly and as the history fallback: compressed too, never cached.
      for (const url of ['/', '/login', '/trajectory/12/form']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(decode(res.rawPayload).toString('utf8'), url).toBe(INDEX);
      }
    }
    // A file without compressed copies is sent as it is.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
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
