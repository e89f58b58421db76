import type { MessageKey } from '@groeipad/core';

/** What the policy judges: the trajectory-level rights (the access rows), the evaluation rights, today. */
export interface GrantFacts {
  read: boolean;
  purchase: boolean;
  metadata: boolean;
  rights: boolean;
  evaluation: { read: boolean; write: boolean };
  /** Some role gives a right on some report, or general admin (core canReadSomeReport). */
  reports: boolean;
  active: boolean;
  /** The actor acts through a mentor link (issue 23), not as a user of the trajectory's access. */
  link: boolean;
}

interface Rule {
  /** The trajectory-level right (spec part 1 §6, D13): without it 403 forbidden. */
  allow: (g: GrantFacts) => boolean;
  /** A write: refused with 403 expiredTrajectory while the trajectory is inactive (D12). */
  write?: true;
  /** The part's own right, judged after the period: its refusal key when missing, else null. */
  part?: (g: GrantFacts) => MessageKey | null;
}

const evaluationRead = (g: GrantFacts): MessageKey | null =>
  g.evaluation.read || g.evaluation.write ? null : 'noAccess';
const evaluationWrite = (g: GrantFacts): MessageKey | null =>
  evaluationRead(g) ?? (g.evaluation.write ? null : 'forbidden');

/**
 * Trajectory actions → rule: reading needs a role on it; title, description, status and the blueprint
 * version need METADATA; access needs RIGHTS; every write needs the trajectory active (D12), except
 * deleting and restoring it and moving its last day (how an expired one comes back). Form and report
 * values are then judged per field, and reports per report blueprint, by the parts (parts.ts, core
 * canReadReport…); the evaluation by its own rights here (spec part 1 §6: noAccess without read; D2:
 * write adds and deletes dated entries).
 */
const rules = {
  read: { allow: (g) => g.read },
  updateMetadata: { allow: (g) => g.metadata, write: true },
  /** D12: the last active day, in organisation 0 (service.ts); also while inactive, to bring it back. */
  updateActiveUntil: { allow: (g) => g.metadata },
  setStatus: { allow: (g) => g.metadata },
  delete: { allow: (g) => g.metadata },
  updateAccess: { allow: (g) => g.rights, write: true },
  /** Mentor links (issue 23): listing and revoking them, also while inactive; inviting is a write. */
  mentorLinks: { allow: (g) => g.rights },
  inviteMentor: { allow: (g) => g.rights, write: true },
  /** E-mail suggestions for the access editor: whoever may change the access, whatever their organisation role. */
  suggestEmails: { allow: (g) => g.rights },
  /** D10: moving to a newer blueprint version changes the form, evaluation and roles. */
  updateBlueprint: { allow: (g) => g.metadata, write: true },
  writeContent: { allow: (g) => g.read, write: true },
  /** The reports section: noAccess to a reader no report is for (each report then judged by itself). */
  readReports: { allow: (g) => g.read, part: (g) => (g.reports ? null : 'noAccess') },
  createReport: { allow: (g) => g.read, write: true },
  writeReport: { allow: (g) => g.read, write: true },
  deleteReport: { allow: (g) => g.read, write: true },
  /** The dashboard shows for every reader; its figures need evaluation read (dashboard.ts). */
  readDashboard: { allow: (g) => g.read },
  readEvaluation: { allow: (g) => g.read, part: evaluationRead },
  writeEvaluation: { allow: (g) => g.read, write: true, part: evaluationWrite },
  /**
   * D55: the agreed score (`agreed`) is set only by a rater whose role holds METADATA on the trajectory
   * and may write the evaluation; from anyone else the save drops the mark (and keeps the entry).
   */
  agreeScore: { allow: (g) => g.metadata, write: true, part: evaluationWrite },
  /** D54: deleting another rater's entry (D2); a mentor's link removes only its own entries. */
  removeOthersEntries: { allow: (g) => g.read && !g.link, write: true, part: evaluationWrite },
} satisfies Record<string, Rule>;

export type TrajectoryAction = keyof typeof rules;
export const trajectoryPolicy: Record<TrajectoryAction, Rule> = rules;

/**
 * The policy's answer for `action`: null when allowed, else the key of its 403 — in this order: the
 * trajectory-level right, the active period (writes), the part's own right.
 */
export function refusal(action: TrajectoryAction, facts: GrantFacts): MessageKey | null {
  const rule: Rule = trajectoryPolicy[action];
  if (!rule.allow(facts)) return 'forbidden';
  if (rule.write && !facts.active) return 'expiredTrajectory';
  return rule.part?.(facts) ?? null;
}
