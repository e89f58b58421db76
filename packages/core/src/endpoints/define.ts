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
  status: number;
  description?: string;
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

/** `/api/blueprints/:id` with `{id: 3}` → `/api/blueprints/3` (values URI-encoded); the query appended. */
export function endpointUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | undefined | null> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

export const zNoContent = z.null();
