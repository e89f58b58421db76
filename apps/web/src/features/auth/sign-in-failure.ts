// A failed external sign-in goes back to where the user came from (spec part 1 §2), usually the
// sign-in page; router state does not survive that, so the error's text key travels in session
// storage and the sign-in form shows it once (takeSignInFailure). It is ignored when older than a
// minute, so a failure never surfaces long after on an unrelated visit.

const STORAGE_KEY = 'sign-in-failure';
const FRESH_MS = 60_000;

export function rememberSignInFailure(messageKey: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key: messageKey, at: now }));
  } catch {
    // Without storage the user lands on the page without the message.
  }
}

/** The remembered failure's text key, once: it is removed when read. */
export function takeSignInFailure(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(STORAGE_KEY);
    const value = JSON.parse(raw) as { key?: unknown; at?: unknown };
    if (typeof value.key !== 'string' || typeof value.at !== 'number') return null;
    return now - value.at >= 0 && now - value.at < FRESH_MS ? value.key : null;
  } catch {
    return null;
  }
}

/**
 * Whether there is a page to go back to: the tab has an entry before this one and the browser came
 * from somewhere (the provider, or this app). Opened directly (typed, bookmarked, a new tab) there is
 * no referrer, and going back would leave the app or do nothing.
 */
export function canGoBack(): boolean {
  return typeof window !== 'undefined' && window.history.length > 1 && document.referrer !== '';
}
