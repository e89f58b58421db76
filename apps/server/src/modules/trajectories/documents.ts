import {
  type Field,
  type FieldAccess,
  fieldKey,
  type PatchOperation,
  type TrajectoryAccess,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, patchDocument, replaceDocument, staleDocument } from '../../engine/engine.ts';
import { badRequest, zodFields } from '../../errors.ts';
import type { FormContent } from './files.ts';
import { allows, loadGrant, type TrajectoryGrant } from './grant.ts';
import { accountStates } from './invitations.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, partVersion, permitOf, readerOf, reportPart } from './parts.ts';
import { accessRightsOf, holdsRightsAdmin } from './policy.ts';
import { trajectoryReportBlueprints } from './report-repository.ts';
import { type TrajectoryRow, writeAccessRows } from './repository.ts';

/**
 * The uuids of the form fields the grant's reader may write now (D1: `/values/{uuid}`, the places the
 * engine's permit opens), sent with the form as each report sends its own; none while the trajectory is
 * inactive (D12), when the policy refuses every content write.
 */
function writableFields(content: FormContent, grant: TrajectoryGrant): string[] {
  if (!allows(grant, 'writeContent')) return [];
  const writable: string[] = [];
  for (const [field, access] of formPart.access(content, grant))
    if (access.write && field.type !== 'group') writable.push(field.uuid);
  return writable;
}

/**
 * The form as the actor may read it (hidden fields and values stay on the server), with the version of
 * what they see (D40: saves of fields hidden from them do not move it) and the uuids they may write.
 */
export async function getForm(ctx: AppContext, actor: Actor, id: number) {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'read');
  const form = await loadDocument(ctx.db, actor.organisationId, grant.row.form_document_id, {
    kind: TRAJECTORY_KINDS.form,
  });
  const { content } = form;
  return {
    version: await partVersion(ctx.db, formPart, form, grant),
    content: formPart.visible(content, grant)!,
    writable: writableFields(content, grant),
  };
}

/**
 * A change of form values through the engine: only `/values/{uuid}` of writable fields (D1, D33). A value
 * may name only files the writer may read (D42: the engine checks, with the form as the writer sees it).
 * `If-Match` names the version the writer sees (D40), checked under the document's lock.
 */
export async function patchForm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: readonly PatchOperation[],
  expectedVersion: number | undefined,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, id, 'writeContent');
    const current = await loadDocument(trx, actor.organisationId, grant.row.form_document_id, {
      forUpdate: true,
      kind: TRAJECTORY_KINDS.form,
    });
    const { content } = current;
    const seen = await partVersion(trx, formPart, current, grant);
    if (expectedVersion !== undefined && expectedVersion !== seen) throw staleDocument(seen);
    const saved = await patchDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: current.id,
      actorId: actor.userId,
      patch,
      expectedVersion: undefined,
      locked: current,
      permit: permitOf(formPart, content, grant),
    });
    const savedContent = saved.content;
    return {
      // The writer changes only places they may write, which they see: a save is the next of their versions.
      version: seen + (saved.version === current.version ? 0 : 1),
      content: formPart.visible(savedContent, grant)!,
      writable: writableFields(savedContent, grant),
    };
  });
}

/**
 * Roles and users (D35): every reader sees them; without RIGHTS the field rights are listed only for
 * fields the reader may read. With them the information fields the rights tables list: all for a
 * RIGHTS holder, the readable ones for anyone else (never a value).
 */
export async function getAccess(ctx: AppContext, actor: Actor, id: number) {
  const { row } = await loadGrant(ctx, ctx.db, actor, id, 'read');
  return accessView(ctx.db, actor, row);
}

async function accessView(db: Db, actor: Actor, row: TrajectoryRow) {
  const document = await loadDocument(db, actor.organisationId, row.access_document_id, {
    kind: TRAJECTORY_KINDS.access,
  });
  const access = document.content;
  const form = (
    await loadDocument(db, actor.organisationId, row.form_document_id, { kind: TRAJECTORY_KINDS.form })
  ).content;
  if (row.rights) {
    const reports = await trajectoryReportBlueprints(db, actor.organisationId, row.id);
    const reportBlueprints = reports.map((entry) => ({ name: entry.name, fields: entry.fields }));
    // D58: each user's account and invitation, for the RIGHTS holder only (not every reader's business).
    const accounts = await accountStates(
      db,
      actor.organisationId,
      access.users.map((entry) => entry.user),
    );
    return {
      version: document.version,
      content: { ...access, fields: form.fields, reportBlueprints, accounts },
    };
  }
  const reader = readerOf(access, actor.email);
  const readable = readableKeys(formPart.access({ fields: form.fields, values: {} }, reader));
  // Each report's field rights likewise: only the fields of that report the reader may read (D35).
  const reportKeys = new Map(
    (await trajectoryReportBlueprints(db, actor.organisationId, row.id)).map((report) => [
      report.name,
      readableKeys(reportPart(report.name).access({ structure: report.fields, values: {} }, reader)),
    ]),
  );
  const only = <T>(entries: Record<string, T>, keys: ReadonlySet<string>) =>
    Object.fromEntries(Object.entries(entries).filter(([key]) => keys.has(key)));
  const roles = access.roles.map((role) => ({
    ...role,
    informationRights: only(role.informationRights, readable),
    reportRights: Object.fromEntries(
      Object.entries(role.reportRights).map(([name, entries]) => [
        name,
        only(entries, reportKeys.get(name) ?? new Set([''])),
      ]),
    ),
  }));
  const fields = formPart.visible({ fields: form.fields, values: {} }, reader)?.fields ?? [];
  return { version: document.version, content: { ...access, roles, fields, reportBlueprints: [] } };
}

