import { zCurrentUser, zErrorBody, zUpdateCurrentUser } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearer, principalOf } from '../../plugins/authenticate.ts';
import { getCurrentUser, updateCurrentUser } from './service.ts';

const errors = { 400: zErrorBody, 401: zErrorBody };

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['users'];
  app.get(
    '/api/users/me',
    { schema: { tags, security: bearer, response: { 200: zCurrentUser, ...errors } } },
    async (request) => getCurrentUser(ctx, principalOf(request).user_id),
  );
  app.put(
    '/api/users/me',
    {
      schema: {
        tags,
        security: bearer,
        body: zUpdateCurrentUser,
        response: { 200: zCurrentUser, ...errors },
      },
    },
    async (request) => updateCurrentUser(ctx, principalOf(request).user_id, request.body),
  );
};
