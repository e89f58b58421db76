import {
  applyPatch,
  applyWithInverse,
  assertPatchWritable,
  diffJson,
  getAtPointer,
  isJsonObject,
  isPatchError,
  type JsonValue,
  jsonEqual,
  type PatchLimits,
  type PatchOperation,
  parsePointer,
  UNBOUNDED_PATCH,
} from '@groeipad/core';
import { type Expression, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { AppError, badRequest, forbidden, notFound, zodFields } from '../errors.ts';
import { coalescingJobInsert, type JobQueue } from '../jobs/queue.ts';
import {
  type DocumentKind,
  type DocumentParts,
  documentKind,
  type FileWriter,
  fileCheck,
  kindParts,
  type Permit,
  untypedKind,
} from './kinds.ts';

/**
 * A document as stored: `T` is its kind's content (a caller that names the kind gets it so typed; the
 * engine checks every content against the kind's schema before it stores it).
 */
export interface StoredDocument<T = JsonValue> {
  id: number;
  organisationId: number;
  kind: string;
  version: number;
  content: T;
  updatedAt: Date;
  /**
   * For a kind with parts (`DocumentKind.parts`): the parts read with the content, 'all' or the listed
   * pointers (the others hold the placeholder). A save writes only parts that were read; one that
   * touches another part, or changes where the parts are, needs the whole document.
   */
  partsRead?: 'all' | readonly string[];
  /**
   * Of the parts read, those that came from their own row. A part's value found in `documents.content`
   * itself (written there by plain SQL, never by the engine) is moved into a row by the next save.
   */
  partRows?: ReadonlySet<string>;
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

/**
 * 413: the patch passed its bounds (core `PATCH_LIMITS`: operations, what it makes, what it copies) and
 * was refused while it was applied, before its work grew; or the document it would leave is larger
 * than any document is allowed to be (`DOCUMENT_MAX_CHARS`). Nothing is written.
 */
export const patchTooLarge = () => new AppError(413, 'patchTooLarge');

/**
 * The longest JSON text a document's stored tree may have: 16 MiB, 50 times the largest real document
 * (the evaluation with 1,000 entries, ~300 KiB) and 16 times what one request body may carry. Each patch
 * is bounded on its own (`PATCH_LIMITS`); this stops a document growing save after save.
 */
export const DOCUMENT_MAX_CHARS = 16 * 1024 * 1024;

/**
 * A save on a document read without a lock (`PatchRequest.unlocked`) found a newer version: another save
 * came first, and nothing was written. The caller reads again and decides anew (a conflict is then a 409).
 */
export class ConcurrentSave extends Error {
  constructor(readonly documentId: number) {
    super(`document ${documentId} changed after it was read`);
  }
}

/** A jsonb value as the driver gives it: parsed already (node-postgres) or as its text (PGlite). */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Puts a part's value at its place in freshly parsed content (owned by the caller: changed in place). */
function placePart(content: JsonValue, pointer: string, value: JsonValue, documentId: number): void {
  const segments = parsePointer(pointer);
  const key = segments.pop();
  let parent: JsonValue | undefined = content;
  for (const segment of segments)
    parent = Array.isArray(parent)
      ? parent[Number(segment)]
      : isJsonObject(parent)
        ? parent[segment]
        : undefined;
  if (key === undefined || parent === undefined || typeof parent !== 'object' || parent === null)
    throw new Error(`document ${documentId}: part ${pointer} has no place in its content`);
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else parent[key] = value;
}

/** The content as `documents.content` keeps it: every part's place holding the placeholder (copied). */
function skeletonOf(parts: DocumentParts, content: JsonValue, pointers: readonly string[]): JsonValue {
  return applyPatch(
    content,
    pointers.map((path) => ({ op: 'replace', path, value: parts.placeholder(path) })),
    UNBOUNDED_PATCH,
  );
}

/** The part of `pointers` that `path` lies in, if any (pointers: a kind's parts, none inside another). */
function partOf(path: string, pointers: ReadonlySet<string>): string | undefined {
  let at = path.length;
  for (;;) {
    const candidate = path.slice(0, at);
    if (pointers.has(candidate)) return candidate;
    at = path.lastIndexOf('/', at - 1);
    if (at <= 0) return undefined;
  }
}

/** What a save writes to `document_parts` (in the statement that saves the document, `patchDocument`). */
interface PartWrites {
  /** Stored in `documents.content`: the content with placeholders where parts have rows. */
  skeleton: JsonValue;
  /**
   * Whether `skeleton` differs from what `documents.content` holds: not when the change lay wholly inside
   * parts that already had rows (an evaluation entry and its competence's latest properties), and then
   * the save leaves the tree's stored bytes alone.
   */
  skeletonChanged: boolean;
  /** The pointers that have a row once the save is done. */
  rows: Set<string>;
  upserts: { pointer: string; content: JsonValue }[];
  deletes: string[];
}

/**
 * Plans the parts of a save: the rows of parts whose value changed (a part equal to the placeholder has
 * none), or every row again when the parts moved (a new shape; then the old rows are deleted here, a
 * statement of its own, before the save's statement writes the new ones).
 */
async function planParts(
  db: Db,
  parts: DocumentParts,
  documentId: number,
  before: JsonValue | null,
  after: JsonValue,
  read: 'all' | readonly string[],
  patch: readonly PatchOperation[],
  rows: ReadonlySet<string>,
  unlocked: boolean,
  /** The pointers before and after, when the change lay inside parts (`partsTouched`): not walked again. */
  shape?: readonly string[],
): Promise<PartWrites> {
  const pointersAfter = shape ?? parts.pointers(after);
  const pointersBefore = before === null ? [] : (shape ?? parts.pointers(before));
  const sameShape =
    before !== null &&
    pointersBefore.length === pointersAfter.length &&
    pointersBefore.every((pointer, index) => pointer === pointersAfter[index]);
  const upserts: { pointer: string; content: JsonValue }[] = [];
  const deletes: string[] = [];
  if (!sameShape) {
    if (read !== 'all') throw new Error(`document ${documentId}: a partly read document changed shape`);
    // The old rows go in a statement of their own, which only a locked document may have.
    if (before !== null && unlocked)
      throw new Error(`document ${documentId}: a save without a lock changed where its parts are`);
    if (before !== null)
      await db.deleteFrom('document_parts').where('document_id', '=', documentId).execute();
    for (const pointer of pointersAfter) {
      const value = getAtPointer(after, pointer);
      if (!jsonEqual(value, parts.placeholder(pointer))) upserts.push({ pointer, content: value });
    }
  }
  let skeletonChanged = !sameShape;
  if (sameShape) {
    let candidates: readonly string[] = pointersAfter;
    const all = new Set(pointersAfter);
    const readSet = read === 'all' ? all : new Set(read);
    const { touched, outside } = partsOfPatch(all, patch);
    // A change outside every part is a change of the tree itself.
    if (outside) skeletonChanged = true;
    for (const part of touched)
      if (!readSet.has(part))
        throw new Error(`document ${documentId}: the save touches part ${part}, which was not read`);
    if (read !== 'all') candidates = read.filter((pointer) => all.has(pointer));
    for (const pointer of candidates) {
      const was = getAtPointer(before, pointer);
      const now = getAtPointer(after, pointer);
      const placeholder = parts.placeholder(pointer);
      const empty = jsonEqual(now, placeholder);
      // A value kept inline (not in a row of its own) leaves the tree for a row, or the placeholder's place.
      const inline = !rows.has(pointer) && !jsonEqual(was, placeholder);
      if (inline) skeletonChanged = true;
      // Unchanged, it stays as it is stored — unless it was kept inline.
      if ((was === now || jsonEqual(was, now)) && !inline) continue;
      if (empty) {
        if (rows.has(pointer)) deletes.push(pointer);
      } else upserts.push({ pointer, content: now });
    }
  }
  const written = new Set(sameShape ? rows : []);
  for (const pointer of deletes) written.delete(pointer);
  for (const upsert of upserts) written.add(upsert.pointer);
  // A partly read document keeps what `documents.content` holds at the parts it did not read.
  const placed = read === 'all' ? pointersAfter : read.filter((pointer) => pointersAfter.includes(pointer));
  return { skeleton: skeletonOf(parts, after, placed), skeletonChanged, rows: written, upserts, deletes };
}

/** Validates (and normalises) content of `kind`: 400 with the fields' keys when it does not fit. */
function checkedContent(kind: DocumentKind, content: JsonValue): JsonValue {
  const normalised = kind.normalise ? kind.normalise(content) : content;
  const parsed = (kind.schema as z.ZodType).safeParse(normalised);
  if (!parsed.success) throw badRequest('invalidDocumentContent', zodFields(parsed.error.issues));
  return parsed.data as JsonValue;
}

/**
 * The parts a patch changes, with every part of `content` (its pointers, in order), when the patch
 * changes nothing outside them; undefined when it does (then the whole content is checked).
 */
function partsTouched(
  parts: DocumentParts,
  content: JsonValue,
  patch: readonly PatchOperation[],
): { pointers: string[]; touched: Set<string> } | undefined {
  const pointers = parts.pointers(content);
  const { touched, outside } = partsOfPatch(new Set(pointers), patch);
  return outside ? undefined : { pointers, touched };
}

/** The parts (of `all`) a patch's paths lie in, and whether any path lies outside every part. */
function partsOfPatch(all: ReadonlySet<string>, patch: readonly PatchOperation[]) {
  const touched = new Set<string>();
  let outside = false;
  for (const operation of patch)
    for (const path of 'from' in operation ? [operation.path, operation.from] : [operation.path]) {
      const part = partOf(path, all);
      if (part === undefined) outside = true;
      else touched.add(part);
    }
  return { touched, outside };
}

/**
 * `checkedContent` for a change inside parts: each touched part's value checked with its schema
 * (`DocumentParts.schema`), the fields named as the whole schema names them. Returns `applied` itself, or
 * undefined when a part's place is gone or its schema changed its value (then the whole is checked).
 */
function checkedParts(parts: DocumentParts, applied: JsonValue, touched: ReadonlySet<string>) {
  const issues: { path: PropertyKey[]; message: string; code?: string }[] = [];
  for (const pointer of touched) {
    let value: JsonValue;
    try {
      value = getAtPointer(applied, pointer);
    } catch {
      return undefined;
    }
    const parsed = parts.schema(pointer).safeParse(value);
    if (!parsed.success) {
      const place = parsePointer(pointer);
      for (const issue of parsed.error.issues) issues.push({ ...issue, path: [...place, ...issue.path] });
    } else if (!jsonEqual(parsed.data as JsonValue, value)) return undefined;
  }
  if (issues.length > 0) throw badRequest('invalidDocumentContent', zodFields(issues));
  return applied;
}

/**
 * Records the files `content` refers to (`document_resources`). With `before` (a save), a change that
 * leaves the set of files as it was writes nothing: most saves of a form touch no file field. A save that
 * read only some of a document's parts (an evaluation entry's) sees only their files: it adds what it
 * names anew and removes nothing, so the rows stay a superset of the files named — whoever asks who may
 * read a file (D19) checks the document itself, the rows only find the candidates.
 */
async function syncResources(
  db: Db,
  kind: DocumentKind,
  documentId: number,
  content: JsonValue,
  before?: { content: JsonValue; partial: boolean },
) {
  if (!kind.resources) return;
  let ids = [...new Set(kind.resources(content))];
  if (before !== undefined) {
    const was = new Set(kind.resources(before.content));
    if (was.size === ids.length && ids.every((id) => was.has(id))) return;
    if (before.partial) ids = ids.filter((id) => !was.has(id));
    else await db.deleteFrom('document_resources').where('document_id', '=', documentId).execute();
  }
  if (ids.length === 0) return;
  // Only files of the same organisation can be referenced (the join drops any other id).
  await sql`insert into document_resources (document_id, resource_id)
    select ${documentId}, r.id from resources r
    join documents d on d.id = ${documentId} and d.organisation_id = r.organisation_id
    where r.id = any(${sql.val(ids)}::int[])
    on conflict do nothing`.execute(db);
}

/**
 * D42: a save may name only files its writer may read now; otherwise naming a file's id in a document of
 * one's own would open that file (D19). Judged are the files the save adds: named by the new content and not
 * by the one it replaces (all of them for a new document), or named where the writer now sees them and did
 * not before (an id copied out of a part hidden from them). 400 `invalidDocumentContent` with
 * `fileNotReadable` where each refused one is named; nothing written. No statement when none is added (an
 * evaluation entry without a photo), and none at all for a kind that names no files.
 */
async function refuseUnreadableFiles(
  db: Db,
  kind: DocumentKind,
  writer: FileWriter,
  content: JsonValue,
  before?: { content: JsonValue; permit: Permit },
  vouched: readonly number[] = [],
): Promise<void> {
  const { resources } = kind;
  if (!resources) return;
  const named = resources(content);
  if (named.length === 0) return;
  const added = new Set(named);
  if (before) {
    for (const id of resources(before.content)) added.delete(id);
    const seen = new Set(resources(asJson(before.permit.visible(before.content))));
    for (const id of resources(asJson(before.permit.visible(content)))) if (!seen.has(id)) added.add(id);
  }
  for (const id of vouched) added.delete(id);
  if (added.size === 0) return;
  const refused = await fileCheck()(db, writer, [...added]);
  if (refused.length === 0) return;
  const visible = before ? asJson(before.permit.visible(content)) : content;
  // The first few are named, within a bounded search: a refusal costs no more for a hostile content.
  const probes = { left: PLACE_PROBES };
  throw badRequest(
    'invalidDocumentContent',
    refused.slice(0, NAMED_REFUSALS).map((id) => ({
      path: placeOfFile(resources, content, id, probes) ?? placeOfFile(resources, visible, id, probes) ?? '',
      key: 'fileNotReadable',
    })),
  );
}

/** How many refused files an answer names, and how many candidate places it tries in all to find them. */
const NAMED_REFUSALS = 10;
const PLACE_PROBES = 200;

/**
 * Where `content` names file `id`, as a field path (`values.<uuid>`, `logo`, `fields.0.options.1.attachments`):
 * the first value mentioning the id without which the kind no longer names it (a list's holder, for a list
 * of ids). Only for a refusal's answer: it calls `resources` once per candidate, while `probes` last.
 */
function placeOfFile(
  resources: (content: JsonValue) => number[],
  content: JsonValue,
  id: number,
  probes: { left: number },
): string | undefined {
  if (probes.left <= 0) return undefined;
  const copy = structuredClone(content);
  const digits = String(id);
  const search = (holder: JsonValue[] | { [key: string]: JsonValue }, path: string[]): string | undefined => {
    for (const [key, value] of Object.entries(holder)) {
      const here = [...path, key];
      if (Array.isArray(value) || isJsonObject(value)) {
        const found = search(value, here);
        if (found !== undefined) return found;
        continue;
      }
      if (value !== id && !(typeof value === 'string' && value.includes(digits))) continue;
      if (probes.left-- <= 0) return undefined;
      (holder as Record<string, JsonValue>)[key] = null;
      const gone = namesNoLonger(resources, copy, id);
      (holder as Record<string, JsonValue>)[key] = value;
      if (gone) return (Array.isArray(holder) ? path : here).join('.');
    }
    return undefined;
  };
  return Array.isArray(copy) || isJsonObject(copy) ? search(copy, []) : undefined;
}

/** Whether `content` names a file `before` does not. */
function addsFiles(
  resources: (content: JsonValue) => number[],
  before: JsonValue,
  content: JsonValue,
): boolean {
  const named = resources(content);
  if (named.length === 0) return false;
  const was = new Set(resources(before));
  return named.some((id) => !was.has(id));
}

/** Whether `content` (a copy with one value taken out) no longer names file `id`; a kind that fails on it does. */
function namesNoLonger(resources: (content: JsonValue) => number[], content: JsonValue, id: number) {
  try {
    return !resources(content).includes(id);
  } catch {
    return false;
  }
}

/** A new document of `kind`, version 1 (its content checked like any save, its files as D42 says). */
export async function createDocument<T>(
  db: Db,
  typedInput: {
    kind: DocumentKind<T>;
    organisationId: number;
    actorId: number | null;
    content?: T;
    /** As `PatchRequest.vouchedFiles`. */
    vouchedFiles?: readonly number[];
  },
): Promise<StoredDocument<T>> {
  const input = { ...typedInput, kind: untypedKind(typedInput.kind) };
  const content = checkedContent(input.kind, asJson(typedInput.content ?? typedInput.kind.empty()));
  await refuseUnreadableFiles(db, input.kind, input, content, undefined, input.vouchedFiles);
  await input.kind.verify?.(db, input.organisationId, content);
  const { parts } = input.kind;
  const row = await db
    .insertInto('documents')
    .values({
      organisation_id: input.organisationId,
      kind: input.kind.name,
      content: JSON.stringify(parts ? skeletonOf(parts, content, parts.pointers(content)) : content),
    })
    .returning(['id', 'version', 'updated_at'])
    .executeTakeFirstOrThrow();
  let partRows: Set<string> | null = null;
  if (parts) {
    const planned = await planParts(db, parts, row.id, null, content, 'all', [], new Set(), false);
    if (planned.upserts.length > 0)
      await db
        .insertInto('document_parts')
        .values(
          planned.upserts.map(({ pointer, content }) => ({
            document_id: row.id,
            pointer,
            content: JSON.stringify(content),
          })),
        )
        .execute();
    partRows = planned.rows;
  }
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
  return asKind(typedInput.kind, {
    id: row.id,
    organisationId: input.organisationId,
    kind: input.kind.name,
    version: row.version,
    content,
    updatedAt: row.updated_at,
    ...(partRows ? { partsRead: 'all' as const, partRows } : {}),
  });
}

/**
 * The current document, inside its organisation only (404 otherwise); `forUpdate` locks it. A kind with
 * parts comes whole, or with only the parts listed in `parts` (a save that touches only those: its cost
 * does not grow with the rest).
 */
export async function loadDocument(
  db: Db,
  organisationId: number,
  id: number,
  options?: LoadOptions,
): Promise<StoredDocument>;
/** The same, typed as `kind`'s content (an error when the document is of another kind). */
export async function loadDocument<T>(
  db: Db,
  organisationId: number,
  id: number,
  options: LoadOptions & { kind: DocumentKind<T> },
): Promise<StoredDocument<T>>;
export async function loadDocument<T>(
  db: Db,
  organisationId: number,
  id: number,
  options: LoadOptions & { kind?: DocumentKind<T> } = {},
): Promise<StoredDocument | StoredDocument<T>> {
  const stored = await loadStored(db, organisationId, id, options);
  return options.kind ? asKind(options.kind, stored) : stored;
}

interface LoadOptions {
  forUpdate?: boolean;
  parts?: readonly string[];
}

async function loadStored(
  db: Db,
  organisationId: number,
  id: number,
  options: LoadOptions,
): Promise<StoredDocument> {
  const wanted = options.parts;
  if (options.forUpdate) {
    // The lock first, in a statement of its own. Locking in the statement that reads the parts would
    // read them as they were when it started: under READ COMMITTED a statement that waited for a lock
    // re-reads only the locked row, so a save it waited for would lose its parts (a lost update; the
    // API test of saves at once caught it on PostgreSQL).
    const locked = await db
      .selectFrom('documents')
      .select('id')
      .where('id', '=', id)
      .where('organisation_id', '=', organisationId)
      .forUpdate()
      .modifyEnd(prepared)
      .executeTakeFirst();
    if (!locked) throw notFound();
  }
  // The parts come in the same round trip (one read of a document and its parts, `documentJson`).
  const { rows } = await sql<{ document: unknown }>`select ${documentJson(
    sql.val(id),
    organisationId,
    wanted,
  )} as document ${prepared}`.execute(db);
  return documentFromJson(rows[0]?.document, wanted);
}

/** A document's row as `documentJson` reads it. */
interface DocumentRow {
  id: number;
  organisation_id: number;
  kind: string;
  version: number;
  content: unknown;
  updated_at: Date | string;
  parts: unknown;
}

function storedDocument(row: DocumentRow, wanted: readonly string[] | undefined): StoredDocument {
  const { id } = row;
  const content = parseJson<JsonValue>(row.content);
  const stored: StoredDocument = {
    id: row.id,
    organisationId: row.organisation_id,
    kind: row.kind,
    version: row.version,
    content,
    updatedAt: new Date(row.updated_at),
  };
  if (!kindParts(row.kind)) return stored;
  const partRows = new Set<string>();
  for (const [pointer, value] of parseJson<[string, JsonValue][]>(row.parts) ?? []) {
    placePart(content, pointer, value, id);
    partRows.add(pointer);
  }
  return { ...stored, partsRead: wanted ? [...wanted] : 'all', partRows };
}

/**
 * A document of the organisation (unlocked) as one JSON value, with its parts (all, or only those listed,
 * as `loadDocument`), to read in the same statement as a caller's row: the trajectory, its rights and its
 * evaluation in one round trip (bench/evaluation.ts). `documentFromJson` turns it into what `loadDocument`
 * answers; null when there is no such document.
 */
export function documentJson(id: Expression<number>, organisationId: number, parts?: readonly string[]) {
  // One parameter per pointer, not `= any($array)`: a prepared statement's generic plan cannot see an
  // array's length and guesses more rows, which kept PostgreSQL planning the save's read every time. The
  // list is padded to a power of two (the last pointer again), so a few texts serve every count.
  const padded = parts?.length ? [...parts] : [];
  while (padded.length & (padded.length - 1)) padded.push(padded.at(-1)!);
  const which =
    parts === undefined
      ? sql``
      : parts.length === 0
        ? sql`and false`
        : sql`and p.pointer in (${sql.join(padded.map((pointer) => sql`${pointer}::text`))})`;
  return sql<unknown>`(select json_build_object('id', d.id, 'organisation_id', d.organisation_id,
      'kind', d.kind, 'version', d.version, 'content', d.content, 'updated_at', d.updated_at,
      'parts', (select coalesce(json_agg(json_build_array(p.pointer, p.content)), '[]')
        from document_parts p where p.document_id = d.id ${which}))
    from documents d where d.id = ${id} and d.organisation_id = ${organisationId})`;
}

/** What `documentJson(…, parts)` read, as `loadDocument(…, { parts })` answers it; 404 without one. */
export function documentFromJson(value: unknown, parts?: readonly string[]): StoredDocument {
  if (value == null) throw notFound();
  return storedDocument(parseJson<DocumentRow>(value), parts);
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
): Promise<StoredDocument>;
/** The same, typed as `kind`'s content. */
export async function readDocumentVersion<T>(
  db: Db,
  organisationId: number,
  id: number,
  version: number | undefined,
  kind: DocumentKind<T>,
): Promise<StoredDocument<T>>;
export async function readDocumentVersion<T>(
  db: Db,
  organisationId: number,
  id: number,
  version?: number,
  kind?: DocumentKind<T>,
): Promise<StoredDocument | StoredDocument<T>> {
  const past = await readVersion(db, organisationId, id, version);
  return kind ? asKind(kind, past) : past;
}

async function readVersion(
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
  // Inverses the engine stored itself: replayed whatever their size (a request's patch has its bounds).
  for (const event of events)
    content = applyPatch(content, parseJson<PatchOperation[]>(event.inverse), UNBOUNDED_PATCH);
  const at = await db
    .selectFrom('document_events')
    .select('created_at')
    .where('document_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return { ...current, version, content, updatedAt: at?.created_at ?? current.updatedAt };
}

export interface PatchRequest<T = JsonValue> {
  organisationId: number;
  documentId: number;
  actorId: number | null;
  /** The mentor link the actor writes through (D54): the files it may name are its own uploads (FileWriter). */
  mentorLinkId?: number | null;
  patch: readonly PatchOperation[];
  /** The version the change was made on (If-Match); undefined applies to the current one. */
  expectedVersion: number | undefined;
  permit: Permit<T>;
  /** The document's kind, when the caller wants the answer typed as its content (checked, not trusted). */
  kind?: DocumentKind<T>;
  /**
   * The document as the caller loaded it with `forUpdate` in this same transaction (a service that read
   * it to work out the patch): not loaded a second time. A large evaluation is 300 KiB of jsonb to
   * fetch and parse (bench/evaluation.ts).
   */
  locked?: StoredDocument<T>;
  /**
   * The document as the caller read it without a lock (no transaction: a save in one statement). The
   * write is guarded by the version read; when another save came first nothing is written and
   * `ConcurrentSave` is thrown. Only for kinds whose save is one statement: no referenced files (their
   * rows are a statement of their own) and parts that keep their places.
   */
  unlocked?: StoredDocument<T>;
  /**
   * The patch's bounds: core `PATCH_LIMITS` for a patch a request brings. `replaceDocument` works its patch
   * out itself from two documents it holds, each bounded already (the stored one by DOCUMENT_MAX_CHARS,
   * the new one by the request that brought it), so the diff needs no bound of its own: a framework's next
   * version (D56) changes thousands of places at once.
   */
  limits?: PatchLimits;
  /** The job queue, for kinds that react to a save (`saved`, e.g. notifications): required for them. */
  jobs?: JobQueue;
  /**
   * Files the caller vouches the writer may name although they may not read them now (D42): ids the server
   * itself copies from a source the writer is entitled to use (a trajectory's report-blueprint copy, D9;
   * a value's own past in a field they may read). Every other file the save adds is checked.
   */
  vouchedFiles?: readonly number[];
}

/**
 * The one write path of every document (DESIGN point 2): lock (or a version guard, `unlocked`) → version
 * check (409) → every pointer checked against the actor's writable paths (403) → applied (400 when it does
 * not apply) → the kind's schema (400 with field keys) → version + 1, one event row with the patch and its
 * inverse, the parts' rows and the kind's job in one statement, the referenced files recorded. Whatever is
 * refused, nothing is written. An empty change writes nothing and keeps the version. Returns the document
 * saved and the patch as stored.
 */
export async function patchDocument<T = JsonValue>(
  db: Db,
  typedRequest: PatchRequest<T>,
): Promise<StoredDocument<T> & { patch: PatchOperation[] }> {
  // Inside, documents are JSON; the answer is typed again as the kind's content (`asKind`).
  const request = typedRequest as unknown as PatchRequest;
  const answer = (document: StoredDocument, patch: PatchOperation[]) => ({
    ...(typedRequest.kind ? asKind(typedRequest.kind, document) : (document as unknown as StoredDocument<T>)),
    patch,
  });
  const { locked, unlocked } = request;
  const given = locked ?? unlocked;
  if (locked && unlocked) throw new Error('patchDocument: a document read locked or unlocked, not both');
  if (given && (given.id !== request.documentId || given.organisationId !== request.organisationId))
    throw new Error(`patchDocument: the document read is not document ${request.documentId}`);
  const current =
    given ?? (await loadDocument(db, request.organisationId, request.documentId, { forUpdate: true }));
  if (request.expectedVersion !== undefined && request.expectedVersion !== current.version)
    throw staleDocument(current.version);
  const kind = documentKind(current.kind);
  let applied: JsonValue;
  let patch: PatchOperation[];
  let inverse: PatchOperation[];
  try {
    assertPatchWritable(request.patch, request.permit.canWrite);
    ({ document: applied, inverse } = applyWithInverse(current.content, request.patch, request.limits));
    patch = [...request.patch];
  } catch (error) {
    if (!isPatchError(error)) throw error;
    if (error.code === 'notWritable') throw forbidden();
    if (error.code === 'tooLarge') throw patchTooLarge();
    throw badRequest('invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
  }
  // A change inside parts (an evaluation entry) is checked part by part: the rest is as stored, valid.
  const inParts =
    kind.parts && !kind.normalise ? partsTouched(kind.parts, current.content, patch) : undefined;
  const partsChecked = inParts && checkedParts(kind.parts!, applied, inParts.touched);
  const checked = partsChecked ?? checkedContent(kind, applied);
  const content = kind.settle && !partsChecked ? kind.settle(checked, current.content) : checked;
  if (!partsChecked && !jsonEqual(content, applied)) {
    // The schema or the normalisation changed what the patch produced: store what was kept.
    patch = diffJson(current.content, content);
    inverse = diffJson(content, current.content);
  }
  const unchanged = partsChecked
    ? [...inParts!.touched].every((pointer) =>
        jsonEqual(getAtPointer(current.content, pointer), getAtPointer(content, pointer)),
      )
    : jsonEqual(content, current.content);
  if (unchanged) return answer(current, []);
  // Files named anew are checked and recorded in statements of their own: such a save must hold the lock
  // (an evaluation entry with a photo); one that adds none (most entries) stays one statement.
  if (unlocked && kind.resources && addsFiles(kind.resources, current.content, content))
    throw new Error(`patchDocument: ${kind.name} records its files in statements of their own; lock it`);
  await refuseUnreadableFiles(
    db,
    kind,
    request,
    content,
    { content: current.content, permit: request.permit },
    request.vouchedFiles,
  );
  await kind.verify?.(db, current.organisationId, content, current.content);
  const version = current.version + 1;
  const written = kind.parts
    ? await planParts(
        db,
        kind.parts,
        current.id,
        current.content,
        content,
        current.partsRead ?? 'all',
        patch,
        current.partRows ?? new Set(),
        unlocked !== undefined,
        partsChecked ? inParts?.pointers : undefined,
      )
    : null;
  const stored = written ? written.skeleton : content;
  // An entry's save leaves the evaluation's tree as it is stored (its parts hold what changed).
  const tree = written && !written.skeletonChanged ? undefined : JSON.stringify(stored);
  if (tree !== undefined && tree.length > DOCUMENT_MAX_CHARS) throw patchTooLarge();
  const event = { organisationId: current.organisationId, documentId: current.id, version };
  const job = kind.saved?.(event);
  if (job && !request.jobs)
    throw new Error(`patchDocument: ${kind.name} reacts to saves; pass the job queue`);
  // One statement (one round trip) for the document, its event, its parts' rows and its job: the
  // sub-statements see one snapshot and touch different rows (an upserted part is never a deleted one).
  // Each writes only if the document's update did (`from saved`): its version guard refuses a save on a
  // version that is no longer the current one (never, under a lock; `unlocked`: another save came first).
  // Only the sub-statements a save needs: an entry's save deletes no part (a prepared statement's
  // generic plan would guess rows for an empty array and stay dearer than a custom one).
  const upserts = written?.upserts.length
    ? sql`,
      upserted as (
        insert into document_parts (document_id, pointer, content)
        select ${current.id}::int, p.pointer, p.content
        from jsonb_to_recordset(${JSON.stringify(written.upserts)}::jsonb) as p(pointer text, content jsonb)
        cross join saved
        on conflict (document_id, pointer) do update set content = excluded.content
        returning 1)`
    : sql``;
  const deletes = written?.deletes.length
    ? sql`,
      deleted as (
        delete from document_parts
        where document_id = ${current.id} and pointer = any(${written.deletes}::text[])
          and exists (select from saved)
        returning 1)`
    : sql``;
  const jobInsert = job
    ? sql`,
      job as (${coalescingJobInsert(job, { source: 'saved' })})`
    : sql``;
  const { rows } = await sql<{ updated_at: Date; job_id: number | null }>`
    with saved as (
      update documents set ${tree === undefined ? sql`` : sql`content = ${tree}::jsonb, `}version = ${version}, updated_at = now()
      where id = ${current.id} and version = ${current.version}
      returning updated_at),
    event as (
      insert into document_events (document_id, organisation_id, version, actor_id, patch, inverse)
      select ${current.id}::int, ${current.organisationId}::int, ${version}::int, ${request.actorId}::int,
        ${JSON.stringify(patch)}::jsonb, ${JSON.stringify(inverse)}::jsonb
      from saved
      returning version)${upserts}${deletes}${jobInsert}
    select updated_at, ${job ? sql`(select id from job)` : sql`null::int`} as job_id from saved ${prepared}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) {
    if (unlocked) throw new ConcurrentSave(current.id);
    throw new Error(`patchDocument: document ${current.id} vanished while locked`);
  }
  await syncResources(db, kind, current.id, content, {
    content: current.content,
    partial: (current.partsRead ?? 'all') !== 'all',
  });
  if (row.job_id !== null) request.jobs!.enqueued(row.job_id);
  const saved = {
    ...current,
    version,
    content,
    updatedAt: row.updated_at,
    ...(written ? { partRows: written.rows } : {}),
  };
  return answer(saved, patch);
}

/** A whole new content (a PUT): turned into a patch against the stored one, then saved like one. */
export async function replaceDocument<T = JsonValue>(
  db: Db,
  request: Omit<PatchRequest<T>, 'patch'> & { content: T },
): Promise<StoredDocument<T>> {
  const current = await loadDocument(db, request.organisationId, request.documentId);
  return patchDocument(db, {
    ...request,
    patch: diffJson(current.content, asJson(request.content)),
    limits: UNBOUNDED_PATCH,
  });
}

/**
 * A stored document as `kind`'s content: it must be a document of that kind (a programming error
 * otherwise). The engine stored only content that passed the kind's schema, so it is one.
 */
export function asKind<T>(kind: DocumentKind<T>, document: StoredDocument): StoredDocument<T> {
  if (document.kind !== kind.name)
    throw new Error(`Document ${document.id} is a ${document.kind}, not a ${kind.name}`);
  return document as unknown as StoredDocument<T>;
}

/**
 * A kind's content as JSON, for diffs and patches: every kind's content is JSON (its schema parsed it
 * from JSON); what its TypeScript type says (optional properties, `unknown` values) is only narrower.
 */
export function asJson(content: unknown): JsonValue {
  return content as JsonValue;
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
