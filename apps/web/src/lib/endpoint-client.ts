import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointUrl,
} from '@groeipad/core';
import { apiResponse } from './api-client';
import { ApiError } from './api-error';

export interface CallOptions<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** The version the change was made on (`If-Match`, D29). */
  ifMatch?: number;
  signal?: AbortSignal;
}

export interface CallResult<T> {
  data: T;
  /** The document version from `ETag`, when the answer carries one. */
  version: number | null;
  /** The new id from a Location header (201 answers). */
  location: string | null;
}

function versionOf(etag: string | null): number | null {
  const match = etag ? /^(?:W\/)?"?(\d+)"?$/.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

/**
 * Calls one endpoint of the core contract (DESIGN point 7): the path and method come from the
 * contract, and the answer is parsed with the endpoint's response schema, so a server that answers
 * something else fails loudly here instead of somewhere in a screen.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<CallResult<EndpointResponse<E>>> {
  const url = endpointUrl(
    endpoint.path,
    (options.params ?? {}) as Record<string, string | number>,
    (options.query ?? {}) as Record<string, string | number | boolean | undefined>,
  );
  const response = await apiResponse(url, {
    method: endpoint.method,
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.ifMatch !== undefined ? { headers: { 'If-Match': `"${options.ifMatch}"` } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = response.status === 204 ? '' : await response.text();
  const parsed = endpoint.response.safeParse(text ? JSON.parse(text) : null);
  if (!parsed.success) throw new ApiError(response.status, 'invalidValue', [], 'unexpected answer');
  return {
    data: parsed.data as EndpointResponse<E>,
    version: versionOf(response.headers.get('etag')),
    location: response.headers.get('location'),
  };
}

/** The data of an endpoint call (most hooks need nothing else). */
export async function callData<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}) {
  return (await callEndpoint(endpoint, options)).data;
}
