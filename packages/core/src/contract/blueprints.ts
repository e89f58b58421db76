import { z } from 'zod';
import { normaliseEmail } from '../account/email.ts';
import { normaliseRichText } from '../fields/rich-text.ts';
import { zTrajectoryRole, zTrajectoryUserAccess } from './access.ts';
import { CASE_CRITERIA_DEPTH_MAX, zCaseItemExtras, zCompetenceFramework } from './case.ts';
import { DESCRIPTION_MAX, NAME_MAX, zBodyId, zEmail, zOptionalText, zRequiredText } from './common.ts';
import { zDashboardWidget } from './dashboards.ts';
import { zScoreRule } from './evaluation.ts';
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

/** Rights on a blueprint (spec part 2 §3): ADMIN ⇒ WRITE ⇒ READ. */
export const BLUEPRINT_RIGHTS = ['ADMIN', 'WRITE', 'READ'] as const;
export type BlueprintRight = (typeof BLUEPRINT_RIGHTS)[number];
export const zBlueprintRight = z.enum(BLUEPRINT_RIGHTS);

export const BLUEPRINT_STATUSES = ['LIVE', 'DELETED'] as const;
/** LIVE or DELETED, in any letter case (D30). */
export const zBlueprintStatus = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(BLUEPRINT_STATUSES, { error: 'required' }),
);
export const zBlueprintStatusUpdate = z.object({ status: zBlueprintStatus });
export const zBlueprintListQuery = z.object({ status: zBlueprintStatus.default('LIVE') });

/**
 * What the asking user may do with a blueprint (DESIGN "abilities"): the web renders from these and
 * never re-derives them. read: see it; write: change its content; admin: name, description, rights,
 * status, delete, copy; library: publish it to the library (company domain, D31); updateFromLibrary: replace
 * an imported blueprint's content with its library entry's (ADMIN in any organisation, D58).
 */
export const zBlueprintAbilities = z.object({
  read: z.boolean(),
  write: z.boolean(),
  admin: z.boolean(),
  library: z.boolean(),
  updateFromLibrary: z.boolean(),
});
export type BlueprintAbilities = z.infer<typeof zBlueprintAbilities>;

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
  /** Imported, and its library entry has a newer version than the one imported (D58). */
  libraryUpdate: z.boolean(),
  status: z.enum(BLUEPRINT_STATUSES),
  abilities: zBlueprintAbilities,
});
export type BlueprintListItem = z.infer<typeof zBlueprintListItem>;

export const zBlueprintDocument = zBlueprintListItem;
export type BlueprintDocument = z.infer<typeof zBlueprintDocument>;

/** One user's rights on a blueprint; the e-mail is trimmed and lower-cased. */
export const zBlueprintUserRights = z.object({ user: zEmail, rights: z.array(zBlueprintRight) });
export type BlueprintUserRights = z.infer<typeof zBlueprintUserRights>;

/**
 * POST /api/blueprints {id?, type, name, description, userRights} (201, the new id in the Location header).
 * Used for create (type, no id) and for library import (`id` is the library entry, no type; its type is used);
 * both or neither is refused (D8).
 * Name required (≤255), description ≤1000. The creator gets ADMIN, WRITE, READ whatever userRights says.
 */
export const zCreateBlueprint = z
  .object({
    id: zBodyId.optional(),
    type: zBlueprintType.optional(),
    name: zRequiredText(NAME_MAX),
    description: zOptionalText(DESCRIPTION_MAX),
    userRights: z.array(zBlueprintUserRights).max(1000).default([]),
  })
  .superRefine((body, context) => {
    // D8: `type` creates, `id` imports; neither or both is a 400.
    if (body.id === undefined && body.type === undefined)
      context.addIssue({ code: 'custom', message: 'required', path: ['type'] });
    if (body.id !== undefined && body.type !== undefined)
      context.addIssue({ code: 'custom', message: 'invalidValue', path: ['id'] });
  });
export type CreateBlueprint = z.input<typeof zCreateBlueprint>;

