import { type Kysely, sql } from 'kysely';

/**
 * Mentor links (issue 23): someone holding RIGHTS on a trajectory invites a person by e-mail to one of
 * its roles without an account. The link's secret, the six-digit code mailed to confirm it and the session
 * it starts are stored only as SHA-256 hashes. `user_id` is the invitee's users row (made without a
 * password, like an invited member's), so their entries and notifications name a person; registering with
 * that address later turns it into an ordinary account. A session lives while its link does: revoking or
 * expiring the link ends it (every request reads the link's row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mentor_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('trajectory_id', 'integer', (c) =>
      c.notNull().references('trajectories.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** When the link's secret started its session: it starts one, once. */
    .addColumn('opened_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'timestamptz')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('mentor_links_trajectory')
    .on('mentor_links')
    .columns(['trajectory_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('mentor_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('link_id', 'integer', (c) => c.notNull().references('mentor_links.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mentor_sessions').execute();
  await db.schema.dropTable('mentor_links').execute();
}
