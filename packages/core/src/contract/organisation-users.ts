import { z } from 'zod';
import { emailListProblem, normaliseEmail } from '../account/email.ts';
import { ORGANISATION_ROLES, type OrganisationRole, zOrganisationRole } from './auth.ts';
import { zEmail, zId } from './common.ts';

/**
 * A member (spec part 2 §3). `pending`: invited by e-mail, no account registered yet; the person
 * becomes an active member by registering with that address (issue 6).
 */
export const zOrganisationUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role: zOrganisationRole,
  pending: z.boolean(),
});
export type OrganisationUser = z.infer<typeof zOrganisationUser>;

/** POST /api/organisations/{id}/users: a valid e-mail; the role defaults to USER. */
export const zCreateOrganisationUser = z.object({ email: zEmail, role: zOrganisationRole.default('USER') });
export type CreateOrganisationUser = z.input<typeof zCreateOrganisationUser>;

/** PUT /api/organisations/{id}/users/{userId} */
export const zUpdateOrganisationUser = z.object({ role: z.enum(ORGANISATION_ROLES, { error: 'required' }) });

/** Most rows one import may carry. */
export const MEMBER_IMPORT_MAX_ROWS = 1000;

/**
 * POST /api/organisations/{id}/users/import: rows read from a spreadsheet, checked by the server with
 * `importMembers` (invalid or existing e-mails dropped, unknown roles → USER).
 */
export const zImportOrganisationUsers = z.object({
  users: z
    .array(
      z.object({
        email: z.string().max(1000),
        role: z.string().max(100).optional(),
      }),
    )
    .max(MEMBER_IMPORT_MAX_ROWS, { error: 'tooLong' }),
});
export type ImportOrganisationUsers = z.infer<typeof zImportOrganisationUsers>;

/** The import's summary: who was added, and how many rows were dropped. */
export const zOrganisationUsersImported = z.object({
  added: z.array(zOrganisationUser),
  skipped: z.number().int().min(0),
});
export type OrganisationUsersImported = z.infer<typeof zOrganisationUsersImported>;

/** Path parameters of one member. */
export const zOrganisationUserParams = z.object({ id: zId, userId: zId });

/** A member's role can be changed and a member deleted, except the current user's own row. */
export function canChangeMember(member: Pick<OrganisationUser, 'id'>, currentUserId: number): boolean {
  return member.id !== currentUserId;
}

/** A new member: a valid e-mail not already in the list. */
export function canAddMember(email: string, existing: readonly string[]): boolean {
  return emailListProblem(email, existing) === null;
}

/**
 * Imported users: rows with an invalid or already present e-mail are dropped (duplicates inside the
 * import too); an unknown role falls back to USER.
 */
export function importMembers(
  rows: readonly { email: unknown; role?: unknown }[],
  existing: readonly string[],
): { email: string; role: OrganisationRole }[] {
  const seen = new Set(existing.map(normaliseEmail));
  const members: { email: string; role: OrganisationRole }[] = [];
  for (const row of rows) {
    if (typeof row.email !== 'string') continue;
    if (emailListProblem(row.email, seen) !== null) continue;
    const email = normaliseEmail(row.email);
    seen.add(email);
    const role = typeof row.role === 'string' ? row.role.trim().toUpperCase() : '';
    members.push({
      email,
      role: (ORGANISATION_ROLES as readonly string[]).includes(role) ? (role as OrganisationRole) : 'USER',
    });
  }
  return members;
}
