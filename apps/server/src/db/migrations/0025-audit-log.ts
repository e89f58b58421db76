import { type Kysely, sql } from 'kysely';

/**
 * D57 (issue 33): the audit log, per organisation. `audit_events` is append-only — a trigger refuses every
 * UPDATE and DELETE, for the application and for anyone with plain table rights — and hash-chained per
 * organisation (`seq` 1, 2, …; each row's `hash` covers its own fields and the previous row's `hash`:
 * modules/audit/chain.ts). No foreign key that could ever change or remove a row: the actor is a plain
 * user id (an erased user's events stay, their id pointing nowhere), and the organisation's key RESTRICTs
 * (organisations are never deleted; one with a history must not lose it silently). The personal data of
 * an event (who the actor was by name and e-mail, what the subject was called) is in `audit_personal`,
 * outside the hash: an erasure (D57) updates or deletes those rows and the chain stays whole.
 * TRUNCATE is not refused: a restore (ops/backup.ts) empties the tables before it writes the archive's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('restrict'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addUniqueConstraint('audit_events_organisation_seq', ['organisation_id', 'seq'])
    .execute();
  await db.schema
    .createTable('audit_personal')
    .addColumn('event_id', 'bigint', (c) => c.primaryKey().references('audit_events.id'))
    .addColumn('actor_email', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('subject_label', 'text')
    .addColumn('details', 'jsonb')
    .execute();
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only: % refused', tg_op using errcode = '42501';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_events_append_only before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_personal').execute();
  await db.schema.dropTable('audit_events').execute();
  await sql`drop function audit_events_append_only()`.execute(db);
}
