import { normaliseEmail, PROVIDER_ORGANISATION_ID } from '@groeipad/core';
import type { AppContext } from '../../context.ts';

/**
 * D11: the accounts named in PROVIDER_ADMINS become OWNER of organisation 0 at start-up (an existing
 * membership is raised to OWNER). Addresses without an account yet are named in the log and taken up
 * at the next start. Answers the addresses that were made owner.
 */
export async function ensureProviderAdmins(ctx: AppContext, emails: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map(normaliseEmail).filter((email) => email !== ''))];
  if (wanted.length === 0) return [];
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', wanted)
    .execute();
  const missing = wanted.filter((email) => !users.some((user) => user.email === email));
  if (missing.length > 0) ctx.logger.warn({ missing }, 'PROVIDER_ADMINS without an account yet');
  if (users.length === 0) return [];
  await ctx.db
    .insertInto('memberships')
    .values(
      users.map((user) => ({
        organisation_id: PROVIDER_ORGANISATION_ID,
        user_id: user.id,
        role: 'OWNER' as const,
      })),
    )
    .onConflict((conflict) => conflict.columns(['organisation_id', 'user_id']).doUpdateSet({ role: 'OWNER' }))
    .execute();
  return users.map((user) => user.email);
}
