import {
  type AccountState,
  type ImportedPerson,
  type Language,
  normaliseEmail,
  type TrajectoryAccess,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { badRequest, conflict } from '../../errors.ts';
import { enqueueActionMail } from '../../jobs/mail.ts';
import { consumeRateLimit } from '../auth/index.ts';
import { findUserById } from '../users/index.ts';
import { loadGrant } from './grant.ts';

/**
 * D58 (issue 31): the people a trajectory gives access by address are invited to make an account. An
 * address without an active account gets a users row waiting for registration (no password, not activated,
 * as an invited member's), a membership (USER) of the organisation — so that, once they register, they enter
 * it and find their trajectory (D11: the access still comes only from the trajectory) and D53 holds (their
 * activation sets the password) — an `account_invitations` row and one mail. An address with an active
 * account gets no mail; it is made a member too when it is none, or the trajectory would stay out of reach.
 * The mail names the organisation and the inviter only (no trajectory, no other person) and carries no
 * secret: its link opens the registration with the address filled in.
 */

/** Whom one invitation round reaches, by address. */
interface Person {
  id: number;
  email: string;
  active: boolean;
  language: Language;
}

/** Every user of the given accesses but the inviter, each once, in order of first appearance. */
export function peopleOf(accesses: readonly TrajectoryAccess[], inviterEmail: string): string[] {
  const inviter = normaliseEmail(inviterEmail);
  const people = new Set<string>();
  for (const access of accesses)
    for (const entry of access.users) {
      const email = normaliseEmail(entry.user);
      if (email !== inviter) people.add(email);
    }
  return [...people];
}

/** The users rows of `emails`, made (waiting for registration, in `language`) where there are none. */
async function ensureUsers(trx: Db, emails: readonly string[], language: Language): Promise<Person[]> {
  if (emails.length === 0) return [];
  await trx
    .insertInto('users')
    .values(emails.map((email) => ({ email, password_hash: null, language, activated_at: null })))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'email', 'activated_at', 'language'])
    .where('email', 'in', [...emails])
    .execute();
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return emails.flatMap((email) => {
    const row = byEmail.get(email);
    return row ? [{ id: row.id, email, active: row.activated_at !== null, language: row.language }] : [];
  });
}

