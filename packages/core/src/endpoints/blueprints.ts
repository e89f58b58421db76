import { z } from 'zod';
import {
  BLUEPRINT_TYPE_PATHS,
  BLUEPRINT_TYPES,
  type BlueprintType,
  zBlueprintListItem,
  zBlueprintListQuery,
  zBlueprintStatusUpdate,
  zCreateBlueprint,
  zEditBlueprint,
  zLibraryEntry,
} from '../contract/blueprints.ts';
import { zId, zIdParams } from '../contract/common.ts';
import { zJsonPatch } from '../patch/schema.ts';
import { zBlueprintUserRightsList } from '../rights/blueprint-access.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/** The path word of a blueprint type in content paths (competencelists, reports, …). */
export const zBlueprintTypePath = z.enum(
  Object.values(BLUEPRINT_TYPE_PATHS) as [
    (typeof BLUEPRINT_TYPE_PATHS)[keyof typeof BLUEPRINT_TYPE_PATHS],
    ...(typeof BLUEPRINT_TYPE_PATHS)[keyof typeof BLUEPRINT_TYPE_PATHS][],
  ],
  { error: 'invalidValue' },
);

/** A blueprint's content: the shape depends on its type (contract/blueprints.ts). */
export const zBlueprintContentBody = z.record(z.string(), z.unknown());

export const zBlueprintRightsAnswer = z.array(z.object({ user: z.string(), rights: z.array(z.string()) }));
export const zBlueprintHistory = z.array(
  z.object({ version: z.number().int(), at: z.string(), user: z.string().nullable() }),
);

/** Where a link of a trajectory blueprint stands (D9): its source live, removed, or not readable to the asker. */
export const zBlueprintLinkState = z.object({
  id: z.number().int(),
  state: z.enum(['live', 'removed', 'noAccess']),
  /** Name and latest version only when the asker may read the linked blueprint. */
  name: z.string().nullable(),
  latestVersion: z.number().int().nullable(),
});
export type BlueprintLinkState = z.infer<typeof zBlueprintLinkState>;

/** Blueprints and the library (spec part 2 §7). */
export const blueprintEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints',
    query: zBlueprintListQuery,
    response: z.array(zBlueprintListItem),
    status: 200,
    summary: 'List the blueprints',
    description: 'Blueprints the user may read; status LIVE (default) or DELETED, any letter case (D30).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/blueprints',
    body: zCreateBlueprint,
    response: zBlueprintListItem,
    status: 201,
    summary: 'Create or import a blueprint',
    description:
      'With `type`: creates an empty blueprint. With `id` (a library entry) and no type: imports it (D8, D31). ' +
      '201 with the new id in the Location header.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints/:id',
    params: zIdParams,
    response: zBlueprintListItem,
    status: 200,
    summary: 'Get a blueprint',
  }),
  edit: defineEndpoint({
    method: 'PUT',
    path: '/api/blueprints/:id',
    params: zIdParams,
    body: zEditBlueprint,
    response: zBlueprintListItem,
    status: 200,
    summary: 'Change a blueprint’s name and description',
    description: 'Name and description (ADMIN).',
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/blueprints/:id/status',
    params: zIdParams,
    body: zBlueprintStatusUpdate,
    response: zBlueprintListItem,
    status: 200,
    summary: 'Delete or restore a blueprint',
    description: 'Soft delete (DELETED) and restore (LIVE); ADMIN.',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/blueprints/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Delete a blueprint for good',
    description: 'Deletes for good, with every version (ADMIN).',
  }),
  rights: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints/:id/rights',
    params: zIdParams,
    response: zBlueprintRightsAnswer,
    status: 200,
    summary: 'List a blueprint’s user rights',
  }),
  setRights: defineEndpoint({
    method: 'PUT',
    path: '/api/blueprints/:id/rights',
    params: zIdParams,
    body: zBlueprintUserRightsList,
    response: zBlueprintRightsAnswer,
    status: 200,
    summary: 'Replace a blueprint’s user rights',
    description:
      'Replaces the user rights (ADMIN ⇒ WRITE ⇒ READ): valid unique e-mails, one admin at least, every user a ' +
      'right; the own ADMIN cannot be given up (canNotRevokeRight).',
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints/:id/history',
    params: zIdParams,
    response: zBlueprintHistory,
    status: 200,
    summary: 'List a blueprint’s saved versions',
    description: 'Saved versions of the content, newest first: version, when, by whom.',
  }),
  links: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints/:id/links',
    params: zIdParams,
    response: z.array(zBlueprintLinkState),
    status: 200,
    summary: 'List the blueprints a trajectory blueprint links to',
    description:
      'For a trajectory blueprint (READ): each linked dashboard, information, competence-list and report ' +
      'blueprint (D9) — live (with name and latest version when readable), removed (deleted or gone), or noAccess ' +
      '(it exists but the asker may not read it, so its name stays hidden).',
  }),
  updateFromLibrary: defineEndpoint({
    method: 'PUT',
    path: '/api/blueprints/:id/library',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Replace a blueprint’s content with its library source',
    description: 'Replaces the content with its library source (ADMIN, any organisation: D58); 204.',
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/blueprints/:type/:id/content',
    params: z.object({ type: zBlueprintTypePath, id: zId }),
    query: z.object({ version: zId.optional() }),
    response: zBlueprintContentBody,
    status: 200,
    summary: 'Get a blueprint’s content',
    description: 'The content (READ), at `version` or the current one; `ETag: "<version>"` (D29).',
  }),
  patchContent: defineEndpoint({
    method: 'PATCH',
    path: '/api/blueprints/:type/:id/content',
    params: z.object({ type: zBlueprintTypePath, id: zId }),
    body: zJsonPatch,
    response: zBlueprintContentBody,
    status: 200,
    summary: 'Patch a blueprint’s content',
    description:
      'A JSON Patch (RFC 6902) on the content (WRITE). `If-Match: "<version>"`: a stale one answers 409 ' +
      'staleDocument with the current version; nothing is written on any refusal.',
  }),
};

export const libraryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/library',
    response: z.array(zLibraryEntry),
    status: 200,
    summary: 'List the library entries',
    description:
      'Every organisation reads the library (D58); `removable` says whether the asker may remove an entry.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/library/:id',
    params: zIdParams,
    response: zLibraryEntry.extend({ content: z.unknown() }),
    status: 200,
    summary: 'Get a library entry with its content',
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/library',
    body: z.object({ id: zId }),
    response: z.object({ id: z.number().int() }),
    status: 201,
    summary: 'Publish a blueprint to the library',
    description:
      'Publishes the current version of a blueprint (ADMIN, company domain); replaces an earlier one.',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/library/:id',
    params: zIdParams,
    response: zNoContent,
    status: 204,
    summary: 'Remove a library entry',
    description: 'Company-domain users only (D31); others 403.',
  }),
};

/** GET /api/blueprints/{type}: the LIVE blueprints of one type the user may read (path words of spec part 2 §7). */
function liveBlueprintsOf(type: BlueprintType) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/blueprints/${BLUEPRINT_TYPE_PATHS[type]}`,
    response: z.array(zBlueprintListItem),
    status: 200,
    summary: `List the live ${type.toLowerCase().replaceAll('_', ' ')} blueprints`,
    description: `LIVE ${type} blueprints the user may read (also the extract dialog's choices).`,
  });
}

/** The per-type lists, one contract per blueprint type. */
export const liveBlueprintEndpoints = Object.fromEntries(
  BLUEPRINT_TYPES.map((type) => [type, liveBlueprintsOf(type)]),
) as Record<BlueprintType, ReturnType<typeof liveBlueprintsOf>>;
