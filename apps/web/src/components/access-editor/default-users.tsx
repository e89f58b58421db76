import {
  type AccessProblem,
  isUserRowLocked,
  newUserProblem,
  type TrajectoryRole,
  type TrajectoryUserAccess,
} from '@groeipad/core';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLock, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  roles: readonly TrajectoryRole[];
  users: readonly TrajectoryUserAccess[];
  currentUser: string;
  editable: boolean;
  suggestions: readonly string[];
  /** Told the text of the e-mail box as it is typed (a host that asks the server for suggestions). */
  onEmailQuery?: (text: string) => void;
  problems: ReadonlyMap<number, readonly AccessProblem[]>;
  onAdd: (email: string, roles: string[]) => void;
  onRoles: (user: string, roles: string[]) => void;
  onRemove: (user: string) => void;
}

/**
 * The default users, each with their roles. The current user's own row is locked; a new user needs a
 * valid e-mail that is not in the list yet (core newUserProblem) and is stored lower-cased.
 */
export function DefaultUsers({
  roles,
  users,
  currentUser,
  editable,
  suggestions,
  onEmailQuery,
  problems,
  onAdd,
  onRoles,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [newRoles, setNewRoles] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const roleNames = roles.map((role) => role.name);
  const problem = newUserProblem(email, { roles: [...roles], users: [...users] });
  const shownProblem = email.trim() === '' ? null : problem === 'duplicateUser' || touched ? problem : null;
  const listed = new Set(users.map((entry) => entry.user.toLowerCase()));
  const offered = suggestions.filter((suggestion) => !listed.has(suggestion.toLowerCase()));

  const add = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null) return;
    onAdd(
      email,
      newRoles.filter((name) => roleNames.includes(name)),
    );
    setEmail('');
    onEmailQuery?.('');
    setNewRoles([]);
    setTouched(false);
  };

  return (
    <Stack gap="sm">
      {users.length === 0 ? (
        <Text size="sm" c="dark.4">
          {t('accessEditor.noUsers')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('accessEditor.users')}
        >
          {users.map((entry, index) => {
            const locked = isUserRowLocked(entry, currentUser);
            const rowProblems = problems.get(index) ?? [];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a duplicate e-mail (shown as a problem) must not collide
              <Paper component="li" key={`${entry.user}-${index}`} withBorder radius="md" p="xs">
                <Group gap="xs" wrap="wrap" align="center">
                  <Group gap={6} wrap="wrap" style={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {entry.user}
                    </Text>
                    {locked ? (
                      <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={12} />}>
                        {t('accessEditor.you')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
                    <MultiSelect
                      searchable
                      nothingFoundMessage={t('common.nothingFound')}
                      aria-label={t('accessEditor.rolesOf', { user: entry.user })}
                      data={[...new Set([...roleNames, ...entry.roles])]}
                      value={entry.roles}
                      onChange={(value) => onRoles(entry.user, value)}
                      disabled={!editable || locked}
                      placeholder={entry.roles.length === 0 ? t('accessEditor.noRole') : undefined}
                      style={{ flex: 1, minWidth: 0 }}
                      error={rowProblems.length > 0}
                    />
                    <Tooltip label={t('accessEditor.removeUser', { user: entry.user })}>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={t('accessEditor.removeUser', { user: entry.user })}
                        disabled={!editable || locked}
                        onClick={() => onRemove(entry.user)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                {rowProblems.map((rowProblem) => (
                  <Text key={rowProblem.code} size="xs" c="red.8" mt={4}>
                    {t(`messages.${rowProblem.code}`)}
                  </Text>
                ))}
              </Paper>
            );
          })}
        </Stack>
      )}

      {editable ? (
        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <Autocomplete
              label={t('accessEditor.email')}
              value={email}
              onChange={(text) => {
                setEmail(text);
                onEmailQuery?.(text);
              }}
              onBlur={() => setTouched(true)}
              data={offered}
              error={shownProblem ? t(`messages.${shownProblem}`) : undefined}
              style={{ flex: '1 1 220px' }}
              type="email"
              autoComplete="off"
            />
            <MultiSelect
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              label={t('accessEditor.roles')}
              data={roleNames}
              value={newRoles}
              onChange={setNewRoles}
              style={{ flex: '1 1 200px' }}
            />
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} />}
              disabled={email.trim() === '' || problem !== null}
              mt={{ base: 0, xs: 25 }}
            >
              {t('accessEditor.addUser')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
