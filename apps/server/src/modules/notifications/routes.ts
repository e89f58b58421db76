import { notificationEndpoints as api } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../errors.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { consumeRateLimit } from '../auth/index.ts';
import { countUnread } from './repository.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service.ts';
import { StreamHub } from './streams.ts';

/** Retry-After of a refusal at the open-stream cap: a slot frees only when a stream of the user ends. */
const FULL_RETRY_SECONDS = 30;

/** Notifications (spec part 2 §7; D27, D39): the list, marking read, and the event stream. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['notifications'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  const hub = new StreamHub(
    ctx.db,
    countUnread,
    (error) => ctx.logger.error({ err: error }, 'notification stream count failed'),
    ctx.channel,
  );
  // Streams end when shutdown begins, before the request drain waits (main.ts): none holds it up.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  app.route(
    endpointRoute(api.list, { tags }, async ({ query }, request) =>
      listNotifications(ctx, await actor(request), query),
    ),
  );
  app.route(
    endpointRoute(api.markRead, { tags }, async ({ params, body }, request) => {
      await markNotificationRead(ctx, await actor(request), params.id, body.read);
      return null;
    }),
  );
  app.route(
    endpointRoute(api.markAllRead, { tags }, async (_input, request) => {
      await markAllNotificationsRead(ctx, await actor(request));
      return null;
    }),
  );
  app.route(
    endpointRoute(api.stream, { tags }, async (_input, request, reply) => {
      const who = await actor(request);
      // Abuse limits (issue 20): how often a user opens streams, counted in the database so several
      // servers together hold the line; then how many they hold open here. The count is read after the
      // last await, so two requests at once cannot both take the last slot.
      const limits = ctx.config.abuseLimits;
      await consumeRateLimit(ctx.db, `stream:user:${who.userId}`, limits.streamOpensPerUser);
      if (hub.openFor(who.userId) >= limits.openStreamsPerUser) throw tooManyRequests(FULL_RETRY_SECONDS);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      reply.hijack();
      hub.open(
        reply.raw,
        {
          userId: who.userId,
          organisationId: who.organisationId,
          email: who.email,
          expiresAt: principalOf(request).exp * 1000,
          headers,
        },
        () => app.drain.release(request),
      );
      return reply;
    }),
  );
};
