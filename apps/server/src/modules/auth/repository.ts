import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

type Purpose = 'activation' | 'reset';

export async function insertAuthCode(
  db: Db,
  values: { userId: number; purpose: Purpose; codeHash: string; expiresAt: Date; passwordHash?: string },
): Promise<void> {
  await db
    .insertInto('auth_codes')
    .values({
      user_id: values.userId,
      purpose: values.purpose,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
      password_hash: values.passwordHash ?? null,
    })
    .execute();
}

/** The user of an unused, unexpired code, without using it; undefined when there is none. */
export async function findAuthCode(db: Db, purpose: Purpose, codeHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('auth_codes')
    .select('user_id')
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id;
}

/** The password hashes of the newest registrations still waiting for activation (at most five). */
export async function pendingRegistrationPasswords(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('auth_codes')
    .select('password_hash')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'activation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('password_hash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return rows.flatMap((row) => (row.password_hash ? [row.password_hash] : []));
}

/**
 * Marks an unused, unexpired code used and returns its user and (an activation code's) registration's
 * password hash; undefined when there is none. One conditional update: a code is used once, however
 * parallel.
 */
export async function useAuthCode(
  db: Db,
  purpose: Purpose,
  codeHash: string,
): Promise<{ userId: number; passwordHash: string | null } | undefined> {
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'password_hash'])
    .executeTakeFirst();
  return row && { userId: row.user_id, passwordHash: row.password_hash };
}

/** Earlier codes of the same purpose stop working when a new one is sent or one is used. */
export async function expireAuthCodes(db: Db, userId: number, purpose: Purpose): Promise<void> {
  await db
    .updateTable('auth_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  values: {
    userId: number;
    family: string;
    tokenHash: string;
    organisationId: number | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: values.userId,
      family: values.family,
      token_hash: values.tokenHash,
      organisation_id: values.organisationId,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'family', 'organisation_id', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findRefreshTokenForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family', 'expires_at', 'organisation_id', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefreshTokenRotated(db: Db, id: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ rotated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function revokeRefreshFamily(db: Db, family: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function findExternalIdentity(
  db: Db,
  provider: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertExternalIdentity(
  db: Db,
  provider: string,
  subject: string,
  userId: number,
): Promise<void> {
  await db.insertInto('external_identities').values({ provider, subject, user_id: userId }).execute();
}
