import { Divider, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { useOrganisationUsers } from '../api/use-organisation-users';
import { AddMemberForm } from './add-member-form';
import { MemberImport } from './member-import';
import { MembersTable } from './members-table';

interface MembersSectionProps {
  organisationId: number;
  currentUserId: number;
  viewerIsOwner: boolean;
}

/** The users of an organisation (owners and admins): add, import, filter, change role, delete. */
export function MembersSection({ organisationId, currentUserId, viewerIsOwner }: MembersSectionProps) {
  const { t } = useTranslation();
  const users = useOrganisationUsers(organisationId);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const members = users.data;
  const visible = useMemo(() => {
    const wanted = deferredFilter.trim().toLowerCase();
    if (!members || !wanted) return members ?? [];
    return members.filter(
      (member) =>
        member.email.toLowerCase().includes(wanted) ||
        t(`roles.${member.role}`).toLowerCase().includes(wanted),
    );
  }, [members, deferredFilter, t]);

  const heading = (
    <Title order={2} size="h3">
      {t('organisationPage.users')}
    </Title>
  );
  if (users.isError) {
    return (
      <Stack gap="md">
        {heading}
        <LoadFailure
          message={t('loadObjectError', { object: t('objects.user', { count: 2 }) })}
          query={users}
        />
      </Stack>
    );
  }
  if (!members) {
    return (
      <Stack gap="md" aria-busy>
        {heading}
        <Skeleton h={140} radius="lg" />
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {heading}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('organisationPage.addTitle')}
          </Title>
          <AddMemberForm
            organisationId={organisationId}
            existing={members.map((member) => member.email)}
            mayGrantOwner={viewerIsOwner}
          />
          <Divider label={t('organisationPage.or')} labelPosition="center" />
          <MemberImport organisationId={organisationId} />
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={3} size="h4">
            {t('organisationPage.memberCount', { count: members.length })}
          </Title>
          <TextInput
            type="search"
            w={{ base: '100%', xs: 280 }}
            aria-label={t('organisationPage.filter')}
            placeholder={t('organisationPage.filterPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        </Group>
        {visible.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center" role="status">
            {t('organisationPage.noMatches', { filter: filter.trim() })}
          </Text>
        ) : (
          <MembersTable
            organisationId={organisationId}
            members={visible}
            currentUserId={currentUserId}
            viewerIsOwner={viewerIsOwner}
          />
        )}
      </Stack>
    </Stack>
  );
}
