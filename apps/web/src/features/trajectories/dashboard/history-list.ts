import { type CompetenceProperties, scoreValue, showDateTime, UNRATED_COLOUR } from '@groeipad/core';

/**
 * The evaluation-history widget's pure parts (spec part 1 §2 "Dashboard section"): when an entry was
 * made, which score of the scale it holds, the header filter, and how many entries show.
 */

/** Entries shown at first and added by each "show more". */
export const HISTORY_PAGE = 10;

export interface ScaleScore {
  readonly score: number;
  readonly name: string;
  readonly colour: string;
}

/** dd/MM/yyyy HH:mm of when an entry was written, in the business time zone (D47); the text itself when it is no date. */
export function formatEntryMoment(timestamp: string): string {
  return showDateTime(timestamp) || timestamp;
}

/**
 * The score an entry holds, as the scale names and colours it: null when the entry has no score
 * (empty or 0, spec part 1 §5). A score the scale does not know shows as its number in grey.
 */
export function entryScore(
  values: CompetenceProperties,
  scale: readonly ScaleScore[] | null,
): ScaleScore | null {
  const score = scoreValue(values);
  if (score === null || score === 0) return null;
  return (
    scale?.find((entry) => entry.score === score) ?? { score, name: String(score), colour: UNRATED_COLOUR }
  );
}

/** The entries whose competence name holds the header's filter text (any case); all without one. */
export function filterByCompetence<T extends { competenceName: string }>(
  entries: readonly T[],
  filter: string,
): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => entry.competenceName.toLocaleLowerCase().includes(needle));
}
