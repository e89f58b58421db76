import { type Endpoint, zErrorBody } from '@groeipad/core';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';
import { bearer } from './authenticate.ts';

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

/**
 * A Fastify route from an endpoint of the core contract (DESIGN point 7): method, path, schemas,
 * OpenAPI text and the bearer requirement come from the one definition the web also calls through.
 * The handler gets typed input; returning a value sends it with the endpoint's status.
 */
export function endpointRoute<E extends Endpoint>(
  endpoint: E,
  options: { tags: string[]; secured?: boolean },
  handler: (
    input: Input<E>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<z.input<E['response']> | FastifyReply>,
): RouteOptions {
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: options.tags,
      ...(options.secured === false ? {} : { security: bearer }),
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status]: endpoint.response, ...ERRORS },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as Input<E>;
      const result = await handler(input, request, reply);
      if (result === reply) return reply;
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
