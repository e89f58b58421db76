import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useSessionStage } from '../../../lib/use-session';
import { useNotificationCount } from '../api/use-notifications';
import { useLiveNotifications } from '../live/use-live-notifications';
import { NotificationList } from './notification-list';

/**
 * The bell in the top bar (spec part 2 §2): the unread count, kept current by the server's event stream
 * (polled while that is down), and the list in a popover. Part of the frame's chunk, never the sign-in page's.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const session = useSession();
  const ready = useSessionStage() === 'ready';
  const organisationId = session?.claims.organisation_id ?? null;
  const enabled = ready && organisationId !== null;
  const live = useLiveNotifications(organisationId, enabled);
  const count = useNotificationCount(organisationId, { enabled, poll: !live });
  const [opened, setOpened] = useState(false);
  if (!enabled) return null;
  const unread = count.data?.unread ?? 0;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Indicator
        label={unread > 99 ? '99+' : String(unread)}
        disabled={unread === 0}
        size={18}
        offset={7}
        color="red.8"
        data-testid="notification-count"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={
              unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')
            }
            onClick={() => setOpened((open) => !open)}
            data-testid="notification-bell"
            data-unread={unread}
            data-live={live}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)" aria-label={t('notifications.title')}>
        {opened ? (
          <NotificationList
            organisationId={organisationId}
            unread={unread}
            onNavigate={() => setOpened(false)}
          />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
