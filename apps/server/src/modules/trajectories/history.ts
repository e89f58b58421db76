import {
  applyPatch,
  businessToday,
  type CanWritePath,
  type CompetenceProperties,
  type EntryRestore,
  type EvaluationHistoryPage,
  type Field,
  type FieldChange,
  type FieldHistoryPage,
  type FieldRestore,
  type HistoryPerson,
  type JsonValue,
  jsonEqual,
  type PatchOperation,
  type RestoreAnswer,
  UNBOUNDED_PATCH,
  type zHistoryQuery,
} from '@groeipad/core';
import type { z } from 'zod';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  asJson,
  asKind,
  type DocumentEvent,
  documentEvents,
  loadDocument,
  patchDocument,
  readDocumentVersion,
  type StoredDocument,
  staleDocument,
} from '../../engine/engine.ts';
import { documentVersionOf, viewNumbering } from '../../engine/view-version.ts';
import { badRequest } from '../../errors.ts';
import { authorizeEvaluationRead, authorizeEvaluationWrite, saveEntryEdits } from './evaluation.ts';
import { formResourceIds } from './files.ts';
import { loadGrant, requireReportAction } from './grant.ts';
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
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, hiddenPlaces, partVersion, permitOf, reportPart } from './parts.ts';
import { touchReport } from './report-repository.ts';
import { readableReport } from './reports.ts';

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
    const before = event.inverse.length === 0 ? after : applyPatch(after, event.inverse, UNBOUNDED_PATCH);
    steps.push({ event, before, after });
    after = before;
  }
  return { current, steps };
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
async function page<C>(
  ctx: AppContext,
  listed: readonly Listed<C>[],
  filter: HistoryFilter,
  /** A save's version as the reader numbers it (D40); the document's own where they see it whole. */
  numbered: (version: number) => number = (version) => version,
) {
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
      version: numbered(step.event.version),
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
  /**
   * The value places hidden from the reader (parts.ts): versions are numbered as the reader sees them
   * (D40), so neither the count nor the gaps of the listed saves tell of saves they could not see.
   */
  hiddenOf: (current: StoredDocument) => string[],
): Promise<FieldHistoryPage> {
  const { current, steps } = await documentSteps(ctx.db, actor.organisationId, documentId);
  const indexOf = fieldIndexCache(accessOf);
  const now = { index: indexOf(shape.tree(current.content)), values: shape.values(current.content) };
  const listed: Listed<FieldChange>[] = [];
  for (const step of steps) {
    const changes = fieldChanges(shape, step.before, step.after, now, indexOf);
    if (changes.length > 0) listed.push({ step, changes });
  }
  const numbered = viewNumbering(
    steps.map((step) => step.event),
    hiddenOf(current),
  );
  const result = await page(ctx, listed, filter, numbered);
  const files = await filesOf(
    ctx.db,
    actor.organisationId,
    result.content.flatMap((entry) => entry.changes),
  );
  return { version: numbered(current.version), ...result, files };
}

/** GET …/form/history: the form's value changes the reader may read (D18, D33). */
export async function formHistory(ctx: AppContext, actor: Actor, id: number, filter: HistoryFilter) {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'read');
  return fieldHistory(
    ctx,
    actor,
    grant.row.form_document_id,
    FORM_SHAPE,
    (fields) => fieldIndex(fields, formPart.access({ fields: [...fields], values: {} }, grant)),
    filter,
    (current) => hiddenPlaces(formPart, asKind(TRAJECTORY_KINDS.form, current).content, grant),
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
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'readReports');
  const report = await readableReport(ctx.db, actor, grant.row, reportId, grant);
  return fieldHistory(
    ctx,
    actor,
    report.document_id,
    REPORT_SHAPE,
    (fields) =>
      fieldIndex(
        fields,
        reportPart(report.blueprint_name).access({ structure: [...fields], values: {} }, grant),
      ),
    filter,
    (current) =>
      hiddenPlaces(
        reportPart(report.blueprint_name),
        asKind(TRAJECTORY_KINDS.report, current).content,
        grant,
      ),
  );
}

/** GET …/evaluations/history: the dated entries added and deleted (D2); evaluation read, else noAccess. */
export async function evaluationHistory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  filter: HistoryFilter,
): Promise<EvaluationHistoryPage> {
  const { row } = await authorizeEvaluationRead(ctx, ctx.db, actor, id);
  const { current, steps } = await documentSteps(ctx.db, actor.organisationId, row.evaluation_document_id);
  const listed: Listed<ReturnType<typeof entryChanges>[number]>[] = [];
  for (const step of steps) {
    const changes = entryChanges(step.before, step.after);
    if (changes.length > 0) listed.push({ step, changes });
  }
  return { version: current.version, ...(await page(ctx, listed, filter)) };
}

/**
 * 409 before anything else is judged when the client's version is not the one they see now (D29, D40:
 * `seen`, the version of what that reader sees).
 */
