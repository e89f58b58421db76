import {
  applyPatch,
  businessToday,
  diffJson,
  type Evaluation,
  isPatchError,
  type JsonValue,
  type PatchOperation,
  photoIdsOf,
  type Rater,
  zCompetenceProperties,
} from '@groeipad/core';
import type { Actor, MentorPrincipal, Principal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  asJson,
  asKind,
  ConcurrentSave,
  documentFromJson,
  loadDocument,
  patchDocument,
  type StoredDocument,
  staleDocument,
} from '../../engine/engine.ts';
import { badRequest, type FieldError, forbidden, zodFields } from '../../errors.ts';
import {
  addedEntryProblems,
  applyEntryEdits,
  type EntryEdit,
  type EntryWriter,
  entryEdits,
  entryPlace,
  isEntryPointer,
  tooDeepProblems,
  writersEdits,
} from './evaluation-edits.ts';
import { allows, loadGrant, loadMemberGrant, loadMentorGrant, type TrajectoryGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';

/**
 * A reader of the trajectory and of its evaluation (the policy: 403 noAccess without evaluation read,
 * spec part 1 §6), with the grant.
 */
export function authorizeEvaluationRead(ctx: AppContext, db: Db, actor: Actor, id: number) {
  return loadGrant(ctx, db, actor, id, 'readEvaluation');
}

export async function getEvaluation(ctx: AppContext, actor: Actor, id: number) {
  const { row } = await authorizeEvaluationRead(ctx, ctx.db, actor, id);
  const document = await loadDocument(ctx.db, actor.organisationId, row.evaluation_document_id, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  return { version: document.version, content: document.content };
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
    const { row, writer } = await authorizeEvaluationWrite(ctx, trx, actor, id, editDay);
    const current = await loadDocument(trx, actor.organisationId, row.evaluation_document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.evaluation,
    });
    // Before the diff: against a newer version it would read someone else's entries as deletions.
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw staleDocument(current.version);
    const deep = tooDeepProblems(submitted.criteria);
    if (deep.length > 0) throw badRequest('tooDeep', deep);
    const edits = entryEdits(current.content, asJson(submitted));
    if (edits === null) throw forbidden();
    const saved = await saveEntryEdits(ctx, trx, actor, writer, current, edits, editDay, 'locked');
    return { version: saved.version, content: saved.content };
  });
}

/**
 * The rater of the entries a grant's actor adds (issue 23): the first role they hold, in the access
 * document's order, that writes the evaluation; their display name (read with the grant, `actor_name`),
 * else their e-mail.
 */
export function raterOf(grant: TrajectoryGrant): Rater {
  const role = grant.roles.find((candidate) => candidate.evaluationRights.write) ?? grant.roles[0];
  const name = grant.row.actor_name?.trim();
  return { role: role?.name ?? '', email: grant.actor.email, name: name || grant.actor.email };
}

/**
 * A writer of the evaluation (the policy: 404 → 403 expiredTrajectory → 403 noAccess / forbidden), and a
 * valid edit day. With `evaluationParts` the row brings the evaluation too, unlocked (`documentFromJson`).
 * Given a principal, their membership is read in the same statement (`loadMemberGrant`); a mentor (issue 23)
 * acts on their link's trajectory with its role (`loadMentorGrant`). With the writer of the entries: the rater
 * they are stamped with (`raterOf`, from the same statement) and the policy's `agreeScore` (D55) and
 * `removeOthersEntries` (D54).
 */
