import {
  businessToday,
  checkReportName,
  defaultReportName,
  formFromFields,
  type JsonValue,
  type PatchOperation,
  type ReportListEntry,
  type ReportView,
  type TrajectoryReportBlueprint,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import {
  createDocument,
  deleteDocuments,
  loadDocument,
  patchDocument,
  staleDocument,
} from '../../engine/engine.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { notifyOnSave, notifyReportDeleted } from '../notifications/index.ts';
import { formResourceIds } from './files.ts';
import {
  allowsReport,
  loadGrant,
  reportAbilities,
  requireReportAction,
  type TrajectoryGrant,
} from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { partModified, partVersion, permitOf, type ReportContent, reportPart } from './parts.ts';
import {
  deleteReportRow,
  findReport,
  insertReport,
  listReportRows,
  type ReportRow,
  reportNames,
  touchReport,
  trajectoryReportBlueprints,
} from './report-repository.ts';
import type { TrajectoryRow } from './repository.ts';

/**
 * The report as the reader may see it: fields without read left out with their values (D15, spec §6
 * "fields appear only if the role has an entry"), and the uuids they may write.
 */
function presentReport(
  report: ReportRow,
  content: ReportContent,
  grant: Pick<TrajectoryGrant, 'roles' | 'rights' | 'active'>,
  /** When it last changed as this reader sees it (`partModified`); the row's own moment by default. */
  modified: Date = report.modified_at,
): ReportView {
  const part = reportPart(report.blueprint_name);
  const visible = part.visible(content, grant);
  const rights = reportAbilities(grant, report.blueprint_name);
  const writable: string[] = [];
  if (rights.write)
    for (const [field, access] of part.access(content, grant))
      if (access.write && field.type !== 'group') writable.push(field.uuid);
  return {
    id: report.id,
    name: report.name,
    blueprintName: report.blueprint_name,
    created: report.created_at.toISOString(),
    modified: modified.toISOString(),
    structure: visible?.structure ?? [],
    values: (visible?.values ?? {}) as Record<string, JsonValue>,
    rights,
    writable,
  };
}

/** A report of the trajectory the reader may read: 404 when there is none, 403 noAccess when they may not. */
export async function readableReport(
  db: Db,
  actor: Actor,
  row: TrajectoryRow,
  reportId: number,
  grant: Pick<TrajectoryGrant, 'rights' | 'active'>,
): Promise<ReportRow> {
  const report = await findReport(db, actor.organisationId, row.id, reportId);
  if (!report) throw notFound();
  requireReportAction(grant, 'read', report.blueprint_name);
  return report;
}

/** GET …/reportblueprints: the trajectory's copies (D9) the reader may create a report from. */
export async function listReportBlueprints(ctx: AppContext, actor: Actor, id: number) {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'readReports');
  const blueprints = await trajectoryReportBlueprints(ctx.db, actor.organisationId, id);
  return blueprints
    .filter((blueprint) => allowsReport(grant, 'create', blueprint.name))
    .map((blueprint) => ({
      id: blueprint.id ?? null,
      version: blueprint.version ?? null,
      name: blueprint.name,
      fields: blueprint.fields ?? [],
    }));
}

