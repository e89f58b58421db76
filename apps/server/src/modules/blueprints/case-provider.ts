import type { CfDocument, CfItem, CfPackage } from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { listAsPackage } from './frameworks.ts';

/**
 * The CASE 1.1 provider paths (D56): the library's competence lists, read-only and without sign-in, for
 * other CASE tools (OpenSALT, the CASE Network). Only library entries are served: an organisation's own
 * blueprints never are (they are no entry). A package is built from its entry once per version and kept a
 * while (the paths are open to anyone: no request reads a large entry twice).
 */

const KEPT = 8;
const built = new Map<string, CfPackage>();

interface EntryRow {
  id: number;
  version: number;
  source_blueprint_id: number;
  name: string;
  published_at: Date;
}

async function entryPackage(ctx: AppContext, entry: EntryRow): Promise<CfPackage> {
  const key = `${entry.id}:${entry.version}`;
  const kept = built.get(key);
  if (kept) {
    built.delete(key);
    built.set(key, kept);
    return kept;
  }
  const row = await ctx.db
    .selectFrom('library_entries as l')
    .leftJoin('organisations as o', 'o.id', 'l.source_organisation_id')
    .select(['l.content', 'o.name as organisation'])
    .where('l.id', '=', entry.id)
    .executeTakeFirstOrThrow();
  const content = typeof row.content === 'string' ? JSON.parse(row.content) : row.content;
  const pkg = listAsPackage(ctx, {
    id: entry.source_blueprint_id,
    name: entry.name,
    changedAt: entry.published_at,
    creator: row.organisation ?? 'Groeipad',
    content,
  });
  built.set(key, pkg);
  for (const old of built.keys()) {
    if (built.size <= KEPT) break;
    built.delete(old);
  }
  return pkg;
}

/**
 * The identifiers of every competence-list entry whose version they are not yet of (published before, or
 * again since): written once, so the lookups below are one indexed read.
 */
async function indexEntries(ctx: AppContext, db: Db): Promise<void> {
  const stale = await db
    .selectFrom('library_entries')
    .select(['id', 'version', 'source_blueprint_id', 'name', 'published_at'])
    .where('type', '=', 'COMPETENCE_LIST')
    .where((eb) => eb.or([eb('case_version', 'is', null), eb('case_version', '!=', eb.ref('version'))]))
    .execute();
  for (const entry of stale) {
    const pkg = await entryPackage(ctx, entry);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('library_case_items').where('entry_id', '=', entry.id).execute();
      const identifiers = [...new Set(pkg.CFItems.map((item) => item.identifier))];
      for (let at = 0; at < identifiers.length; at += 1000)
        await trx
          .insertInto('library_case_items')
          .values(identifiers.slice(at, at + 1000).map((identifier) => ({ entry_id: entry.id, identifier })))
          // Two first requests at once index the same entry: the second adds nothing.
          .onConflict((oc) => oc.doNothing())
          .execute();
      await trx
        .updateTable('library_entries')
        .set({ case_identifier: pkg.CFDocument.identifier, case_version: entry.version })
        .where('id', '=', entry.id)
        .execute();
    });
  }
}

function entries(db: Db) {
  return db
    .selectFrom('library_entries as l')
    .select(['l.id', 'l.version', 'l.source_blueprint_id', 'l.name', 'l.published_at'])
    .where('l.type', '=', 'COMPETENCE_LIST')
    .orderBy('l.id');
}

/** GET /ims/case/v1p1/CFDocuments: the library's frameworks. */
export async function caseDocuments(ctx: AppContext): Promise<{ CFDocuments: CfDocument[] }> {
  await indexEntries(ctx, ctx.db);
  const rows = await entries(ctx.db).execute();
  const documents: CfDocument[] = [];
  for (const row of rows) documents.push((await entryPackage(ctx, row)).CFDocument);
  return { CFDocuments: documents };
}

/** GET /ims/case/v1p1/CFPackages/{id}: a library framework by its document identifier (404 otherwise). */
export async function casePackage(ctx: AppContext, identifier: string): Promise<CfPackage> {
  await indexEntries(ctx, ctx.db);
  const row = await entries(ctx.db).where('l.case_identifier', '=', identifier).executeTakeFirst();
  if (!row) throw notFound();
  return entryPackage(ctx, row);
}

/** GET /ims/case/v1p1/CFItems/{id}: one item of a library framework, with the link to its document. */
export async function caseItem(
  ctx: AppContext,
  identifier: string,
): Promise<CfItem & { CFDocumentURI: { title: string; identifier: string; uri: string } }> {
  await indexEntries(ctx, ctx.db);
  const row = await entries(ctx.db)
    .innerJoin('library_case_items as i', 'i.entry_id', 'l.id')
    .where('i.identifier', '=', identifier)
    .executeTakeFirst();
  if (!row) throw notFound();
  const pkg = await entryPackage(ctx, row);
  const item = pkg.CFItems.find((candidate) => candidate.identifier === identifier);
  if (!item) throw notFound();
  const document = pkg.CFDocument;
  return {
    ...item,
    CFDocumentURI: { title: document.title, identifier: document.identifier, uri: document.uri },
  };
}
