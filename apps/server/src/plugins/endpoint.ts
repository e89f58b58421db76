import { type Endpoint, operationIdOf, zErrorBody } from '@groeipad/core';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, LogLevel, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';
import { bearer, mentorBearer } from './authenticate.ts';

const ERRORS = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  413: zErrorBody,
};

type Input<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
    : never;

/** The success answer's schema: JSON as it is, any other media type (a file, text, a stream) as content. */
function successSchema(endpoint: Endpoint) {
  if (!endpoint.produces) return endpoint.response;
  return { content: { [endpoint.produces]: { schema: endpoint.response } } };
}

/** The error answers' schemas: the usual ones and those the contract adds (429, 503). */
function errorSchemas(endpoint: Endpoint) {
  return { ...ERRORS, ...Object.fromEntries((endpoint.errors ?? []).map((status) => [status, zErrorBody])) };
}

/**
 * A Fastify route from an endpoint of the core contract (DESIGN point 7): method, path, schemas,
 * OpenAPI text (`operationId` from the contract's name in `endpointGroups`, `summary`, `description`) and
 * the bearer requirement come from the one definition the web also calls through
 * (`security` is what plugins/authenticate.ts enforces). The handler gets typed input; returning a
 * value sends it with the endpoint's status; a handler that sends a file, a stream or a redirect itself
 * returns the reply. `config` and `logLevel` are the server's own concerns (the licence a route needs,
 * a quiet health ping), not the contract's.
 */
export function endpointRoute<E extends Endpoint>(
  endpoint: E,
  /** `bodyLimit`: bytes a request body may have where the app's 1 MiB is too little (a framework, D56). */
  options: { tags: string[]; config?: FastifyContextConfig; logLevel?: LogLevel; bodyLimit?: number },
  handler: (
    input: Input<E>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<z.input<E['response']> | FastifyReply>,
): RouteOptions {
  return {
    method: endpoint.method,
    url: endpoint.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      operationId: operationIdOf(endpoint),
      summary: endpoint.summary,
      tags: options.tags,
      ...(endpoint.secured === false
        ? {}
        : { security: endpoint.secured === 'mentor' ? mentorBearer : bearer }),
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      response: { [endpoint.status]: successSchema(endpoint), ...errorSchemas(endpoint) },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as Input<E>;
      const result = await handler(input, request, reply);
      // A handler that sent its answer returns the reply, which is thenable: awaiting it gives undefined.
      if (result === reply || reply.sent) return reply;
      return reply.status(endpoint.status).send(result ?? null);
    },
  };
}

/** `If-Match: "3"` (or W/"3", or 3) → 3; absent → undefined (the change applies to the current version). */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(String(header));
  if (!match) throw badRequest('validationError', [{ path: 'If-Match', key: 'invalidValue' }]);
  return Number(match[1]);
}
