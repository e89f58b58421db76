import { authEndpoints, healthEndpoints } from '@groeipad/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callData, callUrl } from './endpoint-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('calls through the contracts', () => {
  it('a call the contract leaves open sends no token, even without a session', async () => {
    const fetch = answer(Response.json({ ok: true }));
    await expect(callData(authEndpoints.activate, { body: { code: 'abc' } })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/auth/activate', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"code":"abc"}',
      signal: undefined,
    });
  });

  it('reads a text/plain answer as text and holds it to the contract', async () => {
    answer(new Response('pong', { headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    await expect(callData(healthEndpoints.ping)).resolves.toBe('pong');
    answer(new Response('ping', { headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    await expect(callData(healthEndpoints.ping)).rejects.toMatchObject({ key: 'invalidValue' });
  });

  it('fills path parameters (encoded) and the query from the contract', () => {
    expect(callUrl(authEndpoints.logout, { params: { refreshToken: 'a/b c' } })).toBe(
      '/api/auth/logout/a%2Fb%20c',
    );
    expect(
      callUrl(authEndpoints.oauthCode, {
        params: { provider: 'school' },
        query: { code: 'x', state: undefined },
      }),
    ).toBe('/api/oauth2/school/code?code=x');
  });
});
