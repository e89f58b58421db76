import { isAdminRole, isOwnerRole, type OrganisationRole } from '@groeipad/core';

/**
 * Credit actions → rule by organisation role (spec part 2 §2, §6; D23, D24): the OWNER buys credits,
 * requests and accepts quotes; ADMIN and OWNER read the transactions and extend trajectories on which
 * they hold PURCHASE (checked per trajectory by the service). Every action needs a private organisation
 * (the service checks that too). Tested as a table in credits.test.ts.
 */
const rules = {
  readPrices: () => true,
  readTransactions: (role) => isAdminRole(role),
  buy: (role) => isOwnerRole(role),
  extend: (role) => isAdminRole(role),
} satisfies Record<string, (role: OrganisationRole) => boolean>;

export type CreditAction = keyof typeof rules;
export const creditPolicy: Record<CreditAction, (role: OrganisationRole) => boolean> = rules;
