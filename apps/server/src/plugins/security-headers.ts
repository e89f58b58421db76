import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, its middleware built once. (@fastify/helmet builds a new
 * helmet, parsing the content security policy again, for each request: 2 % of the server's time under a
 * load of evaluation saves, bench/README.md.)
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, next) => {
    apply(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
  });
}
