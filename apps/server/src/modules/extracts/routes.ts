import { extractEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { makeProgressReport, progressReportOptions, setDefaultExtract } from './progress-report.ts';
import {
  createExtracts,
  getExtractUsers,
  listExtracts,
  readExtractContent,
  removeExtract,
  retryExtract,
  setExtractStatus,
  shareExtract,
  zipExtracts,
} from './service.ts';

/** Extracts (spec part 1 §7 "Extracts", part 2 §7; D17, D26, D37; issue 10). */
export const extractRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['extracts'];
  const actor = (request: Parameters<typeof organisationActor>[1]) => organisationActor(ctx, request);

  app.route(
    endpointRoute(api.list, { tags }, async ({ query }, request) =>
      listExtracts(ctx, await actor(request), query),
    ),
  );
  app.route(
    endpointRoute(api.create, { tags }, async ({ body }, request) =>
      createExtracts(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(api.progressReportOptions, { tags }, async (_input, request) =>
      progressReportOptions(ctx, await actor(request)),
    ),
  );
  app.route(
    endpointRoute(api.makeProgressReport, { tags }, async ({ body }, request) =>
      makeProgressReport(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(api.setDefault, { tags }, async ({ body }, request) =>
      setDefaultExtract(ctx, await actor(request), body.extract === null ? null : Number(body.extract)),
    ),
  );
  app.route(
    endpointRoute(api.update, { tags }, async ({ params, body }, request) =>
      setExtractStatus(ctx, await actor(request), params.id, body.status),
    ),
  );
  app.route(
    endpointRoute(api.retry, { tags }, async ({ params }, request) =>
      retryExtract(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeExtract(ctx, await actor(request), params.id);
      return null;
    }),
  );
  app.route(
    endpointRoute(api.users, { tags }, async ({ params }, request) =>
      getExtractUsers(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.share, { tags }, async ({ params, body }, request) =>
      shareExtract(ctx, await actor(request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.content, { tags }, async ({ params }, request, reply) => {
      const file = await readExtractContent(ctx, await actor(request), params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('content-length', file.size)
        .header('cache-control', 'private, no-cache')
        .send(file.stream);
    }),
  );
  app.route(
    endpointRoute(api.zip, { tags }, async ({ query }, request, reply) => {
      const zip = await zipExtracts(ctx, await actor(request), query.ids);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .header('cache-control', 'private, no-cache')
        .send(zip.stream);
    }),
  );
};
