import { type Field, findFieldByUuid } from '@groeipad/core';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormRights } from '../../form/form-rights';
import { type FormValues, withValue } from '../../form/form-values';
import { choicesFor, type MergeChoice, type MergeMode, type MergeRow, modeOf } from '../report-merge';
import { ReportForm } from './report-form';

export interface Conflict {
  rows: MergeRow[];
  /** The report's fields as stored now (theirs). */
  structure: Field[];
}

/**
 * Someone saved the report while I was editing (409, issue 9 "no silent overwrites"): for each field
 * where their value and mine differ, both side by side; keep mine, take theirs, or merge (the default:
 * each side's changes to different fields are kept; where both changed a field, mine is proposed and
 * can be switched per field). Confirming saves again on their version.
 */
export function MergeDialog({
  conflict,
  saving,
  onResolve,
  onCancel,
}: {
  conflict: Conflict | null;
  saving: boolean;
  onResolve: (choices: Record<string, MergeChoice>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const rows = conflict?.rows ?? [];
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  useEffect(() => {
    if (conflict) setChoices(choicesFor(conflict.rows, 'merge'));
  }, [conflict]);
  const mode = modeOf(rows, choices);
  const setMode = (next: MergeMode) => setChoices(choicesFor(rows, next));

  return (
    <Modal
      opened={conflict !== null}
      onClose={onCancel}
      title={t('trajectories.reports.merge.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="xl"
      centered
    >
      <Stack gap="md" data-testid="merge-dialog">
        <Text size="sm">{t('trajectories.reports.merge.intro')}</Text>
        <Radio.Group
          label={t('trajectories.reports.merge.mode')}
          value={mode ?? ''}
          onChange={(value) => setMode(value as MergeMode)}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {(['merge', 'mine', 'theirs'] as const).map((value) => (
              <Radio key={value} value={value} label={t(`trajectories.reports.merge.mode_${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        {rows.map((row) => (
          <MergeRowView
            key={row.uuid}
            row={row}
            field={conflict ? findFieldByUuid(conflict.structure, row.uuid) : undefined}
            choice={choices[row.uuid] ?? 'theirs'}
            onChoice={(choice) => setChoices((current) => ({ ...current, [row.uuid]: choice }))}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('trajectories.reports.merge.later')}
          </Button>
          <Button onClick={() => onResolve(choices)} loading={saving}>
            {t('trajectories.reports.merge.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const READ_ONLY: FormRights = new Map();

/** One differing field: their value beside mine, and which one to keep. */
function MergeRowView({
  row,
  field,
  choice,
  onChoice,
}: {
  row: MergeRow;
  field: Field | undefined;
  choice: MergeChoice;
  onChoice: (choice: MergeChoice) => void;
}) {
  const { t } = useTranslation();
  const name = field?.name ?? row.uuid;
  const shown = useMemo(() => (field ? [field] : []), [field]);
  const side = (value: unknown): FormValues => withValue({}, row.uuid, value);
  const who = row.conflict
    ? t('trajectories.reports.merge.bothChanged')
    : row.theirsChanged
      ? t('trajectories.reports.merge.theyChanged')
      : t('trajectories.reports.merge.youChanged');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="merge-row" data-field={name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge
            color={row.conflict ? 'orange' : 'gray'}
            variant="light"
            styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {who}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(['theirs', 'mine'] as const).map((which) => (
            <Stack key={which} gap={4} data-testid={`merge-${which}`}>
              <Text size="xs" fw={600} c="gray.8">
                {t(`trajectories.reports.merge.${which}`)}
              </Text>
              {field ? (
                <ReportForm
                  shown={shown}
                  readable={shown}
                  values={side(which === 'mine' ? row.mine : row.theirs)}
                  rights={READ_ONLY}
                  idPrefix={`merge-${which}-`}
                />
              ) : (
                <Text size="sm">{JSON.stringify((which === 'mine' ? row.mine : row.theirs) ?? null)}</Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        {row.mayKeepMine ? (
          <SegmentedControl
            aria-label={t('trajectories.reports.merge.keep', { name })}
            value={choice}
            onChange={(value) => onChoice(value as MergeChoice)}
            data={[
              { value: 'theirs', label: t('trajectories.reports.merge.keepTheirs') },
              { value: 'mine', label: t('trajectories.reports.merge.keepMine') },
            ]}
          />
        ) : (
          <Text size="xs" c="gray.7">
            {t('trajectories.reports.merge.notYours')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
