import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronRight, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { OrganisationAvatar } from '../../../components/organisation-avatar';
import { errorText } from '../../../lib/api-error';
import { useOrganisations } from '../../organisations';
import { useLogout } from '../api/use-logout';
import { useSelectOrganisation } from '../api/use-select-organisation';

const rowStyle = {
  display: 'block',
  width: '100%',
  padding: '10px 12px',
  borderRadius: 8,
  border: '1px solid var(--mantine-color-gray-3)',
} as const;

/**
 * The user's organisations sorted by name, plus creating one (spec part 1 §2). A user with exactly one
 * organisation has it chosen for them, once (issue 21): the list shows only when that fails.
 */
export function OrganisationPicker() {
  const { t } = useTranslation();
  const organisations = useOrganisations();
  const select = useSelectOrganisation();
  const logout = useLogout();
  const list = organisations.data ?? [];
  const only = organisations.isSuccess && list.length === 1 ? list[0]! : null;
  const chosenFor = useRef<number | null>(null);
  const { mutate } = select;
  useEffect(() => {
    if (!only || chosenFor.current !== null) return;
    chosenFor.current = only.id;
    mutate(only.id);
  }, [only, mutate]);

  if (only && !select.isError)
    return (
      <Stack gap="md" aria-busy data-testid="organisation-opening">
        <Title order={1} size="h2">
          {t('picker.opening', { name: only.name })}
        </Title>
        <Skeleton h={54} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('picker.title')}
        </Title>
        <Text size="sm" c="dark.5" mt={4}>
          {t('picker.subtitle')}
        </Text>
      </div>
      {organisations.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton h={54} />
          <Skeleton h={54} />
        </Stack>
      ) : null}
      <FailureAlert message={organisations.error && errorText(t, organisations.error)} />
      {organisations.isSuccess && list.length === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-organisations">
          {t('picker.none')}
        </Alert>
      ) : null}
      <FailureAlert message={select.error && errorText(t, select.error)} />
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((organisation) => (
          <li key={organisation.id}>
            <UnstyledButton
              style={rowStyle}
              onClick={() => select.mutate(organisation.id)}
              disabled={select.isPending}
            >
              <Group wrap="nowrap" gap="sm">
                <OrganisationAvatar name={organisation.name} logo={organisation.smallLogo} size={36} />
                {/* The role under the name, so a long name keeps the row's width on a phone. */}
                <Stack gap={4} align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }} lineClamp={2}>
                    {organisation.name}
                  </Text>
                  <Badge variant="light" color="gray">
                    {t(`roles.${organisation.role}`)}
                  </Badge>
                </Stack>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </UnstyledButton>
          </li>
        ))}
        <li>
          <Paper
            component={Link}
            to="/create-organisation"
            style={{ ...rowStyle, borderStyle: 'dashed', textDecoration: 'none', color: 'inherit' }}
          >
            <Group wrap="nowrap" gap="sm">
              <IconPlus size={20} aria-hidden />
              <Text fw={600}>{t('organisation.create')}</Text>
            </Group>
          </Paper>
        </li>
      </Stack>
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={() => logout.mutate()}>
          {t('picker.otherAccount')}
        </Anchor>
      </Text>
    </Stack>
  );
}
