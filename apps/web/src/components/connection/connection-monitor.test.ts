import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionState,
  classifyPing,
  PING_INTERVAL_MS,
  PING_TIMEOUT_MS,
  pingOnce,
  STABLE_LIMIT_MS,
  showsNotice,
  startConnectionMonitor,
} from './connection-monitor';

afterEach(() => {
  vi.useRealTimers();
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

describe('the monitor on a (fake) clock (spec part 2 §4, §9)', () => {
  /**
   * A server answering each ping after `delays[i]` ms (the last delay repeats) with `status`, or not at
   * all when the client gives up (abort). Records when each ping started and how many ran at once.
   */
  function server(delays: number[], status = 200) {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const delay = delays[Math.min(started.length, delays.length - 1)] ?? 0;
          started.push(Date.now());
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          const timer = setTimeout(() => {
            running -= 1;
            resolve(new Response('pong', { status }));
          }, delay);
          init.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            running -= 1;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return { fetch, started, mostAtOnce: () => mostAtOnce };
  }

  function monitor() {
    const states: ConnectionState[] = [];
    const stop = startConnectionMonitor((state) => states.push(state));
    return { states, stop };
  }

  it('pings every 3 s, the first at start-up', () => {
    expect(PING_INTERVAL_MS).toBe(3000);
  });

  it('a successful ping that takes 3 s is UNSTABLE, not DISCONNECTED', async () => {
    server([3000]);
    const state = pingOnce();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(state).resolves.toBe('UNSTABLE');
  });

  it('a successful ping that takes 15 s is still UNSTABLE', async () => {
    server([15_000]);
    const { states, stop } = monitor();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['UNSTABLE']);
    stop();
  });

  it('a quick answer is CONNECTED, a failed one DISCONNECTED', async () => {
    server([120]);
    const quick = pingOnce();
    await vi.advanceTimersByTimeAsync(120);
    await expect(quick).resolves.toBe('CONNECTED');
    vi.unstubAllGlobals();
    server([10], 503);
    const failed = pingOnce();
    await vi.advanceTimersByTimeAsync(10);
    await expect(failed).resolves.toBe('DISCONNECTED');
  });

  it(`no answer within ${PING_TIMEOUT_MS / 1000} s is DISCONNECTED`, async () => {
    expect(PING_TIMEOUT_MS).toBeGreaterThanOrEqual(20_000);
    server([60_000]);
    const { states, stop } = monitor();
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT_MS - 1);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['DISCONNECTED']);
    stop();
  });

  it('starts a ping at 0, 3, 6 and 9 s: every 3 s, however long the answers take', async () => {
    const { started } = server([10, 800, 2900, 10]);
    const t0 = Date.now();
    const { states, stop } = monitor();
    await vi.advanceTimersByTimeAsync(9000);
    expect(started.map((at) => at - t0)).toEqual([0, 3000, 6000, 9000]);
    expect(states).toEqual(['CONNECTED', 'UNSTABLE', 'UNSTABLE']);
    stop();
  });

  it('never starts a second ping while one is in flight: a 7 s answer skips the 3 s and 6 s slots', async () => {
    const { started, mostAtOnce } = server([7000, 10]);
    const t0 = Date.now();
    const { states, stop } = monitor();
    await vi.advanceTimersByTimeAsync(12_100);
    expect(started.map((at) => at - t0)).toEqual([0, 9000, 12_000]);
    expect(mostAtOnce()).toBe(1);
    expect(states).toEqual(['UNSTABLE', 'CONNECTED', 'CONNECTED']);
    stop();
  });

  it('stops pinging when stopped, and drops the answer of a ping still in flight', async () => {
    const { fetch } = server([1000]);
    const { states, stop } = monitor();
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(states).toEqual([]);
  });
});

describe('the notice bar (spec part 2 §4)', () => {
  it.each<[ConnectionState, ConnectionState, boolean]>([
    ['CONNECTED', 'DISCONNECTED', true],
    ['UNSTABLE', 'DISCONNECTED', true],
    ['DISCONNECTED', 'CONNECTED', true],
    ['DISCONNECTED', 'UNSTABLE', true],
    ['CONNECTED', 'UNSTABLE', false],
    ['UNSTABLE', 'CONNECTED', false],
    ['DISCONNECTED', 'DISCONNECTED', false],
  ])('%s → %s: notice %s', (before, next, shown) => {
    expect(showsNotice(before, next)).toBe(shown);
  });
});
