import { authEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import {
  acceptEula,
  activateUser,
  issueTokens,
  loginUser,
  logoutEverywhere,
  logoutSession,
  refreshTokens,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './service.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  loginTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.ts';

const ok = { ok: true as const };

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['auth'];
  app.route(
    endpointRoute(api.register, { tags }, async ({ body }, request) => {
      await registerUser(ctx, body, { ip: request.ip });
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.activate, { tags }, async ({ body }) => {
      await activateUser(ctx, body.code, body.password);
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.requestPasswordReset, { tags }, async ({ body }, request) => {
      await requestPasswordReset(ctx, body.email, body.language, { ip: request.ip });
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.resetPassword, { tags }, async ({ body }) => {
      await resetPassword(ctx, body.code, body.password);
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.login, { tags }, ({ body }, request) => loginUser(ctx, body, { ip: request.ip })),
  );
  app.route(
    endpointRoute(api.loginTwoFactor, { tags }, ({ body }, request) =>
      loginTwoFactor(ctx, body, { ip: request.ip }, (user) => issueTokens(ctx, ctx.db, user, null)),
    ),
  );
  app.route(
    endpointRoute(api.twoFactorStatus, { tags }, (_input, request) =>
      twoFactorStatus(ctx, principalOf(request).user_id),
    ),
  );
  app.route(
    endpointRoute(api.twoFactorSetup, { tags }, (_input, request) =>
      startTwoFactorSetup(ctx, principalOf(request).user_id),
    ),
  );
  app.route(
    endpointRoute(api.twoFactorConfirm, { tags }, ({ body }, request) =>
      confirmTwoFactor(ctx, principalOf(request).user_id, body.code, { ip: request.ip }),
    ),
  );
  app.route(
    endpointRoute(api.twoFactorDisable, { tags }, async ({ body }, request) => {
      await disableTwoFactor(ctx, principalOf(request).user_id, body, { ip: request.ip });
      return ok;
    }),
  );
  app.route(endpointRoute(api.refresh, { tags }, ({ body }) => refreshTokens(ctx, body)));
  app.route(
    endpointRoute(api.acceptEula, { tags }, async (_input, request) => {
      await acceptEula(ctx, principalOf(request).user_id);
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.logout, { tags }, async ({ params }) => {
      await logoutSession(ctx, params.refreshToken);
      return ok;
    }),
  );
  app.route(
    endpointRoute(api.logoutAll, { tags }, async (_input, request) => {
      await logoutEverywhere(ctx, principalOf(request).user_id);
      return ok;
    }),
  );
};
