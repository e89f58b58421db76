import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ActivatedAccount } from '../auth/index.ts';
import { findMembershipRole, insertMembership } from '../organisations/index.ts';
import { keepAccessRole } from '../trajectories/index.ts';

/** The links of the account still open: neither revoked, registered nor expired. */
function openLinks(db: Db, account: ActivatedAccount) {
  return db
    .selectFrom('mentor_links')
    .select('id')
    .where('user_id', '=', account.id)
    .where('revoked_at', 'is', null)
    .where('registered_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id');
}

/** D53: whether a link waits for the account, so its activation must set the password itself. */
export async function hasOpenMentorLinks(db: Db, account: ActivatedAccount): Promise<boolean> {
  return (await openLinks(db, account).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * D11 for an invited mentor who makes an account (issue 23): each of their links still open (neither
 * revoked, registered nor expired) becomes an ordinary user row with the link's role in the trajectory's
 * access document, and they become a member (USER) of its organisation so they can open it after signing
 * in — access still comes only from the trajectory's access, membership gives nothing else. The link is
 * closed (REGISTERED): its session ends; from now on they sign in.
 */
export async function keepMentorAccess(ctx: AppContext, trx: Db, account: ActivatedAccount): Promise<void> {
  const links = await openLinks(trx, account).select(['organisation_id', 'trajectory_id', 'role']).execute();
  for (const link of links) {
    const kept = await keepAccessRole(
      ctx,
      trx,
      { organisationId: link.organisation_id, trajectoryId: link.trajectory_id, actorId: account.id },
      account.email,
      link.role,
    );
    if (kept && (await findMembershipRole(trx, link.organisation_id, account.id)) === undefined)
      await insertMembership(trx, link.organisation_id, account.id, 'USER');
    await trx
      .updateTable('mentor_links')
      .set({ registered_at: sql`now()`, code_hash: null, code_expires_at: null })
      .where('id', '=', link.id)
      .execute();
    await trx.deleteFrom('mentor_sessions').where('link_id', '=', link.id).execute();
  }
}
