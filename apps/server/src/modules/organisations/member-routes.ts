import { memberEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import {
  addOrganisationUser,
  importOrganisationUsers,
  listOrganisationUsers,
  removeOrganisationUser,
  updateOrganisationUser,
} from './members.ts';

/** Members of an organisation (spec part 2 §7 "Organisations"; import and invitations: issue 6). */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['organisation users'];
  app.route(
    endpointRoute(api.list, { tags }, async ({ params }, request) =>
      listOrganisationUsers(ctx, principalOf(request).user_id, params.id),
    ),
  );
  app.route(
    endpointRoute(api.add, { tags }, async ({ params, body }, request, reply) => {
      const member = await addOrganisationUser(ctx, principalOf(request).user_id, params.id, body);
      reply.header('location', `/api/organisations/${params.id}/users/${member.id}`);
      return member;
    }),
  );
  app.route(
    endpointRoute(api.import, { tags }, async ({ params, body }, request) =>
      importOrganisationUsers(ctx, principalOf(request).user_id, params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.update, { tags }, async ({ params, body }, request) =>
      updateOrganisationUser(ctx, principalOf(request).user_id, params.id, params.userId, body.role),
    ),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeOrganisationUser(ctx, principalOf(request).user_id, params.id, params.userId);
      return null;
    }),
  );
};
