import type { TrajectoryAccess } from '@groeipad/core';
import type { Actor, MentorPrincipal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { photoOfTrajectoryEvaluation } from './file-readers.ts';
import { allows, loadGrant, loadGrants, loadMentorGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import type { TrajectoryAction } from './policy.ts';

/**
 * A trajectory's name and access document for `action` of the policy (the mentor links of issue 23:
 * `mentorLinks`, `inviteMentor`): 404 when not the actor's, the policy's 403s, as every trajectory route.
 */
export async function loadTrajectoryAccess(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  action: Extract<TrajectoryAction, 'mentorLinks' | 'inviteMentor'>,
): Promise<{ name: string; access: TrajectoryAccess }> {
  const grant = await loadGrant(ctx, db, actor, id, action);
  const access = await loadDocument(db, actor.organisationId, grant.row.access_document_id);
  return { name: grant.row.name, access: access.content as TrajectoryAccess };
}

/**
 * `loadTrajectoryAccess` for several trajectories at once (issue 31's class invitation): the batch grant
 * (`loadGrants`: 404 when one is not the actor's, 403 naming each refused one at `<fieldPath>.<n>`), then
 * each one's name and access document, in the order of `ids`.
 */
export async function loadTrajectoriesAccess(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  ids: readonly number[],
  action: Extract<TrajectoryAction, 'inviteMentor'>,
  fieldPath: string,
): Promise<{ id: number; name: string; access: TrajectoryAccess }[]> {
  const granted = await loadGrants(ctx, db, actor, ids, action, fieldPath);
  const rows = await db
    .selectFrom('trajectories')
    .select(['id', 'access_document_id'])
    .where('organisation_id', '=', actor.organisationId)
    .where(
      'id',
      'in',
      granted.map((trajectory) => trajectory.id),
    )
    .execute();
  const documentOf = new Map(rows.map((row) => [row.id, row.access_document_id]));
  const found: { id: number; name: string; access: TrajectoryAccess }[] = [];
  for (const trajectory of granted) {
    const documentId = documentOf.get(trajectory.id);
    if (documentId === undefined) throw new Error(`trajectory ${trajectory.id} has no row`);
    const access = await loadDocument(db, actor.organisationId, documentId);
    found.push({ id: trajectory.id, name: trajectory.name, access: access.content as TrajectoryAccess });
  }
  return found;
}

/**
 * What a mentor's page reads (issue 23) through their grant (`loadMentorGrant`): the trajectory's name, the
 * evaluation when the link's role may read it (whole or not at all, as `evaluationPart`), and whether it
 * may add entries now (evaluation write, active: D2, D12).
 */
export async function loadMentorAssessment(ctx: AppContext, mentor: MentorPrincipal) {
  const grant = await loadMentorGrant(ctx, ctx.db, mentor, 'read');
  const readable = allows(grant, 'readEvaluation');
  const document = await loadDocument(ctx.db, mentor.organisationId, grant.row.evaluation_document_id, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  return {
    name: grant.row.name,
    evaluation: readable ? (document.content as unknown) : null,
    version: document.version,
    canWrite: allows(grant, 'writeEvaluation'),
  };
}

/** Whether a mentor may add photos now (issue 23): as adding an entry (evaluation write, active: D12), else 403. */
export async function requireMentorWrite(ctx: AppContext, mentor: MentorPrincipal): Promise<void> {
  await loadMentorGrant(ctx, ctx.db, mentor, 'writeEvaluation');
}

/**
 * D19 for a mentor (issue 23): a photo an entry of the link's evaluation holds, when the link's role reads
 * the evaluation. The mentor's address is never asked for other trajectories: the link gives this one only.
 */
export async function mentorReadsPhoto(
  ctx: AppContext,
  mentor: MentorPrincipal,
  resourceId: number,
): Promise<boolean> {
  const grant = await loadMentorGrant(ctx, ctx.db, mentor, 'read');
  return (
    allows(grant, 'readEvaluation') &&
    photoOfTrajectoryEvaluation(ctx.db, mentor.organisationId, mentor.trajectoryId, resourceId)
  );
}
