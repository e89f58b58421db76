import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { FIRST_PAGE_ROUTES } from './first-page.ts';

/** Health: the web's connection monitor pings every 3 s; the full check also reads the database. */
export const healthEndpoints = {
  ping: defineEndpoint({
    ...FIRST_PAGE_ROUTES.ping,
    secured: false,
    response: z.literal('pong'),
    produces: 'text/plain',
    status: 200,
    description: '`pong` as text, never cached: no database, no cache (the connection monitor, every 3 s).',
  }),
  health: defineEndpoint({
    method: 'GET',
    path: '/actuator/health',
    secured: false,
    response: z.object({ status: z.literal('UP') }),
    status: 200,
    description: '`{"status": "UP"}` once the database answers.',
  }),
};
