import type { OrganisationRole } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import type { Db } from './db/database.ts';
import { forbidden } from './errors.ts';
import { findMembershipRole } from './modules/organisations/index.ts';
import { principalOf } from './plugins/authenticate.ts';

/**
 * Who acts, inside which organisation (DESIGN "Actor, policies, abilities"). Services take an Actor,
 * never a request. The role is read from the membership row, so a member who was removed or got
 * another role acts as they are now, not as their access token (up to 15 minutes old) says.
 */
export interface Actor {
  userId: number;
  email: string;
  organisationId: number;
  role: OrganisationRole;
}

/**
 * An actor as the access token names them, before their membership is read: for a service that reads
 * the membership in its own first statement (`membershipRoleOf`, `actorWithRole`) instead of one of its
 * own — the evaluation save, where every round trip counts (bench/evaluation.ts).
 */
export type Principal = Omit<Actor, 'role'>;

/**
 * A mentor acting through a link (issue 23): exactly one role (`role`, a role name of the trajectory's access)
 * on one trajectory, without an organisation membership. Read from the link's row on every request, so a
 * revoked or expired link ends the session at once.
 */
export interface MentorPrincipal {
  linkId: number;
  userId: number;
  email: string;
  name: string;
  organisationId: number;
  trajectoryId: number;
  role: string;
  expiresAt: Date;
}

/** The organisation-scoped principal of a request: 403 organisationRequired when the token names none. */
export function organisationPrincipal(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  const organisationId = principal.organisation_id;
  if (organisationId === null) throw forbidden('organisationRequired');
  return { userId: principal.user_id, email: principal.sub, organisationId };
}

/** The actor of an organisation-scoped route: 403 organisationRequired without a (current) membership. */
export async function organisationActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  return principalActor(ctx.db, organisationPrincipal(request));
}

/** The principal's membership role, as a column of a caller's query (null when they are no member). */
export function membershipRoleOf(principal: Principal) {
  return sql<OrganisationRole | null>`(select m.role from memberships m
    where m.organisation_id = ${principal.organisationId} and m.user_id = ${principal.userId})`;
}

/** The actor once the membership role is read: 403 organisationRequired without one. */
export function actorWithRole(principal: Principal, role: OrganisationRole | null | undefined): Actor {
  if (!role) throw forbidden('organisationRequired');
  return { ...principal, role };
}

/** The actor of a principal, its membership read on its own. */
export async function principalActor(db: Db, principal: Principal): Promise<Actor> {
  return actorWithRole(principal, await findMembershipRole(db, principal.organisationId, principal.userId));
}
