import {
  applyPatch,
  type JsonValue,
  jsonEqual,
  type NotificationAction,
  type NotificationTarget,
  type PatchOperation,
  type TrajectoryAccess,
  UNBOUNDED_PATCH,
  zTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { loadDocument, parseJson, readDocumentVersion } from '../../engine/engine.ts';
import { type DocumentEventRef, documentKind } from '../../engine/kinds.ts';
import { type CoalescingJob, defineJob, type JobQueue } from '../../jobs/queue.ts';
import { trajectoryReads } from './readers.ts';
import { announce } from './streams.ts';

/**
 * Notifications from the engine's events (D27, D39). `notifyForEvents` turns accepted changes
 * (`document_events` rows) into notifications for every other user who may read what changed; it is
 * run by a job that the `saved` hook of the form, evaluation and report kinds asks for in the save's
 * own statement (`notifyJob` below) — it reads everything from the event row and the document's history
 * (`readDocumentVersion`), and an event it has handled already adds nothing.
 */

/** D27: repeated changes by the same person to the same target within this window update one notification. */
export const COALESCE_MINUTES = 10;

/** The part of a trajectory a document is. */
interface Part {
  organisationId: number;
  trajectoryId: number;
  accessDocumentId: number;
  target: NotificationTarget;
  /** The report's id (REPORT). */
  targetId: number | null;
  /** The report blueprint's name (REPORT): the key of the roles' reportRights. */
  reportBlueprint: string | null;
  /** The document's kind, which says what a reader sees of it (`DocumentKind.readers`). */
  kind: string;
}

/** The live trajectory part `documentId` belongs to, or null (a blueprint, an access list, a deleted trajectory). */
async function partOf(db: Db, organisationId: number, documentId: number): Promise<Part | null> {
  const trajectory = await db
    .selectFrom('trajectories as t')
    .innerJoin('documents as d', (join) => join.on('d.id', '=', documentId))
    .select(['t.id', 't.status', 't.access_document_id', 't.form_document_id', 'd.kind'])
    .where('t.organisation_id', '=', organisationId)
    .where((eb) =>
      eb.or([eb('t.form_document_id', '=', documentId), eb('t.evaluation_document_id', '=', documentId)]),
    )
    .modifyEnd(prepared)
    .executeTakeFirst();
  if (trajectory) {
    if (trajectory.status !== 'LIVE') return null;
    return {
      organisationId,
      trajectoryId: trajectory.id,
      accessDocumentId: trajectory.access_document_id,
      target: trajectory.form_document_id === documentId ? 'FORM' : 'EVALUATION',
      targetId: null,
      reportBlueprint: null,
      kind: trajectory.kind,
    };
  }
  const report = await db
    .selectFrom('reports as r')
    .innerJoin('trajectories as t', 't.id', 'r.trajectory_id')
    .innerJoin('documents as d', 'd.id', 'r.document_id')
    .select([
      'r.id',
      'r.blueprint_name',
      't.id as trajectory_id',
      't.status',
      't.access_document_id',
      'd.kind',
    ])
    .where('r.organisation_id', '=', organisationId)
    .where('r.document_id', '=', documentId)
    .executeTakeFirst();
  if (report?.status !== 'LIVE') return null;
  return {
    organisationId,
    trajectoryId: report.trajectory_id,
    accessDocumentId: report.access_document_id,
    target: 'REPORT',
    targetId: report.id,
    reportBlueprint: report.blueprint_name,
    kind: report.kind,
  };
}

/**
 * What one reader sees of a version of the part, as its kind declares it (`DocumentKind.readers`: the
 * form and a report without what the reader may not read, the evaluation whole or null). D39: a reader
 * is notified only when this differs before and after the change, so a change to a field they cannot see
 * never reaches them.
 */
/** A recipient as a kind judges them: their address in the trajectory's access document. */
interface Reader {
  access: TrajectoryAccess;
  email: string;
}

function seenBy(part: Part, reader: Reader, content: JsonValue | null): unknown {
  if (content === null) return null;
  return kindReaders(part).seenBy(content, { ...reader, reportBlueprint: part.reportBlueprint });
}

function kindReaders(part: Part) {
  const readers = documentKind(part.kind).readers;
  if (!readers) throw new Error(`Document kind ${part.kind} declares no readers: it cannot be notified`);
  return readers;
}

/**
 * The trajectory's access document, read through its contract's schema: this module knows no trajectory
 * kind (the trajectories module sits above it), so the content is parsed rather than taken as typed.
 */
async function accessOf(db: Db, part: Part): Promise<TrajectoryAccess> {
  return zTrajectoryAccess.parse(
    (await loadDocument(db, part.organisationId, part.accessDocumentId)).content,
  );
}

/** The other members of the organisation who read the trajectory (the grant's answer, readers.ts), with their e-mail. */
async function readersOf(db: Db, part: Part, actorId: number | null) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.organisation_id', '=', part.organisationId),
    )
    .select(['u.id', 'u.email'])
    .where('u.email', 'in', trajectoryReads().readers(db, part.organisationId, part.trajectoryId));
  if (actorId !== null) query = query.where('u.id', '!=', actorId);
  return query.orderBy('u.id').modifyEnd(prepared).execute();
}

