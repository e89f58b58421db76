import type { BlueprintType, BlueprintUserRights, JsonValue, LibraryEntry } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument, parseJson, replaceDocument } from '../../engine/engine.ts';
import { FULL_ACCESS } from '../../engine/kinds.ts';
import { forbidden, notFound } from '../../errors.ts';
import { copyLibraryFiles } from './library-files.ts';
import { companyUser } from './policy.ts';
import { updateBlueprint } from './repository.ts';
import { authorizeBlueprint, insertNewBlueprint } from './service.ts';

/**
 * Only users of COMPANY_DOMAIN publish to or remove from the library (D31); every organisation browses
 * and imports from it (D58), so its entries are read-only to everyone else.
 */
function requireCompanyUser(ctx: AppContext, actor: Actor): void {
  if (!companyUser(actor, ctx.config.companyDomain)) throw forbidden();
}

function present(
  row: {
    id: number;
    type: BlueprintType;
    name: string;
    description: string | null;
    version: number;
  },
  removable: boolean,
): LibraryEntry {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    version: row.version,
    removable,
  };
}

export async function listLibrary(ctx: AppContext, actor: Actor): Promise<LibraryEntry[]> {
  const rows = await ctx.db
    .selectFrom('library_entries')
    .select(['id', 'type', 'name', 'description', 'version'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  const removable = companyUser(actor, ctx.config.companyDomain);
  return rows.map((row) => present(row, removable));
}

async function findEntry(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('library_entries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getLibraryEntry(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<LibraryEntry & { content: JsonValue }> {
  const row = await findEntry(ctx, id);
  return {
    ...present(row, companyUser(actor, ctx.config.companyDomain)),
    content: parseJson<JsonValue>(row.content),
  };
}

/**
 * Publishes the current version of a blueprint (ADMIN and company domain). One entry per source
 * blueprint: publishing again replaces it with the newer version (D31).
 */
export async function publishBlueprint(ctx: AppContext, actor: Actor, blueprintId: number): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeBlueprint(ctx, trx, actor, blueprintId, 'publish');
    const document = await loadDocument(trx, actor.organisationId, row.document_id);
    const values = {
      source_organisation_id: actor.organisationId,
      type: row.type,
      name: row.name,
      description: row.description,
      version: document.version,
      content: JSON.stringify(document.content),
      published_by: actor.userId,
      published_at: new Date(),
    };
    const entry = await trx
      .insertInto('library_entries')
      .values({ source_blueprint_id: row.id, ...values })
      .onConflict((oc) => oc.column('source_blueprint_id').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    return entry.id;
  });
}

export async function removeLibraryEntry(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireCompanyUser(ctx, actor);
  await findEntry(ctx, id);
  await ctx.db.deleteFrom('library_entries').where('id', '=', id).execute();
}

/** A new blueprint in the actor's organisation from a library entry, naming its source (D31). */
export async function importLibraryEntry(
  ctx: AppContext,
  actor: Actor,
  input: { id: number; name: string; description: string | null; userRights: readonly BlueprintUserRights[] },
): Promise<number> {
  const entry = await findEntry(ctx, input.id);
  return ctx.db.transaction().execute(async (trx) =>
    insertNewBlueprint(trx, actor, {
      type: entry.type,
      name: input.name,
      description: input.description,
      userRights: input.userRights,
      content: await copyLibraryFiles(ctx, trx, actor, entry, parseJson<JsonValue>(entry.content)),
      source: { id: entry.source_blueprint_id, version: entry.version },
    }),
  );
}

/** Replaces a blueprint's content with its library source's (ADMIN, any organisation: D58), as a new version. */
export async function updateFromLibrary(ctx: AppContext, actor: Actor, blueprintId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeBlueprint(ctx, trx, actor, blueprintId, 'updateFromLibrary');
    if (row.source_blueprint_id === null) throw notFound();
    const entry = await trx
      .selectFrom('library_entries')
      .selectAll()
      .where('source_blueprint_id', '=', row.source_blueprint_id)
      .executeTakeFirst();
    if (!entry || entry.type !== row.type) throw notFound();
    await replaceDocument(trx, {
      organisationId: actor.organisationId,
      documentId: row.document_id,
      actorId: actor.userId,
      expectedVersion: undefined,
      permit: FULL_ACCESS,
      content: await copyLibraryFiles(ctx, trx, actor, entry, parseJson<JsonValue>(entry.content)),
    });
    await updateBlueprint(trx, row.id, { source_blueprint_version: entry.version });
  });
}
