import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../errors.ts';

/** What a pg Pool tells of its connections. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer a scrape must send; unset, /metrics is open (the proxy keeps it in). */
  token: string | undefined;
  /** NODE_ENV=production: an open /metrics is said once in the log. */
  production: boolean;
  /** The PostgreSQL pool (none on PGlite). */
  pool?: PoolStats | undefined;
  /** Figures of other parts (the job queue), registered on the app's registry and read at scrape time. */
  collectors?: ((registry: Registry) => void)[];
}

/** The route label of a request no route matched: one label, so stray URLs cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/**
 * Event-loop lag, memory, GC, handles: figures of the process, not of one app, so one registry made
 * once, however many apps a test process builds (each would otherwise start its own samplers).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * `GET /metrics` in Prometheus' text format, from a registry of this app's own (never prom-client's
 * global one, so apps side by side in one process keep apart): requests counted and timed by method,
 * route pattern (`/api/trajectories/:id`, never the URL with its ids) and status; the pool; whatever
 * `collectors` add. Not under /api: no contract, not in the OpenAPI document.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from arrival to the answer sent, by method, route pattern and status class (2xx, 4xx…).',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (options.pool) poolMetrics(registry, options.pool);
  for (const collect of options.collectors ?? []) collect(registry);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    duration.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  const expected = options.token === undefined ? undefined : digest(options.token);
  if (!expected && options.production)
    app.log.info('GET /metrics is open (METRICS_TOKEN unset): keep it from outside at the proxy');
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (expected && !bearerMatches(request.headers.authorization, expected)) throw unauthorized();
    // Both end in a newline; the blank line between is allowed by the format.
    const text = `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

function poolMetrics(registry: Registry, pool: PoolStats): void {
  const gauges: [string, string, () => number][] = [
    ['groeipad_db_pool_connections', 'Connections the PostgreSQL pool holds open.', () => pool.totalCount],
    ['groeipad_db_pool_idle_connections', 'Open pool connections nobody uses.', () => pool.idleCount],
    ['groeipad_db_pool_waiting', 'Queries waiting for a pool connection.', () => pool.waitingCount],
  ];
  for (const [name, help, read] of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
}

/** Digests compared, so the comparison takes the same time whatever the length or the first difference. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
