import { type Kysely, sql } from 'kysely';

/**
 * Mentor links, hardened (issue 30, D54). A photo uploaded through a link records the link
 * (`resources.mentor_link_id`): a mentor's session reaches only those, never another file of the invitee's
 * users row. A session records its last use (`mentor_sessions.last_used_at`): it lapses after 12 hours idle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('resources')
    .addColumn('mentor_link_id', 'integer', (c) => c.references('mentor_links.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('mentor_sessions')
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mentor_sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('resources').dropColumn('mentor_link_id').execute();
}
