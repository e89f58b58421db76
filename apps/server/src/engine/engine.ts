import {
  applyPatch,
  applyWithInverse,
  assertPatchWritable,
  diffJson,
  isPatchError,
  type JsonValue,
  jsonEqual,
  type PatchOperation,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, forbidden, notFound, zodFields } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type DocumentKind, documentKind, type Permit } from './kinds.ts';

export interface StoredDocument {
  id: number;
  organisationId: number;
  kind: string;
  version: number;
  content: JsonValue;
  updatedAt: Date;
}

export interface DocumentEvent {
  version: number;
  actorId: number | null;
  at: Date;
  patch: PatchOperation[];
  inverse: PatchOperation[];
}

/** 409 with the current version (D29): the save was made on an older one; nothing is written. */
export const staleDocument = (current: number) =>
  new AppError(409, 'staleDocument', undefined, undefined, current);

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Validates (and normalises) content of `kind`: 400 with the fields' keys when it does not fit. */
function checkedContent(kind: DocumentKind, content: JsonValue): JsonValue {
  const normalised = kind.normalise ? kind.normalise(content) : content;
  const parsed = (kind.schema as z.ZodType).safeParse(normalised);
  if (!parsed.success) throw badRequest('invalidDocumentContent', zodFields(parsed.error.issues));
  return parsed.data as JsonValue;
}

async function syncResources(db: Db, kind: DocumentKind, documentId: number, content: JsonValue) {
  if (!kind.resources) return;
  const ids = [...new Set(kind.resources(content))];
  await db.deleteFrom('document_resources').where('document_id', '=', documentId).execute();
  if (ids.length === 0) return;
  // Only files of the same organisation can be referenced (the join drops any other id).
  await sql`insert into document_resources (document_id, resource_id)
    select ${documentId}, r.id from resources r
    join documents d on d.id = ${documentId} and d.organisation_id = r.organisation_id
    where r.id = any(${sql.val(ids)}::int[])`.execute(db);
}

