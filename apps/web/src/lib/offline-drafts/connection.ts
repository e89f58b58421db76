/**
 * The browser's own idea of the connection (`navigator.onLine` and its `online` event). It only knows
 * "certainly offline"; "online" may still fail, which the queue treats as a network failure.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `listener` whenever the browser reports the connection back. */
export function onConnectionBack(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}
