/**
 * The mentor page's own background worker (issue 31, D54): `public/mentor-sw.js`, scoped to `/mentor`.
 * It keeps the mentor's page and data for offline use and serves nothing of the main app.
 */
export const MENTOR_WORKER = { script: '/mentor-sw.js', scope: '/mentor' } as const;

/** Whether a registration is the mentor page's worker (its scope and script are ours). */
export function isMentorWorker(scope: string, scriptUrl: string | undefined, origin: string): boolean {
  return (
    scope === `${origin}${MENTOR_WORKER.scope}` &&
    scriptUrl !== undefined &&
    new URL(scriptUrl).pathname === MENTOR_WORKER.script &&
    new URL(scriptUrl).origin === origin
  );
}

/**
 * Unregisters any background worker an earlier version of the app registered (spec part 2 §9), except the
 * mentor page's own (D54: ours, scoped to `/mentor`, so no other page is ever served by it).
 */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(
      registrations
        .filter((registration) => {
          const worker = registration.active ?? registration.waiting ?? registration.installing;
          return !isMentorWorker(registration.scope, worker?.scriptURL, window.location.origin);
        })
        .map((registration) => registration.unregister()),
    );
  } catch {
    // Not allowed in this context: nothing to clean up.
  }
}
