import type { OrganisationUser } from '@groeipad/core';
import { Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DeleteMemberButton, MemberRoleSelect } from './member-controls';

interface MembersTableProps {
  organisationId: number;
  members: readonly OrganisationUser[];
  currentUserId: number;
  viewerIsOwner: boolean;
}

/** The e-mail with its badges: "you" on the own row, "pending invitation" for an invitee. */
function MemberEmail({ member, self }: { member: OrganisationUser; self: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
      {self ? (
        <Badge size="sm" variant="light" color="gray">
          {t('organisationPage.you')}
        </Badge>
      ) : null}
      {member.pending ? (
        <Badge size="sm" variant="light" color="blue">
          {t('organisationPage.pending')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The members with their role and a delete button: a table from tablet width, a list of cards on a
 * phone. The current user's own row cannot be changed (spec part 2 §6); only owners change owners.
 */
export function MembersTable({ organisationId, members, currentUserId, viewerIsOwner }: MembersTableProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rows = members.map((member) => {
    const self = member.id === currentUserId;
    const editable = !self && (viewerIsOwner || member.role !== 'OWNER');
    const controls = { organisationId, member, editable };
    return { member, self, controls };
  });

  if (!wide) {
    return (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('organisationPage.members')}
      >
        {rows.map(({ member, self, controls }) => (
          <Paper component="li" key={member.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <MemberEmail member={member} self={self} />
              <Group gap="xs" wrap="nowrap">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <MemberRoleSelect {...controls} mayGrantOwner={viewerIsOwner} />
                </div>
                <DeleteMemberButton {...controls} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table verticalSpacing="xs" highlightOnHover aria-label={t('organisationPage.members')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('auth.fields.email')}</Table.Th>
          <Table.Th w={200}>{t('organisationPage.role')}</Table.Th>
          <Table.Th w={64}>
            <VisuallyHidden>{t('organisationPage.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ member, self, controls }) => (
          <Table.Tr key={member.id}>
            <Table.Td>
              <MemberEmail member={member} self={self} />
            </Table.Td>
            <Table.Td>
              <MemberRoleSelect {...controls} mayGrantOwner={viewerIsOwner} />
            </Table.Td>
            <Table.Td>
              <DeleteMemberButton {...controls} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
