import { historyEndpoints as api } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import {
  evaluationHistory,
  formHistory,
  reportHistory,
  restoreEvaluationEntry,
  restoreFormValue,
  restoreReportValue,
} from './history.ts';

/**
 * Change history with restore of the form, each report and the evaluation (issue 9), registered from
 * the core's endpoint contracts. A restore answers the document's new version as its ETag (D29).
 */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['trajectories'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  app.route(
    endpointRoute(api.form, { tags }, async ({ params, query }, request) =>
      formHistory(ctx, await actor(request), params.id, query),
    ),
  );
  app.route(
    endpointRoute(api.restoreForm, { tags }, async ({ params, body }, request, reply) => {
      const answer = await restoreFormValue(
        ctx,
        await actor(request),
        params.id,
        body,
        expectedVersion(request),
      );
      reply.header('etag', `"${answer.version}"`);
      return answer;
    }),
  );
  app.route(
    endpointRoute(api.report, { tags }, async ({ params, query }, request) =>
      reportHistory(ctx, await actor(request), params.id, params.reportId, query),
    ),
  );
  app.route(
    endpointRoute(api.restoreReport, { tags }, async ({ params, body }, request, reply) => {
      const answer = await restoreReportValue(
        ctx,
        await actor(request),
        params.id,
        params.reportId,
        body,
        expectedVersion(request),
      );
      reply.header('etag', `"${answer.version}"`);
      return answer;
    }),
  );
  app.route(
    endpointRoute(api.evaluation, { tags }, async ({ params, query }, request) =>
      evaluationHistory(ctx, await actor(request), params.id, query),
    ),
  );
  app.route(
    endpointRoute(api.restoreEvaluation, { tags }, async ({ params, body }, request, reply) => {
      const answer = await restoreEvaluationEntry(
        ctx,
        await actor(request),
        params.id,
        body,
        expectedVersion(request),
      );
      reply.header('etag', `"${answer.version}"`);
      return answer;
    }),
  );
};
