import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiJson,
  apiNumber,
  freshAccessToken,
  REFRESH_AHEAD_SECONDS,
  REUSE_MARGIN_SECONDS,
  refreshDelaySeconds,
  shouldReuseToken,
  toApiError,
} from './api-client';
import { ApiError, NETWORK_FAILURE } from './api-error';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token timing (spec part 1 §4)', () => {
  it('uses 2.5 minutes of reuse margin and refreshes 5 minutes ahead', () => {
    expect([REUSE_MARGIN_SECONDS, REFRESH_AHEAD_SECONDS]).toEqual([150, 300]);
  });

  const now = 1_800_000_000;
  it.each([
    ['an hour left', 3600, true],
    ['151 s left', 151, true],
    ['exactly 2.5 minutes left', 150, false],
    ['a minute left', 60, false],
    ['expiring now', 0, false],
    ['expired', -30, false],
  ])('shouldReuseToken: %s', (_label, remaining, expected) => {
    expect(shouldReuseToken(now + remaining, now)).toBe(expected);
  });

  it.each([
    ['a fresh 60-minute token: 5 minutes before expiry', 3600, 3300],
    ['10 minutes left: in 5 minutes', 600, 300],
    ['6 minutes left: in 1 minute', 360, 60],
    ['5.5 minutes left: in 30 s', 330, 30],
    ['exactly 5 minutes left: in 30 s, not at once', 300, 30],
    ['2 minutes left: in 30 s', 120, 30],
    ['a minute left: halfway', 60, 30],
    ['40 s left: halfway', 40, 20],
    ['3 s left: halfway', 3, 1.5],
    ['1 s left: never sooner than 1 s', 1, 1],
    ['expiring now: in 1 s', 0, 1],
    ['expired: in 1 s, not in a tight loop', -120, 1],
  ])('refreshDelaySeconds: %s', (_label, remaining, expected) => {
    expect(refreshDelaySeconds(remaining)).toBe(expected);
  });
});

describe('toApiError: an error answer as ApiError', () => {
  it.each<[string, Response, { status: number; key: string; fields: unknown[] }]>([
    [
      'JSON key and fields',
      Response.json(
        { key: 'validationError', fields: [{ path: 'email', key: 'invalidEmail' }] },
        { status: 400 },
      ),
      { status: 400, key: 'validationError', fields: [{ path: 'email', key: 'invalidEmail' }] },
    ],
    [
      'JSON key only',
      Response.json({ key: 'emailTaken' }, { status: 409 }),
      { status: 409, key: 'emailTaken', fields: [] },
    ],
    [
      'JSON 404 with its own key',
      Response.json({ key: 'organisationNotFound' }, { status: 404 }),
      { status: 404, key: 'organisationNotFound', fields: [] },
    ],
    [
      'a 404 page that is not JSON',
      new Response('<h1>Not found</h1>', { status: 404 }),
      { status: 404, key: 'notFound', fields: [] },
    ],
    [
      'a 502 from a proxy',
      new Response('Bad Gateway', { status: 502 }),
      { status: 502, key: 'internalError', fields: [] },
    ],
    ['an empty body', new Response(null, { status: 500 }), { status: 500, key: 'internalError', fields: [] }],
    [
      'a key that is not a string',
      Response.json({ key: 42 }, { status: 400 }),
      { status: 400, key: 'internalError', fields: [] },
    ],
    [
      'fields that are not a list',
      Response.json({ key: 'validationError', fields: 'email' }, { status: 400 }),
      { status: 400, key: 'validationError', fields: [] },
    ],
    [
      'JSON that is not an object',
      Response.json(null, { status: 403 }),
      { status: 403, key: 'internalError', fields: [] },
    ],
  ])('%s', async (_label, response, expected) => {
    const error = await toApiError(response);
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, key: error.key, fields: error.fields }).toEqual(expected);
    expect(error.isNetworkFailure).toBe(false);
  });

  it('keeps the status text as the message', async () => {
    const error = await toApiError(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    expect(error.message).toBe('Service Unavailable');
  });
});

describe('apiJson and apiNumber without a token', () => {
  function answer(response: Response | Error) {
    const fetch = vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('sends JSON and parses the JSON answer', async () => {
    const fetch = answer(Response.json({ id: 3 }, { status: 201 }));
    await expect(
      apiJson('/api/things', { method: 'POST', body: { name: 'x' }, auth: false }),
    ).resolves.toEqual({
      id: 3,
    });
    expect(fetch).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
      signal: undefined,
    });
  });

  it('sends no body, no Content-Type and no Authorization for a public GET', async () => {
    const fetch = answer(new Response(null, { status: 204 }));
    await expect(apiJson('/api/public', { auth: false })).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/public', {
      method: 'GET',
      headers: { Accept: 'application/json' },
      body: undefined,
      signal: undefined,
    });
  });

  it('throws the ApiError of a non-2xx answer', async () => {
    answer(Response.json({ key: 'tooManyRequests' }, { status: 429 }));
    await expect(apiJson('/api/x', { auth: false })).rejects.toMatchObject({
      status: 429,
      key: 'tooManyRequests',
    });
  });

  it('turns a failed fetch into a network failure', async () => {
    answer(new TypeError('Failed to fetch'));
    const error = await apiJson('/api/x', { auth: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, key: NETWORK_FAILURE, isNetworkFailure: true });
  });

  it('passes an abort on unchanged', async () => {
    answer(new DOMException('The operation was aborted.', 'AbortError'));
    const error = await apiJson('/api/x', { auth: false }).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['a whole number', '12', 12],
    ['a decimal with whitespace', ' 45.1\n', 45.1],
    ['zero', '0', 0],
  ])('apiNumber reads %s', async (_label, body, expected) => {
    answer(new Response(body));
    await expect(apiNumber('/api/credits', { auth: false })).resolves.toBe(expected);
  });

  it('apiNumber refuses an answer that is not a number', async () => {
    answer(new Response('lots'));
    await expect(apiNumber('/api/credits', { auth: false })).rejects.toMatchObject({ key: 'invalidValue' });
  });

  it('a call that needs a token fails with 401 when nobody is signed in, without calling the API', async () => {
    const fetch = answer(Response.json({}));
    await expect(freshAccessToken()).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
    await expect(apiJson('/api/me')).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
