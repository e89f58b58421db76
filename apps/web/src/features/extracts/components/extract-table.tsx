import { EXTRACT_STATES, type ExtractListEntry, isKnownValue } from '@groeipad/core';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconClock, IconDownload, IconShare, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyApiFailure } from '../../../lib/notify';
import { valueLabel } from '../../../lib/value-label';
import { downloadExtract } from '../api/download-extract';
import { displayMoment, isSelectable, type SelectAllState } from '../extract-rows';

interface Props {
  rows: readonly ExtractListEntry[];
  selected: ReadonlySet<number>;
  selectAll: SelectAllState;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  /** Opens the share dialog; offered only where the user reads the share list (the maker, D41). */
  onUsers: (extract: ExtractListEntry) => void;
  onRetry: (extract: ExtractListEntry) => void;
  retrying: number | null;
  /** A table from tablet width; a list of cards on a phone (no sideways scrolling). */
  wide: boolean;
}

const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * The title: a download of `<title>-<trajectory>.pdf` once READY (D37); before that the state instead —
 * queued, being made with its progress, or failed with a retry for its maker. Also the progress report
 * dialog's (progress-report-button.tsx, issue 31).
 */
export function ExtractTitle({
  extract,
  onRetry,
  retrying,
}: {
  extract: ExtractListEntry;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  if (extract.state === 'READY') {
    const download = () => {
      setDownloading(true);
      downloadExtract(extract)
        .catch((error: unknown) => notifyApiFailure(t, t('extracts.downloadFailed'), error))
        .finally(() => setDownloading(false));
    };
    return (
      <Anchor
        component="button"
        type="button"
        fw={600}
        size="sm"
        ta="left"
        title={t('extracts.downloadHint')}
        onClick={download}
        disabled={downloading}
        data-testid="extract-download"
        style={wrap}
      >
        <Group gap={6} wrap="nowrap" align="flex-start" component="span">
          {downloading ? (
            <Loader size={14} mt={3} />
          ) : (
            <IconDownload size={16} aria-hidden style={{ flex: '0 0 auto', marginTop: 2 }} />
          )}
          <span>
            {extract.name}
            <VisuallyHidden>{` (${t('extracts.downloadHint')})`}</VisuallyHidden>
          </span>
        </Group>
      </Anchor>
    );
  }
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" style={wrap}>
        {extract.name}
      </Text>
      <StateLine extract={extract} onRetry={onRetry} retrying={retrying} />
    </Stack>
  );
}

