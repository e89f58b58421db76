import {
  type CompetenceProperties,
  type CompetencePropertyKey,
  type Criterion,
  type EvaluationCompetence,
  photoIdsOf,
} from '../contract/evaluation.ts';
import { normaliseToMidnight } from '../dates/day-bounds.ts';
import { formatDisplayDate } from '../dates/display.ts';
import { walkCriteria } from './criteria-tree.ts';

/** The level at which setting a score without a date fills in the edit date. */
export const SCORE_DATE_LEVEL = 2;

export interface PropertyEntry {
  readonly timestamp: string;
  readonly values: CompetenceProperties;
}

function timeOf(timestamp: string): number {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Newest first; equal instants fall back to the text of the key. */
export function compareTimestampsDescending(a: string, b: string): number {
  return timeOf(b) - timeOf(a) || (a < b ? 1 : a > b ? -1 : 0);
}

/** The entries of a competence, newest first (its history). */
export function propertyHistory(properties: Readonly<Record<string, CompetenceProperties>>): PropertyEntry[] {
  return Object.keys(properties)
    .sort(compareTimestampsDescending)
    .map((timestamp) => ({ timestamp, values: properties[timestamp]! }));
}

/** The newest entry's values, or null when there are none. */
export function latestOf(
  properties: Readonly<Record<string, CompetenceProperties>>,
): CompetenceProperties | null {
  return propertyHistory(properties)[0]?.values ?? null;
}

/** A change to properties: a value sets it, '' or null clears it; `agreed` only as 'true' or cleared. */
export type PropertyChanges = Partial<Record<CompetencePropertyKey, string | null>> & {
  agreed?: 'true' | '' | null;
  photos?: string | null;
};

/**
 * What an entry never carries over to the next (issue 23): who wrote it (the server stamps the new entry's
 * own rater), whether its score was agreed (a new entry is agreed only when its writer says so) and the
 * photos that are evidence of that assessment.
 */
const OWN_TO_AN_ENTRY: ReadonlySet<string> = new Set(['rater', 'agreed', 'photos']);

export interface CompetenceEditOptions {
  /** When the edit happens; its ISO form keys the new entry. */
  readonly at: Date;
  /** The date chosen in the editor's date picker; defaults to `at`. */
  readonly editDate?: Date;
  /** The competence's depth in the tree (0 cluster, 1 sub-cluster, 2 competence). */
  readonly level: number;
}

/**
 * An edit writes a new entry: the latest values with the changes applied (without the latest entry's
 * rater and agreed mark, issue 23), keyed by the edit's timestamp, and it becomes latestProperties. Setting a score on a level-2 competence that has
 * no date fills in the chosen edit date (at midnight) as dd/MM/yyyy.
 */
export function editCompetence(
  competence: EvaluationCompetence,
  changes: PropertyChanges,
  options: CompetenceEditOptions,
): EvaluationCompetence {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(competence.latestProperties ?? {})) {
    if (typeof value === 'string' && !OWN_TO_AN_ENTRY.has(key)) values[key] = value;
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') delete values[key];
    else values[key] = value;
  }
  const scoreSet = typeof changes.score === 'string' && changes.score !== '';
  if (scoreSet && options.level === SCORE_DATE_LEVEL && !values.date) {
    values.date = formatDisplayDate(normaliseToMidnight(options.editDate ?? options.at));
  }
  const entry = values as CompetenceProperties;
  const properties = { ...competence.properties, [options.at.toISOString()]: entry };
  return { ...competence, properties, latestProperties: latestOf(properties) };
}

/** Deletes an entry from the history; latestProperties becomes the next older entry, or null. */
export function deleteCompetenceEntry(
  competence: EvaluationCompetence,
  timestamp: string,
): EvaluationCompetence {
  if (!Object.hasOwn(competence.properties, timestamp)) return competence;
  const properties = Object.fromEntries(
    Object.entries(competence.properties).filter(([key]) => key !== timestamp),
  );
  return { ...competence, properties, latestProperties: latestOf(properties) };
}

/**
 * Every file an evaluation names (issue 23): the photos of every entry of every competence, each once.
 * A part not read (a placeholder `{}`) names none. What the engine records as the document's files and
 * what D19 asks of a reader of the evaluation.
 */
export function evaluationPhotoIds(evaluation: { readonly criteria?: readonly Criterion[] }): number[] {
  const ids = new Set<number>();
  for (const { criterion } of walkCriteria(evaluation.criteria ?? [])) {
    if (criterion.type !== 'competence') continue;
    for (const entry of Object.values(criterion.properties ?? {}))
      for (const id of photoIdsOf(entry?.photos)) ids.add(id);
  }
  return [...ids];
}
