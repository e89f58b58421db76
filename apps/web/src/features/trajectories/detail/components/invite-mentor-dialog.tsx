import {
  MENTOR_LINK_DEFAULT_DAYS,
  MENTOR_LINK_MAX_DAYS,
  type MentorInvitation,
  mentorFromForm,
} from '@groeipad/core';
import {
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../../../components/guarded-modal';
import { ApiError } from '../../../../lib/api-error';
import { notifyApiFailure, notifyFailure } from '../../../../lib/notify';
import { useTrajectoryForm } from '../../form/api/use-trajectory-form';
import { useInviteMentor, useInviteMentors } from '../api/use-mentor-links';
import { useTrajectoryAccess } from '../api/use-trajectory-access';

/** A trajectory the invitation is for: its id and name (the student's). */
export interface InviteTarget {
  id: number;
  name: string;
}

interface Props {
  /** One trajectory (the header's button), or a class list's selection (one mentor for each). */
  trajectories: readonly InviteTarget[];
  opened: boolean;
  onClose: () => void;
}

/**
 * Reads one trajectory's form (GET …/form: only what the reader may read, D33) and hands on the mentor's
 * e-mail and name its fields hold (issue 31, core mentorFromForm), once, when it arrives.
 */
function Prefill({
  trajectoryId,
  onPrefill,
}: {
  trajectoryId: number;
  onPrefill: (found: { email: string; name: string }) => void;
}) {
  const form = useTrajectoryForm(trajectoryId);
  const found = form.data ? mentorFromForm(form.data.fields, form.data.values) : null;
  const email = found?.email;
  const name = found?.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: handed on once per value, when the form arrives
  useEffect(() => {
    if (email !== undefined && name !== undefined) onPrefill({ email, name });
  }, [email, name]);
  return null;
}

/**
 * "Praktijkopleider uitnodigen" (issue 31): a workplace mentor without an account invited on one
 * trajectory (from its header, prefilled from the form's fields that hold the mentor's e-mail and name) or
 * on a class list's selection (one mentor, one mail with a link per student). Afterwards each new link can
 * be copied beside the mail: it opens nothing without the code mailed to the mentor (D54). The server
 * judges every trajectory; a refusal names the students it concerns.
 */
export function InviteMentorDialog({ trajectories, opened, onClose }: Props) {
  const { t } = useTranslation();
  const first = trajectories[0];
  const single = trajectories.length === 1;
  const access = useTrajectoryAccess(first?.id ?? 0);
  const roles = access.data?.access.roles.map((role) => role.name) ?? [];
  const inviteOne = useInviteMentor(first?.id ?? 0);
  const inviteMany = useInviteMentors();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [prefill, setPrefill] = useState<{ email: string; name: string } | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(MENTOR_LINK_DEFAULT_DAYS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [sent, setSent] = useState<{ email: string; name: string; items: MentorInvitation[] } | null>(null);
  const [copied, setCopied] = useState<number | null>(null);
  const chosenRole = role ?? roles.at(-1) ?? '';
  // Typed input is asked about before it is lost; what the form filled in is not.
  const dirty = sent === null && (email !== (prefill?.email ?? '') || name !== (prefill?.name ?? ''));
  const prefilled = prefill !== null && (prefill.email !== '' || prefill.name !== '');
  const pending = inviteOne.isPending || inviteMany.isPending;

  const close = () => {
    setEmail('');
    setName('');
    setPrefill(null);
    setErrors({});
    setRefused([]);
    setSent(null);
    setCopied(null);
    onClose();
  };

  const submit = async () => {
    setErrors({});
    setRefused([]);
    const body = { email, name, role: chosenRole, days: Number(days) };
    try {
      const items =
        single && first
          ? [await inviteOne.mutateAsync(body)]
          : (await inviteMany.mutateAsync({ ...body, trajectoryIds: trajectories.map((item) => item.id) }))
              .items;
      setSent({ email: email.trim().toLowerCase(), name: name.trim(), items });
    } catch (error) {
      if (!(error instanceof ApiError) || error.fields.length === 0) {
        notifyApiFailure(t, t('trajectories.mentorLinks.inviteFailed'), error);
        return;
      }
      const fieldErrors: Record<string, string> = {};
      const students: { name: string; reason: string }[] = [];
      for (const field of error.fields) {
        const index = /^trajectoryIds\.(\d+)$/.exec(field.path)?.[1];
        const student = index === undefined ? undefined : trajectories[Number(index)];
        if (student) students.push({ name: student.name, reason: t(`messages.${field.key}`) });
        else fieldErrors[field.path] = t(`messages.${field.key}`);
      }
      setErrors(fieldErrors);
      setRefused(students);
    }
  };

  const copy = async (item: MentorInvitation) => {
    try {
      await navigator.clipboard.writeText(item.link);
      setCopied(item.id);
    } catch {
      notifyFailure(t, t('mentorInvite.copyFailed'), t('mentorInvite.copyManually'));
    }
  };

  const title = single
    ? t('mentorInvite.titleOne', { name: first?.name ?? '' })
    : t('mentorInvite.titleMany', { count: trajectories.length });

  return (
    <GuardedModal opened={opened} onClose={close} dirty={dirty} title={title}>
      {single && first && opened && sent === null ? (
        <Prefill
          trajectoryId={first.id}
          onPrefill={(found) => {
            setPrefill(found);
            setEmail((current) => current || found.email);
            setName((current) => current || found.name);
          }}
        />
      ) : null}
      {sent ? (
        <Stack gap="sm">
          <Alert
            color="green"
            icon={<IconCheck size={18} />}
            title={t('mentorInvite.sentTitle')}
            role="status"
          >
            {single
              ? t('mentorInvite.sentOne', { name: sent.name, email: sent.email })
              : t('mentorInvite.sentMany', { name: sent.name, email: sent.email, count: sent.items.length })}
          </Alert>
          <Text size="sm" c="dark.4">
            {t('mentorInvite.copyHint', { email: sent.email })}
          </Text>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('mentorInvite.links')}
          >
            {sent.items.map((item) => (
              <Paper key={item.id} component="li" withBorder radius="md" p="xs">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 160px' }}>
                    {item.trajectoryName}
                  </Text>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={copied === item.id ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={() => void copy(item)}
                    // The visible words first (WCAG 2.5.3), then whose link it is.
                    aria-label={t('mentorInvite.copyFor', {
                      action: copied === item.id ? t('mentorInvite.copied') : t('mentorInvite.copy'),
                      name: item.trajectoryName,
                    })}
                  >
                    {copied === item.id ? t('mentorInvite.copied') : t('mentorInvite.copy')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {single ? t('trajectories.mentorLinks.inviteIntro') : t('mentorInvite.introMany')}
            </Text>
            {single ? null : (
              <List size="sm" aria-label={t('mentorInvite.students')} spacing={2}>
                {trajectories.map((item) => (
                  <List.Item key={item.id}>{item.name}</List.Item>
                ))}
              </List>
            )}
            {refused.length > 0 ? (
              <Alert color="red" title={t('mentorInvite.refused')} role="alert">
                <List size="sm" spacing={2}>
                  {refused.map((item) => (
                    <List.Item key={item.name}>{t('mentorInvite.refusedFor', item)}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
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
            {prefilled ? (
              <Text size="xs" c="dark.4" data-testid="mentor-prefilled">
                {t('mentorInvite.prefilled')}
              </Text>
            ) : null}
            <NativeSelect
              label={t('trajectories.mentorLinks.role')}
              data={roles}
              value={chosenRole}
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
              <Button type="submit" leftSection={<IconSend size={18} />} loading={pending}>
                {t('trajectories.mentorLinks.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