/**
 * Adds or updates one recipient's notification (D27, D39): the unread one of the same actor for the
 * same target from the last 10 minutes takes the change (its `created` moves to the change's time; a
 * CREATE stays a CREATE, a DELETE wins), otherwise a new one. An event already covered adds nothing.
 */
async function record(
  db: Db,
  input: {
    part: Part;
    userId: number;
    actorId: number | null;
    action: NotificationAction;
    at: Date;
    documentId: number | null;
    version: number | null;
  },
): Promise<void> {
  const { part } = input;
  const existing = await db
    .selectFrom('notifications')
    .select(['id', 'action', 'document_id', 'version', 'created_at'])
    .where('user_id', '=', input.userId)
    .where('organisation_id', '=', part.organisationId)
    .where('trajectory_id', '=', part.trajectoryId)
    .where('target', '=', part.target)
    .where(sql<boolean>`target_id is not distinct from ${part.targetId}`)
    .where(sql<boolean>`actor_id is not distinct from ${input.actorId}`)
    .where('read', '=', false)
    .where('created_at', '>', new Date(input.at.getTime() - COALESCE_MINUTES * 60_000))
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    if (
      input.version !== null &&
      existing.document_id === input.documentId &&
      existing.version !== null &&
      existing.version >= input.version
    )
      return;
    const action = existing.action === 'CREATE' && input.action === 'UPDATE' ? 'CREATE' : input.action;
    await db
      .updateTable('notifications')
      .set({
        action,
        document_id: input.documentId,
        version: input.version,
        created_at: input.at > existing.created_at ? input.at : existing.created_at,
      })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  if (input.version !== null) {
    // The event handled before and read since (a retried job): nothing new to say.
    const covered = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('document_id', '=', input.documentId)
      .where('version', '>=', input.version)
      .where(sql<boolean>`actor_id is not distinct from ${input.actorId}`)
      .executeTakeFirst();
    if (covered) return;
  }
  await db
    .insertInto('notifications')
    .values({
      organisation_id: part.organisationId,
      user_id: input.userId,
      actor_id: input.actorId,
      trajectory_id: part.trajectoryId,
      target: part.target,
      target_id: part.targetId,
      action: input.action,
      document_id: input.documentId,
      version: input.version,
      created_at: input.at,
    })
    .execute();
}

/**
 * The notifications of the accepted changes of a document from `ref.version` on (D27, D39): for each, in
 * order, every other member who reads the trajectory and sees a difference in the part (a change to a
 * field they cannot read is none). Version 1 of a report is its creation (CREATE); later versions are
 * UPDATEs. One job catches up on every change saved while it waited (`notifyOnSave` coalesces), so the
 * part, the access list and the readers are read once; an event handled before adds nothing (`record`).
 * Returns the users notified; their open streams are told to count again once the change is committed.
 */
