import { trashEndpoints as api } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { deleteTrashItem, listTrash, restoreTrashItem } from './service.ts';

/** The trash (spec part 2 §2, §7; D38), registered from the core's endpoint contract. */
export const trashRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['trash'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  app.route(
    endpointRoute(api.list, { tags }, async (_input, request) => listTrash(ctx, await actor(request))),
  );
  app.route(
    endpointRoute(api.restore, { tags }, async ({ params }, request) => {
      await restoreTrashItem(ctx, await actor(request), params.id);
      return null;
    }),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await deleteTrashItem(ctx, await actor(request), params.id);
      return null;
    }),
  );
};
