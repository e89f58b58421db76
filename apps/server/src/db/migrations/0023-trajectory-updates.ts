import { type Kysely, sql } from 'kysely';

/**
 * D56 (issue 32): a cohort moved to its blueprints' latest versions in one step, kept so its undo puts it
 * back in one step. An update (who made it, when, when it was undone) and a row per trajectory it moved:
 * the blueprint versions, each document's version before and right after it (the undo refuses when one
 * moved on since, and reads the content before from the engine's history), and the row's dashboard and
 * report blueprints it replaced. Both go with the organisation; the update with the user who made it (only
 * they may undo it); a trajectory's row with the trajectory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trajectory_updates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('trajectory_updates_organisation')
    .on('trajectory_updates')
    .columns(['organisation_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('trajectory_update_items')
    .addColumn('update_id', 'integer', (c) =>
      c.notNull().references('trajectory_updates.id').onDelete('cascade'),
    )
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('trajectory_id', 'integer', (c) =>
      c.notNull().references('trajectories.id').onDelete('cascade'),
    )
    .addColumn('from_version', 'integer', (c) => c.notNull())
    .addColumn('to_version', 'integer', (c) => c.notNull())
    .addColumn('form_version_before', 'integer', (c) => c.notNull())
    .addColumn('form_version', 'integer', (c) => c.notNull())
    .addColumn('evaluation_version_before', 'integer', (c) => c.notNull())
    .addColumn('evaluation_version', 'integer', (c) => c.notNull())
    .addColumn('access_version_before', 'integer', (c) => c.notNull())
    .addColumn('access_version', 'integer', (c) => c.notNull())
    .addColumn('dashboard', 'jsonb', (c) => c.notNull())
    .addColumn('report_blueprints', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('trajectory_update_items_pkey', ['update_id', 'trajectory_id'])
    .execute();
  await db.schema
    .createIndex('trajectory_update_items_trajectory')
    .on('trajectory_update_items')
    .column('trajectory_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trajectory_update_items').execute();
  await db.schema.dropTable('trajectory_updates').execute();
}
