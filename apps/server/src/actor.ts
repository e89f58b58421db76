import type { OrganisationRole } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { forbidden } from './errors.ts';
import { findMembershipRole } from './modules/organisations/repository.ts';
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

/** The actor of an organisation-scoped route: 403 organisationRequired without a (current) membership. */
export async function organisationActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const principal = principalOf(request);
  const organisationId = principal.organisation_id;
  if (organisationId === null) throw forbidden('organisationRequired');
  const role = await findMembershipRole(ctx.db, organisationId, principal.user_id);
  if (!role) throw forbidden('organisationRequired');
  return { userId: principal.user_id, email: principal.sub, organisationId, role };
}
