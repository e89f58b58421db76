import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { defineJob } from '../jobs/queue.ts';

const TOKEN = 'metrics-token-of-the-tests';
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  // A built web app: its history fallback must not answer /metrics with the page.
  const dist = mkdtempSync(join(tmpdir(), 'groeipad-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ metricsToken: TOKEN, webDistDir: dist });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of the sample `name{labels}` (labels in the order prom-client writes them), or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string | number> = {},
): number | undefined {
  const inner = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const series = inner ? `${name}{${inner}}` : name;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('wants the METRICS_TOKEN as a bearer when one is set', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: 401, key: 'unauthorized' });
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode, authorization).toBe(401);
    }
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('is open without a token (production leaves it to the proxy)', async () => {
    const open = await createTestApp({ production: true });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await open.close();
    }
  });

  it('counts requests by route pattern, never by the URL with its ids', async () => {
    const id = 987_654_321;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/trajectories/${id}` });
      expect(res.statusCode).toBe(401);
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123456789' });
    await t.app.inject({ method: 'GET', url: '/actuator/health/liveness' });
    const text = await scrape();
    const route = '/api/v2/trajectories/:id';
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status: 401 })).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_class: '4xx' }),
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        le: '+Inf',
        method: 'GET',
        route,
        status_class: '4xx',
      }),
    ).toBe(3);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/actuator/health/liveness', status: 200 }),
    ).toBe(1);
    // An unknown URL is one label, whatever its path; no id of any URL becomes a label.
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: 404 }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(String(id));
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('no-such-thing');
  });

  it('reports the process: event-loop lag and memory', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports the job queue: queued and running jobs, the oldest due, failed attempts', async () => {
    const before = await scrape();
    const queuedBefore = sample(before, 'groeipad_jobs', { state: 'queued' });
    expect(queuedBefore).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'groeipad_jobs', { state: 'running' })).toBeGreaterThanOrEqual(0);

    // Two attempts, both failing: one retried, then one failed for good. Its name is new: no counts yet.
    const job = defineJob<{ n: number }>(`test.metrics.${randomUUID()}`, {
      maxAttempts: 2,
      backoff: { baseMs: 20, maxMs: 20 },
    });
    t.ctx.jobs.handle(job, async () => {
      throw new Error('it fails');
    });
    expect(before).not.toContain(job.name);
    await t.ctx.jobs.enqueue(t.ctx.db, job, { n: 1 }, { runAt: new Date(Date.now() - 60_000) });
    const waiting = await scrape();
    expect(sample(waiting, 'groeipad_jobs', { state: 'queued' })).toBeGreaterThanOrEqual(1);
    // Due a minute ago: the oldest due job has waited at least that long.
    expect(sample(waiting, 'groeipad_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(59);

    await t.ctx.jobs.drain({ settle: true });
    const after = await scrape();
    expect(sample(after, 'groeipad_job_failures_total', { job: job.name, outcome: 'retried' })).toBe(1);
    expect(sample(after, 'groeipad_job_failures_total', { job: job.name, outcome: 'failed' })).toBe(1);
  });

  it('reports the PostgreSQL pool (none on PGlite)', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'groeipad_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'groeipad_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'groeipad_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('groeipad_db_pool');
    }
  });

  it('is not in the OpenAPI document, and two apps in one process keep their own counts', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      const text = (await other.app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;
      expect(
        sample(text, 'http_requests_total', {
          method: 'GET',
          route: '/api/v2/trajectories/:id',
          status: 401,
        }),
      ).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
