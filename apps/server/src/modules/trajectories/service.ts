import {
  addDays,
  addMonths,
  businessToday,
  type CreateTrajectory,
  detailDescriptionProblem,
  evaluationFromBlueprint,
  formatPointer,
  formFromFields,
  type JsonValue,
  PROVIDER_ORGANISATION_ID,
  splitInformation,
  type TrajectoryAccess,
  type TrajectoryBlueprintContent,
  type TrajectoryInfo,
  type TrajectoryInformation,
  type TrajectoryListItem,
  type TrajectoryProgress,
  type TrajectoryRight,
  type UpdateTrajectory,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { createDocument, deleteDocuments, patchDocument, readDocumentVersion } from '../../engine/engine.ts';
import type { DocumentKind } from '../../engine/kinds.ts';
import { AppError, badRequest, zodFields } from '../../errors.ts';
import { authorizeBlueprint, TRAJECTORY_BLUEPRINT_KIND } from '../blueprints/index.ts';
import type { FormContent } from './files.ts';
import { abilitiesOf, loadGrant, requireAction, type TrajectoryGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, permitOf, readerOf } from './parts.ts';
import { accessRightsOf, holdsRightsAdmin } from './policy.ts';
import { reportDocumentIds } from './report-repository.ts';
import {
  findLinkedBlueprint,
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

/**
 * The detail header: the item, its blueprint link (name, removed, latest version), what the frame shows
 * and what the reader may do there (`abilities`, from their grant).
 */
export async function presentInfo(db: Db, grant: TrajectoryGrant): Promise<TrajectoryInfo> {
  const { row } = grant;
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
    expired: !grant.active,
    abilities: abilitiesOf(grant),
  };
}

/**
 * A list row: the item and, for a reader of the evaluation, its progress (issue 22) as the database keeps
 * it (`PROGRESS_COLUMNS`); null for anyone else.
 */
export function presentListItem(
  row: Parameters<typeof presentItem>[0] & { progress: string | null },
): TrajectoryListItem {
  return { ...presentItem(row), progress: progressOf(row.progress) };
}

type StoredProgress = [number, number, number | null, string | null, string | null, string | null];

/** The list's figures from the trajectory's `progress` column (migration 0016's compact array). */
export function progressOf(stored: string | null): TrajectoryProgress | null {
  if (stored === null) return null;
  const [competences, scored, score, name, colour, lastAssessed] = JSON.parse(stored) as StoredProgress;
  return {
    competences,
    scored,
    average: score === null ? null : { score, name: name ?? String(score), colour },
    lastAssessed,
  };
}

export async function listTrajectories(
  ctx: AppContext,
  actor: Actor,
  status: 'LIVE' | 'DELETED',
): Promise<TrajectoryListItem[]> {
  const rows = await selectTrajectoryItems(ctx.db, actor.organisationId, actor.email, status).execute();
  return rows.map(presentListItem);
}

export async function getTrajectory(ctx: AppContext, actor: Actor, id: number): Promise<TrajectoryInfo> {
  return presentInfo(ctx.db, await loadGrant(ctx, ctx.db, actor, id, 'read'));
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
  if (!holdsRightsAdmin(access, actor.email)) throw badRequest('principalRequiredRights');
  return ctx.db.transaction().execute(async (trx) => {
    const source = await trajectorySource(ctx, trx, actor, input.blueprintId);
    return insertTrajectory(ctx, trx, actor, source, {
      name: input.name,
      description: input.description ?? null,
      access,
      information: input.information ?? {},
    });
  });
}

/** The trajectory blueprint new trajectories are made from, read once (an import makes many from it). */
export interface TrajectorySource {
  blueprintId: number;
  version: number;
  content: TrajectoryBlueprintContent;
}

/**
 * The LIVE trajectory blueprint `blueprintId` at its current version (D9), when the actor may read its
 * content; else 400 invalidValue at `blueprintId` — or, with `unreadable: 'notFound'`, the 404 of a
 * blueprint the actor cannot see at all (another organisation's) stays a 404.
 */
export async function trajectorySource(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  blueprintId: number,
  options: { unreadable?: 'invalidValue' | 'notFound' } = {},
): Promise<TrajectorySource> {
  const blueprint = await authorizeBlueprint(ctx, db, actor, blueprintId, 'readContent').catch((error) => {
    if (options.unreadable === 'notFound' && error instanceof AppError && error.status === 404) throw error;
    return null;
  });
  if (blueprint?.type !== 'TRAJECTORY' || blueprint.status !== 'LIVE')
    throw badRequest('validationError', [{ path: 'blueprintId', key: 'invalidValue' }]);
  const snapshot = await readDocumentVersion(
    db,
    actor.organisationId,
    blueprint.document_id,
    undefined,
    TRAJECTORY_BLUEPRINT_KIND,
  );
  return { blueprintId: blueprint.id, version: snapshot.version, content: snapshot.content };
}

/** One new trajectory's own input: already checked (a valid access giving the creator RIGHTS). */
export interface NewTrajectory {
  name: string;
  description: string | null;
  access: TrajectoryAccess;
  information: TrajectoryInformation;
}

/**
 * The per-trajectory work of a create, inside the caller's transaction (one create, or every row of an
 * import, all or nothing): the form, evaluation and access documents from the source's snapshot, the
 * information (D14, D40) and the row with its access rows.
 */
export async function insertTrajectory(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  source: TrajectorySource,
  input: NewTrajectory,
): Promise<number> {
  const { content } = source;
  const create = <T>(kind: DocumentKind<T>, value: T) =>
    createDocument(trx, {
      kind,
      organisationId: actor.organisationId,
      actorId: actor.userId,
      content: value,
    });
  const form = await create(TRAJECTORY_KINDS.form, formFromFields(content.information.fields));
  const information = await fillFromInformation(ctx, trx, actor, input.access, form, input.information);
  const evaluation = await create(
    TRAJECTORY_KINDS.evaluation,
    evaluationFromBlueprint(content.competenceList.competences, content.scoreInfo, content.scoreRule),
  );
  const accessDocument = await create(TRAJECTORY_KINDS.access, input.access);
  const row = await trx
    .insertInto('trajectories')
    .values({
      organisation_id: actor.organisationId,
      name: input.name.trim(),
      description: input.description?.trim() || null,
      active_until: firstActiveUntil(ctx, actor.organisationId),
      blueprint_id: source.blueprintId,
      blueprint_version: source.version,
      form_document_id: form.id,
      evaluation_document_id: evaluation.id,
      access_document_id: accessDocument.id,
      information: JSON.stringify(information),
      dashboard: JSON.stringify({ widgets: content.dashboard.widgets }),
      // The report blueprints {id, version, name, fields} as they are now (D9): reports come from these.
      report_blueprints: JSON.stringify(content.reportBlueprints ?? []),
      created_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAccessRows(trx, actor.organisationId, row.id, accessRightsOf(accessDocument.content), {
    actorId: actor.userId,
    action: 'trajectory.created',
  });
  return row.id;
}

/**
 * D14, D40: the data file's columns that name a form field fill it as the creator's own save of the new
 * form (their field rights decide, as for any form save: 403 for a field they may not write); a text
 * the field cannot take is refused at `information.<column>`. Answers the map: the columns that name no
 * field, so the map and the form never share a value.
 */
async function fillFromInformation(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  access: TrajectoryAccess,
  form: { id: number; content: FormContent },
  information: TrajectoryInformation,
): Promise<TrajectoryInformation> {
  const { content } = form;
  const { values, map, unfit } = splitInformation(content.fields, information);
  if (unfit.length > 0)
    throw badRequest(
      'validationError',
      unfit.map((column) => ({ path: `information.${column}`, key: 'invalidValue' })),
    );
  const patch = Object.entries(values).map(([uuid, value]) => ({
    op: 'add' as const,
    path: formatPointer(['values', uuid]),
    value: value as JsonValue,
  }));
  if (patch.length > 0) {
    const { canWrite } = permitOf(formPart, content, readerOf(access, actor.email));
    await patchDocument(db, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: form.id,
      actorId: actor.userId,
      patch,
      expectedVersion: undefined,
      permit: { visible: (value) => value, canWrite },
    });
  }
  return map;
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
    const grant = await loadGrant(ctx, trx, actor, id, 'update');
    const { row } = grant;
    const name = input.name.trim();
    const description = input.description?.trim() || null;
    const activeUntil = input.activeUntil === undefined ? row.active_until : input.activeUntil;
    const movesActiveUntil = activeUntil !== row.active_until;
    if (movesActiveUntil) requireAction(grant, 'updateActiveUntil');
    const renames = name !== row.name || description !== row.description;
    if (renames) requireAction(grant, 'updateMetadata');
    if (detailDescriptionProblem(row.description, description))
      throw badRequest('validationError', [{ path: 'description', key: 'tooLong' }]);
    if (!renames && !movesActiveUntil) return presentInfo(trx, grant);
    await trx
      .updateTable('trajectories')
      .set({ name, description, active_until: activeUntil, modified_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    // A new last day changes what the reader may do (D12): the grant as it is now.
    return presentInfo(trx, await loadGrant(ctx, trx, actor, id, 'read'));
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
    await loadGrant(ctx, trx, actor, id, 'setStatus');
    await trx
      .updateTable('trajectories')
      .set({ status, status_modified_at: sql`now()`, status_modified_by: actor.userId })
      .where('id', '=', id)
      .execute();
    const grant = await loadGrant(ctx, trx, actor, id, 'read');
    return { ...(await presentInfo(trx, grant)), status: grant.row.status };
  });
}

/** Deletes a trajectory for good with its documents and their history (METADATA). */
export async function removeTrajectory(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await loadGrant(ctx, trx, actor, id, 'delete');
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