/** GET …/reports: the reports the reader can read, with the list's filters (D16). */
export async function listReports(
  ctx: AppContext,
  actor: Actor,
  id: number,
  filter: { modifiedFrom?: string | undefined; blueprintName?: string | undefined },
): Promise<ReportListEntry[]> {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'readReports');
  const timeZone = ctx.config.businessTimeZone;
  // "No future date" (spec part 1 §2): a day after today is refused rather than answered with nothing.
  if (filter.modifiedFrom !== undefined && filter.modifiedFrom > businessToday(timeZone))
    throw badRequest('validationError', [{ path: 'modifiedFrom', key: 'invalidValue' }]);
  // The rows changed since the day as anyone sees them: a superset of those changed as this reader sees them.
  const rows = await listReportRows(ctx.db, actor.organisationId, id, {
    timeZone,
    ...(filter.modifiedFrom !== undefined ? { modifiedFrom: filter.modifiedFrom } : {}),
    ...(filter.blueprintName !== undefined ? { blueprintName: filter.blueprintName } : {}),
  });
  const entries: ReportListEntry[] = [];
  for (const report of rows) {
    if (!allowsReport(grant, 'read', report.blueprint_name)) continue;
    // Issue 30: `modified` and its filter as this reader sees the report (a hidden field's save moves neither).
    const modified = await readersModified(ctx.db, actor, grant, report);
    if (filter.modifiedFrom !== undefined && businessToday(timeZone, modified) < filter.modifiedFrom)
      continue;
    entries.push({
      id: report.id,
      name: report.name,
      blueprintName: report.blueprint_name,
      created: report.created_at.toISOString(),
      modified: modified.toISOString(),
      rights: reportAbilities(grant, report.blueprint_name),
    });
  }
  return entries;
}

/** When a report last changed as the grant's reader sees it (`partModified`). */
async function readersModified(
  db: Db,
  actor: Actor,
  grant: TrajectoryGrant,
  report: ReportRow,
  read?: { id: number; version: number; content: ReportContent },
): Promise<Date> {
  const document =
    read ??
    (await loadDocument(db, actor.organisationId, report.document_id, { kind: TRAJECTORY_KINDS.report }));
  return partModified(db, reportPart(report.blueprint_name), document, grant, {
    created: report.created_at,
    modified: report.modified_at,
  });
}

/** GET …/reports/{reportId} with its version (ETag, D29). */
export async function getReport(ctx: AppContext, actor: Actor, id: number, reportId: number) {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'readReports');
  const report = await readableReport(ctx.db, actor, grant.row, reportId, grant);
  const document = await loadDocument(ctx.db, actor.organisationId, report.document_id, {
    kind: TRAJECTORY_KINDS.report,
  });
  return {
    version: await partVersion(ctx.db, reportPart(report.blueprint_name), document, grant),
    content: presentReport(
      report,
      document.content,
      grant,
      await readersModified(ctx.db, actor, grant, report, document),
    ),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * POST …/reports?blueprintName=: a new report from one of the trajectory's report blueprints (its copy,
 * D9), its fields without values and any default values in `values` (D15).
 *
 * The name rule, spec part 1 §5: "a non-blank name that is unique within the report blueprint list". Read
 * as: unique (trimmed, any letter case) among the trajectory's reports of the chosen report blueprint —
 * the list of reports that blueprint has. Its creator holds admin on that blueprint, hence read on all
 * its reports, so a `duplicate` never reveals a report they cannot see; reports of different blueprints
 * may share a name, the list tells them apart by type. A unique index keeps the rule under concurrent
 * creates.
 */
export async function createReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  blueprintName: string,
  name: string | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'createReport');
    const blueprints = await trajectoryReportBlueprints(trx, actor.organisationId, id);
    const blueprint: TrajectoryReportBlueprint | undefined = blueprints.find((b) => b.name === blueprintName);
    if (!blueprint) throw badRequest('validationError', [{ path: 'blueprintName', key: 'invalidValue' }]);
    requireReportAction(grant, 'create', blueprint.name);
    const taken = await reportNames(trx, id, blueprint.name);
    // D48: without a name the report is named after its blueprint (the first free one).
    const chosen = name ?? defaultReportName(blueprint.name, taken);
    const problem = checkReportName(chosen, taken);
    if (problem) throw badRequest('validationError', [{ path: 'name', key: problem }]);
    const { fields, values } = formFromFields(blueprint.fields ?? []);
    const document = await createDocument(trx, {
      kind: TRAJECTORY_KINDS.report,
      organisationId: actor.organisationId,
      actorId: actor.userId,
      content: { structure: fields, values },
      // The files of the trajectory's own copy of the report blueprint (D9): the server copies them, the
      // creator names none (D42 judges what a writer adds).
      vouchedFiles: formResourceIds({ fields, values }),
    });
    const inserted = await insertReport(trx, {
      organisation_id: actor.organisationId,
      trajectory_id: id,
      document_id: document.id,
      name: chosen.trim(),
      blueprint_name: blueprint.name,
      blueprint_id: blueprint.id ?? null,
      blueprint_version: blueprint.version ?? null,
      created_by: actor.userId,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw badRequest('validationError', [{ path: 'name', key: 'duplicate' }]);
      throw error;
    });
    const report = (await findReport(trx, actor.organisationId, id, inserted.id))!;
    // D27: its readers learn of the new report (version 1 of its document is the creation).
    await notifyOnSave(
      trx,
      { organisationId: actor.organisationId, documentId: document.id, version: 1 },
      ctx.jobs,
    );
    return {
      id: report.id,
      version: document.version,
      content: presentReport(report, document.content, grant),
    };
  });
}

