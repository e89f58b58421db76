import type { TrajectoryReportBlueprint } from '@groeipad/core';
import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LinkStatus } from './links';

interface Props {
  report: TrajectoryReportBlueprint;
  /** Null when the copy was made in place (no source blueprint). */
  status: LinkStatus | null;
  first: boolean;
  last: boolean;
  writable: boolean;
  admin: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  onUpdate: (latestVersion: number) => void;
}

/** One included report blueprint: its name, source and versions, and its actions. */
export function ReportRow({
  report,
  status,
  first,
  last,
  writable,
  admin,
  busy,
  onMove,
  onRemove,
  onUpdate,
}: Props) {
  const { t } = useTranslation();
  const source =
    status === null
      ? t('trajectoryBlueprintEditor.notLinked')
      : status.kind === 'linked'
        ? t('trajectoryBlueprintEditor.sourceVersions', {
            source: status.name,
            used: status.usedVersion ?? '–',
            latest: status.latestVersion,
          })
        : status.kind === 'removed' || status.kind === 'noAccess'
          ? t('trajectoryBlueprintEditor.usedVersion', { used: status.usedVersion ?? '–' })
          : '';

  return (
    <Paper component="li" withBorder radius="sm" p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="wrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {report.name}
          </Text>
          {status?.kind === 'removed' || status?.kind === 'noAccess' ? (
            <Badge color={status.kind === 'removed' ? 'red' : 'gray'} variant="light" size="sm">
              {t(`trajectoryBlueprintEditor.${status.kind}`)}
            </Badge>
          ) : null}
          <Text size="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
            {source} · {t('trajectoryBlueprintEditor.fieldCount', { count: report.fields.length })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {status?.kind === 'linked' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              disabled={!writable || !admin || !status.outdated}
              loading={busy}
              onClick={() => onUpdate(status.latestVersion)}
              style={{ flexShrink: 0 }}
              aria-label={t('trajectoryBlueprintEditor.updateReport', {
                version: status.latestVersion,
                report: report.name,
              })}
            >
              {t('trajectoryBlueprintEditor.updateTo', { version: status.latestVersion })}
            </Button>
          ) : null}
          <Tooltip label={t('trajectoryBlueprintEditor.moveUp')}>
            <ActionIcon
              variant="subtle"
              color="gray.7"
              aria-label={t('trajectoryBlueprintEditor.moveReportUp', { report: report.name })}
              disabled={!writable || first}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('trajectoryBlueprintEditor.moveDown')}>
            <ActionIcon
              variant="subtle"
              color="gray.7"
              aria-label={t('trajectoryBlueprintEditor.moveReportDown', { report: report.name })}
              disabled={!writable || last}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('trajectoryBlueprintEditor.delete')}>
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={t('trajectoryBlueprintEditor.removeReport', { report: report.name })}
              disabled={!writable}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
