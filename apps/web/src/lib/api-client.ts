import { FIRST_PAGE_ROUTES, type Tokens } from '@groeipad/core';
import { ApiError, type FieldError, NETWORK_FAILURE } from './api-error';
import { nowSeconds } from './jwt';
import { type Session, sessionStore } from './session-store';

/** Reuse an access token while more than 2.5 minutes of life remain (spec part 1 §4). */
export const REUSE_MARGIN_SECONDS = 150;
/** Refresh 5 minutes before expiry (spec part 1 §4). */
export const REFRESH_AHEAD_SECONDS = 300;

/** Whether an access token expiring at `exp` is still used at `now` (both in epoch seconds). */
export function shouldReuseToken(exp: number, now: number): boolean {
  return exp - now > REUSE_MARGIN_SECONDS;
}

/**
 * Seconds until the planned refresh of a token with `remainingSeconds` of life: 5 minutes before
 * expiry; a token that lives shorter than that is refreshed halfway (at most 30 s on), never in a
 * tight loop (at least 1 s on).
 */
export function refreshDelaySeconds(remainingSeconds: number): number {
  return Math.max(remainingSeconds - REFRESH_AHEAD_SECONDS, Math.min(30, remainingSeconds / 2), 1);
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token (refreshing it first when it is about to expire). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (If-Match). */
  headers?: Record<string, string>;
}

/** The ApiError of a non-2xx answer: key and field errors from a JSON body, else a generic key. */
export async function toApiError(response: Response): Promise<ApiError> {
  let key = response.status === 404 ? 'notFound' : 'internalError';
  let fields: FieldError[] = [];
  let version: number | null = null;
  try {
    const body = (await response.json()) as { key?: unknown; fields?: unknown; version?: unknown };
    if (typeof body.key === 'string') key = body.key;
    if (Array.isArray(body.fields)) fields = body.fields as FieldError[];
    if (typeof body.version === 'number') version = body.version;
  } catch {
    // Not JSON: keep the generic key.
  }
  return new ApiError(response.status, key, fields, response.statusText, version);
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_FAILURE);
  }
}

let refreshing: Promise<Session> | null = null;

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), so two tabs
 * never present the same refresh token: the server would take the second as reuse and end the sign-in.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  return navigator.locks.request('groeipad-token-refresh', task) as Promise<T>;
}

async function performRefresh(organisationId: number | null | undefined): Promise<Session> {
  const seen = sessionStore.get()?.tokens.refreshToken;
  return withRefreshLock(() => refreshOnce(organisationId, seen));
}

async function refreshOnce(
  organisationId: number | null | undefined,
  seen: string | undefined,
): Promise<Session> {
  const session = sessionStore.reload();
  if (!session) throw new ApiError(401, 'unauthorized');
  // Another tab refreshed while this one waited for the lock: use its tokens.
  const rotatedElsewhere = session.tokens.refreshToken !== seen;
  if (
    organisationId === undefined &&
    rotatedElsewhere &&
    shouldReuseToken(session.claims.exp, nowSeconds())
  ) {
    return session;
  }
  const target = organisationId === undefined ? session.claims.organisation_id : organisationId;
  // The contract's route (authEndpoints.refresh) without its zod schemas: this runs on the sign-in page.
  const response = await send(
    FIRST_PAGE_ROUTES.refresh.path,
    {
      method: FIRST_PAGE_ROUTES.refresh.method,
      body: { email: session.claims.sub, refreshToken: session.tokens.refreshToken, organisationId: target },
    },
    null,
  );
  if (response.status === 401) {
    sessionStore.clear();
    throw await toApiError(response);
  }
  if (!response.ok) throw await toApiError(response);
  return sessionStore.set((await response.json()) as Tokens);
}

/**
 * Refreshes the tokens, optionally for another organisation. Refreshes never overlap: the refresh
 * token rotates, so two parallel refreshes would invalidate each other. A plain refresh joins one
 * already under way; an organisation switch waits for it and then runs.
 */
export function refreshSession(organisationId?: number | null): Promise<Session> {
  if (refreshing && organisationId === undefined) return refreshing;
  const previous: Promise<unknown> = refreshing ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => performRefresh(organisationId));
  refreshing = next;
  next
    .finally(() => {
      if (refreshing === next) refreshing = null;
    })
    .catch(() => undefined);
  return next;
}

/** A usable access token: the stored one while it lives long enough, else a refreshed one. */
export async function freshAccessToken(): Promise<string> {
  const session = sessionStore.get();
  if (!session) throw new ApiError(401, 'unauthorized');
  if (shouldReuseToken(session.claims.exp, nowSeconds()) && !refreshing) return session.tokens.accessToken;
  return (await refreshSession()).tokens.accessToken;
}

/** Calls the API and returns the raw response, throwing ApiError for non-2xx answers. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = options.auth === false ? null : await freshAccessToken();
  const response = await send(path, options, token);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls the API and parses a JSON answer. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API and parses a plain-text number (credits, discount). */
export async function apiNumber(path: string, options: RequestOptions = {}): Promise<number> {
  const response = await apiResponse(path, options);
  const value = Number((await response.text()).trim());
  if (!Number.isFinite(value)) throw new ApiError(response.status, 'invalidValue');
  return value;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(): void {
  clearTimeout(timer);
  const session = sessionStore.get();
  if (!session) return;
  const delay = refreshDelaySeconds(session.claims.exp - nowSeconds()) * 1000;
  timer = setTimeout(
    () => {
      refreshSession().catch(() => {
        // A 401 has cleared the session already; a network failure retries on the next call.
      });
    },
    Math.min(delay, 2_000_000_000),
  );
}

/** Keeps the session fresh: refreshes 5 minutes before expiry, re-planned on every token change. */
export function startRefreshScheduler(): () => void {
  scheduleRefresh();
  const unsubscribe = sessionStore.subscribe(scheduleRefresh);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
