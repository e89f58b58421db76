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
import {
  loadDocument,
  parseJson,
  readDocumentVersion,
  replaceDocument,
  type StoredDocument,
  staleDocument,
} from '../../engine/engine.ts';
import type { DocumentKind } from '../../engine/kinds.ts';
import { badRequest, conflict, zodFields } from '../../errors.ts';
import { TRAJECTORY_BLUEPRINT_KIND } from '../blueprints/index.ts';
import { allows, loadGrant, type TrajectoryGrant } from './grant.ts';
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

/**
 * What moving the grant's trajectory to its blueprint's latest version changes (D10), as the grant's
 * actor may see it (D40): only fields they may read now, or will read under the same roles in the latest
 * version; the entries a removed or replaced competence holds (D56) only for a reader of the evaluation.
 * The single preview and the cohort's check (trajectory-updates.ts) both answer this.
 */
export async function previewOf(db: Db, grant: TrajectoryGrant): Promise<BlueprintUpdatePreview> {
  const { current, latest } = await versions(db, grant.row);
  if (current.version === latest.version)
    return { currentVersion: current.version, latestVersion: latest.version, changes: [] };
  const names = new Set(grant.roles.map((role) => role.name));
  const readable = new Set<string>();
  for (const [fields, roles] of [
    [current.content.information.fields, grant.roles],
    [latest.content.information.fields, latest.content.roles.filter((role) => names.has(role.name))],
  ] as const)
    for (const [field, access] of formPart.access({ fields, values: {} }, readerWithRoles(roles)))
      if (access.read) readable.add(field.uuid);
  const evaluation = allows(grant, 'readEvaluation')
    ? (
        await loadDocument(db, grant.row.organisation_id, grant.row.evaluation_document_id, {
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

/** GET …/update: what moving to the latest blueprint version changes (METADATA). */
export async function previewBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<BlueprintUpdatePreview> {
  return previewOf(ctx.db, await loadGrant(ctx, ctx.db, actor, id, 'updateBlueprint'));
}

/** A document's version before and right after a move (equal when the move left it as it was). */
export interface MovedDocument {
  id: number;
  before: number;
  after: number;
}

/**
 * One trajectory moved (`moveToLatest`): its blueprint versions, its three documents' versions, and the
 * row's values the move replaced — all a cohort update's undo needs to put it back (D56).
 */
export interface BlueprintMove {
  trajectoryId: number;
  from: number;
  to: number;
  form: MovedDocument;
  evaluation: MovedDocument;
  access: MovedDocument;
  dashboard: unknown;
  reportBlueprints: unknown;
}

/**
 * Moves one trajectory to `version`, which must still be its blueprint's latest (409 staleDocument
 * otherwise, so the user confirms what they saw), inside the caller's transaction `trx`; null when it is
 * already there. Form values are kept by uuid, evaluation entries by competence uuid or carried to a
 * successor (D56); removed values stay in the documents' history (each document saved through the engine,
 * with its inverse patch). The access follows the blueprint's roles and must stay valid; an actor holding
 * RIGHTS must keep them (canNotRevokeRight). The single PUT and the cohort update both move with this.
 */
export async function moveToLatest(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  grantRow: TrajectoryRow,
  version: number,
): Promise<BlueprintMove | null> {
  const id = grantRow.id;
  // The row locked: two moves of one trajectory at once take turns, the second sees the first's version.
  const locked = await trx
    .selectFrom('trajectories')
    .select(['blueprint_version', 'dashboard', 'report_blueprints'])
    .where('id', '=', id)
    .where('organisation_id', '=', actor.organisationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row = { ...grantRow, blueprint_version: locked.blueprint_version };
  const { current, latest } = await versions(trx, row);
  if (latest.version !== version) throw staleDocument(latest.version);
  if (current.version === latest.version) return null;
  // The server copies the newer blueprint version's content (D9, D10): its files are vouched for
  // (D42 judges what a writer adds, not what the blueprint brings).
  const load = <T>(documentId: number, kind: DocumentKind<T>) =>
    loadDocument(trx, actor.organisationId, documentId, { kind, forUpdate: true });
  const save = async <T>(
    document: StoredDocument<T>,
    kind: DocumentKind<T>,
    content: T,
  ): Promise<MovedDocument> => {
    const saved = await replaceDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: document.id,
      actorId: actor.userId,
      expectedVersion: undefined,
      kind,
      permit: FULL,
      content,
      locked: document,
      vouchedFiles: kind.resources?.(content) ?? [],
    });
    return { id: document.id, before: document.version, after: saved.version };
  };
  const access = await load(row.access_document_id, TRAJECTORY_KINDS.access);
  const nextAccess = zValidTrajectoryAccess.safeParse(
    migrateAccess(access.content, current.content.roles, latest.content.roles),
  );
  if (!nextAccess.success) throw badRequest('validationError', zodFields(nextAccess.error.issues));
  // An actor holding RIGHTS keeps them; a METADATA holder without RIGHTS (who may update) has none to lose.
  if (holdsRightsAdmin(access.content, actor.email) && !holdsRightsAdmin(nextAccess.data, actor.email))
    throw badRequest('canNotRevokeRight');
  const form = await load(row.form_document_id, TRAJECTORY_KINDS.form);
  const movedForm = await save(
    form,
    TRAJECTORY_KINDS.form,
    migrateForm(form.content, latest.content.information.fields),
  );
  const evaluation = await load(row.evaluation_document_id, TRAJECTORY_KINDS.evaluation);
  const movedEvaluation = await save(
    evaluation,
    TRAJECTORY_KINDS.evaluation,
    migrateEvaluation(evaluation.content, latest.content),
  );
  const movedAccess = await save(access, TRAJECTORY_KINDS.access, nextAccess.data);
  await writeAccessRows(trx, actor.organisationId, id, accessRightsOf(nextAccess.data), {
    actorId: actor.userId,
    action: 'trajectory.blueprintUpdate',
  });
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
  return {
    trajectoryId: id,
    from: current.version,
    to: latest.version,
    form: movedForm,
    evaluation: movedEvaluation,
    access: movedAccess,
    dashboard: parseJson(locked.dashboard),
    reportBlueprints: parseJson(locked.report_blueprints),
  };
}

/** PUT …/update: moves the trajectory to `version` (`moveToLatest`) and answers it as its header shows it. */
export async function applyBlueprintUpdate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  version: number,
): Promise<TrajectoryInfo> {
  return ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'updateBlueprint');
    const moved = await moveToLatest(ctx, trx, actor, grant.row, version);
    if (!moved) return presentInfo(trx, grant);
    // The actor keeps RIGHTS (checked above), so they still read it; their roles may have changed.
    return presentInfo(trx, await loadGrant(ctx, trx, actor, id, 'read'));
  });
}
