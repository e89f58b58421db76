import { reportEndpoints as api } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import {
  createReport,
  deleteReport,
  getReport,
  listReportBlueprints,
  listReports,
  patchReport,
} from './reports.ts';

/** A trajectory's reports (spec part 1 §7; issue 9), registered from the core's endpoint contracts. */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['reports'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);
  app.route(
    endpointRoute(api.list, { tags }, async ({ params, query }, request) =>
      listReports(ctx, await actor(request), params.id, query),
    ),
  );
  app.route(
    endpointRoute(api.blueprints, { tags }, async ({ params }, request) =>
      listReportBlueprints(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.create, { tags }, async ({ params, query, body }, request, reply) => {
      const report = await createReport(
        ctx,
        await actor(request),
        params.id,
        query.blueprintName,
        body?.name,
      );
      reply.header('location', `/api/v2/trajectories/${params.id}/reports/${report.id}`);
      reply.header('etag', `"${report.version}"`);
      return report.content;
    }),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request, reply) => {
      const report = await getReport(ctx, await actor(request), params.id, params.reportId);
      reply.header('etag', `"${report.version}"`);
      return report.content;
    }),
  );
  app.route(
    endpointRoute(api.patch, { tags }, async ({ params, body }, request, reply) => {
      const report = await patchReport(
        ctx,
        await actor(request),
        params.id,
        params.reportId,
        body,
        expectedVersion(request),
      );
      reply.header('etag', `"${report.version}"`);
      return report.content;
    }),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await deleteReport(ctx, await actor(request), params.id, params.reportId);
      return null;
    }),
  );
};
