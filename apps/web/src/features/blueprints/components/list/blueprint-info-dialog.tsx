import type { BlueprintListItem } from '@groeipad/core';
import { Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRightsEditor } from '../user-rights-editor';
import { BlueprintHistory } from './blueprint-history';
import { displayMoment } from './blueprint-rows';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={600} c="dark.4" tt="uppercase" style={{ letterSpacing: '0.03em' }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function General({ blueprint }: { blueprint: BlueprintListItem }) {
  const { t } = useTranslation();
  const source =
    blueprint.sourceBlueprintId === null
      ? t('blueprintList.info.noSource')
      : t('blueprintList.info.sourceValue', {
          id: blueprint.sourceBlueprintId,
          version: blueprint.sourceBlueprintVersion ?? '?',
        });
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      <Fact label={t('blueprintList.fields.type')}>{t(`blueprintList.types.${blueprint.type}`)}</Fact>
      <Fact label={t('blueprintList.fields.name')}>{blueprint.name}</Fact>
      <Fact label={t('blueprintList.info.created')}>{displayMoment(blueprint.created)}</Fact>
      <Fact label={t('blueprintList.info.modified')}>{displayMoment(blueprint.modified)}</Fact>
      <Fact label={t('blueprintList.info.version')}>{blueprint.version}</Fact>
      <Fact label={t('blueprintList.info.source')}>{source}</Fact>
      <Fact label={t('blueprintList.fields.description')}>
        {blueprint.description || t('blueprintList.info.noDescription')}
      </Fact>
    </SimpleGrid>
  );
}

type InfoTab = 'general' | 'access' | 'history';

/** Info on one blueprint: general facts, the user rights (editable with ADMIN) and the version history. */
export function BlueprintInfoDialog({
  blueprint,
  onClose,
}: {
  blueprint: BlueprintListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<InfoTab>('general');
  const phone = !useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('blueprintList.info.title', { name: blueprint.name })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as InfoTab | null) ?? 'general')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="general">{t('blueprintList.info.general')}</Tabs.Tab>
          <Tabs.Tab value="access">{t('blueprintList.info.access')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('blueprintList.info.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <General blueprint={blueprint} />
        </Tabs.Panel>
        <Tabs.Panel value="access">
          <Stack gap="xs">
            <UserRightsEditor blueprintId={blueprint.id} editable={blueprint.abilities.admin} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <BlueprintHistory blueprintId={blueprint.id} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
