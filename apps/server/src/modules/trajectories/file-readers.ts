import { type TrajectoryAccess, userRoles } from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { formResourceIds } from './files.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, type PartReader, readerOf, reportPart } from './parts.ts';

/**
 * D19 for trajectories: a file is readable by whoever may read the form field or report field that holds
 * it — the part as the reader sees it (parts.ts: hidden fields and their values left out) must still
 * name it. Looked at: at most 20 documents that name the file in trajectories the reader reads.
 */
async function readerIn(
  db: Db,
  organisationId: number,
  email: string,
  accessDocumentId: number,
): Promise<PartReader> {
  const access: TrajectoryAccess = (
    await loadDocument(db, organisationId, accessDocumentId, { kind: TRAJECTORY_KINDS.access })
  ).content;
  return readerOf(userRoles(access, email));
}

export async function readableThroughTrajectoryForm(
  db: Db,
  organisationId: number,
  email: string,
  resourceId: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom('document_resources as dr')
    .innerJoin('trajectories as t', 't.form_document_id', 'dr.document_id')
    .innerJoin('trajectory_access as a', (join) =>
      join.onRef('a.trajectory_id', '=', 't.id').on('a.email', '=', email).on('a.read', '=', true),
    )
    .select(['t.form_document_id', 't.access_document_id'])
    .where('dr.resource_id', '=', resourceId)
    .where('t.organisation_id', '=', organisationId)
    .limit(20)
    .execute();
  for (const row of rows) {
    const reader = await readerIn(db, organisationId, email, row.access_document_id);
    const form = await loadDocument(db, organisationId, row.form_document_id, {
      kind: TRAJECTORY_KINDS.form,
    });
    const visible = formPart.visible(form.content, reader);
    if (visible && formResourceIds(visible).includes(resourceId)) return true;
  }
  return false;
}

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
    const reader = await readerIn(db, organisationId, email, row.access_document_id);
    const report = await loadDocument(db, organisationId, row.document_id, { kind: TRAJECTORY_KINDS.report });
    const visible = reportPart(row.blueprint_name).visible(report.content, reader);
    if (
      visible &&
      formResourceIds({ fields: visible.structure, values: visible.values }).includes(resourceId)
    )
      return true;
  }
  return false;
}
