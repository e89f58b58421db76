import {
  DESCRIPTION_MAX,
  FORBIDDEN_POINTER_SEGMENTS,
  NAME_MAX,
  normaliseEmail,
  type TrajectoryAccess,
  type TrajectoryInformation,
} from '@groeipad/core';

/** The roles and default users a trajectory blueprint gives a new trajectory. */
export interface BlueprintAccess {
  roles: TrajectoryAccess['roles'];
  users: TrajectoryAccess['users'];
}

export type CreationAccess =
  | { ok: true; access: TrajectoryAccess; creatorRoles: string[] }
  | { ok: false; problem: 'principalRequiredRights' };

/**
 * The access sent with a new trajectory (spec part 1 §5, issue 8): the blueprint's roles and default
 * users, and the creator as a user holding every blueprint role that grants RIGHTS, beside any roles
 * the blueprint already gives them. Without such a role the creator could not manage the new
 * trajectory: principalRequiredRights (the server refuses it too).
 */
export function creationAccess(blueprint: BlueprintAccess, creatorEmail: string): CreationAccess {
  const creator = normaliseEmail(creatorEmail);
  const rightsRoles = blueprint.roles.filter((role) => role.adminRights.rights).map((role) => role.name);
  if (rightsRoles.length === 0) return { ok: false, problem: 'principalRequiredRights' };
  const users = blueprint.users.map((entry) => ({
    user: normaliseEmail(entry.user),
    roles: [...entry.roles],
  }));
  const own = users.find((entry) => entry.user === creator);
  const creatorRoles = [...new Set([...(own?.roles ?? []), ...rightsRoles])];
  const others = users.filter((entry) => entry.user !== creator);
  return {
    ok: true,
    access: {
      roles: blueprint.roles.map((role) => structuredClone(role)),
      users: [{ user: creator, roles: creatorRoles }, ...others],
    },
    creatorRoles,
  };
}

/**
 * The data file's row as the create call sends it (D14, D40: the server fills the form fields it names
 * and keeps the rest as the map). Columns named like an object's own machinery (`__proto__`, …) are
 * left out: no JSON reader should have to tell them from data.
 */
export function creationInformation(information: TrajectoryInformation): TrajectoryInformation {
  return Object.fromEntries(
    Object.entries(information).filter(([column]) => !FORBIDDEN_POINTER_SEGMENTS.includes(column)),
  );
}

/** The id a 201 answer names in its Location header (…/api/v2/trajectories/{id}); null when none. */
export function idFromLocation(location: string | null): number | null {
  if (!location) return null;
  const id = Number(location.split('?')[0]?.split('/').filter(Boolean).pop());
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Why the title or description cannot be sent (spec part 1 §5): required (non-blank), at most 255 / 1000. */
export function titleDescriptionProblems(name: string, description: string) {
  return {
    name: name.trim() === '' ? 'required' : name.length > NAME_MAX ? 'tooLong' : null,
    description: description.length > DESCRIPTION_MAX ? 'tooLong' : null,
  } as const;
}
