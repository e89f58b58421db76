import { type ComponentType, lazy } from 'react';

const RELOAD_KEY = 'chunk-reload-at';
/** A second failure within this window is shown as an error instead of reloading again. */
const RELOAD_WINDOW_MS = 30_000;

/** Reloads the page once after a failed chunk load (a new deployment replaced the old chunks). */
export function reloadOnceForChunkError(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** React.lazy for a named export, reloading the page once when the chunk cannot be loaded. */
// biome-ignore lint/suspicious/noExplicitAny: component props vary per page
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy<M[K]>(async () => {
    try {
      const module = await load();
      return { default: module[name] };
    } catch (error) {
      if (reloadOnceForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
