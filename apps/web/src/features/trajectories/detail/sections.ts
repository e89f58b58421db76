import { ID_MAX, type TrajectoryAbilities } from '@groeipad/core';

/**
 * The sections of the trajectory detail frame, in tab order (spec part 1 §2 "Trajectory detail"): the
 * spec's names, access last (D43).
 */
export const TRAJECTORY_SECTIONS = ['form', 'evaluation', 'reports', 'dashboard', 'access'] as const;
export type TrajectorySection = (typeof TRAJECTORY_SECTIONS)[number];

/** Where an unknown section falls back to (issue 8; part 1 §2). */
export const FALLBACK_SECTION: TrajectorySection = 'access';

/**
 * D43: where `/trajectory/{id}` without a section opens — the first section the reader may read, in
 * the order dashboard (when it has widgets), evaluation, form, reports; else access. A student lands
 * on their evaluation or dashboard, never on the rights table.
 */
export function landingSection(trajectory: {
  hasDashboard: boolean;
  abilities: Pick<TrajectoryAbilities, 'readEvaluation' | 'readInformation' | 'readReports'>;
}): TrajectorySection {
  const { abilities } = trajectory;
  // The dashboard shows the evaluation: without evaluation read it has nothing to show.
  if (trajectory.hasDashboard && abilities.readEvaluation) return 'dashboard';
  if (abilities.readEvaluation) return 'evaluation';
  if (abilities.readInformation) return 'form';
  if (abilities.readReports) return 'reports';
  return 'access';
}

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