function StateLine({
  extract,
  onRetry,
  retrying,
}: {
  extract: ExtractListEntry;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  if (extract.state === 'RUNNING')
    return (
      <Group gap="xs" wrap="nowrap" data-testid="extract-state" data-state="RUNNING">
        <Progress
          value={extract.progress}
          w={90}
          size="sm"
          color="green.8"
          aria-label={t('extracts.progressOf', { name: extract.name })}
          style={{ flex: '0 0 auto' }}
        />
        <Text size="xs" c="dark.5">
          {t('extracts.state.RUNNING', { progress: extract.progress })}
        </Text>
      </Group>
    );
  if (extract.state === 'FAILED')
    return (
      <Group gap="xs" wrap="wrap" data-testid="extract-state" data-state="FAILED">
        <Badge color="red.8" variant="filled" size="sm">
          {t('extracts.state.FAILED')}
        </Badge>
        {extract.abilities.retry ? (
          <Button
            size="compact-xs"
            variant="default"
            loading={retrying}
            onClick={onRetry}
            aria-label={t('extracts.retryOf', { name: extract.name, trajectory: extract.trajectoryName })}
          >
            {t('extracts.retry')}
          </Button>
        ) : null}
      </Group>
    );
  return (
    <Group gap={4} wrap="nowrap" data-testid="extract-state" data-state={extract.state}>
      <IconClock size={14} aria-hidden color="var(--mantine-color-dark-4)" />
      <Text size="xs" c="dark.5">
        {valueLabel(
          t,
          isKnownValue(EXTRACT_STATES, extract.state) ? `extracts.state.${extract.state}` : null,
          extract.state,
        )}
      </Text>
    </Group>
  );
}

function TrajectoryCell({ extract }: { extract: ExtractListEntry }) {
  // The trajectory itself was deleted for good: its name stays, the link goes.
  if (extract.trajectoryId === null)
    return (
      <Text size="sm" style={wrap}>
        {extract.trajectoryName}
      </Text>
    );
  return (
    <Anchor component={Link} to={`/trajectory/${extract.trajectoryId}`} size="sm" style={wrap}>
      {extract.trajectoryName}
    </Anchor>
  );
}

/**
 * The shared count, opening the share dialog: only for whom the server lets read the share list (its
 * maker); whoever it is shared with gets the PDF, not the list, so sees nothing here (D41).
 */
function UsersButton({ extract, onClick }: { extract: ExtractListEntry; onClick: () => void }) {
  const { t } = useTranslation();
  if (!extract.abilities.readShares || extract.users === null) return null;
  const names = { name: extract.name, trajectory: extract.trajectoryName };
  // The visible count is part of the name (WCAG 2.5.3), also when it is 0.
  const label = t('extracts.usersButton', { ...names, count: extract.users });
  return (
    <Button
      variant="subtle"
      color="dark"
      size="compact-sm"
      leftSection={<IconUsers size={16} aria-hidden />}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="extract-users"
    >
      {extract.users}
    </Button>
  );
}

/** The extracts (spec part 2 §2): title, trajectory, created and the shared count; checkboxes where the user may delete. */
export function ExtractTable(props: Props) {
  const { t } = useTranslation();
  const { rows, selected, selectAll, onToggle, onToggleAll, wide } = props;
  const anySelectable = rows.some(isSelectable);
  const rowBox = (extract: ExtractListEntry) =>
    isSelectable(extract) ? (
      <Checkbox
        aria-label={t('extracts.select', { name: extract.name, trajectory: extract.trajectoryName })}
        checked={selected.has(extract.id)}
        onChange={() => onToggle(extract.id)}
      />
    ) : null;
  const title = (extract: ExtractListEntry) => (
    <Stack gap={2}>
      <ExtractTitle
        extract={extract}
        onRetry={() => props.onRetry(extract)}
        retrying={props.retrying === extract.id}
      />
      {extract.mine ? null : (
        <Group gap={4} wrap="nowrap">
          <IconShare size={14} aria-hidden color="var(--mantine-color-blue-9)" />
          <Text size="xs" c="blue.9" fw={600}>
            {t('extracts.sharedWithYou')}
          </Text>
        </Group>
      )}
    </Stack>
  );

  if (!wide) {
    return (
      <Stack gap="xs">
        {anySelectable ? (
          <Checkbox
            px="sm"
            aria-label={t('extracts.selectAll')}
            label={t('extracts.selectAllShort')}
            checked={selectAll === 'all'}
            indeterminate={selectAll === 'some'}
            onChange={onToggleAll}
          />
        ) : null}
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('nav.extracts')}
        >
          {rows.map((extract) => (
            <Paper
              component="li"
              key={extract.id}
              withBorder
              radius="md"
              p="sm"
              bg={selected.has(extract.id) ? 'green.0' : undefined}
              data-testid="extract-row"
              data-state={extract.state}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {anySelectable ? <div style={{ paddingTop: 2, minWidth: 20 }}>{rowBox(extract)}</div> : null}
                <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                  {title(extract)}
                  <TrajectoryCell extract={extract} />
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="xs" c="dark.5">
                      {t('extracts.createdOn', { date: displayMoment(extract.created) })}
                    </Text>
                    <UsersButton extract={extract} onClick={() => props.onUsers(extract)} />
                  </Group>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t('nav.extracts')}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {anySelectable ? (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('extracts.selectAll')}
                  checked={selectAll === 'all'}
                  indeterminate={selectAll === 'some'}
                  onChange={onToggleAll}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('extracts.columns.name')}</Table.Th>
            <Table.Th>{t('extracts.columns.trajectory')}</Table.Th>
            <Table.Th w={150}>{t('extracts.columns.created')}</Table.Th>
            <Table.Th w={120}>{t('extracts.columns.users')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((extract) => (
            <Table.Tr
              key={extract.id}
              bg={selected.has(extract.id) ? 'green.0' : undefined}
              data-testid="extract-row"
              data-state={extract.state}
            >
              {anySelectable ? <Table.Td>{rowBox(extract)}</Table.Td> : null}
              <Table.Td>{title(extract)}</Table.Td>
              <Table.Td>
                <TrajectoryCell extract={extract} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {displayMoment(extract.created)}
                </Text>
              </Table.Td>
              <Table.Td>
                <UsersButton extract={extract} onClick={() => props.onUsers(extract)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
