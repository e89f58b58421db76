import { type Kysely, sql } from 'kysely';

/**
 * Extracts (issue 10; spec part 2 §2, §7; D17, D26, D37): one row per trajectory of a request, with the
 * extract blueprint's settings copied at the request (D36), so a later change to the blueprint or a retry
 * draws the same PDF. The PDF itself lives in storage under `storage_key` once `state` is READY. The
 * trajectory may be deleted for good later: the extract keeps its name and PDF (`trajectory_id` null).
 * Its state and progress (D37) are not stored twice: they are those of its job (`job_id`, the queue's
 * `jobs` row) until the PDF is there; a job gone or failed without a PDF reads as FAILED.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('extracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blueprint_id', 'integer')
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('trajectory_id', 'integer', (c) => c.references('trajectories.id').onDelete('set null'))
    .addColumn('trajectory_name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('ACTIVE').check(sql`status in ('ACTIVE', 'ARCHIVED')`),
    )
    .addColumn('job_id', 'integer')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('nl'))
    .addColumn('storage_key', 'text')
    .addColumn('size', 'integer')
    .execute();
  await db.schema
    .createIndex('extracts_by_maker')
    .on('extracts')
    .columns(['organisation_id', 'created_by', 'created_at'])
    .execute();

  // D26: sharing gives the listed members this extract (its PDF only), in their own list.
  await db.schema
    .createTable('extract_shares')
    .addColumn('extract_id', 'integer', (c) => c.notNull().references('extracts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('shared_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('shared_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('extract_shares_pk', ['extract_id', 'email'])
    .execute();
  await db.schema.createIndex('extract_shares_by_email').on('extract_shares').columns(['email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('extract_shares').execute();
  await db.schema.dropTable('extracts').execute();
}
