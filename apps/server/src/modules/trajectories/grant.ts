import {
  businessToday,
  canReadSomeReport,
  canShowEditButton,
  type EffectiveRights,
  effectiveRights,
  isActiveOn,
  type MessageKey,
  PROVIDER_ORGANISATION_ID,
  type TrajectoryAbilities,
  type TrajectoryAccess,
  type TrajectoryRole,
  trajectoryListRights,
  userRoles,
} from '@groeipad/core';
import {
  type Actor,
  actorWithRole,
  type MentorPrincipal,
  type Principal,
  principalActor,
} from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { parseJson } from '../../engine/engine.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import {
  type GrantFacts,
  PRESENTED_ACTIONS,
  type ReportAction,
  type RowAction,
  readsInformation,
  refusal,
  reportRefusal,
  type TrajectoryAction,
} from './policy.ts';
import {
  findAccessRows,
  findTrajectoryForMentor,
  findTrajectoryWithAccess,
  readingRows,
  type TrajectoryRow,
} from './repository.ts';

/**
 * What one actor may see and do on one trajectory (issue 19: one grant): the trajectory with the
 * actor's list rights, the roles they hold in its access document, those roles' merged rights, and
 * whether it is active today (D4, D12). Loaded in one statement; every read and write of the trajectory
 * and its parts asks it — the policy (policy.ts) for actions, the parts (parts.ts) for what of a part
 * the reader sees and may write — and nothing else works rights out again.
 */
export interface TrajectoryGrant {
  readonly actor: Actor;
  readonly row: GrantRow;
  readonly roles: readonly TrajectoryRole[];
  readonly rights: EffectiveRights;
  readonly active: boolean;
  /** Through a mentor link (issue 23, `loadMentorGrant`): the policy tells it from a user's grant (D54). */
  readonly link: boolean;
}

/**
 * The trajectory row as the grant reads it: with the evaluation when its parts were asked for, and the
 * actor's display name (users' first and last name; null without one) for the rater of their entries.
 */
export type GrantRow = TrajectoryRow & { evaluation?: unknown; actor_name?: string | null };

function grantOf(
  ctx: AppContext,
  actor: Actor,
  row: GrantRow,
  access: TrajectoryAccess,
  link = false,
): TrajectoryGrant {
  const roles = userRoles(access, actor.email);
  return {
    link,
    actor,
    row,
    roles,
    rights: effectiveRights(roles),
    active: isActiveOn(row.active_until, businessToday(ctx.config.businessTimeZone)),
  };
}

/** What the policy judges of a grant. */
function grantFacts(grant: TrajectoryGrant): GrantFacts {
  return {
    read: grant.row.read,
    purchase: grant.row.purchase,
    metadata: grant.row.metadata,
    rights: grant.row.rights,
    evaluation: grant.rights.evaluation,
    reports: canReadSomeReport(grant.rights),
    information: readsInformation(grant.roles),
    changes: canShowEditButton(grant.rights, true),
    provider: grant.row.organisation_id === PROVIDER_ORGANISATION_ID,
    active: grant.active,
    link: grant.link,
  };
}

/** The grant's answers to the presented actions: the abilities the web renders from (policy.ts PRESENTED_ACTIONS). */
export function abilitiesOf(grant: TrajectoryGrant): TrajectoryAbilities {
  return Object.fromEntries(
    PRESENTED_ACTIONS.map((action) => [action, allows(grant, action)]),
  ) as TrajectoryAbilities;
}

/** Whether the policy allows `action` to the grant's actor now: the answer `requireAction` would give. */
export function allows(grant: TrajectoryGrant, action: TrajectoryAction): boolean {
  return refusal(action, grantFacts(grant)) === null;
}

/** The policy's 403 for `action` (forbidden, expiredTrajectory, noAccess), in the policy's order. */
export function requireAction(grant: TrajectoryGrant, action: TrajectoryAction): void {
  const key = refusal(action, grantFacts(grant));
  if (key) throw forbidden(key);
}

/** What a report action is judged on: the reader's merged rights, and whether the trajectory is active. */
type ReportReader = Pick<TrajectoryGrant, 'rights' | 'active'>;

/** Whether the policy allows report action `action` on a report of `blueprint` to the grant's reader. */
export function allowsReport(grant: ReportReader, action: ReportAction, blueprint: string): boolean {
  return reportRefusal(action, grant.rights, blueprint) === null;
}

/** The policy's 403 for a report action (noAccess to read, forbidden otherwise). */
export function requireReportAction(grant: ReportReader, action: ReportAction, blueprint: string): void {
  const key = reportRefusal(action, grant.rights, blueprint);
  if (key) throw forbidden(key);
}

