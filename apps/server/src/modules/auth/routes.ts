import {
  zActivateRequest,
  zErrorBody,
  zLoginRequest,
  zOkBody,
  zPasswordResetRequest,
  zRefreshRequest,
  zRegisterRequest,
  zResetPasswordRequest,
  zTokens,
} from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearer, principalOf } from '../../plugins/authenticate.ts';
import {
  acceptEula,
  activateUser,
  loginUser,
  logoutEverywhere,
  logoutSession,
  refreshTokens,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './service.ts';

const ok = { ok: true as const };
const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 429: zErrorBody };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['auth'];
  app.post(
    '/api/auth/register',
    { schema: { tags, body: zRegisterRequest, response: { 200: zOkBody, ...errors } } },
    async (request) => {
      await registerUser(ctx, request.body, { ip: request.ip });
      return ok;
    },
  );
  app.post(
    '/api/auth/activate',
    { schema: { tags, body: zActivateRequest, response: { 200: zOkBody, ...errors } } },
    async (request) => {
      await activateUser(ctx, request.body.code);
      return ok;
    },
  );
  app.post(
    '/api/auth/request-password-reset',
    { schema: { tags, body: zPasswordResetRequest, response: { 200: zOkBody, ...errors } } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.body.language, { ip: request.ip });
      return ok;
    },
  );
  app.post(
    '/api/auth/reset-password',
    { schema: { tags, body: zResetPasswordRequest, response: { 200: zOkBody, ...errors } } },
    async (request) => {
      await resetPassword(ctx, request.body.code, request.body.password);
      return ok;
    },
  );
  app.post(
    '/api/auth/login',
    { schema: { tags, body: zLoginRequest, response: { 200: zTokens, ...errors } } },
    (request) => loginUser(ctx, request.body, { ip: request.ip }),
  );
  app.post(
    '/api/auth/refresh',
    { schema: { tags, body: zRefreshRequest, response: { 200: zTokens, ...errors } } },
    (request) => refreshTokens(ctx, request.body),
  );
  app.post(
    '/api/auth/eula',
    {
      schema: {
        tags,
        security: bearer,
        body: z.object({}).optional(),
        response: { 200: zOkBody, ...errors },
      },
    },
    async (request) => {
      await acceptEula(ctx, principalOf(request).user_id);
      return ok;
    },
  );
  app.delete(
    '/api/auth/logout/:refreshToken',
    {
      schema: {
        tags,
        params: z.object({ refreshToken: z.string().min(1).max(200) }),
        response: { 200: zOkBody, ...errors },
      },
    },
    async (request) => {
      await logoutSession(ctx, request.params.refreshToken);
      return ok;
    },
  );
  app.delete(
    '/api/auth/logout-all',
    { schema: { tags, security: bearer, response: { 200: zOkBody, ...errors } } },
    async (request) => {
      await logoutEverywhere(ctx, principalOf(request).user_id);
      return ok;
    },
  );
};
