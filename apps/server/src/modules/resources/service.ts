import type { Readable } from 'node:stream';
import { type Resource, type ResourceUpload, UPLOAD_MAX_BYTES, UPLOAD_MAX_SIZE_LABEL } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { type FileWriter, registerFileCheck } from '../../engine/kinds.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { readableThroughTrajectory } from '../trajectories/index.ts';
import { verifiedMediaType } from './media.ts';
import {
  deleteResource,
  findResource,
  findResources,
  insertResource,
  listOwnResources,
  type ResourceRow,
  readableThroughDocument,
  setResourceContent,
} from './repository.ts';
import {
  hasThumbnail,
  makeThumbnail,
  openThumbnail,
  thumbnailKey,
  thumbnailType,
  tooManyPixels,
} from './thumbnails.ts';

function present(row: ResourceRow): Resource {
  return { id: row.id, name: row.name, mediaType: row.media_type, userRights: [] };
}

/**
 * Readable by whoever uploaded it, or may read a document of the same organisation that references
 * it (D19); anyone else gets 404, as if it did not exist.
 */
async function readableResource(ctx: AppContext, actor: Actor, id: number): Promise<ResourceRow> {
  const row = await findResource(ctx.db, actor.organisationId, id);
  if (!row || !(await mayReadResource(ctx.db, actor, row))) throw notFound();
  return row;
}

/** D19: the uploader, a reader of a blueprint that refers to it, or a reader of the form or report field that holds it. */
export async function mayReadResource(
  db: Db,
  actor: Reader,
  row: Pick<ResourceRow, 'id' | 'uploaded_by'>,
): Promise<boolean> {
  if (row.uploaded_by === actor.userId) return true;
  if (await readableThroughDocument(db, row.id, actor.email)) return true;
  return readableThroughTrajectory(db, actor.organisationId, actor.email, row.id);
}

type Reader = Pick<Actor, 'userId' | 'email' | 'organisationId'>;

const INT4_MAX = 2 ** 31 - 1;
const ENOUGH_REFUSED = 10;

/**
 * The engine's file check (D42): of the files a save adds, those its writer may not read now (D19) — an id
 * of another organisation, or of no file, among them; the first ten at most. Without a writer (a save no
 * user made) none is readable; through a mentor link, only the files uploaded through it (D54). Registered with the engine below, once, when this module is loaded with the
 * app's routes.
 */
export async function unreadableFiles(db: Db, writer: FileWriter, ids: readonly number[]): Promise<number[]> {
  if (writer.actorId === null) return [...ids];
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', writer.actorId)
    .executeTakeFirst();
  if (!user) return [...ids];
  const link = writer.mentorLinkId ?? null;
  const reader: Reader = { userId: writer.actorId, email: user.email, organisationId: writer.organisationId };
  // An id no resource row can have (a content schema may allow any integer) is no file: not looked up.
  const possible = ids.filter((id) => Number.isInteger(id) && id > 0 && id <= INT4_MAX);
  const rows = new Map(
    (possible.length > 0 ? await findResources(db, writer.organisationId, possible) : []).map(
      (row) => [row.id, row] as const,
    ),
  );
  const refused: number[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    // Through a mentor link only the link's own uploads (D54), never a file of the invitee's users row.
    const readable =
      row && (link !== null ? row.mentor_link_id === link : await mayReadResource(db, reader, row));
    if (!readable) refused.push(id);
    // A few are enough to refuse the save; a hostile content naming thousands costs no more.
    if (refused.length === ENOUGH_REFUSED) break;
  }
  return refused;
}

registerFileCheck(unreadableFiles);

/** Only the uploader changes or deletes a file (others who can read it get 403). */
async function ownResource(ctx: AppContext, actor: Actor, id: number): Promise<ResourceRow> {
  const row = await readableResource(ctx, actor, id);
  if (row.uploaded_by !== actor.userId) throw forbidden();
  return row;
}

export async function listResources(ctx: AppContext, actor: Actor): Promise<Resource[]> {
  return (await listOwnResources(ctx.db, actor.organisationId, actor.userId)).map(present);
}

/**
 * Who a new file belongs to: a user in their organisation, or a mentor link's invitee (issue 23), then with
 * the link it is uploaded through (D54: only that link's session reaches it).
 */
export type ResourceOwner = Pick<Actor, 'organisationId' | 'userId'> & { mentorLinkId?: number };

export async function createResource(
  ctx: AppContext,
  actor: ResourceOwner,
  input: ResourceUpload,
): Promise<Resource> {
  return present(
    await insertResource(ctx.db, {
      organisationId: actor.organisationId,
      name: input.name,
      mediaType: input.mediaType,
      uploadedBy: actor.userId,
      mentorLinkId: actor.mentorLinkId ?? null,
    }),
  );
}

