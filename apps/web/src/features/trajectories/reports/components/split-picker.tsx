import type { ReportListEntry } from '@groeipad/core';
import { Divider, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChartDots3, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDay, pickerReports } from '../report-navigation';
import classes from './reports.module.css';

export type SplitTarget = { kind: 'evaluation' } | { kind: 'report'; id: number };

/** What goes beside the report, and whether the picker is open (`reports-section.tsx` keeps it). */
export interface SplitState {
  target: SplitTarget | null;
  picking: boolean;
  setTarget: (target: SplitTarget | null) => void;
  setPicking: (picking: boolean) => void;
}

/**
 * What goes beside the report (spec part 1 §2 split screen): another report, listed as created date
 * (dd/MM/yyyy) and name with a text filter, or the evaluation (issue 9: writing a report beside it).
 */
export function SplitPicker({
  opened,
  reports,
  currentId,
  onPick,
  onClose,
}: {
  opened: boolean;
  reports: readonly ReportListEntry[];
  currentId: number;
  onPick: (target: SplitTarget) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const shown = pickerReports(reports, text, currentId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('trajectories.reports.split.pickTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack gap="sm">
        <UnstyledButton className={classes.pickerItem} onClick={() => onPick({ kind: 'evaluation' })}>
          <Text size="sm" fw={600} component="span" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <IconChartDots3 size={18} aria-hidden="true" />
            {t('trajectories.reports.split.evaluation')}
          </Text>
        </UnstyledButton>
        <Divider label={t('trajectories.reports.split.orReport')} labelPosition="left" />
        <TextInput
          label={t('trajectories.reports.split.filter')}
          placeholder={t('trajectories.reports.split.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={320} type="auto">
          {shown.length === 0 ? (
            <Text size="sm" c="gray.7" py="xs">
              {t('trajectories.reports.split.none')}
            </Text>
          ) : (
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shown.map((report) => (
                <li key={report.id}>
                  <UnstyledButton
                    className={classes.pickerItem}
                    onClick={() => onPick({ kind: 'report', id: report.id })}
                  >
                    <Text size="sm" component="span" className={classes.wrap}>
                      <Text component="span" size="sm" c="gray.8" mr={8}>
                        {displayDay(report.created)}
                      </Text>
                      <Text component="span" size="sm" fw={600}>
                        {report.name}
                      </Text>
                      <Text component="span" size="xs" c="gray.7" ml={8}>
                        {report.blueprintName}
                      </Text>
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