/** Copy and edit: name and description. */
export const zCopyBlueprint = z.object({
  name: zRequiredText(NAME_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
});
export const zEditBlueprint = zCopyBlueprint;
export type EditBlueprint = z.input<typeof zEditBlueprint>;

/** POST /api/library {id} (201): publish a blueprint. Import is POST /api/blueprints with the entry's id. */
export const zLibraryPublish = z.object({ id: zBodyId });

export const zLibraryEntry = z.object({
  id: z.number().int(),
  type: zBlueprintType,
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  /** The asking user may remove it (and publish): a user of COMPANY_DOMAIN (D31); to others it is read-only (D58). */
  removable: z.boolean(),
});
export type LibraryEntry = z.infer<typeof zLibraryEntry>;

/** The blueprint list filter, stored per user and organisation. */
export const zBlueprintFilter = z.object({
  type: zBlueprintType.nullable().default(null),
  name: z.string().default(''),
  description: z.string().default(''),
});
export type BlueprintFilter = z.infer<typeof zBlueprintFilter>;

/** The local-storage key of the blueprint filter, per user and organisation. */
export function blueprintFilterStorageKey(userId: number, organisationId: number): string {
  return `blueprints.filter.${userId}.${organisationId}`;
}

/** The filter panel: the type when chosen, and case-insensitive substrings of name and description. */
export function matchesBlueprintFilter(
  item: Pick<BlueprintListItem, 'type' | 'name' | 'description'>,
  filter: Partial<BlueprintFilter>,
): boolean {
  const contains = (text: string | null, needle: string | undefined) =>
    (text ?? '').toLocaleLowerCase().includes((needle ?? '').trim().toLocaleLowerCase());
  return (
    (!filter.type || item.type === filter.type) &&
    contains(item.name, filter.name) &&
    contains(item.description, filter.description)
  );
}

/** Publishing to and removing from the library are for users whose e-mail belongs to the provider's company domain (D31). */
export function isCompanyDomainUser(email: string, companyDomain: string): boolean {
  const domain = companyDomain.trim().toLowerCase().replace(/^@/, '');
  return domain !== '' && normaliseEmail(email).endsWith(`@${domain}`);
}

/**
 * A competence of a competence list: nested subcompetences, labels and rich-text info. Recursive, so it has
 * an `id`: its name among the OpenAPI document's components, which its recursion refers to.
 */
/**
 * A criterion under a competence (D56): an item of a framework below the third level (an MBO criterium, a
 * CASE item at level 4 or deeper). Not scored; shown under its competence and exported back as its children.
 */
export const zCompetenceCriterion = z
  .object({
    uuid: z.string().min(1).max(NAME_MAX),
    code: z.string().max(NAME_MAX, { error: 'tooLong' }).optional(),
    description: z.string().max(DESCRIPTION_MAX * 100, { error: 'tooLong' }),
    case: zCaseItemExtras.optional(),
    get criteria(): z.ZodOptional<z.ZodArray<typeof zCompetenceCriterion>> {
      return z.array(zCompetenceCriterion).optional();
    },
  })
  .meta({ id: 'CompetenceCriterion' });
export type CompetenceCriterion = z.infer<typeof zCompetenceCriterion>;

export const zCompetence = z
  .object({
    uuid: z.string().min(1).max(NAME_MAX),
    /** The code shown before the name (`B1-K1-W1`); a CASE item's humanCodingScheme (D56). */
    code: z.string().max(NAME_MAX, { error: 'tooLong' }).optional(),
    description: z.string().max(DESCRIPTION_MAX * 100, { error: 'tooLong' }),
    labels: z.array(z.string().max(NAME_MAX, { error: 'tooLong' })).default([]),
    /** Rich text; stored as '' when nothing visible is left after stripping tags. */
    info: z.string().max(100_000, { error: 'tooLong' }).default('').transform(normaliseRichText),
    get subcompetences(): z.ZodDefault<z.ZodArray<typeof zCompetence>> {
      return z.array(zCompetence).default([]);
    },
    /** A competence's criteria (third level only, D56). */
    criteria: z.array(zCompetenceCriterion).optional(),
    /**
     * Uuids of an earlier version's competences whose dated entries this one takes when a trajectory moves
     * to this version (D56: the item replaced them, `replacedBy`, or is their `exactMatchOf`).
     */
    formerUuids: z.array(z.string().min(1).max(NAME_MAX)).max(50).optional(),
    /** What the CASE item held beyond uuid, name and code, exported again (D56). */
    case: zCaseItemExtras.optional(),
  })
  .meta({ id: 'Competence' });
export type Competence = z.infer<typeof zCompetence>;

/** How deep criteria nest: 1 for a list without children. */
export function criteriaDepth(criteria: readonly CompetenceCriterion[]): number {
  let deepest = 0;
  for (const criterion of criteria)
    deepest = Math.max(deepest, 1 + (criterion.criteria ? criteriaDepth(criterion.criteria) : 0));
  return deepest;
}

/** Levels of a competence tree: cluster → sub-cluster → competence (D3). */
export const COMPETENCE_TREE_LEVELS = 3;

/**
 * Competence trees have exactly three levels (D3): a node below the third level is refused with
 * `tooDeep` at its path, so a 4-level tree never gets stored.
 */
export const zCompetenceTree = z.array(zCompetence).superRefine((tree, context) => {
  const walk = (nodes: readonly Competence[], level: number, path: (string | number)[]) => {
    nodes.forEach((node, index) => {
      const here = [...path, index];
      if (level >= COMPETENCE_TREE_LEVELS && node.subcompetences.length > 0)
        context.addIssue({ code: 'custom', message: 'tooDeep', path: [...here, 'subcompetences'] });
      else walk(node.subcompetences, level + 1, [...here, 'subcompetences']);
      // Criteria hang under a competence only (D56), and nest at most CASE_CRITERIA_DEPTH_MAX deep.
      if (node.criteria !== undefined && node.criteria.length > 0) {
        if (level < COMPETENCE_TREE_LEVELS)
          context.addIssue({ code: 'custom', message: 'invalidValue', path: [...here, 'criteria'] });
        else if (criteriaDepth(node.criteria) > CASE_CRITERIA_DEPTH_MAX)
          context.addIssue({ code: 'custom', message: 'tooDeep', path: [...here, 'criteria'] });
      }
    });
  };
  walk(tree, 1, []);
});

export const zCompetenceListContent = z.object({
  competences: zCompetenceTree.default([]),
  /** The CASE framework the list came from (D56); absent for a list made here. */
  framework: zCompetenceFramework.optional(),
});
export type CompetenceListContent = z.infer<typeof zCompetenceListContent>;
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
  competenceList: z.object({ ...linked, competences: zCompetenceTree.default([]) }),
  scoreInfo: z.array(zRatingInfo).default([]),
  reportBlueprints: z.array(zTrajectoryReportBlueprint).default([]),
  roles: z.array(zTrajectoryRole).default([]),
  users: z.array(zTrajectoryUserAccess).default([]),
  /**
   * How a competence's score is taken for the dashboard and the PDF (issue 23); absent: the latest of
   * any rater, as before. A `role` rule names one of `roles` (the editor warns when it names none).
   */
  scoreRule: zScoreRule.optional(),
});
export type TrajectoryBlueprintContent = z.infer<typeof zTrajectoryBlueprintContent>;
