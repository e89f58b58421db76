import { trajectoryIdOf } from '../detail/sections';

/**
 * Where the reports section is (spec part 1 §2 "Reports section"): the list at
 * /trajectory/{id}/reports, one report at /trajectory/{id}/reports/{reportId}. The frame's route is
 * `trajectory/:id/*`, so the section reads the rest of the path (`reports/12`).
 */
export type ReportRoute =
  | { kind: 'list' }
  | { kind: 'report'; id: number }
  | { kind: 'invalid'; text: string };

export function reportRouteOf(rest: string | undefined): ReportRoute {
  const segments = (rest ?? '').split('/').filter((segment) => segment !== '');
  const text = segments[1];
  if (text === undefined) return { kind: 'list' };
  const id = trajectoryIdOf(text);
  // A further segment names nothing here: treated like a report id that is not one.
  if (id === null || segments.length > 2) return { kind: 'invalid', text: segments.slice(1).join('/') };
  return { kind: 'report', id };
}

/** The reports list of a trajectory. */
export function reportsPath(trajectoryId: number): string {
  return `/trajectory/${trajectoryId}/reports`;
}

/** One report; `edit` opens it directly in edit mode (after creating it, spec part 1 §2). */
export function reportPath(trajectoryId: number, reportId: number, edit = false): string {
  return `${reportsPath(trajectoryId)}/${reportId}${edit ? '?edit=true' : ''}`;
}

/** Close: the parent path, by dropping the last path segment (spec part 1 §2; a trailing slash ignored). */
export function parentPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}
