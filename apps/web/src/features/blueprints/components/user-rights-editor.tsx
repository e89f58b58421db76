import { BLUEPRINT_RIGHTS, type BlueprintRight } from '@groeipad/core';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Flex,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconLock, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useBlueprintRights } from '../api/use-blueprint-rights';
import { useMemberEmails } from '../api/use-member-emails';
import { useSaveBlueprintRights } from '../api/use-save-blueprint-rights';
import {
  addRow,
  isOwnRow,
  newUserProblem,
  type RightsRow,
  rightsFromRows,
  rowProblems,
  rowsFromRights,
  sameRows,
} from './user-rights-rows';

interface Props {
  blueprintId: number;
  /** The user holds ADMIN on the blueprint (its `abilities.admin`); otherwise the list is read-only. */
  editable: boolean;
}

/**
 * The users of a blueprint and their rights (spec part 2 §5): a level per user (admin ⇒ write ⇒ read),
 * add a user (a valid new e-mail, suggestions from the organisation's members), remove; the own row is
 * locked; saved with PUT …/rights once the list is valid (one admin at least, unique valid e-mails,
 * every user a right).
 */
export function UserRightsEditor({ blueprintId, editable }: Props) {
  const { t } = useTranslation();
  const rights = useBlueprintRights(blueprintId);

  if (rights.isError) {
    return (
      <LoadFailure
        message={t('loadDocumentsError', { document: t('blueprintRights.document') })}
        query={rights}
      />
    );
  }
  if (!rights.data) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  }
  return <RightsForm blueprintId={blueprintId} editable={editable} saved={rowsFromRights(rights.data)} />;
}

function RightsForm({ blueprintId, editable, saved }: Props & { saved: RightsRow[] }) {
  const { t } = useTranslation();
  const claims = useSession()?.claims;
  const currentEmail = claims?.sub ?? '';
  const members = useMemberEmails(claims?.organisation_id ?? null, claims?.user_role ?? null);
  const save = useSaveBlueprintRights(blueprintId);
  const [rows, setRows] = useState(saved);
  const [email, setEmail] = useState('');
  const [blurred, setBlurred] = useState(false);

  const problems = rowProblems(rows);
  const rowProblem = (index: number) =>
    problems.find((problem) => 'index' in problem && problem.index === index);
  const listProblem = problems[0] ?? null;
  const changed = !sameRows(rows, saved);
  const addProblem = email.trim() === '' ? null : newUserProblem(email, rows);
  const shownAddProblem = addProblem === 'duplicateUser' || (addProblem && blurred) ? addProblem : null;
  const suggestions = members.filter((member) => newUserProblem(member, rows) === null);

  const setLevel = (index: number, level: BlueprintRight) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, level } : row)));
  const remove = (index: number) => setRows((current) => current.filter((_, at) => at !== index));
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (addProblem !== null || email.trim() === '') return;
    setRows((current) => addRow(current, email));
    setEmail('');
    setBlurred(false);
  };
  const submit = () =>
    save.mutate(rightsFromRows(rows), {
      onSuccess: (answer) => {
        setRows(rowsFromRights(answer));
        notifySuccess(t, t('saveDocumentSuccess'));
      },
      onError: (error) => notifyApiFailure(t, t('saveDocumentFailure'), error),
    });

  return (
    <Stack gap="sm">
      {!editable ? (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
          {t('blueprintRights.readOnly')}
        </Alert>
      ) : null}
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('blueprintRights.users')}
      >
        {rows.map((row, index) => {
          const own = isOwnRow(row, currentEmail);
          const problem = rowProblem(index);
          return (
            <Paper component="li" key={row.user} withBorder radius="md" px="sm" py={8}>
              <Flex
                direction={{ base: 'column', xs: 'row' }}
                gap={{ base: 6, xs: 'sm' }}
                align={{ xs: 'center' }}
              >
                <Group gap={6} style={{ flex: 1, minWidth: 0 }} wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.user}
                  </Text>
                  {own ? (
                    <Badge size="sm" variant="light" color="gray">
                      {t('blueprintRights.you')}
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={6} wrap="nowrap">
                  <NativeSelect
                    style={{ flex: 1 }}
                    w={{ xs: 170 }}
                    aria-label={t('blueprintRights.rightsOf', { email: row.user })}
                    value={row.level ?? ''}
                    disabled={!editable || own}
                    error={problem ? t(`messages.${problem.code}`) : undefined}
                    onChange={(event) => setLevel(index, event.currentTarget.value as BlueprintRight)}
                    data={[
                      ...(row.level ? [] : [{ value: '', label: t('blueprintRights.none'), disabled: true }]),
                      ...BLUEPRINT_RIGHTS.map((level) => ({
                        value: level,
                        label: t(`blueprintRights.levels.${level}`),
                      })),
                    ]}
                  />
                  {editable ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('blueprintRights.remove', { email: row.user })}
                      disabled={own}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Flex>
            </Paper>
          );
        })}
      </Stack>
      {editable ? (
        <form onSubmit={add} noValidate aria-label={t('blueprintRights.addTitle')}>
          <Flex
            direction={{ base: 'column', xs: 'row' }}
            gap="sm"
            align={{ base: 'stretch', xs: 'flex-start' }}
          >
            <Autocomplete
              style={{ flex: 1, minWidth: 0 }}
              label={t('blueprintRights.newUser')}
              type="email"
              autoComplete="off"
              data={suggestions}
              value={email}
              limit={8}
              onChange={setEmail}
              onBlur={() => setBlurred(true)}
              error={shownAddProblem ? t(`messages.${shownAddProblem}`) : null}
            />
            <Button
              type="submit"
              variant="light"
              mt={{ base: 0, xs: 25 }}
              leftSection={<IconUserPlus size={16} aria-hidden />}
              disabled={email.trim() === '' || addProblem !== null}
            >
              {t('blueprintRights.add')}
            </Button>
          </Flex>
        </form>
      ) : null}
      {listProblem ? (
        <Alert color="red" variant="light" role="alert">
          {t(`messages.${listProblem.code}`)}
        </Alert>
      ) : null}
      {editable ? (
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!changed || save.isPending}
            onClick={() => {
              setRows(saved);
              save.reset();
            }}
          >
            {t('blueprintRights.reset')}
          </Button>
          <Button
            onClick={submit}
            disabled={!changed || listProblem !== null}
            loading={save.isPending}
            data-save-shortcut
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('common.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