/**
 * PATCH …/reports/{reportId}: values at `/values/{uuid}` of the fields the reader may write (D1, D15)
 * through the engine (If-Match → 409, other paths → 403, value types → 400, a file the writer may not read
 * → 400, D42, judged on the report as they see it; all or nothing); an accepted change moves `modified` (D16).
 */
export async function patchReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reportId: number,
  patch: readonly PatchOperation[],
  expectedVersion: number | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'writeReport');
    const report = await readableReport(trx, actor, grant.row, reportId, grant);
    requireReportAction(grant, 'write', report.blueprint_name);
    const part = reportPart(report.blueprint_name);
    const current = await loadDocument(trx, actor.organisationId, report.document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.report,
    });
    const { content } = current;
    // D40: If-Match names the version of the report as this writer sees it.
    const seen = await partVersion(trx, part, current, grant);
    if (expectedVersion !== undefined && expectedVersion !== seen) throw staleDocument(seen);
    const saved = await patchDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: report.document_id,
      actorId: actor.userId,
      patch,
      expectedVersion: undefined,
      locked: current,
      permit: permitOf(part, content, grant),
    });
    if (saved.version !== current.version) await touchReport(trx, report.id);
    const updated = (await findReport(trx, actor.organisationId, id, report.id))!;
    return {
      // The writer changes only places they may write, which they see: a save is the next of their versions.
      version: seen + (saved.version === current.version ? 0 : 1),
      content: presentReport(
        updated,
        saved.content,
        grant,
        await readersModified(trx, actor, grant, updated, saved),
      ),
    };
  });
}

/** DELETE …/reports/{reportId}: admin on its report blueprint, or general admin; with its history. */
export async function deleteReport(ctx: AppContext, actor: Actor, id: number, reportId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'deleteReport');
    const report = await readableReport(trx, actor, grant.row, reportId, grant);
    requireReportAction(grant, 'delete', report.blueprint_name);
    await notifyReportDeleted(trx, {
      organisationId: actor.organisationId,
      reportId: report.id,
      actorId: actor.userId,
    });
    await deleteReportRow(trx, report.id);
    await deleteDocuments(trx, actor.organisationId, [report.document_id]);
  });
}

/**
 * The trajectory's reports as the reader may read them, oldest first, each as GET …/reports/{reportId} answers it
 * (issue 31: the progress report's PDF). A reader no report is for (403 noAccess of the reports section)
 * gets none; a report blueprint the reader may not read is left out, as the list leaves it out.
 */
export async function readableReportViews(ctx: AppContext, actor: Actor, id: number): Promise<ReportView[]> {
  let entries: ReportListEntry[];
  try {
    entries = await listReports(ctx, actor, id, {});
  } catch (error) {
    if (error instanceof AppError && error.status === 403 && error.key === 'noAccess') return [];
    throw error;
  }
  const views: ReportView[] = [];
  // The list is newest first; on paper the oldest comes first.
  for (const entry of entries.reverse()) views.push((await getReport(ctx, actor, id, entry.id)).content);
  return views;
}
