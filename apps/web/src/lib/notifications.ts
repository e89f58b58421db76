import type { NotificationData } from '@mantine/notifications';
import { loadOptional } from './lazy-page';

// Notices (saved, failed) load Mantine's notification code only when the first one is shown or a
// page of the signed-in frame opens, so the sign-in page does not download it.
// app/notifications-host.tsx mounts the container once it is wanted. Pages of the frame may call
// `notifications.show` from '@mantine/notifications' directly (the frame asks for the container);
// anything outside the frame uses `showNotification`. The connection notice does not depend on this
// code: it must show when the server, and so the code, is out of reach (components/connection/).

type Listener = () => void;
let requests = 0;
const listeners = new Set<Listener>();

export const loadNotifications = () => import('./notifications-chunk');

export const notificationsHost = {
  /** How often the container was asked for (0: not yet); each ask retries a failed load. */
  requests: (): number => requests,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Mounts the notification container from now on (loading its code). */
export function wantNotifications(): void {
  requests += 1;
  for (const listener of listeners) listener();
}

/** Shows a notice; nothing when its code cannot be loaded. */
export async function showNotification(data: NotificationData): Promise<void> {
  wantNotifications();
  try {
    (await loadOptional(loadNotifications)).notifications.show(data);
  } catch {
    // The server is out of reach: the notice is lost, the page stays.
  }
}
