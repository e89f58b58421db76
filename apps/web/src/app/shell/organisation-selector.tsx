import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrganisationAvatar } from '../../components/organisation-avatar';
import { useSelectOrganisation } from '../../features/auth/api/use-select-organisation';
import { useOrganisations } from '../../features/organisations/api/use-organisations';
import { errorText } from '../../lib/api-error';
import { useSession, useSessionStage } from '../../lib/use-session';

/** Organisation switcher in the top bar; disabled unless fully authenticated (spec part 2 §2). */
export function OrganisationSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const ready = useSessionStage() === 'ready';
  const organisations = useOrganisations(ready);
  const select = useSelectOrganisation();
  const currentId = session?.claims.organisation_id ?? null;
  const current = organisations.data?.find((organisation) => organisation.id === currentId);

  const choose = (id: number) => {
    select.mutate(id, {
      onSuccess: () => navigate('/'),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorText(t, error),
          closeButtonProps: { 'aria-label': t('common.close') },
        }),
    });
  };

  return (
    <Menu position="bottom-start" withArrow disabled={!ready} width={260}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={6}
          className="org-selector"
          disabled={!ready}
          loading={select.isPending}
          leftSection={
            <OrganisationAvatar name={current?.name ?? null} logo={current?.smallLogo} size={30} />
          }
          rightSection={ready ? <IconChevronDown size={14} /> : null}
          styles={{ label: { maxWidth: 160 } }}
          c="dark.7"
        >
          <VisuallyHidden>{t('organisation.selectorLabel')}</VisuallyHidden>
          {current ? (
            <Text span truncate fw={600} size="sm" className="visible-from-md">
              {current.name}
            </Text>
          ) : (
            <VisuallyHidden>{t('organisation.none')}</VisuallyHidden>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('organisation.switch')}</Menu.Label>
        {(organisations.data ?? []).map((organisation) => (
          <Menu.Item
            key={organisation.id}
            leftSection={
              <OrganisationAvatar name={organisation.name} logo={organisation.smallLogo} size={24} />
            }
            rightSection={organisation.id === currentId ? <IconCheck size={16} /> : null}
            onClick={() => choose(organisation.id)}
          >
            <Text size="sm" truncate>
              {organisation.name}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => navigate('/create-organisation')}>
          {t('organisation.create')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
