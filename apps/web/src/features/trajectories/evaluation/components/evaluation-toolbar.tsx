import { businessToday, DEFAULT_BUSINESS_TIME_ZONE } from '@groeipad/core';
import { Button, Group } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconPencilPlus, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import classes from './evaluation.module.css';

interface Props {
  editable: boolean;
  /** yyyy-MM-dd. */
  editDate: string;
  onEditDate: (day: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  /** More buttons at the start of the group (the change history, issue 9). */
  extra?: ReactNode;
  /** "Create evaluation" (spec part 1 §2): starts the edit mode to score, when the reader may. */
  onCreate?: (() => void) | undefined;
}

/**
 * Expand all, collapse all and print (spec part 1 §2); in edit mode the edit date (D4): a score set
 * without a date of its own is dated on this day.
 */
export function EvaluationToolbar({
  editable,
  editDate,
  onEditDate,
  onExpandAll,
  onCollapseAll,
  extra,
  onCreate,
}: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className={classes.noPrint}>
      {editable ? (
        <DayInput
          label={t('trajectories.evaluation.editDate')}
          description={t('trajectories.evaluation.editDateHint')}
          value={editDate}
          onChange={(day) => {
            if (day) onEditDate(day);
          }}
          maxDate={businessToday(DEFAULT_BUSINESS_TIME_ZONE)}
          popoverProps={{ withinPortal: true }}
          maw={260}
          w="100%"
          data-testid="edit-date"
        />
      ) : (
        <span />
      )}
      <Group gap="xs" role="toolbar" aria-label={t('trajectories.evaluation.toolbar')}>
        {onCreate ? (
          <Button size="sm" leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={onCreate}>
            {t('trajectories.evaluation.create')}
          </Button>
        ) : null}
        {extra}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMaximize size={16} aria-hidden />}
          onClick={onExpandAll}
        >
          {t('trajectories.evaluation.expandAll')}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMinimize size={16} aria-hidden />}
          onClick={onCollapseAll}
        >
          {t('trajectories.evaluation.collapseAll')}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          {t('trajectories.evaluation.print')}
        </Button>
      </Group>
    </Group>
  );
}
