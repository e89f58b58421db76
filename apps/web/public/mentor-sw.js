// @ts-check
/// <reference lib="webworker" />
/**
 * The workplace mentor's page offline (issue 31, D54): Groeipad's one background worker, registered by the
 * mentor page only, with the scope `/mentor` (apps/web/src/features/mentor/mentor-offline.ts). The main app
 * unregisters every other worker at start-up (spec part 2 §9, apps/web/src/lib/service-worker.ts) and is never
 * served by this one: it answers only for pages under /mentor and the requests those pages make.
 *
 * What it keeps (Cache Storage, this browser only):
 * - the page: a navigation under /mentor goes to the network first; offline, the copy of its last answer;
 * - the app's files: hashed /assets/* files from the cache when there (they never change), else the network,
 *   kept; the locale files network first, the kept copy offline;
 * - the mentor's data: GET /api/v2/mentor/assessment network first (each answer kept), offline the kept
 *   answer. The page writes that copy too (before this worker controlled it) and deletes it when the session
 *   ends, so another session on this device never reads it.
 * Nothing else is touched: every other request (saves, photos, sign-in) goes to the network as it is.
 */
const SHELL = 'groeipad-mentor-shell';
const DATA = 'groeipad-mentor-data';
const PAGE = '/mentor';
const ASSESSMENT = '/api/v2/mentor/assessment';

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      try {
        await cache.add(PAGE);
      } catch {
        // Offline while installing: the page is kept on its next visit.
      }
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

/** @param {Request} request @param {string} [key] the cache key (the request itself by default) */
async function networkFirst(cacheName, request, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key ?? request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key ?? request, { ignoreVary: true, ignoreSearch: key === undefined });
    if (kept) return kept;
    throw error;
  }
}

/** @param {Request} request */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    // Only the mentor's page: the scope also matches e.g. /mentors, which is not ours.
    if (url.pathname === PAGE || url.pathname === `${PAGE}/`)
      event.respondWith(networkFirst(SHELL, request, PAGE));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (url.pathname.startsWith('/locales/')) event.respondWith(networkFirst(SHELL, request));
  else if (url.pathname === ASSESSMENT) event.respondWith(networkFirst(DATA, request, ASSESSMENT));
});

/**
 * From the page: `{ type: 'keep', urls, build }` the files it loaded (kept now, so the next visit works
 * offline even though this worker did not see the first one) and its build (the entry script's path). When
 * the build changed since the last message, the hashed files of the older build are dropped (those of this
 * one that are not in `urls` are kept again when loaded).
 */
worker.addEventListener('message', (event) => {
  const message = event.data;
  if (!message || message.type !== 'keep' || !Array.isArray(message.urls)) return;
  /** @type {string[]} */
  const urls = message.urls.filter(
    (/** @type {unknown} */ url) =>
      typeof url === 'string' && (url.startsWith('/assets/') || url.startsWith('/locales/') || url === PAGE),
  );
  const build = typeof message.build === 'string' ? message.build : '';
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const buildKey = `${PAGE}?build`;
      const previous = await (await cache.match(buildKey))?.text();
      if (build && previous !== undefined && previous !== build) {
        const wanted = new Set(urls);
        for (const request of await cache.keys()) {
          const path = new URL(request.url).pathname;
          if (path.startsWith('/assets/') && !wanted.has(path)) await cache.delete(request);
        }
      }
      if (build) await cache.put(buildKey, new Response(build));
      await Promise.all(
        urls.map(async (url) => {
          if (await cache.match(url)) return;
          try {
            const response = await fetch(url);
            if (response.ok) await cache.put(url, response);
          } catch {
            // Offline: kept another time.
          }
        }),
      );
    })(),
  );
});
