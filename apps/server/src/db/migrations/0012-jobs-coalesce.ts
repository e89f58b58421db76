import { type Kysely, sql } from 'kysely';

/**
 * Jobs that coalesce while they wait (issue 9, bench goal "p99 of an evaluation save under 20
 * connections"): a job enqueued with a coalescing key joins the job of the same name and key that nobody
 * has claimed yet instead of adding one (`JobQueue.enqueue`, option `coalesce`). The claim clears the key,
 * so only unclaimed jobs carry one and the index holds at most one waiting job per name and key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('coalesce_key', 'text').execute();
  await sql`create unique index jobs_name_coalesce_key on jobs (name, coalesce_key)
    where coalesce_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists jobs_name_coalesce_key`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('coalesce_key').execute();
}
