import {
  type CompetenceProperties,
  EVALUATION_LOCATIONS,
  type EvaluationLocation,
  isDisplayDate,
  type PropertyChanges,
} from '@groeipad/core';

/**
 * The form of a new evaluation entry (spec part 1 §3 "Property values", §4 "Evaluation edits"): info,
 * planned date, location (school, werkplek, extern), achieved, offered, date, score and remarks. It
 * starts from the competence's latest entry; applying it writes a new dated entry with every value.
 */
export interface EntryForm {
  readonly score: string;
  readonly info: string;
  /** dd/MM/yyyy or ''. */
  readonly planned_date: string;
  readonly location: readonly EvaluationLocation[];
  /** 'true', 'false' or '' (not said). */
  readonly achieved: '' | 'true' | 'false';
  readonly offered: string;
  /** dd/MM/yyyy or ''. */
  readonly date: string;
  readonly remarks: string;
  /** "Agreed score" (issue 23): the entry's score is the one agreed on. Starts unticked for every entry. */
  readonly agreed: boolean;
}

/** The three headings of the default remark template (spec part 1 §9), one paragraph each. */
export function remarksTemplate(headings: readonly string[]): string {
  return `${headings.join('\n\n\n')}\n`;
}

/** The locations of a stored comma list, in the scale's order, unknown parts dropped. */
export function parseLocations(text: string | undefined): EvaluationLocation[] {
  const parts = new Set((text ?? '').split(',').map((part) => part.trim()));
  return EVALUATION_LOCATIONS.filter((location) => parts.has(location));
}

/** The stored comma list of locations, in the scale's order. */
export function formatLocations(locations: readonly EvaluationLocation[]): string {
  return EVALUATION_LOCATIONS.filter((location) => locations.includes(location)).join(',');
}

/** The form for a new entry: the latest values, or the remark template when there are no remarks. */
export function entryFormOf(latest: CompetenceProperties | null | undefined, template: string): EntryForm {
  const achieved = latest?.achieved;
  return {
    score: latest?.score && latest.score !== '0' ? latest.score : '',
    info: latest?.info ?? '',
    planned_date: latest?.planned_date ?? '',
    location: parseLocations(latest?.location),
    achieved: achieved === 'true' || achieved === 'false' ? achieved : '',
    offered: latest?.offered ?? '',
    date: latest?.date ?? '',
    remarks: latest?.remarks?.trim() ? latest.remarks : template,
    // An agreement is made per entry, never carried over (core editCompetence drops it too).
    agreed: false,
  };
}

/** Remarks that are only the untouched template count as none. */
function storedRemarks(remarks: string, template: string): string {
  return remarks.trim() === '' || remarks.trim() === template.trim() ? '' : remarks;
}

/** Every property of the new entry ('' clears it), for core editCompetence. */
export function entryChangesOf(form: EntryForm, template: string): PropertyChanges {
  return {
    score: form.score,
    info: form.info.trim(),
    planned_date: form.planned_date,
    location: formatLocations(form.location),
    achieved: form.achieved,
    offered: form.offered.trim(),
    date: form.date,
    remarks: storedRemarks(form.remarks, template),
    agreed: form.agreed ? 'true' : '',
  };
}

/**
 * The form says what the latest entry already says: applying it would add nothing. Ticking "agreed" on
 * values not yet agreed is a change; leaving it unticked is none (the latest entry's mark is its own).
 */
export function sameAsLatest(
  latest: CompetenceProperties | null | undefined,
  form: EntryForm,
  template: string,
): boolean {
  const { agreed, ...changes } = entryChangesOf(form, template);
  if (agreed === 'true' && latest?.agreed !== 'true') return false;
  return Object.entries(changes).every(([key, value]) => {
    const stored = latest?.[key as keyof typeof changes] ?? '';
    if (key === 'location') return formatLocations(parseLocations(stored)) === value;
    if (key === 'score') return (stored === '0' ? '' : stored) === value;
    return stored.trim() === (value ?? '').trim();
  });
}

export interface EntryFormProblems {
  planned_date?: 'invalidDate';
  date?: 'invalidDate';
}

/** Dates must be dd/MM/yyyy (or empty); the date pickers only make such, typed text may not. */
export function entryFormProblems(form: EntryForm): EntryFormProblems {
  const problems: EntryFormProblems = {};
  if (form.planned_date !== '' && !isDisplayDate(form.planned_date)) problems.planned_date = 'invalidDate';
  if (form.date !== '' && !isDisplayDate(form.date)) problems.date = 'invalidDate';
  return problems;
}
