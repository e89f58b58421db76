import { zErrorBody, zOAuthCodeQuery, zTokens } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OidcProvider } from '../../adapters/identity/oidc.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { FLOW_COOKIE_SECONDS, openFlow, requireProvider, sealFlow, signInExternal } from './oauth-service.ts';

const COOKIE = 'groeipad_oauth';
const zProviderParams = z.object({ provider: z.string().min(1).max(64) });

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** External sign-in through any OpenID Connect provider configured by OIDC_* variables. */
export const oauthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['auth'];
  const providers = new Map(
    ctx.config.oidcProviders.map((settings) => [
      settings.name,
      new OidcProvider(settings, `${ctx.config.publicUrl}/oauth2/code/${settings.name}`),
    ]),
  );
  const secure = ctx.config.publicUrl.startsWith('https://');

  app.get(
    '/api/oauth2/providers',
    { schema: { tags, response: { 200: z.array(z.object({ name: z.string(), label: z.string() })) } } },
    async () => [...providers.values()].map((p) => ({ name: p.settings.name, label: p.settings.label })),
  );

  app.get(
    '/api/oauth2/:provider/login',
    { schema: { tags, params: zProviderParams, response: { 404: zErrorBody, 503: zErrorBody } } },
    async (request, reply) => {
      const provider = requireProvider(providers, request.params.provider);
      let start: Awaited<ReturnType<OidcProvider['start']>>;
      try {
        start = await provider.start();
      } catch (error) {
        request.log.warn({ err: error, provider: provider.settings.name }, 'identity provider unreachable');
        throw new AppError(503, 'serviceUnavailable');
      }
      const { state, codeVerifier, nonce } = start;
      const sealed = await sealFlow(ctx, { provider: provider.settings.name, state, codeVerifier, nonce });
      const cookie = `${COOKIE}=${sealed}; Path=/api/oauth2; HttpOnly; SameSite=Lax; Max-Age=${FLOW_COOKIE_SECONDS}${secure ? '; Secure' : ''}`;
      return reply.header('set-cookie', cookie).redirect(start.url.href, 302);
    },
  );

  app.get(
    '/api/oauth2/:provider/code',
    {
      schema: {
        tags,
        params: zProviderParams,
        querystring: zOAuthCodeQuery,
        response: { 200: zTokens, 400: zErrorBody, 404: zErrorBody },
      },
    },
    async (request, reply) => {
      const provider = requireProvider(providers, request.params.provider);
      const flow = await openFlow(ctx, readCookie(request.headers.cookie, COOKIE));
      const tokens = await signInExternal(ctx, provider, flow, request.query);
      return reply
        .header('set-cookie', `${COOKIE}=; Path=/api/oauth2; HttpOnly; SameSite=Lax; Max-Age=0`)
        .send(tokens);
    },
  );
};
