/**
 * Trash actions → rule (spec part 2 §4, §6; D13, D38). Listing shows what the user can see (a role on
 * the trajectory, READ on the blueprint); restoring and deleting for good need the item's "admin": for
 * a trajectory METADATA (the right that deletes it), for a blueprint ADMIN. Tested as a table.
 */
export interface TrashGrant {
  /** D13: METADATA on a trajectory, ADMIN on a blueprint. */
  admin: boolean;
}

type Rule = (grant: TrashGrant) => boolean;

const rules = {
  restore: (g) => g.admin,
  delete: (g) => g.admin,
} satisfies Record<string, Rule>;

export type TrashAction = keyof typeof rules;
export const trashPolicy: Record<TrashAction, Rule> = rules;

/** D13 for each kind, from the rows the trajectory and blueprint modules keep. */
export const trashAdmin = {
  trajectory: (access: { metadata: boolean }) => access.metadata,
  blueprint: (rights: { admin: boolean }) => rights.admin,
};
