import {
  addDays,
  addMonths,
  businessToday,
  type CreateTrajectory,
  detailDescriptionProblem,
  evaluationFromBlueprint,
  formFromFields,
  isActiveOn,
  type JsonValue,
  PROVIDER_ORGANISATION_ID,
  rolesGrantRightsAdmin,
  type TrajectoryAccess,
  type TrajectoryBlueprintContent,
  type TrajectoryInfo,
  type TrajectoryListItem,
  type TrajectoryRight,
  type UpdateTrajectory,
  userRoles,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import { type Actor, actorWithRole, type Principal, principalActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { createDocument, deleteDocuments, readDocumentVersion } from '../../engine/engine.ts';
import { badRequest, forbidden, notFound, zodFields } from '../../errors.ts';
import { authorizeBlueprint } from '../blueprints/service.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { NEEDS_ACTIVE, type TrajectoryAction, trajectoryPolicy } from './policy.ts';
import { reportDocumentIds } from './report-repository.ts';
import {
  findLinkedBlueprint,
  findTrajectory,
  findTrajectoryWithAccess,
  selectTrajectoryItems,
  type TrajectoryRow,
  writeAccessRows,
} from './repository.ts';

function rightsOf(row: Pick<TrajectoryRow, 'read' | 'purchase' | 'metadata' | 'rights'>): TrajectoryRight[] {
  const rights: TrajectoryRight[] = [];
  if (row.read) rights.push('READ');
  if (row.purchase) rights.push('PURCHASE');
  if (row.metadata) rights.push('METADATA');
  if (row.rights) rights.push('RIGHTS');
  return rights;
}

export function presentItem(
  row: Pick<
    TrajectoryRow,
    'id' | 'name' | 'description' | 'active_until' | 'read' | 'purchase' | 'metadata' | 'rights'
  >,
): TrajectoryListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    activeUntil: row.active_until,
    rights: rightsOf(row),
  };
}

/** The detail header: the item, its blueprint link (name, removed, latest version) and what the frame shows. */
export async function presentInfo(ctx: AppContext, db: Db, row: TrajectoryRow): Promise<TrajectoryInfo> {
  const blueprint =
    row.blueprint_id === null
      ? undefined
      : await findLinkedBlueprint(db, row.organisation_id, row.blueprint_id);
  const live = blueprint?.status === 'LIVE';
  const dashboard = row.dashboard as { widgets?: unknown[] } | null;
  return {
    ...presentItem(row),
    blueprintId: row.blueprint_id,
    blueprintVersion: row.blueprint_version,
    blueprintName: live ? blueprint.name : null,
    blueprintRemoved: row.blueprint_id !== null && !live,
    latestBlueprintVersion: live ? blueprint.version : null,
    hasDashboard: (dashboard?.widgets?.length ?? 0) > 0,
    expired: !isActiveOn(row.active_until, businessToday(ctx.config.businessTimeZone)),
  };
}

/**
 * Loads a trajectory for `action`: 404 when it is not in the actor's organisation or they hold no
 * role on it; 403 without the right; 403 expiredTrajectory for a write while it is inactive (D12).
 */
export async function authorizeTrajectory(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  action: TrajectoryAction,
  options: { withAccess?: boolean; evaluationParts?: readonly string[] } = {},
): Promise<TrajectoryRow & { access_content?: unknown; evaluation?: unknown }> {
  const row =
    options.withAccess || options.evaluationParts
      ? await findTrajectoryWithAccess(db, actor.organisationId, actor.email, id, options)
      : await findTrajectory(db, actor.organisationId, actor.email, id);
  if (!row) throw notFound();
  assertTrajectoryAction(ctx, row, action);
  return row;
}

/**
 * `authorizeTrajectory` (with the access document) for a principal whose membership is read in the same
 * statement: 403 organisationRequired first when they are no member (as `organisationActor` answers),
 * then as above. One round trip less for the evaluation save (bench/evaluation.ts).
 */
