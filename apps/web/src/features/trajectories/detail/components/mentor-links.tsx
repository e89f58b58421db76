import {
  isKnownValue,
  MENTOR_LINK_DEFAULT_DAYS,
  MENTOR_LINK_MAX_DAYS,
  MENTOR_LINK_STATUSES,
  type MentorLink,
  showDate,
  showDateTime,
} from '@groeipad/core';
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLinkOff, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../../../components/guarded-modal';
import { ApiError } from '../../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { valueLabel } from '../../../../lib/value-label';
import { useInviteMentor, useMentorLinks, useRevokeMentorLink } from '../api/use-mentor-links';

const STATUS_COLOUR = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red', REGISTERED: 'blue' } as const;

function InviteDialog({
  trajectoryId,
  roles,
  opened,
  onClose,
}: {
  trajectoryId: number;
  roles: readonly string[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteMentor(trajectoryId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState(roles.at(-1) ?? '');
  const [days, setDays] = useState<number | string>(MENTOR_LINK_DEFAULT_DAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = email !== '' || name !== '';

  const close = () => {
    setEmail('');
    setName('');
    setErrors({});
    onClose();
  };
  const submit = async () => {
    setErrors({});
    try {
      await invite.mutateAsync({ email, name, role, days: Number(days) });
      notifySuccess(t, t('trajectories.mentorLinks.sent', { email: email.trim() }));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        setErrors(Object.fromEntries(error.fields.map((field) => [field.path, t(`messages.${field.key}`)])));
      else notifyApiFailure(t, t('trajectories.mentorLinks.inviteFailed'), error);
    }
  };

  return (
    <GuardedModal opened={opened} onClose={close} dirty={dirty} title={t('trajectories.mentorLinks.invite')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('trajectories.mentorLinks.inviteIntro')}</Text>
          <TextInput
            label={t('trajectories.mentorLinks.email')}
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            autoComplete="off"
          />
          <TextInput
            label={t('trajectories.mentorLinks.name')}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <NativeSelect
            label={t('trajectories.mentorLinks.role')}
            data={[...roles]}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value)}
            error={errors.role}
          />
          <NumberInput
            label={t('trajectories.mentorLinks.days')}
            min={1}
            max={MENTOR_LINK_MAX_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={errors.days}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={18} />} loading={invite.isPending}>
              {t('trajectories.mentorLinks.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}

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
 * when and when they last used it; invite and revoke. For holders of RIGHTS while the trajectory is active.
 */
export function MentorLinks({ trajectoryId, roles }: { trajectoryId: number; roles: readonly string[] }) {
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
      <InviteDialog
        trajectoryId={trajectoryId}
        roles={roles}
        opened={inviting}
        onClose={() => setInviting(false)}
      />
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
