import type { Kysely } from 'kysely';

/**
 * A mentor link whose invitee made an account (issue 23, D11): the link's role became an ordinary user row
 * of the trajectory's access document when the account was activated, so the link is closed (it starts and
 * keeps no session) and the access screen lists it as registered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mentor_links').addColumn('registered_at', 'timestamptz').execute();
}
