import { z } from 'zod';
import { parseDisplayDate, parseIsoDateTime } from '../dates/display.ts';
import { isValidColour } from '../fields/colour.ts';
import { NAME_MAX } from './common.ts';

/**
 * The evaluation of a trajectory (spec part 1 §3): a criteria tree of clusters, sub-clusters and
 * competences, with the score scale. A competence keeps every edit as an entry keyed by an ISO
 * timestamp; latestProperties is the newest entry.
 */

/** The property values of one evaluation entry. */
export const COMPETENCE_PROPERTY_KEYS = [
  'info',
  'planned_date',
  'location',
  'achieved',
  'offered',
  'date',
  'score',
  'remarks',
] as const;
export type CompetencePropertyKey = (typeof COMPETENCE_PROPERTY_KEYS)[number];

/** Places a competence can be worked on; stored as a comma list. */
export const EVALUATION_LOCATIONS = ['school', 'werkplek', 'extern'] as const;
export type EvaluationLocation = (typeof EVALUATION_LOCATIONS)[number];

/** Score and colour of the unrated slice in overviews (spec part 1 §9). */
export const UNRATED_SCORE = -1;
export const UNRATED_COLOUR = '#9E9E9E';

/** Depth of a competence in the tree: 0 cluster, 1 sub-cluster, 2 competence. */
export const EVALUATION_LEVELS = ['cluster', 'subCluster', 'competence'] as const;

export const EVALUATION_TEXT_MAX = 100_000;
const zText = z.string().max(EVALUATION_TEXT_MAX, { error: 'tooLong' });

/** '' (cleared) or a valid dd/MM/yyyy. */
const zDisplayDateText = z
  .string()
  .refine((value) => value === '' || parseDisplayDate(value) !== null, { error: 'invalidDate' });

/** '' or a comma list of school, werkplek, extern (spaces around commas allowed). */
export function isLocationList(value: string): boolean {
  if (value.trim() === '') return true;
  return value.split(',').every((part) => (EVALUATION_LOCATIONS as readonly string[]).includes(part.trim()));
}

/** At most this many photos as evidence on one evaluation entry (issue 23). */
export const ENTRY_PHOTOS_MAX = 3;

/** The resource ids of an entry's `photos` text (an empty list for none or for text that is no list). */
export function photoIdsOf(text: string | undefined): number[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** '' or JSON text of a list of at most ENTRY_PHOTOS_MAX distinct positive integers. */
function isPhotoList(text: string): boolean {
  if (text === '') return true;
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    Array.isArray(list) &&
    list.length <= ENTRY_PHOTOS_MAX &&
    list.every((id) => Number.isInteger(id) && id > 0 && id <= 2 ** 31 - 1) &&
    new Set(list).size === list.length
  );
}

/**
 * Who wrote an entry (issue 23, several raters): their trajectory role (a role NAME of the access
 * document), e-mail and name. The server stamps it on every entry it adds; one sent by a client is
 * replaced, never trusted. Entries written before carry none.
 */
export const zRater = z.object({
  role: z.string().max(NAME_MAX, { error: 'tooLong' }),
  email: z.string().max(NAME_MAX, { error: 'tooLong' }),
  name: z.string().max(NAME_MAX * 2 + 1, { error: 'tooLong' }),
});
export type Rater = z.infer<typeof zRater>;

export const zCompetenceProperties = z.object({
  info: zText.optional(),
  planned_date: zDisplayDateText.optional(),
  location: z.string().max(NAME_MAX).refine(isLocationList, { error: 'invalidValue' }).optional(),
  achieved: z.enum(['true', 'false', '']).optional(),
  offered: z.string().max(NAME_MAX, { error: 'tooLong' }).optional(),
  date: zDisplayDateText.optional(),
  /** An integer as text; '' or '0' mean not scored. */
  score: z
    .string()
    .regex(/^(-?\d{1,6})?$/, { error: 'invalidValue' })
    .optional(),
  remarks: zText.optional(),
  /**
   * Photos as evidence of this entry (issue 23): JSON text of a list of resource ids, as an image field's
   * value (spec part 1 §1), at most `ENTRY_PHOTOS_MAX`. Only files the writer may read can be named (D42);
   * whoever reads the evaluation reads them (D19). Never carried over to a later entry.
   */
  photos: z.string().max(200, { error: 'tooLong' }).refine(isPhotoList, { error: 'invalidValue' }).optional(),
  /** Set by the server on every entry it adds (issue 23); never taken from a client. */
  rater: zRater.optional(),
  /**
   * 'true': the score agreed on ("Afgesproken score"), set per entry in the entry dialog; what the
   * `agreed` score rule counts. Never carried over to a later entry (core `editCompetence`).
   */
  agreed: z.enum(['true', '']).optional(),
});
export type CompetenceProperties = z.infer<typeof zCompetenceProperties>;

