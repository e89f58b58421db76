import { randomInt } from 'node:crypto';
import {
  type Evaluation,
  MENTOR_CODE_LENGTH,
  MENTOR_CODE_MINUTES,
  MENTOR_CODE_TRIES,
  type MentorAssessment,
  type MentorInvitation,
  type MentorLink,
  type MentorLinkStatus,
  maskEmail,
  type TrajectoryAccess,
  type zMentorLinkBulkCreate,
  type zMentorLinkCreate,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Actor, MentorPrincipal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound, unauthorized } from '../../errors.ts';
import { enqueueActionMail } from '../../jobs/mail.ts';
import { consumeRateLimit, hashSecret, randomSecret } from '../auth/index.ts';
import {
  dropAccessRole,
  loadMentorAssessment,
  loadTrajectoriesAccess,
  loadTrajectoryAccess,
} from '../trajectories/index.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import { endedSessionReason, findOpenLink, findSessionMentor, selectLinks } from './repository.ts';

type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;

function statusOf(row: LinkRow): MentorLinkStatus {
  if (row.revoked_at) return 'REVOKED';
  if (row.registered_at) return 'REGISTERED';
  return row.expired ? 'EXPIRED' : 'ACTIVE';
}

function presentLink(row: LinkRow): MentorLink {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: statusOf(row),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    registeredAt: row.registered_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    createdBy: row.created_by,
  };
}

/** The mentor links of a trajectory, for a holder of RIGHTS on it (404 not theirs, 403 without RIGHTS). */
export async function listMentorLinks(ctx: AppContext, actor: Actor, trajectoryId: number) {
  await loadTrajectoryAccess(ctx, ctx.db, actor, trajectoryId, 'mentorLinks');
  const rows = await selectLinks(ctx.db, actor.organisationId, trajectoryId).execute();
  return { items: rows.map(presentLink) };
}

/** "Jan de Vries" → first name "Jan", last name "de Vries": how a users row names a person. */
function splitName(name: string): { first_name: string; last_name: string | null } {
  const space = name.indexOf(' ');
  return space < 0
    ? { first_name: name, last_name: null }
    : { first_name: name.slice(0, space), last_name: name.slice(space + 1).trim() || null };
}

/**
 * Invites a mentor (issue 23): RIGHTS on an active trajectory (D12), a role its access defines (400
 * unknownRole). The invitee gets a users row when the address has none (no password, not activated, as an
 * invited member: registering with it later makes it an ordinary account) and a mail with the link; the
 * secret is in the mail and, once, in the answer to the inviter (issue 31: to copy beside the mail; it opens
 * nothing without the code mailed to the invitee, D54), stored as its hash. Invitations are limited per
 * inviter and per organisation (D54, `mentorInvitationsPer…`: 429), counted once the inviter is found
 * allowed (so nobody else spends an organisation's invitations) and outside the transaction (a refused
 * invitation still counts).
 */
export async function createMentorLink(
  ctx: AppContext,
  actor: Actor,
  trajectoryId: number,
  input: z.output<typeof zMentorLinkCreate>,
): Promise<MentorInvitation> {
  await loadTrajectoryAccess(ctx, ctx.db, actor, trajectoryId, 'inviteMentor');
  await countInvitation(ctx, actor);
  return ctx.db.transaction().execute(async (trx) => {
    const trajectory = await loadTrajectoryAccess(ctx, trx, actor, trajectoryId, 'inviteMentor');
    if (!roleExists(trajectory.access, input.role))
      throw badRequest('unknownRole', [{ path: 'role', key: 'unknownRole' }]);
    const user = await inviteeOf(trx, input);
    const link = await insertLink(ctx, trx, actor, { id: trajectoryId, name: trajectory.name }, user, input);
    await enqueueActionMail(ctx, trx, {
      kind: 'mentorLink',
      to: input.email,
      language: user.language,
      link: link.link,
      values: {
        inviter: await inviterName(trx, actor),
        trajectory: trajectory.name,
        role: input.role,
        days: String(input.days),
      },
    });
    return link;
  });
}

/**
 * One mentor invited on several trajectories (issue 31, a class list's selection): all or none. Each
 * trajectory is judged as one invitation is (`inviteMentor`: 404 for one not the actor's, 403 naming each
 * refused at `trajectoryIds.<n>`; 400 unknownRole likewise for one whose access lacks the role). The mentor
 * gets ONE mail with a link per trajectory, so the call counts as one invitation against the limits (D54):
 * the limits keep mails to addresses in check, and a class of 30 is one mail, not 30.
 */