/**
 * What the reader may do with a report of `blueprint` (its edit button, selecting and deleting it):
 * nothing while the trajectory is inactive (D12: every write is refused then).
 */
export function reportAbilities(grant: ReportReader, blueprint: string): { write: boolean; admin: boolean } {
  return {
    write: grant.active && allowsReport(grant, 'write', blueprint),
    admin: grant.active && allowsReport(grant, 'delete', blueprint),
  };
}

/** An access row as many trajectories' rows are read at once: the list rights and the evaluation rights beside them. */
export interface AccessRowRights {
  read: boolean;
  purchase: boolean;
  metadata: boolean;
  rights: boolean;
  evaluation_read: boolean;
  evaluation_write: boolean;
  active_until: string | null;
}

/** The facts of an access row: what the policy judges of a row-only action (RowAction). */
function rowFacts(ctx: AppContext, row: AccessRowRights & { organisation_id?: number }): GrantFacts {
  return {
    read: row.read,
    purchase: row.purchase,
    metadata: row.metadata,
    rights: row.rights,
    evaluation: { read: row.evaluation_read, write: row.evaluation_write },
    // Asked by the actions that need the roles themselves (not RowActions): never here.
    reports: false,
    information: false,
    changes: false,
    provider: row.organisation_id === PROVIDER_ORGANISATION_ID,
    active: isActiveOn(row.active_until, businessToday(ctx.config.businessTimeZone)),
    link: false,
  };
}

/**
 * The grant's answers on the evaluation from an access row alone, for a screen that judges many
 * trajectories in one statement (the cohort grid, issue 22) instead of loading a grant for each. The row
 * holds the effect of the same roles (policy.ts accessRightsOf), so the policy answers what `loadGrant`
 * would: whether the trajectory is active today (D12), and each evaluation action.
 */
export function accessRowGrant(
  ctx: AppContext,
  row: AccessRowRights,
): { active: boolean; allows: (action: 'readEvaluation' | 'writeEvaluation') => boolean } {
  const facts = rowFacts(ctx, row);
  return { active: facts.active, allows: (action) => refusal(action, facts) === null };
}

/** A trajectory the batch grant allowed: its row's id, name and whether it is active today. */
export interface GrantedTrajectory {
  id: number;
  name: string;
  active: boolean;
}

/**
 * The batch form of the grant (issue 30, as Immich's `checkAccess`): of `ids`, the trajectories of the
 * actor's organisation on which the policy allows them `action` — one statement over the access rows,
 * judged by the same table as `loadGrant`. Live trajectories, or deleted ones (the trash).
 */
export async function allowedTrajectories(
  ctx: AppContext,
  db: Db,
  actor: Pick<Actor, 'organisationId' | 'email'>,
  ids: readonly number[],
  action: RowAction,
  status: 'LIVE' | 'DELETED' = 'LIVE',
): Promise<Map<number, GrantedTrajectory>> {
  const allowed = new Map<number, GrantedTrajectory>();
  for (const row of await findAccessRows(db, actor.organisationId, actor.email, ids, status)) {
    const facts = rowFacts(ctx, row);
    if (refusal(action, facts) === null)
      allowed.set(row.id, { id: row.id, name: row.name, active: facts.active });
  }
  return allowed;
}

/**
 * D58's front door from the actor's access rows, judged by the policy's `manage` and `read`: whether they
 * manage any live trajectory, and the live trajectories they read without managing (by name).
 */
export async function followedTrajectories(
  ctx: AppContext,
  db: Db,
  actor: Pick<Actor, 'organisationId' | 'email'>,
): Promise<{ manages: boolean; followed: GrantedTrajectory[] }> {
  let manages = false;
  const followed: GrantedTrajectory[] = [];
  for (const row of await findAccessRows(db, actor.organisationId, actor.email, 'all', 'LIVE')) {
    const facts = rowFacts(ctx, row);
    if (refusal('manage', facts) === null) manages = true;
    else if (refusal('read', facts) === null)
      followed.push({ id: row.id, name: row.name, active: facts.active });
  }
  return { manages, followed };
}

/**
 * `loadGrant` for several trajectories at once (an extension order, a batch of progress reports): 404
 * when one is not in the organisation or the actor holds no role on it, then the policy's 403 with the
 * first refusal's key. With `fieldPath` (a body's list of ids, e.g. `trajectoryIds`) the 403 also names
 * every refused one at `<fieldPath>.<index in ids>` with its own key. In the order of `ids`, each once.
 */
