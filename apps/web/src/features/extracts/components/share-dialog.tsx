import { type ExtractListEntry, normaliseShareEmails } from '@groeipad/core';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Flex,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { ApiError, errorText } from '../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useMemberEmails } from '../../blueprints';
import { useExtractUsers, useShareExtracts } from '../api/use-extract-users';
import { type AddressProblem, addAddresses, refusedAddresses } from '../extract-rows';

interface Props {
  /**
   * One extract (from its users icon) or the selected ones (from the toolbar); only extracts the user may
   * share (`abilities.share`: their maker, D26, D41), so the dialog is never shown to whom one was shared with.
   */
  extracts: readonly ExtractListEntry[];
  onClose: () => void;
}

/**
 * Share extracts with colleagues (D26, D37): addresses become chips, each trimmed, lower-cased, valid and
 * unique (core normaliseShareEmails, as the server checks); members are suggested where the organisation's
 * member list may be read (owners and admins, as in the blueprint rights editor). The server refuses the
 * whole list when one address is no member (400 notAMember per address): nothing is shared, and the
 * refused chips are marked. D41: sharing is the maker's deliberate act, so the dialog says that the
 * recipients get the PDF as the maker sees it.
 */
export function ShareDialog({ extracts, onClose }: Props) {
  const { t } = useTranslation();
  const only = extracts.length === 1 ? (extracts[0] as ExtractListEntry) : null;
  const title = only ? t('extracts.share.title') : t('extracts.share.titleMany', { count: extracts.length });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {only ? (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('extracts.share.subject', { name: only.name, trajectory: only.trajectoryName })}
          </Text>
        ) : null}
        <Text size="sm" c="dark.5">
          {t('extracts.share.intro')}
        </Text>
        <Alert color="blue" variant="light" data-testid="share-makers-pdf">
          {t('extracts.share.makersPdf', { count: extracts.length })}
        </Alert>
        {only ? <CurrentUsers extractId={only.id} /> : null}
        <ShareForm extracts={extracts} onClose={onClose} />
      </Stack>
    </Modal>
  );
}

