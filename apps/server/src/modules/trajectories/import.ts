import {
  importRowAccess,
  importRowEmail,
  type ParsedTrajectoryImport,
  type TrajectoryAccess,
  type TrajectoryImportProblem,
  type TrajectoryImportResult,
  trajectoryImportProblems,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { analyzeTables } from '../../db/statistics.ts';
import { AppError, badRequest, zodFields } from '../../errors.ts';
import { inviteImported, peopleOf } from './invitations.ts';
import { holdsRightsAdmin } from './policy.ts';
import { selectTrajectories } from './repository.ts';
import { insertTrajectory, type TrajectorySource, trajectorySource } from './service.ts';

/**
 * New trajectories from a spreadsheet (issue 22): one row per student. The check (the web's preview)
 * and the import judge with the same pure rules (core `trajectoryImportProblems`); the import then makes
 * every row's trajectory in ONE transaction through the create's own `insertTrajectory`, so a refusal
 * or a failure at any row leaves nothing behind.
 */

/** The import judged: the access every row starts from, the blueprint's snapshot and the problems. */
interface Judged {
  access: TrajectoryAccess;
  source: TrajectorySource;
  problems: TrajectoryImportProblem[];
}

/**
 * The import's access as the create call takes it (valid: 400 at `access.*`; giving the importer RIGHTS:
 * principalRequiredRights), the trajectory blueprint (another organisation's: 404) and every row's problems.
 * Titles are compared with the LIVE trajectories the importer can read only: a title elsewhere in the
 * organisation is none of their business, and naming it would tell them it exists.
 */
async function judge(ctx: AppContext, db: Db, actor: Actor, input: ParsedTrajectoryImport): Promise<Judged> {
  const parsed = zValidTrajectoryAccess.safeParse(input.access);
  if (!parsed.success)
    throw badRequest(
      'validationError',
      zodFields(parsed.error.issues).map((f) => ({ ...f, path: `access.${f.path}` })),
    );
  const access: TrajectoryAccess = parsed.data;
  if (!holdsRightsAdmin(access, actor.email)) throw badRequest('principalRequiredRights');
  const source = await trajectorySource(ctx, db, actor, input.blueprintId, { unreadable: 'notFound' });
  const existing = await selectTrajectories(db, actor.organisationId, actor.email)
    .clearSelect()
    .select('t.name')
    .where('t.status', '=', 'LIVE')
    .execute();
  const problems = trajectoryImportProblems(input.rows, {
    access,
    importerEmail: actor.email,
    studentRole: input.studentRole,
    fields: source.content.information.fields,
    existingTitles: existing.map((row) => row.name),
  });
  return { access, source, problems };
}

/** Where a problem is in the request: `rows.<index>.<field>`, or the field itself for the whole import. */
function problemPath(problem: TrajectoryImportProblem): string {
  return problem.row === null ? problem.field : `rows.${problem.row}.${problem.field}`;
}

/** A refusal of one row's create (a check it had passed, refused at write time) named at that row. */
function atRow(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  return new AppError(
    error.status,
    error.key,
    error.fields.map((field) => ({ ...field, path: `rows.${index}.${field.path}` })),
  );
}

/** POST …/import/check: every problem of the import, nothing made (the web's preview). */
export async function checkTrajectoryImport(
  ctx: AppContext,
  actor: Actor,
  input: ParsedTrajectoryImport,
): Promise<TrajectoryImportResult> {
  const { problems } = await judge(ctx, ctx.db, actor, input);
  return { created: 0, ids: [], problems, people: [] };
}

/**
 * POST …/import: every row's trajectory in one transaction, in row order, each from the same snapshot
 * of the blueprint (D9) with the import's access plus the row's student in the chosen role. Any problem
 * is 400 validationError naming `rows.<index>.<field>`, and nothing is made. With `invite` (D58) the people
 * given access are invited by mail in the same transaction (`invitations.ts`). The organisation's imports run
 * one at a time (an advisory lock), so the titles they judge are the ones there are.
 */
export async function importTrajectories(
  ctx: AppContext,
  actor: Actor,
  input: ParsedTrajectoryImport,
): Promise<TrajectoryImportResult> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    // One import of an organisation at a time (issue 30): the titles are judged against the trajectories
    // there are, so a second import waits for the first to commit and then sees its titles — two imports
    // at once never make two trajectories of one title. Held to the transaction's end.
    await sql`select pg_advisory_xact_lock(hashtext('groeipad:trajectory-import'), ${actor.organisationId}::int)`.execute(
      trx,
    );
    const { access, source, problems } = await judge(ctx, trx, actor, input);
    if (problems.length > 0)
      throw badRequest(
        'validationError',
        problems.map((problem) => ({ path: problemPath(problem), key: problem.key })),
      );
    const ids: number[] = [];
    const accesses: TrajectoryAccess[] = [];
    for (const [index, row] of input.rows.entries()) {
      const rowAccess = importRowAccess(access, importRowEmail(row), input.studentRole);
      accesses.push(rowAccess);
      const id = await insertTrajectory(ctx, trx, actor, source, {
        name: row.name,
        description: row.description ?? null,
        access: rowAccess,
        information: row.information,
      }).catch((error: unknown) => {
        throw atRow(error, index);
      });
      ids.push(id);
    }
    // D58: the people the trajectories give access are invited in this transaction — an import that fails
    // (or is refused by the invitation limits) makes nothing and mails no one.
    const people = await inviteImported(ctx, trx, actor, peopleOf(accesses, actor.email), input.invite);
    return { created: ids.length, ids, problems: [], people };
  });
  // Up to 500 trajectories at once: the list the teacher opens next is planned on their real number
  // (db/statistics.ts; PGlite would otherwise wait for the next minute's upkeep).
  await analyzeTables(ctx.db, ['trajectories', 'trajectory_access']);
  return result;
}
