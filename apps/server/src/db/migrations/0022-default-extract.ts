import type { Kysely } from 'kysely';

/**
 * The organisation's default extract blueprint (issue 31): what every member's "Voortgangsrapport maken"
 * uses in one click. Chosen by an ADMIN; none (null) until then. Deleting the blueprint for good clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('default_extract_blueprint_id', 'integer', (c) =>
      c.references('blueprints.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('default_extract_blueprint_id').execute();
}
