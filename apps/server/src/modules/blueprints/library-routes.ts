import { libraryEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { getLibraryEntry, listLibrary, removeLibraryEntry } from './library.ts';

/** The shared library (spec part 2 §7): every organisation reads it (D58); removing is for company-domain users (D31). */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['library'];
  app.route(
    endpointRoute(api.list, { tags }, async (_input, request) =>
      listLibrary(ctx, await organisationActor(ctx, request)),
    ),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request) =>
      getLibraryEntry(ctx, await organisationActor(ctx, request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeLibraryEntry(ctx, await organisationActor(ctx, request), params.id);
      return null;
    }),
  );
};
