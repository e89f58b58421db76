import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { FIRST_PAGE_ROUTES } from './first-page.ts';

/**
 * Health: the web's connection monitor pings every 3 s; the full check also reads the database. Liveness
 * and readiness are the orchestrator's probes (restart the process; send it traffic).
 */
export const healthEndpoints = {
  ping: defineEndpoint({
    ...FIRST_PAGE_ROUTES.ping,
    secured: false,
    response: z.literal('pong'),
    produces: 'text/plain',
    status: 200,
    summary: 'Ping the server, without the database',
    description: '`pong` as text, never cached: no database, no cache (the connection monitor, every 3 s).',
  }),
  health: defineEndpoint({
    method: 'GET',
    path: '/actuator/health',
    secured: false,
    response: z.object({ status: z.literal('UP') }),
    status: 200,
    summary: 'Check the server and its database',
    description: '`{"status": "UP"}` once the database answers.',
  }),
  liveness: defineEndpoint({
    method: 'GET',
    path: '/actuator/health/liveness',
    secured: false,
    response: z.object({ status: z.literal('UP') }),
    status: 200,
    summary: 'Check that the process runs (liveness probe)',
    description: '`{"status": "UP"}` while the process runs: no database (a liveness probe).',
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/actuator/health/readiness',
    secured: false,
    response: z.object({ status: z.literal('UP') }),
    status: 200,
    summary: 'Check that the server can take requests (readiness probe)',
    errors: [503],
    description:
      '`{"status": "UP"}` when the database answers within 2 s and the server is not shutting down; ' +
      'else 503 serviceUnavailable (a readiness probe).',
  }),
};
