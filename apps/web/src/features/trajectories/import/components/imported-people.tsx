import type { ImportedPerson } from '@groeipad/core';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ACCOUNT_COLOUR = { INVITED: 'blue', HAD_ACCOUNT: 'green', NOT_INVITED: 'gray' } as const;

/**
 * The import's last step (D58): per person the new trajectories gave access, whether an invitation went
 * (no account yet), they already had an account, or no mail went (the option was off).
 */
export function ImportedPeople({ people, wide }: { people: readonly ImportedPerson[]; wide: boolean }) {
  const { t } = useTranslation();
  if (people.length === 0) return null;
  const count = (account: ImportedPerson['account']) =>
    people.filter((person) => person.account === account).length;
  const summary = [
    t('trajectories.import.people.invitedCount', { count: count('INVITED') }),
    t('trajectories.import.people.hadAccountCount', { count: count('HAD_ACCOUNT') }),
    ...(count('NOT_INVITED') > 0
      ? [t('trajectories.import.people.notInvitedCount', { count: count('NOT_INVITED') })]
      : []),
  ].join(' · ');
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="import-people-summary">
        {summary}
      </Text>
      <Table
        aria-label={t('trajectories.import.people.table')}
        verticalSpacing={6}
        horizontalSpacing="xs"
        data-testid="import-people"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trajectories.import.people.person')}</Table.Th>
            {wide ? <Table.Th w={260}>{t('trajectories.import.people.account')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ overflowWrap: 'anywhere' }}>
          {people.map((person) => {
            const badge = (
              <Badge color={ACCOUNT_COLOUR[person.account]} variant="light">
                {t(`trajectories.import.people.states.${person.account}`)}
              </Badge>
            );
            // On a phone one column: the address, its account under it.
            return (
              <Table.Tr key={person.email} data-testid="import-person" data-account={person.account}>
                {wide ? (
                  <>
                    <Table.Td>{person.email}</Table.Td>
                    <Table.Td>{badge}</Table.Td>
                  </>
                ) : (
                  <Table.Td>
                    <Text size="sm">{person.email}</Text>
                    {badge}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
