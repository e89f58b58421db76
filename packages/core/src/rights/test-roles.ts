import type { TrajectoryRole, TrajectoryRoleInput } from '../contract/access.ts';
import { zTrajectoryRole } from '../contract/access.ts';

/** A role for tests: defaults filled in by the contract schema. */
export function role(input: TrajectoryRoleInput): TrajectoryRole {
  return zTrajectoryRole.parse(input);
}

export const R = { write: true, read: true, hidden: false };
export const RO = { write: false, read: true, hidden: false };
export const H = { write: false, read: false, hidden: true };
export const NONE = { write: false, read: false, hidden: false };