export async function loadGrants(
  ctx: AppContext,
  db: Db,
  actor: Pick<Actor, 'organisationId' | 'email'>,
  ids: readonly number[],
  action: RowAction,
  fieldPath?: string,
): Promise<GrantedTrajectory[]> {
  const unique = [...new Set(ids)];
  const rows = await findAccessRows(db, actor.organisationId, actor.email, unique, 'LIVE');
  const byId = new Map(rows.filter((row) => row.read).map((row) => [row.id, row]));
  if (unique.some((id) => !byId.has(id))) throw notFound();
  const refused: { path: string; key: MessageKey }[] = [];
  const granted = unique.map((id) => {
    const row = byId.get(id) as (typeof rows)[number];
    const facts = rowFacts(ctx, row);
    const key = refusal(action, facts);
    if (key) refused.push({ path: `${fieldPath}.${ids.indexOf(id)}`, key });
    return { id, name: row.name, active: facts.active };
  });
  const first = refused[0];
  if (first) throw new AppError(403, first.key, fieldPath ? refused : undefined);
  return granted;
}

/**
 * The policy's `read` row in SQL, for queries that page or join in the database (the notifications'
 * list and recipients, registered by app.ts): the access rows that give `read`, which hold the policy's
 * answer for each user (policy.ts `accessRightsOf`). `allowedTrajectories(…, 'read')` answers the same
 * (grants.test.ts holds the two together).
 */
export const trajectoryReads = {
  readable: (db: Db, organisationId: number, email: string) =>
    readingRows(db, organisationId).where('email', '=', email).select('trajectory_id'),
  readers: (db: Db, organisationId: number, trajectoryId: number) =>
    readingRows(db, organisationId).where('trajectory_id', '=', trajectoryId).select('email'),
};

/** What the one statement reads beside the grant: the evaluation with these parts (its entry save). */
interface GrantOptions {
  evaluationParts?: readonly string[];
}

async function readGrant(
  db: Db,
  who: { organisationId: number; email: string },
  id: number,
  options: GrantOptions & { member?: Principal },
) {
  const row = await findTrajectoryWithAccess(db, who.organisationId, who.email, id, options);
  const access = row ? parseJson<TrajectoryAccess | null>(row.access_content) : null;
  return row && access ? { row, access } : null;
}

/**
 * The actor's grant on trajectory `id` for `action`: 404 when it is not in their organisation or they hold
 * no role on it, then the policy's 403s. One statement: the row, the list rights, the access document
 * (and, for an evaluation save, the touched parts of the evaluation).
 */
export async function loadGrant(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  action: TrajectoryAction,
  options: GrantOptions = {},
): Promise<TrajectoryGrant> {
  const found = await readGrant(db, actor, id, options);
  if (!found) throw notFound();
  const grant = grantOf(ctx, actor, found.row, found.access);
  requireAction(grant, action);
  return grant;
}

/**
 * `loadGrant` for a principal whose membership is read in the same statement (the evaluation save): 403
 * organisationRequired first when they are no member (as `organisationActor` answers), then as above.
 */
export async function loadMemberGrant(
  ctx: AppContext,
  db: Db,
  principal: Principal,
  id: number,
  action: TrajectoryAction,
  options: GrantOptions = {},
): Promise<TrajectoryGrant> {
  const found = await readGrant(db, principal, id, { ...options, member: principal });
  // Without a row the membership is still unknown: read on its own (a 404 only for a member).
  const actor = found ? actorWithRole(principal, found.row.member_role) : await principalActor(db, principal);
  if (!found) throw notFound();
  const grant = grantOf(ctx, actor, found.row, found.access);
  requireAction(grant, action);
  return grant;
}

/**
 * A mentor's grant (issue 23): the link's trajectory with exactly the link's role, as the access document
 * defines that role now (a role renamed or removed since gives nothing: 404, as a deleted trajectory). No
 * list rights beyond reading: a mentor never changes the title, the access or the credits, whatever the role
 * holds, and has no list, no other trajectory and no organisation (their actor is no member).
 */
export async function loadMentorGrant(
  ctx: AppContext,
  db: Db,
  mentor: MentorPrincipal,
  action: TrajectoryAction,
  options: GrantOptions = {},
): Promise<TrajectoryGrant> {
  const row = await findTrajectoryForMentor(db, mentor.organisationId, mentor.trajectoryId, options);
  const access = row ? parseJson<TrajectoryAccess | null>(row.access_content) : null;
  if (!row || !access || row.status !== 'LIVE') throw notFound();
  const own: TrajectoryAccess = { ...access, users: [{ user: mentor.email, roles: [mentor.role] }] };
  if (trajectoryListRights(own, mentor.email).length === 0) throw notFound();
  const actor: Actor = {
    userId: mentor.userId,
    email: mentor.email,
    organisationId: mentor.organisationId,
    role: 'USER',
  };
  const grant = grantOf(ctx, actor, { ...row, read: true, actor_name: mentor.name }, own, true);
  requireAction(grant, action);
  return grant;
}
