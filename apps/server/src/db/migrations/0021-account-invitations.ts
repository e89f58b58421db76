import { type Kysely, sql } from 'kysely';

/**
 * D58 (issue 31): people who get access to trajectories by address — the students and mentors of an import —
 * are invited by mail to make an account. One row per organisation and invitee: when the first and the
 * latest invitation went, how many went and who sent the latest. The trajectory's access screen shows it
 * (invited on …), and re-sending counts here. The row goes with the organisation or the users row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_invitations')
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('account_invitations_pkey', ['organisation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('account_invitations_user')
    .on('account_invitations')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_invitations').execute();
}
