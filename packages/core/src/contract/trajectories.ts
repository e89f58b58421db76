import { z } from 'zod';
import { parseIsoDate } from '../dates/display.ts';
import { setEntry } from '../util/own-key.ts';
import { zTrajectoryAccess, zTrajectoryRole, zTrajectoryUserAccess } from './access.ts';
import { zInformationContent } from './blueprints.ts';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  SHORT_DESCRIPTION_MAX,
  zBodyId,
  zOptionalText,
  zRequiredText,
} from './common.ts';
import { zReportBlueprintEntry, zReportListItem } from './reports.ts';

/** Rights on a trajectory list item (spec part 1 §6). */
export const TRAJECTORY_RIGHTS = ['READ', 'PURCHASE', 'METADATA', 'RIGHTS'] as const;
export type TrajectoryRight = (typeof TRAJECTORY_RIGHTS)[number];
export const zTrajectoryRight = z.enum(TRAJECTORY_RIGHTS);

export const TRAJECTORY_STATUSES = ['LIVE', 'DELETED'] as const;
export type TrajectoryStatus = (typeof TRAJECTORY_STATUSES)[number];
/** LIVE or DELETED, in any letter case (D30). */
export const zTrajectoryStatus = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(TRAJECTORY_STATUSES, { error: 'required' }),
);

/** PUT /api/v2/trajectories/{id}/status */
export const zTrajectoryStatusUpdate = z.object({ status: zTrajectoryStatus });
/** GET /api/v2/trajectories?status= */
export const zTrajectoryListQuery = z.object({ status: zTrajectoryStatus.default('LIVE') });

/** activeUntil: an ISO date-time, or null (shown as inactive). */
const zActiveUntil = z.string().nullable();

/**
 * An evaluation's progress in the list (issue 22): competences scored of the total (a score counts when
 * it is on the scale and not 0, as the dashboard counts), the rounded average with its name and colour
 * (never colour alone), and the moment of the newest entry. The latest entry per competence counts (D2).
 */
export const zTrajectoryProgress = z
  .object({
    competences: z.number().int(),
    scored: z.number().int(),
    average: z
      .object({ score: z.number().int(), name: z.string(), colour: z.string().nullable() })
      .nullable(),
    /** ISO instant of the newest entry of any competence; null before the first. */
    lastAssessed: z.string().nullable(),
  })
  .meta({ id: 'TrajectoryProgress' });
export type TrajectoryProgress = z.infer<typeof zTrajectoryProgress>;

export const zTrajectoryListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  activeUntil: zActiveUntil,
  rights: z.array(zTrajectoryRight),
  /** Only for a reader of the evaluation (spec part 1 §6); null for anyone else, never a figure. */
  progress: zTrajectoryProgress.nullable().optional(),
});
export type TrajectoryListItem = z.infer<typeof zTrajectoryListItem>;

/**
 * What the reader may do on the detail screens (DESIGN points 1 and 2, Outline's `presentPolicies`): the
 * server judges each from the reader's grant through its policy and sends it with the trajectory; the
 * web renders from these and never works rights out again from the access list.
 */
export const zTrajectoryAbilities = z.object({
  /** The header's Edit button (spec part 1 §6, core canShowEditButton): never while inactive (D12). */
  edit: z.boolean(),
  /** Title and description: METADATA, active (D12). */
  updateMetadata: z.boolean(),
  /** The last active day (D12): METADATA in organisation 0, also while inactive (it brings one back). */
  updateActiveUntil: z.boolean(),
  /** The roles and users (spec part 1 §5): RIGHTS, active. */
  updateAccess: z.boolean(),
  /** Moving to the blueprint's latest version (D10): METADATA, active. */
  updateBlueprint: z.boolean(),
  /** Deleting and restoring (D13): METADATA, also while inactive. */
  delete: z.boolean(),
  /**
   * The reader's roles grant read on some information field: an empty form then has no fields rather
   * than none the reader may see (noAccess, spec part 1 §6).
   */
  readInformation: z.boolean(),
  /** The evaluation (spec part 1 §6): read or write; without it the section says noAccess. */
  readEvaluation: z.boolean(),
  /** New dated entries and deletions (D2): evaluation write, active. */
  writeEvaluation: z.boolean(),
  /** The agreed score (D55): METADATA and evaluation write, active; the entry dialog offers the mark only then. */
  agreeScore: z.boolean(),
  /**
   * The reports section: some role gives the reader a right on some report, or they are general admin
   * (each report then carries its own rights); otherwise the section says noAccess.
   */
  readReports: z.boolean(),
  /** Inviting a mentor without an account (issue 23, the header's button of issue 31): RIGHTS, active (D12). */
  inviteMentor: z.boolean(),
  /**
   * "Voortgangsrapport maken" (issue 31), the PDF of what the maker may read: METADATA, or the learner who reads
   * the evaluation (D58, from their own page too); also while inactive (it only reads).
   */
  progressReport: z.boolean(),
});
export type TrajectoryAbilities = z.infer<typeof zTrajectoryAbilities>;

