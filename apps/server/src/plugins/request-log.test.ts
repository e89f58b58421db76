import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helpers.ts';
import { loggableUrl, requestLogSerializers } from './request-log.ts';

/** Issue 20: a request id in every log line and answer; no token or code in the log. */
const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({}, { logger: pino({ level: 'info', serializers: requestLogSerializers }, sink) });
});
afterAll(() => t.close());

describe('what the log may say of a request', () => {
  it.each([
    ['/api/auth/logout/r3fr3sh-t0ken', '/api/auth/logout/[redacted]'],
    ['/reset-password?code=abc123&lang=nl', '/reset-password?code=[redacted]&lang=nl'],
    [
      '/api/auth/oauth/demo/callback?state=s&Code=c',
      '/api/auth/oauth/demo/callback?state=[redacted]&Code=[redacted]',
    ],
    ['/api/v2/trajectories?status=LIVE', '/api/v2/trajectories?status=LIVE'],
    ['/x?refreshToken=1&%63ode=2', '/x?refreshToken=[redacted]&%63ode=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  it('answers with the request id, keeps a proxy’s plain one, and logs neither token nor code', async () => {
    const own = await call(t, { method: 'GET', url: '/actuator/health/ping' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await call(t, {
      method: 'GET',
      url: '/actuator/health/ping',
      headers: { 'x-request-id': 'edge-4f2a.17' },
    });
    expect(proxied.headers['x-request-id']).toBe('edge-4f2a.17');
    const injected = await call(t, {
      method: 'GET',
      url: '/actuator/health/ping',
      headers: { 'x-request-id': 'a\nfake log line' },
    });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const token = 'rt-9f1c0de5ecret';
    const logout = await call(t, { method: 'DELETE', url: `/api/auth/logout/${token}` });
    expect(logout.statusCode).toBeLessThan(500);
    await call(t, { method: 'GET', url: '/reset-password?code=c0de5ecret' });
    const written = JSON.stringify(lines);
    expect(written).not.toContain(token);
    expect(written).not.toContain('c0de5ecret');
    const logged = lines.filter((line) => line.requestId === logout.headers['x-request-id']);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).toContain('/api/auth/logout/[redacted]');
  });
});
