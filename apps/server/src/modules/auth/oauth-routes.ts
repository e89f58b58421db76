import { authEndpoints as api } from '@groeipad/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OidcProvider } from '../../adapters/identity/oidc.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { FLOW_COOKIE_SECONDS, openFlow, requireProvider, sealFlow, signInExternal } from './oauth-service.ts';

const COOKIE = 'groeipad_oauth';

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

  app.route(
    endpointRoute(api.oauthProviders, { tags }, async () =>
      [...providers.values()].map((p) => ({ name: p.settings.name, label: p.settings.label })),
    ),
  );

  app.route(
    endpointRoute(api.oauthLogin, { tags }, async ({ params }, request, reply) => {
      const provider = requireProvider(providers, params.provider);
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
      return reply.header('set-cookie', cookie).redirect(start.url.href, api.oauthLogin.status);
    }),
  );

  app.route(
    endpointRoute(api.oauthCode, { tags }, async ({ params, query }, request, reply) => {
      const provider = requireProvider(providers, params.provider);
      const flow = await openFlow(ctx, readCookie(request.headers.cookie, COOKIE));
      const tokens = await signInExternal(ctx, provider, flow, query);
      reply.header('set-cookie', `${COOKIE}=; Path=/api/oauth2; HttpOnly; SameSite=Lax; Max-Age=0`);
      return tokens;
    }),
  );
};
