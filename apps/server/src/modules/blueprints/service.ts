import {
  type BlueprintAbilities,
  type BlueprintLinkState,
  type BlueprintListItem,
  type BlueprintRight,
  type BlueprintType,
  type BlueprintUserRights,
  type CreateBlueprint,
  closeBlueprintRights,
  type EditBlueprint,
  extractColoursFromScale,
  isJsonObject,
  type JsonValue,
  NEW_BLUEPRINT_CREATOR_RIGHTS,
  normaliseEmail,
  type PatchOperation,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  createDocument,
  deleteDocuments,
  loadDocument,
  patchDocument,
  readDocumentVersion,
  replaceDocument,
  type StoredDocument,
} from '../../engine/engine.ts';
import { FULL_ACCESS } from '../../engine/kinds.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { BLUEPRINT_KINDS, TRAJECTORY_BLUEPRINT_KIND } from './kinds.ts';
import { type BlueprintAction, type BlueprintGrant, blueprintPolicy, companyUser } from './policy.ts';
import {
  type BlueprintRow,
  deleteBlueprint,
  findBlueprint,
  insertBlueprint,
  listBlueprintRights,
  listDocumentHistory,
  listReadableBlueprints,
  replaceBlueprintRights,
  selectBlueprints,
  touchBlueprint,
  updateBlueprint,
} from './repository.ts';

export function abilitiesOf(ctx: AppContext, actor: Actor, row: BlueprintRow): BlueprintAbilities {
  const policyContext = { companyUser: companyUser(actor, ctx.config.companyDomain) };
  return {
    read: blueprintPolicy.read(row, policyContext),
    write: blueprintPolicy.writeContent(row, policyContext),
    admin: blueprintPolicy.edit(row, policyContext),
    library: blueprintPolicy.publish(row, policyContext),
    updateFromLibrary:
      row.source_blueprint_id !== null && blueprintPolicy.updateFromLibrary(row, policyContext),
  };
}

function rightsOf(row: Pick<BlueprintRow, 'admin' | 'write' | 'read'>): BlueprintRight[] {
  return closeBlueprintRights([
    ...(row.admin ? (['ADMIN'] as const) : []),
    ...(row.write ? (['WRITE'] as const) : []),
    ...(row.read ? (['READ'] as const) : []),
  ]);
}

export function presentBlueprint(ctx: AppContext, actor: Actor, row: BlueprintRow): BlueprintListItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    library: row.library,
    rights: rightsOf(row),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    version: row.version,
    sourceBlueprintId: row.source_blueprint_id,
    sourceBlueprintVersion: row.source_blueprint_version,
    libraryUpdate: row.library_update,
    status: row.status,
    abilities: abilitiesOf(ctx, actor, row),
  };
}

/** Whether the blueprint policy allows `action` to an actor holding `rights` on a blueprint (the trash asks it, D13). */
export function blueprintAllows(
  ctx: AppContext,
  actor: Actor,
  rights: BlueprintGrant,
  action: BlueprintAction,
): boolean {
  return blueprintPolicy[action](rights, { companyUser: companyUser(actor, ctx.config.companyDomain) });
}

/**
 * Loads a blueprint of the actor's organisation for `action`: 404 when it is not there or the actor
 * may not even read it (its existence is not revealed), 403 when they may read it but not do this.
 */
export async function authorizeBlueprint(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  action: BlueprintAction,
): Promise<BlueprintRow> {
  const row = await findBlueprint(db, actor.organisationId, actor.email, id);
  if (!row?.read) throw notFound();
  if (!blueprintAllows(ctx, actor, row, action)) throw forbidden();
  return row;
}

export async function listBlueprints(
  ctx: AppContext,
  actor: Actor,
  filter: { status: 'LIVE' | 'DELETED'; type?: BlueprintType },
): Promise<BlueprintListItem[]> {
  const rows = await listReadableBlueprints(ctx.db, actor.organisationId, actor.email, filter);
  return rows.map((row) => presentBlueprint(ctx, actor, row));
}

export async function getBlueprint(ctx: AppContext, actor: Actor, id: number): Promise<BlueprintListItem> {
  return presentBlueprint(ctx, actor, await authorizeBlueprint(ctx, ctx.db, actor, id, 'read'));
}

/** The creator always holds ADMIN, WRITE and READ, whatever the list given says (spec part 2 §6). */
function withCreator(actor: Actor, list: readonly BlueprintUserRights[]) {
  const rows = new Map<string, BlueprintRight[]>();
  for (const entry of list) rows.set(normaliseEmail(entry.user), closeBlueprintRights(entry.rights));
  rows.set(normaliseEmail(actor.email), [...NEW_BLUEPRINT_CREATOR_RIGHTS]);
  return [...rows].map(([email, rights]) => ({ email, rights }));
}

