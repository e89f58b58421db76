/** Unregisters any background worker an earlier version of the app registered (spec part 2 §9). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Not allowed in this context: nothing to clean up.
  }
}