export async function authorizeMemberTrajectory(
  ctx: AppContext,
  db: Db,
  principal: Principal,
  id: number,
  action: TrajectoryAction,
  options: { evaluationParts?: readonly string[] } = {},
) {
  const row = await findTrajectoryWithAccess(db, principal.organisationId, principal.email, id, {
    ...options,
    member: principal,
  });
  // Without a row the membership is still unknown: read on its own (a 404 only for a member).
  const actor = row ? actorWithRole(principal, row.member_role) : await principalActor(db, principal);
  if (!row) throw notFound();
  assertTrajectoryAction(ctx, row, action);
  return { actor, row };
}

/** 403 without the right for `action` on a loaded row; 403 expiredTrajectory for a write while inactive. */
function assertTrajectoryAction(ctx: AppContext, row: TrajectoryRow, action: TrajectoryAction): void {
  const active = isActiveOn(row.active_until, businessToday(ctx.config.businessTimeZone));
  if (!trajectoryPolicy[action](row, { active })) throw forbidden();
  if (NEEDS_ACTIVE.has(action) && !active) throw forbidden('expiredTrajectory');
}

export async function listTrajectories(
  ctx: AppContext,
  actor: Actor,
  status: 'LIVE' | 'DELETED',
): Promise<TrajectoryListItem[]> {
  const rows = await selectTrajectoryItems(ctx.db, actor.organisationId, actor.email, status).execute();
  return rows.map(presentItem);
}

export async function getTrajectory(ctx: AppContext, actor: Actor, id: number): Promise<TrajectoryInfo> {
  return presentInfo(ctx, ctx.db, await authorizeTrajectory(ctx, ctx.db, actor, id, 'read'));
}

/**
 * The active period of a new trajectory (D12): twelve months in the provider's organisation 0; in a
 * private organisation a trial of TRAJECTORY_TRIAL_DAYS (0: it starts inactive), extended by credits.
 */
function firstActiveUntil(ctx: AppContext, organisationId: number): string | null {
  const today = businessToday(ctx.config.businessTimeZone);
  if (organisationId === PROVIDER_ORGANISATION_ID) return addMonths(today, 12);
  const days = ctx.config.trajectoryTrialDays;
  return days === 0 ? null : addDays(today, days);
}

/**
 * A trajectory from a trajectory blueprint the actor may read: a snapshot of its content at the
 * current version (D9) — form, evaluation and dashboard — with the given access, which must be valid
 * and give the creator RIGHTS through their own roles (principalRequiredRights).
 */
