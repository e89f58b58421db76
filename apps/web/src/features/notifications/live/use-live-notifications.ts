import { type NotificationPage, notificationEndpoints, zNotificationStreamEvent } from '@groeipad/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { freshAccessToken } from '../../../lib/api-client';
import { notificationKeys } from '../api/use-notifications';
import { openEventStream } from './event-stream';

/**
 * Keeps the bell current without polling: the server's event stream sends the unread count whenever
 * it may have changed; the count is set at once and the open list refetched. Returns whether the stream
 * is live — while it is not (the server restarting, a proxy that cuts streams), the count is polled.
 */
export function useLiveNotifications(organisationId: number | null, enabled: boolean): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const stop = openEventStream({
      url: notificationEndpoints.stream.path,
      token: freshAccessToken,
      onLive: setLive,
      onEvent: (event) => {
        if (event.event !== 'unread') return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const message = zNotificationStreamEvent.safeParse(parsed);
        if (!message.success) return;
        const { unread } = message.data;
        client.setQueryData<NotificationPage>(notificationKeys.count(organisationId), (old) =>
          old ? { ...old, unread } : { unread, total: unread, notifications: [] },
        );
        void client.invalidateQueries({
          queryKey: [...notificationKeys.all, organisationId, 'page'],
        });
      },
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [client, organisationId, enabled]);
  return live;
}
