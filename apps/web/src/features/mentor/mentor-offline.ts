import { mentorEndpoints } from '@groeipad/core';
import { MENTOR_WORKER } from '../../lib/service-worker';

/**
 * The mentor's page offline (issue 31, D54): its own background worker (`public/mentor-sw.js`, scope
 * `/mentor`) keeps the page, the app's files and the mentor's assessment, so the page opens without a
 * connection once it was opened with one. These names are the worker's too.
 */
const DATA_CACHE = 'groeipad-mentor-data';
const ASSESSMENT_PATH = mentorEndpoints.assessment.path;

function cachesAvailable(): boolean {
  return typeof caches !== 'undefined';
}

/** The same-origin files this page loaded (scripts, styles, locales): what an offline visit needs again. */
function loadedFiles(): string[] {
  const files = new Set<string>(['/mentor', '/locales/nl.json', '/locales/en.json']);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && /^\/(assets|locales)\//.test(url.pathname))
      files.add(url.pathname);
  }
  return [...files];
}

/** The build this page runs (its entry script's path): the worker drops an older build's files. */
function currentBuild(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? new URL(entry.src).pathname : '';
}

/**
 * Registers the mentor page's worker (production builds only: the dev server's modules are no files to
 * keep) and gives it the files this page loaded. Fails quietly: without a worker the page works online.
 */
export async function registerMentorWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(MENTOR_WORKER.script, { scope: MENTOR_WORKER.scope });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'keep', urls: loadedFiles(), build: currentBuild() });
  } catch {
    // Not allowed here (a private window, an in-app browser without workers): online only.
  }
}

/**
 * Keeps the assessment as the server answered it, for an offline visit (the worker answers with it when the
 * network fails). Written by the page too, since the first answer came before the worker was there.
 */
export async function keepAssessment(data: unknown, version: number): Promise<void> {
  if (!cachesAvailable()) return;
  try {
    const cache = await caches.open(DATA_CACHE);
    await cache.put(
      ASSESSMENT_PATH,
      new Response(JSON.stringify(data), {
        headers: { 'content-type': 'application/json', etag: `"${version}"` },
      }),
    );
  } catch {
    // Storage full or unavailable: online only.
  }
}

/** Forgets the kept assessment: the session ended, or a new one starts (never another session's data). */
export async function forgetAssessment(): Promise<void> {
  if (!cachesAvailable()) return;
  try {
    await caches.delete(DATA_CACHE);
  } catch {
    // Unavailable: nothing kept.
  }
}
