import {
  applyPatch,
  businessToday,
  type CompetenceProperties,
  canWritePath,
  canWriteReport,
  type EntryRestore,
  type Evaluation,
  type EvaluationHistoryPage,
  effectiveRights,
  type Field,
  type FieldChange,
  type FieldHistoryPage,
  type FieldRestore,
  formWritablePaths,
  type HistoryPerson,
  informationFieldAccess,
  type JsonValue,
  jsonEqual,
  type PatchOperation,
  type RestoreAnswer,
  reportFieldAccess,
  reportWritablePaths,
  type TrajectoryAccess,
  type TrajectoryRole,
  userRoles,
  type WritablePaths,
  type zHistoryQuery,
} from '@groeipad/core';
import type { z } from 'zod';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  type DocumentEvent,
  documentEvents,
  loadDocument,
  patchDocument,
  readDocumentVersion,
  type StoredDocument,
  staleDocument,
} from '../../engine/engine.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { authorizeEvaluationRead, authorizeEvaluationWrite, saveEntryEdits } from './evaluation.ts';
import type { FormContent } from './files.ts';
import {
  competenceIndexes,
  competencesByUuid,
  entryChanges,
  type FieldDocumentShape,
  type FieldIndex,
  FORM_SHAPE,
  fieldChanges,
  fieldIndex,
  fieldIndexCache,
  fileIdsOf,
  REPORT_SHAPE,
} from './history-changes.ts';
import { touchReport } from './report-repository.ts';
import { type ReportContent, readableReport } from './reports.ts';
import type { TrajectoryRow } from './repository.ts';
import { authorizeTrajectory } from './service.ts';

/**
 * Change history with restore (issue 9 "Beyond the spec"): the engine's events of the form, a report or
 * the evaluation, read back as changes the reader may see, and a value put back as one ordinary save.
 *
 * Reading: every save of the document, newest first, with its content before and after (rebuilt from the
 * current content and the inverses, as readDocumentVersion does). A save is listed with only the changes
 * the reader may read now; one with none is not listed. Restoring goes through the same policy, rights
 * and engine checks as the section's own save (D1, D2, D12, D29).
 */

export type HistoryFilter = z.output<typeof zHistoryQuery>;

interface Step {
  event: DocumentEvent;
  before: JsonValue;
  after: JsonValue;
}

/** The document's saves, newest first, each with the content before and after it. */
async function documentSteps(db: Db, organisationId: number, documentId: number) {
  const current = await loadDocument(db, organisationId, documentId);
  const events = await documentEvents(db, organisationId, documentId);
  const steps: Step[] = [];
  let after = current.content;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    // A save that landed between the two reads is not part of the content just read.
    if (event.version > current.version) continue;
    const before = event.inverse.length === 0 ? after : applyPatch(after, event.inverse);
    steps.push({ event, before, after });
    after = before;
  }
  return { current, steps };
}

async function rolesOf(db: Db, actor: Actor, row: TrajectoryRow): Promise<TrajectoryRole[]> {
  const access = await loadDocument(db, actor.organisationId, row.access_document_id);
  return userRoles(access.content as unknown as TrajectoryAccess, actor.email);
}

/** Names and e-mails of the users who saved; an id without a user is left out (shown as unknown). */
async function peopleById(db: Db, ids: readonly number[]): Promise<Map<number, HistoryPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => {
      const name = [row.first_name, row.last_name]
        .filter((part) => part?.trim())
        .join(' ')
        .trim();
      return [row.id, { id: row.id, name: name || null, email: row.email }];
    }),
  );
}

interface Listed<C> {
  step: Step;
  changes: C[];
}

/**
 * The filters (person, business-day range, D4) and the page over the listed saves, with who saved what.
 * `from` after `to` is refused rather than answered with nothing.
 */
async function page<C>(ctx: AppContext, listed: readonly Listed<C>[], filter: HistoryFilter) {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
    throw badRequest('validationError', [{ path: 'to', key: 'invalidValue' }]);
  const timeZone = ctx.config.businessTimeZone;
  const matching = listed.filter(({ step }) => {
    if (filter.person !== undefined && step.event.actorId !== filter.person) return false;
    if (filter.from === undefined && filter.to === undefined) return true;
    const day = businessToday(timeZone, step.event.at);
    return (filter.from === undefined || day >= filter.from) && (filter.to === undefined || day <= filter.to);
  });
  const shown = matching.slice(filter.page * filter.size, (filter.page + 1) * filter.size);
  const actors = listed.flatMap(({ step }) => (step.event.actorId === null ? [] : [step.event.actorId]));
  const people = await peopleById(ctx.db, actors);
  const everyone = [...people.values()].sort(
    (a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email, 'nl') || a.id - b.id,
  );
  return {
    total: matching.length,
    people: everyone,
    content: shown.map(({ step, changes }) => ({
      version: step.event.version,
      at: step.event.at.toISOString(),
      who: step.event.actorId === null ? null : (people.get(step.event.actorId) ?? null),
      changes,
    })),
  };
}

