import { type AccessClaims, isEulaSigned } from '@groeipad/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** The route needs a signed licence (403 eulaRequired otherwise). */
    eula?: boolean;
  }
}

/** OpenAPI marker for routes that need a bearer token; `registerAuthentication` enforces it. */
export const bearer = [{ bearerAuth: [] }];
/**
 * OpenAPI marker for the mentor's routes (issue 23): the bearer is a mentor session's token, which the
 * mentor module's own onRequest hook checks; this plugin leaves those routes alone.
 */
export const mentorBearer = [{ mentorSession: [] }];

function needsUserToken(request: FastifyRequest): boolean {
  const security = request.routeOptions.schema?.security;
  return Boolean(security?.some((requirement) => 'bearerAuth' in requirement));
}

/**
 * Every route whose schema declares `security` is authenticated here, in onRequest — before body
 * validation, so a stranger gets 401, never field errors — and the claims land on `request.principal`.
 * Documenting a route as secured and securing it are therefore the same act.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!needsUserToken(request)) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = await ctx.tokens.verify(match[1]!);
    if (request.routeOptions.config.eula && !isEulaSigned(claims)) throw forbidden('eulaRequired');
    request.principal = claims;
  });
}

/** The signed-in user of a secured route. */
export function principalOf(request: FastifyRequest): AccessClaims {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
