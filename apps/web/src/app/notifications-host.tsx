import { useSyncExternalStore } from 'react';
import { useOptionalModule } from '../lib/lazy-page';
import { loadNotifications, notificationsHost } from '../lib/notifications';

/** The notification container, mounted (and its code loaded) once a notice is wanted. */
export function NotificationsHost() {
  const requests = useSyncExternalStore(
    notificationsHost.subscribe,
    notificationsHost.requests,
    notificationsHost.requests,
  );
  const chunk = useOptionalModule(loadNotifications, requests);
  return chunk ? <chunk.Notifications position="top-center" zIndex={4000} /> : null;
}
