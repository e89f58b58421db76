// Without zod (readTokens): the store is part of every page, the sign-in page included.
import {
  type AccessClaims,
  isEulaSigned,
  isFullyAuthenticated,
  readTokens,
  type Tokens,
} from '@groeipad/core';
import { decodeClaims, nowSeconds } from './jwt';

const STORAGE_KEY = 'tokens';

export interface Session {
  tokens: Tokens;
  claims: AccessClaims;
}

type Listener = () => void;

function readStored(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const tokens = readTokens(JSON.parse(raw));
    if (!tokens) return null;
    const claims = decodeClaims(tokens.accessToken);
    return claims ? { tokens, claims } : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStored();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get(): Session | null {
    return current;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores new tokens (a refresh token rotates, so the whole pair is always replaced). */
  set(tokens: Tokens): Session {
    const claims = decodeClaims(tokens.accessToken);
    if (!claims) throw new Error('Invalid access token');
    localStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
    current = { tokens, claims };
    emit();
    return current;
  },
  /** Re-reads the stored tokens (another tab may have rotated them) and returns the current session. */
  reload(): Session | null {
    const stored = readStored();
    if (stored?.tokens.refreshToken !== current?.tokens.refreshToken) {
      current = stored;
      emit();
    }
    return current;
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEY);
    current = null;
    emit();
  },
};

// Another tab signing in or out changes the same storage.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = readStored();
    emit();
  });
}

export type SessionStage = 'anonymous' | 'expired' | 'eula' | 'organisation' | 'ready';

/** Where a session stands on the way to being fully authenticated (spec part 1 §4). */
export function sessionStage(session: Session | null): SessionStage {
  if (!session) return 'anonymous';
  if (isFullyAuthenticated(session.claims, nowSeconds())) return 'ready';
  if (session.claims.exp <= nowSeconds()) return 'expired';
  if (!isEulaSigned(session.claims)) return 'eula';
  return 'organisation';
}
