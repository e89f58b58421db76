import {
  newRoleNameProblem,
  type TrajectoryRole,
  type TrajectoryUserAccess,
  usersWithRole,
} from '@groeipad/core';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  roles: readonly TrajectoryRole[];
  users: readonly TrajectoryUserAccess[];
  selected: string | null;
  onSelect: (name: string) => void;
  editable: boolean;
  onAdd: (name: string) => void;
  /** Whether the role may go at all (false: the host has said why); asked before the dialog. */
  mayDelete: (name: string) => boolean;
  onDelete: (name: string) => void;
}

/**
 * The roles: choose the one whose rights show below, add a role (non-blank after trimming and unique,
 * core newRoleNameProblem) and delete one. When users hold the role a dialog names them first; the role
 * is then stripped from them (spec part 1 §4).
 */
export function RoleList({ roles, users, selected, onSelect, editable, onAdd, mayDelete, onDelete }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const problem = newRoleNameProblem(
    name,
    roles.map((role) => role.name),
  );
  const holders = (role: string) => usersWithRole({ roles: [...roles], users: [...users] }, role);
  const confirmHolders = confirming ? holders(confirming) : [];

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) return;
    onAdd(name.trim());
    setName('');
  };
  const askDelete = (role: string) => {
    if (!mayDelete(role)) return;
    if (holders(role).length > 0) setConfirming(role);
    else onDelete(role);
  };

  return (
    <Stack gap="sm">
      {roles.length === 0 ? (
        <Text size="sm" c="dark.4">
          {t('accessEditor.noRoles')}
        </Text>
      ) : (
        <Radio.Group
          label={t('accessEditor.chooseRole')}
          value={selected}
          onChange={onSelect}
          name="access-editor-role"
        >
          <Stack gap={6} mt="xs">
            {roles.map((role) => {
              const count = holders(role.name).length;
              return (
                <Paper key={role.name} withBorder radius="md" px="sm" py={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Radio
                      value={role.name}
                      label={role.name}
                      styles={{ label: { overflowWrap: 'anywhere' } }}
                      style={{ minWidth: 0 }}
                    />
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color="gray" size="sm">
                        {t('accessEditor.holders', { count })}
                      </Badge>
                      <Tooltip label={t('accessEditor.deleteRole', { role: role.name })}>
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          aria-label={t('accessEditor.deleteRole', { role: role.name })}
                          disabled={!editable}
                          onClick={() => askDelete(role.name)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Radio.Group>
      )}

      {editable ? (
        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t('accessEditor.newRole')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={name !== '' && problem !== null ? t(`messages.${problem}`) : undefined}
              style={{ flex: '1 1 200px' }}
              maxLength={300}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              disabled={problem !== null}
              mt={{ base: 0, xs: 25 }}
            >
              {t('accessEditor.addRole')}
            </Button>
          </Group>
        </form>
      ) : null}

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('accessEditor.deleteRoleTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          <Text size="sm">
            {t('accessEditor.deleteRoleMessage', { role: confirming, count: confirmHolders.length })}
          </Text>
          <List size="sm" spacing={2}>
            {confirmHolders.map((user) => (
              <List.Item key={user} style={{ overflowWrap: 'anywhere' }}>
                {user}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                if (confirming) onDelete(confirming);
                setConfirming(null);
              }}
            >
              {t('accessEditor.deleteRoleConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
