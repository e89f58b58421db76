import { isAdminRole, isOwnerRole, type OrganisationRole } from '@groeipad/core';

/** What a member may do with their organisation, by organisation role (OWNER implies ADMIN). */
export const organisationPolicy = {
  read: (_role: OrganisationRole) => true,
  update: (role: OrganisationRole) => isAdminRole(role),
  readCredits: (role: OrganisationRole) => isAdminRole(role),
  readDiscount: (role: OrganisationRole) => isOwnerRole(role),
} satisfies Record<string, (role: OrganisationRole) => boolean>;

export type OrganisationAction = keyof typeof organisationPolicy;
