import { isCompanyDomainUser } from '@groeipad/core';
import type { Actor } from '../../actor.ts';

/** What policy rules look at: the actor's rights on the blueprint and whether they are library staff. */
export interface BlueprintGrant {
  admin: boolean;
  write: boolean;
  read: boolean;
}

export interface BlueprintPolicyContext {
  /** The actor's e-mail belongs to COMPANY_DOMAIN (D31). */
  companyUser: boolean;
}

type Rule = (grant: BlueprintGrant, context: BlueprintPolicyContext) => boolean;

/**
 * Blueprint actions → rule (spec part 2 §6, issue 7): reads need READ, content WRITE, everything about
 * the blueprint itself ADMIN; publishing to the library also needs a company-domain user (D31), updating
 * from it does not (every organisation uses the library, D58). Tested as a table.
 */
const rules = {
  read: (g) => g.read,
  readContent: (g) => g.read,
  readRights: (g) => g.read,
  writeContent: (g) => g.write,
  edit: (g) => g.admin,
  setStatus: (g) => g.admin,
  delete: (g) => g.admin,
  writeRights: (g) => g.admin,
  publish: (g, c) => g.admin && c.companyUser,
  updateFromLibrary: (g) => g.admin,
} satisfies Record<string, Rule>;

export type BlueprintAction = keyof typeof rules;
export const blueprintPolicy: Record<BlueprintAction, Rule> = rules;

export function companyUser(actor: Pick<Actor, 'email'>, companyDomain: string | undefined): boolean {
  return companyDomain !== undefined && isCompanyDomainUser(actor.email, companyDomain);
}
