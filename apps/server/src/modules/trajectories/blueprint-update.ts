import {
  type BlueprintUpdatePreview,
  blueprintUpdateChanges,
  migrateAccess,
  migrateEvaluation,
  migrateForm,
  type TrajectoryInfo,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, readDocumentVersion, replaceDocument, staleDocument } from '../../engine/engine.ts';
import type { DocumentKind } from '../../engine/kinds.ts';
import { badRequest, conflict, zodFields } from '../../errors.ts';
import { TRAJECTORY_BLUEPRINT_KIND } from '../blueprints/index.ts';
import { formResourceIds } from './files.ts';
import { allows, loadGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, readerWithRoles } from './parts.ts';
import { accessRightsOf, holdsRightsAdmin } from './policy.ts';
import { type TrajectoryRow, writeAccessRows } from './repository.ts';
import { presentInfo } from './service.ts';

/** The update is the server's own copy of the newer blueprint (METADATA allowed it): every place writable. */
const FULL = { visible: (content: unknown) => content, canWrite: () => true };

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
  const read = (version: number | undefined) =>
    readDocumentVersion(db, row.organisation_id, blueprint.document_id, version, TRAJECTORY_BLUEPRINT_KIND);
  return { current: await read(row.blueprint_version), latest: await read(undefined) };
}

/** GET …/update: what moving to the latest blueprint version changes (METADATA). */
export async function previewBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BlueprintUpdatePreview> {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'updateBlueprint');
  const { current, latest } = await versions(ctx.db, grant.row);
  // D40: only fields the user may read now, or will read under the same roles in the latest version.
  const names = new Set(grant.roles.map((role) => role.name));
  const readable = new Set<string>();
  for (const [fields, roles] of [
    [current.content.information.fields, grant.roles],
    [latest.content.information.fields, latest.content.roles.filter((role) => names.has(role.name))],
  ] as const)
    for (const [field, access] of formPart.access({ fields, values: {} }, readerWithRoles(roles)))
      if (access.read) readable.add(field.uuid);
  if (current.version === latest.version)
    return { currentVersion: current.version, latestVersion: latest.version, changes: [] };
  // D56: how many entries a removed competence leaves in the history, or a successor takes, only for a user
  // who reads the evaluation.
  const evaluation = allows(grant, 'readEvaluation')
    ? (
        await loadDocument(ctx.db, grant.row.organisation_id, grant.row.evaluation_document_id, {
          kind: TRAJECTORY_KINDS.evaluation,
        })
      ).content
    : undefined;
  return {
    currentVersion: current.version,
    latestVersion: latest.version,
    changes: blueprintUpdateChanges(
      current.content,
      latest.content,
      (uuid) => readable.has(uuid),
      evaluation,
    ),
  };
}

/**
 * PUT …/update: moves the trajectory to `version`, which must still be the latest (409 otherwise, so
 * the user confirms what they saw). Form values are kept by uuid, evaluation entries by competence
 * uuid; removed values stay in the documents' history (each document saved through the engine, with
 * its inverse patch). The access follows the blueprint's roles and must stay valid; an actor holding
 * RIGHTS must keep them (canNotRevokeRight).
 */
export async function applyBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  version: number,
): Promise<TrajectoryInfo> {
  return ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'updateBlueprint');
    const { row } = grant;
    const { current, latest } = await versions(trx, row);
    if (latest.version !== version) throw staleDocument(latest.version);
    if (current.version === latest.version) return presentInfo(trx, grant);
    // The server copies the newer blueprint version's content (D9, D10): its files are vouched for
    // (D42 judges what a writer adds, not what the blueprint brings).
    const save = async <T>(
      documentId: number,
      kind: DocumentKind<T>,
      content: T,
      vouchedFiles: readonly number[] = [],
    ) =>
      replaceDocument(trx, {
        jobs: ctx.jobs,
        organisationId: actor.organisationId,
        documentId,
        actorId: actor.userId,
        expectedVersion: undefined,
        kind,
        permit: FULL,
        content,
        vouchedFiles,
      });
    const load = <T>(documentId: number, kind: DocumentKind<T>) =>
      loadDocument(trx, actor.organisationId, documentId, { kind }).then((document) => document.content);
    const access = await load(row.access_document_id, TRAJECTORY_KINDS.access);
    const nextAccess = zValidTrajectoryAccess.safeParse(
      migrateAccess(access, current.content.roles, latest.content.roles),
    );
    if (!nextAccess.success) throw badRequest('validationError', zodFields(nextAccess.error.issues));
    // An actor holding RIGHTS keeps them; a METADATA holder without RIGHTS (who may update) has none to lose.
    if (holdsRightsAdmin(access, actor.email) && !holdsRightsAdmin(nextAccess.data, actor.email))
      throw badRequest('canNotRevokeRight');
    const form = await load(row.form_document_id, TRAJECTORY_KINDS.form);
    const migrated = migrateForm(form, latest.content.information.fields);
    await save(row.form_document_id, TRAJECTORY_KINDS.form, migrated, formResourceIds(migrated));
    const evaluation = await load(row.evaluation_document_id, TRAJECTORY_KINDS.evaluation);
    await save(
      row.evaluation_document_id,
      TRAJECTORY_KINDS.evaluation,
      migrateEvaluation(evaluation, latest.content),
    );
    await save(row.access_document_id, TRAJECTORY_KINDS.access, nextAccess.data);
    await writeAccessRows(trx, actor.organisationId, id, accessRightsOf(nextAccess.data));
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
    // The actor keeps RIGHTS (checked above), so they still read it; their roles may have changed.
    return presentInfo(trx, await loadGrant(ctx, trx, actor, id, 'read'));
  });
}
