import {
  type Field,
  type TrajectoryAccess,
  type TrajectoryReportBlueprint,
  userRoles,
  visibleReport,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { loadDocument, parseJson } from '../../engine/engine.ts';
import { formResourceIds } from './files.ts';

/** The report blueprints a trajectory was made with (D9: its snapshot, not the blueprints as they are now). */
export async function trajectoryReportBlueprints(
  db: Db,
  organisationId: number,
  trajectoryId: number,
): Promise<TrajectoryReportBlueprint[]> {
  const row = await db
    .selectFrom('trajectories')
    .select('report_blueprints')
    .where('id', '=', trajectoryId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  const value = parseJson<unknown>(row?.report_blueprints);
  return Array.isArray(value) ? (value as TrajectoryReportBlueprint[]) : [];
}

function selectReports(db: Db, organisationId: number, trajectoryId: number) {
  return db
    .selectFrom('reports')
    .select([
      'id',
      'trajectory_id',
      'document_id',
      'name',
      'blueprint_name',
      'blueprint_id',
      'blueprint_version',
      'created_at',
      'modified_at',
    ])
    .where('organisation_id', '=', organisationId)
    .where('trajectory_id', '=', trajectoryId);
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirstOrThrow']>>;

/**
 * A trajectory's reports, newest first; `modifiedFrom` (a calendar day) keeps those changed since its
 * midnight in the business time zone (D4, D16), `blueprintName` one type.
 */
export function listReportRows(
  db: Db,
  organisationId: number,
  trajectoryId: number,
  filter: { modifiedFrom?: string; blueprintName?: string; timeZone: string },
): Promise<ReportRow[]> {
  let query = selectReports(db, organisationId, trajectoryId);
  if (filter.modifiedFrom !== undefined)
    query = query.where(
      'modified_at',
      '>=',
      sql<Date>`(${filter.modifiedFrom}::date)::timestamp at time zone ${filter.timeZone}`,
    );
  if (filter.blueprintName !== undefined) query = query.where('blueprint_name', '=', filter.blueprintName);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findReport(db: Db, organisationId: number, trajectoryId: number, reportId: number) {
  return selectReports(db, organisationId, trajectoryId).where('id', '=', reportId).executeTakeFirst();
}

/** The names already used for reports of one report blueprint in a trajectory (the name rule, spec §5). */
export async function reportNames(db: Db, trajectoryId: number, blueprintName: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('name')
    .where('trajectory_id', '=', trajectoryId)
    .where('blueprint_name', '=', blueprintName)
    .execute();
  return rows.map((row) => row.name);
}

export function insertReport(
  db: Db,
  values: {
    organisation_id: number;
    trajectory_id: number;
    document_id: number;
    name: string;
    blueprint_name: string;
    blueprint_id: number | null;
    blueprint_version: number | null;
    created_by: number;
  },
) {
  return db.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow();
}

/** D16: an accepted change moves `modified`. */
export async function touchReport(db: Db, reportId: number): Promise<void> {
  await db.updateTable('reports').set({ modified_at: sql`now()` }).where('id', '=', reportId).execute();
}

export async function deleteReportRow(db: Db, reportId: number): Promise<void> {
  await db.deleteFrom('reports').where('id', '=', reportId).execute();
}

/** The documents of a trajectory's reports (deleted with it for good). */
export async function reportDocumentIds(db: Db, trajectoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('reports')
    .select('document_id')
    .where('trajectory_id', '=', trajectoryId)
    .execute();
  return rows.map((row) => row.document_id);
}

/**
 * D19 for reports: a file is readable by whoever may read the report field that holds it — the report
 * as the reader sees it (unreadable fields and their values left out) must still refer to it.
 */
export async function readableThroughTrajectoryReport(
  db: Db,
  organisationId: number,
  email: string,
  resourceId: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom('document_resources as dr')
    .innerJoin('reports as r', 'r.document_id', 'dr.document_id')
    .innerJoin('trajectories as t', 't.id', 'r.trajectory_id')
    .innerJoin('trajectory_access as a', (join) =>
      join.onRef('a.trajectory_id', '=', 't.id').on('a.email', '=', email).on('a.read', '=', true),
    )
    .select(['r.document_id', 'r.blueprint_name', 't.access_document_id'])
    .where('dr.resource_id', '=', resourceId)
    .where('t.organisation_id', '=', organisationId)
    .limit(20)
    .execute();
  for (const row of rows) {
    const access = await loadDocument(db, organisationId, row.access_document_id);
    const report = (await loadDocument(db, organisationId, row.document_id)).content as unknown as {
      structure: Field[];
      values: Record<string, unknown>;
    };
    const roles = userRoles(access.content as unknown as TrajectoryAccess, email);
    const visible = visibleReport({ name: row.blueprint_name, ...report }, roles);
    if (
      visible &&
      formResourceIds({ fields: visible.structure, values: visible.values }).includes(resourceId)
    )
      return true;
  }
  return false;
}
