import { useSyncExternalStore } from 'react';
import { type Session, type SessionStage, sessionStage, sessionStore } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function useSessionStage(): SessionStage {
  return sessionStage(useSession());
}
