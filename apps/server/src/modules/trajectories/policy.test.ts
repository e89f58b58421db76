import { describe, expect, it } from 'vitest';
import { type GrantFacts, refusal, type TrajectoryAction, trajectoryPolicy } from './policy.ts';

/** Holders as the policy sees them: the access row's rights, the evaluation rights, the period. */
const none = { read: false, write: false };
const holder = (list: Partial<GrantFacts>, evaluation = none, active = true): GrantFacts => ({
  read: true,
  purchase: false,
  metadata: false,
  rights: false,
  reports: false,
  link: false,
  ...list,
  evaluation,
  active,
});
const HOLDERS = {
  teacher: holder(
    { metadata: true, rights: true, purchase: true, reports: true },
    { read: true, write: true },
  ),
  student: holder({ reports: true }, { read: true, write: false }),
  mentor: holder({ metadata: true }),
  reader: holder({}),
  expiredTeacher: holder({ metadata: true, rights: true, reports: true }, { read: true, write: true }, false),
} satisfies Record<string, GrantFacts>;

const A = null; // allowed
const F = 'forbidden';
const E = 'expiredTrajectory';
const N = 'noAccess';

/** action → expected answer for teacher, student, mentor (METADATA only), reader, expired teacher. */
const TABLE: Record<TrajectoryAction, [unknown, unknown, unknown, unknown, unknown]> = {
  read: [A, A, A, A, A],
  updateMetadata: [A, F, A, F, E],
  updateActiveUntil: [A, F, A, F, A],
  setStatus: [A, F, A, F, A],
  delete: [A, F, A, F, A],
  updateAccess: [A, F, F, F, E],
  suggestEmails: [A, F, F, F, A],
  mentorLinks: [A, F, F, F, A],
  inviteMentor: [A, F, F, F, E],
  updateBlueprint: [A, F, A, F, E],
  writeContent: [A, A, A, A, E],
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
