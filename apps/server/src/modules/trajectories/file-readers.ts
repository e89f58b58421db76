import { userRoles } from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { formResourceIds } from './files.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, readerOf, reportPart } from './parts.ts';

/** A document naming the file, in a trajectory the reader reads: the form (no report name) or a report. */
interface Candidate {
  document_id: number;
  access_document_id: number;
  blueprint_name: string | null;
}

/** At most this many documents naming one file are looked at, per part. */
const CANDIDATES = 20;

/**
 * D19 for trajectories: a file is readable by whoever may read the form field or report field that holds
 * it — the part as the reader sees it (parts.ts: hidden fields and their values left out) must still name
 * it. Looked at: the forms and reports that name the file in trajectories the reader reads.
 */
export async function readableThroughTrajectory(
  db: Db,
  organisationId: number,
  email: string,
  resourceId: number,
): Promise<boolean> {
  const named = () =>
    db
      .selectFrom('document_resources as dr')
      .innerJoin('trajectories as t', (join) => join.on('t.organisation_id', '=', organisationId))
      .innerJoin('trajectory_access as a', (join) =>
        join.onRef('a.trajectory_id', '=', 't.id').on('a.email', '=', email).on('a.read', '=', true),
      )
      .where('dr.resource_id', '=', resourceId)
      .limit(CANDIDATES);
  const forms = await named()
    .whereRef('t.form_document_id', '=', 'dr.document_id')
    .select(['dr.document_id', 't.access_document_id', sql<string | null>`null`.as('blueprint_name')])
    .execute();
  const reports = await named()
    .innerJoin('reports as r', (join) =>
      join.onRef('r.document_id', '=', 'dr.document_id').onRef('r.trajectory_id', '=', 't.id'),
    )
    .select(['dr.document_id', 't.access_document_id', 'r.blueprint_name'])
    .execute();
  const candidates: Candidate[] = [...forms, ...reports];
  for (const candidate of candidates)
    if (await namesIt(db, organisationId, email, resourceId, candidate)) return true;
  return false;
}

/** Whether the part, as the reader sees it, still names the file. */
async function namesIt(
  db: Db,
  organisationId: number,
  email: string,
  resourceId: number,
  candidate: Candidate,
) {
  const access = await loadDocument(db, organisationId, candidate.access_document_id, {
    kind: TRAJECTORY_KINDS.access,
  });
  const reader = readerOf(userRoles(access.content, email));
  if (candidate.blueprint_name === null) {
    const form = await loadDocument(db, organisationId, candidate.document_id, {
      kind: TRAJECTORY_KINDS.form,
    });
    const visible = formPart.visible(form.content, reader);
    return visible !== null && formResourceIds(visible).includes(resourceId);
  }
  const report = await loadDocument(db, organisationId, candidate.document_id, {
    kind: TRAJECTORY_KINDS.report,
  });
  const visible = reportPart(candidate.blueprint_name).visible(report.content, reader);
  return (
    visible !== null &&
    formResourceIds({ fields: visible.structure, values: visible.values }).includes(resourceId)
  );
}
