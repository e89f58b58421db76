import type { TrajectoryReportBlueprint } from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { parseJson } from '../../engine/engine.ts';

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
