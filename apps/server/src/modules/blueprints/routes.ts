import {
  blueprintEndpoints as api,
  BLUEPRINT_TYPES,
  blueprintTypeFromPath,
  caseProviderEndpoints,
  frameworkEndpoints,
  libraryEndpoints,
  liveBlueprintEndpoints,
} from '@groeipad/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { endpointRoute, expectedVersion } from '../../plugins/endpoint.ts';
import { caseDocuments, caseItem, casePackage } from './case-provider.ts';
import { checkFramework, exportFramework, importFramework } from './frameworks.ts';
import { importLibraryEntry, publishBlueprint, updateFromLibrary } from './library.ts';
import {
  blueprintLinkStates,
  createBlueprint,
  editBlueprint,
  getBlueprint,
  getBlueprintContent,
  getBlueprintHistory,
  getBlueprintRights,
  listBlueprints,
  patchBlueprintContent,
  putBlueprintRights,
  removeBlueprint,
  setBlueprintStatus,
} from './service.ts';

/** The largest framework a request may bring (D56): a 10,000-item package with room to spare. */
const FRAMEWORK_BODY_LIMIT = 24 * 1024 * 1024;

function withVersion(reply: FastifyReply, version: number): FastifyReply {
  return reply.header('etag', `"${version}"`);
}

/** Blueprints and the library, registered from the core's endpoint contract (spec part 2 §7). */
export const blueprintRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['blueprints'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);

  app.route(
    endpointRoute(api.list, { tags }, async ({ query }, request) =>
      listBlueprints(ctx, await actor(request), query),
    ),
  );

  // GET /api/blueprints/{type}: the readable LIVE blueprints of one type (path words of spec part 2 §7).
  for (const type of BLUEPRINT_TYPES) {
    app.route(
      endpointRoute(liveBlueprintEndpoints[type], { tags }, async (_input, request) =>
        listBlueprints(ctx, await actor(request), { status: 'LIVE', type }),
      ),
    );
  }

  app.route(
    endpointRoute(api.create, { tags }, async ({ body }, request, reply) => {
      const who = await actor(request);
      if ((body.id === undefined) === (body.type === undefined))
        throw badRequest('validationError', [
          { path: body.id === undefined ? 'type' : 'id', key: 'invalidValue' },
        ]);
      const id =
        body.type !== undefined
          ? await createBlueprint(ctx, who, { ...body, type: body.type })
          : await importLibraryEntry(ctx, who, {
              id: body.id!,
              name: body.name,
              description: body.description ?? null,
              userRights: body.userRights,
            });
      reply.header('location', `/api/blueprints/${id}`);
      return getBlueprint(ctx, who, id);
    }),
  );
  app.route(
    endpointRoute(api.get, { tags }, async ({ params }, request) =>
      getBlueprint(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.edit, { tags }, async ({ params, body }, request) =>
      editBlueprint(ctx, await actor(request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.setStatus, { tags }, async ({ params, body }, request) =>
      setBlueprintStatus(ctx, await actor(request), params.id, body.status),
    ),
  );
  app.route(
    endpointRoute(api.remove, { tags }, async ({ params }, request) => {
      await removeBlueprint(ctx, await actor(request), params.id);
      return null;
    }),
  );
  app.route(
    endpointRoute(api.rights, { tags }, async ({ params }, request) =>
      getBlueprintRights(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.setRights, { tags }, async ({ params, body }, request) =>
      putBlueprintRights(ctx, await actor(request), params.id, body),
    ),
  );
  app.route(
    endpointRoute(api.history, { tags }, async ({ params }, request) =>
      getBlueprintHistory(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.links, { tags }, async ({ params }, request) =>
      blueprintLinkStates(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.updateFromLibrary, { tags }, async ({ params }, request) => {
      await updateFromLibrary(ctx, await actor(request), params.id);
      return null;
    }),
  );
  app.route(
    endpointRoute(libraryEndpoints.publish, { tags: ['library'] }, async ({ body }, request, reply) => {
      const id = await publishBlueprint(ctx, await actor(request), body.id);
      reply.header('location', `/api/library/${id}`);
      return { id };
    }),
  );
  app.route(
    endpointRoute(api.content, { tags }, async ({ params, query }, request, reply) => {
      const type = blueprintTypeFromPath(params.type)!;
      const result = await getBlueprintContent(ctx, await actor(request), type, params.id, query.version);
      withVersion(reply, result.version);
      return result.content as Record<string, unknown>;
    }),
  );
  app.route(
    endpointRoute(api.patchContent, { tags }, async ({ params, body }, request, reply) => {
      const type = blueprintTypeFromPath(params.type)!;
      const result = await patchBlueprintContent(
        ctx,
        await actor(request),
        type,
        params.id,
        { patch: body },
        expectedVersion(request),
      );
      withVersion(reply, result.version);
      return result.content as Record<string, unknown>;
    }),
  );

  // D56: a school's curriculum as CASE or an MBO qualification file; a 5,000-item package is about 5 MB.
  const frameworkTags = ['competence frameworks'];
  app.route(
    endpointRoute(
      frameworkEndpoints.check,
      { tags: frameworkTags, bodyLimit: FRAMEWORK_BODY_LIMIT },
      async ({ body }, request) => checkFramework(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(
      frameworkEndpoints.run,
      { tags: frameworkTags, bodyLimit: FRAMEWORK_BODY_LIMIT },
      async ({ body }, request, reply) => {
        const result = await importFramework(ctx, await actor(request), body);
        reply.header('location', `/api/blueprints/${result.id}`);
        return result;
      },
    ),
  );
  app.route(
    endpointRoute(frameworkEndpoints.export, { tags: frameworkTags }, async ({ params }, request) =>
      exportFramework(ctx, await actor(request), params.id),
    ),
  );
  const caseTags = ['CASE provider'];
  app.route(
    endpointRoute(caseProviderEndpoints.documents, { tags: caseTags }, async () => caseDocuments(ctx)),
  );
  app.route(
    endpointRoute(caseProviderEndpoints.package, { tags: caseTags }, async ({ params }) =>
      casePackage(ctx, params.id),
    ),
  );
  app.route(
    endpointRoute(caseProviderEndpoints.item, { tags: caseTags }, async ({ params }) =>
      caseItem(ctx, params.id),
    ),
  );
};
