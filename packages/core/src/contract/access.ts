import { z } from 'zod';
import { NAME_MAX, zEmail, zRequiredText } from './common.ts';
import { FIELD_UUID_MAX } from './fields.ts';

/**
 * Trajectory access (spec part 1 §3, §6): roles with rights, and users holding roles.
 * The same shape is used by trajectory blueprints (their default roles and users).
 */

/** Rights on one information field (by field key) or one report field. */
export const zFieldRights = z.object({
  write: z.boolean().default(false),
  read: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
export type FieldRights = z.infer<typeof zFieldRights>;

export const zEvaluationRights = z.object({
  write: z.boolean().default(false),
  read: z.boolean().default(false),
});
export type EvaluationRights = z.infer<typeof zEvaluationRights>;

/**
 * Rights in a report blueprint's map. Under the empty key ('' = the whole report) all four flags count;
 * under a field key only write, read and hidden do (admin is ignored there).
 */
export const zReportRights = z.object({
  admin: z.boolean().optional(),
  write: z.boolean().default(false),
  read: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
export type ReportRights = z.infer<typeof zReportRights>;

/** The key of the whole-report entry in a report blueprint's rights map. */
export const WHOLE_REPORT_KEY = '';

const zRightsKey = z.string().max(FIELD_UUID_MAX, { error: 'tooLong' });

export const zAdminRights = z.object({
  purchase: z.boolean().default(false),
  metadata: z.boolean().default(false),
  rights: z.boolean().default(false),
});
export type AdminRights = z.infer<typeof zAdminRights>;

/** A role name: non-blank after trimming, at most 255 characters. */
export const zRoleName = zRequiredText(NAME_MAX);

export const zTrajectoryRole = z.object({
  name: zRoleName,
  /** Field key (uuid before '#') → rights; inherited by children of groups. */
  informationRights: z.record(zRightsKey, zFieldRights).default({}),
  evaluationRights: zEvaluationRights.default({ write: false, read: false }),
  /** Report blueprint name → (field key, or '' for the whole report) → rights. */
  reportRights: z
    .record(z.string().max(NAME_MAX, { error: 'tooLong' }), z.record(zRightsKey, zReportRights))
    .default({}),
  adminRights: zAdminRights.default({ purchase: false, metadata: false, rights: false }),
});
export type TrajectoryRole = z.infer<typeof zTrajectoryRole>;
export type TrajectoryRoleInput = z.input<typeof zTrajectoryRole>;

/** One user (e-mail, trimmed and lower-cased) and the names of the roles they hold. */
export const zTrajectoryUserAccess = z.object({
  user: zEmail,
  roles: z.array(zRoleName).default([]),
});
export type TrajectoryUserAccess = z.infer<typeof zTrajectoryUserAccess>;

/** Roles plus users. The full validity rules (unique users, an admin, …) are in rights/access-validity.ts. */
export const zTrajectoryAccess = z.object({
  roles: z.array(zTrajectoryRole).default([]),
  users: z.array(zTrajectoryUserAccess).default([]),
});
export type TrajectoryAccess = z.infer<typeof zTrajectoryAccess>;
export type TrajectoryAccessInput = z.input<typeof zTrajectoryAccess>;

/** Users as the server answers them (already normalised; no input transforms in a response schema). */
export const zTrajectoryUserAnswer = z.object({ user: z.string(), roles: z.array(z.string()) });
export const zTrajectoryAccessAnswer = z.object({
  roles: z.array(zTrajectoryRole),
  users: z.array(zTrajectoryUserAnswer),
});