/** A new blueprint of `type` with `content` (the kind's empty content when omitted). */
export async function insertNewBlueprint(
  db: Db,
  actor: Actor,
  input: {
    type: BlueprintType;
    name: string;
    description: string | null;
    userRights: readonly BlueprintUserRights[];
    content?: JsonValue;
    source?: { id: number; version: number };
  },
): Promise<number> {
  const document = await createDocument(db, {
    kind: BLUEPRINT_KINDS[input.type],
    organisationId: actor.organisationId,
    actorId: actor.userId,
    ...(input.content !== undefined ? { content: input.content } : {}),
  });
  const { id } = await insertBlueprint(db, {
    organisationId: actor.organisationId,
    type: input.type,
    name: input.name,
    description: input.description,
    documentId: document.id,
    createdBy: actor.userId,
    sourceBlueprintId: input.source?.id ?? null,
    sourceBlueprintVersion: input.source?.version ?? null,
  });
  await replaceBlueprintRights(db, id, actor.organisationId, withCreator(actor, input.userRights));
  return id;
}

/**
 * The score scale a new extract blueprint takes its colours from (D50): that of the organisation's live
 * trajectory blueprint the user may read that changed last and has a scale; [] when there is none.
 */
async function latestScaleColours(db: Db, actor: Actor): Promise<string[]> {
  const rows = await selectBlueprints(db, actor.organisationId, actor.email)
    .select('d.content')
    .where('r.read', '=', true)
    .where('b.status', '=', 'LIVE')
    .where('b.type', '=', 'TRAJECTORY')
    .orderBy('d.updated_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  for (const row of rows) {
    const scale = isJsonObject(row.content) ? row.content.scoreInfo : null;
    if (!Array.isArray(scale) || scale.length === 0) continue;
    return scale.map((entry) =>
      isJsonObject(entry) && typeof entry.colour === 'string' ? entry.colour : '',
    );
  }
  return [];
}

/** POST /api/blueprints with a type: a new, empty blueprint (import, with a library id, is library.ts). */
export async function createBlueprint(
  ctx: AppContext,
  actor: Actor,
  input: CreateBlueprint & { type: BlueprintType },
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    // D50: a new extract blueprint starts with the score scale's own colours, never ten alike.
    const content =
      input.type === 'EXTRACT'
        ? ({
            ...(BLUEPRINT_KINDS.EXTRACT.empty() as Record<string, JsonValue>),
            scoreColours: extractColoursFromScale(await latestScaleColours(trx, actor)),
          } as JsonValue)
        : undefined;
    return insertNewBlueprint(trx, actor, {
      type: input.type,
      name: input.name.trim(),
      description: input.description?.trim() || null,
      userRights: (input.userRights ?? []) as BlueprintUserRights[],
      ...(content !== undefined ? { content } : {}),
    });
  });
}

export async function editBlueprint(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: EditBlueprint,
): Promise<BlueprintListItem> {
  return ctx.db.transaction().execute(async (trx) => {
    await authorizeBlueprint(ctx, trx, actor, id, 'edit');
    await updateBlueprint(trx, id, {
      name: input.name.trim(),
      description: input.description?.trim() || null,
    });
    return presentBlueprint(ctx, actor, (await findBlueprint(trx, actor.organisationId, actor.email, id))!);
  });
}

/** Soft delete and restore (the trash builds on it). */
export async function setBlueprintStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: 'LIVE' | 'DELETED',
): Promise<BlueprintListItem> {
  return ctx.db.transaction().execute(async (trx) => {
    await authorizeBlueprint(ctx, trx, actor, id, 'setStatus');
    await updateBlueprint(trx, id, { status, status_modified_by: actor.userId });
    return presentBlueprint(ctx, actor, (await findBlueprint(trx, actor.organisationId, actor.email, id))!);
  });
}

/** Deletes a blueprint for good, with its content, versions and history. */
export async function removeBlueprint(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeBlueprint(ctx, trx, actor, id, 'delete');
    await deleteBlueprint(trx, id);
    await deleteDocuments(trx, actor.organisationId, [row.document_id]);
  });
}

