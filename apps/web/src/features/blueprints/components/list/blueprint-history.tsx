import { Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../../components/load-failure';
import { useBlueprintHistory } from '../../api/use-blueprint-history';
import { displayMoment } from './blueprint-rows';

/** The saved versions of a blueprint's content, newest first: version, date (dd/MM/yyyy HH:mm:ss), by whom. */
export function BlueprintHistory({ blueprintId }: { blueprintId: number }) {
  const { t } = useTranslation();
  const history = useBlueprintHistory(blueprintId);
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  if (history.isError) {
    return (
      <LoadFailure
        message={t('loadDocumentError', { document: t('blueprintList.info.historyDocument') })}
        query={history}
      />
    );
  }
  if (!history.data) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton h={32} />
        <Skeleton h={32} />
      </Stack>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dark.4" role="status">
        {t('blueprintList.info.historyEmpty')}
      </Text>
    );
  }
  if (!wide) {
    return (
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('blueprintList.info.history')}
      >
        {history.data.map((entry) => (
          <Paper component="li" key={entry.version} withBorder radius="md" px="sm" py={8}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {t('blueprintList.info.versionNumber', { version: entry.version })}
              </Text>
              <Text size="sm">{displayMoment(entry.at)}</Text>
            </Group>
            <Text size="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
              {entry.user ?? t('blueprintList.info.unknownUser')}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing={6} fz="sm" aria-label={t('blueprintList.info.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('blueprintList.info.version')}</Table.Th>
            <Table.Th>{t('blueprintList.info.at')}</Table.Th>
            <Table.Th>{t('blueprintList.info.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((entry) => (
            <Table.Tr key={entry.version}>
              <Table.Td>{entry.version}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayMoment(entry.at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {entry.user ?? t('blueprintList.info.unknownUser')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