/** GET /api/v2/trajectories/{id}: the detail header. */
export const zTrajectoryInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What is stored (up to 1000 characters when made so by the create dialog, D5). */
  description: z.string().nullable(),
  rights: z.array(zTrajectoryRight),
  activeUntil: zActiveUntil,
  blueprintId: z.number().int().nullable(),
  blueprintVersion: z.number().int().nullable(),
  /** The linked blueprint's name; null when it was removed or none is linked. */
  blueprintName: z.string().nullable(),
  /** The trajectory was made from a blueprint that is now deleted (shown as 'removed'). */
  blueprintRemoved: z.boolean(),
  /** The latest version of the linked blueprint; null when removed or not linked. */
  latestBlueprintVersion: z.number().int().nullable(),
  /** The dashboard has widgets (the dashboard tab is hidden otherwise). */
  hasDashboard: z.boolean(),
  /** Writes are refused (D12): activeUntil is empty or past in the business time zone. */
  expired: z.boolean(),
  abilities: zTrajectoryAbilities,
});
export type TrajectoryInfo = z.infer<typeof zTrajectoryInfo>;

/** GET /api/v2/trajectories/{id}/email-suggestions?q= (RIGHTS): members' e-mail addresses. */
export const zEmailSuggestionsQuery = z.object({
  q: z.string().max(NAME_MAX, { error: 'tooLong' }).default(''),
});
export const EMAIL_SUGGESTIONS_MAX = 20;

/** One change D10's update preview names. */
export const zBlueprintUpdateChange = z.object({
  kind: z.enum([
    'fieldAdded',
    'fieldRemoved',
    'fieldRenamed',
    'fieldMoved',
    'competenceAdded',
    'competenceRemoved',
    'competenceRenamed',
    'competenceCarried',
    'roleAdded',
    'roleRemoved',
    'roleChanged',
  ]),
  /** The field's, competence's or role's name (the new one for a rename). */
  name: z.string(),
  /** The former name (rename) or position path (move), for the sentence. */
  from: z.string().optional(),
  to: z.string().optional(),
  /**
   * For a removed competence: its dated entries, kept in the trajectory's history (D10); for a carried one
   * (`competenceCarried`, D56): the entries it takes from the competences it replaces (named in `from`).
   * Only in a preview for one trajectory.
   */
  entries: z.number().int().optional(),
});
export type BlueprintUpdateChange = z.infer<typeof zBlueprintUpdateChange>;

/** GET /api/v2/trajectories/{id}/update: what moving to the blueprint's latest version would change (D10). */
export const zBlueprintUpdatePreview = z.object({
  currentVersion: z.number().int().nullable(),
  latestVersion: z.number().int().nullable(),
  changes: z.array(zBlueprintUpdateChange),
});
export type BlueprintUpdatePreview = z.infer<typeof zBlueprintUpdatePreview>;

/** PUT /api/v2/trajectories/{id}/update: the version the preview showed; a newer one since → 409. */
export const zApplyBlueprintUpdate = z.object({ version: zBodyId });

/** Column name → value, from the first two rows of an optional spreadsheet. */
export const zTrajectoryInformation = z.record(
  z.string().max(NAME_MAX, { error: 'tooLong' }),
  z.string().max(10_000, { error: 'tooLong' }),
);
export type TrajectoryInformation = z.infer<typeof zTrajectoryInformation>;

/**
 * The information map of an uploaded data file: names from the first row, values from the second.
 * Null when the file has fewer than 2 rows (it is ignored). Blank names are skipped.
 */
export function informationFromRows(rows: readonly (readonly unknown[])[]): TrajectoryInformation | null {
  const [names, values] = rows;
  if (!names || !values) return null;
  const information: TrajectoryInformation = {};
  names.forEach((name, index) => {
    const key = name === null || name === undefined ? '' : String(name).trim();
    if (key === '') return;
    const value = values[index];
    setEntry(information, key, value === null || value === undefined ? '' : String(value));
  });
  return information;
}

