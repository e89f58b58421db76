import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionState, classifyPing, pingOnce, STABLE_LIMIT_MS } from './connection-monitor';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('classifyPing (spec part 2 §9)', () => {
  it('counts under 500 ms as stable', () => {
    expect(STABLE_LIMIT_MS).toBe(500);
  });

  it.each<[string, boolean, number, ConnectionState]>([
    ['an instant answer', true, 0, 'CONNECTED'],
    ['a quick answer', true, 120, 'CONNECTED'],
    ['just under 500 ms', true, 499.9, 'CONNECTED'],
    ['exactly 500 ms', true, 500, 'UNSTABLE'],
    ['a slow answer', true, 1800, 'UNSTABLE'],
    ['a quick error answer', false, 20, 'DISCONNECTED'],
    ['a slow error answer', false, 2000, 'DISCONNECTED'],
  ])('%s', (_label, ok, elapsedMs, expected) => {
    expect(classifyPing(ok, elapsedMs)).toBe(expected);
  });
});

describe('pingOnce', () => {
  /** Answers the ping with `response` (or fails with it) while the clock moves `elapsedMs`. */
  function ping(response: Response | Error, elapsedMs: number) {
    let clock = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const fetch = vi.fn(async () => {
      clock += elapsedMs;
      if (response instanceof Error) throw response;
      return response;
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it.each<[string, Response | Error, number, ConnectionState]>([
    ['200 in 80 ms', new Response('pong'), 80, 'CONNECTED'],
    ['200 in 700 ms', new Response('pong'), 700, 'UNSTABLE'],
    ['503 in 10 ms', new Response('down', { status: 503 }), 10, 'DISCONNECTED'],
    ['404 in 10 ms', new Response('', { status: 404 }), 10, 'DISCONNECTED'],
    ['no network', new TypeError('Failed to fetch'), 5, 'DISCONNECTED'],
    ['timed out', new DOMException('aborted', 'AbortError'), 2500, 'DISCONNECTED'],
  ])('%s: %s', async (_label, response, elapsedMs, expected) => {
    const fetch = ping(response, elapsedMs);
    await expect(pingOnce()).resolves.toBe(expected);
    expect(fetch).toHaveBeenCalledWith(
      '/actuator/health/ping',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });
});
