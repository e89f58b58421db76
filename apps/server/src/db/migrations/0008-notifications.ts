import { type Kysely, sql } from 'kysely';

/**
 * Notifications (issue 10; spec part 2 §2, §3, §7; D27, D39): one row per recipient. A row names the
 * change it stands for by the trajectory, the part (`target` FORM, EVALUATION or REPORT, with the report
 * id in `target_id`), the `action` and who made it (`actor_id`); `document_id` + `version` are the
 * latest engine event it covers, so the same event handled twice (a retried job) adds nothing. Repeated
 * changes by one actor to one target within 10 minutes update the one unread row (D27), whose
 * `created_at` moves to the latest change (D39).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('trajectory_id', 'integer', (c) =>
      c.notNull().references('trajectories.id').onDelete('cascade'),
    )
    .addColumn('target', 'text', (c) => c.notNull().check(sql`target in ('FORM', 'EVALUATION', 'REPORT')`))
    // The report's id; no reference: a DELETE notification outlives its report.
    .addColumn('target_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('CREATE', 'UPDATE', 'DELETE')`))
    .addColumn('document_id', 'integer')
    .addColumn('version', 'integer')
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: a user's notifications in an organisation, newest first; the bell counts the unread ones.
  await db.schema
    .createIndex('notifications_user_list')
    .on('notifications')
    .columns(['user_id', 'organisation_id', 'created_at desc', 'id desc'])
    .execute();
  await sql`create index notifications_user_unread on notifications (user_id, organisation_id)
    where not read`.execute(db);
  // Coalescing looks up the recipient's unread row for the same actor and target.
  await sql`create index notifications_coalesce on notifications (trajectory_id, target, user_id)
    where not read`.execute(db);
  // A change names its document; the notification job finds the trajectory or report it belongs to
  // (a scan of every trajectory per save otherwise, bench/evaluation.ts).
  await db.schema
    .createIndex('trajectories_form_document')
    .on('trajectories')
    .column('form_document_id')
    .execute();
  await db.schema
    .createIndex('trajectories_evaluation_document')
    .on('trajectories')
    .column('evaluation_document_id')
    .execute();
  await db.schema.createIndex('reports_document').on('reports').column('document_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['trajectories_form_document', 'trajectories_evaluation_document', 'reports_document'])
    await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
