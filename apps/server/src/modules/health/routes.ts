import { healthEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';

/** A database slower than this to answer `select 1` is as good as none to a request. */
const READY_TIMEOUT_MS = 2000;

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
  // The orchestrator's probes, every few seconds: logged only when something is wrong.
  app.route(endpointRoute(api.liveness, { tags, logLevel: 'warn' }, async () => ({ status: 'UP' as const })));
  app.route(
    endpointRoute(api.readiness, { tags, logLevel: 'warn' }, async (_input, request) => {
      // Once shutdown begins the balancer must stop sending requests, while those running still finish.
      if (request.server.drain.stopping) throw new AppError(503, 'serviceUnavailable');
      // Files (uploads, PDFs) are half of what a request may need: a bucket that does not answer makes
      // the server as unready as a database that does not.
      const [database, storage] = await Promise.all([
        databaseProblem(ctx.db, READY_TIMEOUT_MS),
        storageProblem(ctx, READY_TIMEOUT_MS),
      ]);
      // The app's logger, not the request's: the route's level ('warn') would outshout LOG_LEVEL.
      if (database) ctx.logger.warn({ err: database }, 'not ready: the database does not answer');
      if (storage) ctx.logger.warn({ err: storage }, 'not ready: the file storage does not answer');
      if (database || storage) throw new AppError(503, 'serviceUnavailable');
      return { status: 'UP' as const };
    }),
  );
};

/** Why the database did not answer a trivial query within `timeoutMs`; undefined when it did. */
async function databaseProblem(db: Db, timeoutMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const query = db
    .selectNoFrom((eb) => eb.val(1).as('one'))
    .execute()
    .then(
      () => undefined,
      (error: unknown) => error ?? new Error('query failed'),
    );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the file storage (the S3 bucket, or DATA_DIR/files) did not answer within `timeoutMs`; undefined when it did. */
async function storageProblem(ctx: AppContext, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await ctx.storage.answers(signal);
    return undefined;
  } catch (error) {
    return signal.aborted
      ? new Error(`no answer within ${timeoutMs} ms`)
      : (error ?? new Error('storage failed'));
  }
}
