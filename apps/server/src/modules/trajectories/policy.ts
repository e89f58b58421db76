import {
  canCreateReport,
  canDeleteReport,
  canReadReport,
  canWriteReport,
  type EffectiveRights,
  effectiveRightsOf,
  type MessageKey,
  rolesGrantRightsAdmin,
  type TrajectoryAbilities,
  type TrajectoryAccess,
  type TrajectoryRole,
  trajectoryListRights,
  userRoles,
  zTrajectoryAbilities,
} from '@groeipad/core';

/** What the policy judges: the trajectory-level rights (the access rows), the evaluation rights, today. */
export interface GrantFacts {
  read: boolean;
  purchase: boolean;
  metadata: boolean;
  rights: boolean;
  evaluation: { read: boolean; write: boolean };
  /** Some role gives a right on some report, or general admin (core canReadSomeReport). */
  reports: boolean;
  /** Some role gives read (or write) on some information field (readsInformation). */
  information: boolean;
  /** Some right to change something: METADATA, RIGHTS, or a write right anywhere (core canShowEditButton). */
  changes: boolean;
  /** The trajectory is of organisation 0, where METADATA sets the last active day (D12). */
  provider: boolean;
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
  /** The header's Edit button (spec part 1 §6): something to change, never while inactive (D12). */
  edit: { allow: (g) => g.read, write: true, part: (g) => (g.changes ? null : 'forbidden') },
  /** PUT …/trajectories/{id}: METADATA; what it changes is judged by the two actions below. */
  update: { allow: (g) => g.metadata },
  updateMetadata: { allow: (g) => g.metadata, write: true },
  /**
   * D12: the last active day, in organisation 0; also while inactive, to bring it back. A private
   * organisation extends with credits only (403 activeUntilByCredits).
   */
  updateActiveUntil: {
    allow: (g) => g.metadata,
    part: (g) => (g.provider ? null : 'activeUntilByCredits'),
  },
  setStatus: { allow: (g) => g.metadata },
  /**
   * D58: managing the trajectory — METADATA or RIGHTS. Who manages none (a student, also one who scores
   * themselves) lands on "Mijn voortgang"; the trajectories they follow are those they read without it.
   */
  manage: { allow: (g) => g.metadata || g.rights },
  /** A progress report (PDF) of the trajectory: METADATA, also while inactive (it only reads). */
  extract: { allow: (g) => g.metadata },
  /**
   * "Voortgangsrapport maken" in one click (issue 31, D58): METADATA as `extract`, or a reader of the
   * evaluation — the learner, also from "Mijn voortgang". The PDF is drawn with the maker's grant, so it
   * holds only what they may read. Also while inactive.
   */
  progressReport: { allow: (g) => g.read, part: (g) => (g.metadata ? null : evaluationRead(g)) },
  /** Extending with credits (D12, D24): PURCHASE, also while inactive (it is how an expired one comes back). */
  purchase: { allow: (g) => g.purchase },
  delete: { allow: (g) => g.metadata },
  updateAccess: { allow: (g) => g.rights, write: true },
  /** Mentor links (issue 23): listing and revoking them, also while inactive; inviting is a write. */
  mentorLinks: { allow: (g) => g.rights },
  inviteMentor: { allow: (g) => g.rights, write: true },
  /** D58: mailing a user of the access an invitation to make an account (again): a write, like inviting a mentor. */
  inviteUser: { allow: (g) => g.rights, write: true },
  /** E-mail suggestions for the access editor: whoever may change the access, whatever their organisation role. */
  suggestEmails: { allow: (g) => g.rights },
  /** D10: moving to a newer blueprint version changes the form, evaluation and roles. */
  updateBlueprint: { allow: (g) => g.metadata, write: true },
  writeContent: { allow: (g) => g.read, write: true },
  /**
   * The information section: an empty form then has no fields rather than none the reader may see
   * (spec part 1 §6 noAccess).
   */
  readInformation: { allow: (g) => g.read, part: (g) => (g.information ? null : 'noAccess') },
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
 * The actions whose answers go to the web as the trajectory's abilities (Outline's presentPolicies): the
 * screens render from them and never work a rule out again. Each is a row above (the type holds it).
 */