function CurrentUsers({ extractId }: { extractId: number }) {
  const { t } = useTranslation();
  const users = useExtractUsers(extractId);
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('extracts.share.current')}
      </Title>
      {users.isError ? (
        <LoadFailure
          message={t('loadDocumentError', { document: t('extracts.share.documentUsers') })}
          query={users}
        />
      ) : !users.data ? (
        <Skeleton h={28} />
      ) : users.data.length === 0 ? (
        <Text size="sm" c="dark.5">
          {t('extracts.share.nobody')}
        </Text>
      ) : (
        <Group component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} data-testid="extract-sharees">
          {users.data.map((email) => (
            <Badge component="li" key={email} variant="light" color="gray" tt="none" size="lg">
              <Text span size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ShareForm({ extracts, onClose }: { extracts: readonly ExtractListEntry[]; onClose: () => void }) {
  const { t } = useTranslation();
  const claims = useSession()?.claims;
  const own = claims?.sub ?? '';
  const members = useMemberEmails(claims?.organisation_id ?? null, claims?.user_role ?? null);
  const only = extracts.length === 1 ? (extracts[0] as ExtractListEntry) : null;
  const current = useExtractUsers(only?.id ?? null).data ?? [];
  const share = useShareExtracts();
  const [chips, setChips] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<AddressProblem | 'noneToShare' | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const picked = useRef<string | null>(null);

  const context = { shared: current, own };
  const suggestions = members.filter(
    (email) => !chips.includes(email) && !current.includes(email) && email !== own,
  );

  /** Adds the typed text (or `typed`) as chips; answers the chips, or null when something was refused. */
  const add = (typed: string): string[] | null => {
    const result = addAddresses(chips, typed, context);
    setChips(result.chips);
    setText(result.rest);
    setProblem(result.problem);
    setFailure(null);
    return result.problem ? null : result.chips;
  };
  const type = (value: string) => {
    if (picked.current !== null && value === picked.current) {
      // Mantine writes the chosen suggestion into the box after onOptionSubmit added it.
      picked.current = null;
      setText('');
      return;
    }
    setProblem(null);
    if (/[,;]/.test(value)) add(value);
    else setText(value);
  };
  const remove = (email: string) => {
    setChips((list) => list.filter((chip) => chip !== email));
    setRefused((list) => list.filter((chip) => chip !== email));
    setFailure(null);
  };

  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) add(text);
  };

  const submit = () => {
    const list = text.trim() ? add(text) : chips;
    if (list === null) return;
    if (list.length === 0) {
      setProblem('noneToShare');
      return;
    }
    const checked = normaliseShareEmails(list);
    if (!checked.ok) {
      setProblem(checked.key === 'duplicate' ? 'alreadyListed' : 'invalidEmail');
      return;
    }
    setFailure(null);
    setRefused([]);
    share.mutate(
      { ids: extracts.map((extract) => extract.id), emails: checked.emails },
      {
        onSuccess: (outcome) => {
          const done = outcome.filter(({ result }) => result.status === 'fulfilled').length;
          if (done > 0) notifySuccess(t, t('extracts.share.shared', { count: done }));
          const errors = outcome.flatMap(({ id, result }) =>
            result.status === 'rejected' ? [{ id, error: result.reason as unknown }] : [],
          );
          if (errors.length === 0) {
            onClose();
            return;
          }
          const notMembers = new Set<string>();
          let other: string | null = null;
          for (const { id, error } of errors) {
            if (error instanceof ApiError && error.status === 400 && error.fields.length > 0) {
              for (const email of refusedAddresses(error.fields)) notMembers.add(email);
              const first = error.fields.find((field) => field.key !== 'notAMember');
              if (first) other = t(`messages.${first.key}`, { defaultValue: errorText(t, error) });
              continue;
            }
            const extract = extracts.find((item) => item.id === id);
            const named = extract
              ? t('extracts.documentNamed', { name: extract.name, trajectory: extract.trajectoryName })
              : t('extracts.documentCount', { count: 1 });
            notifyApiFailure(t, t('extracts.share.failed', { document: named }), error);
          }
          setRefused([...notMembers]);
          if (notMembers.size > 0)
            setFailure(
              t('extracts.share.notMembers', { count: notMembers.size, emails: [...notMembers].join(', ') }),
            );
          else if (other) setFailure(other);
          // Shared with some of several extracts: keep only the failures in view.
          if (done > 0 && notMembers.size === 0 && !other) onClose();
        },
      },
    );
  };

  const problemText =
    problem === null
      ? null
      : problem === 'invalidEmail'
        ? t('messages.invalidEmail')
        : t(`extracts.share.${problem}`);
  return (
    <Stack gap="sm">
      <form onSubmit={submitAdd} noValidate aria-label={t('extracts.share.email')}>
        <Flex
          direction={{ base: 'column', xs: 'row' }}
          gap="sm"
          align={{ base: 'stretch', xs: 'flex-start' }}
        >
          <Autocomplete
            style={{ flex: 1, minWidth: 0 }}
            label={t('extracts.share.email')}
            description={t('extracts.share.emailHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="email"
            autoComplete="off"
            data-autofocus
            data={suggestions}
            value={text}
            limit={8}
            onChange={type}
            onOptionSubmit={(email) => {
              picked.current = email;
              add(email);
            }}
            error={problemText}
            comboboxProps={{ withinPortal: true }}
          />
          <Button type="submit" variant="default" mt={{ xs: 25 }}>
            {t('extracts.share.add')}
          </Button>
        </Flex>
      </form>
      {chips.length > 0 ? (
        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('extracts.share.toAdd')}
          </Title>
          <Group component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} data-testid="share-chips">
            {chips.map((email) => {
              const bad = refused.includes(email);
              return (
                <Paper
                  component="li"
                  key={email}
                  withBorder
                  radius="xl"
                  pl="sm"
                  pr={4}
                  py={2}
                  bg={bad ? 'red.0' : 'green.0'}
                  style={{ borderColor: bad ? 'var(--mantine-color-red-7)' : undefined, maxWidth: '100%' }}
                  data-refused={bad || undefined}
                >
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {email}
                      {bad ? (
                        <Text span size="xs" c="red.9" fw={600}>
                          {` (${t('extracts.share.notAMemberChip')})`}
                        </Text>
                      ) : null}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="dark"
                      size="sm"
                      radius="xl"
                      aria-label={t('extracts.share.remove', { email })}
                      onClick={() => remove(email)}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              );
            })}
          </Group>
        </Stack>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" data-testid="share-failure">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={share.isPending}>
          {t('extracts.share.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
