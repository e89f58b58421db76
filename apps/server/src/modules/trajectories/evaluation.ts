import {
  businessToday,
  diffJson,
  type Evaluation,
  type EvaluationRights,
  effectiveRights,
  type JsonValue,
  type TrajectoryAccess,
  userRoles,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, patchDocument, staleDocument } from '../../engine/engine.ts';
import { badRequest, forbidden } from '../../errors.ts';
import {
  addedEntryProblems,
  applyEntryEdits,
  entryEdits,
  isEntryPointer,
  tooDeepProblems,
} from './evaluation-edits.ts';
import type { TrajectoryRow } from './repository.ts';
import { authorizeTrajectory } from './service.ts';

/** The actor's evaluation rights on a trajectory: from the roles they hold in its access document. */
export async function evaluationRightsOf(
  db: Db,
  actor: Actor,
  row: TrajectoryRow,
): Promise<EvaluationRights> {
  const access = await loadDocument(db, actor.organisationId, row.access_document_id);
  return effectiveRights(userRoles(access.content as unknown as TrajectoryAccess, actor.email)).evaluation;
}

/** Read is needed to see the evaluation (write implies it, spec part 1 §4 right dependencies). */
export function mayReadEvaluation(rights: EvaluationRights): boolean {
  return rights.read || rights.write;
}

/**
 * A reader of the trajectory and of its evaluation (spec part 1 §6: otherwise 403 noAccess for the
 * section), with the trajectory row.
 */
export async function authorizeEvaluationRead(ctx: AppContext, db: Db, actor: Actor, id: number) {
  const row = await authorizeTrajectory(ctx, db, actor, id, 'readEvaluation');
  if (!mayReadEvaluation(await evaluationRightsOf(db, actor, row))) throw forbidden('noAccess');
  return row;
}

export async function getEvaluation(ctx: AppContext, actor: Actor, id: number) {
  const row = await authorizeEvaluationRead(ctx, ctx.db, actor, id);
  const document = await loadDocument(ctx.db, actor.organisationId, row.evaluation_document_id);
  return { version: document.version, content: document.content as unknown as Evaluation };
}

/**
 * Saves the evaluation as the client now has it (D2): the stored one with the dated entries the
 * client added or deleted — anything else in the difference is refused whole (403). In order:
 * 404 (not theirs) → 403 expiredTrajectory (D12) → 403 noAccess / forbidden (evaluation rights) →
 * 409 staleDocument on a stale If-Match (D29) → 400 tooDeep (D3) → 403 for a change beyond entries
 * (D2) → 400 for a score outside the scale → one event through the engine.
 *
 * `editDay` (yyyy-MM-dd) is the date chosen in the editor; without it the business day (D4) of each
 * entry's own timestamp stands in.
 */
export async function saveEvaluation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  submitted: Evaluation,
  expectedVersion: number | undefined,
  editDay: string | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'writeEvaluation');
    const rights = await evaluationRightsOf(trx, actor, row);
    if (!mayReadEvaluation(rights)) throw forbidden('noAccess');
    if (!rights.write) throw forbidden();
    // The date picker offers no future day; the server holds the same line (business time zone, D4).
    if (editDay !== undefined && editDay > businessToday(ctx.config.businessTimeZone))
      throw badRequest('validationError', [{ path: 'editDate', key: 'invalidValue' }]);
    const current = await loadDocument(trx, actor.organisationId, row.evaluation_document_id, {
      forUpdate: true,
    });
    // Before the diff: against a newer version it would read someone else's entries as deletions.
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw staleDocument(current.version);
    const deep = tooDeepProblems(submitted.criteria);
    if (deep.length > 0) throw badRequest('tooDeep', deep);
    const stored = current.content as unknown as Evaluation;
    const edits = entryEdits(stored, submitted);
    if (edits === null) throw forbidden();
    const problems = addedEntryProblems(edits, stored, new Date());
    if (problems.length > 0) throw badRequest('validationError', problems);
    const timeZone = ctx.config.businessTimeZone;
    const next = applyEntryEdits(
      stored,
      edits,
      (timestamp) => editDay ?? businessToday(timeZone, new Date(timestamp)),
    );
    const saved = await patchDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: current.id,
      actorId: actor.userId,
      patch: diffJson(current.content, next as unknown as JsonValue),
      expectedVersion: current.version,
      permit: { visible: (content) => content, canWrite: isEntryPointer },
      locked: current,
    });
    return { version: saved.version, content: saved.content as unknown as Evaluation };
  });
}
