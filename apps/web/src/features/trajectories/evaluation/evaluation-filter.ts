import {
  type CalendarDate,
  type Criterion,
  type EvaluationFilter,
  filterCriteria,
  parseIsoDate,
} from '@groeipad/core';

/**
 * The evaluation's filter panel (spec part 1 §2, §5, §8) with the header's filter box: changes from a
 * day (00:00) until a day (23:59:59.999), competences with any of the chosen labels (their own or a
 * cluster's), and the header's text in a name. Core's filterCriteria does the work; an empty result
 * shows noFilteredDataFound.
 */
export interface FilterPanelValues {
  /** yyyy-MM-dd, as the date picker gives it; null when open. */
  readonly from: string | null;
  readonly until: string | null;
  readonly labels: readonly string[];
}

export const EMPTY_FILTER: FilterPanelValues = { from: null, until: null, labels: [] };

function day(value: string | null): CalendarDate | null {
  return value ? parseIsoDate(value) : null;
}

/** The core filter of the panel and the header's text. */
export function evaluationFilter(values: FilterPanelValues, text: string): EvaluationFilter {
  return { from: day(values.from), until: day(values.until), labels: values.labels, text };
}

/** The panel holds something to filter on (the header's text is not counted: it has its own box). */
export function panelActive(values: FilterPanelValues): boolean {
  return Boolean(values.from || values.until || values.labels.length > 0);
}

/** "until" before "from" matches nothing by construction: the panel says so at the field. */
export function rangeProblem(values: FilterPanelValues): 'untilBeforeFrom' | null {
  return values.from && values.until && values.until < values.from ? 'untilBeforeFrom' : null;
}

/** The tree as the filters show it. */
export function visibleCriteria(
  criteria: readonly Criterion[],
  values: FilterPanelValues,
  text: string,
): Criterion[] {
  return filterCriteria(criteria, evaluationFilter(values, text));
}