export async function notifyForEvents(db: Db, ref: DocumentEventRef): Promise<number[]> {
  const events = await db
    .selectFrom('document_events')
    .select(['version', 'actor_id', 'created_at', 'patch', 'inverse'])
    .where('document_id', '=', ref.documentId)
    .where('organisation_id', '=', ref.organisationId)
    .where('version', '>=', ref.version)
    .orderBy('version')
    .modifyEnd(prepared)
    .execute();
  if (events.length === 0) return [];
  const part = await partOf(db, ref.organisationId, ref.documentId);
  if (!part) return [];
  // A kind seen whole or not at all (the evaluation), whose engine event is always a change: every reader
  // of it sees each one, so its versions (a document that grows with its entries) need not be rebuilt to
  // compare. A form's or report's first version here is rebuilt from the history once; each later one is
  // the one before with that event's patch.
  const whole = kindReaders(part).whole === true;
  const first = events[0]!;
  let after = whole
    ? null
    : (await readDocumentVersion(db, ref.organisationId, ref.documentId, first.version)).content;
  let before =
    after === null || first.version === 1
      ? null
      : applyPatch(after, parseJson<PatchOperation[]>(first.inverse) ?? [], UNBOUNDED_PATCH);
  const access = await accessOf(db, part);
  const readers = (await readersOf(db, part, null)).map((reader) => ({ ...reader, access }));
  const notified = new Set<number>();
  for (const [index, event] of events.entries()) {
    if (index > 0 && after !== null) {
      before = after;
      after = applyPatch(after, parseJson<PatchOperation[]>(event.patch) ?? [], UNBOUNDED_PATCH);
    }
    for (const reader of readers) {
      if (reader.id === event.actor_id) continue;
      if (whole) {
        if (seenBy(part, reader, {}) === null) continue;
      } else {
        const now = seenBy(part, reader, after);
        if (now === null) continue;
        if (before !== null && jsonEqual(seenBy(part, reader, before) as JsonValue, now as JsonValue))
          continue;
      }
      await record(db, {
        part,
        userId: reader.id,
        actorId: event.actor_id,
        action: event.version === 1 ? 'CREATE' : 'UPDATE',
        at: event.created_at,
        documentId: ref.documentId,
        version: event.version,
      });
      notified.add(reader.id);
    }
  }
  return [...notified];
}

/**
 * A report deleted for good (DELETE): its readers are notified while the report still stands (call it
 * before deleting). No event remains to refer to, so this runs in the deleting transaction.
 */
export async function notifyReportDeleted(
  db: Db,
  input: { organisationId: number; reportId: number; actorId: number },
): Promise<number[]> {
  const report = await db
    .selectFrom('reports')
    .select(['document_id'])
    .where('organisation_id', '=', input.organisationId)
    .where('id', '=', input.reportId)
    .executeTakeFirst();
  if (!report) return [];
  const part = await partOf(db, input.organisationId, report.document_id);
  if (!part) return [];
  const access = await accessOf(db, part);
  const content = (await loadDocument(db, input.organisationId, report.document_id)).content;
  const notified: number[] = [];
  const at = new Date();
  for (const reader of await readersOf(db, part, input.actorId)) {
    if (seenBy(part, { access, email: reader.email }, content) === null) continue;
    await record(db, {
      part,
      userId: reader.id,
      actorId: input.actorId,
      action: 'DELETE',
      at,
      documentId: null,
      version: null,
    });
    notified.push(reader.id);
  }
  announce(notified, null);
  return notified;
}

/**
 * The notifications of accepted changes, made by a job (issue 10: notifications go through the queue):
 * the save only enqueues the event's reference in its own transaction, so it commits with the change and
 * costs the save one insert; the job reads the events and the versions on either side of each. Saves of
 * one document while its job waits join that job (coalescing, issue 9's bench): under load a job catches
 * up on many changes instead of each change paying for a claim, a transaction and the same reads again.
 * Its writes commit with the job's completion (exactly once); the open streams of those notified are
 * told afterwards, when the new notifications are there to count.
 */
export const notifyJob = defineJob<DocumentEventRef>('notifications.event', {
  maxAttempts: 10,
  leaseSeconds: 45,
  backoff: { baseMs: 2_000, maxMs: 5 * 60_000 },
  concurrency: 2,
  // Notifications are derived from the durable event and recorded idempotently (`record`): a crash that
  // loses a finished job's commit runs it again with the same result; the saves need not wait for it.
  asyncCommit: true,
});

/**
 * The job that tells the readers of a document's change from `event` on: one per document while it waits
 * (coalescing). The `saved` hook of the form, evaluation and report kinds (engine/kinds.ts; the engine
 * writes it in the save's statement).
 */
export function notifyJobFor(event: DocumentEventRef): CoalescingJob<DocumentEventRef> {
  return { definition: notifyJob, payload: event, coalesce: `${event.organisationId}:${event.documentId}` };
}

/** Enqueues `notifyJobFor(event)` in the caller's transaction (a change the engine did not save: a new report). */
export async function notifyOnSave(db: Db, event: DocumentEventRef, jobs: JobQueue): Promise<void> {
  const job = notifyJobFor(event);
  await jobs.enqueue(db, job.definition, job.payload, { coalesce: job.coalesce });
}

export function registerNotificationJobs(ctx: Pick<AppContext, 'jobs'>): void {
  ctx.jobs.handle(notifyJob, async (job) => {
    const notified = await job.finish((trx) => notifyForEvents(trx, job.payload));
    announce(notified, null);
  });
}
