import { zErrorBody, zIdParams, zLibraryEntry } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { bearer } from '../../plugins/authenticate.ts';
import { getLibraryEntry, listLibrary, removeLibraryEntry } from './library.ts';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

/** The shared library (spec part 2 §7): company-domain users only (D31); others 403. */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['library'];
  const security = bearer;
  app.get(
    '/api/library',
    { schema: { tags, security, response: { 200: z.array(zLibraryEntry), ...errors } } },
    async (request) => listLibrary(ctx, await organisationActor(ctx, request)),
  );
  app.get(
    '/api/library/:id',
    {
      schema: {
        tags,
        security,
        params: zIdParams,
        response: { 200: zLibraryEntry.extend({ content: z.unknown() }), ...errors },
      },
    },
    async (request) => getLibraryEntry(ctx, await organisationActor(ctx, request), request.params.id),
  );
  app.delete(
    '/api/library/:id',
    { schema: { tags, security, params: zIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeLibraryEntry(ctx, await organisationActor(ctx, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
