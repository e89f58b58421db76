import { type AccessClaims, isEulaSigned } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** The signed-in user of a request, from its bearer token. 401 without a valid, unexpired token. */
export async function requirePrincipal(ctx: AppContext, request: FastifyRequest): Promise<AccessClaims> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized();
  return ctx.tokens.verify(match[1]!);
}

/** As requirePrincipal, and the licence must be signed (403 eulaRequired otherwise). */
export async function requireSignedPrincipal(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AccessClaims> {
  const principal = await requirePrincipal(ctx, request);
  if (!isEulaSigned(principal)) throw forbidden('eulaRequired');
  return principal;
}

/** OpenAPI marker for routes that need a bearer token. */
export const bearer = [{ bearerAuth: [] }];
