import { randomUUID } from 'node:crypto';
import type { OrganisationRole } from '@groeipad/core';
import type { Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

export const BENCH_PASSWORD = 'Bench-password1';

export interface GeneratedData {
  users: { id: number; email: string }[];
  organisations: number[];
}

/**
 * A data set shaped like a mid-sized deployment: `organisations` schools, each with `membersPer`
 * members (one owner, a few admins, the rest users), and users that belong to several schools.
 * Inserted in bulk straight into the database, with one shared password hash.
 */
export async function generate(
  db: Db,
  options: { organisations: number; membersPer: number },
): Promise<GeneratedData> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const run = randomUUID().slice(0, 6);
  const organisations: number[] = [];
  const users: { id: number; email: string }[] = [];
  for (let o = 0; o < options.organisations; o++) {
    const org = await db
      .insertInto('organisations')
      .values({
        name: `Bench school ${run}-${o}`,
        type: 'COMPANY',
        street_name: 'Straat',
        street_number: String(o),
        postal_code: '1234 AB',
        city: 'Utrecht',
        country: 'NL',
        email: `school${o}@bench.test`,
        phone_number: '030 000 0000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    organisations.push(org.id);
    const members = await db
      .insertInto('users')
      .values(
        Array.from({ length: options.membersPer }, (_, m) => ({
          email: `u${m}-o${o}-${run}@bench.test`,
          password_hash: passwordHash,
          activated_at: new Date(),
          eula_accepted_at: new Date(),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    users.push(...members);
    await db
      .insertInto('memberships')
      .values(
        members.map((member, m) => ({
          organisation_id: org.id,
          user_id: member.id,
          role: (m === 0 ? 'OWNER' : m < 4 ? 'ADMIN' : 'USER') as OrganisationRole,
        })),
      )
      .execute();
  }
  // every tenth user is also a member of the next school
  const extra = users
    .filter((_, i) => i % 10 === 5)
    .map((user, i) => ({
      organisation_id: organisations[(i + 1) % organisations.length]!,
      user_id: user.id,
      role: 'USER' as const,
    }));
  if (extra.length > 0)
    await db
      .insertInto('memberships')
      .values(extra)
      .onConflict((oc) => oc.doNothing())
      .execute();
  return { users, organisations };
}
