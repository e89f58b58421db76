import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointUrl,
} from '@groeipad/core';
import { apiNumber, apiResponse, freshAccessToken, toApiError } from './api-client';
import { ApiError, NETWORK_FAILURE } from './api-error';
import { mentorSession } from './mentor-session';

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

/** The address of one call: the contract's path with its parameters filled in and the query appended. */
export function callUrl<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'query'> = {},
) {
  return endpointUrl(
    endpoint.path,
    (options.params ?? {}) as Record<string, string | number>,
    (options.query ?? {}) as Record<string, string | number | boolean | undefined>,
  );
}

/** What the answer's text holds: JSON, or the text itself where the contract says `text/plain`. */
function answerOf(endpoint: Endpoint, text: string): unknown {
  if (endpoint.produces?.startsWith('text/plain')) return text;
  return text ? JSON.parse(text) : null;
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
  const headers = {
    ...(options.ifMatch !== undefined ? { 'If-Match': `"${options.ifMatch}"` } : {}),
    ...mentorAuthorization(endpoint),
  };
  const response = await apiResponse(callUrl(endpoint, options), {
    method: endpoint.method,
    ...(endpoint.secured === false || endpoint.secured === 'mentor' ? { auth: false } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = response.status === 204 ? '' : await response.text();
  const parsed = endpoint.response.safeParse(answerOf(endpoint, text));
  if (!parsed.success) throw new ApiError(response.status, 'invalidValue', [], 'unexpected answer');
  return {
    data: parsed.data as EndpointResponse<E>,
    version: versionOf(response.headers.get('etag')),
    location: response.headers.get('location'),
  };
}

/** A mentor route's bearer: the mentor session's token (issue 23), never the user's. */
function mentorAuthorization(endpoint: Endpoint): Record<string, string> {
  if (endpoint.secured !== 'mentor') return {};
  const token = mentorSession.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The data of an endpoint call (most hooks need nothing else). */
export async function callData<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}) {
  return (await callEndpoint(endpoint, options)).data;
}

/** The number an endpoint answers as plain text (`produces: text/plain`: the credits, the discount). */
export function callNumber<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'query' | 'signal'> = {},
): Promise<number> {
  return apiNumber(callUrl(endpoint, options), {
    method: endpoint.method,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The bytes of an endpoint that answers a file (`produces`), fetched with the bearer in the header. */
export async function callBlob<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'query' | 'signal'> = {},
): Promise<Blob> {
  const accept = endpoint.produces && endpoint.produces !== '*/*' ? { Accept: endpoint.produces } : undefined;
  const response = await apiResponse(callUrl(endpoint, options), {
    method: endpoint.method,
    ...(accept ? { headers: accept } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.blob();
}

/**
 * Sends a file to an upload endpoint (`consumes: multipart/form-data`) and parses the JSON answer with
 * the contract. The browser sets the multipart type with its boundary, so no JSON client is used here.
 */
export async function callUpload<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params' | 'signal'> & { form: FormData },
): Promise<EndpointResponse<E>> {
  // A mentor's upload (issue 23) carries the mentor session's bearer; every other the user's.
  const authorization =
    endpoint.secured === 'mentor'
      ? mentorAuthorization(endpoint)
      : { Authorization: `Bearer ${await freshAccessToken()}` };
  let response: Response;
  try {
    response = await fetch(callUrl(endpoint, options), {
      method: endpoint.method,
      headers: { Accept: 'application/json', ...authorization },
      body: options.form,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_FAILURE);
  }
  if (!response.ok) throw await toApiError(response);
  const parsed = endpoint.response.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, 'invalidValue', [], 'unexpected answer');
  return parsed.data as EndpointResponse<E>;
}
