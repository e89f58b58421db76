import { PassThrough, type Readable } from 'node:stream';
import {
  businessToday,
  type CreateExtract,
  type ExtractAbilities,
  type ExtractBlueprintContent,
  type ExtractListEntry,
  extractFileName,
  zExtractBlueprintContent,
} from '@groeipad/core';
import { ZipArchive } from 'archiver';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { enqueueActionMail } from '../../jobs/mail.ts';
import { authorizeBlueprint } from '../blueprints/index.ts';
import { loadGrants } from '../trajectories/index.ts';
import { type ExtractAction, type ExtractGrant, extractPolicy } from './policy.ts';
import { renderExtract } from './render.ts';
import {
  type ExtractRow,
  findExtractRow,
  findExtractRowsByIds,
  listExtractRows,
  listShares,
  nonMembers,
} from './repository.ts';

/** What the reader may do with the extract, as the policy decides it, so the web renders from it. */
function abilitiesOf(grant: ExtractGrant): ExtractAbilities {
  return {
    share: extractPolicy.share(grant),
    readShares: extractPolicy.readShares(grant),
    archive: extractPolicy.archive(grant),
    retry: extractPolicy.retry(grant),
    delete: extractPolicy.delete(grant),
  };
}

/** The list entry; how many it is shared with only for a reader of its share list (D41). */
export function present(row: ExtractRow): ExtractListEntry {
  const abilities = abilitiesOf(row);
  return {
    id: row.id,
    name: row.name,
    trajectoryId: row.trajectory_id,
    trajectoryName: row.trajectory_name,
    created: row.created_at.toISOString(),
    status: row.status,
    state: row.state,
    progress: row.progress,
    fileName: extractFileName({ name: row.name, trajectoryName: row.trajectory_name }),
    mine: row.mine,
    users: abilities.readShares ? row.users : null,
    abilities,
  };
}

/** Queues the drawing of an extract's PDF in the caller's transaction and links the job to it. */
async function enqueueRender(ctx: AppContext, db: Db, extractId: number): Promise<void> {
  const jobId = await ctx.jobs.enqueue(db, renderExtract, { extractId });
  await db.updateTable('extracts').set({ job_id: jobId }).where('id', '=', extractId).execute();
}

/** Queues the mail that tells a sharee about an extract (D26), in their language (D28), with the share. */
async function enqueueShareMail(ctx: AppContext, db: Db, actor: Actor, row: ExtractRow, email: string) {
  const [sharee, sharer] = await Promise.all([
    db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', actor.userId)
      .executeTakeFirst(),
  ]);
  const name = [sharer?.first_name, sharer?.last_name].filter(Boolean).join(' ') || actor.email;
  await enqueueActionMail(ctx, db, {
    kind: 'extractShared',
    to: email,
    language: sharee?.language === 'en' ? 'en' : 'nl',
    link: `${ctx.config.publicUrl}/extracts`,
    values: { sharer: name, extract: row.name, trajectory: row.trajectory_name },
  });
}

export const userOf = (actor: Actor) => ({ id: actor.userId, email: actor.email });

/** Loads an extract the actor sees (else 404) for `action` (else 403). */
async function authorizeExtract(
  db: Db,
  actor: Actor,
  id: number,
  action: ExtractAction,
): Promise<ExtractRow> {
  const row = await findExtractRow(db, actor.organisationId, userOf(actor), id);
  if (!row) throw notFound();
  if (!extractPolicy[action](row)) throw forbidden();
  return row;
}

export async function listExtracts(
  ctx: AppContext,
  actor: Actor,
  query: { status: 'ACTIVE' | 'ARCHIVED'; search?: string | undefined; createdAfter?: string | undefined },
): Promise<ExtractListEntry[]> {
  const timeZone = ctx.config.businessTimeZone;
  if (query.createdAfter !== undefined && query.createdAfter > businessToday(timeZone))
    throw badRequest('validationError', [{ path: 'createdAfter', key: 'invalidValue' }]);
  const search = query.search?.trim();
  const rows = await listExtractRows(ctx.db, actor.organisationId, userOf(actor), {
    status: query.status,
    timeZone,
    ...(search ? { search } : {}),
    ...(query.createdAfter !== undefined ? { createdAfter: query.createdAfter } : {}),
  });
  return rows.map(present);
}

/**
 * POST /api/extracts (202): one extract per trajectory (D17), each queued in the same transaction as
 * its row, so a PDF job exists exactly when its extract does. The extract blueprint must be a live
 * EXTRACT blueprint the user may read (else 404); every trajectory must be live and carry METADATA for
 * the user (spec part 1 §6: the right that selects a row for an extract), else 404 for one they do not
 * see and 403 for one they see without METADATA, and nothing is made. The blueprint's settings are
 * copied (D36), so the PDF does not change with later edits of the blueprint.
 */
