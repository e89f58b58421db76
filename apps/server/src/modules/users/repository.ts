import type { Db } from '../../db/database.ts';
import type { Language, UserRow } from '../../db/tables.ts';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(
  db: Db,
  values: { email: string; passwordHash: string | null; language: Language; activated: boolean },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email: values.email,
      password_hash: values.passwordHash,
      language: values.language,
      activated_at: values.activated ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<{
    password_hash: string;
    first_name: string | null;
    last_name: string | null;
    activated_at: Date;
    eula_accepted_at: Date;
    language: Language;
  }>,
): Promise<UserRow> {
  return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
