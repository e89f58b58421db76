import { isValidEmail, normaliseEmail } from '../account/email.ts';
import type { TrajectoryAccess, TrajectoryRole, TrajectoryUserAccess } from '../contract/access.ts';
import { NAME_MAX } from '../contract/common.ts';
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

/** Every problem of the access list; an empty list means valid. */
export function accessProblems(access: TrajectoryAccess): AccessProblem[] {
  const problems: AccessProblem[] = [];
  const roleNames = new Set(access.roles.map((role) => role.name));
  const seen = new Set<string>();
  let anyAdmin = false;
  for (const [index, entry] of access.users.entries()) {
    const email = normaliseEmail(entry.user);
    if (!isValidEmail(email)) problems.push({ code: 'invalidEmail', user: entry.user, index });
    if (seen.has(email)) problems.push({ code: 'duplicateUser', user: entry.user, index });
    seen.add(email);
    const held = entry.roles.filter((name) => roleNames.has(name));
    if (held.length === 0) problems.push({ code: 'userWithoutRight', user: entry.user, index });
    if (rolesGrantRightsAdmin(access.roles.filter((role) => held.includes(role.name)))) anyAdmin = true;
  }
  if (!anyAdmin) problems.push({ code: 'noAdmin' });
  return problems;
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
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > NAME_MAX) return 'tooLong';
  const lower = trimmed.toLowerCase();
  return existing.some((other) => other.trim().toLowerCase() === lower) ? 'duplicateRole' : null;
}

export type NewUserProblem = 'invalidEmail' | 'duplicateUser';

/** A new user: a valid e-mail not already in the list. */
export function newUserProblem(email: string, access: TrajectoryAccess): NewUserProblem | null {
  if (!isValidEmail(email)) return 'invalidEmail';
  const wanted = normaliseEmail(email);
  return access.users.some((entry) => normaliseEmail(entry.user) === wanted) ? 'duplicateUser' : null;
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
