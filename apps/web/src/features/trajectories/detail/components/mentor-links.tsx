import { isKnownValue, MENTOR_LINK_STATUSES, type MentorLink, showDate, showDateTime } from '@groeipad/core';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { valueLabel } from '../../../../lib/value-label';
import { useMentorLinks, useRevokeMentorLink } from '../api/use-mentor-links';
import { InviteMentorDialog } from './invite-mentor-dialog';

const STATUS_COLOUR = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red', REGISTERED: 'blue' } as const;

function LinkRow({ link, onRevoke }: { link: MentorLink; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {link.name}
            </Text>
            {isKnownValue(MENTOR_LINK_STATUSES, link.status) ? (
              <Badge color={STATUS_COLOUR[link.status]} variant="light">
                {t(`trajectories.mentorLinks.status.${link.status}`)}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {valueLabel(t, null, link.status)}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {link.email} · {link.role}
          </Text>
          <Text size="sm" c="dark.4">
            {link.status === 'REVOKED' && link.revokedAt
              ? t('trajectories.mentorLinks.revokedOn', { date: showDate(link.revokedAt) })
              : link.status === 'REGISTERED' && link.registeredAt
                ? t('trajectories.mentorLinks.registeredOn', { date: showDate(link.registeredAt) })
                : t('trajectories.mentorLinks.validUntil', { date: showDate(link.expiresAt) })}
            {' · '}
            {link.lastUsedAt
              ? t('trajectories.mentorLinks.lastUsed', { date: showDateTime(link.lastUsedAt) })
              : t('trajectories.mentorLinks.neverUsed')}
          </Text>
        </Stack>
        {link.status === 'ACTIVE' ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconLinkOff size={18} />}
            onClick={onRevoke}
            aria-label={t('trajectories.mentorLinks.revokeFor', { name: link.name })}
          >
            {t('trajectories.mentorLinks.revoke')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Mentor links on the access screen (issue 23): who was invited without an account, as which role, until
 * when and when they last used it; invite (the same dialog as the header's, issue 31) and revoke. For
 * holders of RIGHTS while the trajectory is active.
 */
export function MentorLinks({ trajectory }: { trajectory: { id: number; name: string } }) {
  const trajectoryId = trajectory.id;
  const { t } = useTranslation();
  const links = useMentorLinks(trajectoryId, true);
  const revoke = useRevokeMentorLink(trajectoryId);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<MentorLink | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notifySuccess(t, t('trajectories.mentorLinks.revoked', { name: revoking.name }));
    } catch (error) {
      notifyApiFailure(t, t('trajectories.mentorLinks.revokeFailed'), error);
    } finally {
      setRevoking(null);
    }
  };

  const items = links.data?.items ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="mentor-links-title">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id="mentor-links-title">
          {t('trajectories.mentorLinks.title')}
        </Title>
        <Button leftSection={<IconSend size={18} />} onClick={() => setInviting(true)}>
          {t('trajectories.mentorLinks.invite')}
        </Button>
      </Group>
      <Text size="sm" c="dark.4">
        {t('trajectories.mentorLinks.hint')}
      </Text>
      {links.isSuccess && items.length === 0 ? (
        <Text size="sm">{t('trajectories.mentorLinks.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((link) => (
            <LinkRow key={link.id} link={link} onRevoke={() => setRevoking(link)} />
          ))}
        </Stack>
      )}
      {inviting ? (
        <InviteMentorDialog trajectories={[trajectory]} opened onClose={() => setInviting(false)} />
      ) : null}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('trajectories.mentorLinks.revokeTitle')}
      >
        <Stack gap="sm">
          <Text>{t('trajectories.mentorLinks.revokeText', { name: revoking?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => void confirmRevoke()}>
              {t('trajectories.mentorLinks.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