/** Data files accepted by the create dialog. */
export const TRAJECTORY_DATA_ACCEPT = '.xlsx,.xls,.csv';

/** POST /api/v2/trajectories (201, Location holds the new id). */
export const zCreateTrajectory = z.object({
  blueprintId: zBodyId,
  name: zRequiredText(NAME_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
  access: zTrajectoryAccess,
  /**
   * D14, D40: the data file's row. Columns that name a form field fill that field as the creator's own
   * write (their field rights decide: 403 otherwise; 400 `invalidValue` at `information.<column>` for a
   * text the field cannot take); the other columns become the information map.
   */
  information: zTrajectoryInformation.optional(),
});
export type CreateTrajectory = z.input<typeof zCreateTrajectory>;

/**
 * PUT /api/v2/trajectories/{id}: title and description on the detail page. A description changed to
 * more than 255 characters is refused; one left as it was (up to the 1000 of the create dialog) is
 * accepted (D5) — the server compares with what is stored.
 */
export const zUpdateTrajectory = z.object({
  name: zRequiredText(NAME_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
  /**
   * D12: the last active day (yyyy-MM-dd), or null for inactive; only in organisation 0 (a private
   * organisation extends with credits: 403 activeUntilByCredits). Left out: unchanged.
   */
  activeUntil: z
    .string()
    .max(10)
    .refine((value) => parseIsoDate(value) !== null, { error: 'invalidValue' })
    .nullable()
    .optional(),
});
export type UpdateTrajectory = z.input<typeof zUpdateTrajectory>;

/**
 * D5: the detail page edits the description with a 255 limit, but a longer one made by the create
 * dialog may stay as it is. `tooLong` when `next` differs from `stored` and is over 255 characters.
 */
export function detailDescriptionProblem(stored: string | null, next: string | null): 'tooLong' | null {
  return next !== null && next !== stored && next.length > SHORT_DESCRIPTION_MAX ? 'tooLong' : null;
}

/** GET /api/v2/trajectories/{id}/form: the information form (PATCH …/form and …/information take a JSON Patch). */
export const zTrajectoryForm = zInformationContent;
/** GET /api/v2/trajectories/{id}/reports: the reports the user can read. */
export const zTrajectoryReports = z.array(zReportListItem);
/** GET /api/v2/trajectories/{id}/reportblueprints: the report blueprints offered for report creation. */
export const zTrajectoryReportBlueprints = z.array(zReportBlueprintEntry);
/** GET /api/v2/trajectories/{id}/roles and /users: the parts of the access list (GET/PUT …/access). */
export const zTrajectoryRoles = z.array(zTrajectoryRole);
export const zTrajectoryUsers = z.array(zTrajectoryUserAccess);

/** GET /api/v2/trajectories/grouped?key= */
export const zGroupedTrajectoriesQuery = z.object({ key: z.string().max(NAME_MAX, { error: 'tooLong' }) });

/** One accordion group; `value` null is the Uncategorised group (no value for the key). */
export const zTrajectoryGroup = z.object({
  value: z.string().nullable(),
  trajectories: z.array(zTrajectoryListItem),
});
export const zGroupedTrajectories = z.array(zTrajectoryGroup);
export type TrajectoryGroup = z.infer<typeof zTrajectoryGroup>;

/** The local-storage key of the remembered group-by field, per user and organisation. */
export function groupByStorageKey(userId: number, organisationId: number): string {
  return `trajectories.groupBy.${userId}.${organisationId}`;
}

/**
 * The accordion groups of the trajectory list: one per group value (sorted by value), then the
 * Uncategorised group (value null) for trajectories without a value for the key (missing or blank).
 * Groups keep the order of the items inside them; empty groups are not made.
 */
export function groupTrajectories<T>(
  items: readonly T[],
  groupValue: (item: T) => string | null | undefined,
): { value: string | null; trajectories: T[] }[] {
  const groups = new Map<string, T[]>();
  const uncategorised: T[] = [];
  for (const item of items) {
    const value = groupValue(item)?.trim();
    if (!value) uncategorised.push(item);
    else groups.set(value, [...(groups.get(value) ?? []), item]);
  }
  const named = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, trajectories]) => ({ value, trajectories }));
  return uncategorised.length > 0 ? [...named, { value: null, trajectories: uncategorised }] : named;
}
