import { healthEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';

/** The connection monitor pings every 3 s: no database, no cache. /actuator/health also checks the database. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['health'];
  app.route(
    endpointRoute(api.ping, { tags, logLevel: 'warn' }, async (_input, _request, reply) =>
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('pong'),
    ),
  );
  app.route(
    endpointRoute(api.health, { tags }, async (_input, _request, reply) => {
      await ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return reply.header('cache-control', 'no-store').send({ status: 'UP' as const });
    }),
  );
};
