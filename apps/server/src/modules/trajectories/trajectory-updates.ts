import type {
  TrajectoryUpdateCheckResult,
  TrajectoryUpdatePreview,
  TrajectoryUpdateResult,
  TrajectoryUpdateRun,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { parseJson, readDocumentVersion, replaceDocument } from '../../engine/engine.ts';
import type { DocumentKind } from '../../engine/kinds.ts';
import { AppError, type FieldError, notFound } from '../../errors.ts';
import { type BlueprintMove, moveToLatest, previewOf } from './blueprint-update.ts';
import { loadGrant, loadGrants } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { accessRightsOf } from './policy.ts';
import { writeAccessRows } from './repository.ts';

/**
 * D10, D56: a cohort of trajectories moved to their blueprints' latest versions in one step — the check
 * (what moves, per trajectory), the update (all or none) and its undo (all back, while none was changed
 * since). Each trajectory moves as the single update moves it (blueprint-update.ts `moveToLatest`).
 */

/** The server's own copy of an earlier version: every place writable (as the move itself, FULL there). */
const FULL = { visible: (content: unknown) => content, canWrite: () => true };

/**
 * POST …/trajectory-updates/check: per trajectory its title, versions and what moving changes, as the
 * actor may see it (D40). 404 when one is not theirs to see, then 403 naming each they may not update.
 * A trajectory whose blueprint is gone (deleted, or none) has no latest version: `latestVersion` null.
 */
export async function checkTrajectoryUpdate(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
): Promise<TrajectoryUpdateCheckResult> {
  await loadGrants(ctx, ctx.db, actor, ids, 'updateBlueprint', 'ids');
  const trajectories: TrajectoryUpdatePreview[] = [];
  for (const id of new Set(ids)) {
    const grant = await loadGrant(ctx, ctx.db, actor, id, 'updateBlueprint');
    const title = grant.row.name;
    try {
      trajectories.push({ id, title, ...(await previewOf(ctx.db, grant)) });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
      trajectories.push({
        id,
        title,
        currentVersion: grant.row.blueprint_version,
        latestVersion: null,
        changes: [],
      });
    }
  }
  return { trajectories };
}

/** A trajectory's refusal in a cohort update: its own answer, with `trajectories.<index>` naming it. */
function refusalOf(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  const fields: FieldError[] = [
    { path: `trajectories.${index}`, key: error.key },
    ...(error.fields ?? []).map((field) => ({ path: `trajectories.${index}.${field.path}`, key: field.key })),
  ];
  return new AppError(error.status, error.key, fields, error.headers, error.version);
}

/**
 * POST …/trajectory-updates: every trajectory to the version its check showed, in one transaction — a
 * refusal of one (404, 403, 409 staleDocument, 400) leaves all as they were, its fields naming it at
 * `trajectories.<index>`. One already at its latest version is left alone. The update is recorded for
 * its undo, also when it moved none.
 */
export async function runTrajectoryUpdate(
  ctx: AppContext,
  actor: Actor,
  body: TrajectoryUpdateRun,
): Promise<TrajectoryUpdateResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const wanted = body.trajectories;
    await loadGrants(
      ctx,
      trx,
      actor,
      wanted.map((entry) => entry.id),
      'updateBlueprint',
      'trajectories',
    );
    const moves: BlueprintMove[] = [];
    const seen = new Set<number>();
    for (const [index, { id, version }] of wanted.entries()) {
      if (seen.has(id)) continue;
      seen.add(id);
      try {
        const grant = await loadGrant(ctx, trx, actor, id, 'updateBlueprint');
        const moved = await moveToLatest(ctx, trx, actor, grant.row, version);
        if (moved) moves.push(moved);
      } catch (error) {
        throw refusalOf(error, index);
      }
    }
    const { id } = await trx
      .insertInto('trajectory_updates')
      .values({ organisation_id: actor.organisationId, user_id: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (moves.length > 0)
      await trx
        .insertInto('trajectory_update_items')
        .values(
          moves.map((move) => ({
            update_id: id,
            organisation_id: actor.organisationId,
            trajectory_id: move.trajectoryId,
            from_version: move.from,
            to_version: move.to,
            form_version_before: move.form.before,
            form_version: move.form.after,
            evaluation_version_before: move.evaluation.before,
            evaluation_version: move.evaluation.after,
            access_version_before: move.access.before,
            access_version: move.access.after,
            dashboard: JSON.stringify(move.dashboard),
            report_blueprints: JSON.stringify(move.reportBlueprints),
          })),
        )
        .execute();
    return { id, moved: moves.map((move) => ({ id: move.trajectoryId, from: move.from, to: move.to })) };
  });
}

