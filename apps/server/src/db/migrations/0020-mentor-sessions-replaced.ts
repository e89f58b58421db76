import type { Kysely } from 'kysely';

/**
 * A mentor link opens on any device (issue 31, D54): a new code confirmed on a new device starts a new
 * session and ends the older one. The older row stays, marked `replaced_at`, so its device is told why
 * (401 `mentorSessionReplaced`) rather than only that it ended; it never authenticates again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mentor_sessions').addColumn('replaced_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mentor_sessions').dropColumn('replaced_at').execute();
}
