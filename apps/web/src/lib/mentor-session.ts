/**
 * A mentor's session token (issue 23): kept in this browser's local storage so the phone that confirmed the
 * code stays signed in while the link lives (the server ends the session when the link is revoked or
 * expires, then the page forgets it). Sent only to the mentor's own routes (`secured: 'mentor'`).
 */
const KEY = 'groeipad.mentor-session';

export const mentorSession = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Storage unavailable: nothing kept.
    }
  },
};
