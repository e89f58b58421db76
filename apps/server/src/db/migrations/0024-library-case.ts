import type { Kysely } from 'kysely';

/**
 * The CASE provider paths (D56) find a library framework by its document identifier and an item by its own
 * without reading every entry's content: the identifiers of each competence-list entry, written when its
 * version is first served or published (`case_version` says which version they are of).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('library_entries')
    .addColumn('case_identifier', 'text')
    .addColumn('case_version', 'integer')
    .execute();
  await db.schema
    .createIndex('library_entries_case')
    .on('library_entries')
    .column('case_identifier')
    .execute();
  await db.schema
    .createTable('library_case_items')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('library_entries.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_case_items_pkey', ['entry_id', 'identifier'])
    .execute();
  await db.schema
    .createIndex('library_case_items_identifier')
    .on('library_case_items')
    .column('identifier')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_case_items').execute();
  await db.schema
    .alterTable('library_entries')
    .dropColumn('case_identifier')
    .dropColumn('case_version')
    .execute();
}
