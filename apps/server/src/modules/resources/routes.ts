import {
  UPLOAD_MAX_BYTES,
  zErrorBody,
  zIdParams,
  zResource,
  zResourceRights,
  zResourceUpload,
} from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { bearer } from '../../plugins/authenticate.ts';
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

/** RFC 6266 file name: ASCII fallback plus the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Files (spec part 1 §7 "Resources"; who may read them: D19). */
export const resourceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['resources'];
  const security = bearer;
  const actor = (request: Parameters<typeof organisationActor>[1]) => organisationActor(ctx, request);

  app.get(
    '/api/resources',
    {
      schema: {
        tags,
        security,
        description: 'The files the user uploaded.',
        response: { 200: z.array(zResource), ...errors },
      },
    },
    async (request) => listResources(ctx, await actor(request)),
  );
  app.post(
    '/api/resources',
    {
      schema: {
        tags,
        security,
        description:
          'Metadata of a file whose content is uploaded next; 201 with the id in the Location header.',
        body: zResourceUpload,
        response: { 201: zResource, ...errors },
      },
    },
    async (request, reply) => {
      const resource = await createResource(ctx, await actor(request), request.body);
      return reply.status(201).header('location', `/api/resources/${resource.id}`).send(resource);
    },
  );
  app.get(
    '/api/resources/:id',
    { schema: { tags, security, params: zIdParams, response: { 200: zResource, ...errors } } },
    async (request) => getResource(ctx, await actor(request), request.params.id),
  );
  app.get(
    '/api/resources/:id/rights',
    { schema: { tags, security, params: zIdParams, response: { 200: zResourceRights, ...errors } } },
    async (request) => (await getResource(ctx, await actor(request), request.params.id)).userRights,
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
  app.delete(
    '/api/resources/:id',
    { schema: { tags, security, params: zIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeResource(ctx, await actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
