import { notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConnectionState, NOTICE_DURATION_MS, PING_INTERVAL_MS, pingOnce } from './connection-monitor';

const ConnectionContext = createContext<ConnectionState>('CONNECTED');

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionContext);
}

/** Pings the server every 3 s and shows a notice when the connection is lost or comes back. */
export function ConnectionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConnectionState>('CONNECTED');
  const previous = useRef<ConnectionState>('CONNECTED');
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    let stopped = false;
    let noticeCount = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const next = await pingOnce();
      if (stopped) return;
      const before = previous.current;
      previous.current = next;
      setState(next);
      if (before !== next && (before === 'DISCONNECTED' || next === 'DISCONNECTED')) {
        const lost = next === 'DISCONNECTED';
        notifications.hide(`connection-${noticeCount}`);
        noticeCount += 1;
        notifications.show({
          id: `connection-${noticeCount}`,
          color: lost ? 'red' : 'green',
          title: tRef.current(lost ? 'connection.lostTitle' : 'connection.restoredTitle'),
          message: tRef.current(lost ? 'connection.lostMessage' : 'connection.restoredMessage'),
          autoClose: NOTICE_DURATION_MS,
          position: 'top-center',
          withBorder: true,
          closeButtonProps: { 'aria-label': tRef.current('common.close') },
        });
      }
      timer = setTimeout(tick, PING_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return <ConnectionContext.Provider value={state}>{children}</ConnectionContext.Provider>;
}