/** A new document of `kind`, version 1 (its content checked like any save). */
export async function createDocument(
  db: Db,
  input: { kind: DocumentKind; organisationId: number; actorId: number | null; content?: JsonValue },
): Promise<StoredDocument> {
  const content = checkedContent(input.kind, input.content ?? input.kind.empty());
  await input.kind.verify?.(db, input.organisationId, content);
  const row = await db
    .insertInto('documents')
    .values({
      organisation_id: input.organisationId,
      kind: input.kind.name,
      content: JSON.stringify(content),
    })
    .returning(['id', 'version', 'updated_at'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('document_events')
    .values({
      document_id: row.id,
      organisation_id: input.organisationId,
      version: 1,
      actor_id: input.actorId,
      patch: JSON.stringify([]),
      inverse: JSON.stringify([]),
    })
    .execute();
  await syncResources(db, input.kind, row.id, content);
  return {
    id: row.id,
    organisationId: input.organisationId,
    kind: input.kind.name,
    version: row.version,
    content,
    updatedAt: row.updated_at,
  };
}

/** The current document, inside its organisation only (404 otherwise); `forUpdate` locks it. */
export async function loadDocument(
  db: Db,
  organisationId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<StoredDocument> {
  let query = db
    .selectFrom('documents')
    .select(['id', 'organisation_id', 'kind', 'version', 'content', 'updated_at'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    organisationId: row.organisation_id,
    kind: row.kind,
    version: row.version,
    content: parseJson<JsonValue>(row.content),
    updatedAt: row.updated_at,
  };
}

/**
 * The document as it was at `version` (the current one when omitted): the current content with the
 * inverse patches of later versions applied, newest first. 404 for a version that never existed.
 */
export async function readDocumentVersion(
  db: Db,
  organisationId: number,
  id: number,
  version?: number,
): Promise<StoredDocument> {
  const current = await loadDocument(db, organisationId, id);
  if (version === undefined || version === current.version) return current;
  if (version < 1 || version > current.version) throw notFound();
  const events = await db
    .selectFrom('document_events')
    .select(['version', 'inverse', 'created_at'])
    .where('document_id', '=', id)
    .where('version', '>', version)
    .orderBy('version', 'desc')
    .execute();
  let content = current.content;
  for (const event of events) content = applyPatch(content, parseJson<PatchOperation[]>(event.inverse));
  const at = await db
    .selectFrom('document_events')
    .select('created_at')
    .where('document_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return { ...current, version, content, updatedAt: at?.created_at ?? current.updatedAt };
}

export interface PatchRequest {
  organisationId: number;
  documentId: number;
  actorId: number | null;
  patch: readonly PatchOperation[];
  /** The version the change was made on (If-Match); undefined applies to the current one. */
  expectedVersion: number | undefined;
  permit: Permit;
  /**
   * The document as the caller loaded it with `forUpdate` in this same transaction (a service that read
   * it to work out the patch): not loaded a second time. A large evaluation is 300 KiB of jsonb to
   * fetch and parse (bench/evaluation.ts).
   */
  locked?: StoredDocument;
  /** The job queue, for kinds that react to a save (`saved`, e.g. notifications): required for them. */
  jobs?: JobQueue;
}

/**
 * The one write path of every document (DESIGN point 2): lock → version check (409) → every pointer
 * checked against the actor's writable paths (403) → applied (400 when it does not apply) → the
 * kind's schema (400 with field keys) → version + 1, one event row with the patch and its inverse,
 * the referenced files recorded. Whatever is refused, nothing is written. An empty change writes
 * nothing and keeps the version.
 */
export async function patchDocument(db: Db, request: PatchRequest): Promise<StoredDocument> {
  const { locked } = request;
  if (locked && (locked.id !== request.documentId || locked.organisationId !== request.organisationId))
    throw new Error(`patchDocument: the locked document is not document ${request.documentId}`);
  const current =
    locked ?? (await loadDocument(db, request.organisationId, request.documentId, { forUpdate: true }));
  if (request.expectedVersion !== undefined && request.expectedVersion !== current.version)
    throw staleDocument(current.version);
  const kind = documentKind(current.kind);
  let applied: JsonValue;
  let patch: PatchOperation[];
  let inverse: PatchOperation[];
  try {
    assertPatchWritable(request.patch, request.permit.canWrite);
    ({ document: applied, inverse } = applyWithInverse(current.content, request.patch));
    patch = [...request.patch];
  } catch (error) {
    if (!isPatchError(error)) throw error;
    if (error.code === 'notWritable') throw forbidden();
    throw badRequest('invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
  }
  const content = checkedContent(kind, applied);
  if (!jsonEqual(content, applied)) {
    // The schema or the normalisation changed what the patch produced: store what was kept.
    patch = diffJson(current.content, content);
    inverse = diffJson(content, current.content);
  }
  if (jsonEqual(content, current.content)) return current;
  await kind.verify?.(db, current.organisationId, content);
  const version = current.version + 1;
  const row = await db
    .updateTable('documents')
    .set({ content: JSON.stringify(content), version, updated_at: sql`now()` })
    .where('id', '=', current.id)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('document_events')
    .values({
      document_id: current.id,
      organisation_id: current.organisationId,
      version,
      actor_id: request.actorId,
      patch: JSON.stringify(patch),
      inverse: JSON.stringify(inverse),
    })
    .execute();
  await syncResources(db, kind, current.id, content);
  if (kind.saved) {
    if (!request.jobs) throw new Error(`patchDocument: ${kind.name} reacts to saves; pass the job queue`);
    await kind.saved(
      db,
      { organisationId: current.organisationId, documentId: current.id, version },
      request.jobs,
    );
  }
  return { ...current, version, content, updatedAt: row.updated_at };
}

/** A whole new content (a PUT): turned into a patch against the stored one, then saved like one. */
export async function replaceDocument(
  db: Db,
  request: Omit<PatchRequest, 'patch'> & { content: JsonValue },
): Promise<StoredDocument> {
  const current = await loadDocument(db, request.organisationId, request.documentId);
  return patchDocument(db, { ...request, patch: diffJson(current.content, request.content) });
}

/** The accepted changes of a document, oldest first. */
export async function documentEvents(db: Db, organisationId: number, id: number): Promise<DocumentEvent[]> {
  const rows = await db
    .selectFrom('document_events')
    .select(['version', 'actor_id', 'created_at', 'patch', 'inverse'])
    .where('document_id', '=', id)
    .where('organisation_id', '=', organisationId)
    .orderBy('version')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    actorId: row.actor_id,
    at: row.created_at,
    patch: parseJson<PatchOperation[]>(row.patch),
    inverse: parseJson<PatchOperation[]>(row.inverse),
  }));
}

/** Deletes documents for good, with their history and file references. */
export async function deleteDocuments(db: Db, organisationId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('documents')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
}
