import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { notifySuccess } from './notify';

const t = ((key: string) => key) as unknown as TFunction;
const shown = () => notificationsStore.getState().notifications.map((notification) => notification.message);

describe('notifySuccess', () => {
  afterEach(() => cleanNotifications());

  it('shows one notice per message: the same message again replaces it, another stacks', () => {
    notifySuccess(t, 'Het rapport is opgeslagen.');
    notifySuccess(t, 'Het rapport is opgeslagen.');
    expect(shown()).toEqual(['Het rapport is opgeslagen.']);
    notifySuccess(t, 'De wijzigingen zijn opgeslagen.');
    expect(shown()).toEqual(['Het rapport is opgeslagen.', 'De wijzigingen zijn opgeslagen.']);
  });
});
