import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import {
  type ConnectionState,
  NOTICE_DURATION_MS,
  showsNotice,
  startConnectionMonitor,
} from './connection-monitor';
import { ConnectionNotice, type Notice } from './connection-notice';

const ConnectionContext = createContext<ConnectionState>('CONNECTED');

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionContext);
}

/**
 * Pings the server every 3 s (connection-monitor.ts) and shows a notice for 6 s when the connection is
 * lost or comes back.
 */
export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConnectionState>('CONNECTED');
  const [notice, setNotice] = useState<Notice | null>(null);
  const previous = useRef<ConnectionState>('CONNECTED');

  useEffect(() => {
    let noticeCount = 0;
    return startConnectionMonitor((next) => {
      const before = previous.current;
      previous.current = next;
      setState(next);
      if (!showsNotice(before, next)) return;
      noticeCount += 1;
      setNotice({ id: noticeCount, lost: next === 'DISCONNECTED' });
    });
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <ConnectionContext.Provider value={state}>
      {children}
      <ConnectionNotice notice={notice} onClose={() => setNotice(null)} />
    </ConnectionContext.Provider>
  );
}
