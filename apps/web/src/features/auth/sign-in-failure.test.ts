import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canGoBack, rememberSignInFailure, takeSignInFailure } from './sign-in-failure';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the failure of an external sign-in travels back to the sign-in form (spec part 1 §2)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is shown once where the user lands', () => {
    rememberSignInFailure('messages.oauthFailed', 1000);
    expect(takeSignInFailure(2000)).toBe('messages.oauthFailed');
    expect(takeSignInFailure(2000)).toBeNull();
  });

  it('is forgotten after a minute', () => {
    rememberSignInFailure('messages.oauthFailed', 1000);
    expect(takeSignInFailure(61_000)).toBeNull();
    expect(sessionStorage.getItem('sign-in-failure')).toBeNull();
  });

  it('ignores what it did not write, and works without storage', () => {
    sessionStorage.setItem('sign-in-failure', 'not json');
    expect(takeSignInFailure()).toBeNull();
    sessionStorage.setItem('sign-in-failure', JSON.stringify({ key: 5, at: Date.now() }));
    expect(takeSignInFailure()).toBeNull();
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => rememberSignInFailure('messages.oauthFailed')).not.toThrow();
    expect(takeSignInFailure()).toBeNull();
  });

  it('goes back only when the tab has a page before the callback and came from one', () => {
    vi.stubGlobal('window', { history: { length: 3 } });
    vi.stubGlobal('document', { referrer: 'https://id.example.com/' });
    expect(canGoBack()).toBe(true);
    vi.stubGlobal('window', { history: { length: 1 } });
    expect(canGoBack()).toBe(false);
    vi.stubGlobal('window', { history: { length: 2 } });
    vi.stubGlobal('document', { referrer: '' });
    expect(canGoBack()).toBe(false);
  });
});
