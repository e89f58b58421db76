import type { NotificationEntry } from '@groeipad/core';
import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { valueLabel } from '../../../lib/value-label';
import { useMarkRead, useNotificationPage } from '../api/use-notifications';
import {
  actionLabelKey,
  actorName,
  formatNotificationTime,
  notificationHref,
  targetLabelKey,
} from './notification-labels';

const PAGE_SIZE = 16;

/** The list in the bell's popover: pages of 16, the unread filter, mark all read; a click marks one read (spec §4). */
export function NotificationList({
  organisationId,
  unread,
  onNavigate,
}: {
  organisationId: number | null;
  unread: number;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationPage(organisationId, page, unreadOnly, true);
  const mark = useMarkRead();
  const pages = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);

  return (
    <Stack gap={0} data-testid="notification-list">
      <Group justify="space-between" px="md" pt="sm" pb="xs" wrap="nowrap">
        <Text fw={700} component="h2" size="md" m={0}>
          {t('notifications.title')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0 || mark.isPending}
          onClick={() => mark.mutate('all')}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <Box px="md" pb="xs">
        <Switch
          size="sm"
          label={t('notifications.unreadOnly')}
          checked={unreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.currentTarget.checked);
            setPage(0);
          }}
        />
      </Box>
      <ScrollArea.Autosize mah="min(60vh, 480px)" type="auto">
        {list.isPending ? (
          <Center p="lg">
            {/* A span may carry a name only with a role (axe aria-prohibited-attr). */}
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          </Center>
        ) : list.isError ? (
          <Text c="red.8" size="sm" px="md" py="sm" role="alert">
            {t('notifications.loadError')}
          </Text>
        ) : list.data.notifications.length === 0 ? (
          <Text c="dimmed" size="sm" px="md" py="md">
            {t('noElementsFound')}
          </Text>
        ) : (
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {list.data.notifications.map((entry) => (
              <Row
                key={entry.id}
                entry={entry}
                onOpen={() => {
                  if (!entry.read) mark.mutate(entry.id);
                  onNavigate();
                }}
                onMark={() => mark.mutate(entry.id)}
              />
            ))}
          </Box>
        )}
      </ScrollArea.Autosize>
      {pages > 1 ? (
        <Group justify="center" p="xs">
          <Pagination
            size="sm"
            total={pages}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
            getControlProps={(control) => ({
              'aria-label': t(control === 'previous' ? 'notifications.previous' : 'notifications.next'),
            })}
            getItemProps={(value) => ({ 'aria-label': t('notifications.page', { page: value }) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function Row({
  entry,
  onOpen,
  onMark,
}: {
  entry: NotificationEntry;
  onOpen: () => void;
  onMark: () => void;
}) {
  const { t } = useTranslation();
  const target = targetLabelKey(entry.target);
  const action = actionLabelKey(entry.action);
  // A target or action this version does not know shows "Onbekend (x)" (spec part 2 §9).
  const what = `${valueLabel(t, target, entry.target)} · ${valueLabel(t, action, entry.action)}`;
  const who = actorName(entry.actor) ?? t('notifications.unknownUser');
  const href = notificationHref(entry);
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        mt={6}
        w={8}
        h={8}
        style={{
          flex: 'none',
          borderRadius: '50%',
          background: entry.read ? 'transparent' : 'var(--mantine-primary-color-filled)',
        }}
        aria-hidden
      />
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={entry.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
          {entry.trajectory.name}
          {entry.read ? null : <VisuallyHidden> ({t('notifications.unread')})</VisuallyHidden>}
        </Text>
        <Text size="sm">{what}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {who} · {formatNotificationTime(entry.created)}
        </Text>
      </Box>
    </Group>
  );
  const style = { display: 'block', width: '100%', borderTop: '1px solid var(--mantine-color-gray-2)' };
  return (
    <li data-testid="notification-row" data-read={entry.read}>
      {href ? (
        <UnstyledButton component={Link} to={href} onClick={onOpen} px="md" py="xs" style={style}>
          {content}
        </UnstyledButton>
      ) : (
        <UnstyledButton onClick={entry.read ? undefined : onMark} px="md" py="xs" style={style}>
          {content}
        </UnstyledButton>
      )}
    </li>
  );
}