/**
 * DELETE …/trajectory-updates/{id}: puts every trajectory of the update back as it was before it, in one
 * transaction. Only the user who made it, and once: any other update, or one undone already, answers 404.
 * When one of its trajectories changed since — a document saved past the version the update left, another
 * blueprint version, or the trajectory deleted — 409 updateNotUndoable with `trajectories.<id>` for each,
 * and nothing is undone. Each document goes back through the engine (its content at the version before the
 * update, saved as a new version), so the history shows the undo.
 */
export async function undoTrajectoryUpdate(ctx: AppContext, actor: Actor, updateId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const update = await trx
      .selectFrom('trajectory_updates')
      .select('id')
      .where('id', '=', updateId)
      .where('organisation_id', '=', actor.organisationId)
      .where('user_id', '=', actor.userId)
      .where('undone_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!update) throw notFound();
    const ids = (
      await trx
        .selectFrom('trajectory_update_items')
        .select('trajectory_id')
        .where('update_id', '=', updateId)
        .where('organisation_id', '=', actor.organisationId)
        .execute()
    ).map((item) => item.trajectory_id);
    await lockTrajectories(trx, actor.organisationId, ids);
    const items = await trx
      .selectFrom('trajectory_update_items as i')
      .innerJoin('trajectories as t', 't.id', 'i.trajectory_id')
      .selectAll('i')
      .select([
        't.status',
        't.blueprint_version',
        't.form_document_id',
        't.evaluation_document_id',
        't.access_document_id',
      ])
      .where('i.update_id', '=', updateId)
      .where('i.organisation_id', '=', actor.organisationId)
      .orderBy('i.trajectory_id')
      .execute();
    const versions = await documentVersions(
      trx,
      actor.organisationId,
      items.flatMap((item) => [item.form_document_id, item.evaluation_document_id, item.access_document_id]),
    );
    const changed = items.filter(
      (item) =>
        item.status !== 'LIVE' ||
        item.blueprint_version !== item.to_version ||
        versions.get(item.form_document_id) !== item.form_version ||
        versions.get(item.evaluation_document_id) !== item.evaluation_version ||
        versions.get(item.access_document_id) !== item.access_version,
    );
    if (changed.length > 0)
      throw new AppError(
        409,
        'updateNotUndoable',
        changed.map((item) => ({ path: `trajectories.${item.trajectory_id}`, key: 'updateNotUndoable' })),
      );
    // Still theirs to move (a role taken since, or an inactive trajectory, refuses as the update would).
    await loadGrants(ctx, trx, actor, ids, 'updateBlueprint');
    const restore = async <T>(documentId: number, kind: DocumentKind<T>, before: number, after: number) => {
      if (before === after) return null;
      const earlier = await readDocumentVersion(trx, actor.organisationId, documentId, before, kind);
      await replaceDocument(trx, {
        jobs: ctx.jobs,
        organisationId: actor.organisationId,
        documentId,
        actorId: actor.userId,
        expectedVersion: after,
        kind,
        permit: FULL,
        content: earlier.content,
        // Its own past: files it held then are the server's to bring back (D42).
        vouchedFiles: kind.resources?.(earlier.content) ?? [],
      });
      return earlier.content;
    };
    for (const item of items) {
      await restore(
        item.form_document_id,
        TRAJECTORY_KINDS.form,
        item.form_version_before,
        item.form_version,
      );
      await restore(
        item.evaluation_document_id,
        TRAJECTORY_KINDS.evaluation,
        item.evaluation_version_before,
        item.evaluation_version,
      );
      const access = await restore(
        item.access_document_id,
        TRAJECTORY_KINDS.access,
        item.access_version_before,
        item.access_version,
      );
      if (access)
        await writeAccessRows(trx, actor.organisationId, item.trajectory_id, accessRightsOf(access), {
          actorId: actor.userId,
          action: 'trajectory.updateUndone',
        });
      await trx
        .updateTable('trajectories')
        .set({
          blueprint_version: item.from_version,
          dashboard: JSON.stringify(parseJson(item.dashboard)),
          report_blueprints: JSON.stringify(parseJson(item.report_blueprints)),
          modified_at: sql`now()`,
        })
        .where('id', '=', item.trajectory_id)
        .where('organisation_id', '=', actor.organisationId)
        .execute();
    }
    await trx
      .updateTable('trajectory_updates')
      .set({ undone_at: sql`now()` })
      .where('id', '=', updateId)
      .execute();
  });
}

/** The trajectories' rows locked (in id order): a move or another undo of them waits for this one. */
async function lockTrajectories(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .selectFrom('trajectories')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The documents' current versions, their rows locked (no save slips in between the check and the undo). */
async function documentVersions(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row.version]));
}
