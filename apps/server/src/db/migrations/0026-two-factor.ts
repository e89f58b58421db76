import { type Kysely, sql } from 'kysely';

/**
 * Two-factor sign-in (D57, issue 33): per user a TOTP secret (RFC 6238), when it was confirmed, and the
 * last time step a code was accepted for (a code is used once: a code of that step or an earlier one is
 * refused); and the recovery codes, only as their SHA-256, each used once. A secret not yet confirmed
 * (`enabled_at` null) is an enrolment in progress and asks nothing at sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user')
    .on('user_recovery_codes')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
}
