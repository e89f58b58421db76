export type ConnectionState = 'CONNECTED' | 'UNSTABLE' | 'DISCONNECTED';

/** Health ping every 3 s; under 500 ms counts as stable (spec part 2 §9). */
export const PING_INTERVAL_MS = 3000;
export const STABLE_LIMIT_MS = 500;
export const NOTICE_DURATION_MS = 6000;
const PING_TIMEOUT_MS = 2500;

/** The state a ping shows: an OK answer under 500 ms is stable, a slower one unstable. */
export function classifyPing(ok: boolean, elapsedMs: number): ConnectionState {
  if (!ok) return 'DISCONNECTED';
  return elapsedMs < STABLE_LIMIT_MS ? 'CONNECTED' : 'UNSTABLE';
}

export async function pingOnce(): Promise<ConnectionState> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), PING_TIMEOUT_MS);
  const started = performance.now();
  try {
    const response = await fetch('/actuator/health/ping', { cache: 'no-store', signal: controller.signal });
    await response.text();
    return classifyPing(response.ok, performance.now() - started);
  } catch {
    return 'DISCONNECTED';
  } finally {
    clearTimeout(timeout);
  }
}
