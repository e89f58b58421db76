// Loaded on demand (lib/notifications.ts): Mantine's notification container, its store and styles.
import '@mantine/notifications/styles.css';

export { Notifications, notifications } from '@mantine/notifications';
