import { evaluationPhotoIds } from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { formResourceIds } from './files.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { evaluationPart, formPart, readerOf, reportPart } from './parts.ts';

/**
 * A document naming the file, in a trajectory the reader reads: the form (`part` form), the evaluation
 * (`part` evaluation) or a report (`part` report, with its blueprint's name).
 */
interface Candidate {
  document_id: number;
  access_document_id: number;
  part: 'form' | 'evaluation' | 'report';
  blueprint_name: string | null;
}

/** At most this many documents naming one file are looked at, per part. */
const CANDIDATES = 20;

/**
 * D19 for trajectories: a file is readable by whoever may read the form field or report field that holds
 * it — the part as the reader sees it (parts.ts: hidden fields and their values left out) must still name
 * it — or the evaluation whose entry holds it as a photo (issue 23; the evaluation is read whole or not
 * at all). Looked at: the forms, evaluations and reports that name the file in trajectories the reader reads.
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
    .select([
      'dr.document_id',
      't.access_document_id',
      sql<'form'>`'form'`.as('part'),
      sql<string | null>`null`.as('blueprint_name'),
    ])
    .execute();
  const evaluations = await named()
    .whereRef('t.evaluation_document_id', '=', 'dr.document_id')
    .select([
      'dr.document_id',
      't.access_document_id',
      sql<'evaluation'>`'evaluation'`.as('part'),
      sql<string | null>`null`.as('blueprint_name'),
    ])
    .execute();
  const reports = await named()
    .innerJoin('reports as r', (join) =>
      join.onRef('r.document_id', '=', 'dr.document_id').onRef('r.trajectory_id', '=', 't.id'),
    )
    .select([
      'dr.document_id',
      't.access_document_id',
      sql<'report'>`'report'`.as('part'),
      'r.blueprint_name',
    ])
    .execute();
  const candidates: Candidate[] = [...forms, ...evaluations, ...reports];
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
  const reader = readerOf(access.content, email);
  if (candidate.part === 'evaluation')
    return (
      evaluationPart.readable(reader) &&
      (await evaluationNamesPhoto(db, organisationId, candidate.document_id, resourceId))
    );
  if (candidate.part === 'form') {
    const form = await loadDocument(db, organisationId, candidate.document_id, {
      kind: TRAJECTORY_KINDS.form,
    });
    const visible = formPart.visible(form.content, reader);
    return visible !== null && formResourceIds(visible).includes(resourceId);
  }
  const report = await loadDocument(db, organisationId, candidate.document_id, {
    kind: TRAJECTORY_KINDS.report,
  });
  const visible = reportPart(candidate.blueprint_name ?? '').visible(report.content, reader);
  return (
    visible !== null &&
    formResourceIds({ fields: visible.structure, values: visible.values }).includes(resourceId)
  );
}

/** Whether an entry of the evaluation holds the file as a photo (issue 23). */
async function evaluationNamesPhoto(db: Db, organisationId: number, documentId: number, resourceId: number) {
  const evaluation = await loadDocument(db, organisationId, documentId, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  return evaluationPhotoIds(evaluation.content).includes(resourceId);
}

/**
 * D19 for a mentor link's session (issue 23): a photo in the evaluation of the link's trajectory, when the
 * link's role reads the evaluation (`readsEvaluation`, from the mentor's grant).
 */
export async function photoOfTrajectoryEvaluation(
  db: Db,
  organisationId: number,
  trajectoryId: number,
  resourceId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('trajectories as t')
    .innerJoin('document_resources as dr', 'dr.document_id', 't.evaluation_document_id')
    .select('t.evaluation_document_id')
    .where('t.id', '=', trajectoryId)
    .where('t.organisation_id', '=', organisationId)
    .where('dr.resource_id', '=', resourceId)
    .executeTakeFirst();
  return (
    row !== undefined && evaluationNamesPhoto(db, organisationId, row.evaluation_document_id, resourceId)
  );
}
