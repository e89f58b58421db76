import { z } from 'zod';
import { isValidEmail, normaliseEmail } from '../account/email.ts';
import { BLUEPRINT_RIGHTS, type BlueprintRight } from '../rights/derived.ts';
import { zTrajectoryRole, zTrajectoryUserAccess } from './access.ts';
import { DESCRIPTION_MAX, NAME_MAX, zEmail, zOptionalText, zRequiredText } from './common.ts';
import { zDashboardWidget } from './dashboards.ts';
import { zFields, zRatingInfo } from './fields.ts';
import { zTrajectoryReportBlueprint } from './reports.ts';

/** Blueprint types (spec part 2 §1). */
export const BLUEPRINT_TYPES = [
  'COMPETENCE_LIST',
  'EXTRACT',
  'REPORT',
  'TRAJECTORY',
  'DASHBOARD',
  'INFORMATION',
] as const;
export type BlueprintType = (typeof BLUEPRINT_TYPES)[number];
export const zBlueprintType = z.enum(BLUEPRINT_TYPES, { error: 'required' });

/** The path word of a type: lower-case plural, information singular (GET /api/blueprints/{type}). */
export const BLUEPRINT_TYPE_PATHS = {
  COMPETENCE_LIST: 'competencelists',
  EXTRACT: 'extracts',
  REPORT: 'reports',
  TRAJECTORY: 'trajectories',
  DASHBOARD: 'dashboards',
  INFORMATION: 'information',
} as const satisfies Record<BlueprintType, string>;
export type BlueprintTypePath = (typeof BLUEPRINT_TYPE_PATHS)[BlueprintType];

export function blueprintTypeFromPath(path: string): BlueprintType | null {
  const entry = Object.entries(BLUEPRINT_TYPE_PATHS).find(([, word]) => word === path);
  return entry ? (entry[0] as BlueprintType) : null;
}

export const zBlueprintRight = z.enum(BLUEPRINT_RIGHTS);

export const BLUEPRINT_STATUSES = ['LIVE', 'DELETED'] as const;
export const zBlueprintStatus = z.enum(BLUEPRINT_STATUSES, { error: 'required' });
export const zBlueprintStatusUpdate = z.object({ status: zBlueprintStatus });
export const zBlueprintListQuery = z.object({ status: zBlueprintStatus.default('LIVE') });

export const zBlueprintListItem = z.object({
  id: z.number().int(),
  type: zBlueprintType,
  name: z.string(),
  description: z.string().nullable(),
  library: z.boolean(),
  rights: z.array(zBlueprintRight),
  created: z.string(),
  modified: z.string(),
  version: z.number().int(),
  sourceBlueprintId: z.number().int().nullable(),
  sourceBlueprintVersion: z.number().int().nullable(),
});
export type BlueprintListItem = z.infer<typeof zBlueprintListItem>;

export const zBlueprintDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  sourceBlueprintId: z.number().int().nullable(),
  sourceBlueprintVersion: z.number().int().nullable(),
  rights: z.array(zBlueprintRight),
  type: zBlueprintType,
});
export type BlueprintDocument = z.infer<typeof zBlueprintDocument>;

/** One user's rights on a blueprint; the e-mail is trimmed and lower-cased. */
export const zBlueprintUserRights = z.object({ user: zEmail, rights: z.array(zBlueprintRight) });
export type BlueprintUserRights = z.infer<typeof zBlueprintUserRights>;

/** Why a blueprint access list is invalid (spec part 2 §5), or null when it is valid. */
export function checkBlueprintUserRights(
  list: readonly { user: string; rights: readonly BlueprintRight[] }[],
): 'invalidEmail' | 'duplicateUser' | 'noAdmin' | 'noRights' | null {
  if (list.some((entry) => !isValidEmail(entry.user.trim()))) return 'invalidEmail';
  const users = list.map((entry) => normaliseEmail(entry.user));
  if (new Set(users).size !== users.length) return 'duplicateUser';
  if (list.some((entry) => entry.rights.length === 0)) return 'noRights';
  if (!list.some((entry) => entry.rights.includes('ADMIN'))) return 'noAdmin';
  return null;
}

export const zBlueprintUserRightsList = z
  .array(zBlueprintUserRights)
  .refine((list) => checkBlueprintUserRights(list) === null, { error: 'invalidValue' });

/** Create: type, name (required, ≤255) and description (≤1000). The creator gets admin, write, read. */
export const zCreateBlueprint = z.object({
  type: zBlueprintType,
  name: zRequiredText(NAME_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
});
export type CreateBlueprint = z.input<typeof zCreateBlueprint>;

/** Copy and edit: name and description. */
export const zCopyBlueprint = z.object({
  name: zRequiredText(NAME_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
});
export const zEditBlueprint = zCopyBlueprint;
export type EditBlueprint = z.input<typeof zEditBlueprint>;

/** POST /api/library {id}: publish a blueprint; import takes a library entry id. */
export const zLibraryPublish = z.object({ id: z.number({ error: 'required' }).int().min(0) });
export const zLibraryImport = z.object({ libraryId: z.number({ error: 'required' }).int().min(0) });

export const zLibraryEntry = z.object({
  id: z.number().int(),
  type: zBlueprintType,
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
});
export type LibraryEntry = z.infer<typeof zLibraryEntry>;

/** The blueprint list filter, stored per user and organisation. */
export const zBlueprintFilter = z.object({
  type: zBlueprintType.nullable().default(null),
  name: z.string().default(''),
  description: z.string().default(''),
});
export type BlueprintFilter = z.infer<typeof zBlueprintFilter>;

/** A competence of a competence list: nested subcompetences, labels and rich-text info. */
export const zCompetence = z.object({
  uuid: z.string().min(1).max(NAME_MAX),
  description: z.string().max(DESCRIPTION_MAX * 100, { error: 'tooLong' }),
  labels: z.array(z.string().max(NAME_MAX, { error: 'tooLong' })).default([]),
  info: z.string().max(100_000, { error: 'tooLong' }).default(''),
  get subcompetences(): z.ZodDefault<z.ZodArray<typeof zCompetence>> {
    return z.array(zCompetence).default([]);
  },
});
export type Competence = z.infer<typeof zCompetence>;

export const zCompetenceListContent = z.object({ competences: z.array(zCompetence).default([]) });
export const zInformationContent = z.object({ fields: zFields.default([]) });
export const zReportBlueprintContent = z.object({ fields: zFields.default([]) });
export const zDashboardContent = z.object({ widgets: z.array(zDashboardWidget).default([]) });

/** A linked sub-blueprint and its version; id null means none is linked. */
const linked = {
  id: z.number().int().nullable().default(null),
  version: z.number().int().nullable().default(null),
};

export const zTrajectoryBlueprintContent = z.object({
  dashboard: z.object({ ...linked, widgets: z.array(zDashboardWidget).default([]) }),
  information: z.object({ ...linked, fields: zFields.default([]) }),
  competenceList: z.object({ ...linked, competences: z.array(zCompetence).default([]) }),
  scoreInfo: z.array(zRatingInfo).default([]),
  reportBlueprints: z.array(zTrajectoryReportBlueprint).default([]),
  roles: z.array(zTrajectoryRole).default([]),
  users: z.array(zTrajectoryUserAccess).default([]),
});
export type TrajectoryBlueprintContent = z.infer<typeof zTrajectoryBlueprintContent>;