/** The names of the files the listed values refer to (their own organisation's only). */
async function filesOf(db: Db, organisationId: number, changes: readonly FieldChange[]) {
  const ids = [
    ...new Set(
      changes.flatMap((change) => [
        ...fileIdsOf(change.field, change.before),
        ...fileIdsOf(change.field, change.after),
      ]),
    ),
  ];
  if (ids.length === 0) return [];
  return db
    .selectFrom('resources')
    .select(['id', 'name'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The field history of a form or report document, for a reader whose field access `accessOf` gives. */
async function fieldHistory(
  ctx: AppContext,
  actor: Actor,
  documentId: number,
  shape: FieldDocumentShape,
  accessOf: (fields: readonly Field[]) => FieldIndex,
  filter: HistoryFilter,
): Promise<FieldHistoryPage> {
  const { current, steps } = await documentSteps(ctx.db, actor.organisationId, documentId);
  const indexOf = fieldIndexCache(accessOf);
  const now = { index: indexOf(shape.tree(current.content)), values: shape.values(current.content) };
  const listed: Listed<FieldChange>[] = [];
  for (const step of steps) {
    const changes = fieldChanges(shape, step.before, step.after, now, indexOf);
    if (changes.length > 0) listed.push({ step, changes });
  }
  const result = await page(ctx, listed, filter);
  const files = await filesOf(
    ctx.db,
    actor.organisationId,
    result.content.flatMap((entry) => entry.changes),
  );
  return { version: current.version, ...result, files };
}

/** GET …/form/history: the form's value changes the reader may read (D18, D33). */
export async function formHistory(ctx: AppContext, actor: Actor, id: number, filter: HistoryFilter) {
  const row = await authorizeTrajectory(ctx, ctx.db, actor, id, 'read');
  const roles = await rolesOf(ctx.db, actor, row);
  return fieldHistory(
    ctx,
    actor,
    row.form_document_id,
    FORM_SHAPE,
    (fields) => fieldIndex(fields, informationFieldAccess(fields, roles)),
    filter,
  );
}

/** GET …/reports/{reportId}/history: the report's value changes the reader may read (D15, spec §6). */
export async function reportHistory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reportId: number,
  filter: HistoryFilter,
) {
  const row = await authorizeTrajectory(ctx, ctx.db, actor, id, 'readReports');
  const roles = await rolesOf(ctx.db, actor, row);
  const report = await readableReport(ctx.db, actor, row, reportId, effectiveRights(roles));
  return fieldHistory(
    ctx,
    actor,
    report.document_id,
    REPORT_SHAPE,
    (fields) => fieldIndex(fields, reportFieldAccess(fields, roles, report.blueprint_name)),
    filter,
  );
}

/** GET …/evaluations/history: the dated entries added and deleted (D2); evaluation read, else noAccess. */
export async function evaluationHistory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  filter: HistoryFilter,
): Promise<EvaluationHistoryPage> {
  const row = await authorizeEvaluationRead(ctx, ctx.db, actor, id);
  const { current, steps } = await documentSteps(ctx.db, actor.organisationId, row.evaluation_document_id);
  const listed: Listed<ReturnType<typeof entryChanges>[number]>[] = [];
  for (const step of steps) {
    const changes = entryChanges(step.before, step.after);
    if (changes.length > 0) listed.push({ step, changes });
  }
  return { version: current.version, ...(await page(ctx, listed, filter)) };
}

/** 409 before anything else is judged when the client's version is not the stored one (D29). */
function checkVersions(current: StoredDocument, expected: number | undefined, asked: number): void {
  if (expected !== undefined && expected !== current.version) throw staleDocument(current.version);
  if (asked > current.version)
    throw badRequest('validationError', [{ path: 'version', key: 'invalidValue' }]);
}

/** The one-operation patch that sets `/values/{uuid}` to `value` (null or absent: no value). */
function valuePatch(
  values: Readonly<Record<string, unknown>>,
  uuid: string,
  value: unknown,
): PatchOperation[] {
  const path = `/values/${uuid.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const has = Object.hasOwn(values, uuid);
  if (value === undefined || value === null) return has ? [{ op: 'remove', path }] : [];
  if (has && jsonEqual(values[uuid] as JsonValue, value as JsonValue)) return [];
  return [{ op: has ? 'replace' : 'add', path, value: value as JsonValue }];
}

/**
 * The value restore shared by the form and reports: the field must be in the document now and readable
 * to the actor (else 400 `field`, telling nothing of hidden fields), the value is the one it had at
 * `version`, and the engine judges the write (writable paths → 403, the kind's schema → 400).
 *
 * Unlike a typed save, the files in a restored value are not checked against what the writer may read
 * (patchForm's refuseUnreadableFiles): they were in this very field before, which the writer may read,
 * so putting them back opens nothing to anyone who could not read that field's history already (D19).
 */
async function restoreValue(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  current: StoredDocument,
  shape: FieldDocumentShape,
  readable: FieldIndex,
  writable: WritablePaths,
  restore: FieldRestore,
) {
  const known = readable.get(restore.field);
  if (!known?.read) throw badRequest('validationError', [{ path: 'field', key: 'invalidValue' }]);
  const past = await readDocumentVersion(trx, actor.organisationId, current.id, restore.version);
  const values = shape.values(past.content);
  const value = Object.hasOwn(values, restore.field) ? values[restore.field] : null;
  const patch = valuePatch(shape.values(current.content), restore.field, value);
  if (patch.length === 0) return { version: current.version, changed: false };
  const saved = await patchDocument(trx, {
    jobs: ctx.jobs,
    organisationId: actor.organisationId,
    documentId: current.id,
    actorId: actor.userId,
    patch,
    expectedVersion: current.version,
    permit: { visible: (content) => content, canWrite: (pointer) => canWritePath(writable, pointer) },
  });
  return { version: saved.version, changed: saved.version !== current.version };
}

/** POST …/form/history/restore: a form value back as it was at a version (D1, D12, D29, D33). */
export async function restoreFormValue(
  ctx: AppContext,
  actor: Actor,
  id: number,
  restore: FieldRestore,
  expectedVersion: number | undefined,
): Promise<RestoreAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'writeContent');
    const roles = await rolesOf(trx, actor, row);
    const current = await loadDocument(trx, actor.organisationId, row.form_document_id, { forUpdate: true });
    checkVersions(current, expectedVersion, restore.version);
    const content = current.content as unknown as FormContent;
    const fields = FORM_SHAPE.tree(current.content);
    return restoreValue(
      ctx,
      trx,
      actor,
      current,
      FORM_SHAPE,
      fieldIndex(fields, informationFieldAccess(fields, roles)),
      formWritablePaths(content, roles),
      restore,
    );
  });
}

/** POST …/reports/{reportId}/history/restore: a report value back; `modified` follows (D16). */
export async function restoreReportValue(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reportId: number,
  restore: FieldRestore,
  expectedVersion: number | undefined,
): Promise<RestoreAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'writeReport');
    const roles = await rolesOf(trx, actor, row);
    const rights = effectiveRights(roles);
    const report = await readableReport(trx, actor, row, reportId, rights);
    const current = await loadDocument(trx, actor.organisationId, report.document_id, { forUpdate: true });
    checkVersions(current, expectedVersion, restore.version);
    const content = current.content as unknown as ReportContent;
    const fields = REPORT_SHAPE.tree(current.content);
    const readable = fieldIndex(fields, reportFieldAccess(fields, roles, report.blueprint_name));
    if (!readable.get(restore.field)?.read)
      throw badRequest('validationError', [{ path: 'field', key: 'invalidValue' }]);
    if (!canWriteReport(rights, report.blueprint_name)) throw forbidden();
    const writable = reportWritablePaths(
      { name: report.blueprint_name, structure: content.structure, values: content.values },
      roles,
    );
    const answer = await restoreValue(ctx, trx, actor, current, REPORT_SHAPE, readable, writable, restore);
    if (answer.changed) await touchReport(trx, report.id);
    return answer;
  });
}

/** A timestamp for a new entry: now, moved on by a millisecond while the competence already has it. */
function freshTimestamp(taken: Readonly<Record<string, unknown>>): string {
  let at = Date.now();
  while (Object.hasOwn(taken, new Date(at).toISOString())) at++;
  return new Date(at).toISOString();
}

/**
 * POST …/evaluations/history/restore: a NEW dated entry carrying the properties a competence's entry had
 * at a version (D2: history is added to, never rewritten; D4: a score without a date gets today). The
 * same order of refusals as a save: 404 → 403 expiredTrajectory → 403 noAccess / forbidden → 409 → 400.
 */
export async function restoreEvaluationEntry(
  ctx: AppContext,
  actor: Actor,
  id: number,
  restore: EntryRestore,
  expectedVersion: number | undefined,
): Promise<RestoreAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await authorizeEvaluationWrite(ctx, trx, actor, id, undefined);
    const current = await loadDocument(trx, actor.organisationId, row.evaluation_document_id, {
      forUpdate: true,
    });
    checkVersions(current, expectedVersion, restore.version);
    const past = await readDocumentVersion(trx, actor.organisationId, current.id, restore.version);
    const then = competencesByUuid((past.content as unknown as Evaluation).criteria ?? []).get(
      restore.competence,
    );
    if (!then) throw badRequest('validationError', [{ path: 'competence', key: 'invalidValue' }]);
    if (!Object.hasOwn(then.competence.properties, restore.entry))
      throw badRequest('validationError', [{ path: 'entry', key: 'invalidValue' }]);
    const stored = current.content as unknown as Evaluation;
    const indexes = competenceIndexes(stored.criteria, restore.competence);
    if (!indexes) throw badRequest('validationError', [{ path: 'competence', key: 'invalidValue' }]);
    const now = competencesByUuid(stored.criteria).get(restore.competence)!.competence;
    const entry: CompetenceProperties = { ...then.competence.properties[restore.entry] };
    // D4: a score without a date gets the new entry's business day: today.
    const edits = [{ op: 'add' as const, indexes, timestamp: freshTimestamp(now.properties), entry }];
    const saved = await saveEntryEdits(ctx, trx, actor, current, edits, undefined, 'locked');
    return { version: saved.version, changed: saved.version !== current.version };
  });
}
