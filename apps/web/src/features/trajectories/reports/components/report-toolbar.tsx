import { Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconLayoutColumns,
  IconPencil,
  IconPrinter,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UndoRedoButtons } from '../../../../components/undo-redo-buttons';
import classes from './reports.module.css';

interface Props {
  editing: boolean;
  mayEdit: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canSave: boolean;
  saving: boolean;
  split: boolean;
  previous: { name: string } | null;
  next: { name: string } | null;
  onEdit: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onClose: () => void;
  onPrint: () => void;
  onSplit: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /** The change history button (issue 9), shown outside edit mode. */
  history?: ReactNode;
  /** Fields that need attention before Save is possible (said beside it while editing). */
  problems?: number;
  /** Shows every field's error and moves to the first. */
  onReveal?: () => void;
}

/**
 * The report's buttons (spec part 1 §2): in view mode edit (with write on the report), close and print;
 * in edit mode undo, redo, save (only with changes) and close. Previous, next and the split-screen
 * toggle in both.
 */
export function ReportToolbar(props: Props) {
  const { t } = useTranslation();
  const { editing } = props;
  return (
    // While editing the buttons stay in view under the app's top bar (issue 21), with Save's reason.
    <Group
      justify="space-between"
      gap="xs"
      wrap="wrap"
      className={editing ? `${classes.noPrint} ${classes.stickyBar}` : classes.noPrint}
    >
      <Group gap={8} wrap="wrap" role="toolbar" aria-label={t('trajectories.reports.toolbar')}>
        {editing ? (
          <>
            <UndoRedoButtons
              onUndo={props.onUndo}
              onRedo={props.onRedo}
              canUndo={props.canUndo}
              canRedo={props.canRedo}
            />
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={props.onSave}
              disabled={!props.canSave}
              loading={props.saving}
              data-save-shortcut
              aria-keyshortcuts="Control+S Meta+S"
            >
              {t('common.save')}
            </Button>
          </>
        ) : props.mayEdit ? (
          <Button leftSection={<IconPencil size={18} />} onClick={props.onEdit}>
            {t('trajectories.reports.edit')}
          </Button>
        ) : null}
        <Button variant="default" leftSection={<IconX size={18} />} onClick={props.onClose}>
          {t('common.close')}
        </Button>
        {editing && (props.problems ?? 0) > 0 ? (
          <Text size="sm" c="dark.6" aria-live="polite">
            {t('trajectories.detail.saveBar.problems', { count: props.problems })}{' '}
            <Anchor component="button" type="button" size="sm" onClick={props.onReveal}>
              {t('trajectories.detail.saveBar.show')}
            </Anchor>
          </Text>
        ) : null}
        {editing ? null : (
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={props.onPrint}>
            {t('trajectories.reports.print')}
          </Button>
        )}
        {editing ? null : props.history}
        <Button
          variant={props.split ? 'light' : 'default'}
          leftSection={<IconLayoutColumns size={18} />}
          onClick={props.onSplit}
          aria-pressed={props.split}
        >
          {t('trajectories.reports.split.toggle')}
        </Button>
      </Group>
      <Group gap={8} wrap="nowrap" role="group" aria-label={t('trajectories.reports.browse')}>
        <Tooltip label={props.previous?.name ?? ''} disabled={!props.previous}>
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={18} />}
            onClick={props.onPrevious}
            disabled={!props.previous}
          >
            {t('trajectories.reports.previous')}
          </Button>
        </Tooltip>
        <Tooltip label={props.next?.name ?? ''} disabled={!props.next}>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={18} />}
            onClick={props.onNext}
            disabled={!props.next}
          >
            {t('trajectories.reports.next')}
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}
