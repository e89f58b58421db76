import {
  applyPatch,
  canWritePath,
  formWritablePaths,
  informationFieldAccess,
  type JsonValue,
  type PatchOperation,
  rolesGrantRightsAdmin,
  type TrajectoryAccess,
  type TrajectoryRole,
  userRoles,
  visibleForm,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, patchDocument, replaceDocument } from '../../engine/engine.ts';
import { badRequest, zodFields } from '../../errors.ts';
import { mayReadResource } from '../resources/service.ts';
import { type FormContent, unreadableNewFiles } from './files.ts';
import { trajectoryReportBlueprints } from './report-repository.ts';
import { type TrajectoryRow, writeAccessRows } from './repository.ts';
import { authorizeTrajectory } from './service.ts';

async function rolesOf(db: Db, actor: Actor, accessDocumentId: number): Promise<TrajectoryRole[]> {
  const access = await loadDocument(db, actor.organisationId, accessDocumentId);
  return userRoles(access.content as unknown as TrajectoryAccess, actor.email);
}

/** The form as the actor may read it, with its version (hidden fields and values stay on the server). */
export async function getForm(ctx: AppContext, actor: Actor, id: number) {
  const row = await authorizeTrajectory(ctx, ctx.db, actor, id, 'read');
  const roles = await rolesOf(ctx.db, actor, row.access_document_id);
  const form = await loadDocument(ctx.db, actor.organisationId, row.form_document_id);
  return { version: form.version, content: visibleForm(form.content as unknown as FormContent, roles) };
}

/**
 * A form value may point only at files the writer may read already (their own uploads, or files
 * readable to them), judged on the stored state: writing someone else's file id into a field would
 * otherwise open that file to every reader of the field. Both sides are the form as the writer sees
 * it, so a file id copied from a field hidden from them counts as new (and unreadable to them). A
 * patch that does not apply is left to the engine's own answer.
 */
async function refuseUnreadableFiles(
  db: Db,
  actor: Actor,
  roles: readonly TrajectoryRole[],
  stored: FormContent,
  patch: readonly PatchOperation[],
): Promise<void> {
  let after: FormContent;
  try {
    after = applyPatch(stored as unknown as JsonValue, patch) as unknown as FormContent;
  } catch {
    return;
  }
  const refused = await unreadableNewFiles(
    db,
    actor.organisationId,
    actor.userId,
    visibleForm(stored, roles),
    visibleForm(after, roles),
    (resourceId) => mayReadResource(db, actor, { id: resourceId, uploaded_by: null }),
  );
  if (refused.length > 0)
    throw badRequest('invalidDocumentContent', [{ path: 'values', key: 'invalidValue' }]);
}

/** A change of form values through the engine: only `/values/{uuid}` of writable fields (D1, D33). */
export async function patchForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: readonly PatchOperation[],
  expectedVersion: number | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'writeContent');
    const roles = await rolesOf(trx, actor, row.access_document_id);
    const current = await loadDocument(trx, actor.organisationId, row.form_document_id);
    const writable = formWritablePaths(current.content as unknown as FormContent, roles);
    await refuseUnreadableFiles(trx, actor, roles, current.content as unknown as FormContent, patch);
    const saved = await patchDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: row.form_document_id,
      actorId: actor.userId,
      patch,
      expectedVersion,
      permit: {
        visible: (content) => visibleForm(content as unknown as FormContent, roles) as unknown as JsonValue,
        canWrite: (pointer) => canWritePath(writable, pointer),
      },
    });
    return { version: saved.version, content: visibleForm(saved.content as unknown as FormContent, roles) };
  });
}

/**
 * Roles and users (D35): every reader sees them; without RIGHTS the field rights are listed only for
 * fields the reader may read. With them the information fields the rights tables list: all for a
 * RIGHTS holder, the readable ones for anyone else (never a value).
 */
export async function getAccess(ctx: AppContext, actor: Actor, id: number) {
  const row = await authorizeTrajectory(ctx, ctx.db, actor, id, 'read');
  return accessView(ctx.db, actor, row);
}

async function accessView(db: Db, actor: Actor, row: TrajectoryRow) {
  const document = await loadDocument(db, actor.organisationId, row.access_document_id);
  const access = document.content as unknown as TrajectoryAccess;
  const form = (await loadDocument(db, actor.organisationId, row.form_document_id))
    .content as unknown as FormContent;
  if (row.rights) {
    const reports = await trajectoryReportBlueprints(db, actor.organisationId, row.id);
    const reportBlueprints = reports.map((entry) => ({ name: entry.name, fields: entry.fields }));
    return { version: document.version, content: { ...access, fields: form.fields, reportBlueprints } };
  }
  const userRolesOf = userRoles(access, actor.email);
  const readable = new Set(['']);
  for (const [field, entry] of informationFieldAccess(form.fields, userRolesOf))
    if (entry.read) readable.add(field.uuid.split('#')[0]!);
  const roles = access.roles.map((role) => ({
    ...role,
    informationRights: Object.fromEntries(
      Object.entries(role.informationRights).filter(([key]) => readable.has(key)),
    ),
  }));
  const fields = visibleForm({ fields: form.fields }, userRolesOf).fields;
  return { version: document.version, content: { ...access, roles, fields, reportBlueprints: [] } };
}

/**
 * Replaces the access (RIGHTS, active): valid as a whole, and the actor keeps RIGHTS through their own
 * roles (canNotRevokeRight); the rows follow in the same transaction.
 */
export async function putAccess(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TrajectoryAccess,
  expectedVersion: number | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'updateAccess');
    const parsed = zValidTrajectoryAccess.safeParse(input);
    if (!parsed.success) throw badRequest('validationError', zodFields(parsed.error.issues));
    if (!rolesGrantRightsAdmin(userRoles(parsed.data, actor.email))) throw badRequest('canNotRevokeRight');
    const saved = await replaceDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: row.access_document_id,
      actorId: actor.userId,
      expectedVersion,
      permit: { visible: (content) => content, canWrite: () => true },
      content: parsed.data as unknown as JsonValue,
    });
    await writeAccessRows(trx, actor.organisationId, id, saved.content as unknown as TrajectoryAccess);
    return accessView(trx, actor, row);
  });
}
