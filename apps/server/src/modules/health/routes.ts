import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

/** The connection monitor pings every 3 s: no database, no cache. /actuator/health also checks the database. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/actuator/health/ping',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: z.string() } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('pong'),
  );
  app.get(
    '/actuator/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('UP') }) } } },
    async (_request, reply) => {
      await ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return reply.header('cache-control', 'no-store').send({ status: 'UP' as const });
    },
  );
};