export async function getResource(ctx: AppContext, actor: Actor, id: number): Promise<Resource> {
  return present(await readableResource(ctx, actor, id));
}

export const fileTooLarge = () =>
  new AppError(413, 'fileMaxSize', [{ path: 'file', key: 'fileMaxSize' }], {
    'x-max-size': UPLOAD_MAX_SIZE_LABEL,
  });

/**
 * Stores the uploaded content: streamed to a staging file (never held in memory), refused past
 * 10 MiB (413 fileMaxSize, counted while streaming), when the bytes are not the declared type
 * (400 unsupportedFileType) and an image past 50 megapixels (400 imageTooLarge); kept only when every check passed.
 */
export async function uploadResourceContent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  /** Opens the uploaded file, once the actor was found allowed (so a stranger gets 404 first). */
  openFile: () => Promise<Readable & { truncated?: boolean }>,
): Promise<Resource> {
  return storeResourceContent(ctx, await ownResource(ctx, actor, id), openFile);
}

/** D54: a file named by a saved document (an entry, a form, a report, a blueprint) keeps its content. */
const fileFrozen = () => conflict('fileFrozen');

/** Whether a saved document names the file (its `document_resources` row): its content is then frozen. */
async function namedByDocument(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('document_resources')
    .select('resource_id')
    .where('resource_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The upload of `uploadResourceContent` once its owner was found allowed (`row` is theirs). A file a saved
 * document names is frozen (D54: 409 fileFrozen; a new upload is a new file): asked before the bytes are
 * read, and again with the file's row locked while the new content is kept — a save naming the file meanwhile
 * (its `document_resources` row's key check locks the row to share) waits, or was first and is seen.
 */
export async function storeResourceContent(
  ctx: AppContext,
  row: ResourceRow,
  openFile: () => Promise<Readable & { truncated?: boolean }>,
): Promise<Resource> {
  if (await namedByDocument(ctx.db, row.id)) throw fileFrozen();
  const file = await openFile();
  let staged: Awaited<ReturnType<typeof ctx.storage.stage>>;
  try {
    staged = await ctx.storage.stage(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  try {
    if (file.truncated || staged.size > UPLOAD_MAX_BYTES) throw fileTooLarge();
    const mediaType = await verifiedMediaType(row.media_type, staged.head);
    if (!mediaType) throw badRequest('unsupportedFileType', [{ path: 'file', key: 'unsupportedFileType' }]);
    // A photo no thumbnail can be drawn from is refused now, not by every thumbnail later (issue 30).
    if (hasThumbnail(mediaType) && (await tooManyPixels(staged.path)))
      throw badRequest('imageTooLarge', [{ path: 'file', key: 'imageTooLarge' }]);
    const key = `resources/${row.organisation_id}/${row.id}`;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('resources').select('id').where('id', '=', row.id).forUpdate().execute();
      if (await namedByDocument(trx, row.id)) throw fileFrozen();
      await staged.keep(key);
      await setResourceContent(trx, row.id, { storageKey: key, size: staged.size, mediaType });
    });
    // The thumbnail now, so forms and lists never wait for it; a failure only postpones it to the
    // first request (openThumbnail), the upload stands.
    if (hasThumbnail(mediaType))
      await makeThumbnail(ctx, key, mediaType).catch((error: unknown) =>
        ctx.logger.warn({ err: error, resource: row.id }, 'thumbnail could not be made'),
      );
    return present({ ...row, media_type: mediaType });
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

export async function readResourceContent(ctx: AppContext, actor: Actor, id: number) {
  const row = await readableResource(ctx, actor, id);
  if (!row.storage_key) throw notFound();
  return { row, ...(await ctx.storage.open(row.storage_key)) };
}

/**
 * GET /api/resources/{id}/thumbnail: a 200 px version of an image (drawn on first request when missing);
 * the original for anything else. The same readers as the content (D19).
 */
export async function readResourceThumbnail(ctx: AppContext, actor: Actor, id: number) {
  return openResourceThumbnail(ctx, await readableResource(ctx, actor, id));
}

/** The thumbnail of a file its reader was found allowed to read (`readResourceThumbnail`, a mentor's photo). */
export async function openResourceThumbnail(ctx: AppContext, row: ResourceRow) {
  if (!row.storage_key) throw notFound();
  if (!hasThumbnail(row.media_type))
    return { row, mediaType: row.media_type, ...(await ctx.storage.open(row.storage_key)) };
  return {
    row,
    mediaType: thumbnailType(row.media_type),
    ...(await openThumbnail(ctx, row.storage_key, row.media_type)),
  };
}

export async function removeResource(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await ownResource(ctx, actor, id);
  await deleteResource(ctx.db, id);
  if (row.storage_key) {
    await ctx.storage.remove(row.storage_key);
    await ctx.storage.remove(thumbnailKey(row.storage_key));
  }
}
