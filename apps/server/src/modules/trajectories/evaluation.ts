import {
  applyPatch,
  businessToday,
  diffJson,
  type Evaluation,
  type EvaluationRights,
  effectiveRights,
  isPatchError,
  type JsonValue,
  type PatchOperation,
  type TrajectoryAccess,
  userRoles,
  zCompetenceProperties,
} from '@groeipad/core';
import type { Actor, Principal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  ConcurrentSave,
  documentFromJson,
  loadDocument,
  parseJson,
  patchDocument,
  type StoredDocument,
  staleDocument,
} from '../../engine/engine.ts';
import { badRequest, type FieldError, forbidden, zodFields } from '../../errors.ts';
import {
  addedEntryProblems,
  applyEntryEdits,
  type EntryEdit,
  entryEdits,
  entryPlace,
  isEntryPointer,
  tooDeepProblems,
} from './evaluation-edits.ts';
import type { TrajectoryRow } from './repository.ts';
import { authorizeMemberTrajectory, authorizeTrajectory } from './service.ts';

/** The actor's evaluation rights on a trajectory: from the roles they hold in its access document. */
export async function evaluationRightsOf(
  db: Db,
  actor: Actor,
  row: TrajectoryRow & { access_content?: unknown },
): Promise<EvaluationRights> {
  // The access document came with the row (`authorizeTrajectory(…, { withAccess: true })`) or is read now.
  const access =
    row.access_content != null
      ? parseJson<TrajectoryAccess>(row.access_content)
      : ((await loadDocument(db, actor.organisationId, row.access_document_id))
          .content as unknown as TrajectoryAccess);
  return effectiveRights(userRoles(access, actor.email)).evaluation;
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
  const row = await authorizeTrajectory(ctx, db, actor, id, 'readEvaluation', { withAccess: true });
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
    const { row } = await authorizeEvaluationWrite(ctx, trx, actor, id, editDay);
    const current = await loadDocument(trx, actor.organisationId, row.evaluation_document_id, {
      forUpdate: true,
    });
    // Before the diff: against a newer version it would read someone else's entries as deletions.
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw staleDocument(current.version);
    const deep = tooDeepProblems(submitted.criteria);
    if (deep.length > 0) throw badRequest('tooDeep', deep);
    const edits = entryEdits(current.content as unknown as Evaluation, submitted);
    if (edits === null) throw forbidden();
    const saved = await saveEntryEdits(ctx, trx, actor, current, edits, editDay, 'locked');
    return { version: saved.version, content: saved.content as unknown as Evaluation };
  });
}

/**
 * A writer of the evaluation (404 → 403 expiredTrajectory → 403 noAccess / forbidden), and a valid edit
 * day. With `evaluationParts` the row brings the evaluation too, unlocked (`documentFromJson`). Given a
 * principal, their membership is read in the same statement (`authorizeMemberTrajectory`).
 */
export async function authorizeEvaluationWrite(
  ctx: AppContext,
  db: Db,
  who: Actor | Principal,
  id: number,
  editDay: string | undefined,
  evaluationParts?: readonly string[],
) {
  const options = evaluationParts ? { evaluationParts } : {};
  const { actor, row } =
    'role' in who
      ? {
          actor: who,
          row: await authorizeTrajectory(ctx, db, who, id, 'writeEvaluation', {
            withAccess: true,
            ...options,
          }),
        }
      : await authorizeMemberTrajectory(ctx, db, who, id, 'writeEvaluation', options);
  const rights = await evaluationRightsOf(db, actor, row);
  if (!mayReadEvaluation(rights)) throw forbidden('noAccess');
  if (!rights.write) throw forbidden();
  // The date picker offers no future day; the server holds the same line (business time zone, D4).
  if (editDay !== undefined && editDay > businessToday(ctx.config.businessTimeZone))
    throw badRequest('validationError', [{ path: 'editDate', key: 'invalidValue' }]);
  return { actor, row };
}

/**
 * The accepted edits applied to the evaluation as read (latestProperties, D4's date) and saved as one
 * event: `current` was read with its lock in this transaction, or without one (the save is then one
 * statement guarded by its version, `ConcurrentSave` when another came first).
 */