export async function authorizeEvaluationWrite(
  ctx: AppContext,
  db: Db,
  who: Actor | Principal | MentorPrincipal,
  id: number,
  editDay: string | undefined,
  evaluationParts?: readonly string[],
) {
  const options = evaluationParts ? { evaluationParts } : {};
  const grant =
    'trajectoryId' in who
      ? await loadMentorGrant(ctx, db, who, 'writeEvaluation', options)
      : 'role' in who
        ? await loadGrant(ctx, db, who, id, 'writeEvaluation', options)
        : await loadMemberGrant(ctx, db, who, id, 'writeEvaluation', options);
  // The date picker offers no future day; the server holds the same line (business time zone, D4).
  if (editDay !== undefined && editDay > businessToday(ctx.config.businessTimeZone))
    throw badRequest('validationError', [{ path: 'editDate', key: 'invalidValue' }]);
  const writer: EntryWriter = {
    link: 'trajectoryId' in who ? who.linkId : null,
    rater: raterOf(grant),
    agrees: allows(grant, 'agreeScore'),
    removesOthers: allows(grant, 'removeOthersEntries'),
  };
  return { actor: grant.actor, row: grant.row, writer };
}

/**
 * The accepted edits applied to the evaluation as read (latestProperties, D4's date) and saved as one
 * event, each added entry stamped with the writer's rater (issue 23), an agreed mark kept only from a writer
 * who agrees scores (D55), another rater's entry deleted only by one who may (D54, else 403): `current` was read with its lock in this
 * transaction, or without one (the save is then one
 * statement guarded by its version, `ConcurrentSave` when another came first).
 */
export async function saveEntryEdits(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  writer: EntryWriter,
  current: StoredDocument<Evaluation>,
  submittedEdits: readonly EntryEdit[],
  editDay: string | undefined,
  read: 'locked' | 'unlocked',
) {
  const stored = current.content;
  const edits = writersEdits(stored, submittedEdits, writer);
  if (edits === null) throw forbidden();
  const problems = addedEntryProblems(edits, stored, new Date());
  if (problems.length > 0) throw badRequest('validationError', problems);
  const timeZone = ctx.config.businessTimeZone;
  const next = applyEntryEdits(
    stored,
    edits,
    (timestamp) => editDay ?? businessToday(timeZone, new Date(timestamp)),
    writer.rater,
  );
  return patchDocument(trx, {
    jobs: ctx.jobs,
    organisationId: actor.organisationId,
    documentId: current.id,
    actorId: actor.userId,
    mentorLinkId: writer.link,
    patch: diffJson(asJson(stored), asJson(next)),
    expectedVersion: current.version,
    kind: TRAJECTORY_KINDS.evaluation,
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
  principal: Principal | MentorPrincipal,
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
    // Whose `agreed` mark counts is the policy's (D55: `agreeScore`), judged by the save.
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
    const { actor, row, writer } = await authorizeEvaluationWrite(
      ctx,
      db,
      principal,
      id,
      editDay,
      read === 'unlocked' ? parts : undefined,
    );
    const current =
      read === 'unlocked'
        ? asKind(TRAJECTORY_KINDS.evaluation, documentFromJson(row.evaluation, parts))
        : await loadDocument(db, actor.organisationId, row.evaluation_document_id, {
            forUpdate: true,
            parts,
            kind: TRAJECTORY_KINDS.evaluation,
          });
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw staleDocument(current.version);
    if (beyondEntries) throw forbidden();
    if (problems.length > 0) throw badRequest('validationError', problems);
    let submitted: JsonValue;
    try {
      submitted = applyPatch(asJson(current.content), checked);
    } catch (error) {
      if (!isPatchError(error)) throw error;
      throw badRequest('invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
    }
    const edits = entryEdits(current.content, submitted);
    if (edits === null) throw forbidden();
    const saved = await saveEntryEdits(ctx, db, actor, writer, current, edits, editDay, read);
    return { version: saved.version, patch: saved.patch };
  };
  // An entry with photos (issue 23) names files: they are checked (D42) and recorded under the lock.
  const namesFiles = checked.some(
    (operation) =>
      operation.op === 'add' &&
      photoIdsOf((operation.value as { photos?: string } | null)?.photos).length > 0,
  );
  for (let attempt = 1; attempt <= (namesFiles ? 0 : UNLOCKED_TRIES); attempt++) {
    try {
      return await save(ctx.db, 'unlocked');
    } catch (error) {
      if (!(error instanceof ConcurrentSave)) throw error;
    }
  }
  return ctx.db.transaction().execute((trx) => save(trx, 'locked'));
}
