import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 9, spec part 1 §3): a trajectory keeps the report blueprints of its trajectory
 * blueprint as a snapshot (D9: `{id, version, name, fields}` at the version it was made from), and each
 * report is a row pointing at its document in the engine (`{structure, values}`, D15), with `modified`
 * kept for the list's date filter (D16).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trajectories')
    .addColumn('report_blueprints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  // Trajectories made before this migration: their blueprint's copies, when the blueprint still stands
  // at the version the trajectory was made from (older versions would need the document history).
  await sql`update trajectories t
    set report_blueprints = coalesce(d.content -> 'reportBlueprints', '[]'::jsonb)
    from blueprints b join documents d on d.id = b.document_id
    where b.id = t.blueprint_id and b.organisation_id = t.organisation_id
      and d.version = t.blueprint_version`.execute(db);

  await db.schema
    .createTable('reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('trajectory_id', 'integer', (c) =>
      c.notNull().references('trajectories.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The report blueprint it was made from: its name (the key of the role's reportRights) and the
    // linked REPORT blueprint at a version (both null for one made inside the trajectory blueprint).
    .addColumn('blueprint_name', 'text', (c) => c.notNull())
    .addColumn('blueprint_id', 'integer')
    .addColumn('blueprint_version', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('reports_trajectory')
    .on('reports')
    .columns(['trajectory_id', 'modified_at'])
    .execute();
  // The name rule (unique per report blueprint in a trajectory, trimmed, any letter case) also holds
  // under two simultaneous creates.
  await sql`create unique index reports_unique_name
    on reports (trajectory_id, blueprint_name, lower(btrim(name)))`.execute(db);
}