export async function saveEntryEdits(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  current: StoredDocument,
  edits: readonly EntryEdit[],
  editDay: string | undefined,
  read: 'locked' | 'unlocked',
) {
  const stored = current.content as unknown as Evaluation;
  const problems = addedEntryProblems(edits, stored, new Date());
  if (problems.length > 0) throw badRequest('validationError', problems);
  const timeZone = ctx.config.businessTimeZone;
  const next = applyEntryEdits(
    stored,
    edits,
    (timestamp) => editDay ?? businessToday(timeZone, new Date(timestamp)),
  );
  return patchDocument(trx, {
    jobs: ctx.jobs,
    organisationId: actor.organisationId,
    documentId: current.id,
    actorId: actor.userId,
    patch: diffJson(current.content, next as unknown as JsonValue),
    expectedVersion: current.version,
    permit: { visible: (content) => content, canWrite: isEntryPointer },
    [read]: current,
  });
}

/** `…/latestProperties` beside a competence's `…/properties`: the part the save of an entry also changes. */
function latestPlace(place: string): string {
  return `${place.slice(0, place.lastIndexOf('/'))}/latestProperties`;
}

/** Saves of one evaluation's entries without a lock before one takes it (when others keep coming first). */
const UNLOCKED_TRIES = 3;

/**
 * Adds and deletes dated entries given as a JSON Patch (the web app's save): the same rules as the PUT
 * (D2, D3, D4, D12, D29), but only the touched competences' entries are read and written (the other
 * entries stay in their `document_parts` rows), so the save costs the same at 10 and at 1,000 entries.
 * No transaction: the membership, the trajectory with its rights and the evaluation are read in one
 * statement and the save is one statement guarded by the version read (the document, its event, the parts'
 * rows and the notification job): two statements in all (bench/README.md). When another save came
 * first it is all done again on the new version (with If-Match, that is a 409); after `UNLOCKED_TRIES` it
 * takes the evaluation's lock. Answers the new version and the patch as stored.
 */
export async function patchEvaluation(
  ctx: AppContext,
  principal: Principal,
  id: number,
  operations: readonly PatchOperation[],
  expectedVersion: number | undefined,
  editDay: string | undefined,
): Promise<{ version: number; patch: PatchOperation[] }> {
  const places = new Set<string>();
  const problems: FieldError[] = [];
  let beyondEntries = false;
  const checked = operations.map((operation, index): PatchOperation => {
    const place = entryPlace(operation.path);
    // D2: only entries are added or deleted; anything else (the tree, names, latestProperties) is refused.
    if (place === null || (operation.op !== 'add' && operation.op !== 'remove')) {
      beyondEntries = true;
      return operation;
    }
    places.add(place);
    if (operation.op === 'remove') return operation;
    const entry = zCompetenceProperties.safeParse(operation.value);
    if (entry.success) return { ...operation, value: entry.data as JsonValue };
    for (const problem of zodFields(entry.error.issues))
      problems.push({ ...problem, path: [String(index), 'value', problem.path].filter(Boolean).join('.') });
    return operation;
  });
  const save = async (db: Db, read: 'locked' | 'unlocked') => {
    // Whose evaluation it is comes first: another organisation's trajectory is 404 whatever the patch.
    // Unlocked, the evaluation comes with the trajectory and its rights (one statement); locked, after.
    // Each touched competence's entries and its latest properties, which the save recomputes.
    const parts = [...places].flatMap((place) => [place, latestPlace(place)]);
    const { actor, row } = await authorizeEvaluationWrite(
      ctx,
      db,
      principal,
      id,
      editDay,
      read === 'unlocked' ? parts : undefined,
    );
    const current =
      read === 'unlocked'
        ? documentFromJson(row.evaluation, parts)
        : await loadDocument(db, actor.organisationId, row.evaluation_document_id, {
            forUpdate: true,
            parts,
          });
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw staleDocument(current.version);
    if (beyondEntries) throw forbidden();
    if (problems.length > 0) throw badRequest('validationError', problems);
    let submitted: JsonValue;
    try {
      submitted = applyPatch(current.content, checked);
    } catch (error) {
      if (!isPatchError(error)) throw error;
      throw badRequest('invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
    }
    const edits = entryEdits(current.content as unknown as Evaluation, submitted as unknown as Evaluation);
    if (edits === null) throw forbidden();
    const saved = await saveEntryEdits(ctx, db, actor, current, edits, editDay, read);
    return { version: saved.version, patch: saved.patch };
  };
  for (let attempt = 1; attempt <= UNLOCKED_TRIES; attempt++) {
    try {
      return await save(ctx.db, 'unlocked');
    } catch (error) {
      if (!(error instanceof ConcurrentSave)) throw error;
    }
  }
  return ctx.db.transaction().execute((trx) => save(trx, 'locked'));
}