export async function createTrajectory(
  ctx: AppContext,
  actor: Actor,
  input: CreateTrajectory,
): Promise<number> {
  const parsedAccess = zValidTrajectoryAccess.safeParse(input.access);
  if (!parsedAccess.success)
    throw badRequest(
      'validationError',
      zodFields(parsedAccess.error.issues).map((f) => ({ ...f, path: `access.${f.path}` })),
    );
  const access: TrajectoryAccess = parsedAccess.data;
  if (!rolesGrantRightsAdmin(userRoles(access, actor.email))) throw badRequest('principalRequiredRights');
  return ctx.db.transaction().execute(async (trx) => {
    const blueprint = await authorizeBlueprint(ctx, trx, actor, input.blueprintId, 'readContent').catch(
      () => null,
    );
    if (blueprint?.type !== 'TRAJECTORY' || blueprint.status !== 'LIVE')
      throw badRequest('validationError', [{ path: 'blueprintId', key: 'invalidValue' }]);
    const snapshot = await readDocumentVersion(trx, actor.organisationId, blueprint.document_id);
    const content = snapshot.content as unknown as TrajectoryBlueprintContent;
    const document = (kind: keyof typeof TRAJECTORY_KINDS, value: unknown) =>
      createDocument(trx, {
        kind: TRAJECTORY_KINDS[kind],
        organisationId: actor.organisationId,
        actorId: actor.userId,
        content: value as JsonValue,
      });
    const form = await document('form', formFromFields(content.information.fields));
    const evaluation = await document(
      'evaluation',
      evaluationFromBlueprint(content.competenceList.competences, content.scoreInfo),
    );
    const accessDocument = await document('access', access);
    const row = await trx
      .insertInto('trajectories')
      .values({
        organisation_id: actor.organisationId,
        name: input.name.trim(),
        description: input.description?.trim() || null,
        active_until: firstActiveUntil(ctx, actor.organisationId),
        blueprint_id: blueprint.id,
        blueprint_version: snapshot.version,
        form_document_id: form.id,
        evaluation_document_id: evaluation.id,
        access_document_id: accessDocument.id,
        information: JSON.stringify({}),
        dashboard: JSON.stringify({ widgets: content.dashboard.widgets }),
        // The report blueprints {id, version, name, fields} as they are now (D9): reports come from these.
        report_blueprints: JSON.stringify(content.reportBlueprints ?? []),
        created_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAccessRows(
      trx,
      actor.organisationId,
      row.id,
      accessDocument.content as unknown as TrajectoryAccess,
    );
    return row.id;
  });
}

/**
 * Title and description (METADATA, active), and in organisation 0 the last active day (D12: METADATA
 * holders set `activeUntil` here; a private organisation extends only with credits, 403
 * activeUntilByCredits). Moving activeUntil is allowed while the trajectory is inactive — it is how an
 * expired one comes back — but a title or description change then still answers 403 expiredTrajectory.
 * A description changed to more than 255 characters is refused (D5).
 */
export async function updateTrajectory(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateTrajectory,
): Promise<TrajectoryInfo> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'updateActiveUntil');
    const name = input.name.trim();
    const description = input.description?.trim() || null;
    const activeUntil = input.activeUntil === undefined ? row.active_until : input.activeUntil;
    const movesActiveUntil = activeUntil !== row.active_until;
    if (movesActiveUntil && actor.organisationId !== PROVIDER_ORGANISATION_ID)
      throw forbidden('activeUntilByCredits');
    const renames = name !== row.name || description !== row.description;
    if (renames) assertTrajectoryAction(ctx, row, 'updateMetadata');
    if (detailDescriptionProblem(row.description, description))
      throw badRequest('validationError', [{ path: 'description', key: 'tooLong' }]);
    if (renames || movesActiveUntil)
      await trx
        .updateTable('trajectories')
        .set({ name, description, active_until: activeUntil, modified_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    return presentInfo(ctx, trx, (await findTrajectory(trx, actor.organisationId, actor.email, id))!);
  });
}

/** Delete (DELETED) and restore (LIVE): METADATA (D13), also while inactive. */
export async function setTrajectoryStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: 'LIVE' | 'DELETED',
): Promise<TrajectoryInfo & { status: 'LIVE' | 'DELETED' }> {
  return ctx.db.transaction().execute(async (trx) => {
    await authorizeTrajectory(ctx, trx, actor, id, 'setStatus');
    await trx
      .updateTable('trajectories')
      .set({ status, status_modified_at: sql`now()`, status_modified_by: actor.userId })
      .where('id', '=', id)
      .execute();
    const row = (await findTrajectory(trx, actor.organisationId, actor.email, id))!;
    return { ...(await presentInfo(ctx, trx, row)), status: row.status };
  });
}

/** Deletes a trajectory for good with its documents and their history (METADATA). */
export async function removeTrajectory(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'delete');
    const reports = await reportDocumentIds(trx, id);
    await trx.deleteFrom('trajectories').where('id', '=', id).execute();
    await deleteDocuments(trx, actor.organisationId, [
      row.form_document_id,
      row.evaluation_document_id,
      row.access_document_id,
      ...reports,
    ]);
  });
}