export async function createMentorLinks(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof zMentorLinkBulkCreate>,
): Promise<{ items: MentorInvitation[] }> {
  const { trajectoryIds, ...invitation } = input;
  await loadTrajectoriesAccess(ctx, ctx.db, actor, trajectoryIds, 'inviteMentor', 'trajectoryIds');
  await countInvitation(ctx, actor);
  return ctx.db.transaction().execute(async (trx) => {
    const trajectories = await loadTrajectoriesAccess(
      ctx,
      trx,
      actor,
      trajectoryIds,
      'inviteMentor',
      'trajectoryIds',
    );
    const roleless = trajectories.flatMap((trajectory, index) =>
      roleExists(trajectory.access, invitation.role)
        ? []
        : [{ path: `trajectoryIds.${index}`, key: 'unknownRole' }],
    );
    if (roleless.length > 0) throw badRequest('unknownRole', roleless);
    const user = await inviteeOf(trx, invitation);
    const items: MentorInvitation[] = [];
    for (const trajectory of trajectories)
      items.push(await insertLink(ctx, trx, actor, trajectory, user, invitation));
    await enqueueActionMail(ctx, trx, {
      kind: 'mentorLinks',
      to: invitation.email,
      language: user.language,
      link: `${ctx.config.publicUrl}/mentor`,
      links: items.map((item) => ({ label: item.trajectoryName, url: item.link })),
      values: {
        inviter: await inviterName(trx, actor),
        count: String(items.length),
        role: invitation.role,
        days: String(invitation.days),
      },
    });
    return { items };
  });
}

/** D54: an invitation counts against the inviter's and the organisation's limits (429 past them). */
async function countInvitation(ctx: AppContext, actor: Actor): Promise<void> {
  const limits = ctx.config.abuseLimits;
  await consumeRateLimit(ctx.db, `mentor-invite:user:${actor.userId}`, limits.mentorInvitationsPerInviter);
  await consumeRateLimit(
    ctx.db,
    `mentor-invite:organisation:${actor.organisationId}`,
    limits.mentorInvitationsPerOrganisation,
  );
}

/** The invitee's users row: theirs, or a new one without password (named after the invitation while unnamed). */
async function inviteeOf(trx: Db, input: { email: string; name: string }) {
  const user =
    (await findUserByEmail(trx, input.email)) ??
    (await insertUser(trx, { email: input.email, passwordHash: null, language: 'nl', activated: false }));
  if (!user.activated_at && !user.first_name)
    await trx.updateTable('users').set(splitName(input.name)).where('id', '=', user.id).execute();
  return user;
}

async function inviterName(trx: Db, actor: Actor): Promise<string> {
  const inviter = await findUserByEmail(trx, actor.email);
  return [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ') || actor.email;
}

/** A new link of one trajectory: its secret's hash stored, the link itself answered once. */
async function insertLink(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  trajectory: { id: number; name: string },
  user: { id: number },
  input: { email: string; name: string; role: string; days: number },
): Promise<MentorInvitation> {
  const secret = randomSecret(32);
  const inserted = await trx
    .insertInto('mentor_links')
    .values({
      organisation_id: actor.organisationId,
      trajectory_id: trajectory.id,
      user_id: user.id,
      email: input.email,
      name: input.name,
      role: input.role,
      secret_hash: hashSecret(secret),
      expires_at: sql<Date>`now() + make_interval(days => ${input.days})`,
      created_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await selectLinks(trx, actor.organisationId, trajectory.id)
    .where('l.id', '=', inserted.id)
    .executeTakeFirstOrThrow();
  return {
    ...presentLink(row),
    link: `${ctx.config.publicUrl}/mentor#${secret}`,
    trajectoryId: trajectory.id,
    trajectoryName: trajectory.name,
  };
}

function roleExists(access: TrajectoryAccess, role: string): boolean {
  return access.roles.some((candidate) => candidate.name === role);
}

/**
 * Revokes a link of this trajectory (404 for another's): it and the session it started end now. When its
 * invitee registered (D11 gave them the link's role in the access), the role is taken from the access too
 * (D54, `dropAccessRole`, through the engine).
 */
export async function revokeMentorLink(ctx: AppContext, actor: Actor, trajectoryId: number, linkId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await loadTrajectoryAccess(ctx, trx, actor, trajectoryId, 'mentorLinks');
    const revoked = await trx
      .updateTable('mentor_links')
      .set({ revoked_at: sql`coalesce(revoked_at, now())`, code_hash: null })
      .where('id', '=', linkId)
      .where('trajectory_id', '=', trajectoryId)
      .where('organisation_id', '=', actor.organisationId)
      .returning(['id', 'registered_at', 'email', 'role'])
      .executeTakeFirst();
    if (!revoked) throw notFound();
    await trx.deleteFrom('mentor_sessions').where('link_id', '=', linkId).execute();
    if (revoked.registered_at)
      await dropAccessRole(
        ctx,
        trx,
        { organisationId: actor.organisationId, trajectoryId, actorId: actor.userId },
        revoked.email,
        revoked.role,
      );
  });
}

/**
 * Mails a new code for an open link (404 for any other: unknown, revoked, registered or expired, all alike),
 * also while a session of the link lives (issue 31, D54: the link opens again on another device), at most
 * `mentorCodesPerLink` an hour per link (a link forwarded or leaked sends its mentor a few mails an hour, no
 * more). A new code replaces the last one and its tries; the code is in the mail only, never in the answer.
 */
export async function sendMentorCode(ctx: AppContext, secret: string): Promise<{ email: string }> {
  const link = await findOpenLink(ctx.db, hashSecret(secret));
  if (!link) throw notFound();
  await consumeRateLimit(ctx.db, `mentor-code:${link.id}`, ctx.config.abuseLimits.mentorCodesPerLink);
  const code = String(randomInt(0, 10 ** MENTOR_CODE_LENGTH)).padStart(MENTOR_CODE_LENGTH, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mentor_links')
      .set({
        code_hash: hashSecret(`${link.id}:${code}`),
        code_expires_at: sql<Date>`now() + make_interval(mins => ${MENTOR_CODE_MINUTES})`,
        code_attempts: 0,
      })
      .where('id', '=', link.id)
      .execute();
    const user = await findUserByEmail(trx, link.email);
    await enqueueActionMail(ctx, trx, {
      kind: 'mentorCode',
      to: link.email,
      language: user?.language ?? 'nl',
      link: `${ctx.config.publicUrl}/mentor`,
      values: { code, minutes: String(MENTOR_CODE_MINUTES) },
    });
  });
  return { email: maskEmail(link.email) };
}