/** Longest key of the properties map. */
export const ENTRY_TIMESTAMP_MAX = 64;

/** Whether `key` may key an entry of a competence's properties: an ISO date-time with a zone (issue 30). */
export function isEntryTimestamp(key: string): boolean {
  return key.length <= ENTRY_TIMESTAMP_MAX && parseIsoDateTime(key) !== null;
}

/** A key of the properties map: an ISO date-time with a zone (`invalidEntryTimestamp` otherwise). */
export const zIsoTimestamp = z.string().refine(isEntryTimestamp, { error: 'invalidEntryTimestamp' });

const zLabels = z.array(z.string().max(NAME_MAX, { error: 'tooLong' })).default([]);

const zCode = z.string().max(NAME_MAX, { error: 'tooLong' }).optional();

/** A criterion shown under its competence (D56): from the blueprint, never scored, read-only in a trajectory. */
export const zEvaluationCriterion = z
  .object({
    uuid: z.string().min(1).max(NAME_MAX),
    code: zCode,
    name: z.string().max(EVALUATION_TEXT_MAX, { error: 'tooLong' }),
    get criteria(): z.ZodOptional<z.ZodArray<typeof zEvaluationCriterion>> {
      return z.array(zEvaluationCriterion).optional();
    },
  })
  .meta({ id: 'EvaluationCriterion' });
export type EvaluationCriterion = z.infer<typeof zEvaluationCriterion>;

export const zEvaluationCompetence = z.object({
  type: z.literal('competence'),
  uuid: z.string().min(1).max(NAME_MAX),
  /** The code shown before the name (`B1-K1-W1`, D56). */
  code: zCode,
  name: z.string().max(EVALUATION_TEXT_MAX, { error: 'tooLong' }),
  /** The criteria under the competence (D56). */
  criteria: z.array(zEvaluationCriterion).optional(),
  info: zText.default(''),
  labels: zLabels,
  properties: z.record(zIsoTimestamp, zCompetenceProperties).default({}),
  latestProperties: zCompetenceProperties.nullable().default(null),
});
export type EvaluationCompetence = z.infer<typeof zEvaluationCompetence>;

export const zEvaluationCluster = z.object({
  type: z.literal('cluster'),
  uuid: z.string().min(1).max(NAME_MAX),
  code: zCode,
  name: z.string().max(EVALUATION_TEXT_MAX, { error: 'tooLong' }),
  info: zText.default(''),
  labels: zLabels,
  get subsections(): z.ZodDefault<z.ZodArray<typeof zCriterion>> {
    return z.array(zCriterion).default([]);
  },
});
export type EvaluationCluster = z.infer<typeof zEvaluationCluster>;

/** A node of the criteria tree; recursive through clusters, so it has an `id` (an OpenAPI component). */
export const zCriterion = z
  .discriminatedUnion('type', [zEvaluationCluster, zEvaluationCompetence])
  .meta({ id: 'Criterion' });
export type Criterion = z.infer<typeof zCriterion>;

/**
 * How a competence's score is taken for the dashboard and the PDF (issue 23), chosen by the trajectory
 * blueprint and copied into the trajectory's evaluation with its scale (D6, D9): the latest entry of any
 * rater (`latest`, the default and what an evaluation without a rule does), the latest entry of one named
 * role (`role`), or the latest entry marked agreed (`agreed`). Core `countedProperties`.
 */
export const SCORE_RULE_KINDS = ['latest', 'role', 'agreed'] as const;
export const zScoreRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latest') }),
  z.object({ kind: z.literal('role'), role: z.string().max(NAME_MAX, { error: 'tooLong' }) }),
  z.object({ kind: z.literal('agreed') }),
]);
export type ScoreRule = z.infer<typeof zScoreRule>;
export const DEFAULT_SCORE_RULE: ScoreRule = { kind: 'latest' };

export const zEvaluation = z
  .object({
    criteria: z.array(zCriterion).default([]),
    minScore: z.number().int().min(-1000).max(1000),
    maxScore: z.number().int().min(-1000).max(1000),
    /** Names of the scores minScore…maxScore, in order. */
    scoreNames: z.array(z.string().max(NAME_MAX, { error: 'tooLong' })).default([]),
    /** Colours of the scores minScore…maxScore, in order. */
    scoreColours: z.array(z.string().refine(isValidColour, { error: 'invalidValue' })).default([]),
    /** Descriptions of the scores minScore…maxScore, in order. */
    scoreInfo: z.array(zText).default([]),
    /** Absent: `latest` (evaluations made before issue 23, and blueprints that keep the default). */
    scoreRule: zScoreRule.optional(),
  })
  .refine((evaluation) => evaluation.maxScore >= evaluation.minScore, {
    error: 'invalidValue',
    path: ['maxScore'],
  });
export type Evaluation = z.infer<typeof zEvaluation>;
export type EvaluationInput = z.input<typeof zEvaluation>;
