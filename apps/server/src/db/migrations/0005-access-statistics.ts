import { type Kysely, sql } from 'kysely';

/**
 * The trajectory list filters access rows by organisation and e-mail. Without this, PostgreSQL takes a
 * teacher's e-mail for rare among hundreds of thousands of one-trajectory students (estimate 6 rows,
 * actual 2,000) and plans a parallel scan whose start-up costs more than the work; with statistics on
 * the two columns together it plans a hash join of two index scans (bench/trajectories.ts: the list
 * with 200 other organisations 2.0–2.5× → under 1.2× of one organisation alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics if not exists trajectory_access_user_stats (dependencies, mcv)
    on organisation_id, email from trajectory_access`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics if exists trajectory_access_user_stats`.execute(db);
}
