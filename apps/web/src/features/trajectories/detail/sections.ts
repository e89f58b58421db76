import { ID_MAX } from '@groeipad/core';

/**
 * The sections of the trajectory detail frame, in tab order (spec part 1 §2 "Trajectory detail").
 * Access comes first: it is where an unknown or missing section lands.
 */
export const TRAJECTORY_SECTIONS = ['access', 'form', 'evaluation', 'reports', 'dashboard'] as const;
export type TrajectorySection = (typeof TRAJECTORY_SECTIONS)[number];

/** Where an unknown or missing section falls back to (issue 8). */
export const FALLBACK_SECTION: TrajectorySection = 'access';

/**
 * The section a route names, or null when it names none this trajectory shows (the page then
 * redirects to the fallback). The dashboard exists only when the dashboard has widgets.
 */
export function sectionOf(value: string | undefined, hasDashboard: boolean): TrajectorySection | null {
  const section = TRAJECTORY_SECTIONS.find((name) => name === value);
  if (!section) return null;
  if (section === 'dashboard' && !hasDashboard) return null;
  return section;
}

/** The sections shown as tabs. */
export function visibleSections(hasDashboard: boolean): TrajectorySection[] {
  return TRAJECTORY_SECTIONS.filter((section) => section !== 'dashboard' || hasDashboard);
}

/**
 * The trajectory id of a route, or null when it is not a whole number a database id can be
 * (invalidDocumentId, spec part 2 §2).
 */
export function trajectoryIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id <= ID_MAX ? id : null;
}

/** The path of a section. */
export function sectionPath(id: number, section: TrajectorySection): string {
  return `/trajectory/${id}/${section}`;
}
