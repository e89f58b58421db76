import { effectiveRights, type TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  type GrantFacts,
  PRESENTED_ACTIONS,
  type ReportAction,
  refusal,
  reportRefusal,
  type TrajectoryAction,
  trajectoryPolicy,
} from './policy.ts';

/** Holders as the policy sees them: the access row's rights, the evaluation rights, the period. */
const none = { read: false, write: false };
const holder = (list: Partial<GrantFacts>, evaluation = none, active = true): GrantFacts => ({
  read: true,
  purchase: false,
  metadata: false,
  rights: false,
  reports: false,
  information: false,
  changes: false,
  provider: false,
  link: false,
  ...list,
  evaluation,
  active,
});
const HOLDERS = {
  /** In organisation 0, where METADATA sets the last active day (D12). */
  teacher: holder(
    {
      metadata: true,
      rights: true,
      purchase: true,
      reports: true,
      information: true,
      changes: true,
      provider: true,
    },
    { read: true, write: true },
  ),
  student: holder({ reports: true, information: true }, { read: true, write: false }),
  /** METADATA only, in a private organisation. */
  mentor: holder({ metadata: true, changes: true }),
  reader: holder({}),
  expiredTeacher: holder(
    {
      metadata: true,
      rights: true,
      purchase: true,
      reports: true,
      information: true,
      changes: true,
      provider: true,
    },
    { read: true, write: true },
    false,
  ),
} satisfies Record<string, GrantFacts>;

const A = null; // allowed
const F = 'forbidden';
const E = 'expiredTrajectory';
const N = 'noAccess';

/** action → expected answer for teacher, student, mentor (METADATA only), reader, expired teacher. */
const TABLE: Record<TrajectoryAction, [unknown, unknown, unknown, unknown, unknown]> = {
  read: [A, A, A, A, A],
  edit: [A, F, A, F, E],
  update: [A, F, A, F, A],
  updateMetadata: [A, F, A, F, E],
  updateActiveUntil: [A, F, 'activeUntilByCredits', F, A],
  setStatus: [A, F, A, F, A],
  manage: [A, F, A, F, A],
  purchase: [A, F, F, F, A],
  extract: [A, F, A, F, A],
  progressReport: [A, A, A, N, A],
  delete: [A, F, A, F, A],
  updateAccess: [A, F, F, F, E],
  suggestEmails: [A, F, F, F, A],
  mentorLinks: [A, F, F, F, A],
  inviteMentor: [A, F, F, F, E],
  inviteUser: [A, F, F, F, E],
  updateBlueprint: [A, F, A, F, E],
  writeContent: [A, A, A, A, E],
  readInformation: [A, A, N, N, A],
  readReports: [A, A, N, N, A],
  createReport: [A, A, A, A, E],
  writeReport: [A, A, A, A, E],
  deleteReport: [A, A, A, A, E],
  readDashboard: [A, A, A, A, A],
  readEvaluation: [A, A, N, N, A],
  writeEvaluation: [A, F, N, N, E],
  agreeScore: [A, F, N, F, E],
  removeOthersEntries: [A, F, N, N, E],
};

describe('the trajectory policy as a table (spec part 1 §6, D2, D12, D13, D54, D55)', () => {
  it('has a row for every action', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(trajectoryPolicy).sort());
  });

  const names = Object.keys(HOLDERS) as (keyof typeof HOLDERS)[];
  it.each(Object.entries(TABLE))('%s', (action, expected) => {
    const answers = names.map((name) => refusal(action as TrajectoryAction, HOLDERS[name]));
    expect(Object.fromEntries(names.map((name, i) => [name, answers[i]]))).toEqual(
      Object.fromEntries(names.map((name, i) => [name, expected[i]])),
    );
  });

  it('judges the trajectory-level right before the period, and the period before the part', () => {
    const expiredStudent = holder({}, { read: true, write: false }, false);
    expect(refusal('updateAccess', expiredStudent)).toBe('forbidden');
    expect(refusal('writeEvaluation', expiredStudent)).toBe('expiredTrajectory');
    expect(refusal('writeEvaluation', holder({ read: false }, { read: true, write: true }))).toBe(
      'forbidden',
    );
  });

  it('agrees a score only with METADATA (D55); a mentor’s link removes no other rater’s entry (D54)', () => {
    const writer = { read: true, write: true };
    expect(refusal('writeEvaluation', holder({}, writer))).toBeNull();
    expect(refusal('agreeScore', holder({}, writer))).toBe('forbidden');
    expect(refusal('agreeScore', holder({ metadata: true }, writer))).toBeNull();
    expect(refusal('removeOthersEntries', holder({}, writer))).toBeNull();
    expect(refusal('removeOthersEntries', holder({ link: true }, writer))).toBe('forbidden');
    expect(refusal('writeEvaluation', holder({ link: true }, writer))).toBeNull();
  });
});

describe('report actions, judged per report blueprint (spec part 1 §6)', () => {
  const withReportRights = (rights: TrajectoryRole['reportRights']): TrajectoryRole => ({
    name: 'Lezer',
    adminRights: { purchase: false, metadata: false, rights: false },
    informationRights: {},
    evaluationRights: { read: false, write: false },
    reportRights: rights,
  });
  const R = { read: true, write: false, admin: false, hidden: false };
  const W = { read: true, write: true, admin: false, hidden: false };
  const ADMIN = { read: true, write: true, admin: true, hidden: false };
  /** role on report blueprint "Stage" → expected answer for read, create, write, delete of a "Stage" report. */
  const CASES: [string, TrajectoryRole['reportRights'], Record<ReportAction, unknown>][] = [
    ['nothing', {}, { read: N, create: F, write: F, delete: F }],
    ['read', { Stage: { '': R } }, { read: A, create: F, write: F, delete: F }],
    ['write', { Stage: { '': W } }, { read: A, create: F, write: A, delete: F }],
    ['admin', { Stage: { '': ADMIN } }, { read: A, create: A, write: A, delete: A }],
    ['admin on another blueprint', { Verslag: { '': ADMIN } }, { read: N, create: F, write: F, delete: F }],
  ];
  it.each(CASES)('%s', (_name, reportRights, expected) => {
    const rights = effectiveRights([withReportRights(reportRights)]);
    const answers = Object.fromEntries(
      (Object.keys(expected) as ReportAction[]).map((action) => [
        action,
        reportRefusal(action, rights, 'Stage'),
      ]),
    );
    expect(answers).toEqual(expected);
  });
});

describe('the abilities the web receives', () => {
  it('are each a row of the policy', () => {
    for (const action of PRESENTED_ACTIONS) expect(Object.keys(trajectoryPolicy)).toContain(action);
  });
});
