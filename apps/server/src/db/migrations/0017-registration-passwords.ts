import type { Kysely } from 'kysely';

/**
 * D53: each registration keeps its own password, beside its own activation code. A later registration of
 * an address that is not yet activated adds a code (and its password) and never replaces an earlier one;
 * the code that activates decides which registration's password the account gets — unless the account has
 * access waiting, when the activation page sets the password itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_codes').addColumn('password_hash', 'text').execute();
}