function checkVersions(expected: number | undefined, asked: number, seen: number): void {
  if (expected !== undefined && expected !== seen) throw staleDocument(seen);
  if (asked > seen) throw badRequest('validationError', [{ path: 'version', key: 'invalidValue' }]);
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
 * The files in a restored value are vouched for rather than judged again (D42): they were in this very
 * field before, which the writer may read, so putting them back opens nothing to anyone who could not
 * read that field's history already (D19).
 */
async function restoreValue(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  current: StoredDocument<unknown>,
  shape: FieldDocumentShape,
  readable: FieldIndex,
  /** Whether the writer may write a place: the part's permit (parts.ts). */
  canWrite: CanWritePath,
  restore: FieldRestore,
  /** The value places hidden from the writer: `restore.version` is numbered as they see it (D40). */
  hidden: readonly string[],
) {
  const known = readable.get(restore.field);
  if (!known?.read) throw badRequest('validationError', [{ path: 'field', key: 'invalidValue' }]);
  const events = await documentEvents(trx, actor.organisationId, current.id);
  const numbered = viewNumbering(events, hidden);
  const version = documentVersionOf(events, hidden, restore.version);
  if (version === null) throw badRequest('validationError', [{ path: 'version', key: 'invalidValue' }]);
  const past = await readDocumentVersion(trx, actor.organisationId, current.id, version);
  const values = shape.values(past.content);
  const value = Object.hasOwn(values, restore.field) ? values[restore.field] : null;
  const patch = valuePatch(shape.values(asJson(current.content)), restore.field, value);
  if (patch.length === 0) return { version: numbered(current.version), changed: false };
  const saved = await patchDocument(trx, {
    jobs: ctx.jobs,
    organisationId: actor.organisationId,
    documentId: current.id,
    actorId: actor.userId,
    patch,
    expectedVersion: current.version,
    permit: { visible: (content) => content, canWrite },
    vouchedFiles: formResourceIds({
      fields: [...shape.tree(asJson(current.content))],
      values: { [restore.field]: value },
    }),
  });
  // The restored field is one the writer may read, so the save is one they see: the next of their versions.
  const changed = saved.version !== current.version;
  return { version: numbered(current.version) + (changed ? 1 : 0), changed };
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
    const grant = await loadGrant(ctx, trx, actor, id, 'writeContent');
    const current = await loadDocument(trx, actor.organisationId, grant.row.form_document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.form,
    });
    checkVersions(expectedVersion, restore.version, await partVersion(trx, formPart, current, grant));
    const { content } = current;
    const fields = FORM_SHAPE.tree(asJson(content));
    return restoreValue(
      ctx,
      trx,
      actor,
      current,
      FORM_SHAPE,
      fieldIndex(fields, formPart.access(content, grant)),
      permitOf(formPart, content, grant).canWrite,
      restore,
      hiddenPlaces(formPart, content, grant),
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
    const grant = await loadGrant(ctx, trx, actor, id, 'writeReport');
    const report = await readableReport(trx, actor, grant.row, reportId, grant);
    const current = await loadDocument(trx, actor.organisationId, report.document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.report,
    });
    const seen = await partVersion(trx, reportPart(report.blueprint_name), current, grant);
    checkVersions(expectedVersion, restore.version, seen);
    const { content } = current;
    const fields = REPORT_SHAPE.tree(asJson(content));
    const part = reportPart(report.blueprint_name);
    const readable = fieldIndex(fields, part.access(content, grant));
    if (!readable.get(restore.field)?.read)
      throw badRequest('validationError', [{ path: 'field', key: 'invalidValue' }]);
    requireReportAction(grant, 'write', report.blueprint_name);
    const { canWrite } = permitOf(part, content, grant);
    const hidden = hiddenPlaces(part, content, grant);
    const answer = await restoreValue(
      ctx,
      trx,
      actor,
      current,
      REPORT_SHAPE,
      readable,
      canWrite,
      restore,
      hidden,
    );
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
    const { row, writer } = await authorizeEvaluationWrite(ctx, trx, actor, id, undefined);
    const current = await loadDocument(trx, actor.organisationId, row.evaluation_document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.evaluation,
    });
    // The evaluation is read whole or not at all: its reader's version is the document's.
    checkVersions(expectedVersion, restore.version, current.version);
    const past = await readDocumentVersion(
      trx,
      actor.organisationId,
      current.id,
      restore.version,
      TRAJECTORY_KINDS.evaluation,
    );
    const then = competencesByUuid(past.content.criteria ?? []).get(restore.competence);
    if (!then) throw badRequest('validationError', [{ path: 'competence', key: 'invalidValue' }]);
    if (!Object.hasOwn(then.competence.properties, restore.entry))
      throw badRequest('validationError', [{ path: 'entry', key: 'invalidValue' }]);
    const stored = current.content;
    const indexes = competenceIndexes(stored.criteria, restore.competence);
    if (!indexes) throw badRequest('validationError', [{ path: 'competence', key: 'invalidValue' }]);
    const now = competencesByUuid(stored.criteria).get(restore.competence)!.competence;
    // The restored values as a new entry of the one who restores them: rater and agreed mark are its own.
    const {
      rater: _then,
      agreed: _agreed,
      ...entry
    }: CompetenceProperties = then.competence.properties[restore.entry] ?? {};
    // D4: a score without a date gets the new entry's business day: today.
    const edits = [{ op: 'add' as const, indexes, timestamp: freshTimestamp(now.properties), entry }];
    const saved = await saveEntryEdits(ctx, trx, actor, writer, current, edits, undefined, 'locked');
    return { version: saved.version, changed: saved.version !== current.version };
  });
}
