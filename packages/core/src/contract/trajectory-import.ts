import { z } from 'zod';
import { zRoleName, zTrajectoryAccess } from './access.ts';
import { zBodyId, zEmail } from './common.ts';

/**
 * New trajectories from a spreadsheet (issue 22): one row per student, all made in one transaction or
 * none. At most this many rows in one import — a school class or a year group, and what one request
 * makes within a few seconds (apps/server/src/modules/trajectories/import.test.ts measures 500).
 */
export const TRAJECTORY_IMPORT_MAX_ROWS = 500;

/**
 * The longest text a row's cell may bring at all. The create rules (title 255, description 1000, an
 * information column's name 255 and value 10,000) are judged per row by `trajectoryImportProblems`, so
 * the check lists every row that breaks them; this bound only keeps a hostile request small.
 */
const CELL_MAX = 20_000;
const zCell = z.string().max(CELL_MAX, { error: 'tooLong' });

/**
 * One row of an import: the new trajectory's title and description, the student's e-mail (they get the
 * chosen role; none: no student in the access) and the information columns (D14, D40: a column named
 * like a field of the information fills it under the importer's rights, the others form the map that
 * group-by reads, D34).
 */
export const zTrajectoryImportRow = z.object({
  name: z.string({ error: 'required' }).max(CELL_MAX, { error: 'tooLong' }),
  description: zCell.nullish(),
  email: zCell.nullish(),
  information: z.record(zCell, zCell).default({}),
});
export type TrajectoryImportRow = z.input<typeof zTrajectoryImportRow>;

/**
 * POST /api/v2/trajectories/import and …/import/check: the trajectory blueprint, the access every new
 * trajectory gets (as the create call's: the blueprint's roles and default users, the importer holding
 * its RIGHTS roles), the role each row's student gets (one of those roles) and the rows.
 */
export const zTrajectoryImport = z.object({
  blueprintId: zBodyId,
  access: zTrajectoryAccess,
  studentRole: zRoleName,
  /**
   * D58: "Uitnodiging mailen", on unless turned off. Each person the new trajectories give access by address
   * (the rows' students and the access's other users, never the importer) whose address has no active
   * account gets an invitation mail, once per import, queued with the trajectories (all or none).
   */
  invite: z.boolean().default(true),
  rows: z
    .array(zTrajectoryImportRow)
    .min(1, { error: 'required' })
    .max(TRAJECTORY_IMPORT_MAX_ROWS, { error: 'tooManyRows' }),
});
/** As the web sends it. */
export type TrajectoryImport = z.input<typeof zTrajectoryImport>;
/** As the server reads it (defaults filled in). */
export type ParsedTrajectoryImport = z.output<typeof zTrajectoryImport>;

/**
 * What is wrong with an import: `row` the index in `rows` (null for the import as a whole: the student
 * role), `field` the row's field (`name`, `email`, `description`, `information.<column>`) or
 * `studentRole`, `key` a message key. The refused import names the same as `rows.<row>.<field>`.
 */
export const zTrajectoryImportProblem = z
  .object({ row: z.number().int().nullable(), field: z.string(), key: z.string() })
  .meta({ id: 'TrajectoryImportProblem' });
export type TrajectoryImportProblem = z.infer<typeof zTrajectoryImportProblem>;

/**
 * What the import did for one person it gave access (D58): `INVITED` an invitation mail went (no account
 * yet), `HAD_ACCOUNT` they already have one (no mail), `NOT_INVITED` no account and the import mailed none
 * (its option was off).
 */
export const zImportedPerson = z
  .object({ email: z.string(), account: z.enum(['INVITED', 'HAD_ACCOUNT', 'NOT_INVITED']) })
  .meta({ id: 'ImportedPerson' });
export type ImportedPerson = z.infer<typeof zImportedPerson>;

/**
 * The answer of both calls: the check makes nothing and lists the problems; the import names what it made
 * and, per person it gave access (in row order, each once), whether they were invited (D58).
 */
export const zTrajectoryImportResult = z.object({
  created: z.number().int(),
  ids: z.array(z.number().int()),
  problems: z.array(zTrajectoryImportProblem),
  people: z.array(zImportedPerson),
});
export type TrajectoryImportResult = z.infer<typeof zTrajectoryImportResult>;

/**
 * A user of a trajectory's access and their account (D58): `ACTIVE` they have an active account,
 * `INVITED` none yet and an invitation went (`invitedAt`, the latest), `NONE` no account and never invited
 * by this organisation. Only for a holder of RIGHTS on the trajectory (whether a person has an account is
 * not for every reader).
 */
export const zAccountState = z
  .object({
    user: z.string(),
    state: z.enum(['ACTIVE', 'INVITED', 'NONE']),
    invitedAt: z.string().nullable(),
  })
  .meta({ id: 'AccountState' });
export type AccountState = z.infer<typeof zAccountState>;

/** POST …/trajectories/{id}/invitations: (re-)send the invitation to one user of the trajectory's access. */
export const zInvitationRequest = z.object({ user: zEmail });
