import { resourceEndpoints as api, UPLOAD_MAX_BYTES, zErrorBody, zIdParams, zResource } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { bearer } from '../../plugins/authenticate.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { isInlineImage } from './media.ts';
import {
  createResource,
  getResource,
  listResources,
  readResourceContent,
  removeResource,
  uploadResourceContent,
} from './service.ts';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 413: zErrorBody };

/** Files (spec part 1 §7 "Resources"; who may read them: D19). */
export const resourceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['resources'];
  const security = bearer;
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
  app.get(
    '/api/resources/:id/content',
    {
      schema: {
        tags,
        security,
        description:
          'The file, with the type its bytes were checked to have; images inline, everything else as a download.',
        params: zIdParams,
      },
    },
    async (request, reply) => {
      const { row, stream } = await readResourceContent(ctx, await actor(request), request.params.id);
      return reply
        .type(row.media_type)
        .header(
          'content-disposition',
          contentDisposition(isInlineImage(row.media_type) ? 'inline' : 'attachment', row.name),
        )
        .header('cache-control', 'private, no-cache')
        .send(stream);
    },
  );
  app.put(
    '/api/resources/:id/content',
    {
      schema: {
        tags,
        security,
        description: `Multipart form with the field \`file\` (at most ${UPLOAD_MAX_BYTES} bytes: 413 fileMaxSize).`,
        params: zIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: zResource, ...errors },
      },
    },
    async (request) => {
      const missing = () => badRequest('validationError', [{ path: 'file', key: 'required' }]);
      return uploadResourceContent(ctx, await actor(request), request.params.id, async () => {
        if (!request.isMultipart()) throw missing();
        const part = await request.file();
        if (part?.fieldname !== 'file') throw missing();
        return part.file;
      });
    },
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeResource(ctx, await actor(request), params.id);
      return null;
    }),
  );
};
