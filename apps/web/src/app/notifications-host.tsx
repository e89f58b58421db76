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
  // At the bottom: the save bar and the header's buttons are at the top, and a notice must never cover
  // the buttons a user reaches for next (issue 21).
  return chunk ? <chunk.Notifications position="bottom-center" zIndex={4000} /> : null;
}
