import {
  type CreateOrganisationUser,
  type ImportOrganisationUsers,
  importMembers,
  type Language,
  type OrganisationRole,
  type OrganisationUser,
  type OrganisationUsersImported,
} from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { enqueueActionMail } from '../../jobs/mail.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/index.ts';
import { mayAssignRole, type OrganisationAction } from './policy.ts';
import {
  countOwners,
  deleteMembership,
  findMember,
  insertMembership,
  listMembers,
  lockOrganisation,
  updateMembershipRole,
} from './repository.ts';
import { authorizeOrganisation } from './service.ts';

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** D57: a member's role given, changed or taken (null: no member), audited in the change's transaction. */
function auditMembership(
  trx: Db,
  actorId: number,
  organisationId: number,
  member: { id: number; email: string },
  roles: { from: OrganisationRole | null; to: OrganisationRole | null },
): Promise<void> {
  return recordAudit(trx, {
    organisationId,
    actorId,
    action: 'membership.role',
    subject: { kind: 'user', id: member.id },
    details: roles,
    personal: { subjectLabel: member.email },
  });
}

function present(row: MemberRow): OrganisationUser {
  return { id: row.id, email: row.email, role: row.role, pending: row.activated_at === null };
}

/** The actor's organisation and role, for `action`: 404 for non-members, 403 without the right. */
const authorize = (db: Db, actorId: number, organisationId: number, action: OrganisationAction) =>
  authorizeOrganisation({ db }, actorId, organisationId, action);

const lastOwner = () => new AppError(409, 'lastOwner');

export async function listOrganisationUsers(
  ctx: AppContext,
  actorId: number,
  organisationId: number,
): Promise<OrganisationUser[]> {
  await authorize(ctx.db, actorId, organisationId, 'listMembers');
  return (await listMembers(ctx.db, organisationId)).map(present);
}

interface Invitation {
  email: string;
  language: Language;
}

/**
 * Adds members by e-mail in one transaction. An address without an account gets an account waiting
 * for registration (no password, not activated) and an invitation mail: registering with it (or
 * signing in through an identity provider) makes the person an active member.
 */
async function addMembers(
  trx: Db,
  actorId: number,
  organisationId: number,
  members: readonly { email: string; role: OrganisationRole }[],
  language: Language,
): Promise<{ added: OrganisationUser[]; invitations: Invitation[] }> {
  const added: OrganisationUser[] = [];
  const invitations: Invitation[] = [];
  for (const { email, role } of members) {
    const user =
      (await findUserByEmail(trx, email)) ??
      (await insertUser(trx, { email, passwordHash: null, language, activated: false }));
    await insertMembership(trx, organisationId, user.id, role);
    await auditMembership(trx, actorId, organisationId, user, { from: null, to: role });
    added.push({ id: user.id, email: user.email, role, pending: user.activated_at === null });
    if (user.activated_at === null) invitations.push({ email: user.email, language: user.language });
  }
  return { added, invitations };
}

/** Queues the invitation mails in `trx`, the transaction that adds the members (they commit together). */
async function queueInvitations(
  ctx: AppContext,
  trx: Db,
  organisationName: string,
  inviter: string,
  list: Invitation[],
): Promise<void> {
  for (const { email, language } of list) {
    const link = `${ctx.config.publicUrl}/register?email=${encodeURIComponent(email)}`;
    await enqueueActionMail(ctx, trx, {
      kind: 'invitation',
      to: email,
      language,
      link,
      values: { organisation: organisationName, inviter },
    });
  }
}

export async function addOrganisationUser(
  ctx: AppContext,
  actorId: number,
  organisationId: number,
  input: Required<CreateOrganisationUser>,
): Promise<OrganisationUser> {
  const actor = await findUserById(ctx.db, actorId);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const organisation = await authorize(trx, actorId, organisationId, 'manageMembers');
    if (!mayAssignRole(organisation.role, null, input.role)) throw forbidden();
    await lockOrganisation(trx, organisationId);
    const existing = await findUserByEmail(trx, input.email);
    if (existing && (await findMember(trx, organisationId, existing.id)))
      throw badRequest('validationError', [{ path: 'email', key: 'duplicate' }]);
    const { added, invitations } = await addMembers(
      trx,
      actorId,
      organisationId,
      [input],
      actor?.language ?? 'nl',
    );
    await queueInvitations(ctx, trx, organisation.name, actor?.email ?? '', invitations);
    return added;
  });
  return result[0]!;
}

/**
 * Imports rows read from a spreadsheet: `importMembers` drops invalid and existing addresses (and
 * repeats) and turns unknown roles into USER; a role the importer may not give (OWNER, for an admin)
 * becomes USER too.
 */
export async function importOrganisationUsers(
  ctx: AppContext,
  actorId: number,
  organisationId: number,
  input: ImportOrganisationUsers,
): Promise<OrganisationUsersImported> {
  const actor = await findUserById(ctx.db, actorId);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const organisation = await authorize(trx, actorId, organisationId, 'manageMembers');
    await lockOrganisation(trx, organisationId);
    const existing = (await listMembers(trx, organisationId)).map((m) => m.email);
    const members = importMembers(input.users, existing).map((m) => ({
      email: m.email,
      role: mayAssignRole(organisation.role, null, m.role) ? m.role : ('USER' as const),
    }));
    const { added, invitations } = await addMembers(
      trx,
      actorId,
      organisationId,
      members,
      actor?.language ?? 'nl',
    );
    await queueInvitations(ctx, trx, organisation.name, actor?.email ?? '', invitations);
    return added;
  });
  return { added: result, skipped: input.users.length - result.length };
}

/**
 * Loads a member to change or remove: never the actor's own row (`ownMembership`); 404 for someone
 * who is no member; 403 when the actor may not make this move.
 */
async function memberToChange(
  trx: Db,
  actorId: number,
  organisationId: number,
  userId: number,
  to: OrganisationRole | null,
): Promise<MemberRow> {
  const organisation = await authorize(trx, actorId, organisationId, 'manageMembers');
  if (userId === actorId) throw forbidden('ownMembership');
  await lockOrganisation(trx, organisationId);
  const member = await findMember(trx, organisationId, userId);
  if (!member) throw notFound();
  if (!mayAssignRole(organisation.role, member.role, to)) throw forbidden();
  if (member.role === 'OWNER' && to !== 'OWNER' && (await countOwners(trx, organisationId)) <= 1)
    throw lastOwner();
  return member;
}

export async function updateOrganisationUser(
  ctx: AppContext,
  actorId: number,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
): Promise<OrganisationUser> {
  return ctx.db.transaction().execute(async (trx) => {
    const member = await memberToChange(trx, actorId, organisationId, userId, role);
    await updateMembershipRole(trx, organisationId, userId, role);
    if (member.role !== role)
      await auditMembership(trx, actorId, organisationId, member, { from: member.role, to: role });
    return present({ ...member, role });
  });
}

export async function removeOrganisationUser(
  ctx: AppContext,
  actorId: number,
  organisationId: number,
  userId: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const member = await memberToChange(trx, actorId, organisationId, userId, null);
    await deleteMembership(trx, organisationId, userId);
    await auditMembership(trx, actorId, organisationId, member, { from: member.role, to: null });
  });
}
