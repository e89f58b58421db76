import { userEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { getCurrentUser, updateCurrentUser } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['users'];
  app.route(
    endpointRoute(api.me, { tags }, async (_input, request) =>
      getCurrentUser(ctx, principalOf(request).user_id),
    ),
  );
  app.route(
    endpointRoute(api.updateMe, { tags }, async ({ body }, request) =>
      updateCurrentUser(ctx, principalOf(request).user_id, body),
    ),
  );
};
