import {
  businessToday,
  checkReportName,
  DEFAULT_BUSINESS_TIME_ZONE,
  isoToDisplayDate,
  parseIsoDate,
  type ReportListEntry,
} from '@groeipad/core';

/**
 * Pure rules of the reports list and its neighbours (spec part 1 §2 "Reports section", §5; D16).
 */

/** The business-zone day (yyyy-MM-dd) of an ISO moment: the day the server filters by (D4). */
export function dayOf(moment: string): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? '' : businessToday(DEFAULT_BUSINESS_TIME_ZONE, date);
}

/** An ISO moment as dd/MM/yyyy of its business-zone day (the created date in lists). */
export function displayDay(moment: string): string {
  return isoToDisplayDate(dayOf(moment)) ?? '';
}

/** Reports in the order previous/next steps through them: oldest created first, then by id. */
export function chronological<T extends Pick<ReportListEntry, 'id' | 'created'>>(reports: readonly T[]): T[] {
  return [...reports].sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id);
}

/**
 * The reports before and after one (spec part 1 §2: previous and next step through the trajectory's
 * reports), in created order; null at either end, or when the report is not in the list.
 */
export function neighbours<T extends Pick<ReportListEntry, 'id' | 'created'>>(
  reports: readonly T[],
  id: number,
): { previous: T | null; next: T | null; position: number; total: number } {
  const ordered = chronological(reports);
  const index = ordered.findIndex((report) => report.id === id);
  if (index === -1) return { previous: null, next: null, position: 0, total: ordered.length };
  return {
    previous: ordered[index - 1] ?? null,
    next: ordered[index + 1] ?? null,
    position: index + 1,
    total: ordered.length,
  };
}

/**
 * The changes-start filter (D16): a yyyy-MM-dd day, never after today (spec part 1 §2 "no future
 * date"); the server counts from that day's midnight. 'future' for a later day, null for nothing.
 */
export function modifiedFromProblem(day: string | null, today: string): 'future' | 'invalid' | null {
  if (day === null || day === '') return null;
  if (!parseIsoDate(day)) return 'invalid';
  return day > today ? 'future' : null;
}

/** The list's query: only filters that hold (a future day is never sent). */
export function listQuery(
  filter: { modifiedFrom: string | null; blueprintName: string | null },
  today: string,
): { modifiedFrom?: string; blueprintName?: string } {
  const query: { modifiedFrom?: string; blueprintName?: string } = {};
  if (filter.modifiedFrom && modifiedFromProblem(filter.modifiedFrom, today) === null)
    query.modifiedFrom = filter.modifiedFrom;
  if (filter.blueprintName) query.blueprintName = filter.blueprintName;
  return query;
}

/** The types the type filter offers: every report blueprint name of the readable reports and the offered ones. */
export function reportTypes(reports: readonly ReportListEntry[], offered: readonly string[]): string[] {
  const names = new Set<string>([...reports.map((report) => report.blueprintName), ...offered]);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * The create dialog's name rule (spec part 1 §5): non-blank and unique — among the trajectory's reports
 * of the chosen report blueprint, as the server checks it (modules/trajectories/reports.ts createReport);
 * a blueprint must be chosen first.
 */
export function createProblem(
  name: string,
  blueprintName: string | null,
  reports: readonly ReportListEntry[],
): 'blueprintRequired' | 'required' | 'tooLong' | 'duplicate' | null {
  if (!blueprintName) return 'blueprintRequired';
  const existing = reports.filter((report) => report.blueprintName === blueprintName).map((r) => r.name);
  return checkReportName(name, existing);
}

/**
 * The split-screen picker's text filter: reports whose name, type or created date (dd/MM/yyyy)
 * contains the text (trimmed, any letter case); the report on the left is not offered.
 */
export function pickerReports(
  reports: readonly ReportListEntry[],
  text: string,
  excludeId: number,
): ReportListEntry[] {
  const wanted = text.trim().toLocaleLowerCase();
  return chronological(reports)
    .reverse()
    .filter((report) => report.id !== excludeId)
    .filter(
      (report) =>
        wanted === '' ||
        report.name.toLocaleLowerCase().includes(wanted) ||
        report.blueprintName.toLocaleLowerCase().includes(wanted) ||
        displayDay(report.created).includes(wanted),
    );
}
