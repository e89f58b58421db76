import { emailListProblem, normaliseEmail } from '../account/email.ts';
import {
  type TrajectoryAccess,
  type TrajectoryRole,
  type TrajectoryUserAccess,
  zTrajectoryAccess,
} from '../contract/access.ts';
import { newNameProblem } from '../contract/common.ts';
import { userRoles } from './effective.ts';

/**
 * Access-list rules (spec part 1 §5, part 2 §5).
 *
 * Interpretations:
 * - "has admin" means: holds a role whose adminRights.rights is on (the right to edit access);
 * - "has at least one right" means: holds at least one role that exists in the list;
 * - e-mails are compared trimmed and lower-cased; role names exactly, except that a new role name must
 *   differ case-insensitively from every existing one.
 */
export type AccessProblem =
  | { code: 'invalidEmail'; user: string; index: number }
  | { code: 'duplicateUser'; user: string; index: number }
  | { code: 'noAdmin' }
  | { code: 'userWithoutRight'; user: string; index: number };

/** True when the roles grant the right to edit access (adminRights.rights). */
export function rolesGrantRightsAdmin(roles: readonly TrajectoryRole[]): boolean {
  return roles.some((role) => role.adminRights.rights);
}

/** One row of an access list as the validity rule sees it. */
export interface AccessListRow {
  readonly user: string;
  /** The row holds at least one right (a known role; a blueprint right). */
  readonly hasRight: boolean;
  /** The row holds the admin right (rights-admin role; blueprint ADMIN). */
  readonly isAdmin: boolean;
}

/**
 * The access-list rule shared by trajectories (part 1 §5) and blueprints (part 2 §5): every user a valid
 * e-mail, users unique, every user at least one right, at least one admin. Empty result: valid.
 */
export function accessListProblems(rows: readonly AccessListRow[]): AccessProblem[] {
  const problems: AccessProblem[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const problem = emailListProblem(row.user, seen);
    if (problem === 'invalidEmail') problems.push({ code: 'invalidEmail', user: row.user, index });
    if (problem === 'duplicate') problems.push({ code: 'duplicateUser', user: row.user, index });
    seen.add(normaliseEmail(row.user));
    if (!row.hasRight) problems.push({ code: 'userWithoutRight', user: row.user, index });
  }
  if (!rows.some((row) => row.isAdmin)) problems.push({ code: 'noAdmin' });
  return problems;
}

/** Whether a role grants anything at all: a field, evaluation, report or admin flag (D7). */
export function roleGrantsSomething(role: TrajectoryRole): boolean {
  const anyFlag = (rights: Record<string, { write?: boolean; read?: boolean; admin?: boolean }>) =>
    Object.values(rights).some((r) => r.write === true || r.read === true || r.admin === true);
  return (
    anyFlag(role.informationRights) ||
    role.evaluationRights.write ||
    role.evaluationRights.read ||
    Object.values(role.reportRights).some(anyFlag) ||
    role.adminRights.purchase ||
    role.adminRights.metadata ||
    role.adminRights.rights
  );
}

/**
 * Every problem of a trajectory access list; an empty list means valid. "Every user at least one
 * right" (D7): each user holds at least one existing role that grants at least one flag.
 */
export function accessProblems(access: TrajectoryAccess): AccessProblem[] {
  return accessListProblems(
    access.users.map((entry) => {
      const held = access.roles.filter((role) => entry.roles.includes(role.name));
      return {
        user: entry.user,
        hasRight: held.some(roleGrantsSomething),
        isAdmin: rolesGrantRightsAdmin(held),
      };
    }),
  );
}

export function isAccessValid(access: TrajectoryAccess): boolean {
  return accessProblems(access).length === 0;
}

/** The current user's own row is locked in the access editor. */
export function isUserRowLocked(entry: TrajectoryUserAccess, currentUserEmail: string): boolean {
  return normaliseEmail(entry.user) === normaliseEmail(currentUserEmail);
}

export type NewRoleNameProblem = 'required' | 'tooLong' | 'duplicateRole';

/** A new role name: non-blank after trimming, at most 255, unique (case-insensitive) among existing names. */
export function newRoleNameProblem(name: string, existing: readonly string[]): NewRoleNameProblem | null {
  const problem = newNameProblem(name, existing);
  return problem === 'duplicate' ? 'duplicateRole' : problem;
}

export type NewUserProblem = 'invalidEmail' | 'duplicateUser';

/** A new user: a valid e-mail not already in the list. */
export function newUserProblem(email: string, access: TrajectoryAccess): NewUserProblem | null {
  const problem = emailListProblem(
    email,
    access.users.map((entry) => entry.user),
  );
  return problem === 'duplicate' ? 'duplicateUser' : problem;
}

/** Adds a user (lower-cased, trimmed) with roles; unchanged when the e-mail is invalid or already present. */
export function addAccessUser(
  access: TrajectoryAccess,
  email: string,
  roles: readonly string[] = [],
): TrajectoryAccess {
  if (newUserProblem(email, access) !== null) return access;
  return { ...access, users: [...access.users, { user: normaliseEmail(email), roles: [...roles] }] };
}

/** Whether the user's roles let them edit access (the access tab's edit button; part 1 §5). */
export function canEditAccess(access: TrajectoryAccess, currentUserEmail: string): boolean {
  return rolesGrantRightsAdmin(userRoles(access, currentUserEmail));
}

/**
 * canNotRevokeRight: true when, after the change, the current user's roles no longer grant the right to
 * edit rights (adminRights.rights). The change is then refused with the message canNotRevokeRight.
 * `before` is accepted for symmetry and future rules; the decision depends on `after` only.
 */
export function canNotRevokeRight(
  _before: TrajectoryAccess,
  after: TrajectoryAccess,
  currentUserEmail: string,
): boolean {
  return !canEditAccess(after, currentUserEmail);
}

/**
 * An access list that also satisfies the validity rules (spec part 1 §5): valid unique e-mails, at least one
 * user with the rights-admin permission, every user at least one existing role, unique role names.
 * Issues carry the rule as message: invalidEmail, duplicateUser, noAdmin, userWithoutRight, duplicateRole.
 */
export const zValidTrajectoryAccess = zTrajectoryAccess.superRefine((access, context) => {
  const seen = new Set<string>();
  for (const [index, role] of access.roles.entries()) {
    if (seen.has(role.name))
      context.addIssue({ code: 'custom', message: 'duplicateRole', path: ['roles', index, 'name'] });
    seen.add(role.name);
  }
  for (const problem of accessProblems(access)) {
    const path = problem.code === 'noAdmin' ? ['users'] : ['users', problem.index, 'user'];
    context.addIssue({ code: 'custom', message: problem.code, path });
  }
});
