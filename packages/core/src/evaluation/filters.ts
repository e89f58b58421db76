import type { Criterion, EvaluationCompetence } from '../contract/evaluation.ts';
import type { CalendarDate } from '../dates/calendar.ts';
import { type DayRange, dayRange, isWithinDayRange } from '../dates/day-bounds.ts';
import { codedName } from './from-blueprint.ts';
import { type PropertyEntry, propertyHistory } from './properties.ts';

export interface EvaluationFilter {
  /** Changes from this day, at 00:00. */
  readonly from?: CalendarDate | Date | null;
  /** Changes until this day, at 23:59:59.999. */
  readonly until?: CalendarDate | Date | null;
  /** Keep competences that (or whose clusters) carry any of these labels. */
  readonly labels?: readonly string[];
  /** Case-insensitive text in the competence's or a cluster's name. */
  readonly text?: string;
}

/** A competence's entries inside a day range, newest first. */
export function entriesInRange(competence: EvaluationCompetence, range: DayRange): PropertyEntry[] {
  return propertyHistory(competence.properties).filter((entry) =>
    isWithinDayRange(new Date(entry.timestamp), range),
  );
}

function isActive(filter: EvaluationFilter): boolean {
  return Boolean(filter.from || filter.until || filter.labels?.length || filter.text?.trim());
}

/**
 * The criteria tree as the filter shows it: with a date range, a competence keeps only if it
 * changed in the range, and its latestProperties become the newest entry in the range; label
 * and text filters keep matching competences. Empty clusters are dropped. An empty result means
 * noFilteredDataFound.
 */
export function filterCriteria(criteria: readonly Criterion[], filter: EvaluationFilter): Criterion[] {
  if (!isActive(filter)) return [...criteria];
  const range = dayRange(filter.from, filter.until);
  const dated = Boolean(filter.from || filter.until);
  const wanted = new Set(filter.labels ?? []);
  const needle = filter.text?.trim().toLocaleLowerCase() ?? '';

  const visit = (
    items: readonly Criterion[],
    inheritedLabels: readonly string[],
    nameMatched: boolean,
  ): Criterion[] =>
    items.flatMap((criterion): Criterion[] => {
      const labels = [...inheritedLabels, ...criterion.labels];
      // The code is searched with the name (D56): `B1-K1` finds what the list shows under it.
      const matched =
        nameMatched || (needle !== '' && codedName(criterion).toLocaleLowerCase().includes(needle));
      if (criterion.type === 'cluster') {
        const subsections = visit(criterion.subsections, labels, matched);
        return subsections.length > 0 ? [{ ...criterion, subsections }] : [];
      }
      if (wanted.size > 0 && !labels.some((label) => wanted.has(label))) return [];
      if (needle !== '' && !matched) return [];
      if (!dated) return [criterion];
      const entries = entriesInRange(criterion, range);
      const newest = entries[0];
      if (!newest) return [];
      const properties = Object.fromEntries(entries.map((entry) => [entry.timestamp, entry.values]));
      return [{ ...criterion, properties, latestProperties: newest.values }];
    });

  return visit(criteria, [], false);
}