export const PRESENTED_ACTIONS = Object.keys(
  zTrajectoryAbilities.shape,
) as (keyof TrajectoryAbilities)[] satisfies TrajectoryAction[];

/**
 * The actions the access rows alone decide (no role's field or report rights): those the batch grant
 * judges for many trajectories in one statement (grant.ts `allowedTrajectories`, `loadGrants`).
 */
export type RowAction = Exclude<TrajectoryAction, 'edit' | 'readInformation' | 'readReports'>;

/**
 * The reader's roles grant read (or write) somewhere in the information: an empty form then has no
 * fields, rather than none they may see (spec part 1 §6 noAccess).
 */
export function readsInformation(roles: readonly TrajectoryRole[]): boolean {
  return roles.some((role) =>
    Object.values(role.informationRights).some((rights) => rights.read || rights.write),
  );
}

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

/**
 * Report actions, judged per report blueprint (spec part 1 §6: its name keys the rights) after the
 * trajectory's own action (`readReports`, `createReport`, `writeReport`, `deleteReport` above): reading
 * needs read on the blueprint's reports; writing and deleting also need read, since the list shows only
 * readable reports; creating needs admin on the blueprint (or general admin).
 */
const reportRules = {
  read: (rights, blueprint) => canReadReport(rights, blueprint),
  create: (rights, blueprint) => canCreateReport(rights, blueprint),
  write: (rights, blueprint) => canReadReport(rights, blueprint) && canWriteReport(rights, blueprint),
  delete: (rights, blueprint) => canReadReport(rights, blueprint) && canDeleteReport(rights, blueprint),
} satisfies Record<string, (rights: EffectiveRights, blueprint: string) => boolean>;

export type ReportAction = keyof typeof reportRules;

/** The policy's answer for a report action on a report of `blueprint`: null, or its 403's key. */
export function reportRefusal(
  action: ReportAction,
  rights: EffectiveRights,
  blueprint: string,
): MessageKey | null {
  if (reportRules[action](rights, blueprint)) return null;
  return action === 'read' ? 'noAccess' : 'forbidden';
}

/**
 * Whether `email` holds the rights admin (RIGHTS) through their own roles in `access`: whoever creates or
 * imports a trajectory must (principalRequiredRights), and an access change or blueprint update may not
 * take it from the one making it (canNotRevokeRight).
 */
export function holdsRightsAdmin(access: TrajectoryAccess, email: string): boolean {
  return rolesGrantRightsAdmin(userRoles(access, email));
}

/** One user's rights on a trajectory as its access rows keep them (DESIGN point 3), for the lists and the grant. */
export interface AccessRights {
  read: boolean;
  purchase: boolean;
  metadata: boolean;
  rights: boolean;
  evaluationRead: boolean;
  evaluationWrite: boolean;
}

/**
 * The effect of an access document per user who holds anything on the trajectory (core
 * trajectoryListRights, spec part 1 §6, and the evaluation rights of their merged roles): the rows the
 * list, the batch grant and the cohort grid read.
 */
export function accessRightsOf(access: TrajectoryAccess): Map<string, AccessRights> {
  const rows = new Map<string, AccessRights>();
  for (const email of new Set(access.users.map((entry) => entry.user))) {
    const list = trajectoryListRights(access, email);
    if (list.length === 0) continue;
    const { evaluation } = effectiveRightsOf(access, email);
    rows.set(email, {
      read: list.includes('READ'),
      purchase: list.includes('PURCHASE'),
      metadata: list.includes('METADATA'),
      rights: list.includes('RIGHTS'),
      evaluationRead: evaluation.read || evaluation.write,
      evaluationWrite: evaluation.write,
    });
  }
  return rows;
}
