import { resourceEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { isInlineImage } from './media.ts';
import {
  createResource,
  getResource,
  listResources,
  readResourceContent,
  readResourceThumbnail,
  removeResource,
  uploadResourceContent,
} from './service.ts';
import { singleFilePart } from './upload-part.ts';

/** Files (spec part 1 §7 "Resources"; who may read them: D19). */
export const resourceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['resources'];
  const actor = (request: Parameters<typeof organisationActor>[1]) => organisationActor(ctx, request);

  app.route(
    endpointRoute(api.list, { tags }, async (_input, request) => listResources(ctx, await actor(request))),
  );
  app.route(
    endpointRoute(api.create, { tags }, async ({ body }, request, reply) => {
      const resource = await createResource(ctx, await actor(request), body);
      reply.header('location', `/api/resources/${resource.id}`);
      return resource;
    }),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request) =>
      getResource(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(
      api.rights,
      { tags },
      async ({ params }, request) => (await getResource(ctx, await actor(request), params.id)).userRights,
    ),
  );
  app.route(
    endpointRoute(api.content, { tags }, async ({ params }, request, reply) => {
      const { row, stream } = await readResourceContent(ctx, await actor(request), params.id);
      return reply
        .type(row.media_type)
        .header(
          'content-disposition',
          contentDisposition(isInlineImage(row.media_type) ? 'inline' : 'attachment', row.name),
        )
        .header('cache-control', 'private, no-cache')
        .send(stream);
    }),
  );
  app.route(
    endpointRoute(api.thumbnail, { tags }, async ({ params }, request, reply) => {
      const { row, stream, mediaType } = await readResourceThumbnail(ctx, await actor(request), params.id);
      return reply
        .type(mediaType)
        .header(
          'content-disposition',
          contentDisposition(isInlineImage(mediaType) ? 'inline' : 'attachment', row.name),
        )
        .header('cache-control', 'private, no-cache')
        .send(stream);
    }),
  );
  app.route(
    endpointRoute(api.upload, { tags }, async ({ params }, request) => {
      return uploadResourceContent(ctx, await actor(request), params.id, () => singleFilePart(request));
    }),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeResource(ctx, await actor(request), params.id);
      return null;
    }),
  );
};
