import { type ComponentType, lazy, useEffect, useState } from 'react';

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

let optionalLoads = 0;

/**
 * Loads a chunk that only enhances the page (a tooltip, a menu, the notification container). When it
 * fails (the server is unreachable) the page stays as it is: no reload as for a screen's chunk
 * (main.tsx asks isLoadingOptional), and a later attempt may succeed.
 */
export async function loadOptional<M>(load: () => Promise<M>): Promise<M> {
  optionalLoads += 1;
  try {
    return await load();
  } finally {
    optionalLoads -= 1;
  }
}

export function isLoadingOptional(): boolean {
  return optionalLoads > 0;
}

/** Modules loaded through useOptionalModule, by loader: later users render them at once. */
const loadedModules = new Map<() => Promise<unknown>, unknown>();

/**
 * The module `load` gives, once `requests` > 0 and it loaded (at once when it loaded before); null until then or when loading failed
 * (each further request tries again). `load` must be a stable (module-level) function.
 */
export function useOptionalModule<M>(load: () => Promise<M>, requests: number): M | null {
  const [module, setModule] = useState<M | null>(() => (loadedModules.get(load) as M | undefined) ?? null);
  useEffect(() => {
    if (requests === 0 || module) return;
    let live = true;
    loadOptional(load).then(
      (loaded) => {
        loadedModules.set(load, loaded);
        if (live) setModule(() => loaded);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load, requests, module]);
  return module;
}
