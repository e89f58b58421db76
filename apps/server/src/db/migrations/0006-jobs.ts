import { type Kysely, sql } from 'kysely';

/**
 * The job queue (issue 10, DESIGN "areas still to come" point 4): one row per job, the same on PGlite
 * and a PostgreSQL server. A worker claims a due row with `FOR UPDATE SKIP LOCKED` and holds it under a
 * lease (`lease` a fresh token per claim, `lease_until` a deadline it extends while it works); a row
 * whose lease ran out (its process died) is queued again. Every write of a running job names the
 * lease, so a worker that lost its job can never finish it a second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Enqueueing the same (name, key) twice gives the first job: a job asked for twice runs once.
    .addColumn('key', 'text')
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5).check(sql`max_attempts >= 1`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_seconds', 'integer', (c) => c.notNull().defaultTo(60).check(sql`lease_seconds >= 1`))
    .addColumn('lease', 'uuid')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('progress', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // What a worker looks for: due queued jobs in order, and running jobs whose lease ran out.
  await sql`create index jobs_due on jobs (run_at, id) where state = 'queued'`.execute(db);
  await sql`create index jobs_leases on jobs (lease_until) where state = 'running'`.execute(db);
  await sql`create unique index jobs_name_key on jobs (name, key) where key is not null`.execute(db);
  await sql`create index jobs_finished on jobs (finished_at) where state in ('done', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
