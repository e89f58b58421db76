import { isAdminRole, isOwnerRole, type OrganisationRole } from '@groeipad/core';

/**
 * What a member may do with their organisation, by organisation role (OWNER implies ADMIN). Read
 * from the membership row, never from the token, so a changed role counts at once.
 */
export const organisationPolicy = {
  read: (_role: OrganisationRole) => true,
  /** The general form: owner only (issue 6). */
  update: (role: OrganisationRole) => isOwnerRole(role),
  readCredits: (role: OrganisationRole) => isAdminRole(role),
  readDiscount: (role: OrganisationRole) => isOwnerRole(role),
  listMembers: (role: OrganisationRole) => isAdminRole(role),
  manageMembers: (role: OrganisationRole) => isAdminRole(role),
} satisfies Record<string, (role: OrganisationRole) => boolean>;

export type OrganisationAction = keyof typeof organisationPolicy;

/**
 * Whether `actor` may move a member from role `from` to role `to` (null: not a member / removed).
 * Admins manage users and admins; only an owner gives, changes or takes the OWNER role.
 */
export function mayAssignRole(
  actor: OrganisationRole,
  from: OrganisationRole | null,
  to: OrganisationRole | null,
): boolean {
  if (!isAdminRole(actor)) return false;
  return isOwnerRole(actor) || (from !== 'OWNER' && to !== 'OWNER');
}
