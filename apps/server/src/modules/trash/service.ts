import { parseTrashId, type TrashItem, trashId } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { deleteDocuments } from '../../engine/engine.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { blueprintAllows, deleteBlueprint, updateBlueprint } from '../blueprints/index.ts';
import { thumbnailKey } from '../resources/index.ts';
import { allowedTrajectories, reportDocumentIds } from '../trajectories/index.ts';
import { deleteUnreferencedFiles, filesOfDocuments } from './files.ts';
import {
  deleteTrajectoryRow,
  listDeletedBlueprints,
  listDeletedTrajectories,
  lockBlueprint,
  lockTrajectory,
  restoreTrajectoryRow,
} from './repository.ts';

/**
 * GET /api/trash (D38): the organisation's deleted trajectories and blueprints that the user can see,
 * each with `admin` (D13: the batch grant's answer for the trajectories), the most recently deleted first.
 */
export async function listTrash(ctx: AppContext, actor: Actor): Promise<TrashItem[]> {
  const [trajectories, blueprints] = await Promise.all([
    listDeletedTrajectories(ctx.db, actor.organisationId, actor.email),
    listDeletedBlueprints(ctx.db, actor.organisationId, actor.email),
  ]);
  const admin = await allowedTrajectories(
    ctx,
    ctx.db,
    actor,
    trajectories.map((row) => row.id),
    'delete',
    'DELETED',
  );
  const items: (TrashItem & { at: number })[] = [
    ...trajectories.map((row) => ({
      id: trashId('trajectory', row.id),
      name: row.name,
      type: 'TRAJECTORY' as const,
      admin: admin.has(row.id),
      statusModifiedOn: row.status_modified_at?.toISOString() ?? null,
      statusModifiedByEmail: row.deleted_by ?? null,
      at: row.status_modified_at?.getTime() ?? 0,
    })),
    ...blueprints.map((row) => ({
      id: trashId('blueprint', row.id),
      name: row.name,
      type: row.type,
      admin: blueprintAllows(ctx, actor, row, 'delete'),
      statusModifiedOn: row.status_modified_at?.toISOString() ?? null,
      statusModifiedByEmail: row.deleted_by ?? null,
      at: row.status_modified_at?.getTime() ?? 0,
    })),
  ];
  items.sort((a, b) => b.at - a.at || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return items.map(({ at: _at, ...item }) => item);
}

/**
 * An item in the trash, locked: 404 when it is not in the actor's organisation, the actor cannot see
 * it, or it is not deleted (a LIVE item is not in the trash); 403 when they see it but are not its admin.
 */
async function lockTrashItem(ctx: AppContext, db: Db, actor: Actor, id: string) {
  const parsed = parseTrashId(id);
  if (!parsed) throw badRequest('validationError', [{ path: 'id', key: 'invalidValue' }]);
  // Restoring and deleting for good both need the item's "admin" (D13), asked of its owner's policy: a
  // trajectory's grant (`delete`: METADATA, the right that deletes it), a blueprint's (`delete`: ADMIN).
  if (parsed.kind === 'trajectory') {
    const row = await lockTrajectory(db, actor.organisationId, actor.email, parsed.id);
    if (row?.status !== 'DELETED') throw notFound();
    const allowed = await allowedTrajectories(ctx, db, actor, [row.id], 'delete', 'DELETED');
    if (!allowed.has(row.id)) throw forbidden();
    return { kind: 'trajectory' as const, row };
  }
  const row = await lockBlueprint(db, actor.organisationId, actor.email, parsed.id);
  if (row?.status !== 'DELETED') throw notFound();
  if (!blueprintAllows(ctx, actor, row, 'delete')) throw forbidden();
  return { kind: 'blueprint' as const, row };
}

/**
 * PUT /api/trash/{id} {status: LIVE}: back in its list as it was (same documents, versions, access
 * and rights). Names need not be unique (spec part 2 §5), so a restore never conflicts.
 */
export async function restoreTrashItem(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const item = await lockTrashItem(ctx, trx, actor, id);
    if (item.kind === 'trajectory') await restoreTrajectoryRow(trx, item.row.id, actor.userId);
    else await updateBlueprint(trx, item.row.id, { status: 'LIVE', status_modified_by: actor.userId });
  });
}

/**
 * DELETE /api/trash/{id}: gone for good, in one transaction — a trajectory with its form, evaluation,
 * access and report documents, their versions and events, its access rows and reports; a blueprint
 * with its document, versions, events and user rights. Then the files those documents held that
 * nothing else still refers to (files.ts); their bytes leave storage after the commit.
 *
 * A blueprint that trajectories (or other blueprints) were made from may go: each holds its own
 * snapshot (D9) — the trajectory's documents, dashboard and report blueprints, the trajectory
 * blueprint's copies of its parts — and shows the link as removed; the files it shares stay.
 */
export async function deleteTrashItem(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const storageKeys = await ctx.db.transaction().execute(async (trx) => {
    const item = await lockTrashItem(ctx, trx, actor, id);
    let documents: number[];
    if (item.kind === 'trajectory') {
      documents = [
        item.row.form_document_id,
        item.row.evaluation_document_id,
        item.row.access_document_id,
        ...(await reportDocumentIds(trx, item.row.id)),
      ];
    } else {
      documents = [item.row.document_id];
    }
    const files = await filesOfDocuments(trx, actor.organisationId, documents);
    if (item.kind === 'trajectory') await deleteTrajectoryRow(trx, item.row.id);
    else await deleteBlueprint(trx, item.row.id);
    // Events and file references go with their documents (on delete cascade, migration 0002).
    await deleteDocuments(trx, actor.organisationId, documents);
    return deleteUnreferencedFiles(trx, actor.organisationId, files);
  });
  for (const key of storageKeys.flatMap((stored) => [stored, thumbnailKey(stored)])) {
    try {
      await ctx.storage.remove(key);
    } catch (error) {
      // The row is gone, so nothing can reach the bytes; a leftover file is only disk space.
      ctx.logger.warn({ err: error, key }, 'trash: could not remove a file from storage');
    }
  }
}
