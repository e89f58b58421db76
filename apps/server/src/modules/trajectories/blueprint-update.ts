import {
  type BlueprintUpdatePreview,
  blueprintUpdateChanges,
  type Evaluation,
  type JsonValue,
  migrateAccess,
  migrateEvaluation,
  migrateForm,
  rolesGrantRightsAdmin,
  type TrajectoryAccess,
  type TrajectoryBlueprintContent,
  type TrajectoryInfo,
  userRoles,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, readDocumentVersion, replaceDocument, staleDocument } from '../../engine/engine.ts';
import { badRequest, conflict, zodFields } from '../../errors.ts';
import type { FormContent } from './files.ts';
import { findTrajectory, type TrajectoryRow, writeAccessRows } from './repository.ts';
import { authorizeTrajectory, presentInfo } from './service.ts';

const FULL = { visible: (content: JsonValue) => content, canWrite: () => true };

/**
 * The trajectory's blueprint at the version it was made from and at its latest version (D9, D10).
 * The linked blueprint must still be LIVE in the same organisation; otherwise there is nothing to move
 * to (409 conflict).
 */
async function versions(db: Db, row: TrajectoryRow) {
  if (row.blueprint_id === null || row.blueprint_version === null) throw conflict();
  const blueprint = await db
    .selectFrom('blueprints')
    .select(['document_id', 'status'])
    .where('id', '=', row.blueprint_id)
    .where('organisation_id', '=', row.organisation_id)
    .executeTakeFirst();
  if (blueprint?.status !== 'LIVE') throw conflict();
  const latest = await readDocumentVersion(db, row.organisation_id, blueprint.document_id);
  const current = await readDocumentVersion(
    db,
    row.organisation_id,
    blueprint.document_id,
    row.blueprint_version,
  );
  return {
    current: { version: current.version, content: current.content as unknown as TrajectoryBlueprintContent },
    latest: { version: latest.version, content: latest.content as unknown as TrajectoryBlueprintContent },
  };
}

/** GET …/update: what moving to the latest blueprint version changes (METADATA). */
export async function previewBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BlueprintUpdatePreview> {
  const row = await authorizeTrajectory(ctx, ctx.db, actor, id, 'updateBlueprint');
  const { current, latest } = await versions(ctx.db, row);
  return {
    currentVersion: current.version,
    latestVersion: latest.version,
    changes:
      current.version === latest.version ? [] : blueprintUpdateChanges(current.content, latest.content),
  };
}

/**
 * PUT …/update: moves the trajectory to `version`, which must still be the latest (409 otherwise, so
 * the user confirms what they saw). Form values are kept by uuid, evaluation entries by competence
 * uuid; removed values stay in the documents' history (each document saved through the engine, with
 * its inverse patch). The access follows the blueprint's roles and must stay valid and keep the
 * actor's RIGHTS (canNotRevokeRight).
 */
export async function applyBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  version: number,
): Promise<TrajectoryInfo> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'updateBlueprint');
    const { current, latest } = await versions(trx, row);
    if (latest.version !== version) throw staleDocument(latest.version);
    if (current.version === latest.version) return presentInfo(ctx, trx, row);
    const save = async (documentId: number, content: unknown) =>
      replaceDocument(trx, {
        jobs: ctx.jobs,
        organisationId: actor.organisationId,
        documentId,
        actorId: actor.userId,
        expectedVersion: undefined,
        permit: FULL,
        content: content as JsonValue,
      });
    const access = (await loadDocument(trx, actor.organisationId, row.access_document_id))
      .content as unknown as TrajectoryAccess;
    const nextAccess = zValidTrajectoryAccess.safeParse(
      migrateAccess(access, current.content.roles, latest.content.roles),
    );
    if (!nextAccess.success) throw badRequest('validationError', zodFields(nextAccess.error.issues));
    if (!rolesGrantRightsAdmin(userRoles(nextAccess.data, actor.email)))
      throw badRequest('canNotRevokeRight');
    const form = (await loadDocument(trx, actor.organisationId, row.form_document_id))
      .content as unknown as FormContent;
    await save(row.form_document_id, migrateForm(form, latest.content.information.fields));
    const evaluation = (await loadDocument(trx, actor.organisationId, row.evaluation_document_id))
      .content as unknown as Evaluation;
    await save(row.evaluation_document_id, migrateEvaluation(evaluation, latest.content));
    const savedAccess = await save(row.access_document_id, nextAccess.data);
    await writeAccessRows(trx, actor.organisationId, id, savedAccess.content as unknown as TrajectoryAccess);
    await trx
      .updateTable('trajectories')
      .set({
        blueprint_version: latest.version,
        dashboard: JSON.stringify({ widgets: latest.content.dashboard.widgets }),
        // New reports come from the newer copies (D9); existing reports keep their own structure.
        report_blueprints: JSON.stringify(latest.content.reportBlueprints ?? []),
        modified_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const updated = await findTrajectory(trx, actor.organisationId, actor.email, id);
    // The actor keeps RIGHTS (checked above), so they still read it.
    return presentInfo(ctx, trx, updated!);
  });
}
