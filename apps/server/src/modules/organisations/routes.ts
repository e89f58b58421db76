import { organisationEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import {
  createOrganisation,
  editOrganisation,
  getOrganisation,
  getOrganisationCredits,
  getOrganisationDiscount,
  listOrganisations,
} from './service.ts';

export const organisationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['organisations'];
  app.route(
    endpointRoute(api.list, { tags }, async (_input, request) =>
      listOrganisations(ctx, principalOf(request).user_id),
    ),
  );
  app.route(
    endpointRoute(api.create, { tags, config: { eula: true } }, async ({ body }, request, reply) => {
      const organisation = await createOrganisation(ctx, principalOf(request).user_id, body);
      reply.header('location', `/api/organisations/${organisation.id}`);
      return organisation;
    }),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request) =>
      getOrganisation(ctx, principalOf(request).user_id, params.id),
    ),
  );
  app.route(
    endpointRoute(api.update, { tags }, async ({ params, body }, request) =>
      editOrganisation(ctx, principalOf(request).user_id, params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.credits, { tags }, async ({ params }, request, reply) => {
      const credits = await getOrganisationCredits(ctx, principalOf(request).user_id, params.id);
      return reply.type('text/plain; charset=utf-8').send(String(credits));
    }),
  );
  app.route(
    endpointRoute(api.discount, { tags }, async ({ params }, request, reply) => {
      const discount = await getOrganisationDiscount(ctx, principalOf(request).user_id, params.id);
      return reply.type('text/plain; charset=utf-8').send(String(discount));
    }),
  );
};
