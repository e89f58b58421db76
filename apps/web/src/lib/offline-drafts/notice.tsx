import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../notify';
import type { FlushResult } from './queue';
import type { OfflineDrafts } from './use-offline-drafts';

/** The reason of a kept draft's last answer, in words. */
function reasonText(t: TFunction, key: string): string {
  return t(`messages.${key}`, { defaultValue: t('messages.internalError') });
}

/** "Kept on this device" right after a save that could not be sent (issue 23). */
export function notifyKeptOnDevice(t: TFunction): void {
  const id = 'offline-drafts:kept';
  notifications.hide(id);
  notifications.show({
    id,
    color: 'blue',
    message: t('offlineDrafts.kept'),
    closeButtonProps: { 'aria-label': t('common.close') },
  });
}

/** What a send did, once it saved something: sent, and whether it went onto a newer version. */
export function notifyDraftsSent(t: TFunction, result: FlushResult): void {
  if (result.sent === 0) return;
  notifySuccess(t, t('offlineDrafts.sent', { count: result.sent }));
  if (result.rebased || result.missing.length > 0) {
    notifications.show({
      color: 'blue',
      autoClose: 10_000,
      message: [
        result.rebased ? t('offlineDrafts.rebased') : '',
        result.missing.length > 0 ? t('offlineDrafts.missing', { count: result.missing.length }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      closeButtonProps: { 'aria-label': t('common.close') },
    });
  }
}

/**
 * Drafts waiting on this device (issue 23): how many, whether they are being sent, and — after an
 * answer that kept one — why, with "try again" and "don't send". Nothing while none wait.
 */
export function OfflineDraftsNotice({ drafts }: { drafts: OfflineDrafts }) {
  const { t } = useTranslation();
  if (drafts.pending === 0) return null;
  const failed = drafts.drafts.find((draft) => draft.error);
  return (
    <Alert
      color={failed ? 'red' : 'blue'}
      role="status"
      icon={<IconCloudUpload size={20} aria-hidden />}
      title={t('offlineDrafts.kept')}
      data-testid="offline-drafts"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {drafts.sending ? <Loader size="xs" aria-hidden /> : null}
          <Text size="sm">
            {drafts.sending
              ? t('offlineDrafts.sending', { count: drafts.pending })
              : t('offlineDrafts.pending', { count: drafts.pending })}
          </Text>
        </Group>
        {failed?.error ? (
          <>
            <Text size="sm" data-testid="offline-drafts-error">
              {t('offlineDrafts.failed', { reason: reasonText(t, failed.error.key) })}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => void drafts.flush()} disabled={drafts.sending}>
                {t('common.retry')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void drafts.discard(failed.id)}
                disabled={drafts.sending}
              >
                {t('offlineDrafts.discard')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
