import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorText } from './api-error';

/**
 * A green notification, e.g. saveDocumentSuccess. The same message again (two saves in a row) replaces the
 * one still on screen, with its time restarted, instead of stacking a copy under it.
 */
export function notifySuccess(t: TFunction, message: string): void {
  const id = `success:${message}`;
  notifications.hide(id);
  notifications.show({ id, color: 'green', message, closeButtonProps: { 'aria-label': t('common.close') } });
}

/** A red notification titled with what failed (e.g. addObjectError), saying why. */
export function notifyFailure(t: TFunction, title: string, message: string): void {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: 8000,
    closeButtonProps: { 'aria-label': t('common.close') },
    // Mantine greys the text under a title (gray.6, 3.3:1); gray.8 meets WCAG AA.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}

/**
 * notifyFailure for a failed API call: the server's reason, internetDisconnectedError when the
 * connection is gone, or a general failure.
 */
export function notifyApiFailure(t: TFunction, title: string, error: unknown): void {
  notifyFailure(t, title, errorText(t, error));
}
