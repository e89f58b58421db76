import {
  activeUntilDay,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  isAdminRole,
  isPrivateOrganisation,
  type TrajectoryInfo,
} from '@groeipad/core';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayInput } from '../../../../components/day-input';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useSession } from '../../../../lib/use-session';
import { displayActiveUntil } from '../../list/expiry';
import { useUpdateTrajectory } from '../api/use-update-trajectory';

/**
 * The active period in the description area (D12): the last active day, or none. In organisation 0 a
 * METADATA holder changes it here, also on an expired trajectory (that is how it comes back); in a
 * private organisation an administrator follows the link to the extension wizard (credits).
 */
/** The extension wizard with this trajectory chosen (extend-trajectories-page.tsx). */
export const extensionPath = (id: number) => `/extend-trajectories?trajectory=${id}`;

/** Whether the reader extends with credits here: an administrator of a private organisation (D12, D24). */
export function useMayExtend(): boolean {
  const claims = useSession()?.claims;
  return claims !== undefined && isPrivateOrganisation(claims) && isAdminRole(claims.user_role);
}

export function ActiveUntil({ trajectory }: { trajectory: TrajectoryInfo }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const date = displayActiveUntil(trajectory.activeUntil);
  // D12: organisation 0 and METADATA, also while expired: the server's judgement (abilities).
  const editable = trajectory.abilities.updateActiveUntil;
  const extendable = useMayExtend();
  return (
    <Group gap="xs" wrap="wrap" align="center">
      {/* No last day: it never started (D12), so it reads "not active", never as "valid for ever". */}
      {date ? (
        <Text size="sm">
          <Text span fw={600} size="sm">
            {t('trajectories.detail.activeUntil')}:{' '}
          </Text>
          {date}
          {trajectory.expired ? ` (${t('trajectories.detail.expiredMark')})` : null}
        </Text>
      ) : (
        <Text size="sm" fw={600}>
          {t('trajectories.list.noDate')}
        </Text>
      )}
      {editable ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCalendarEvent size={14} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {t('trajectories.detail.changeActiveUntil')}
        </Button>
      ) : null}
      {/* Expired, the banner above offers the extension (inactive-banner.tsx). */}
      {extendable && !trajectory.expired ? (
        <Anchor component={Link} to={extensionPath(trajectory.id)} size="sm">
          {t('trajectories.detail.extend')}
        </Anchor>
      ) : null}
      {editable ? (
        <ActiveUntilDialog trajectory={trajectory} opened={opened} onClose={() => setOpened(false)} />
      ) : null}
    </Group>
  );
}

function ActiveUntilDialog({
  trajectory,
  opened,
  onClose,
}: {
  trajectory: TrajectoryInfo;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateTrajectory(trajectory.id);
  const stored = activeUntilDay(trajectory.activeUntil, DEFAULT_BUSINESS_TIME_ZONE);
  const [day, setDay] = useState<string | null>(stored);
  const today = businessToday(DEFAULT_BUSINESS_TIME_ZONE);
  const save = async () => {
    try {
      await update.mutateAsync({
        name: trajectory.name,
        description: trajectory.description,
        activeUntil: day,
      });
      notifySuccess(t, t('saveDocumentSuccess'));
      onClose();
    } catch (error) {
      notifyApiFailure(t, t('saveDocumentFailure'), error);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('trajectories.detail.changeActiveUntil')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack>
        <DayInput
          label={t('trajectories.detail.activeUntil')}
          description={
            day !== null && day < today
              ? t('trajectories.detail.activeUntilPast')
              : t('trajectories.detail.activeUntilHelp')
          }
          value={day}
          onChange={(value) => setDay(value ?? null)}
          placeholder={t('trajectories.list.noDate')}
          clearable
          clearButtonProps={{ 'aria-label': t('trajectories.detail.clearActiveUntil') }}
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={update.isPending}
            disabled={day === stored}
            onClick={() => void save()}
            data-save-shortcut
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
