import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

type Purpose = 'activation' | 'reset';

export async function insertAuthCode(
  db: Db,
  values: { userId: number; purpose: Purpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('auth_codes')
    .values({
      user_id: values.userId,
      purpose: values.purpose,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Marks an unused, unexpired code used and returns its user; undefined when there is none. */
export async function useAuthCode(db: Db, purpose: Purpose, codeHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
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
    .select(['id', 'user_id', 'family', 'expires_at', 'rotated_at', 'revoked_at'])
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