export async function getBlueprintRights(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BlueprintUserRights[]> {
  await authorizeBlueprint(ctx, ctx.db, actor, id, 'readRights');
  return (await listBlueprintRights(ctx.db, id)).map((row) => ({ user: row.email, rights: rightsOf(row) }));
}

/**
 * Replaces the user rights. The list was checked by the contract (valid e-mails, unique, one admin,
 * everyone a right); an ADMIN cannot take their own ADMIN away (canNotRevokeRight).
 */
export async function putBlueprintRights(
  ctx: AppContext,
  actor: Actor,
  id: number,
  list: readonly BlueprintUserRights[],
): Promise<BlueprintUserRights[]> {
  return ctx.db.transaction().execute(async (trx) => {
    await authorizeBlueprint(ctx, trx, actor, id, 'writeRights');
    const rows = list.map((entry) => ({
      email: normaliseEmail(entry.user),
      rights: closeBlueprintRights(entry.rights),
    }));
    const own = rows.find((row) => row.email === normaliseEmail(actor.email));
    if (!own?.rights.includes('ADMIN')) throw badRequest('canNotRevokeRight');
    await replaceBlueprintRights(trx, id, actor.organisationId, rows);
    await touchBlueprint(trx, id);
    return (await listBlueprintRights(trx, id)).map((row) => ({ user: row.email, rights: rightsOf(row) }));
  });
}

export interface BlueprintContent {
  blueprint: BlueprintListItem;
  version: number;
  content: JsonValue;
}

/** The content of a blueprint of `type`, at `version` or the current one. */
export async function getBlueprintContent(
  ctx: AppContext,
  actor: Actor,
  type: BlueprintType,
  id: number,
  version?: number,
): Promise<BlueprintContent> {
  const row = await authorizeBlueprint(ctx, ctx.db, actor, id, 'readContent');
  if (row.type !== type) throw notFound();
  const document = await readDocumentVersion(ctx.db, actor.organisationId, row.document_id, version);
  return {
    blueprint: presentBlueprint(ctx, actor, row),
    version: document.version,
    content: document.content,
  };
}

/** A content change through the engine: WRITE needed; a stale version 409; nothing half-written. */
export async function patchBlueprintContent(
  ctx: AppContext,
  actor: Actor,
  type: BlueprintType,
  id: number,
  change: { patch: readonly PatchOperation[] } | { content: JsonValue },
  expectedVersion: number | undefined,
): Promise<{ version: number; content: JsonValue }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeBlueprint(ctx, trx, actor, id, 'writeContent');
    if (row.type !== type) throw notFound();
    if (row.status !== 'LIVE') throw notFound();
    const request = {
      organisationId: actor.organisationId,
      documentId: row.document_id,
      actorId: actor.userId,
      expectedVersion,
      permit: FULL_ACCESS,
    };
    const document: StoredDocument =
      'patch' in change
        ? await patchDocument(trx, { ...request, patch: change.patch })
        : await replaceDocument(trx, { ...request, content: change.content });
    if (document.version !== row.version) await touchBlueprint(trx, id);
    return { version: document.version, content: document.content };
  });
}

/** Versions of a blueprint's content: who saved which version when (the info dialog's history). */
export async function getBlueprintHistory(ctx: AppContext, actor: Actor, id: number) {
  const row = await authorizeBlueprint(ctx, ctx.db, actor, id, 'read');
  const events = await listDocumentHistory(ctx.db, actor.organisationId, row.document_id);
  return events.map((event) => ({
    version: event.version,
    at: event.created_at.toISOString(),
    user: event.email,
  }));
}

/**
 * Where the links of a trajectory blueprint stand (D9), for its editor: a source that is deleted or
 * gone is `removed`; one that exists but the asker may not read is `noAccess` (its name withheld),
 * so a reader without rights on a part no longer mistakes it for a removed one.
 */
export async function blueprintLinkStates(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BlueprintLinkState[]> {
  const row = await authorizeBlueprint(ctx, ctx.db, actor, id, 'readContent');
  if (row.type !== 'TRAJECTORY') return [];
  const content = (
    await loadDocument(ctx.db, actor.organisationId, row.document_id, { kind: TRAJECTORY_BLUEPRINT_KIND })
  ).content;
  const ids = [
    content.dashboard.id,
    content.information.id,
    content.competenceList.id,
    ...content.reportBlueprints.map((entry) => entry.id),
  ].filter((linked): linked is number => typeof linked === 'number');
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await selectBlueprints(ctx.db, actor.organisationId, actor.email)
    .where('b.id', 'in', unique)
    .execute();
  return unique.map((linked) => {
    const found = rows.find((candidate) => candidate.id === linked);
    if (found?.status !== 'LIVE') return { id: linked, state: 'removed', name: null, latestVersion: null };
    if (!found.read) return { id: linked, state: 'noAccess', name: null, latestVersion: null };
    return { id: linked, state: 'live', name: found.name, latestVersion: found.version };
  });
}