/** The rights keys of the fields a reader may read, and the whole-form / whole-report key ''. */
function readableKeys(access: ReadonlyMap<Field, FieldAccess>): Set<string> {
  const keys = new Set(['']);
  for (const [field, entry] of access) if (entry.read) keys.add(fieldKey(field.uuid));
  return keys;
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
    const { row } = await loadGrant(ctx, trx, actor, id, 'updateAccess');
    const parsed = zValidTrajectoryAccess.safeParse(input);
    if (!parsed.success) throw badRequest('validationError', zodFields(parsed.error.issues));
    if (!holdsRightsAdmin(parsed.data, actor.email)) throw badRequest('canNotRevokeRight');
    const saved = await replaceDocument(trx, {
      jobs: ctx.jobs,
      organisationId: actor.organisationId,
      documentId: row.access_document_id,
      actorId: actor.userId,
      expectedVersion,
      kind: TRAJECTORY_KINDS.access,
      permit: { visible: (content) => content, canWrite: () => true },
      content: parsed.data,
    });
    await writeAccessRows(trx, actor.organisationId, id, accessRightsOf(saved.content), {
      actorId: actor.userId,
      action: 'trajectory.access',
    });
    return accessView(trx, actor, row);
  });
}

/** A trajectory whose access an account's own steps change (mentor links: keeping and dropping a role). */
interface AccessTarget {
  organisationId: number;
  trajectoryId: number;
  actorId: number;
}

/**
 * Changes one user entry of a trajectory's access document, locked, through the engine, and rewrites the
 * access rows. `change` gets the access and the user's entry (undefined when they have none) and answers
 * the new users list, or a boolean when nothing is to be written (the function's answer then). False when
 * the trajectory is gone (or, with `live`, not LIVE).
 */
async function changeAccessEntry(
  ctx: AppContext,
  trx: Db,
  target: AccessTarget,
  email: string,
  live: boolean,
  change: (
    access: TrajectoryAccess,
    own: TrajectoryAccess['users'][number] | undefined,
  ) => TrajectoryAccess['users'] | boolean,
): Promise<boolean> {
  let query = trx
    .selectFrom('trajectories')
    .select('access_document_id')
    .where('id', '=', target.trajectoryId)
    .where('organisation_id', '=', target.organisationId);
  if (live) query = query.where('status', '=', 'LIVE');
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return false;
  const access = await loadDocument(trx, target.organisationId, row.access_document_id, {
    kind: TRAJECTORY_KINDS.access,
  });
  const users = change(
    access.content,
    access.content.users.find((entry) => entry.user === email),
  );
  if (typeof users === 'boolean') return users;
  const saved = await replaceDocument(trx, {
    jobs: ctx.jobs,
    organisationId: target.organisationId,
    documentId: row.access_document_id,
    actorId: target.actorId,
    expectedVersion: access.version,
    kind: TRAJECTORY_KINDS.access,
    permit: { visible: (content) => content, canWrite: () => true },
    content: { ...access.content, users },
  });
  await writeAccessRows(trx, target.organisationId, target.trajectoryId, accessRightsOf(saved.content), {
    actorId: target.actorId,
    action: 'trajectory.access',
  });
  return true;
}

/**
 * Gives `email` the role `role` on a trajectory as an ordinary user row of its access document (D11), in
 * the caller's transaction: what an invited mentor keeps on making an account (issue 23). Nothing when the
 * trajectory is gone (deleted, or in the trash) or no longer defines the role, or the user holds it already.
 * Answers whether the user now holds the role.
 */
export function keepAccessRole(
  ctx: AppContext,
  trx: Db,
  target: AccessTarget,
  email: string,
  role: string,
): Promise<boolean> {
  return changeAccessEntry(ctx, trx, target, email, true, (access, own) => {
    if (!access.roles.some((defined) => defined.name === role)) return false;
    if (own?.roles.includes(role)) return true;
    return own
      ? access.users.map((entry) => (entry === own ? { ...entry, roles: [...entry.roles, role] } : entry))
      : [...access.users, { user: email, roles: [role] }];
  });
}

/**
 * The reverse of `keepAccessRole` (D54): revoking a link whose invitee registered takes the link's role away
 * from them in the trajectory's access document (an entry left without roles goes), through the engine, and
 * the access rows rewritten. False when the trajectory is gone or they do not hold the role.
 */
export function dropAccessRole(
  ctx: AppContext,
  trx: Db,
  target: AccessTarget,
  email: string,
  role: string,
): Promise<boolean> {
  return changeAccessEntry(ctx, trx, target, email, false, (access, own) => {
    if (!own?.roles.includes(role)) return false;
    const roles = own.roles.filter((held) => held !== role);
    return roles.length > 0
      ? access.users.map((entry) => (entry === own ? { ...entry, roles } : entry))
      : access.users.filter((entry) => entry !== own);
  });
}
