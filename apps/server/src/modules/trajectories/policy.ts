import type { TrajectoryRow } from './repository.ts';

type Grant = Pick<TrajectoryRow, 'read' | 'purchase' | 'metadata' | 'rights'>;
type Rule = (grant: Grant, context: { active: boolean }) => boolean;

/**
 * Trajectory actions → rule (spec part 1 §6, D12, D13): reading needs a role on it; title,
 * description and status need METADATA; access needs RIGHTS; every write needs the trajectory active
 * (otherwise 403 expiredTrajectory), except deleting and restoring it.
 */
const rules = {
  read: (g) => g.read,
  updateMetadata: (g) => g.metadata,
  /** D12: the last active day, in organisation 0 (service.ts); also while inactive, to bring it back. */
  updateActiveUntil: (g) => g.metadata,
  setStatus: (g) => g.metadata,
  delete: (g) => g.metadata,
  updateAccess: (g) => g.rights,
  /** E-mail suggestions for the access editor: whoever may change the access, whatever their organisation role. */
  suggestEmails: (g) => g.rights,
  /** D10: moving to a newer blueprint version changes the form, evaluation and roles. */
  updateBlueprint: (g) => g.metadata,
  /** Form values: the field rights decide per value (writable paths); the trajectory must be active. */
  writeContent: (g) => g.read,
  // Reports (issue 9): any reader of the trajectory gets this far; the report-level and field-level
  // rights of their roles then decide per report blueprint (reports.ts, core canReadReport,
  // canCreateReport, canWriteReport, canDeleteReport).
  readReports: (g) => g.read,
  createReport: (g) => g.read,
  writeReport: (g) => g.read,
  deleteReport: (g) => g.read,
  // Evaluation and dashboard (issue 9): any reader of the trajectory gets this far; the evaluation
  // rights of their roles then decide (evaluation.ts: read or write to see it, else noAccess; write
  // to add or delete dated entries, D2).
  readEvaluation: (g) => g.read,
  writeEvaluation: (g) => g.read,
} satisfies Record<string, Rule>;

export type TrajectoryAction = keyof typeof rules;
export const trajectoryPolicy: Record<TrajectoryAction, Rule> = rules;

/** Actions that change the trajectory's content: refused while it is inactive (D12). */
export const NEEDS_ACTIVE: ReadonlySet<TrajectoryAction> = new Set([
  'updateMetadata',
  'updateAccess',
  'updateBlueprint',
  'writeContent',
  // Reports (issue 9): creating, changing and deleting a report are writes (D12).
  'createReport',
  'writeReport',
  'deleteReport',
  // Evaluation (issue 9): adding or deleting dated entries is a write (D12).
  'writeEvaluation',
]);
