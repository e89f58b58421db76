import { evaluationEndpoints as api } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor, organisationPrincipal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import { getCompetenceList, getDashboard } from './dashboard.ts';
import { getEvaluation, patchEvaluation, saveEvaluation } from './evaluation.ts';

/** A trajectory's evaluation, dashboard and competence list (spec part 1 §7; issue 9). */
export const evaluationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['trajectories'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request, reply) => {
      const evaluation = await getEvaluation(ctx, await actor(request), params.id);
      reply.header('etag', `"${evaluation.version}"`);
      return evaluation.content;
    }),
  );
  // The PUT of the whole evaluation and the PATCH of its entries (D2): the same rules, the new version as the ETag.
  app.route(
    endpointRoute(api.put, { tags }, async ({ params, query, body }, request, reply) => {
      const saved = await saveEvaluation(
        ctx,
        await actor(request),
        params.id,
        body,
        expectedVersion(request),
        query.editDate,
      );
      reply.header('etag', `"${saved.version}"`);
      return saved.content;
    }),
  );
  app.route(
    endpointRoute(api.patch, { tags }, async ({ params, query, body }, request, reply) => {
      // The membership is read with the trajectory (one round trip less for the save assessors make most).
      const saved = await patchEvaluation(
        ctx,
        organisationPrincipal(request),
        params.id,
        body,
        expectedVersion(request),
        query.editDate,
      );
      reply.header('etag', `"${saved.version}"`);
      return saved;
    }),
  );
  app.route(
    endpointRoute(api.dashboard, { tags }, async ({ params }, request) =>
      getDashboard(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.competenceList, { tags }, async ({ params }, request, reply) => {
      const list = await getCompetenceList(ctx, await actor(request), params.id);
      reply.header('etag', `"${list.version}"`);
      return list.content;
    }),
  );
};
