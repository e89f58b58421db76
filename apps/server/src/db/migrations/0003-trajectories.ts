import { type Kysely, sql } from 'kysely';

/**
 * Trajectories (issue 8): the header row, its documents (form, evaluation, access) in the engine,
 * and the effect of its access document as rows per user (DESIGN point 3) so lists filter, sort and
 * page in SQL and check many ids at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trajectories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('LIVE').check(sql`status in ('LIVE', 'DELETED')`),
    )
    // A calendar day in the business time zone (D4): active up to and including it.
    .addColumn('active_until', 'date')
    .addColumn('blueprint_id', 'integer')
    .addColumn('blueprint_version', 'integer')
    // Column name → value of the create dialog's spreadsheet (D14); every key kept for group-by.
    .addColumn('information', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('form_document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('evaluation_document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('access_document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('dashboard', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"widgets":[]}'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_modified_at', 'timestamptz')
    .addColumn('status_modified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('trajectories_organisation')
    .on('trajectories')
    .columns(['organisation_id', 'status'])
    .execute();

  await db.schema
    .createTable('trajectory_access')
    .addColumn('trajectory_id', 'integer', (c) =>
      c.notNull().references('trajectories.id').onDelete('cascade'),
    )
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('read', 'boolean', (c) => c.notNull())
    .addColumn('purchase', 'boolean', (c) => c.notNull())
    .addColumn('metadata', 'boolean', (c) => c.notNull())
    .addColumn('rights', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('trajectory_access_pk', ['trajectory_id', 'email'])
    .execute();
  await db.schema
    .createIndex('trajectory_access_user')
    .on('trajectory_access')
    .columns(['organisation_id', 'email', 'trajectory_id'])
    .execute();
}