export async function createExtracts(
  ctx: AppContext,
  actor: Actor,
  input: CreateExtract,
): Promise<ExtractListEntry[]> {
  const trajectoryIds = [...new Set(input.trajectories.map(Number))];
  const language = await languageOf(ctx.db, actor.userId);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const blueprint = await authorizeBlueprint(ctx, trx, actor, Number(input.extract), 'readContent');
    if (blueprint.type !== 'EXTRACT' || blueprint.status !== 'LIVE') throw notFound();
    const content = (await loadDocument(trx, actor.organisationId, blueprint.document_id)).content;
    const settings = zExtractBlueprintContent.safeParse(content);
    if (!settings.success)
      throw badRequest('invalidDocumentContent', [{ path: 'extract', key: 'invalidValue' }]);

    // 404 for a trajectory the maker holds no role on, 403 without METADATA (the policy's `extract`).
    const trajectories = await loadGrants(ctx, trx, actor, trajectoryIds, 'extract');

    const byId = new Map(trajectories.map((t) => [t.id, t]));
    const created: number[] = [];
    for (const trajectoryId of trajectoryIds) {
      const trajectory = byId.get(trajectoryId);
      if (!trajectory) throw notFound();
      created.push(
        await queueExtract(ctx, trx, actor, {
          name: input.name,
          blueprintId: blueprint.id,
          settings: settings.data,
          trajectory,
          language,
        }),
      );
    }
    return created;
  });
  return (await findExtractRowsByIds(ctx.db, actor.organisationId, userOf(actor), ids)).map(present);
}

/**
 * One extract row of a trajectory with the blueprint's settings copied (D36; `blueprintId` null for the
 * built-in standard, issue 31), its PDF job queued in the same transaction (D17). Answers its id.
 */
export async function queueExtract(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  input: {
    name: string;
    blueprintId: number | null;
    settings: ExtractBlueprintContent;
    trajectory: { id: number; name: string };
    language: 'nl' | 'en';
  },
): Promise<number> {
  const row = await trx
    .insertInto('extracts')
    .values({
      organisation_id: actor.organisationId,
      name: input.name,
      blueprint_id: input.blueprintId,
      settings: JSON.stringify(input.settings),
      trajectory_id: input.trajectory.id,
      trajectory_name: input.trajectory.name,
      created_by: actor.userId,
      language: input.language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueRender(ctx, trx, row.id);
  return row.id;
}

export async function languageOf(db: Db, userId: number): Promise<'nl' | 'en'> {
  const user = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  // D28: the requesting user's language, Dutch by default.
  return user?.language === 'en' ? 'en' : 'nl';
}

/** PUT /api/extracts/{id}: archive or restore (D37), its maker only. */
export async function setExtractStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: 'ACTIVE' | 'ARCHIVED',
): Promise<ExtractListEntry> {
  await authorizeExtract(ctx.db, actor, id, 'archive');
  await ctx.db.updateTable('extracts').set({ status }).where('id', '=', id).execute();
  return present(await authorizeExtract(ctx.db, actor, id, 'read'));
}

/**
 * POST /api/extracts/{id}/retry (202): a FAILED extract's job gets a new round of attempts, or a new
 * job when housekeeping removed the old one (409 extractNotFailed in any other state).
 */
export async function retryExtract(ctx: AppContext, actor: Actor, id: number): Promise<ExtractListEntry> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeExtract(trx, actor, id, 'retry');
    if (row.state !== 'FAILED') throw conflict('extractNotFailed');
    const requeued = row.job_id !== null && (await ctx.jobs.requeue(trx, row.job_id));
    if (!requeued) await enqueueRender(ctx, trx, id);
  });
  return present(await authorizeExtract(ctx.db, actor, id, 'read'));
}

/** DELETE /api/extracts/{id}: the row, its shares and then its PDF; its maker only. */
export async function removeExtract(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await authorizeExtract(ctx.db, actor, id, 'delete');
  await ctx.db.deleteFrom('extracts').where('id', '=', id).execute();
  if (row.storage_key) await ctx.storage.remove(row.storage_key);
}

/**
 * GET /api/extracts/{id}/users: whom the extract is shared with, for its maker only; whoever it is
 * shared with sees it in their list and so gets 403, not 404 (D41: the PDF, not its share list).
 */
export async function getExtractUsers(ctx: AppContext, actor: Actor, id: number): Promise<string[]> {
  await authorizeExtract(ctx.db, actor, id, 'readShares');
  return listShares(ctx.db, id);
}

/**
 * POST /api/extracts/{id}/users: its maker shares with members of the organisation (D26, D37); a
 * recipient cannot share onward (403), since the PDF shows what the maker may read (D41). The addresses
 * arrive trimmed, lower-cased and free of duplicates (zShareExtract); one that is not a member refuses
 * the whole list (400 notAMember, nothing added). Each new sharee gets a mail, queued with the share.
 */
