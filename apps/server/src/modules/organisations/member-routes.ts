import {
  zCreateOrganisationUser,
  zErrorBody,
  zIdParams,
  zImportOrganisationUsers,
  zOrganisationUser,
  zOrganisationUserParams,
  zOrganisationUsersImported,
  zUpdateOrganisationUser,
} from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearer, principalOf } from '../../plugins/authenticate.ts';
import {
  addOrganisationUser,
  importOrganisationUsers,
  listOrganisationUsers,
  removeOrganisationUser,
  updateOrganisationUser,
} from './members.ts';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody };

/** Members of an organisation (spec part 2 §7 "Organisations"; import and invitations: issue 6). */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['organisation users'];
  const security = bearer;
  app.get(
    '/api/organisations/:id/users',
    {
      schema: {
        tags,
        security,
        description: 'Members sorted by e-mail; `pending`: invited, not registered yet. OWNER and ADMIN.',
        params: zIdParams,
        response: { 200: z.array(zOrganisationUser), ...errors },
      },
    },
    async (request) => listOrganisationUsers(ctx, principalOf(request).user_id, request.params.id),
  );
  app.post(
    '/api/organisations/:id/users',
    {
      schema: {
        tags,
        security,
        description:
          'Adds a member (role default USER; only an OWNER gives OWNER). An address without an account ' +
          'gets an invitation mail and becomes an active member on registering.',
        params: zIdParams,
        body: zCreateOrganisationUser,
        response: { 201: zOrganisationUser, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const member = await addOrganisationUser(ctx, principalOf(request).user_id, id, request.body);
      return reply.status(201).header('location', `/api/organisations/${id}/users/${member.id}`).send(member);
    },
  );
  app.post(
    '/api/organisations/:id/users/import',
    {
      schema: {
        tags,
        security,
        description:
          'Adds the rows of a spreadsheet: invalid or existing addresses are skipped, unknown roles become USER.',
        params: zIdParams,
        body: zImportOrganisationUsers,
        response: { 200: zOrganisationUsersImported, ...errors },
      },
    },
    async (request) =>
      importOrganisationUsers(ctx, principalOf(request).user_id, request.params.id, request.body),
  );
  app.put(
    '/api/organisations/:id/users/:userId',
    {
      schema: {
        tags,
        security,
        description: 'Changes a role; not the own row (ownMembership), never the last OWNER (409 lastOwner).',
        params: zOrganisationUserParams,
        body: zUpdateOrganisationUser,
        response: { 200: zOrganisationUser, ...errors },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return updateOrganisationUser(ctx, principalOf(request).user_id, id, userId, request.body.role);
    },
  );
  app.delete(
    '/api/organisations/:id/users/:userId',
    {
      schema: {
        tags,
        security,
        description:
          'Removes a member; not the own row (ownMembership), never the last OWNER (409 lastOwner).',
        params: zOrganisationUserParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await removeOrganisationUser(ctx, principalOf(request).user_id, id, userId);
      return reply.status(204).send(null);
    },
  );
};