/** The inviter as the mail names them: their name, else their address; and the organisation's name. */
async function mailValues(trx: Db, actor: Actor): Promise<Record<string, string>> {
  const inviter = await findUserById(trx, actor.userId);
  const organisation = await trx
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', actor.organisationId)
    .executeTakeFirstOrThrow();
  const name = [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ');
  return { inviter: name || actor.email, organisation: organisation.name };
}

/**
 * Counts `count` invitations against the inviter's and the organisation's limits (429 past either). In the
 * caller's transaction: an import that fails counts nothing, as it mails nothing.
 */
async function countInvitations(ctx: AppContext, trx: Db, actor: Actor, count: number): Promise<void> {
  if (count === 0) return;
  const limits = ctx.config.abuseLimits;
  await consumeRateLimit(
    trx,
    `account-invite:user:${actor.userId}`,
    limits.accountInvitationsPerInviter,
    count,
  );
  await consumeRateLimit(
    trx,
    `account-invite:organisation:${actor.organisationId}`,
    limits.accountInvitationsPerOrganisation,
    count,
  );
}

/** Records the invitations and queues their mails, in `trx` (they commit with the change that made them). */
async function sendInvitations(ctx: AppContext, trx: Db, actor: Actor, people: readonly Person[]) {
  if (people.length === 0) return;
  await trx
    .insertInto('account_invitations')
    .values(
      people.map((person) => ({
        organisation_id: actor.organisationId,
        user_id: person.id,
        invited_by: actor.userId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organisation_id', 'user_id']).doUpdateSet({
        sent_at: sql`now()`,
        sends: sql`account_invitations.sends + 1`,
        invited_by: sql`excluded.invited_by`,
      }),
    )
    .execute();
  const values = await mailValues(trx, actor);
  for (const person of people)
    await enqueueActionMail(ctx, trx, {
      kind: 'accountInvitation',
      to: person.email,
      language: person.language,
      link: `${ctx.config.publicUrl}/register?email=${encodeURIComponent(person.email)}`,
      values,
    });
}

/** Makes each person a member (USER) of the actor's organisation where they are none. */
async function ensureMemberships(trx: Db, organisationId: number, people: readonly Person[]) {
  if (people.length === 0) return;
  await trx
    .insertInto('memberships')
    .values(
      people.map((person) => ({
        organisation_id: organisationId,
        user_id: person.id,
        role: 'USER' as const,
      })),
    )
    .onConflict((oc) => oc.columns(['organisation_id', 'user_id']).doNothing())
    .execute();
}

/**
 * An import's people (D58), in `trx`, the import's transaction: with `invite`, every address without an
 * active account is invited (one mail each, counted against the limits) and every person is made a member;
 * without it nothing is written and each is told as they are. Answers each person's outcome, in order.
 */
export async function inviteImported(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  emails: readonly string[],
  invite: boolean,
): Promise<ImportedPerson[]> {
  if (!invite) {
    const states = await accountStates(trx, actor.organisationId, emails);
    return states.map((state) => ({
      email: state.user,
      account: state.state === 'ACTIVE' ? 'HAD_ACCOUNT' : 'NOT_INVITED',
    }));
  }
  const language = (await findUserById(trx, actor.userId))?.language ?? 'nl';
  // Users rows only for addresses that have none (an active account's row is found, never replaced).
  const people = await ensureUsers(trx, emails, language);
  const invited = people.filter((person) => !person.active);
  await countInvitations(ctx, trx, actor, invited.length);
  await ensureMemberships(trx, actor.organisationId, people);
  await sendInvitations(ctx, trx, actor, invited);
  return people.map((person) => ({
    email: person.email,
    account: person.active ? 'HAD_ACCOUNT' : 'INVITED',
  }));
}

/**
 * Each address's account as the access screen shows it (D58): ACTIVE, INVITED (by this organisation, the
 * latest `invitedAt`) or NONE; in the order given.
 */
export async function accountStates(
  db: Db,
  organisationId: number,
  emails: readonly string[],
): Promise<AccountState[]> {
  const wanted = [...new Set(emails.map(normaliseEmail))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('users as u')
          .leftJoin('account_invitations as i', (join) =>
            join.onRef('i.user_id', '=', 'u.id').on('i.organisation_id', '=', organisationId),
          )
          .select(['u.email', 'u.activated_at', 'i.sent_at'])
          .where('u.email', 'in', wanted)
          .execute();
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return emails.map((email) => {
    const row = byEmail.get(normaliseEmail(email));
    if (row?.activated_at) return { user: email, state: 'ACTIVE', invitedAt: null };
    if (row?.sent_at)
      return { user: email, state: 'INVITED', invitedAt: new Date(row.sent_at).toISOString() };
    return { user: email, state: 'NONE', invitedAt: null };
  });
}

/**
 * POST …/trajectories/{id}/invitations (D58): mails the invitation (again) to a user of the trajectory's
 * access without an active account. RIGHTS on an active trajectory (policy `inviteUser`); a user not in
 * the access 400, an active account 409 `accountActive`. Limited per invitee, inviter and organisation
 * (429), counted once the inviter is found allowed and outside the transaction (a refused try counts).
 */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  trajectoryId: number,
  user: string,
): Promise<AccountState> {
  const email = normaliseEmail(user);
  await loadGrant(ctx, ctx.db, actor, trajectoryId, 'inviteUser');
  const limits = ctx.config.abuseLimits;
  await consumeRateLimit(
    ctx.db,
    `account-invite:invitee:${actor.organisationId}:${email}`,
    limits.accountInvitationsPerInvitee,
  );
  await ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, trajectoryId, 'inviteUser');
    const access = (await loadDocument(trx, actor.organisationId, grant.row.access_document_id))
      .content as TrajectoryAccess;
    if (!access.users.some((entry) => normaliseEmail(entry.user) === email))
      throw badRequest('validationError', [{ path: 'user', key: 'invalidValue' }]);
    const language = (await findUserById(trx, actor.userId))?.language ?? 'nl';
    const [person] = await ensureUsers(trx, [email], language);
    if (!person || person.active) throw conflict('accountActive');
    await countInvitations(ctx, trx, actor, 1);
    await ensureMemberships(trx, actor.organisationId, [person]);
    await sendInvitations(ctx, trx, actor, [person]);
  });
  const [state] = await accountStates(ctx.db, actor.organisationId, [email]);
  return state as AccountState;
}
