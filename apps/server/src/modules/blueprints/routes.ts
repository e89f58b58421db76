import {
  BLUEPRINT_TYPE_PATHS,
  BLUEPRINT_TYPES,
  blueprintTypeFromPath,
  zBlueprintListItem,
  zBlueprintListQuery,
  zBlueprintStatusUpdate,
  zBlueprintUserRightsList,
  zCreateBlueprint,
  zEditBlueprint,
  zErrorBody,
  zId,
  zIdParams,
  zJsonPatch,
} from '@groeipad/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { bearer } from '../../plugins/authenticate.ts';
import { importLibraryEntry, publishBlueprint, updateFromLibrary } from './library.ts';
import {
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

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody };
const zTypePath = z.enum(Object.values(BLUEPRINT_TYPE_PATHS) as [string, ...string[]], {
  error: 'invalidValue',
});
const zContent = z.record(z.string(), z.unknown());

/** `If-Match: "3"` (or W/"3", or 3) → 3; absent → undefined (the change applies to the current version). */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(String(header));
  if (!match) throw badRequest('validationError', [{ path: 'If-Match', key: 'invalidValue' }]);
  return Number(match[1]);
}

function withVersion(reply: FastifyReply, version: number): FastifyReply {
  return reply.header('etag', `"${version}"`);
}

export const blueprintRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['blueprints'];
  const security = bearer;
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);

  app.get(
    '/api/blueprints',
    {
      schema: {
        tags,
        security,
        description: 'Blueprints the user may read; status LIVE (default) or DELETED, any letter case (D30).',
        querystring: zBlueprintListQuery,
        response: { 200: z.array(zBlueprintListItem), ...errors },
      },
    },
    async (request) => listBlueprints(ctx, await actor(request), { status: request.query.status }),
  );

  // GET /api/blueprints/{type}: the readable LIVE blueprints of one type (path words of spec part 2 §7).
  for (const type of BLUEPRINT_TYPES) {
    app.get(
      `/api/blueprints/${BLUEPRINT_TYPE_PATHS[type]}`,
      {
        schema: {
          tags,
          security,
          description: `LIVE ${type} blueprints the user may read (also the extract dialog's choices).`,
          response: { 200: z.array(zBlueprintListItem), ...errors },
        },
      },
      async (request) => listBlueprints(ctx, await actor(request), { status: 'LIVE', type }),
    );
  }

  app.post(
    '/api/blueprints',
    {
      schema: {
        tags,
        security,
        description:
          'With `type`: creates an empty blueprint. With `id` (a library entry) and no type: imports it (D8, D31). ' +
          '201 with the new id in the Location header.',
        body: zCreateBlueprint,
        response: { 201: zBlueprintListItem, ...errors },
      },
    },
    async (request, reply) => {
      const who = await actor(request);
      const body = request.body;
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
      return reply
        .status(201)
        .header('location', `/api/blueprints/${id}`)
        .send(await getBlueprint(ctx, who, id));
    },
  );

  app.get(
    '/api/blueprints/:id',
    { schema: { tags, security, params: zIdParams, response: { 200: zBlueprintListItem, ...errors } } },
    async (request) => getBlueprint(ctx, await actor(request), request.params.id),
  );
  app.put(
    '/api/blueprints/:id',
    {
      schema: {
        tags,
        security,
        description: 'Name and description (ADMIN).',
        params: zIdParams,
        body: zEditBlueprint,
        response: { 200: zBlueprintListItem, ...errors },
      },
    },
    async (request) => editBlueprint(ctx, await actor(request), request.params.id, request.body),
  );
  app.put(
    '/api/blueprints/:id/status',
    {
      schema: {
        tags,
        security,
        description: 'Soft delete (DELETED) and restore (LIVE); ADMIN.',
        params: zIdParams,
        body: zBlueprintStatusUpdate,
        response: { 200: zBlueprintListItem, ...errors },
      },
    },
    async (request) => setBlueprintStatus(ctx, await actor(request), request.params.id, request.body.status),
  );
  app.delete(
    '/api/blueprints/:id',
    {
      schema: {
        tags,
        security,
        description: 'Deletes for good, with every version (ADMIN).',
        params: zIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeBlueprint(ctx, await actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/blueprints/:id/rights',
    {
      schema: {
        tags,
        security,
        params: zIdParams,
        response: { 200: z.array(z.object({ user: z.string(), rights: z.array(z.string()) })), ...errors },
      },
    },
    async (request) => getBlueprintRights(ctx, await actor(request), request.params.id),
  );
  app.put(
    '/api/blueprints/:id/rights',
    {
      schema: {
        tags,
        security,
        description:
          'Replaces the user rights (ADMIN ⇒ WRITE ⇒ READ): valid unique e-mails, one admin at least, every user a ' +
          'right; the own ADMIN cannot be given up (canNotRevokeRight).',
        params: zIdParams,
        body: zBlueprintUserRightsList,
        response: { 200: z.array(z.object({ user: z.string(), rights: z.array(z.string()) })), ...errors },
      },
    },
    async (request) => putBlueprintRights(ctx, await actor(request), request.params.id, request.body),
  );
  app.get(
    '/api/blueprints/:id/history',
    {
      schema: {
        tags,
        security,
        description: 'Saved versions of the content, newest first: version, when, by whom.',
        params: zIdParams,
        response: {
          200: z.array(z.object({ version: z.number().int(), at: z.string(), user: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (request) => getBlueprintHistory(ctx, await actor(request), request.params.id),
  );
  app.put(
    '/api/blueprints/:id/library',
    {
      schema: {
        tags,
        security,
        description: 'Replaces the content with its library source (ADMIN, company domain); 204.',
        params: zIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await updateFromLibrary(ctx, await actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/library',
    {
      schema: {
        tags: ['library'],
        security,
        description:
          'Publishes the current version of a blueprint (ADMIN, company domain); replaces an earlier one.',
        body: z.object({ id: zId }),
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const id = await publishBlueprint(ctx, await actor(request), request.body.id);
      return reply.status(201).header('location', `/api/library/${id}`).send({ id });
    },
  );

  const zContentParams = z.object({ type: zTypePath, id: zId });
  app.get(
    '/api/blueprints/:type/:id/content',
    {
      schema: {
        tags,
        security,
        description: 'The content (READ), at `version` or the current one; `ETag: "<version>"` (D29).',
        params: zContentParams,
        querystring: z.object({ version: zId.optional() }),
        response: { 200: zContent, ...errors },
      },
    },
    async (request, reply) => {
      const type = blueprintTypeFromPath(request.params.type)!;
      const result = await getBlueprintContent(
        ctx,
        await actor(request),
        type,
        request.params.id,
        request.query.version,
      );
      return withVersion(reply, result.version).send(result.content as Record<string, unknown>);
    },
  );
  app.patch(
    '/api/blueprints/:type/:id/content',
    {
      schema: {
        tags,
        security,
        description:
          'A JSON Patch (RFC 6902) on the content (WRITE). `If-Match: "<version>"`: a stale one answers 409 ' +
          'staleDocument with the current version; nothing is written on any refusal.',
        params: zContentParams,
        body: zJsonPatch,
        response: { 200: zContent, ...errors },
      },
    },
    async (request, reply) => {
      const type = blueprintTypeFromPath(request.params.type)!;
      const result = await patchBlueprintContent(
        ctx,
        await actor(request),
        type,
        request.params.id,
        { patch: request.body },
        expectedVersion(request),
      );
      return withVersion(reply, result.version).send(result.content as Record<string, unknown>);
    },
  );
};