export async function shareExtract(
  ctx: AppContext,
  actor: Actor,
  id: number,
  emails: readonly string[],
): Promise<string[]> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeExtract(trx, actor, id, 'share');
    const outsiders = await nonMembers(trx, actor.organisationId, emails);
    if (outsiders.length > 0)
      throw badRequest(
        'validationError',
        outsiders.map((email) => ({ path: email, key: 'notAMember' })),
      );
    const existing = new Set(await listShares(trx, id));
    const added = emails.filter((email) => !existing.has(email) && email !== actor.email);
    if (added.length === 0) return;
    await trx
      .insertInto('extract_shares')
      .values(added.map((email) => ({ extract_id: id, email, shared_by: actor.userId })))
      .execute();
    for (const email of added) await enqueueShareMail(ctx, trx, actor, row, email);
  });
  return listShares(ctx.db, id);
}

/** GET /api/extracts/{id}/content: the PDF once READY (409 extractNotReady before). */
export async function readExtractContent(ctx: AppContext, actor: Actor, id: number) {
  const row = await authorizeExtract(ctx.db, actor, id, 'download');
  if (row.state !== 'READY' || !row.storage_key) throw conflict('extractNotReady');
  return {
    fileName: extractFileName({ name: row.name, trajectoryName: row.trajectory_name }),
    ...(await ctx.storage.open(row.storage_key)),
  };
}

/** Characters no file name in a zip may hold: folders and what Windows refuses. */
const UNSAFE_IN_NAMES = '/\\:*?"<>|';

/**
 * File names inside a zip (issue 21): each `<name>-<trajectory>.pdf` (D37) without path separators or
 * control characters (an entry may never name a folder, `..` included), at most 200 bytes before
 * `.pdf` (file systems stop at 255), and unique without regard to letter case (Windows and macOS): a
 * repeated name gets ` (2)`, ` (3)`….
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const safe = Array.from(raw.replace(/\.pdf$/i, ''), (char) =>
      (char.codePointAt(0) ?? 0) < 32 || char === '\u007f' || UNSAFE_IN_NAMES.includes(char) ? '_' : char,
    ).join('');
    let base = safe.replace(/^[.\s]+/, '').trim() || 'extract';
    while (Buffer.byteLength(base) > 200) base = Array.from(base).slice(0, -1).join('');
    let name = `${base}.pdf`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * GET /api/extracts/zip?ids=…: the PDFs of several extracts as one zip (issue 21). Every id is checked as
 * the single download checks it, and the whole call is refused before a byte is sent: one the user does
 * not see (another organisation's, deleted, unknown) 404 — never a zip that silently lacks a file —, one
 * not READY 409 extractNotReady, a stored file gone 404 fileMissing (each file is opened once to check, and
 * again, one at a time, while the zip is written). The zip is streamed; the PDFs are stored as they are
 * (already compressed).
 */
export async function zipExtracts(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
): Promise<{ fileName: string; stream: Readable }> {
  const rows = await findExtractRowsByIds(ctx.db, actor.organisationId, userOf(actor), ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((row) => row === undefined || !extractPolicy.download(row))) throw notFound();
  const ready = chosen as ExtractRow[];
  if (ready.some((row) => row.state !== 'READY' || !row.storage_key)) throw conflict('extractNotReady');
  const keys = ready.map((row) => row.storage_key as string);
  // Every file is there before the answer starts (open rejects with FileMissingError, 404 fileMissing).
  for (const key of keys) (await ctx.storage.open(key)).stream.destroy();
  const names = zipEntryNames(
    ready.map((row) => extractFileName({ name: row.name, trajectoryName: row.trajectory_name })),
  );
  const archive = new ZipArchive({ store: true });
  const out = new PassThrough();
  let current: Readable | null = null;
  let done = false;
  // The reader went away (or the zip failed): stop, and close the file being read.
  const stop = (error?: Error) => {
    if (done) return;
    done = true;
    archive.abort();
    current?.destroy();
    if (error) out.destroy(error);
  };
  archive.on('error', stop);
  out.on('close', () => stop());
  archive.pipe(out);
  const write = async () => {
    for (const [index, key] of keys.entries()) {
      if (done) return;
      const file = await ctx.storage.open(key);
      current = file.stream;
      if (done) return void file.stream.destroy();
      const added = new Promise<void>((resolve) => {
        const settle = () => {
          archive.off('entry', settle);
          out.off('close', settle);
          resolve();
        };
        archive.on('entry', settle);
        out.on('close', settle);
      });
      archive.append(file.stream, { name: names[index] as string });
      await added;
    }
    if (done) return;
    await archive.finalize();
    done = true;
  };
  write().catch((error: unknown) => {
    // A file removed in the moment since the check: the download breaks off rather than lack a file.
    ctx.logger.warn({ error }, 'zipping extracts broke off');
    stop(error instanceof Error ? error : new Error(String(error)));
  });
  const language = await languageOf(ctx.db, actor.userId);
  const day = businessToday(ctx.config.businessTimeZone);
  return {
    fileName: `${language === 'en' ? 'progress-reports' : 'voortgangsrapporten'}-${day}.zip`,
    stream: out,
  };
}
