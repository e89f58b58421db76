import {
  activeUntilDay,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  displayDateToIso,
  isAdminRole,
  isPrivateOrganisation,
  type TrajectoryInfo,
} from '@groeipad/core';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarProps } from '../../../../lib/calendar';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useSession } from '../../../../lib/use-session';
import { displayActiveUntil } from '../../list/expiry';
import { useUpdateTrajectory } from '../api/use-update-trajectory';

/**
 * The active period in the description area (D12): the last active day, or none. In organisation 0 a
 * METADATA holder changes it here, also on an expired trajectory (that is how it comes back); in a
 * private organisation an administrator follows the link to the extension wizard (credits).
 */
export function ActiveUntil({ trajectory }: { trajectory: TrajectoryInfo }) {
  const { t } = useTranslation();
  const claims = useSession()?.claims;
  const [opened, setOpened] = useState(false);
  const date = displayActiveUntil(trajectory.activeUntil);
  const provider = claims !== undefined && !isPrivateOrganisation(claims);
  // D12: organisation 0 and METADATA, also while expired: the server's judgement (abilities).
  const editable = trajectory.abilities.updateActiveUntil;
  const extendable = claims !== undefined && !provider && isAdminRole(claims.user_role);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm">
        <Text span fw={600} size="sm">
          {t('trajectories.detail.activeUntil')}:{' '}
        </Text>
        {date ?? t('trajectories.list.noDate')}
        {trajectory.expired ? ` (${t('trajectories.list.expiry.inactive').toLowerCase()})` : null}
      </Text>
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
      {extendable ? (
        <Anchor component={Link} to="/extend-trajectories" size="sm">
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
        <DateInput
          {...calendarProps(t)}
          label={t('trajectories.detail.activeUntil')}
          description={
            day !== null && day < today
              ? t('trajectories.detail.activeUntilPast')
              : t('trajectories.detail.activeUntilHelp')
          }
          value={day}
          onChange={(value) => setDay(value ?? null)}
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => displayDateToIso(text.trim())}
          placeholder={t('trajectories.list.noDate')}
          clearable
          clearButtonProps={{ 'aria-label': t('trajectories.detail.clearActiveUntil') }}
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={update.isPending} disabled={day === stored} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
