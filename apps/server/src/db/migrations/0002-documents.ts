import { type Kysely, sql } from 'kysely';

/**
 * The document engine (DESIGN point 2): every JSON document with its version and its history of
 * accepted patches; blueprints and their per-user rights as rows (DESIGN point 3); the shared
 * library; resources (files) and which documents reference them (D19).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per accepted change: the patch and its inverse, so any earlier version is the current
  // one with the inverses applied backwards; storage grows with the patch, not with the document.
  await db.schema
    .createTable('document_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('patch', 'jsonb', (c) => c.notNull())
    .addColumn('inverse', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('document_events_version', ['document_id', 'version'])
    .execute();

  await db.schema
    .createTable('blueprints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('COMPETENCE_LIST', 'EXTRACT', 'REPORT', 'TRAJECTORY', 'DASHBOARD', 'INFORMATION')`,
        ),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('LIVE').check(sql`status in ('LIVE', 'DELETED')`),
    )
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('source_blueprint_id', 'integer')
    .addColumn('source_blueprint_version', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_modified_at', 'timestamptz')
    .addColumn('status_modified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('blueprints_organisation')
    .on('blueprints')
    .columns(['organisation_id', 'status', 'type'])
    .execute();

  // Rights you can query: one row per user of a blueprint (ADMIN ⇒ WRITE ⇒ READ).
  await db.schema
    .createTable('blueprint_rights')
    .addColumn('blueprint_id', 'integer', (c) => c.notNull().references('blueprints.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('admin', 'boolean', (c) => c.notNull())
    .addColumn('write', 'boolean', (c) => c.notNull())
    .addColumn('read', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('blueprint_rights_pk', ['blueprint_id', 'email'])
    .execute();
  await db.schema.createIndex('blueprint_rights_email').on('blueprint_rights').columns(['email']).execute();

  // D31: one entry per source blueprint; publishing again replaces it with the newer version.
  await db.schema
    .createTable('library_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_blueprint_id', 'integer', (c) => c.notNull().unique())
    .addColumn('source_organisation_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer')
    .addColumn('storage_key', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Which documents reference which resources (written by the engine on every save), for D19.
  await db.schema
    .createTable('document_resources')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('document_resources_pk', ['document_id', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('document_resources_resource')
    .on('document_resources')
    .columns(['resource_id'])
    .execute();
}