const wrongCode = () => badRequest('validationError', [{ path: 'code', key: 'invalidValue' }]);

/**
 * Starts a session of an open link with its mailed code: the code is used once and voided after
 * `MENTOR_CODE_TRIES` wrong tries; tries per client address are limited too (`mentorSessionsPerClient`).
 * A link has one session at a time: the new one ends any older one (issue 31, D54: opening the link on a new
 * device ends the session on the old one, which is then told so, `mentorSessionReplaced`). Answers the
 * session's token (stored as its hash).
 */
export async function startMentorSession(
  ctx: AppContext,
  input: { secret: string; code: string },
  client: string,
): Promise<{ token: string; expiresAt: string }> {
  await consumeRateLimit(ctx.db, `mentor-session:${client}`, ctx.config.abuseLimits.mentorSessionsPerClient);
  const link = await findOpenLink(ctx.db, hashSecret(input.secret));
  if (!link) throw notFound();
  // A try is counted before the comparison, in one conditional update: however many tries run at once,
  // at most MENTOR_CODE_TRIES of them find a try left and are compared (D54).
  const counted = await ctx.db
    .updateTable('mentor_links')
    .set({ code_attempts: sql`code_attempts + 1` })
    .where('id', '=', link.id)
    .where('code_hash', 'is not', null)
    .where('code_expires_at', '>', sql<Date>`now()`)
    .where('code_attempts', '<', MENTOR_CODE_TRIES)
    .returning('code_hash')
    .executeTakeFirst();
  const codeHash = hashSecret(`${link.id}:${input.code}`);
  if (!counted || counted.code_hash !== codeHash) throw wrongCode();
  const token = randomSecret(32);
  return ctx.db.transaction().execute(async (trx) => {
    // Once: only the first of two tries with the right code finds the code still there.
    const opened = await trx
      .updateTable('mentor_links')
      .set({ opened_at: sql`now()`, last_used_at: sql`now()`, code_hash: null, code_expires_at: null })
      .where('id', '=', link.id)
      .where('code_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .returning('expires_at')
      .executeTakeFirst();
    if (!opened) throw notFound();
    // One session at a time (D54): the older one ends now; its row stays so its device is told why.
    await trx
      .updateTable('mentor_sessions')
      .set({ replaced_at: sql`now()` })
      .where('link_id', '=', link.id)
      .where('replaced_at', 'is', null)
      .execute();
    await trx
      .insertInto('mentor_sessions')
      .values({ link_id: link.id, token_hash: hashSecret(token) })
      .execute();
    return { token, expiresAt: opened.expires_at.toISOString() };
  });
}

/**
 * The mentor of a session token: 401 when unknown, or when its link was revoked or has expired; 401
 * `mentorSessionReplaced` when the link was opened on another device since, `mentorSessionLapsed` after 12
 * hours idle (D54), so the page says why.
 */
export async function mentorOfToken(ctx: AppContext, token: string): Promise<MentorPrincipal> {
  const tokenHash = hashSecret(token);
  const row = await findSessionMentor(ctx.db, tokenHash);
  if (!row) throw unauthorized((await endedSessionReason(ctx.db, tokenHash)) ?? 'unauthorized');
  return {
    linkId: row.id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    organisationId: row.organisation_id,
    trajectoryId: row.trajectory_id,
    role: row.role,
    expiresAt: row.expires_at,
  };
}

export async function endMentorSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('mentor_sessions').where('token_hash', '=', hashSecret(token)).execute();
}

/** The mentor's page: the trajectory, the role and the evaluation as that role sees it. */
export async function getMentorAssessment(
  ctx: AppContext,
  mentor: MentorPrincipal,
): Promise<MentorAssessment & { version: number }> {
  const found = await loadMentorAssessment(ctx, mentor);
  const organisation = await ctx.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', mentor.organisationId)
    .executeTakeFirstOrThrow();
  return {
    trajectory: { id: mentor.trajectoryId, name: found.name },
    organisation: organisation.name,
    mentor: { email: mentor.email, name: mentor.name, role: mentor.role },
    expiresAt: mentor.expiresAt.toISOString(),
    canWrite: found.canWrite,
    evaluation: found.evaluation as Evaluation | null,
    version: found.version,
  };
}
