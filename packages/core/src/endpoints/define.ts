import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API as data (DESIGN point 7, Documenso's "one contract per endpoint"): the server
 * registers its route from it, the web calls through it and parses the answer with `response`.
 * `path` uses `:name` parameters; `status` is the success status.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status; a 3xx where the call answers with a redirect (the OAuth sign-in's start). */
  status: number;
  /**
   * What the call does, in a few English words: the OpenAPI operation's `summary` (a line in the
   * operation list of /api/docs and a generated client's comment). Sentence case, no full stop, at most
   * 80 characters, unique across the API (endpoints.test.ts). The operation's `operationId` needs no field:
   * it is the contract's group and key (`trajectories.list` → `trajectoriesList`, all.ts).
   */
  summary: string;
  /** The details: rights needed, refusals, headers (the OpenAPI operation's `description`, Markdown). */
  description?: string;
  /**
   * Whether the call needs `Authorization: Bearer` (default true). The server authenticates exactly the
   * routes whose contract says so (plugins/authenticate.ts); the web sends no token where it is false.
   * `'mentor'`: the bearer is a mentor session's token (issue 23), checked by the mentor module's routes;
   * a user's token is refused there and a mentor's everywhere else.
   */
  secured?: boolean | 'mentor';
  /**
   * The media type of the success answer when it is not JSON: a file (`application/pdf`, or the wildcard media
   * type for a file sent as the type it has), `text/plain`, or `text/event-stream`. `response` then describes that
   * text or those bytes; error answers stay JSON.
   */
  produces?: string;
  /** `multipart/form-data`: the request is a file upload the handler reads, so `body` is left unset. */
  consumes?: 'multipart/form-data';
  /** Error statuses beyond the usual 4xx the call answers: 429 (rate limits), 503 (a provider unreachable). */
  errors?: readonly number[];
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNull,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

/** The answer of an endpoint, as the web receives it. */
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
/** The body an endpoint takes, as the web sends it. */
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
/** The path parameters of an endpoint. */
export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
/** The query of an endpoint. */
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;

export const zNoContent = z.null();

/** The bytes of a file answer (with `produces`): a binary string in OpenAPI. */
export const zFileContent = z.string().meta({ format: 'binary' });
