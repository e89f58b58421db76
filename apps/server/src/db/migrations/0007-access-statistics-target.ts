import { type Kysely, sql } from 'kysely';

/**
 * The trajectory list's plan on PostgreSQL hung on a coin toss. Its row estimate for a user's access
 * rows, `(organisation_id, email)`, comes from the most-common-values list of the statistics of 0005,
 * which held 100 pairs. With 201 teachers of 2,000 trajectories each (bench/trajectories.ts), every
 * teacher is equally common, so ANALYZE's sample kept a random 100 of them: for a teacher outside the
 * list the estimate was 1 row (actual 2,000) and the plan 2,000 primary-key probes into `trajectories`
 * (a nested loop, 14–19 ms) instead of a hash join of two index ranges (3–6 ms). Re-running ANALYZE
 * eight times put the measured teacher in the list four times; the list with 200 other organisations
 * was 1.29–1.46× the one alone when they were left out, 0.95–1.11× when they were in.
 *
 * With a target of 1,000 the list holds the 1,000 most common pairs (ANALYZE samples 300,000 rows
 * instead of 30,000): every teacher of the bench, and in a deployment the 1,000 users with the most
 * trajectories per organisation, the ones whose list a wrong plan would slow. Users with few access
 * rows stay out of it, and for them the 1-row estimate and the nested loop are right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter statistics trajectory_access_user_stats set statistics 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter statistics trajectory_access_user_stats set statistics -1`.execute(db);
}
