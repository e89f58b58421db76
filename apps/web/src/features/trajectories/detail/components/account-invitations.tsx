import { type AccountState, showDate } from '@groeipad/core';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useInviteUser } from '../api/use-invite-user';

const STATE_COLOUR = { ACTIVE: 'green', INVITED: 'blue', NONE: 'gray' } as const;

/**
 * Accounts on the access screen (D58): per user of the access whether they have an account, were invited
 * (when) or neither; a holder of RIGHTS on an active trajectory mails the invitation (again). The server
 * answers the states to RIGHTS holders only.
 */
export function AccountInvitations({
  trajectoryId,
  accounts,
  canInvite,
}: {
  trajectoryId: number;
  accounts: readonly AccountState[];
  canInvite: boolean;
}) {
  const { t } = useTranslation();
  const invite = useInviteUser(trajectoryId);
  const send = async (user: string) => {
    try {
      await invite.mutateAsync(user);
      notifySuccess(t, t('trajectories.accounts.sent', { email: user }));
    } catch (error) {
      notifyApiFailure(t, t('trajectories.accounts.sendFailed'), error);
    }
  };
  if (accounts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-invitations-title">
      <Title order={3} size="h4" id="account-invitations-title">
        {t('trajectories.accounts.title')}
      </Title>
      <Text size="sm" c="dark.4">
        {t('trajectories.accounts.hint')}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="account-states">
        {accounts.map((account) => (
          <Paper
            component="li"
            withBorder
            radius="md"
            p="sm"
            key={account.user}
            data-testid="account-state"
            data-state={account.state}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {account.user}
                </Text>
                <Group gap="xs">
                  <Badge color={STATE_COLOUR[account.state]} variant="light">
                    {t(`trajectories.accounts.states.${account.state}`)}
                  </Badge>
                  {account.state === 'INVITED' && account.invitedAt ? (
                    <Text size="sm" c="dark.4">
                      {t('trajectories.accounts.invitedOn', { date: showDate(account.invitedAt) })}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
              {canInvite && account.state !== 'ACTIVE' ? (
                <Button
                  variant="default"
                  leftSection={<IconMailForward size={18} />}
                  loading={invite.isPending && invite.variables === account.user}
                  onClick={() => void send(account.user)}
                  aria-label={t(
                    account.state === 'INVITED'
                      ? 'trajectories.accounts.resendFor'
                      : 'trajectories.accounts.sendFor',
                    { email: account.user },
                  )}
                >
                  {t(
                    account.state === 'INVITED'
                      ? 'trajectories.accounts.resend'
                      : 'trajectories.accounts.send',
                  )}
                </Button>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
