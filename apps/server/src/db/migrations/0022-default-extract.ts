import { type Kysely, sql } from 'kysely';

/**
 * The organisation's default extract blueprint (issue 31): what every member's "Voortgangsrapport maken"
 * uses in one click. Chosen by an ADMIN; no row until then. A table of its own rather than a column of
 * `organisations`: blueprints already refer to their organisation, and a reference back would make the two
 * a cycle the backup cannot order. Deleting the blueprint (or the organisation) for good deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('default_extract_blueprints')
    .addColumn('organisation_id', 'integer', (c) =>
      c.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('blueprint_id', 'integer', (c) => c.notNull().references('blueprints.id').onDelete('cascade'))
    .addColumn('chosen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('default_extract_blueprints_blueprint')
    .on('default_extract_blueprints')
    .column('blueprint_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('default_extract_blueprints').execute();
}
