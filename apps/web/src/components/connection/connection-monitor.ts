import { FIRST_PAGE_ROUTES } from '@groeipad/core';

export type ConnectionState = 'CONNECTED' | 'UNSTABLE' | 'DISCONNECTED';

/** Health ping every 3 s; under 500 ms counts as stable (spec part 2 §4, §9). */
export const PING_INTERVAL_MS = 3000;
export const STABLE_LIMIT_MS = 500;
export const NOTICE_DURATION_MS = 6000;
/**
 * A ping is given up (DISCONNECTED) only after this long: a slow answer is an unstable connection, not
 * a lost one. Meanwhile no other ping starts.
 */
export const PING_TIMEOUT_MS = 20_000;

/** The state a ping shows: an OK answer under 500 ms is stable, a slower one unstable. */
export function classifyPing(ok: boolean, elapsedMs: number): ConnectionState {
  if (!ok) return 'DISCONNECTED';
  return elapsedMs < STABLE_LIMIT_MS ? 'CONNECTED' : 'UNSTABLE';
}

/** One health ping: its answer and how long it took, classified; no answer within `timeoutMs` is a failure. */
export async function pingOnce(timeoutMs = PING_TIMEOUT_MS): Promise<ConnectionState> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  try {
    // A plain fetch (no bearer, no refresh, no zod on the first page): the contract's route, healthEndpoints.ping.
    const response = await fetch(FIRST_PAGE_ROUTES.ping.path, {
      cache: 'no-store',
      signal: controller.signal,
    });
    await response.text();
    return classifyPing(response.ok, performance.now() - started);
  } catch {
    return 'DISCONNECTED';
  } finally {
    clearTimeout(timeout);
  }
}

/** Whether a change of state shows the notice bar: to or from DISCONNECTED (spec part 2 §4). */
export function showsNotice(before: ConnectionState, next: ConnectionState): boolean {
  return before !== next && (before === 'DISCONNECTED' || next === 'DISCONNECTED');
}

/**
 * Pings at start-up and then every 3 s (fixed start times, not 3 s after the previous answer). While a
 * ping is still in flight no other one starts: that slot is skipped. Reports each ping's state; returns
 * the function that stops it.
 */
export function startConnectionMonitor(onState: (state: ConnectionState) => void): () => void {
  let stopped = false;
  let inFlight = false;
  const tick = async () => {
    if (inFlight || stopped) return;
    inFlight = true;
    const state = await pingOnce();
    inFlight = false;
    if (!stopped) onState(state);
  };
  void tick();
  const timer = setInterval(() => void tick(), PING_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
